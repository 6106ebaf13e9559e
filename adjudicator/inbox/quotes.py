"""What in a mail body is the player's new text, and what is quoted mail or a signature.

Mail clients in every language quote differently (``On … wrote:``, ``вт, 1 дек. 2026 г. в
03:07, GM <gm@…>:``, ``Em ter., … escreveu:``, ``-----Mensagem original-----``), so the
rules here are shapes rather than lists of phrases:

* a line starting with ``>`` is a quote;
* a block that repeats our own mail (the one the player answers, found in our outbox) is a
  quote, with or without ``>``;
* an attribution line - ending in ``:`` and holding a date, a time or an address - that is
  followed by a quote is part of the quote;
* a separator line (``-- ``, ``-----Original Message-----`` in any language, a row of
  underscores) and the usual "sent from my phone" lines end the player's text.

Bottom-posted replies keep working: quoted blocks are dropped, the text around them stays.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_ORIGINAL = re.compile(r"^\s*(-{4,}\s*\w[\w\s]{2,40}?\s*-{4,}|_{10,})\s*$")
"""Outlook's '-----Original Message-----' in any language, or a row of underscores."""
_SENT_FROM = re.compile(
    r"^\s*(sent from my|sent from|get outlook for|enviado d[oe] meu|enviado do|enviado desde"
    r"|enviado a partir d|отправлено с|отправлено из|отправлено через)\b.{0,60}$",
    re.I,
)
"""Signature lines phones and webmail add without '-- ' (NOTE: issue 9 lists en, ru, pt)."""
_HEADER_FROM = re.compile(r"^\s*\*?(from|de|от|von)\*?\s*:\s*\S", re.I)
_HEADER_NEXT = re.compile(
    r"^\s*\*?(sent|date|to|cc|subject|enviad[oa]( em)?|data|para|assunto"
    r"|отправлено|дата|кому|копия|тема|gesendet|an|betreff)\*?\s*:",
    re.I,
)
"""The header block Outlook (and Apple Mail, forwarding) writes above the mail it quotes,
in any of our languages: 'From: GM <gm@…>' followed by 'Sent: …', 'De: … / Enviado: …',
'От: … / Отправлено: …'. Nothing but the quoted mail follows it."""
_ENGLISH = re.compile(
    r"^\s*(On|Am|Le|El|Il|Op)\b.{0,300}\b"
    r"(wrote|schrieb|a écrit|escribió|ha scritto|schreef)\s*:\s*$",
    re.I,
)
_ADDRESS = re.compile(r"[^\s<>@]+@[^\s<>@]+\.\w+")
_DATE_OR_TIME = re.compile(r"\b\d{1,2}[:.]\d{2}\b|\b(19|20)\d{2}\b")
_QUOTE_MARKS = re.compile(r"^[\s>]+")
_ORDER_LIKE = re.compile(r"^[^:\n]{1,40}:\s*\S", re.M)
MAX_ATTRIBUTION = 300
"""Longer lines are text, not an attribution."""


def normalized(line: str) -> str:
    """A line as compared with our own mail: no quote marks, spaces collapsed."""
    return " ".join(_QUOTE_MARKS.sub("", line).split())


def own_lines(bodies: Iterable[str]) -> frozenset[str]:
    """The comparable lines of our mails (`normalized`, blank ones left out)."""
    return frozenset(n for body in bodies for line in body.splitlines() if (n := normalized(line)))


def is_attribution_like(line: str) -> bool:
    """An attribution's shape: ends in ':' and holds a date, a time or an address."""
    text = line.strip()
    if _ENGLISH.match(text):
        return True
    if not text.endswith(":") or len(text) > MAX_ATTRIBUTION:
        return False
    return bool(_ADDRESS.search(text) or _DATE_OR_TIME.search(text))


def looks_quoted(line: str, ours: frozenset[str] = frozenset()) -> bool:
    """Whether a line that was read as orders looks like quoted mail (for error replies)."""
    text = line.strip()
    return text.startswith(">") or is_attribution_like(text) or normalized(text) in ours


def clean_body(body: str, ours: frozenset[str] = frozenset()) -> str:
    """The player's own text: quotes, attributions, separators and signatures removed.

    `ours` holds the `own_lines` of the mail the player answers, when we know it.

    >>> clean_body("house: stark\\n\\nOn Mon, A <a@x> wrote:\\n> old\\n-- \\nNed")
    'house: stark'
    """
    lines = body.replace("\r\n", "\n").split("\n")
    for i, line in enumerate(lines):
        if line.rstrip() == "--" or _ORIGINAL.match(line) or _SENT_FROM.match(line):
            lines = lines[:i]
            break
        if _HEADER_FROM.match(line) and _header_follows(lines, i + 1):
            lines = lines[:i]
            break
    quoted = _quote_marks(lines, ours)
    kept = [line.rstrip() for line, q in zip(lines, quoted, strict=True) if not q]
    return "\n".join(kept).strip("\n")


def _quote_marks(lines: list[str], ours: frozenset[str]) -> list[bool]:
    """Per line: part of a quote (a '>' line, a repeat of our mail, or an attribution)."""
    quoted = [line.lstrip().startswith(">") for line in lines]
    for start, end in _own_runs(lines, ours):
        for i in range(start, end):
            quoted[i] = quoted[i] or bool(lines[i].strip())
    for i in range(len(lines)):
        if quoted[i] or not lines[i].strip():
            continue
        if _ENGLISH.match(lines[i].strip()):
            quoted[i] = True
            continue
        after = _next_text(lines, i + 1)
        if after is None or quoted[after]:
            quoted[i] = after is not None and is_attribution_like(lines[i])
            continue
        if after == i + 1 and _is_tail(lines[i], lines[after]):
            joined = f"{lines[i].strip()} {lines[after].strip()}"
            beyond = _next_text(lines, after + 1)
            if _ENGLISH.match(joined) or (
                is_attribution_like(joined) and beyond is not None and quoted[beyond]
            ):
                quoted[i] = quoted[after] = True
    return quoted


_FORWARD_INTRO = re.compile(
    r"^\s*(begin forwarded message|начало пересылаемого сообщения)\s*:\s*$", re.I
)
"""Apple Mail's line above a forwarded mail (the others write an `_ORIGINAL` row)."""
_HEADER_LINE = re.compile(r"^\s*\*?[^\s:*]{1,30}\*?\s*:")


def forwarded_own(body: str, sender: str) -> str | None:
    """The player's note and the orders of a mail they forward of their own ('my orders
    did not arrive'), when the note holds no order line; None otherwise.

    Only the sender's own mail counts (its forwarded header names their address): a
    forwarded report of ours, or anyone else's mail, is never read as orders.
    """
    lines = body.replace("\r\n", "\n").split("\n")
    start = next((i for i, line in enumerate(lines) if _is_forward_start(lines, i)), None)
    if start is None or not sender:
        return None
    note = clean_body("\n".join(lines[:start]))
    if _ORDER_LIKE.search(note):
        return None
    i = start + (not _HEADER_FROM.match(lines[start]))
    while i < len(lines) and not lines[i].strip():
        i += 1
    header = []
    while i < len(lines) and _HEADER_LINE.match(lines[i]):
        header.append(lines[i])
        i += 1
    author = next((h for h in header if _HEADER_FROM.match(h)), "")
    if sender.lower() not in author.lower():
        return None
    orders = clean_body("\n".join(lines[i:]))
    return "\n".join(t for t in (note, orders) if t) if orders else None


def _is_forward_start(lines: list[str], i: int) -> bool:
    line = lines[i]
    if _ORIGINAL.match(line) or _FORWARD_INTRO.match(line):
        return True
    return bool(_HEADER_FROM.match(line) and _header_follows(lines, i + 1))


def _header_follows(lines: list[str], start: int) -> bool:
    """Whether one of the next two lines with text is a quoted mail's header line."""
    following = [line for line in lines[start : start + 4] if line.strip()][:2]
    return any(_HEADER_NEXT.match(line) for line in following)


def _is_tail(head: str, line: str) -> bool:
    """The second half of a wrapped attribution ('wrote:', 'escreveu:', 'gm@x.org>:'):
    short and ending in ':', after a first half that holds a date, a time or an address."""
    text = line.strip()
    return (
        text.endswith(":")
        and len(text) <= 60
        and not head.strip().endswith(":")
        and bool(_ADDRESS.search(head) or _DATE_OR_TIME.search(head))
    )


def _next_text(lines: list[str], start: int) -> int | None:
    return next((k for k in range(start, len(lines)) if lines[k].strip()), None)


def _own_runs(lines: list[str], ours: frozenset[str]) -> list[tuple[int, int]]:
    """Blocks of lines that repeat our mail: two or more such lines (blank lines between
    them allowed), at least one of them prose rather than an order-like 'x: y' line, so
    that orders a player copied from our receipt are still read as orders."""
    if not ours:
        return []
    runs: list[tuple[int, int]] = []
    start: int | None = None
    members: list[int] = []
    for i, line in enumerate([*lines, "\0end"]):
        if not line.strip():
            continue
        if line != "\0end" and normalized(line) in ours:
            if start is None:
                start, members = i, []
            members.append(i)
            continue
        prose = any(not _ORDER_LIKE.match(lines[k].strip()) for k in members)
        if start is not None and len(members) >= 2 and prose:
            runs.append((start, members[-1] + 1))
        start = None
    return runs
