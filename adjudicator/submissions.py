"""Submissions as the engine keeps them: the receipt, the rejection, and the stored file.

A submission is stored as one YAML file (its text with the password removed, where it came
from, and the instructions understood); it stays under `.adjudicator/submissions/` until it
is revealed, then moves into the committed `archive/`.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from adjudicator.data import game_folder, game_names, load_game_data
from adjudicator.gamedir import load_yaml
from adjudicator.orders.errors import OrderError, format_errors
from adjudicator.render import format_deadline
from adjudicator.requests import Instruction, Submission
from adjudicator.text import N_, Name, Text, _l, from_data, say

NOTHING_ANSWERED = N_(
    "nothing was answered: this text holds no order or other instruction, so whatever you"
    " were asked is still open"
)
"""Issue 17: a file with the header lines only is no answer, and the receipt says so."""


CANNOT_NOW = N_(
    "warning, line %(line)d: as the board stands now it cannot be carried out (%(why)s); it"
    " stays, and is checked again when it is asked for"
)
"""Issue 17: an accepted line that would be skipped today is told at once, not only later."""
IGNORED_PREFIX = "ignored "
"""How the msgid of a line told as ignored starts (a ruleset's greeting or signature)."""


def _is_ignored(understood: str | Text) -> bool:
    return isinstance(understood, Text) and understood.msgid.startswith(IGNORED_PREFIX)


class SubmissionRejected(Exception):
    """A submission that was not accepted; nothing of it was stored."""

    def __init__(self, errors: list[OrderError], player: str | None = None) -> None:
        self.errors = errors
        self.player = player
        super().__init__(format_errors(errors))

    def say(self, lang: str, game: str | None) -> str:
        """Every error in `lang`, the game's names in that language."""
        return format_errors(self.errors, lang, game)


DRY_RUN = "(dry run)"
"""The submission id of a dry run's receipt (`intake.Intake.try_submission`): nothing was
stored under any id, and the receipt says so in the reader's words (`DRY_RUN_ACCEPTED`)."""
DRY_RUN_ACCEPTED = N_("%(player)s: would be accepted (a dry run: nothing was stored)")


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
    left: tuple[str | Text, ...] | None = None
    """After a `clear` line: every standing instruction left (None: no clear line)."""
    warnings: tuple[tuple[int, str | Text], ...] = ()
    """(line, why) for each accepted line that cannot be carried out as the board stands."""

    def __str__(self) -> str:
        return self.say("en", None)

    def say(self, lang: str, game: str | None) -> str:
        """The receipt in `lang`: what was understood is said in the player's words."""
        # The player is named as the game names it: «Старк», not 'stark' (English keeps the id).
        who = {"player": Name(self.player, self.player), "submission": self.submission}
        if self.duplicate:
            text = _l("%(player)s: already received as %(submission)s; nothing changed", **who)
            return text.say(lang, game)
        accepted = (
            _l(DRY_RUN_ACCEPTED, **who)
            if self.submission == DRY_RUN
            else _l("%(player)s: accepted as %(submission)s", **who)
        )
        lines = [accepted.say(lang, game)]
        lines += [f"  {say(u, lang, game)}" for u in self.understood]
        if all(_is_ignored(u) for u in self.understood):
            lines.append("  " + _l(NOTHING_ANSWERED).say(lang, game))
        lines += [
            "  " + _l(CANNOT_NOW, line=n, why=why).say(lang, game) for n, why in self.warnings
        ]
        lines += ["  " + _l("replaces: %(old)s", old=r).say(lang, game) for r in self.replaced]
        if self.left is not None:
            lines.append("  " + _l("still standing after what you cleared:").say(lang, game))
            lines += [f"    {say(u, lang, game)}" for u in self.left] or [
                "    " + _l("nothing").say(lang, game)
            ]
        if self.deadline:
            when = self.deadline if lang == "en" else format_deadline(self.deadline, lang)
            lines.append("  " + _l("deadline: %(when)s", when=when).say(lang, game))
        return "\n".join(lines)


HEADER_KEYS = {
    "player": "player",
    "password": "password",
    # ru
    "игрок": "player",
    "пароль": "password",
    # pt_BR
    "jogador": "player",
    "senha": "password",
}
"""The engine's own header line keys, case-insensitive, in every language of the players,
and the field each one sets. Each game adds its words for a player (house, nation) in
``games/<game>/header.yaml``: `header_keys` holds them all. NOTE (issue 12): a Portuguese
area or order line never starts with 'casa:' alone, so that word is free to be a key."""


@functools.cache
def header_keys() -> dict[str, str]:
    """Every header key -> its field: the engine's and every game's (`games/*/header.yaml`).

    The words of all games count in every game, so that a header line reads the same
    wherever it is (a password line above all: `redact` must find it without a game)."""
    keys = dict(HEADER_KEYS)
    for game in game_names():
        if game_folder(game).joinpath("header.yaml").is_file():
            for field, words in load_game_data(game, "header.yaml").items():
                keys.update((str(word).lower(), field) for word in words)
    return keys


_INLINE_PASSWORD = re.compile(
    "(" + "|".join(k for k, v in HEADER_KEYS.items() if v == "password") + r")(\s*[:=]\s*)\S+",
    re.IGNORECASE,
)


def hide_inline_passwords(text: str) -> str:
    """`text` (a subject) with the word after each 'password:' (or '=') hidden, wherever
    it stands (issue 18: 'Orders, password: hunter2' as a subject was echoed in our reply's
    subject and in the log). NOTE: a bare 'password hunter2' is left alone, or every
    'wrong password again' would lose a word.

    >>> hide_inline_passwords("Re: [w1] orders, Senha=abc123 ok")
    'Re: [w1] orders, Senha=******** ok'
    """
    return _INLINE_PASSWORD.sub(lambda m: f"{m.group(1)}{m.group(2)}********", text)


_INVISIBLE = re.compile(r"[\s\u00ad\u200b-\u200f\u2060-\u2064\ufeff]+")
"""Spaces, byte order marks and zero-width characters: a key reads the same without them."""


_ZERO_WIDTH = re.compile(r"[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]")
"""Characters that show as nothing: never part of a house's name or of a password."""


def header_field(line: str) -> tuple[str, str] | None:
    """('player' or 'password', the value as written) when `line` is a header line, else None.

    The one reading of a header line: authentication and `redact` both use it, so any line
    taken as a password is also a line removed from every stored copy.
    """
    key, sep, value = line.partition(":")
    if not sep:
        return None
    field = header_keys().get(_INVISIBLE.sub("", key).lower())
    return (field, value) if field else None


_LOOSE = re.compile(r"^\s*([^\s:=]+)\s*(?:=|\s)\s*([^\s=#]+)\s*$")


def loose_header_field(line: str) -> tuple[str, str] | None:
    """A header line written without its colon ('house stark', 'password = 3kF9',
    'Senha abc123'): the key and one word. It counts only for a field no line with a colon
    gives (`header_field`), and a password read so is hidden like any other.

    >>> loose_header_field("PASSWORD  3kF9x"), loose_header_field("password is below")
    (('password', '3kF9x'), None)
    """
    match = None if ":" in line else _LOOSE.match(line)
    if match is None:
        return None
    field = header_keys().get(_INVISIBLE.sub("", match.group(1)).lower())
    return (field, match.group(2)) if field else None


def header_values(value: str) -> list[str]:
    """What a header value may mean, most likely first: without its '# comment', then as is
    (a password may hold '#'); each without surrounding quotes and spaces."""
    readings = []
    for text in (value.split("#", 1)[0], value):
        # A value copied from a web page or a mail may carry invisible characters along.
        text = _ZERO_WIDTH.sub("", text).strip()
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
        found = header_field(line) or loose_header_field(line)
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

    data = load_yaml(path, "a stored submission")
    instructions = tuple(
        Instruction(
            **{
                **i,
                "understood": from_data(i.get("understood", "")),
                "warning": from_data(i.get("warning", "")),
            },
            submission=data["id"],
        )
        for i in data.get("instructions", [])
    )
    fields = {
        k: data[k]
        for k in ("id", "player", "received", "source", "sha256", "epoch", "after_step", "text")
    }
    return Submission(**fields, instructions=instructions)
