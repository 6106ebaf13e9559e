"""Splitting order text into numbered lines: one instruction a line, '#' starts a comment."""

from __future__ import annotations

import re
from collections.abc import Iterator

SIGNS = str.maketrans(
    {
        "\u2212": "-",  # minus sign: how our receipts and reports print March −1
        "\u2010": "-",  # hyphen
        "\u2011": "-",  # non-breaking hyphen
        "\u2012": "-",  # figure dash
        "\u2013": "-",  # en dash
        "\u2014": "-",  # em dash
        "\ufe63": "-",  # small hyphen-minus
        "\uff0d": "-",  # full-width hyphen-minus
        "\uff0b": "+",  # full-width plus
        "\ufe62": "+",  # small plus
        "\uff1a": ":",  # full-width colon
    }
)
"""Signs players paste from our own texts, word processors and phone keyboards, read as the
ASCII sign the parsers know (issue 17: 'March −1' pasted back must stay March -1)."""


ARROW = re.compile(r"\s*(?:->|→|=>|>)\s*|\s+(?:[-–—]|to|para|pra)\s+", re.IGNORECASE)
"""A step of a path ('Winterfell -> Moat Cailin', 'footman -> knight'): '->' as our echoes
write it, and what players type for it: '→', '=>', '>', a dash, 'to' or pt 'para'/'pra'
between spaces ('marcha do Mar Tremente para a Baía do Gelo'); a name's own hyphen
('Bremen-Verden') has no spaces. No name of either game holds a whole word 'para'."""


FROM_TO = re.compile(r"^(?:из|с|со)\s+(.+?)\s+(?:в|во|на)\s+(.+)$", re.IGNORECASE | re.DOTALL)
"""A Russian step as a sentence says it, «из Белой Гавани в Вдовий Дозор», «из Литвы в
Курляндию» (the names in their cases, which the name indexes read): no place name of
either game holds a whole «в», «во» or «на»."""


def path_steps(text: str, maxsplit: int = 0) -> list[str]:
    """'A -> B' (any `ARROW`) or «из A в B» as [A, B]; [text] when it holds no step."""
    steps = ARROW.split(text, maxsplit=maxsplit)
    if len(steps) == 1 and (found := FROM_TO.match(text.strip())):
        return [found.group(1), found.group(2)]
    return steps


def plain_signs(text: str) -> str:
    """`text` with every minus, dash and full-width sign as ASCII '-', '+' and ':'.

    >>> plain_signs("Винтерфелл: Поход −1")
    'Винтерфелл: Поход -1'
    """
    return text.translate(SIGNS)


_LIST_NUMBER = re.compile(r"^\s*\d{1,3}[.)]\s+")
"""'1. ' or '2) ' before a line: players number their orders, and baltic receipts list the
action lines so ('1. move ...'); pasted back, the number is no part of the order."""


def order_lines(text: str) -> Iterator[tuple[int, str]]:
    """Yield (line number, content) for each line that holds something, its signs plain
    and without a list number.

    >>> list(order_lines("# my orders\\nWinterfell: march –1  # go\\n\\n2) Pyke: raid"))
    [(2, 'Winterfell: march -1'), (4, 'Pyke: raid')]
    """
    for number, raw in enumerate(text.splitlines(), start=1):
        content = _LIST_NUMBER.sub("", plain_signs(raw.split("#", 1)[0])).strip()
        if content:
            yield number, content


SIGNATURE = "-- "
"""The e-mail signature separator (RFC 3676 §4.3): it and every line below are no orders."""


def signature_line(text: str) -> int:
    """The number of the line that starts a signature ('-- ' alone on its line), or 0.

    >>> signature_line("Winterfell: march\\n-- \\nJoão")
    2
    """
    for number, raw in enumerate(text.splitlines(), start=1):
        if raw.rstrip("\r") in (SIGNATURE, SIGNATURE.strip()):
            return number
    return 0
