"""The baltic reports (13.6): the public one shows counts, a side's private one its own
identities; both formats say the same thing."""

from __future__ import annotations

from adjudicator.render import render
from adjudicator.requests import Event
from adjudicator.rulesets.baltic.position import scenario_state
from adjudicator.rulesets.baltic.view import view


def context(state, viewer=None, events=()):
    return {
        "game_id": "g",
        "step": 3,
        "now": None,
        "players": {"sweden": "Ann", "coalition": "Bob"},
        "tables": True,
        "view": view(state, viewer),
        "events": list(events),
        "waiting": [],
        "map_url": None,
        "player": viewer,
        "used": [],
        "timeline": list(events),
    }


def moved_state():
    state = scenario_state("poltava")
    state.phase = "action_2"
    state.ap = {"sweden": 3, "coalition": 2}
    state.first_player = "sweden"
    return state


PUBLIC_EVENTS = [
    Event("phase", {"phase": "action", "side": "sweden", "nmr": False, "ap": 3}),
    Event("move", {"side": "sweden", "path": ["lithuania", "polotsk"], "count": 2}),
    Event("build", {"side": "sweden", "nation": "SWE", "rp": 2, "at": "svealand"}),
    Event(
        "sail", {"side": "sweden", "path": ["kattegat", "western_baltic"], "count": 2, "cargo": 3}
    ),
]


def test_13_6_public_report_counts_and_paths():
    text = render("baltic", "report", "md", context(moved_state(), None, PUBLIC_EVENTS))
    assert "Sweden: 2 blocks Lithuania → Polotsk." in text
    assert "Sweden builds a block in Svealand (2 RP)." in text
    assert "Sweden: 2 fleets (3 aboard) Kattegat → Western Baltic." in text
    assert "| Lithuania |  | Sweden | 5 blocks |" in text
    assert "| Sankt-Peterburg | in harbor | Russia | 1 fleet |" in text  # 11.2m
    for hidden in ("Karl XII", "Schlippenbach", "Cruys", "Armfeldt", "Bauer", "Golitsyn"):
        assert hidden not in text


def test_13_6_private_report_adds_own_identities_only():
    private = {
        "side": "sweden",
        "nation": "SWE",
        "rp": 2,
        "at": "svealand",
        "block": "swe_armfeldt",
        "private": True,
    }
    # ruleset.to_events puts a side's own copy right after the public event
    events = [
        *PUBLIC_EVENTS[:3],
        Event("build", private, public=False, to="sweden"),
        PUBLIC_EVENTS[3],
    ]
    text = render("baltic", "private", "md", context(moved_state(), "sweden", events))
    assert "Sweden builds Armfeldt in Svealand (2 RP)." in text
    assert "Sweden builds a block in Svealand" not in text  # replaced by the own copy
    assert "Sweden: 2 blocks Lithuania → Polotsk." in text  # the public events too
    assert "Karl XII 4, Schlippenbach 3, Livgardet 3, Rehnskiöld 3, Upplands 3" in text
    assert "| Ingermanland |  | Russia | 2 blocks |" in text
    for hidden in ("Cruys", "Bauer", "Golitsyn", "Streltsy"):
        assert hidden not in text


def test_bbcode_report_says_what_markdown_says():
    state = moved_state()
    md = render("baltic", "report", "md", context(state, None, PUBLIC_EVENTS))
    bb = render("baltic", "report", "bbcode", context(state, None, PUBLIC_EVENTS))
    for line in ("Sweden: 2 blocks Lithuania → Polotsk.", "Swedish Attrition Track: box 1"):
        assert line in md and line in bb
    assert "[table]" in bb and "[b]" in bb
