#!/usr/bin/env python3
"""Projected model count of a DIMACS file by brute force, for the tests.

Every assignment of the V variables is a bit of a 2^V-bit integer: the
formula's models are the AND over its clauses of the OR of their
literals' bit patterns; each variable outside the projection ("c ind"
lines, else every variable) is then existentially quantified by folding
its true half onto its false half. Exact and independent of nqsat; fast
enough for V <= 20.
    projected_count.py FILE.cnf"""
import sys


def main(path):
    variables, clauses, projection, clause = 0, [], set(), []
    with open(path) as text:
        for line in text:
            words = line.split()
            if not words:
                continue
            if words[0] == "c":
                if len(words) > 1 and words[1] == "ind":
                    projection.update(int(w) for w in words[2:] if w != "0")
                continue
            if words[0] == "p":
                variables = int(words[2])
                continue
            for word in words:
                literal = int(word)
                if literal == 0:
                    clauses.append(clause)
                    clause = []
                else:
                    clause.append(literal)
    size = 1 << variables
    everything = (1 << size) - 1
    # true_bits[v]: the assignments (bit index a, variable v is bit v - 1
    # of a) where v is true, built by doubling a block pattern.
    true_bits = [0] * (variables + 1)
    for v in range(1, variables + 1):
        half = 1 << (v - 1)
        block = ((1 << half) - 1) << half  # 2 * half bits: false half, true half
        pattern, width = block, 2 * half
        while width < size:
            pattern |= pattern << width
            width *= 2
        true_bits[v] = pattern
    models = everything
    for clause in clauses:
        satisfied = 0
        for literal in clause:
            bits = true_bits[abs(literal)]
            satisfied |= bits if literal > 0 else everything ^ bits
        models &= satisfied
    if not projection:
        projection = set(range(1, variables + 1))
    for v in range(1, variables + 1):
        if v in projection:
            continue
        bits = true_bits[v]
        models = ((models & ~bits) | ((models & bits) >> (1 << (v - 1)))) & ~bits & everything
    print(bin(models).count("1"))


if __name__ == "__main__":
    main(sys.argv[1])
