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
    Event("build", {"side": "sweden", "nation": "SWE", "rp": 2, "count": 1, "at": ["svealand"]}),
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
        "count": 1,
        "at": ["svealand"],
        "builds": [{"block": "swe_armfeldt", "at": "svealand", "rp": 2, "skipped": []}],
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


def test_13_6_we1_public_report_of_the_landing_counts_and_paths():
    """WE-1 (13.6) end to end: the orders run through the ruleset, the events through the
    templates. Ingermanland is empty here, so no battle reveals the blocks that landed."""
    from adjudicator.dice import Dice
    from adjudicator.requests import Answer
    from adjudicator.rulesets.baltic.ruleset import RULESET
    from tests.rulesets.baltic.blank import blank_state

    state = blank_state(
        year=1701,
        blocks={
            "swe_wachtmeister": ("kattegat", 4),
            "swe_anckarstierna": ("kattegat", 3),
            "swe_karl": ("aboard:swe_wachtmeister", 4),
            "swe_livgardet": ("aboard:swe_anckarstierna", 3),
            "swe_rehnskiold": ("aboard:swe_anckarstierna", 3),
            "rus_golitsyn": ("pskov", 4),
        },
    )
    before = render("baltic", "report", "md", context(state, None))
    assert "| Kattegat | at sea | Sweden | 2 fleets, 3 aboard |" in before  # WE-1
    text = (
        "sail Wachtmeister, Anckarstierna: Kattegat -> Western Baltic -> Central Baltic -> "
        "Gulf of Finland\ndisembark Karl XII, Livgardet, Rehnskiöld: Gulf of Finland -> Narva\n"
        "recon Pskov\n"
    )
    (request,) = [r for r in RULESET.requests(state) if r.kind == "orders"]
    choice = RULESET.answer(state, request, RULESET.parse(state, "sweden", text))
    events = RULESET.step(state, {request.id: Answer(request.id, choice.value)}, Dice(b"w", "e", 1))
    public = [e for e in events if e.public]
    report = render("baltic", "report", "md", context(state, None, public))
    assert (
        "Sweden: 2 fleets (3 aboard) Kattegat → Western Baltic → Central Baltic → "
        "Gulf of Finland." in report
    )
    assert "Sweden: 3 blocks Gulf of Finland → Ingermanland." in report
    assert "Sweden reconnoitres Pskov." in report
    for hidden in ("Karl XII", "Livgardet", "Rehnskiöld", "Wachtmeister", "Golitsyn"):
        assert hidden not in report
    mine = [e for e in events if e.public or e.to == "sweden"]
    ctx = context(state, "sweden", mine)
    private = render("baltic", "private", "md", ctx)
    assert "Sweden: Karl XII, Livgardet, Rehnskiöld Gulf of Finland → Ingermanland." in private
    assert "Recon of Pskov: Golitsyn 4." in private
