"""Order files dropped into a game's inbox/: which are read, and how their bytes become text.

Players save their orders with whatever editor they have: Notepad writes Windows-1251 on a
Russian Windows, Windows-1252 on a Portuguese one, UTF-16 with a byte order mark when asked
for "Unicode", an old Linux box KOI8-R. Mail says its charset; a file does not, so the
encoding is told from the bytes: a BOM, else strict UTF-8, else the one-byte encoding whose
reading looks like words (`decode_order_file`). A file that is none of these (a picture, a
word-processor document) is answered "save it as UTF-8", never read as mojibake.
"""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

from adjudicator.gamedir import safe_name
from adjudicator.text import Text, _l

BOMS = ((b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16"))
"""Byte order marks and the encodings they announce."""
ONE_BYTE = ("cp1251", "koi8_r", "cp1252")
"""The one-byte encodings a file may be in, in the order a tie is decided."""

_WORD = re.compile(r"[^\W\d_]+")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_LATIN = re.compile(r"[A-Za-z\u00c0-\u024f]")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")
_LINES = re.compile(r"[\u2500-\u25ff\u2219\u221a\u2248\u2264\u2265\u2320\u2321\u00b2\u00b7\u00f7]")
"""Box drawing and the other signs KOI8-R keeps in 0x80-0xBF: never in an order file."""


class UnreadableFile(ValueError):
    """An order file in no encoding we read; its message asks for UTF-8."""


def decode_order_file(raw: bytes) -> str:
    """The text of an order file: UTF-8 or UTF-16 with a BOM, UTF-8, Windows-1251, KOI8-R
    or Windows-1252 (the one whose words look like words; see the module docstring).

    Raises `UnreadableFile` for bytes that are none of these.

    >>> decode_order_file("Винтерфелл: поход".encode("cp1251"))
    'Винтерфелл: поход'
    >>> decode_order_file("Винтерфелл: поход".encode("koi8_r"))
    'Винтерфелл: поход'
    >>> decode_order_file("Porto Real: marcha, defesa".encode("cp1252"))
    'Porto Real: marcha, defesa'
    """
    for bom, codec in BOMS:
        if raw.startswith(bom):
            try:
                return _plain(raw.decode(codec).removeprefix("\ufeff"))
            except UnicodeDecodeError:
                raise UnreadableFile(codec) from None
    try:
        return _plain(raw.decode("utf-8"))
    except UnicodeDecodeError:
        pass
    readings = []
    for rank, codec in enumerate(ONE_BYTE):
        try:
            text = raw.decode(codec)
        except UnicodeDecodeError:
            continue
        readings.append((_oddity(text), rank, text))
    if not readings:
        raise UnreadableFile("bytes")
    odd, _, text = min(readings)
    if odd > max(2, len(_WORD.findall(text)) // 4):
        raise UnreadableFile("bytes")
    return _plain(text)


def _plain(text: str) -> str:
    """`text` when it holds no control characters (a binary file decodes too, as UTF-16 or
    even UTF-8): raises `UnreadableFile` otherwise."""
    if _CONTROL.search(text):
        raise UnreadableFile("control characters")
    return text


def _oddity(text: str) -> int:
    """How unlike written words a reading is: words mixing Cyrillic and Latin letters,
    words with a capital after a small letter ('вИНТЕРФЕЛЛ': KOI8-R read as Windows-1251),
    box-drawing signs, control characters."""
    odd = len(_CONTROL.findall(text)) * 10 + len(_LINES.findall(text)) * 3
    words = _WORD.findall(text)
    if any(_CYRILLIC.search(w) for w in words) and not any(
        len(_CYRILLIC.findall(w)) >= 2 for w in words
    ):
        odd += 1  # lone Cyrillic letters, no Russian word: accents read as Cyrillic ('é' 'й')
    for word in words:
        if _CYRILLIC.search(word) and _LATIN.search(word):
            odd += 2
        elif any(a.islower() and b.isupper() for a, b in pairwise(word)):
            odd += 1
    return odd


def save_as_utf8(name: str) -> Text:
    """The answer to a file `decode_order_file` cannot read."""
    return _l(
        "%(file)s is not a text file we can read: save it as UTF-8 (in Notepad: Save as, "
        "Encoding: UTF-8) and send it again",
        file=name,
    )


def ignored_in_inbox(inbox: Path) -> list[Text]:
    """Warnings for what inbox/ holds but a run never reads: files whose name starts with a
    dot, and folders (only files directly in inbox/ are orders)."""
    found = []
    for path in sorted(inbox.iterdir()) if inbox.is_dir() else []:
        name = safe_name(path.name)
        if path.is_dir() and not path.is_symlink():  # a link is refused by name when read
            found.append(
                _l(
                    "inbox/%(folder)s/ is ignored: only files directly in inbox/ are read; "
                    "move the order files out of the folder",
                    folder=name,
                )
            )
        elif path.name.startswith(".") and path.is_file():
            found.append(
                _l(
                    "inbox/%(file)s is ignored: files whose names start with '.' are never "
                    "read; rename it without the dot to have it read",
                    file=name,
                )
            )
    return found
