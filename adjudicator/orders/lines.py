"""Splitting order text into numbered lines: one instruction a line, '#' starts a comment."""

from __future__ import annotations

from collections.abc import Iterator


def order_lines(text: str) -> Iterator[tuple[int, str]]:
    """Yield (line number, content) for each line that holds something.

    >>> list(order_lines("# my orders\\nWinterfell: march  # go\\n\\n"))
    [(2, 'Winterfell: march')]
    """
    for number, raw in enumerate(text.splitlines(), start=1):
        content = raw.split("#", 1)[0].strip()
        if content:
            yield number, content
