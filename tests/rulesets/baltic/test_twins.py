"""The Russian reform twins (11.2b, c, k; WE-15; issue 19 point 3): each has a name of its
own in every language, used in every report and error, and a plain name means the one twin
the context allows: the pair for a reform, the block standing there for a move."""

from __future__ import annotations

import pytest

from adjudicator.orders.errors import OrderErrors
from adjudicator.rulesets.baltic import nations
from adjudicator.rulesets.baltic.position import scenario_state
from tests.rulesets.baltic.blank import blank_state
from tests.rulesets.baltic.phase import reports, submit

STARS = ("pyotr", "sheremetev", "menshikov", "repnin")


def entry_1702():
    """WE-15, Entry 1702: the reform is eligible, Sheremetev★ waits in the 1703 box,
    Menshikov☆ stands in the pool, the other ★ blocks in the Reform box."""
    state = blank_state(
        year=1702,
        season="spring",
        phase="entry",
        blocks={
            "rus_sheremetev_h": ("removed", 4),
            "rus_sheremetev_b": ("year:1703", 4),
            "rus_repnin_h": ("smolensk", 3),
            "rus_pyotr_h": ("novgorod", 4),
            **{f"rus_{n}_b": ("reform_box", 4) for n in ("pyotr", "menshikov", "repnin")},
        },
    )
    state.reform_eligible = True
    return state


@pytest.mark.parametrize("line", ["reform Menshikov", "reform Menshikov☆", "reform Menshikov★"])
def test_11_2c_we15_reform_menshikov_takes_the_pair(line: str) -> None:
    """WE-15 1702: `reform Menshikov` -> Menshikov☆ leaves the game, Menshikov★ goes to the
    earliest legal box, 1704; every report names each twin apart."""
    state = entry_1702()
    submit(state, "coalition", line)
    out: list = []
    nations.russian_reform(state, out)
    assert state.blocks["rus_menshikov_h"].at == "removed"
    assert state.blocks["rus_menshikov_b"].at == "year:1704"
    assert state.blocks["rus_sheremetev_b"].at == "year:1703"
    said = reports(state, out)
    for reader in ("public", "sweden", "coalition"):
        assert "Menshikov★" in said[reader]
        assert "Removed from the game: Sheremetev☆, Menshikov☆." in said[reader]
        assert "Menshikov," not in said[reader] and "Menshikov." not in said[reader]


def test_11_2c_reform_of_a_block_that_is_no_twin_names_the_pairs() -> None:
    state = entry_1702()
    with pytest.raises(OrderErrors) as caught:
        submit(state, "coalition", "reform Golitsyn")
    assert "Menshikov☆" in str(caught.value) and "Repnin☆" in str(caught.value)


def test_12_2b_poltava_reports_tell_the_twins_apart() -> None:
    """Poltava: Pyotr I☆, Sheremetev☆ and Menshikov☆ are removed while Pyotr I★,
    Sheremetev★ and Menshikov★ stand on the map; Repnin★ is in the Reform box and Repnin☆ at
    Smolensk."""
    state = scenario_state("poltava")
    said = reports(state, [])
    assert "Removed from the game: Pyotr I☆, Sheremetev☆, Menshikov☆." in said["public"]
    assert "in the Reform box: Repnin★" in said["public"]
    assert "Repnin☆" in said["coalition"] and "Sheremetev★" in said["coalition"]
    ru = reports(state, [], "ru")
    assert "Шереметев с незакрашенной звездой" in ru["public"]
    assert "Репнин с чёрной звездой" in ru["public"]
    pt = reports(state, [], "pt_BR")
    assert "Menshikov de estrela vazada" in pt["public"]
    assert "Repnin de estrela preta" in pt["public"]


def test_13_2_a_plain_name_in_a_move_means_the_twin_standing_there() -> None:
    state = blank_state(
        first_player="coalition",
        blocks={"rus_sheremetev_h": ("pskov", 4), "rus_sheremetev_b": ("novgorod", 4)},
    )
    assert submit(state, "coalition", "move Sheremetev: Novgorod -> Tver")[0]["parts"][0][
        "blocks"
    ] == ["rus_sheremetev_b"]
    assert submit(state, "coalition", "move Sheremetev☆: Pskov -> Novgorod")[0]["parts"][0][
        "blocks"
    ] == ["rus_sheremetev_h"]
    with pytest.raises(OrderErrors) as caught:
        submit(state, "coalition", "hit order: Sheremetev")
    assert "legal: Sheremetev★, Sheremetev☆" in str(caught.value)


def test_11_2k_the_receipt_of_a_reform_names_the_twin_removed() -> None:
    """`reform Menshikov in 1704` is echoed with the hollow twin it removes."""
    from adjudicator.rulesets.baltic.instructions import parse_submission

    state = entry_1702()
    (line,) = parse_submission(state, "coalition", "reform Menshikov in 1704")[1:]
    assert line.echo.say("en", "baltic") == "reform Menshikov☆ in 1704"
    assert line.echo.say("ru", "baltic") == (
        "реформировать Меншикова с незакрашенной звездой в 1704 году"
    )
    state.blocks["rus_repnin_b"].at = "smolensk"
    (line,) = parse_submission(state, "coalition", "hit order: Repnin★, Golitsyn")[1:]
    assert line.echo.say("pt_BR", "baltic") == "ordem das perdas: Repnin de estrela preta, Golitsyn"


def test_11_2b_the_private_map_tells_the_twins_apart() -> None:
    from adjudicator.mapdraw import draw_svg
    from adjudicator.rulesets.baltic.view import view

    state = scenario_state("poltava")
    seen = view(state, "coalition")
    chips = {
        u["title"]: u["label"]
        for houses in seen["units"].values()
        for units in houses.values()
        for u in units
        if isinstance(u, dict)
    }
    assert chips["Sheremetev★"] == "S★" and chips["Repnin☆"] == "R☆"
    svg = draw_svg(seen, lang="en")
    assert "<title>Sheremetev★ (4)</title>" in svg and "<title>Repnin☆ (3)</title>" in svg
