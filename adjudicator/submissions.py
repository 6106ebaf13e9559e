"""Submissions as the engine keeps them: the receipt, the rejection, and the stored file.

A submission is stored as one YAML file (its text with the password removed, where it came
from, and the instructions understood); it stays under `.adjudicator/submissions/` until it
is revealed, then moves into the committed `archive/`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from adjudicator.orders.errors import OrderError, format_errors
from adjudicator.requests import Instruction, Submission
from adjudicator.text import Name, Text, _l, from_data, say


class SubmissionRejected(Exception):
    """A submission that was not accepted; nothing of it was stored."""

    def __init__(self, errors: list[OrderError], player: str | None = None) -> None:
        self.errors = errors
        self.player = player
        super().__init__(format_errors(errors))

    def say(self, lang: str, game: str | None) -> str:
        """Every error in `lang`, the game's names in that language."""
        return format_errors(self.errors, lang, game)


@dataclass(frozen=True)
class Receipt:
    """What the engine understood of an accepted submission."""

    submission: str
    player: str
    understood: tuple[str | Text, ...]
    replaced: tuple[str | Text, ...] = ()
    """Earlier instructions this submission replaced, as the player wrote them."""
    duplicate: bool = False
    deadline: str | None = None
    """The player's nearest open deadline, if any."""

    def __str__(self) -> str:
        return self.say("en", None)

    def say(self, lang: str, game: str | None) -> str:
        """The receipt in `lang`: what was understood is said in the player's words."""
        # The player is named as the game names it: «Старк», not 'stark' (English keeps the id).
        who = {"player": Name(self.player, self.player), "submission": self.submission}
        if self.duplicate:
            text = _l("%(player)s: already received as %(submission)s; nothing changed", **who)
            return text.say(lang, game)
        lines = [_l("%(player)s: accepted as %(submission)s", **who).say(lang, game)]
        lines += [f"  {say(u, lang, game)}" for u in self.understood] or [
            "  " + _l("(no instructions)").say(lang, game)
        ]
        lines += ["  " + _l("replaces: %(old)s", old=r).say(lang, game) for r in self.replaced]
        if self.deadline:
            from adjudicator.render import format_deadline

            when = self.deadline if lang == "en" else format_deadline(self.deadline, lang)
            lines.append("  " + _l("deadline: %(when)s", when=when).say(lang, game))
        return "\n".join(lines)


HEADER_KEYS = {
    "house": "player",
    "player": "player",
    "nation": "player",
    "side": "player",
    "password": "password",
    # ru
    "дом": "player",
    "игрок": "player",
    "нация": "player",
    "держава": "player",
    "сторона": "player",
    "пароль": "password",
    # pt_BR
    "casa": "player",
    "jogador": "player",
    "nação": "player",
    "nacao": "player",
    "lado": "player",
    "senha": "password",
}
"""Header line keys, case-insensitive, in every language of the players, and the field each
one sets. NOTE (issue 12): a Portuguese area or order line never starts with 'casa:' or
'lado:' alone, so these words are free to be keys."""

_INVISIBLE = re.compile(r"[\s\u00ad\u200b-\u200f\u2060-\u2064\ufeff]+")
"""Spaces, byte order marks and zero-width characters: a key reads the same without them."""


def header_field(line: str) -> tuple[str, str] | None:
    """('player' or 'password', the value as written) when `line` is a header line, else None.

    The one reading of a header line: authentication and `redact` both use it, so any line
    taken as a password is also a line removed from every stored copy.
    """
    key, sep, value = line.partition(":")
    if not sep:
        return None
    field = HEADER_KEYS.get(_INVISIBLE.sub("", key).lower())
    return (field, value) if field else None


def header_values(value: str) -> list[str]:
    """What a header value may mean, most likely first: without its '# comment', then as is
    (a password may hold '#'); each without surrounding quotes and spaces."""
    readings = []
    for text in (value.split("#", 1)[0], value):
        text = text.strip()
        if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
            text = text[1:-1].strip()
        if text not in readings:
            readings.append(text)
    return readings


def strip_bom(text: str) -> str:
    """The text without a leading UTF-8 byte order mark (Windows editors write one)."""
    return text.removeprefix("\ufeff")


def redact(text: str) -> str:
    """The text with the password's value removed: archives and rejects never hold one."""
    out = []
    for line in text.splitlines():
        found = header_field(line)
        out.append("password: (removed)" if found and found[0] == "password" else line)
    return "\n".join(out) + "\n"


def dump_submission(s: Submission) -> dict[str, Any]:
    return {
        "id": s.id,
        "player": s.player,
        "received": s.received,
        "source": s.source,
        "sha256": s.sha256,
        "epoch": s.epoch,
        "after_step": s.after_step,
        "text": s.text,
        "instructions": [i.to_data() for i in s.instructions],
    }


def load_submission(path: Path) -> Submission:
    from adjudicator.gamedir import load_yaml

    data = load_yaml(path, "a stored submission")
    instructions = tuple(
        Instruction(
            **{**i, "understood": from_data(i.get("understood", ""))}, submission=data["id"]
        )
        for i in data.get("instructions", [])
    )
    fields = {
        k: data[k]
        for k in ("id", "player", "received", "source", "sha256", "epoch", "after_step", "text")
    }
    return Submission(**fields, instructions=instructions)
