#!/usr/bin/env python3
"""Unit propagation on a DIMACS file `nqsat encode N --place ... --block ...`
wrote, written for the teaching page's test without any of nqsat's code:
reads the clauses and the header's "c N:", "c csp:" lines, propagates to a
fixpoint, and prints the squares (from 1) whose queen the result rules out
and those it forces, beyond the placed and blocked ones given, as the page
records them:
    out R,C R,C ...; queens R,C ...      (or "conflict")
usage: unit_propagate.py FILE.cnf PLACED BLOCKED   (each "R,C;R,C" or "-")
"""
import sys


def read(path):
    n, csp, clauses = 0, None, []
    with open(path) as f:
        for line in f:
            if line.startswith("c N:"):
                n = int(line.split()[2])
            elif line.startswith("c csp:"):
                csp = line.split()[2]
            elif line[0] in "-0123456789":
                clauses.append([int(x) for x in line.split()[:-1]])
    return n, csp, clauses


def propagate(clauses):
    """Unit propagation to a fixpoint: {variable: bool}, or None when a
    clause becomes false (sat_replay.py uses it too)."""
    value = {}
    changed = True
    while changed:
        changed = False
        for clause in clauses:
            unset = [l for l in clause if abs(l) not in value]
            if any(value.get(abs(l)) == (l > 0) for l in clause):
                continue
            if not unset:
                return None
            if len(unset) == 1:
                value[abs(unset[0])] = unset[0] > 0
                changed = True
    return value


def square_literals(n, csp, row, column):
    """The literals that must all be true for a queen on (row, column), 0-based."""
    if csp in (None, "direct", "support"):
        return [row * n + column + 1]
    if csp == "order":  # p(r,a) = r*(n-1) + a + 1 means q_r <= a + 1
        width, literals = n - 1, []
        if column < n - 1:
            literals.append(row * width + column + 1)
        if column > 0:
            literals.append(-(row * width + column))
        return literals
    width = max(1, (n - 1).bit_length())  # log: bits of q_r - 1
    return [(row * width + k + 1) * (1 if column >> k & 1 else -1) for k in range(width)]


def squares(text):
    if text == "-":
        return set()
    return {tuple(int(x) for x in pair.split(",")) for pair in text.split(";")}


def main():
    n, csp, clauses = read(sys.argv[1])
    placed, blocked = squares(sys.argv[2]), squares(sys.argv[3])
    value = propagate(clauses)
    if value is None:
        print("conflict")
        return
    out, queens = [], []
    for row in range(n):
        for column in range(n):
            literals = square_literals(n, csp, row, column)
            known = [value.get(abs(l)) for l in literals]
            square = (row + 1, column + 1)
            if any(k is not None and k != (l > 0) for k, l in zip(known, literals)):
                if square not in blocked:
                    out.append(square)
            elif all(k is not None for k in known) and square not in placed:
                queens.append(square)
    text = lambda s: " ".join("%d,%d" % q for q in s) if s else "-"
    print("out %s; queens %s" % (text(out), text(queens)))


if __name__ == "__main__":
    main()
