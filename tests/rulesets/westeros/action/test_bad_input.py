"""Bad instructions are rejected at submission with a message that says why; instructions
that become illegal later are skipped with the reason, never guessed."""

from __future__ import annotations

import pytest
import yaml

from adjudicator.dice import Dice
from adjudicator.orders.errors import ErrorKind, LineError
from adjudicator.requests import Instruction
from adjudicator.rulesets.westeros.language.action_lines import parse_action_line
from adjudicator.rulesets.westeros.language.verbs import read_line
from adjudicator.rulesets.westeros.rules.action import (
    action_answer,
    action_requests,
    action_step,
)
from adjudicator.rulesets.westeros.state import State
from tests.rulesets.westeros.action.helpers import action_state, run
from tests.rulesets.westeros.action.test_full_phase import INSTRUCTIONS, position


def start_state() -> State:
    state, _ = action_state(
        units={
            "winterfell": {"stark": ["knight", "footman"]},
            "riverrun": {"lannister": ["knight"]},
            "seagard": {"greyjoy": ["knight"]},
            "the_golden_sound": {"lannister": ["ship"]},
        },
        orders={"winterfell": "march+0", "seagard": "march+0", "the_golden_sound": "support+0"},
        hands={"stark": ["eddard-stark", "robb-stark"]},
    )
    return state


@pytest.mark.parametrize(
    ("house", "line", "kind", "fragment"),
    [
        (
            "stark",
            "march Riverrun -> Harrenhal",
            ErrorKind.ILLEGAL,
            "you have no units in Riverrun",
        ),
        ("stark", "raid Riverrun -> Harrenhal", ErrorKind.ILLEGAL, "you have no units in Riverrun"),
        ("stark", "consolidate Riverrun", ErrorKind.ILLEGAL, "you have no units in Riverrun"),
        (
            "stark",
            "march Winterfell -> Harrenhal",
            ErrorKind.ILLEGAL,
            "neither adjacent to Winterfell nor reachable by ship",
        ),
        (
            "stark",
            "march Winterfell -> Bay of Ice: knight",
            ErrorKind.ILLEGAL,
            "land units never enter",
        ),
        (
            "stark",
            "march Winterfell -> Castle Black: knight, knight",
            ErrorKind.ILLEGAL,
            "Winterfell holds only footman, knight",
        ),
        ("stark", "raid Winterfell -> Karhold", ErrorKind.ILLEGAL, "is March +0, not raid"),
        ("stark", "card: Greatjon Umber", ErrorKind.ILLEGAL, "Greatjon Umber is not in your hand"),
        ("stark", "card: Tywin Lannister", ErrorKind.ILLEGAL, "is a Lannister card, not yours"),
        ("stark", "card: Nobody Special", ErrorKind.INVALID, "no house card called"),
        ("stark", "march Winterfell -> Nowhere", ErrorKind.INVALID, "no area called 'Nowhere'"),
        ("stark", "blade: maybe", ErrorKind.INVALID, "expected yes or no"),
        ("stark", "port Castle Black: replace 1", ErrorKind.ILLEGAL, "Castle Black has no port"),
        (
            "stark",
            "consolidate Winterfell: muster knight",
            ErrorKind.ILLEGAL,
            "not consolidate power",
        ),
    ],
)
def test_rejected_at_submission(house: str, line: str, kind: ErrorKind, fragment: str) -> None:
    state = start_state()
    with pytest.raises(LineError) as caught:
        parse_action_line(state, house, line)
    assert caught.value.kind == kind
    assert fragment in str(caught.value.message), caught.value.message


def test_lenient_names_are_understood() -> None:
    state = start_state()
    ins = parse_action_line(state, "stark", "march winterfel -> castle blk: knight; leave power")
    assert ins.value == {
        "from": "winterfell",
        "moves": [["castle_black", ["knight"]]],
        "leave": True,
    }
    assert str(ins.understood) == "march Winterfell -> Castle Black: knight; leave power"


@pytest.mark.parametrize("arrow", ["->", "→", "=>", ">", " - ", " — ", " to "])
def test_a_march_step_is_read_as_players_type_it(arrow: str) -> None:
    """A march's step is '->' as the receipt echoes it, or what players type for it."""
    ins = parse_action_line(start_state(), "stark", f"march Winterfell{arrow}Castle Black: knight")
    assert ins.value == {
        "from": "winterfell",
        "moves": [["castle_black", ["knight"]]],
        "leave": False,
    }


@pytest.mark.parametrize(
    "line",
    [
        "поход из Винтерфелла в Чёрный Замок: рыцарь",  # the names in their cases
        "поход из Винтерфелла во Чёрный Замок: рыцарь",
        "Поход из Винтерфелла на Чёрный Замок: рыцарь",
        "marcha Winterfell para Castelo Negro: cavaleiro",
        "marcha de Winterfell para o Castelo Negro: cavaleiro",  # and the articles 'para' brings
        "marchar Winterfell pra Castelo Negro: cavaleiro",
    ],
)
def test_a_march_step_is_read_as_a_sentence_says_it(line: str) -> None:
    """Russian «из A в B» and Portuguese «de A para B» are the step 'A -> B'."""
    ins = read_line(start_state(), "stark", line)
    assert ins.value == {
        "from": "winterfell",
        "moves": [["castle_black", ["knight"]]],
        "leave": False,
    }


@pytest.mark.parametrize(
    ("house", "text", "card"),
    [
        ("lannister", "gregor", "ser-gregor-clegane"),
        ("lannister", "Jaime", "ser-jaime-lannister"),
        ("lannister", "kevan", "ser-kevan-lannister"),
        ("baratheon", "Davos", "ser-davos-seaworth"),
        ("stark", "rodrick", "ser-rodrick-cassel"),
        ("tyrell", "Loras", "ser-loras-tyrell"),
        ("tyrell", "garlan", "ser-garlan-tyrell"),
        ("tyrell", "ser loras", "ser-loras-tyrell"),
    ],
)
def test_knights_are_named_without_ser(house: str, text: str, card: str) -> None:
    # README, action phase: card names are matched leniently ('greatjon', 'dagmer'); a
    # player writes "Loras" or "Gregor" as readily as "Greatjon".
    state, _ = action_state(units={"winterfell": {"stark": ["footman"]}}, orders={})
    ins = parse_action_line(state, house, f"card: {text}")
    assert ins.value == {"prefs": [card]}


def test_support_for_a_house_not_fighting_is_rejected() -> None:
    """A battle at Riverrun (Greyjoy against Lannister) is under way: Stark is not in it."""
    state = start_state()
    greyjoy = parse_action_line(state, "greyjoy", "march Seagard -> Riverrun")
    stark = parse_action_line(state, "stark", "march Winterfell: none")
    _answer_all(state, {"stark": [stark], "greyjoy": [greyjoy]})
    assert state.action["battle"].area == "riverrun"
    with pytest.raises(LineError) as caught:
        parse_action_line(state, "lannister", "support Riverrun: Stark")
    assert "Stark is not fighting in Riverrun" in str(caught.value.message)
    # A standing "support: Martell" made earlier is skipped with the reason, not guessed.
    (request,) = action_requests(state)
    martell = Instruction("support", "", {"side": "martell"}, 3, "support: Martell")
    lannister = Instruction("support", "", {"side": "lannister"}, 4, "support: Lannister")
    choice = action_answer(state, request, [martell, lannister])
    assert choice.value == "defender"
    ((skipped, why),) = choice.skipped
    assert skipped is martell and "martell is not fighting in Riverrun" in str(why)


def test_march_made_illegal_is_skipped_with_reason() -> None:
    state = start_state()
    (request,) = action_requests(state)  # Stark's march (Iron Throne: Stark before Greyjoy)
    bad = parse_action_line(state, "stark", "march Winterfell -> Karhold: knight, footman")
    state.supply["stark"] = 0
    state.units["castle_black"] = {"stark": ["footman", "footman"]}
    state.units["white_harbor"] = {"stark": ["footman", "footman"]}
    choice = action_answer(state, request, [bad])
    assert choice.instruction is None
    assert "exceed your supply" in str(choice.skipped[0][1])


def test_raid_whose_order_was_raided_is_skipped() -> None:
    played = run(
        {
            "units": {
                "the_shivering_sea": {"stark": ["ship"]},
                "karhold": {"greyjoy": ["footman"]},
                "castle_black": {"greyjoy": ["footman"]},
                "winterfell": {"stark": ["footman"]},
            },
            "orders": {
                "the_shivering_sea": "raid",
                "karhold": "raid",
                "castle_black": "support+0",
                "winterfell": "consolidate-power",
            },
        },
        {"stark": "raid The Shivering Sea -> Karhold\n", "greyjoy": "raid Karhold -> Winterfell\n"},
    )
    assert played.waiting == []
    assert played.state.power["stark"] == 7  # Winterfell's consolidate power kept (1 + crown)


def _answer_all(state: State, by_house: dict[str, list[Instruction]]) -> None:
    from adjudicator.requests import Answer

    for _ in range(20):
        requests = action_requests(state)
        answers = {}
        for request in requests:
            choice = action_answer(state, request, by_house.get(request.player, []))
            if choice.instruction is None:
                return
            answers[request.id] = Answer(request.id, choice.value)
        action_step(state, answers, Dice(b"s", "g", 1))


def test_state_round_trips_yaml_mid_battle() -> None:
    """Saved to YAML while a battle waits, the phase resumes to the same end."""
    silent = dict(INSTRUCTIONS)
    silent["lannister"] = silent["lannister"].replace("card Riverrun: The Hound", "")
    whole = run(position(), INSTRUCTIONS)
    stopped = run(position(), silent)
    assert [(r.kind, r.player) for r in stopped.waiting] == [("card", "lannister")]
    data = yaml.safe_load(yaml.safe_dump(stopped.state.to_data()))
    rest = {
        "greyjoy": "card: Euron Crow's Eye\nblade: no\n",
        "lannister": "card: The Hound\nretreat Riverrun: Lannisport\n",
        "baratheon": "march Kingswood -> The Reach\ncard: Brienne of Tarth\n",
        "tyrell": INSTRUCTIONS["tyrell"],
    }
    resumed = run_from(State.from_data(data), rest)
    assert resumed.state.units == whole.state.units
    ids = [r.id for r in action_requests(stopped.state)]
    assert ids == [r.id for r in action_requests(State.from_data(data))]


def run_from(state: State, submissions: dict[str, str]):
    from tests.rulesets.westeros.harness import play

    return play(state, submissions)


@pytest.mark.parametrize(
    ("line", "kind", "value"),
    [
        ("card:Eddard Stark", "card", {"prefs": ["eddard-stark"]}),
        ("card Winterfell: eddard", "card", {"prefs": ["eddard-stark"]}),
        ("queen of thorns: Winterfell", "queen", {"prefs": ["winterfell"]}),
        ("queen Winterfell: Karhold", "queen", {"prefs": ["karhold"]}),
        ("doran martell Moat Cailin: kings court", "doran", {"prefs": ["kings_court"]}),
        ("tyrion lannister: yes", "tyrion", {"prefs": ["use"]}),
        ("blade: no", "blade", {"prefs": [None]}),
        (
            "retreat Moat Cailin: Winterfell, Castle Black",
            "retreat",
            {"prefs": ["winterfell", "castle_black"]},
        ),
        (
            "casualties: 2 footmen, knight",
            "casualties",
            {"units": ["footman", "footman", "knight"]},
        ),
        ("support: none", "support", {"side": "none"}),
        ("support Castle Black: Stark", "support", {"side": "stark"}),
        ("port Winterfell: destroy", "port", 0),
        ("port Port of Winterfell: replace all", "port", "all"),
    ],
)
def test_instruction_forms(line: str, kind: str, value: object) -> None:
    state = start_state()
    ins = parse_action_line(state, "stark", line)
    assert (ins.kind, ins.value) == (kind, value)
