"""The order form: a player's next order file, written for them with blanks to fill in.

Most rejected files are a missing area, a token the player does not have, a keyword
misspelled. So every private report (and reminder) that asks for orders carries the file
the player would send: the header, a line per decision in exactly the words the parser
reads, in the player's language, each standing choice filled in, each default written
after a `#` (optional: delete the `#` to send it). Filling in the blanks gives a valid
file: the lines are the echoes of the ruleset's own reading (the round trip of receipts).

A ruleset that offers a form has ``form(state, player, standing) -> list[FormLine]``; the
engine knows no game, only this shape (`orderforms` asks the ruleset for each player's).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from adjudicator.gamedir import atomic_write, make_folder
from adjudicator.render import display_name
from adjudicator.text import N_, Name, Text, _l, say

FORM_FILE = "form.txt"
"""Under .adjudicator/private/<player>/: the latest form, for the reminders."""
HEADER = N_("house: %(player)s")
"""The form's player line; a ruleset names its own (``form_header``: baltic's 'side:')."""
NOTE_COLUMN = 36
"""Notes ('# footman, knight') start at this column when the line is shorter."""


@dataclass(frozen=True)
class FormLine:
    """One line of an order form."""

    text: str | Text | Name = ""
    """The line as the parser reads it; with `blank`, the part before the blank."""
    blank: bool = False
    """The line ends with ': ' and a blank the player fills in (an area's order)."""
    optional: bool = False
    """Written after '# ': a default or a choice the player may send (delete the '#')."""
    note: Any = None
    """A hint after the line, as a comment ('footman, knight'): a `Text`, `Name` or str."""
    heading: bool = False
    """A whole line of explanation, as a comment."""


def say_form(
    lines: Sequence[FormLine], player: Name, lang: str, game: str, header: str = HEADER
) -> str:
    """The form as text in `lang`: the header (the password left blank), then the lines."""
    out = [
        _l(header, player=player).say(lang, game),
        _l("password:").say(lang, game) + " ",
    ]
    after_heading = False
    for line in lines:
        if line.heading:
            # A blank line before each group of headings: the form reads in sections.
            out += (
                [f"# {said(line.text, lang, game)}"]
                if after_heading
                else ["", f"# {said(line.text, lang, game)}"]
            )
            after_heading = True
            continue
        after_heading = False
        text = said(line.text, lang, game)
        text = f"{text}: " if line.blank else text
        text = f"# {text}" if line.optional else text
        if line.note is not None:
            text = f"{text:<{NOTE_COLUMN}}  # {said(line.note, lang, game)}"
        out.append(text)
    return "\n".join(out) + "\n"


def said(value: Any, lang: str, game: str) -> str:
    """A form's text in `lang`: anything with a ``say(lang, game)`` (a `Text`, a `Name`, a
    ruleset's line spelled per language) is said; tuples are joined, the rest str()."""
    if hasattr(value, "say"):
        return str(value.say(lang, game))
    return say(value, lang, game)


def form_text(ruleset: Any, state: Any, player: str, standing: Sequence[Any], lang: str) -> str:
    """`player`'s order form now, in `lang`, from their `standing` instructions; '' when
    the game (`ruleset`) offers none or nothing is asked that a form answers."""

    hook = getattr(ruleset, "form", None)
    lines = hook(state, player, standing) if hook is not None else []
    if not lines:
        return ""
    name = Name(player, display_name(ruleset.name, player))
    return say_form(lines, name, lang, ruleset.name, getattr(ruleset, "form_header", HEADER))


def write_form(private: Path, player: str, form: str) -> None:
    """Keep `form` where `latest_form` reads it (`private`: the game's .adjudicator/)."""

    folder = private / "private" / player
    make_folder(folder)  # 0700: a private folder whatever the umask
    atomic_write(folder / FORM_FILE, form)


def latest_form(game_path: Path, player: str) -> str:
    """The form of `player`'s latest private report ('' when it asked for nothing)."""
    try:
        return (game_path / ".adjudicator" / "private" / player / FORM_FILE).read_text("utf-8")
    except OSError:
        return ""
