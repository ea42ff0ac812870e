#!/usr/bin/env python3
"""Brute force for the chessboard families, written from the definitions
(not from nqsat's code): `chess_brute.py KIND N [K]` prints one number, or
with KIND edges the queen graph's edges "u v" (u < v, 1-based,
r*N + c + 1).

  toroidal N     placements of N non-attacking queens on the torus
  super N        placements of N non-attacking super-queens
  dominate N K   sets of at most K squares whose queens dominate the board
  independent N K  the same, no two queens attacking each other
  colour N K     proper colourings of the queen graph with colours 1..K
  edges N        the queen graph
"""
import itertools
import sys


def queens_attack(n, a, b):
    dr, dc = abs(a // n - b // n), abs(a % n - b % n)
    return a != b and (dr == 0 or dc == 0 or dr == dc)


def torus_attack(n, a, b):
    r1, c1, r2, c2 = a // n, a % n, b // n, b % n
    return a != b and (r1 == r2 or c1 == c2 or (r1 - c1 - r2 + c2) % n == 0
                       or (r1 + c1 - r2 - c2) % n == 0)


def super_attack(n, a, b):
    dr, dc = abs(a // n - b // n), abs(a % n - b % n)
    return queens_attack(n, a, b) or (dr, dc) in ((1, 2), (2, 1))


def placements(n, attack):
    count = 0
    for columns in itertools.permutations(range(n)):
        squares = [r * n + c for r, c in enumerate(columns)]
        if all(not attack(n, a, b) for a, b in itertools.combinations(squares, 2)):
            count += 1
    return count


def dominating_sets(n, k, independent):
    count = 0
    for size in range(k + 1):
        for chosen in itertools.combinations(range(n * n), size):
            if independent and any(queens_attack(n, a, b)
                                   for a, b in itertools.combinations(chosen, 2)):
                continue
            if all(any(q == s or queens_attack(n, q, s) for q in chosen)
                   for s in range(n * n)):
                count += 1
    return count


def colourings(n, k):
    colour = [0] * (n * n)

    def extend(square):
        if square == n * n:
            return 1
        total = 0
        for c in range(k):
            if all(colour[e] != c or not queens_attack(n, e, square) for e in range(square)):
                colour[square] = c
                total += extend(square + 1)
        return total

    return extend(0)


def main():
    kind, n = sys.argv[1], int(sys.argv[2])
    k = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    if kind == "edges":
        for a, b in itertools.combinations(range(n * n), 2):
            if queens_attack(n, a, b):
                print(a + 1, b + 1)
        return
    result = {
        "toroidal": lambda: placements(n, torus_attack),
        "super": lambda: placements(n, super_attack),
        "dominate": lambda: dominating_sets(n, k, False),
        "independent": lambda: dominating_sets(n, k, True),
        "colour": lambda: colourings(n, k),
    }[kind]()
    print(result)


main()
