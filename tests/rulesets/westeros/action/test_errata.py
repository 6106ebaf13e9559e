"""The publisher's Errata and FAQ v2.0 points that touch combat (rules brief, "Official
errata"): each test names the erratum it checks, with the same small battle as test_cards
(the attacker marches from Seagard into The Twins)."""

from __future__ import annotations

from tests.rulesets.westeros.action.helpers import find_events, sorted_units
from tests.rulesets.westeros.action.test_cards import fight, resolved

TIDES = {"ports": "second-edition", "tides_of_battle": True}


def test_errata_order_tokens_of_emptied_areas_go_at_combat_clean_up() -> None:
    # Errata: "Order tokens in areas without units are removed at the end of each combat's
    # clean-up": Mace Tyrell destroys Stark's only footman, yet its Defense +1 still counts.
    played = fight(
        "tyrell",
        "stark",
        "mace-tyrell",
        "ser-rodrick-cassel",
        d_units=("footman",),
        orders={"the_twins": "defense+1"},
    )
    assert find_events(played, "ability", card="mace-tyrell", killed="footman")
    defender = resolved(played)["strength"]["defender"]
    assert (defender["units"], defender["order"]) == (0, 1)
    assert sorted_units(played.state.units) == {"the_twins": {"tyrell": ["knight"]}}
    assert "the_twins" not in played.state.orders


def test_errata_emptied_support_area_order_removed_when_the_combat_ends() -> None:
    # The same erratum, seen from the state: during the combat the token stays; once the
    # battle is over no order stands in an area without units.
    played = fight(
        "tyrell",
        "stark",
        "mace-tyrell",
        "ser-rodrick-cassel",
        d_units=("footman",),
        orders={"the_twins": "defense+1"},
    )
    ended = find_events(played, "battle_ended")
    assert ended and all(played.state.units.get(a) for a in played.state.orders)


def test_errata_support_from_any_house_counts_as_supported() -> None:
    # Errata: "an ability that asks whether a house is supported counts support from any
    # house": Lannister supports Greyjoy, so Asha Greyjoy gets no swords and no Stark
    # footman dies (unsupported, two would: test_asha_greyjoy_unsupported_gets_swords).
    played = fight(
        "greyjoy",
        "stark",
        "asha-greyjoy",
        "catelyn-stark",
        a_units=("knight", "knight"),
        d_units=("footman", "footman", "footman"),
        units={"the_mountains_of_the_moon": {"lannister": ["footman"]}},
        orders={"the_mountains_of_the_moon": "support+0"},
        subs={"lannister": "support: Greyjoy\n"},
    )
    assert resolved(played)["strength"]["attacker"]["support"] == 1
    assert not find_events(played, "casualties", house="stark")
    assert sorted_units(played.state.units) == {
        "moat_cailin": {"stark": ["footman", "footman", "footman"]},
        "the_twins": {"greyjoy": ["knight", "knight"]},
        "the_mountains_of_the_moon": {"lannister": ["footman"]},
    }


def test_errata_robb_stark_works_when_stark_wins_as_defender() -> None:
    # Errata: "Robb Stark's ability also works when Stark wins as the defender": Stark
    # sends the beaten attacker to Moat Cailin instead of back to Seagard.
    played = fight(
        "lannister",
        "stark",
        "ser-jaime-lannister",
        "robb-stark",
        a_units=("footman",),
        d_units=("knight",),
        subs={"stark": "robb The Twins: Moat Cailin\n"},
    )
    assert find_events(played, "ability", card="robb-stark", to="moat_cailin")
    assert sorted_units(played.state.units) == {
        "moat_cailin": {"lannister": ["footman"]},
        "the_twins": {"stark": ["knight"]},
    }


def _drawn(played, house: str) -> str:
    (event,) = [e for e in played.events if e.kind == "tides_drawn" and e.to == house]
    return event.data["card"]


def test_errata_tides_blade_may_redraw_the_holders_card() -> None:
    # Errata, Tides of Battle: the Valyrian Steel Blade may discard its holder's Tides card
    # and draw a new one; so used, it adds no +1. Greyjoy holds the blade (Fiefdoms 1st).
    played = fight(
        "greyjoy",
        "stark",
        "euron-crows-eye",
        "ser-rodrick-cassel",
        blade_used=False,
        options=TIDES,
        subs={"greyjoy": "blade: redraw\n"},
    )
    (used,) = find_events(played, "blade_used")
    battle = resolved(played)
    assert used.data["tides"] == battle["tides"]["attacker"]
    assert battle["strength"]["attacker"]["blade"] == 0


def test_errata_tides_blade_may_add_one_instead() -> None:
    # Errata: "or — if not used so — add +1 after the reveal (once a round either way)".
    played = fight(
        "greyjoy",
        "stark",
        "euron-crows-eye",
        "ser-rodrick-cassel",
        blade_used=False,
        options=TIDES,
        subs={"greyjoy": "blade: yes\n"},
    )
    battle = resolved(played)
    assert battle["strength"]["attacker"]["blade"] == 1
    assert find_events(played, "blade_used", tides=None)
    assert battle["tides"]["attacker"] == _drawn(played, "greyjoy")


def test_errata_tides_blade_request_offers_both_uses() -> None:
    played = fight(
        "greyjoy",
        "stark",
        "euron-crows-eye",
        "ser-rodrick-cassel",
        blade_used=False,
        options=TIDES,
        defaults=(),
    )
    (blade,) = [r for r in played.waiting if r.kind == "blade"]
    assert blade.context["choices"] == ["use", "redraw"] and blade.context["optional"]


def test_errata_cancel_abilities_before_immediately_abilities() -> None:
    # Errata: "immediately" abilities resolve after every "ignore"/"cancel" ability: Tyrion
    # cancels Doran Martell before Doran's immediate ability could move Lannister down.
    played = fight(
        "martell",
        "lannister",
        "doran-martell",
        "tyrion-lannister",
        hands={"martell": ["doran-martell", "areo-hotah"]},
        subs={
            "martell": "card: Doran Martell\nreplace: Areo Hotah\n",
            "lannister": "tyrion The Twins: yes\n",
        },
    )
    assert find_events(played, "ability", card="tyrion-lannister", cancelled="doran-martell")
    assert not find_events(played, "ability", card="doran-martell")
    assert resolved(played)["cards"] == {"attacker": "areo-hotah", "defender": "tyrion-lannister"}
    assert played.state.tracks["iron_throne"][1] == "lannister"


def test_errata_after_combat_abilities_after_the_cards_are_discarded() -> None:
    # Errata: "after combat" abilities resolve at the end of the clean-up, after the played
    # cards are discarded: Patchface can no longer pick the Greatjon Umber Stark played.
    played = fight(
        "baratheon",
        "stark",
        "patchface",
        "greatjon-umber",
        hands={"stark": ["greatjon-umber", "eddard-stark", "robb-stark"]},
        subs={"stark": "card: Greatjon Umber\n"},
    )
    (request,) = [r for r in played.waiting if r.kind == "patchface"]
    assert request.context["choices"] == ["eddard-stark", "robb-stark"]
    assert "greatjon-umber" in played.state.discards["stark"]
