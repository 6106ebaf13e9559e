"""Every event the rules of 9-11 emit renders in the public report without a hidden identity,
and in its owner's private report with it (13.6). The events come from real rule steps."""

from __future__ import annotations

import pytest

from adjudicator.render import render
from adjudicator.rulesets.baltic import nations, naval, politics
from adjudicator.rulesets.baltic.ruleset import to_events
from tests.rulesets.baltic.blank import blank_state
from tests.rulesets.baltic.loaded_dice import LoadedDice
from tests.rulesets.baltic.test_reports import context


def naval_steps():
    state = blank_state(
        active=("SWE", "RUS", "DEN"),
        blocks={
            "swe_stenbock": ("gotaland", 3),
            "swe_wachtmeister": ("kattegat", 4),
            "swe_sjoblad": ("H:pommern", 2),
            "swe_anckarstierna": ("H:estland", 3),
            "den_tordenskjold": ("kattegat", 1),
            "den_guards": ("aboard:den_tordenskjold", 2),
            "rus_bauer": ("ingermanland", 3),
        },
        markers={"ingermanland": "RUS"},
    )
    raw: list = []
    naval.retreat_fleet(state, "den_tordenskjold", "kattegat", raw)
    plan = naval.plan_embark(state, "sweden", ["swe_stenbock"], "gotaland")
    naval.embark(state, "sweden", plan, "gotaland", raw)
    state.standing["sweden"] = {"fleets|estland": {"text": "", "value": {"withdraw": True}}}
    state.blocks["rus_bauer"].at = "estland"
    naval.announce_entry(state, "estland", "coalition", raw)
    state.cessions.append({"territory": "pommern", "to": "PRU"})
    naval.relocate_fleets(state, raw)
    return state, raw, ("Stenbock", "Wachtmeister", "Sjöblad", "Anckarstierna", "Danish Guards")


def political_steps():
    state = blank_state(
        year=1706,
        season="autumn",
        active=("SWE", "RUS", "SAX", "POL"),
        blocks={"swe_krassow": ("saxony", 3), "sax_steinau": ("mazowsze", 3)},
        markers={"saxony": "SWE", "danzig": "SAX"},
    )
    raw: list = []
    politics.impose_truce(state, "SAX", LoadedDice([]), raw)
    state.year, state.phase = 1709, "action_roll"
    state.blocks["swe_karl"].at = "baturyn"
    nations.mazepa_defection(state, LoadedDice([6]), raw)
    politics.cede(state, "bremen_verden", LoadedDice([]), raw)
    return state, raw, ("Krassow", "Steinau", "Zaporozhians")


def russian_steps():
    state = blank_state(
        year=1705,
        phase="entry",
        active=("SWE", "RUS", "DEN"),
        markers={"nyen": "RUS"},
        blocks={
            "rus_cruys": ("year:1705", 3),
            "rus_zmaevich": ("year:1705", 3),
            "rus_sheremetev_h": ("pskov", 4),
            "rus_sheremetev_b": ("reform_box", 1),
            "rus_menshikov_b": ("reform_box", 1),
            "rus_golitsyn": ("moskva", 3),
            "swe_sjoblad": ("set_aside", 2),
            "den_gyldenlove": ("H:sjaelland", 3),
        },
        statuses={"DEN": "truce"},
    )
    state.nations["SAX"].status = "truce"
    state.nations["SAX"].cube_year = 1705
    state.reform_eligible = True
    raw: list = []
    nations.year_track_arrivals(state, raw)
    state.standing["coalition"] = {
        "reform": {"text": "", "value": {"block": "rus_sheremetev_h", "year": None}}
    }
    nations.russian_reform(state, raw)
    state.standing["coalition"]["reform"] = {
        "text": "",
        "value": {"block": "rus_menshikov_h", "year": 1706},
    }
    nations.russian_reform(state, raw)  # 1706 is not two years ahead: skipped, privately
    state.standing["sweden"] = {"offer|RUS": {"text": "", "value": {"nation": "RUS"}}}
    politics.truce_offers(state, LoadedDice([]), raw)
    naval.relocate_fleets(state, raw)  # Denmark under truce: Gyldenløve is its own, pooled
    naval.return_set_aside(state, raw)
    kinds = {e["kind"] for e in raw}
    assert {"arrivals", "converted", "cube_removed", "reform", "reform_skipped"} <= kinds
    assert {"truce_offer", "set_aside_returned"} <= kinds
    return state, raw, ("Golitsyn",)  # the Reform box and the Year Track are public (1.7)


@pytest.mark.parametrize("steps", [naval_steps, political_steps, russian_steps])
def test_13_6_events_of_9_to_11_render_without_hidden_identities(steps) -> None:
    state, raw, hidden = steps()
    events = to_events(state, raw)
    public = [e for e in events if e.public]
    text = render("baltic", "report", "md", context(state, None, public))
    for name in hidden:
        assert name not in text
    for side in ("sweden", "coalition"):
        own = [e for e in events if e.public or e.to == side]
        render("baltic", "private", "md", context(state, side, own))


def test_9_4g_public_report_counts_a_relocated_fleet() -> None:
    state, raw, _ = naval_steps()
    public = [e for e in to_events(state, raw) if e.public]
    text = render("baltic", "report", "md", context(state, None, public))
    assert "1 Sweden fleet moves from the harbor of Pommern to the harbor of Småland." in text
    assert "Estland: only fleets in harbor: 1 fleet of Sweden; no battle." in text


def test_9_4d_we5_expulsion_line_in_the_public_report() -> None:
    state = blank_state(blocks={"swe_sjoblad": ("H:estland", 3)}, markers={"estland": "RUS"})
    raw: list = []
    naval.expel_fleets(state, "estland", raw)
    public = [e for e in to_events(state, raw) if e.public]
    text = render("baltic", "report", "md", context(state, None, public))
    assert (
        "1 Sweden fleet leaves the captured harbor of Estland for the Gulf of Finland, losing a "
        "step." in text
    )
    assert "Sjöblad" not in text


@pytest.mark.parametrize(
    ("lang", "converts", "moves", "marker"),
    [
        (
            "en",
            "**Nyen becomes Sankt-Peterburg**",
            "Gyldenløve moves from the harbor of Sjælland to the harbor of Sankt-Peterburg.",
            "Garrison markers: Sankt-Peterburg (Russia).",
        ),
        (
            "ru",
            "**Ниен становится Санкт-Петербургом**",
            "Гюльденлёве переходит из гавани Зеландии в гавань Санкт-Петербурга.",
            "Маркеры гарнизона: Санкт-Петербург (Россия).",
        ),
        (
            "pt_BR",
            "**Nyen passa a ser São Petersburgo**",
            "São Petersburgo",
            "São Petersburgo",
        ),
    ],
)
def test_11_2h_events_name_nyen_as_converted(lang, converts, moves, marker) -> None:
    """11.2h: once Nyen converts, every sentence of the report names Sankt-Peterburg, as the
    Forces table does; only the conversion itself names what it was (issue 19)."""
    state, raw, _ = russian_steps()
    assert state.converted == ["nyen"]
    own = [e for e in to_events(state, raw) if e.public or e.to == "coalition"]
    text = render("baltic", "private", "md", context(state, "coalition", own), lang)
    assert converts in text and moves in text and marker in text
    assert text.count("Nyen") == (1 if lang != "ru" else 0), text
    assert "Ниен" not in text.replace("Ниен становится", "")
