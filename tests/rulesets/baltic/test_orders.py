"""WE-1 and WE-6 whole through the order language: the orders of 16, checked at receipt,
executed in order, then the battle by the standing line; the rejected alternatives of WE-1
are refused when received (13.5)."""

from __future__ import annotations

import pytest

from adjudicator.orders.errors import OrderErrors
from adjudicator.rulesets.baltic.ruleset import to_events
from tests.rulesets.baltic.blank import blank_state
from tests.rulesets.baltic.loaded_dice import LoadedDice
from tests.rulesets.baltic.phase import kinds, play, submit

WE1_ORDERS = """\
sail Wachtmeister, Anckarstierna: Kattegat -> Western Baltic -> Central Baltic -> Gulf of Finland
disembark Karl XII, Livgardet, Rehnskiöld: Gulf of Finland -> Narva
recon Pskov
"""


def we1_state():
    return blank_state(
        year=1701,
        season="summer",
        blocks={
            "swe_wachtmeister": ("kattegat", 4),
            "swe_karl": ("aboard:swe_wachtmeister", 4),
            "swe_anckarstierna": ("kattegat", 3),
            "swe_livgardet": ("aboard:swe_anckarstierna", 3),
            "swe_rehnskiold": ("aboard:swe_anckarstierna", 3),
            "swe_stenbock": ("svealand", 3),
            "swe_upplands": ("svealand", 3),
            "swe_sjoblad": ("central_baltic", 3),
            "rus_sheremetev_h": ("ingermanland", 4),
            "rus_golitsyn": ("ingermanland", 4),
            "rus_streltsy": ("ingermanland", 3),
        },
    )


def test_we1_we6_landing_at_narva_and_retreat_to_sea() -> None:
    state = we1_state()
    submit(state, "sweden", "battle Ingermanland: retreat round 2")
    dice = LoadedDice([5, 6, 4, 6, 3, 5, 6, 2, 4, 6, 1, 1, 3, 5, 1, 2, 6, 4, 1, 3, 4])
    events = play(state, "sweden", WE1_ORDERS, dice)
    assert dice.used_up()
    assert state.ap_spent["sweden"] == 3
    assert [e["path"][-1] for e in kinds(events, "sail")] == ["gulf_of_finland"]
    assert kinds(events, "disembark")[0]["count"] == 3
    assert kinds(events, "recon")[0]["at"] == "pskov"
    hits = [(e["block"], e["strength"]) for e in kinds(events, "hit")]
    assert hits == [("swe_karl", 3), ("swe_rehnskiold", 2), ("swe_livgardet", 2), ("swe_karl", 2)]
    assert state.blocks["swe_karl"].at == "aboard:swe_wachtmeister"
    assert state.blocks["swe_livgardet"].at == "aboard:swe_anckarstierna"
    assert state.blocks["swe_rehnskiold"].at == "aboard:swe_anckarstierna"
    assert kinds(events, "battle_end")[0]["winner"] == "coalition"
    public = [e for e in to_events(state, events) if e.public]
    text = repr([e.data for e in public])
    assert "swe_karl" in text  # the battle shows the blocks in it (13.6)
    for hidden in ("swe_wachtmeister", "swe_anckarstierna"):  # never in a battle
        assert hidden not in text


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (
            WE1_ORDERS.replace("recon Pskov", "embark Karl XII on Wachtmeister at Narva"),
            "already moved",
        ),
        (
            "sail Wachtmeister, Anckarstierna: Kattegat -> Göteborg",
            "a loaded fleet may not enter the harbor of Götaland",
        ),
        ("embark Stenbock, Upplands on Sjöblad at Stockholm", "never both"),
    ],
)
def test_we1_rejected_alternatives(text: str, why: str) -> None:
    state = we1_state()
    with pytest.raises(OrderErrors, match=why):
        submit(state, "sweden", text)


def test_we1_no_landing_with_a_russian_fleet_in_the_gulf() -> None:
    state = we1_state()
    state.blocks["rus_cruys"].at = "gulf_of_finland"
    with pytest.raises(OrderErrors, match="enemy fleet"):
        submit(state, "sweden", WE1_ORDERS)
