"""Draws packaging/mcpb/icon.png, the bundle's 512×512 icon: a white "H"
with a superscript 2 (∂²-like: the Hessian is the matrix of second
derivatives) on a rounded dark-blue square. Standard library only:

    python3 packaging/mcpb/icon.py packaging/mcpb/icon.png
"""

import math
import struct
import sys
import zlib

SIZE = 512
BACKGROUND = (31, 58, 95)
INK = (255, 255, 255)
RADIUS = 96  # corner radius of the square
SHIFT = 32  # moves the drawing left so that H² is centred

# Axis-aligned bars (x0, y0, x1, y1): the H, then a "2" drawn from bars.
BARS = [
    (112, 128, 176, 400),  # left stem
    (304, 128, 368, 400),  # right stem
    (176, 236, 304, 292),  # crossbar
    # the superscript 2, 96 wide, 128 tall, at the top right
    (384, 96, 464, 120),
    (440, 96, 464, 168),
    (384, 156, 464, 180),
    (384, 156, 408, 224),
    (384, 200, 464, 224),
]


def corner_cover(x: float, y: float) -> float:
    """How much of pixel (x, y) lies inside the rounded square (0..1)."""
    cx = min(max(x, RADIUS), SIZE - RADIUS)
    cy = min(max(y, RADIUS), SIZE - RADIUS)
    d = math.hypot(x - cx, y - cy)
    return min(max(RADIUS - d + 0.5, 0.0), 1.0)


def pixel(x: int, y: int) -> tuple:
    alpha = corner_cover(x + 0.5, y + 0.5)
    ink = any(x0 - SHIFT <= x < x1 - SHIFT and y0 <= y < y1 for x0, y0, x1, y1 in BARS)
    r, g, b = INK if ink else BACKGROUND
    return r, g, b, round(255 * alpha)


def png(rows: list) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + bytes(v for p in row for v in p) for row in rows)
    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main() -> None:
    rows = [[pixel(x, y) for x in range(SIZE)] for y in range(SIZE)]
    with open(sys.argv[1], "wb") as f:
        f.write(png(rows))


if __name__ == "__main__":
    main()
