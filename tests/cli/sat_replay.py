#!/usr/bin/env python3
"""Replays the SAT solver's search the teaching page carries, for every
encoding, against the clauses of the file `nqsat encode N OPTION` writes
(so the page's own clause lists are checked too), and checks every step:
a decision sets an unset variable only when unit propagation has nothing
left to do, a propagated literal is the last unset one of a clause whose
other literals are all false, a conflict clause is all false, a backtrack
flips the latest decision not yet flipped, and the end is either a model
of every clause whose queens are a solution, or no decision left to flip.
Written without any of nqsat's code.

usage: sat_replay.py PAGE.html NQSAT
Prints one line per encoding; exits 1 on the first step that fails.
"""
import json
import re
import os
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from unit_propagate import propagate  # noqa: E402

DECIDE, PROPAGATE, CONFLICT, BACKTRACK, DONE, LEARN, BACKJUMP = 1, 2, 3, 4, 5, 6, 7


def fail(text):
    print("FAIL: " + text)
    sys.exit(1)


def encode(nqsat, n, option):
    text = subprocess.run([nqsat, "encode", str(n)] + option.split(), check=True,
                          capture_output=True, text=True).stdout
    return [[int(x) for x in line.split()[:-1]] for line in text.splitlines()
            if line and line[0] in "-0123456789"]


def board(n, option, value):
    """The queen of each row (0-based column) from a full assignment."""
    kind = option.split()[1]
    queens = []
    for row in range(n):
        if kind in ("direct", "support") or option.startswith("--amo"):
            columns = [c for c in range(n) if value[row * n + c + 1] > 0]
        elif kind == "order":  # q <= a+1 variables, q = smallest a+1 that holds
            width = n - 1
            columns = [next((a for a in range(width) if value[row * width + a + 1] > 0), n - 1)]
        else:
            width = max(1, (n - 1).bit_length())
            columns = [sum(1 << k for k in range(width) if value[row * width + k + 1] > 0)]
        if len(columns) != 1 or not 0 <= columns[0] < n:
            fail("%s: row %d of the model holds no single queen: %s" % (option, row + 1, columns))
        queens.append(columns[0])
    for r in range(n):
        for s in range(r + 1, n):
            if queens[r] == queens[s] or abs(queens[r] - queens[s]) == s - r:
                fail("%s: the model's queens on rows %d and %d attack each other" % (option, r + 1, s + 1))
    return queens


def implied(clauses, clause):
    """Reverse unit propagation: the negation of `clause` propagates to a
    false clause (so `clause` follows from `clauses`)."""
    return propagate(clauses + [[-l] for l in clause]) is None


def formula_clauses(formula):
    page = [c for c in " ".join(map(str, formula["clauses"])).split(" 0") if c.strip()]
    return [list(map(int, c.split())) for c in page]


def replay(n, formula, clauses, mode):
    option, sat = formula["option"] + " (" + mode + ")", formula[mode]
    clauses = [list(c) for c in clauses]  # learned clauses are added
    variables = formula["variables"]
    value = [0] * (variables + 1)
    trail, decisions = [], []  # decisions: [trail index, flipped]
    counts = {DECIDE: 0, PROPAGATE: 0, CONFLICT: 0, LEARN: 0}
    truth = lambda l: value[abs(l)] * (1 if l > 0 else -1)

    def units_left():
        for clause in clauses:
            states = [truth(l) for l in clause]
            if 1 not in states and states.count(0) <= 1:
                return clause
        return None

    events, k, last = sat["events"], 0, None
    solution = None
    while k < len(events):
        kind = events[k]
        if kind == DECIDE:
            literal = events[k + 1]
            k += 2
            if value[abs(literal)]:
                fail("%s: decision %d on a variable already set" % (option, literal))
            left = units_left()
            if left is not None:
                fail("%s: decision %d while clause %s is unit or false" % (option, literal, left))
            primary = len(formula["names"])
            if abs(literal) > primary and (0 in value[1:primary + 1] or not any(
                    abs(literal) in map(abs, c) and
                    not any(truth(l) == 1 or (l < 0 and truth(l) == 0) for l in c) for c in clauses)):
                fail("%s: decision on auxiliary variable %d, which the search does not need"
                     % (option, abs(literal)))
            decisions.append([len(trail), False])
            value[abs(literal)] = 1 if literal > 0 else -1
            trail.append(literal)
        elif kind == PROPAGATE:
            literal, i = events[k + 1], events[k + 2]
            k += 3
            clause = clauses[i]
            if literal not in clause or value[abs(literal)] or \
                    any(truth(l) != -1 for l in clause if l != literal):
                fail("%s: clause %d %s does not imply %d" % (option, i, clause, literal))
            value[abs(literal)] = 1 if literal > 0 else -1
            trail.append(literal)
        elif kind == CONFLICT:
            i = events[k + 1]
            k += 2
            if any(truth(l) != -1 for l in clauses[i]):
                fail("%s: conflict on clause %d %s, which is not false" % (option, i, clauses[i]))
        elif kind == BACKTRACK:
            literal = events[k + 1]
            k += 2
            if last != CONFLICT:
                fail("%s: backtrack without a conflict" % option)
            while decisions and decisions[-1][1]:
                decisions.pop()
            if not decisions or trail[decisions[-1][0]] != -literal:
                fail("%s: backtrack to %d is not the latest unflipped decision" % (option, literal))
            at = decisions[-1][0]
            for undone in trail[at:]:
                value[abs(undone)] = 0
            del trail[at:]
            decisions[-1][1] = True
            value[abs(literal)] = 1 if literal > 0 else -1
            trail.append(literal)
        elif kind == LEARN:
            length = events[k + 1]
            learned = events[k + 2:k + 2 + length]
            k += 2 + length
            if last != CONFLICT or mode != "cdcl":
                fail("%s: a learned clause without a conflict" % option)
            if any(truth(l) != -1 for l in learned):
                fail("%s: learned clause %s is not false where it was learned" % (option, learned))
            if not implied(clauses, learned):
                fail("%s: learned clause %s does not follow by unit propagation" % (option, learned))
            clauses.append(learned)
        elif kind == BACKJUMP:
            level = events[k + 1]
            k += 2
            if last != LEARN or not 0 <= level < len(decisions):
                fail("%s: backjump to level %d" % (option, level))
            at = decisions[level][0] if level < len(decisions) else len(trail)
            for undone in trail[at:]:
                value[abs(undone)] = 0
            del trail[at:]
            del decisions[level:]
            learned = clauses[-1]
            if events[k] != PROPAGATE or events[k + 2] != len(clauses) - 1 or events[k + 1] != learned[0]:
                fail("%s: the backjump is not followed by the learned clause's propagation" % option)
        elif kind == DONE:
            k += 1
            if sat["solved"]:
                # The board's variables all set and every clause satisfied,
                # the auxiliary variables left unset taken false.
                if 0 in value[1:len(formula["names"]) + 1] or \
                        any(not any(truth(l) == 1 or (l < 0 and truth(l) == 0) for l in c)
                            for c in clauses):
                    fail("%s: 'solved' without the board set and every clause satisfied" % option)
                solution = board(n, option, value)
            elif last != CONFLICT or any(not flipped for _, flipped in decisions) or \
                    (mode == "cdcl" and decisions):
                fail("%s: 'no solution' with a decision left to flip" % option)
        else:
            fail("%s: unknown event %d" % (option, kind))
        if kind in counts and kind != LEARN:
            counts[kind] += 1
        last = kind
    if sat["complete"] != (last == DONE):
        fail("%s: 'complete' is %d but the last event is %s" % (option, sat["complete"], last))
    counts[LEARN] = sum(1 for c in clauses[len(formula_clauses(formula)):])
    for kind, name in ((DECIDE, "decisions"), (PROPAGATE, "propagations"), (CONFLICT, "conflicts"),
                       (LEARN, "learned")):
        if counts[kind] != sat[name]:
            fail("%s: %d %s counted, %d in the events" % (option, sat[name], name, counts[kind]))
    print("%s: %d decisions, %d propagations, %d conflicts, %d learned, %s" % (
        option, counts[DECIDE], counts[PROPAGATE], counts[CONFLICT], counts[LEARN],
        "solved" if sat["solved"] else "no solution" if sat["complete"] else "cut short"))
    if sat["solved"]:
        # The board found, as a vector (columns from 1), for the page's
        # claim that it is the backtracking search's first one transposed.
        print("%s first solution: %s" % (option, " ".join(str(c + 1) for c in solution)))


def main():
    html = open(sys.argv[1]).read()
    data = json.loads(re.search(r'<script type="application/json" id="nq-data">(.*?)</script>', html, re.S).group(1))
    for formula in data["formulas"]:
        clauses = encode(sys.argv[2], data["n"], formula["option"])
        if formula_clauses(formula) != clauses:
            fail("%s: the page's clauses differ from nqsat encode's" % formula["option"])
        for mode in ("sat", "cdcl"):
            replay(data["n"], formula, clauses, mode)


main()
