"""PNG maps, drawn by the resvg program in a process of its own.

The SVG's words are first turned into glyph outlines (`adjudicator.glyphs`), so resvg lays
out no text and needs no font. Then resvg renders the whole map in about 75 ms, while the
run goes on writing its reports.

NOTE: the resvg program (the ``resvg-cli`` wheel of the ``png`` extra, or a system
``resvg``), not the ``resvg-py`` binding (issue 10, item 21). On the same outlined map,
resvg-py 0.5.0 took 400 ms where the resvg 0.44 program takes 75 ms; even an empty canvas
took 120 ms against 23 ms. A process also runs beside the run on every OS with no fork,
and a crash in it cannot take the run down.
"""

from __future__ import annotations

import shutil
import struct
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path

from adjudicator.glyphs import outline_text

try:  # zlib-ng (the png extra): the same stream as zlib, three times as fast
    from zlib_ng import zlib_ng as zlib
except ImportError:  # a system resvg without the extra
    import zlib

TIMEOUT = 60.0  # seconds; a map takes a tenth of one
SIGNATURE = b"\x89PNG\r\n\x1a\n"
LEVEL = 3  # a map in 261 KB (zlib-ng) or 295 KB (zlib), against resvg's own 543 KB
FALLBACK_FONT = "DejaVu Sans"  # for a word the outlines lack: the map's font, if installed


class NoRenderer(Exception):
    """resvg is not installed: PNG maps are not drawn (the SVG serves)."""


class DrawError(Exception):
    """resvg failed on a map; the message is resvg's own."""


def program() -> str | None:
    """The resvg program: beside this Python (where the ``png`` extra's wheel puts it, in
    the virtual environment's bin or Scripts), else on PATH; None when there is none."""
    here = Path(sys.executable).parent
    for name in ("resvg", "resvg.exe"):
        if (here / name).is_file():
            return str(here / name)
    return shutil.which("resvg")


def start(svg: str) -> Callable[[], bytes]:
    """Start drawing ``svg`` as a PNG at the size its ``width`` and ``height`` say; the
    returned function waits for the picture and gives its bytes.

    A thread waits for resvg and compresses its picture again (`_deflated_again`); zlib
    and the wait let go of the GIL, so the run goes on meanwhile. Raises NoRenderer when
    resvg is not installed; the returned function raises DrawError when resvg fails or
    takes longer than TIMEOUT (it is then stopped).
    """
    exe = program()
    if exe is None:
        raise NoRenderer
    outlined = outline_text(svg)
    fonts = ["--sans-serif-family", FALLBACK_FONT]
    args = [exe, *(fonts if "<text" in outlined else ["--skip-system-fonts"]), "-", "-c"]
    with tempfile.TemporaryFile() as source:  # a file, not a pipe: nothing blocks here
        source.write(outlined.encode("utf-8"))
        source.seek(0)
        drawing = subprocess.Popen(
            args, stdin=source, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
    done: dict[str, bytes | DrawError] = {}

    def wait() -> None:
        try:
            done["png"] = _deflated_again(_picture(drawing))
        except DrawError as error:
            done["error"] = error

    waiting = threading.Thread(target=wait, daemon=True)
    waiting.start()

    def finish() -> bytes:
        waiting.join()
        if "error" in done:
            raise done["error"]
        return done["png"]

    return finish


def _picture(drawing: subprocess.Popen[bytes]) -> bytes:
    """The PNG resvg wrote, once it has ended; DrawError with resvg's words if it failed."""
    try:
        png, said = drawing.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        drawing.kill()
        drawing.communicate()
        raise DrawError(f"resvg took more than {TIMEOUT:g} s and was stopped") from None
    if drawing.returncode or not png.startswith(SIGNATURE):
        words = said.decode("utf-8", "replace").strip()
        raise DrawError(words or f"resvg ended with status {drawing.returncode}")
    return png


def _deflated_again(png: bytes) -> bytes:
    """The same PNG, its pixel data compressed at zlib LEVEL in one IDAT chunk.

    resvg 0.44 writes fast and big (543 KB for a map), and every map is committed to the
    game's history. zlib-ng takes 15 ms to unpack and pack it again, where zlib takes 30
    to 45 ms, on the run's critical path: the PNG is what the run waits for last.
    """
    try:
        chunks = png_chunks(png)
        pixels = zlib.decompress(b"".join(data for kind, data in chunks if kind == b"IDAT"))
    except (struct.error, zlib.error) as error:
        raise DrawError(f"resvg wrote a broken PNG ({error})") from None
    packed = zlib.compress(pixels, LEVEL)
    out = [SIGNATURE]
    for kind, data in chunks:
        if kind == b"IDAT":
            if not packed:
                continue  # the first IDAT chunk holds all the pixels now
            data, packed = packed, b""
        crc = zlib.crc32(kind + data)
        out += [struct.pack(">I", len(data)), kind, data, struct.pack(">I", crc)]
    return b"".join(out)


def png_chunks(png: bytes) -> list[tuple[bytes, bytes]]:
    """(kind, data) of every chunk of a PNG, in order."""
    chunks, at = [], len(SIGNATURE)
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        chunks.append((png[at + 4 : at + 8], png[at + 8 : at + 8 + length]))
        at += 12 + length
    return chunks


def svg_to_png(svg: str) -> bytes:
    """``svg`` drawn as PNG bytes, now (see `start`)."""
    return start(svg)()
