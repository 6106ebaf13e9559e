"""Reading a PNG's pixels in tests, with no imaging library: 8-bit RGBA, not interlaced
(what resvg writes). Pure Python, so for small pictures only."""

from __future__ import annotations

import struct
import zlib

from adjudicator.raster import png_chunks as chunks


def size(png: bytes) -> tuple[int, int]:
    """(width, height) from the IHDR chunk."""
    return struct.unpack(">II", png[16:24])


def filtered_rows(png: bytes) -> bytes:
    """The pixel data as stored: each row's filter byte, then the row, uncompressed."""
    return zlib.decompress(b"".join(data for kind, data in chunks(png) if kind == b"IDAT"))


def ink(png: bytes) -> list[list[int]]:
    """Rows of how dark each pixel is over white (0: white or clear, 255: black)."""
    width, height = size(png)
    assert chunks(png)[0][1][8:13] == bytes([8, 6, 0, 0, 0]), "8-bit RGBA, not interlaced"
    data, stride, rows, above = filtered_rows(png), width * 4, [], bytes(width * 4)
    for y in range(height):
        start = y * (stride + 1)
        kind, row = data[start], bytearray(data[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = row[i - 4] if i >= 4 else 0
            up, corner = above[i], above[i - 4] if i >= 4 else 0
            row[i] = (row[i] + _predict(kind, left, up, corner)) & 0xFF
        above = bytes(row)
        rows.append([_darkness(row[i : i + 4]) for i in range(0, stride, 4)])
    return rows


def _predict(kind: int, left: int, up: int, corner: int) -> int:
    if kind == 0:
        return 0
    if kind == 1:
        return left
    if kind == 2:
        return up
    if kind == 3:
        return (left + up) // 2
    guess = left + up - corner  # Paeth
    near = min(
        (abs(guess - left), 0, left), (abs(guess - up), 1, up), (abs(guess - corner), 2, corner)
    )
    return near[2]


def _darkness(rgba: bytes) -> int:
    """Laid over white: a clear pixel is white."""
    r, g, b, a = rgba
    grey = (r + g + b) // 3
    return (255 - grey) * a // 255
