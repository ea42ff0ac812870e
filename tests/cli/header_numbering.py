#!/usr/bin/env python3
"""The numbering `nqsat encode` states in its header, held to its clauses.

Each header's "variables:" line states, with rows and columns from 1, the
formula that numbers a square's variable. This test reads the formula out
of the header, evaluates it itself, and checks it against what the clauses
say of the same square under a name that does not come from the formula:
the --explain comment "row r: at least one queen" must head the clause of
the formula's x(r,1..N); --place r,c must make x(r,c) true; a model of a
file with a whole board placed, decoded through the formula alone, must be
that board (both models, every CSP encoding); the .col graph's edges must
join exactly the squares that attack each other; a colouring's "square
(r,c): at least one colour" clause must list its K colour variables.

A formula written 0-based, transposed or with the wrong width fails one of
these (the rows' clauses pin the row-major order, the placed square pins
the offset). The judge reads the statement too: from 1 or from 0 (files
of earlier releases) it is believed, another numbering sets the board
aside.

usage: header_numbering.py NQSAT
"""
import os
import re
import subprocess
import sys
import tempfile

NQSAT = sys.argv[1]
checks = 0


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def encode(*arguments):
    return subprocess.run([NQSAT, "encode"] + [str(a) for a in arguments], check=True,
                          capture_output=True, text=True).stdout


def header_formula(text, comment="c"):
    """The function the header's variables: (or vertices:) line states."""
    line = next((l for l in text.splitlines()
                 if l.startswith(comment + " variables:") or l.startswith(comment + " vertices:")),
                None)
    if line is None:
        fail("no variables line in:\n" + text[:400])
    if "(1-based)" not in line and "from 1" not in line:
        fail("the numbering is not stated from 1: " + line)
    match = re.search(r"\bis (x\()?([-+*() 0-9rcka]+?)\)?(;|$)", line)
    if not match:
        match = re.search(r"= ([-+*() 0-9rcvak]+) (means|is)", line)
        expression = match.group(1) if match else None
    else:
        expression = match.group(2)
    if not expression or not re.fullmatch(r"[-+*() 0-9rcvak]+", expression):
        fail("cannot read a formula from: " + line)
    used = set(re.findall(r"[rcvak]", expression))
    names = [name for name in "rcvak" if name in used]  # the order of the arguments
    code = compile(expression, "formula", "eval")
    return lambda *values: eval(code, {"__builtins__": {}}, dict(zip(names, values))), names, line


def clauses_after(text, comment):
    """The clauses between the comment line `comment` and the next comment."""
    lines = text.splitlines()
    start = lines.index(comment) + 1
    result = []
    for line in lines[start:]:
        if line.startswith("c ") or line.startswith("* "):
            break
        result.append([int(t) for t in line.split()[:-1]])
    return result


def check(condition, message):
    global checks
    checks += 1
    if not condition:
        fail(message)


# ---- the matrix model, every at-most-one encoding: rows and a placed square
n = 5
for amo in ["pairwise", "seq", "ladder", "commander", "product", "binary", "bimander"]:
    text = encode(n, "--amo", amo, "--explain", "--place", "2,4")
    x, names, line = header_formula(text)
    check(names == ["r", "c"], "matrix %s: the formula is of r and c: %s" % (amo, line))
    for r in range(1, n + 1):
        got = clauses_after(text, "c row %d: at least one queen" % r)[0]
        check(sorted(got) == sorted(x(r, c) for c in range(1, n + 1)),
              "%s: row %d's at-least-one clause %s is not x(%d,1..%d) by %s" % (amo, r, got, r, n, line))
    placed = clauses_after(text, "c queen placed at row 2, column 4")
    check(placed == [[x(2, 4)]], "%s: --place 2,4 gives %s, the header's x(2,4) is %d"
          % (amo, placed, x(2, 4)))

# Every square of a 4x4 board placed in turn, DIMACS and OPB.
for r in range(1, 5):
    for c in range(1, 5):
        text = encode(4, "--explain", "--place", "%d,%d" % (r, c))
        x, _, _ = header_formula(text)
        check(clauses_after(text, "c queen placed at row %d, column %d" % (r, c)) == [[x(r, c)]],
              "DIMACS: --place %d,%d is not the header's x(%d,%d)" % (r, c, r, c))
        text = encode(4, "--format", "opb", "--explain", "--place", "%d,%d" % (r, c))
        x, _, line = header_formula(text, "*")
        lines = text.splitlines()
        constraint = lines[lines.index("* queen placed at row %d, column %d" % (r, c)) + 1]
        check(constraint == "+1 x%d = 1 ;" % x(r, c),
              "OPB: --place %d,%d is '%s', the header (%s) says x%d" % (r, c, constraint, line, x(r, c)))


# ---- a whole board placed, solved, decoded through the header alone
def solve_model(text):
    path = "/dev/stdin"
    out = subprocess.run([NQSAT, "solve", path], input=text, capture_output=True, text=True).stdout
    true = set()
    for line in out.splitlines():
        if line.startswith("v "):
            true.update(int(t) for t in line.split()[1:] if int(t) > 0)
    if not out.startswith("s SATISFIABLE"):
        fail("solve: " + out[:200])
    return true


board = [2, 4, 6, 1, 3, 5]  # a 6-queens solution, q_r for r = 1..6
n = len(board)
places = []
for r, c in enumerate(board, 1):
    places += ["--place", "%d,%d" % (r, c)]
for csp in [None, "direct", "support", "order", "log"]:
    text = encode(n, *(places + (["--csp", csp] if csp else [])))
    x, names, line = header_formula(text)
    true = solve_model(text)
    decoded = []
    for r in range(1, n + 1):
        if csp in (None, "direct", "support"):
            values = [v for v in range(1, n + 1) if x(r, v) in true]
            decoded.append(values[0] if len(values) == 1 else values)
        elif csp == "order":
            # p(r,a) means q_r <= a: q_r is the first a whose bound holds
            decoded.append(next((a for a in range(1, n) if x(r, a) in true), n))
        else:
            # b(r,k): bit k (weight 2^k) of q_r - 1
            bits = (n - 1).bit_length()
            decoded.append(1 + sum(1 << k for k in range(bits) if x(r, k) in true))
    check(decoded == board, "%s: the model decoded by '%s' is %s, placed %s"
          % (csp or "matrix", line, decoded, board))

# ---- the queen graph: edges join exactly the squares that attack
n = 5
text = encode(n, "--format", "col")
x, _, line = header_formula(text)
edges = {tuple(int(t) for t in l.split()[1:3]) for l in text.splitlines() if l.startswith("e ")}
squares = [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)]
for (r, c) in squares:
    for (s, d) in squares:
        attack = (r, c) != (s, d) and (r == s or c == d or abs(r - s) == abs(c - d))
        check(((x(r, c), x(s, d)) in edges) == attack,
              "col: edge %d-%d for (%d,%d)-(%d,%d) by %s" % (x(r, c), x(s, d), r, c, s, d, line))

# ---- a colouring: each square's at-least-one clause lists its K colours
n, k = 4, 5
text = encode(n, "--problem", "colour:%d" % k, "--explain")
x, names, line = header_formula(text)
check(names == ["r", "c", "k"], "colour: the formula is of r, c and k: " + line)
for r in range(1, n + 1):
    for c in range(1, n + 1):
        got = clauses_after(text, "c square (%d,%d): at least one colour" % (r, c))[0]
        check(sorted(got) == [x(r, c, colour) for colour in range(1, k + 1)],
              "colour: square (%d,%d) has %s, the header (%s) says otherwise" % (r, c, got, line))

# ---- the judge reads the statement: from 1 (now) and from 0 (files of
# earlier releases) it is believed; a statement of another numbering sets
# the board aside, with the line named
work = tempfile.mkdtemp()
instance = os.path.join(work, "q6.cnf")
subprocess.run([NQSAT, "encode", "6", "-o", instance], check=True)
answer = os.path.join(work, "answer.txt")
with open(answer, "w") as out:
    subprocess.run([NQSAT, "solve", instance], stdout=out)  # exits 10: SAT
text = open(instance).read()
stated = next(l for l in text.splitlines() if l.startswith("c variables:"))
variants = {
    "now": (stated, True),
    "earlier release": ("c variables: queen at row r, column c (0-based) is r*6 + c + 1; "
                        "queen variables 1..36, auxiliary variables after", True),
    "transposed": ("c variables: queen at row r, column c (1-based) is (c-1)*6 + r; "
                   "queen variables 1..36, auxiliary variables after", False),
    "0-based called 1-based": ("c variables: queen at row r, column c (1-based) is r*6 + c + 1",
                               False),
}
for name, (line, believed) in variants.items():
    path = os.path.join(work, "variant.cnf")
    with open(path, "w") as out:
        out.write(text.replace(stated, line))
    number = text.splitlines().index(stated) + 1
    judged = subprocess.run([NQSAT, "check", "--instance", path, answer], capture_output=True,
                            text=True)
    said = judged.stdout + judged.stderr
    check(judged.returncode == 0, "%s: check exits %d: %s" % (name, judged.returncode, said))
    if believed:
        check("a solution" in said and "set aside" not in said,
              "%s: the board is not judged: %s" % (name, said))
    else:
        check("a solution" not in said and
              "variant.cnf:%d: 'variables:' states another numbering" % number in said,
              "%s: a lying statement is believed: %s" % (name, said))
for name in os.listdir(work):
    os.unlink(os.path.join(work, name))
os.rmdir(work)

print("header numbering: %d checks, every header's formula names the clauses' variables" % checks)
