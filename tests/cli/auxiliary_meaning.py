#!/usr/bin/env python3
"""What `nqsat encode N --amo X --explain` says each auxiliary variable
means ("c a49 = s(3) of row 2: ...; true if a queen is on one of (2,1),
(2,2), (2,3)"), checked against the clauses with an external solver
(picosat), none of nqsat's code involved. Let F be the formula and S the
squares named:
  "true if a queen is on S":          F and (some x in S) and not a  is UNSAT
  "true exactly when a queen is on S": also F and a and (no x in S)   is UNSAT
  "true exactly when no queen is on S": F and (no x in S) and not a  and
                                        F and a and (some x in S)   are UNSAT
so in every model the variable holds what its name says; and every square
named lies on the line the variable is made for. A deliberately wrong
claim (a name moved to the next variable) must be caught.

usage: auxiliary_meaning.py NQSAT"""
import re
import subprocess
import sys
import tempfile

NAME = re.compile(r"^c a(\d+) = (.*); true (if|exactly when) (a queen is|no queen is) on (.*)$")
SQUARE = re.compile(r"\((\d+),(\d+)\)")


def on_line(group, r, c):
    """Whether square (r, c) lies on the line --explain calls `group`."""
    kind, _, number = group.partition(" ")
    if kind == "row":
        return r == int(number)
    if kind == "column":
        return c == int(number)
    if kind == "diagonal":
        return r - c == int(number.split("=")[1])
    if kind == "anti-diagonal":
        return r + c == int(number.split("=")[1])
    return False


def solve(header_clauses, extra):
    """A model (set of true literals) of the clauses plus `extra`, or None
    (picosat)."""
    variables, clauses = header_clauses
    with tempfile.NamedTemporaryFile("w", suffix=".cnf") as f:
        f.write("p cnf %d %d\n" % (variables, len(clauses) + len(extra)))
        for clause in clauses + extra:
            f.write(" ".join(map(str, clause)) + " 0\n")
        f.flush()
        result = subprocess.run(["picosat", f.name], capture_output=True, text=True)
    if result.returncode not in (10, 20):
        sys.exit("picosat failed: " + result.stderr)
    if result.returncode == 20:
        return None
    return {int(x) for row in result.stdout.splitlines() if row.startswith("v")
            for x in row.split()[1:]}


class Wrong(Exception):
    pass


def fail(message):
    raise Wrong(message)


def check(nqsat, n, options, lines, mutate=lambda text: text):
    text = mutate(subprocess.run([nqsat, "encode", str(n), *options, "--explain"], check=True,
                                 capture_output=True, text=True).stdout)
    variables, clauses, names, line = 0, [], [], None
    for row in text.splitlines():
        if row.startswith("p cnf"):
            variables = int(row.split()[2])
        elif row.startswith("c "):
            found = NAME.match(row)
            if found:
                names.append((int(found.group(1)), found.group(2), line, found.group(3),
                              found.group(4), found.group(5)))
            elif variables:
                line = row[2:].split(":")[0]
        elif row.strip() and variables:
            clauses.append([int(x) for x in row.split()[:-1]])
    formula = (variables, clauses)
    label = "encode %d %s" % (n, " ".join(options))
    auxiliaries = set(range(n * n + 1, variables + 1))
    named = {a for a, *_ in names}
    if named != auxiliaries:
        fail("%s: auxiliaries without a name: %s, names of no auxiliary: %s"
                 % (label, sorted(auxiliaries - named)[:10], sorted(named - auxiliaries)[:10]))
    claims = []  # (clauses that must not hold together with F, what they say)
    for a, words, group, how, what, squares in names:
        if lines and group not in lines:
            continue
        if not words.endswith(" of " + group) and (" of " + group + ":") not in words:
            fail("%s: a%d is named after %r but made in %r" % (label, a, words, group))
        cells = [(int(r), int(c)) for r, c in SQUARE.findall(squares)]
        queens = [(r - 1) * n + c for r, c in cells]
        if not queens or len(set(queens)) != len(queens):
            fail("%s: a%d: no squares, or one twice: %r" % (label, a, squares))
        if not all(on_line(group, r, c) for r, c in cells):
            fail("%s: a%d of %s names squares off the line: %s" % (label, a, group, squares))
        some = [queens]
        none = [[-q] for q in queens]
        name = "a%d = %s" % (a, words)
        if what == "a queen is":
            claims.append((some + [[-a]], name, "a queen on " + squares + " with a%d false" % a))
            if how == "exactly when":
                claims.append((none + [[a]], name, "a%d true with no queen on %s" % (a, squares)))
        else:
            claims.append((none + [[-a]], name, "no queen on %s with a%d false" % (squares, a)))
            claims.append((some + [[a]], name, "a queen on %s with a%d true" % (squares, a)))
    # One solver call for all claims: selector s_i makes claim i's clauses
    # hold; F, (s_1 or s_2 or ...) and (s_i -> claim i) is unsatisfiable
    # exactly when every claim is, and a model names a wrong claim.
    extra, selectors = [], []
    for i, (clauses_of_claim, _, _) in enumerate(claims):
        selector = variables + 1 + i
        selectors.append(selector)
        extra += [[-selector] + clause for clause in clauses_of_claim]
    model = solve((variables + len(claims), clauses), extra + [selectors])
    if model is not None:
        wrong = [claims[s - variables - 1] for s in selectors if s in model]
        fail("%s: %r is wrong: a model has %s" % (label, wrong[0][1], wrong[0][2]))
    checked = len(claims)
    print("%s: %d names checked, %d claims" % (label, len(names), checked))
    return checked


def main():
    nqsat = sys.argv[1]
    # Every auxiliary of every line for N = 5; row 1 alone where the
    # recursive encodings recurse (commander: 10 > 3 groups of 3;
    # product: a 17-square line's 5 x 4 grid has 5 > 4 rows).
    cases = []
    for amo in ("seq", "ladder", "commander", "product", "binary", "bimander"):
        for parsimonious in ([], ["--parsimonious"]):
            cases.append((5, ["--amo", amo] + parsimonious, None))
    cases.append((10, ["--amo", "commander"], {"row 1"}))
    cases.append((10, ["--amo", "commander", "--parsimonious"], {"row 1"}))
    cases.append((17, ["--amo", "product", "--parsimonious"], {"row 1"}))
    cases.append((9, ["--amo", "bimander", "--bimander-groups", "3"], {"row 1", "column 4"}))
    try:
        total = sum(check(nqsat, n, options, lines) for n, options, lines in cases)
    except Wrong as wrong:
        sys.exit("FAIL: " + str(wrong))
    # The checker itself: wrong names must be caught. Without
    # --parsimonious the sequential counter's s(i) may be true on an empty
    # diagonal, so "exactly when" is wrong; and a ladder name given the squares
    # of the next rung is wrong.
    mutants = [
        (["--amo", "seq"], None,
         lambda text: text.replace("; true if", "; true exactly when")),
        (["--amo", "ladder"], {"row 1"}, lambda text: text.replace(", (1,3), (1,4)", ", (1,3)")),
        (["--amo", "binary"], {"row 1"}, lambda text: text.replace("one of (1,2), (1,4)", "one of (1,2), (1,3)")),
    ]
    for options, lines, mutate in mutants:
        try:
            check(nqsat, 5, options, lines, mutate)
        except Wrong as caught:
            print("caught, as it should be: " + str(caught))
            continue
        sys.exit("FAIL: a wrong name in encode 5 %s went unnoticed" % " ".join(options))
    # Pairwise and the rows model have none.
    for options in (["--amo", "pairwise"], ["--csp", "order"], ["--csp", "log"]):
        text = subprocess.run([nqsat, "encode", "5", *options, "--explain"], check=True,
                              capture_output=True, text=True).stdout
        if any(NAME.match(row) for row in text.splitlines()):
            sys.exit("encode 5 %s: an auxiliary named where there is none" % " ".join(options))
    print("ok: %d claims" % total)


main()
