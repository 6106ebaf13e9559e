"""Order files as players really type them (issue: hidden acceptance cases): short forms of
the order words, a move line ended by its own separator. Each is read as meant, and the
receipt echoes what was understood."""

from __future__ import annotations

import pytest

from adjudicator.check import check_text
from tests.conftest import order_file
from tests.rulesets.baltic.blank import blank_state
from tests.rulesets.baltic.loaded_dice import LoadedDice
from tests.rulesets.baltic.phase import kinds, play


@pytest.mark.parametrize(
    ("written", "echo"),
    [
        ("supp", "Support +0"),
        ("Supp +1", "Support +1 (special)"),
        ("cons", "Consolidate power"),
        ("подд.", "Support +0"),
        ("обор", "Defense +1"),
        ("apo", "Support +0"),
    ],
)
def test_westeros_order_word_shortened_to_one_word_is_read(new_game, written, echo):
    game = new_game()
    body = f"Winterfell: march +1\nWhite Harbor: {written}\nThe Shivering Sea: support\n"
    checked = check_text(game, order_file("stark", body), None)
    assert checked.accepted, checked.text
    assert f"White Harbor: {echo}" in checked.text


@pytest.mark.parametrize("written", ["ra", "ma"])
def test_westeros_too_short_a_word_is_still_an_error(new_game, written):
    game = new_game()
    body = f"Winterfell: march +1\nWhite Harbor: {written}\nThe Shivering Sea: support\n"
    checked = check_text(game, order_file("stark", body), None)
    assert not checked.accepted
    assert f"line 4: invalid\n  'White Harbor: {written}'" in checked.text
    assert "legal: March -1" in checked.text


@pytest.mark.parametrize("tail", [";", "; ", ";.", "; ;"])
def test_baltic_move_line_ending_in_its_separator_is_read(tail):
    """13.3: a move line holds parts separated by ';'; a separator with no part after it
    (players end lines with ';') adds nothing and is no error."""
    state = blank_state(blocks={"swe_karl": ("svealand", 4), "swe_upplands": ("svealand", 3)})
    text = "move Karl XII: Svealand -> Götaland; move Upplands: Svealand -> Götaland" + tail + "\n"
    events = play(state, "sweden", text, LoadedDice([]))
    assert state.blocks["swe_karl"].at == "gotaland"
    assert state.blocks["swe_upplands"].at == "gotaland"
    assert state.ap_spent["sweden"] == 1
    assert not kinds(events, "void")
