"""Writes a miter of two BITS-bit adders as DIMACS CNF, and prints its
model count by brute force over the inputs.

usage: adder_miter.py BITS PATH [--bug]

Adder A is ripple-carry: sum = a xor b xor c, carry = majority(a, b, c).
Adder B computes the same with other gates: propagate p = a xor b,
generate g = a and b, sum = p xor c, carry = g or (p and c). Every gate is
a Tseitin definition, so each input assignment has exactly one model; the
miter asks for some output bit (the sums and the last carry) on which the
adders differ. Correct adders never differ: unsatisfiable, count 0, the
kind of formula (CaDiCaL's add16/add32 tests) that CDCL refutes at once.
With --bug, adder B's carry uses 'and' for 'or' in the top bit, so the
count is the number of input pairs (a, b) on which the outputs differ,
computed here by evaluating both adders, independent of any solver."""
import sys

bits, path, bug = int(sys.argv[1]), sys.argv[2], "--bug" in sys.argv[3:]
clauses = []
count = [0]


def new():
    count[0] += 1
    return count[0]


def gate_and(x, y):
    z = new()
    clauses.extend([[-z, x], [-z, y], [z, -x, -y]])
    return z


def gate_or(x, y):
    z = new()
    clauses.extend([[z, -x], [z, -y], [-z, x, y]])
    return z


def gate_xor(x, y):
    z = new()
    clauses.extend([[-z, x, y], [-z, -x, -y], [z, -x, y], [z, x, -y]])
    return z


def gate_majority(x, y, w):
    z = new()
    clauses.extend([[-z, x, y], [-z, x, w], [-z, y, w], [z, -x, -y], [z, -x, -w], [z, -y, -w]])
    return z


a = [new() for _ in range(bits)]
b = [new() for _ in range(bits)]
zero = new()
clauses.append([-zero])
outputs_a, outputs_b = [], []
carry = zero
for i in range(bits):
    outputs_a.append(gate_xor(gate_xor(a[i], b[i]), carry))
    carry = gate_majority(a[i], b[i], carry)
outputs_a.append(carry)
carry = zero
for i in range(bits):
    p, g = gate_xor(a[i], b[i]), gate_and(a[i], b[i])
    outputs_b.append(gate_xor(p, carry))
    pc = gate_and(p, carry)
    carry = gate_and(g, pc) if bug and i == bits - 1 else gate_or(g, pc)
outputs_b.append(carry)
differs = [gate_xor(x, y) for x, y in zip(outputs_a, outputs_b)]
clauses.append(differs)
with open(path, "w") as out:
    out.write(f"c miter of two {bits}-bit adders{' (one with a bug)' if bug else ''}\n")
    out.write(f"p cnf {count[0]} {len(clauses)}\n")
    for clause in clauses:
        out.write(" ".join(map(str, clause)) + " 0\n")


def add_b(x, y):
    """Adder B as the file has it (with the bug when asked)."""
    result, carry = 0, 0
    for i in range(bits):
        u, v = x >> i & 1, y >> i & 1
        p, g = u ^ v, u & v
        result |= (p ^ carry) << i
        carry = (g & (p & carry)) if bug and i == bits - 1 else (g | (p & carry))
    return result | carry << bits


if bits <= 10:
    print(sum(1 for x in range(1 << bits) for y in range(1 << bits) if x + y != add_b(x, y)))
