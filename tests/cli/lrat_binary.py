#!/usr/bin/env python3
"""Text LRAT to binary LRAT, written here from the format's description
(drat-trim's README: 'a' ID LITERALS 0 HINTS 0 for a lemma, 'd' IDS 0 for
a deletion, every number x as the variable-length 7-bit groups, low
first, of 2 * |x| + (x < 0)), so the tests judge the verifier's binary
reader against an encoder it does not share.

    lrat_binary.py TEXT BINARY [LINE]

With LINE, prints the byte offset at which that text line's record
starts in BINARY."""
import sys


def number(value):
    code = 2 * abs(value) + (value < 0)
    out = bytearray()
    while True:
        byte = code & 0x7F
        code >>= 7
        if code:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def main():
    text, binary = sys.argv[1], sys.argv[2]
    wanted = int(sys.argv[3]) if len(sys.argv) > 3 else None
    out = bytearray()
    with open(text) as lines:
        for line_number, line in enumerate(lines, 1):
            fields = line.split()
            if not fields or fields[0] == "c":
                continue
            if line_number == wanted:
                print(len(out))
            if fields[1] == "d":
                out += b"d"
                for field in fields[2:]:
                    out += number(int(field))
            else:
                out += b"a" + number(int(fields[0]))
                for field in fields[1:]:
                    out += number(int(field))
    with open(binary, "wb") as stream:
        stream.write(bytes(out))


main()
