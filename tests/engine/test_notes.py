"""The loop's own events (`adjudicator.notes`), declared with their audiences as a
ruleset's: an undeclared field is refused when the note is made, a skipped instruction's
text reaches only its player, and every note of a whole game is declared and typed."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from adjudicator import engine, notes
from adjudicator.requests import Instruction, Request
from adjudicator.rulesets.audience import See, UndeclaredEvent
from tests.conftest import START, order_file

SECRET = "march Dragonstone -> King's Landing"
"""Baratheon's march, never revealed: no ship carries it this round."""


def test_an_undeclared_field_of_a_note_is_refused() -> None:
    request = Request("r1/orders/stark", "stark", "orders", summary="place orders")
    assert notes.nmr(request).data == {
        "player": "stark",
        "request": "orders",
        "summary": "place orders",
    }
    with pytest.raises(UndeclaredEvent, match=r"'nmr' with fields .*'plan'"):
        notes.note("nmr", player="stark", request="orders", summary="s", plan="to the Wall")
    with pytest.raises(UndeclaredEvent, match="'instruction_lost' is not declared"):
        notes.note("instruction_lost", "stark", player="stark")


def test_a_skipped_instruction_cannot_be_told_in_public() -> None:
    line = Instruction("march", "dragonstone", None, 6, SECRET, submission="0001-baratheon")
    private = notes.skipped("baratheon", line, "cannot reach King's Landing")
    assert (private.public, private.to, private.data["text"]) == (False, "baratheon", SECRET)
    with pytest.raises(UndeclaredEvent, match=r"not declared public: \['line', 'submission'"):
        notes.note("instruction_skipped", None, **private.data)
    declared = notes.NOTES.declaration("instruction_skipped", private.data)
    assert [k for k, see in declared.see.items() if see is See.PUBLIC] == ["player"]


def test_a_skipped_westeros_line_reaches_its_player_only(new_game) -> None:
    """Rulebook, March orders: a march by sea needs ships; Baratheon's march line is skipped
    when the march is asked, and the step resolves at the deadline with its default (NMR):
    the line's text is in Baratheon's private report, never in the public one."""
    from tests.conftest import SAMPLE_ORDERS

    game: Path = new_game()
    for house, orders in SAMPLE_ORDERS.items():
        extra = {"baratheon": SECRET + "\n", "lannister": "raven: none\n"}.get(house, "")
        (game / "inbox" / f"{house}.txt").write_text(order_file(house, orders + extra))
    engine.run(game, START + timedelta(hours=1))
    engine.run(game, START + timedelta(hours=49))  # past the deadline: the defaults apply
    public = "\n".join(p.read_text("utf-8") for p in sorted((game / "reports").glob("*.md")))
    private_dir = game / ".adjudicator" / "private" / "baratheon"
    private = "\n".join(p.read_text("utf-8") for p in sorted(private_dir.glob("*.md")))
    # a path's '>' is written as the player wrote it, so the quote can be pasted back
    assert f'("{SECRET}") was not used: a footman in Dragonstone cannot' in private, private
    assert "(NMR)" in public and "was not used" not in public
    assert SECRET not in public
