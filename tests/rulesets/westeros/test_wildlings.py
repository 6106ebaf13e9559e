"""Wildling attacks: bids, ties, the threat track, the deck (and the raven's look), text forms."""

from __future__ import annotations

import pytest

from adjudicator.dice import Dice
from adjudicator.requests import Answer
from adjudicator.rulesets.westeros import RULESET
from adjudicator.rulesets.westeros.language.wildling_lines import render
from adjudicator.rulesets.westeros.rules import westeros_phase
from tests.rulesets.westeros.harness import play, six_player_position
from tests.rulesets.westeros.wildling_helpers import KINDS, attack, attack_state, event

POWER = {"stark": 3, "lannister": 3, "baratheon": 2, "greyjoy": 0, "tyrell": 1, "martell": 0}


def test_bids_are_secret_requests_with_their_legal_bids() -> None:
    state = attack_state("silence-at-the-wall", power=POWER)
    played = attack(state, {}, defaults=False)
    asked = {r.player: r for r in played.waiting}
    assert sorted(asked) == ["baratheon", "lannister", "stark", "tyrell"]  # no power: no ask
    assert all(r.kind == "wildling-bid" and r.secret for r in asked.values())
    assert asked["baratheon"].context["choices"] == [0, 1, 2]


def test_victory_when_the_bids_reach_the_threat_all_bid_tokens_discarded() -> None:
    state = attack_state("silence-at-the-wall", threat=6, power=POWER)
    subs = {
        "stark": "bid wildlings: 3",
        "lannister": "bid wildlings: 2",
        "tyrell": "bid wildlings: all",
    }
    played = attack(state, subs)
    bids = event(played, "wildling_bids")[0]
    assert bids["total"] == 6 and bids["outcome"] == "victory" and bids["track"] == [6, 0]
    assert played.state.power == {**POWER, "stark": 0, "lannister": 1, "tyrell": 0}
    assert event(played, "wildling_card")[0]["bidder"] == "stark"


def test_defeat_drops_the_threat_two_spaces() -> None:
    state = attack_state("silence-at-the-wall", threat=12, power=POWER)
    played = attack(state, {"stark": "bid wildlings: 3"})
    assert event(played, "wildling_bids")[0]["track"] == [12, 8]
    assert played.state.wildlings == 8


def test_a_bid_above_the_power_held_is_skipped_with_the_reason() -> None:
    state = attack_state("silence-at-the-wall", power=POWER)
    events: list = []
    westeros_phase.advance(state, Dice(b"case", "case", 0), events)
    (request,) = [r for r in RULESET.requests(state) if r.player == "tyrell"]
    instructions = RULESET.parse(state, "tyrell", "bid wildlings: 4")
    choice = RULESET.answer(state, request, instructions)
    assert choice.instruction is None
    assert str(choice.skipped[0][1]) == "you have only 1 Power token to bid"


def test_a_tie_for_highest_is_broken_by_the_iron_throne_holder() -> None:
    # Stark and Lannister both bid 3: Baratheon (Iron Throne) names Lannister.
    state = attack_state("skinchanger-scout", threat=6, power=POWER)
    subs = {
        "stark": "bid wildlings: 3",
        "lannister": "bid wildlings: 3",
        "baratheon": "bid wildlings: 0\ntie wildlings: Lannister, Stark",
        "tyrell": "bid wildlings: 0",
    }
    played = attack(state, subs, defaults=False)
    assert event(played, "wildling_tie") == [
        {"house": "baratheon", "chosen": "lannister", "which": "highest"}
    ]
    assert played.state.power["lannister"] == 3 and played.state.power["stark"] == 0


def test_a_tie_default_keeps_the_iron_throne_order() -> None:
    # Brief: "previous relative order". Highest tie: Lannister is above Stark on the track.
    state = attack_state("skinchanger-scout", threat=6, power=POWER)
    played = attack(state, {"stark": "bid wildlings: 3", "lannister": "bid wildlings: 3"})
    assert event(played, "wildling_tie")[0]["chosen"] == "lannister"
    # Lowest tie among Greyjoy, Martell (0 power) and Tyrell (bids 0): the last of them on
    # the Iron Throne track, Tyrell, is the lowest bidder.
    state = attack_state("skinchanger-scout", threat=12, power=POWER)
    played = attack(state, {})
    assert event(played, "wildling_tie")[0] == {
        "house": "baratheon",
        "chosen": "tyrell",
        "which": "lowest",
    }


def test_the_tie_request_lists_the_tied_houses() -> None:
    state = attack_state("skinchanger-scout", threat=12, power=POWER)
    played = attack(state, {}, defaults=["wildling-bid"])
    (tie,) = played.waiting
    assert (tie.player, tie.kind) == ("baratheon", "wildling-tie")
    # Everyone bid 0: all six are tied for lowest, listed in Iron Throne order.
    assert tie.context["choices"] == state.tracks["iron_throne"]
    assert tie.context["which"] == "lowest"


def test_the_raven_burial_feeds_the_next_attack() -> None:
    # The raven's holder looks at the top card and buries it; the next attack draws the
    # card that was second.
    orders = {"lannisport": "march+0", "stoney_sept": "raid", "winterfell": "march+1"}
    state = RULESET.load_position(
        six_player_position(phase="raven", orders=orders), Dice(b"case", "case", 0)
    )
    first, second = state.decks["wildlings"][:2]
    play(state, {"lannister": "raven: look\nbury: yes"}, defaults=["raven", "bury"])
    assert state.decks["wildlings"][-1] == first
    state.phase, state.orders = "westeros", {}
    state.action = {"step": "westeros", "open": [], "n": 0, "cards": [["t", "wildlings-attack"]]}
    played = attack(state)
    assert event(played, "wildling_card")[0]["card"] == second
    assert played.state.decks["wildlings"][-2:] == [first, second]


def test_the_raven_look_without_burial_keeps_the_card_for_the_attack() -> None:
    orders = {"lannisport": "march+0"}
    state = RULESET.load_position(
        six_player_position(phase="raven", orders=orders), Dice(b"case", "case", 0)
    )
    first = state.decks["wildlings"][0]
    play(state, {"lannister": "raven: look\nbury: no"}, defaults=["raven", "bury"])
    state.phase, state.orders = "westeros", {}
    state.action = {"step": "westeros", "open": [], "n": 0, "cards": [["t", "wildlings-attack"]]}
    played = attack(state)
    assert event(played, "wildling_card")[0]["card"] == first


def test_the_receipt_echoes_each_wildling_line() -> None:
    state = attack_state("silence-at-the-wall")
    text = (
        "bid wildlings: 2\nbid wildlings again: all\ntie wildlings: lannister, stark\n"
        "crow killers: 2 footmen in Winterfell\nmassing on the milkwater: discard Robb\n"
        "a king beyond the wall: fiefdoms\npreemptive raid: influence, kings court\n"
        "the horde descends: muster Winterfell: knight from footman\nmammoth riders: no\n"
        "the horde descends: knight in Riverrun"
    )
    understood = [str(i.understood) for i in RULESET.parse(state, "stark", text)]
    assert understood == [
        "bid wildlings: 2",
        "bid wildlings again: all",
        "tie wildlings: Lannister, Stark (used only if you hold the Iron Throne when asked)",
        "crow killers: footman in Winterfell, footman in Winterfell",
        "massing on the milkwater: Robb Stark",
        "a king beyond the wall: Fiefdoms",
        "preemptive raid: influence, King's Court",
        "the horde descends: muster Winterfell: knight from footman",
        "mammoth riders: no",
        "the horde descends: knight in Riverrun (used only if you hold Riverrun when asked)",
    ]


@pytest.mark.parametrize(
    "text, message",
    [
        ("skinchanger scout: yes", "Skinchanger Scout asks nobody to choose"),
        ("massing on the milkwater: Tywin", "Tywin Lannister is a Lannister card, not yours"),
        ("bid wildlings: lots", "expected a number of Power tokens or 'all'"),
        ("a king beyond the wall: footman in Winterfell", "no track called"),
    ],
)
def test_bad_wildling_lines_are_rejected_with_the_reason(text: str, message: str) -> None:
    from adjudicator.orders.errors import OrderErrors

    state = attack_state("silence-at-the-wall")
    with pytest.raises(OrderErrors) as caught:
        RULESET.parse(state, "stark", text)
    assert message in str(caught.value.errors[0])


CARDS = [
    "silence-at-the-wall",
    "preemptive-raid",
    "crow-killers",
    "rattleshirts-raiders",
    "massing-on-the-milkwater",
    "a-king-beyond-the-wall",
    "mammoth-riders",
    "the-horde-descends",
    "skinchanger-scout",
]


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("threat", [0, 12])
def test_every_default_written_as_text_answers_its_request(card: str, threat: int) -> None:
    """A round trip for bots: the default of every open request, rendered as a line, is
    read back by the parser and answers the request with the same value."""
    state = attack_state(card, threat=threat, power=POWER, supply={h: 0 for h in POWER})
    events: list = []
    westeros_phase.advance(state, Dice(b"case", "case", 0), events)
    for n in range(50):
        requests = [r for r in RULESET.requests(state) if r.kind in KINDS]
        if not requests:
            break
        answers = {}
        for request in requests:
            value = RULESET.default(state, request, Dice(b"case", card, n))
            lines = render(state, request, value) if request.kind.startswith("wildling") else []
            if not lines:
                answers[request.id] = Answer(request.id, value)
                continue
            parsed = RULESET.parse(state, request.player, "\n".join(lines))
            choice = RULESET.answer(state, request, parsed)
            assert choice.instruction is not None, (lines, choice.skipped)
            assert choice.value == value or (value == [] and choice.value in ([], None)), lines
            answers[request.id] = Answer(request.id, choice.value)
        RULESET.step(state, answers, Dice(b"case", card, n))
    assert not any(r.kind in KINDS for r in RULESET.requests(state))


def test_errata_lowest_bidder_first_then_everyone_else_in_turn_order() -> None:
    # Errata (FAQ v2.0): "the lowest bidder resolves its penalty first, then everyone else in
    # turn order". Martell bids nothing (lowest); the others follow the Iron Throne track.
    power = {"stark": 1, "lannister": 1, "baratheon": 1, "greyjoy": 1, "tyrell": 1, "martell": 0}
    state = attack_state("skinchanger-scout", threat=12, power=power)
    bids = {h: "bid wildlings: 1" for h in power if h != "martell"}
    played = attack(state, bids)
    order = [e["house"] for e in event(played, "wildling_power")]
    assert order == ["martell", "baratheon", "lannister", "stark", "greyjoy", "tyrell"]


def test_a_tie_line_from_the_iron_throne_is_used_as_it_stands() -> None:
    """Only the Iron Throne's holder breaks a tie of wildling bids: the receipt of the
    holder's tie line has no condition, whoever the line lists last."""
    state = attack_state("silence-at-the-wall")
    holder = state.holder("iron_throne")
    others = [h for h in state.houses if h != holder][:2]
    line = f"tie wildlings: {holder}, {others[0]}, {others[1]}"
    (mine,) = RULESET.parse(state, holder, line)
    (theirs,) = RULESET.parse(state, others[1], line)
    assert "used only if" not in str(mine.understood)
    assert "used only if you hold the Iron Throne" in str(theirs.understood)
