"""13.5 with issue 19: a standing line that cannot be used when its decision comes is
skipped, and the side's private report says which line and why, in its language."""

from __future__ import annotations

import pytest

from adjudicator.rulesets.baltic import politics
from tests.rulesets.baltic.blank import blank_state
from tests.rulesets.baltic.loaded_dice import LoadedDice
from tests.rulesets.baltic.phase import kinds, play, reports, submit

REGROUP = "regroup Pskov: Dalregementet -> Livland"
SHOWN = REGROUP.replace(">", "\\>")  # as Markdown escapes it


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            f'Your standing line "{SHOWN}" was not used: Dalregementet did not fight in Pskov: '
            "only blocks that fought there regroup (5.6c).",
        ),
        ("ru", f"Ваша постоянная строка «{SHOWN}» не применена:"),
        ("pt_BR", f'Sua linha permanente "{SHOWN}" não foi usada:'),
    ],
)
def test_5_6c_a_regroup_line_for_a_block_that_did_not_fight_is_told(lang, said) -> None:
    """5.6c (D7): only blocks that fought regroup; Dalregementet stayed in Livland."""
    state = blank_state(
        blocks={
            "swe_lewenhaupt": ("livland", 4),
            "swe_dalregementet": ("livland", 2),
            "rus_streltsy": ("pskov", 1),
        },
    )
    submit(state, "sweden", REGROUP)
    events = play(state, "sweden", "move Lewenhaupt: Livland -> Pskov", LoadedDice([1] * 4))
    assert kinds(events, "battle_end")[0]["winner"] == "sweden"
    assert kinds(events, "regroup") == []
    assert state.blocks["swe_dalregementet"].at == "livland"
    told = reports(state, events, lang)
    assert said in told["sweden"], told["sweden"]
    assert SHOWN not in told["public"] and SHOWN not in told["coalition"]


def test_10_2c_an_offer_to_a_nation_that_may_not_be_offered_is_told() -> None:
    """10.2c, j: a truce is offered only to an active enemy nation; Russia is truced already."""
    state = blank_state(phase="entry")
    submit(state, "sweden", "offer truce Russia")
    state.nations["RUS"].status = "truce"  # truced since the line was sent
    events: list = []
    politics.truce_offers(state, LoadedDice([]), events)
    assert kinds(events, "truce_offer") == []
    assert "offer|RUS" not in state.standing.get("sweden", {})  # used up all the same (13.4)
    told = reports(state, events, "en")["sweden"]
    assert 'Your standing line "offer truce Russia" was not used: a truce cannot be offered' in told


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "was not used: Lewenhaupt cannot retreat from Pskov to Polotsk now (5.5)."),
        ("ru", "не применена: Левенгаупт не может сейчас отступить из Пскова в Полоцк (5.5)."),
        ("pt_BR", "não foi usada:"),
    ],
)
def test_5_5c_a_retreat_entry_not_legal_now_is_passed_over_and_told(lang, said) -> None:
    """5.5c: the attacker retreats only the way it came; the line's Polotsk is passed over
    for the default (Livland), and Sweden is told so."""
    state = blank_state(
        year=1705,
        blocks={"swe_lewenhaupt": ("livland", 3), "rus_golitsyn": ("pskov", 4)},
    )
    submit(state, "sweden", "battle Pskov: retreat round 2\nretreat priority Pskov: Polotsk")
    dice = LoadedDice([6, 6, 6, 6, 6, 6, 6])
    events = play(state, "sweden", "move Lewenhaupt: Livland -> Pskov", dice)
    assert [e["to"] for e in kinds(events, "retreat")] == ["livland"]
    told = reports(state, events, lang)
    assert said in told["sweden"], told["sweden"]
    assert "Polotsk" not in told["public"] and "retreat priority" not in told["coalition"]
