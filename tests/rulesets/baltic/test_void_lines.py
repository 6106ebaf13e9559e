"""13.5, issue 19 point 2: no action line, or part of one, goes unreported. What was not
carried out is said to its side with the reason; the public learns only that an action was
lost."""

from __future__ import annotations

import pytest

from adjudicator.orders.errors import OrderErrors
from adjudicator.rulesets.baltic import sequence
from tests.rulesets.baltic.blank import blank_state
from tests.rulesets.baltic.loaded_dice import LoadedDice
from tests.rulesets.baltic.phase import play, reports, submit


def test_13_5_pass_is_reported() -> None:
    state = blank_state()
    said = reports(state, play(state, "sweden", "pass", LoadedDice([])))
    for reader in ("public", "sweden", "coalition"):
        assert "Sweden passes." in said[reader]


def test_13_2_all_leaves_blocks_that_moved_and_tells_their_side() -> None:
    """`all` takes only the blocks that may still move (4.1b); the others are named."""
    state = blank_state(blocks={"swe_karl": ("svealand", 4), "swe_upplands": ("gotaland", 3)})
    text = "move Karl XII: Svealand -> Gotaland\nmove all: Gotaland -> Skåne"
    said = reports(state, play(state, "sweden", text, LoadedDice([])))
    assert state.blocks["swe_karl"].at == "gotaland"
    assert state.blocks["swe_upplands"].at == "skane"
    sentence = "Not carried out: Karl XII has already moved this season (4.1b)."
    assert sentence in said["sweden"]
    assert sentence not in said["public"] and "Karl" not in said["coalition"]


def test_13_5_a_void_line_is_said_to_its_side_and_counted_in_public() -> None:
    state = blank_state(blocks={"swe_lewenhaupt": ("livland", 3)})
    lines = submit(state, "sweden", "move Lewenhaupt: Livland -> Estland")
    state.blocks["swe_lewenhaupt"].at = "courland"
    out: list = []
    sequence.action_phase(state, "sweden", lines, False, LoadedDice([]), out)
    said = reports(state, out)
    assert 'Line 1 of Sweden ("move Lewenhaupt: Livland' in said["sweden"]
    assert "is void: Lewenhaupt is in Courland, not in Livland" in said["sweden"]
    lost = "Sweden: an action was lost (line 1 was void; it costs its AP)."
    assert lost in said["public"] and lost in said["coalition"]
    assert "Lewenhaupt" not in said["coalition"]


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ("reinforce Sweden: build 0", "builds 1 or 2 blocks, not 0"),
        ("reinforce Sweden: ", "names steps, builds or both"),
    ],
)
def test_8_4_a_reinforce_that_does_nothing_is_refused(line: str, error: str) -> None:
    state = blank_state()
    state.nations["SWE"].rp_available = 5
    with pytest.raises(OrderErrors, match=error):
        submit(state, "sweden", line)
