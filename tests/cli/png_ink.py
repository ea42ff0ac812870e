#!/usr/bin/env python3
"""png_ink.py PNG [R,G,B ...]: what a screenshot shows, with no image library.

Prints "WIDTH HEIGHT INK" (INK: pixels that are not near-white), then for
each colour given the number of pixels within 40 of it per channel. Reads
8-bit RGB and RGBA PNGs without interlacing, which is what Chromium's
--screenshot writes; anything else is an error (exit 1)."""
import struct
import sys
import zlib


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def read_png(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError("unsupported PNG: depth %d colour type %d interlace %d" % (depth, colour, interlace))
    channels = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(idat), width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            upper_left = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                line[i] = (line[i] + paeth(left, up, upper_left)) & 255
        rows.append(line)
        previous = line
    return width, height, channels, rows


def main():
    width, height, channels, rows = read_png(sys.argv[1])
    colours = [tuple(int(v) for v in c.split(",")) for c in sys.argv[2:]]
    ink, matches = 0, [0] * len(colours)
    for line in rows:
        for x in range(width):
            pixel = line[x * channels:x * channels + 3]
            if min(pixel) < 235:
                ink += 1
            for k, colour in enumerate(colours):
                if all(abs(pixel[i] - colour[i]) <= 40 for i in range(3)):
                    matches[k] += 1
    print(width, height, ink, *matches)


if __name__ == "__main__":
    try:
        main()
    except (OSError, ValueError, struct.error, zlib.error, TypeError) as problem:
        sys.exit("png_ink.py: %s: %s" % (sys.argv[1], problem))
