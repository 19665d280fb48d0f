#!/usr/bin/env python3
"""Decodes the QR codes drawn in half blocks in a text (roadtrip link --qr, or a tmux capture of
the planner's links screen) with a real decoder, zbar's zbarimg, and prints each decoded text on
its own line. Usage: qr_decode.py FILE (or - for standard input).

Each character is two modules, one above the other: "█" both light, "▀" the upper light, "▄" the
lower light, " " both dark. A code is a rectangle of lines made only of those characters at the
same columns; it is drawn as a greyscale image (PGM) 8 pixels a module, with a light margin, and
handed to zbarimg."""
import os
import subprocess
import sys
import tempfile

BLOCKS = {"█": (1, 1), "▀": (1, 0), "▄": (0, 1), " ": (0, 0)}


def blocks(lines):
    """The runs of lines whose text between the first and last block character is all blocks."""
    found, current = [], []
    for line in lines:
        start = min((line.find(c) for c in "█▀▄" if c in line), default=-1)
        end = max(line.rfind(c) for c in "█▀▄") if start >= 0 else -1
        segment = line[start:end + 1] if start >= 0 else ""
        if len(segment) >= 21 and all(c in BLOCKS for c in segment):
            if current and (current[0][0] != start or len(current[0][1]) != len(segment)):
                found.append(current)
                current = []
            current.append((start, segment))
        elif current:
            found.append(current)
            current = []
    if current:
        found.append(current)
    return [[segment for _, segment in run] for run in found if len(run) >= 10]


def decode(run):
    width = len(run[0])
    modules = []
    for segment in run:
        upper, lower = zip(*(BLOCKS[c] for c in segment))
        modules += [upper, lower]
    scale, margin = 8, 4
    side_w, side_h = (width + 2 * margin) * scale, (len(modules) + 2 * margin) * scale
    pixels = bytearray([255]) * (side_w * side_h)
    for r, row in enumerate(modules):
        for c, light in enumerate(row):
            if light:
                continue
            for y in range((r + margin) * scale, (r + margin + 1) * scale):
                start = y * side_w + (c + margin) * scale
                pixels[start:start + scale] = bytes(scale)
    with tempfile.NamedTemporaryFile(suffix=".pgm", delete=False) as image:
        image.write(b"P5\n%d %d\n255\n" % (side_w, side_h) + bytes(pixels))
    try:
        out = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sbinary", image.name], capture_output=True)
        return out.stdout.decode("utf-8", "replace").rstrip("\n")
    finally:
        os.unlink(image.name)


def main():
    source = sys.stdin if sys.argv[1:] in ([], ["-"]) else open(sys.argv[1], encoding="utf-8")
    text = source.read()
    # Colours and other escape sequences are not part of the picture.
    import re
    text = re.sub(r"\x1b\[[0-9;]*m", "", text)
    runs = blocks(text.split("\n"))
    if not runs:
        print("qr_decode: no QR code drawn in half blocks found", file=sys.stderr)
        return 1
    for run in runs:
        print(decode(run))
    return 0


if __name__ == "__main__":
    sys.exit(main())
