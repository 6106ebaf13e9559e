"""Order tokens as values: the text a game file saves reads back as the same token.

Rulebook, Planning Phase: each house owns 15 order tokens of 11 kinds. `OrderToken.text` is
the name game.yaml keeps in `orders:` (and a position file may use); `OrderToken.from_text`
is its exact inverse, as python-chess's `Move.uci`/`Move.from_uci`.
"""

from __future__ import annotations

import pytest

from adjudicator.rulesets.westeros import flow
from adjudicator.rulesets.westeros.board import OrderToken, load_board

SAVED = [
    "march-1",
    "march+0",
    "march+1",
    "defense+1",
    "defense+2",
    "support+0",
    "support+1",
    "consolidate-power",
    "consolidate-power*",
    "raid",
    "raid*",
]
"""The 11 names game files have always saved (README, westeros: position files), in the
board's order: old games must load unchanged."""


def distinct_tokens() -> list[OrderToken]:
    return list(dict.fromkeys(load_board().tokens))


def test_the_board_has_eleven_kinds_of_token_saved_under_the_old_names() -> None:
    assert [t.text() for t in distinct_tokens()] == SAVED
    assert len(load_board().tokens) == 15


@pytest.mark.parametrize("token", distinct_tokens(), ids=OrderToken.text)
def test_text_round_trips_for_every_token(token: OrderToken) -> None:
    assert OrderToken.from_text(token.text()) == token
    assert OrderToken.from_text(token.text()).text() == token.text()


@pytest.mark.parametrize("text", SAVED)
def test_from_text_is_the_inverse_of_text(text: str) -> None:
    token = OrderToken.from_text(text)
    assert token.text() == text
    # The state's order texts are read through the value (flow's queries of state.orders).
    assert (flow.order_type(text), flow.order_bonus(text), flow.is_star(text)) == (
        token.type,
        token.bonus,
        token.star,
    )


def test_star_tokens_are_one_of_each_type() -> None:
    """Rulebook: one special token per order type (March +1, Defense +2, Support +1, Raid,
    Consolidate Power)."""
    stars = {t.type: t.text() for t in distinct_tokens() if t.star}
    assert stars == {
        "march": "march+1",
        "defense": "defense+2",
        "support": "support+1",
        "raid": "raid*",
        "consolidate-power": "consolidate-power*",
    }


@pytest.mark.parametrize("text", ["March +1", "march", "raid *", "defense+3", ""])
def test_what_players_write_is_no_canonical_text(text: str) -> None:
    """Players' notation ('March +1') is read by the order language, never by `from_text`."""
    with pytest.raises(ValueError, match="is no order token") as raised:
        OrderToken.from_text(text)
    assert "march+1" in str(raised.value)
