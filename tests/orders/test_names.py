"""Lenient names: case, aliases, typos and prefixes, accepted only when unambiguous."""

from __future__ import annotations

import pytest

from adjudicator.orders.errors import ErrorKind, LineError
from adjudicator.orders.names import NameIndex, declare
from adjudicator.rulesets.westeros.board import load_board


@pytest.mark.parametrize(
    ("typed", "area"),
    [
        ("Winterfell", "winterfell"),
        ("winterfell", "winterfell"),
        ("Winterfel", "winterfell"),  # a small typo
        ("KL", "kings_landing"),  # an alias
        ("Kings Landing", "kings_landing"),
        ("king's landing", "kings_landing"),
        ("Winterfell port", "port_of_winterfell"),
        ("port of winterfell", "port_of_winterfell"),
        ("Redwyne Straits", "redwyne_straights"),
        ("the eyrie", "the_eyrie"),
        ("Eyrie", "the_eyrie"),
        ("Blackwater Ba", "blackwater_bay"),  # a unique prefix
        ("moat_cailin", "moat_cailin"),  # the id itself
    ],
)
def test_what_players_type_is_understood(typed: str, area: str) -> None:
    assert load_board().names.find(typed) == area


def test_an_ambiguous_prefix_lists_the_candidates() -> None:
    with pytest.raises(LineError) as caught:
        load_board().names.find("Black")
    assert caught.value.kind is ErrorKind.AMBIGUOUS
    assert tuple(map(str, caught.value.alternatives)) == ("Blackwater", "Blackwater Bay")


def test_an_unknown_name_suggests_close_ones() -> None:
    with pytest.raises(LineError) as caught:
        load_board().names.find("Wintertown")
    assert caught.value.kind is ErrorKind.INVALID
    assert "Winterfell" in map(str, caught.value.alternatives)


def test_among_restricts_the_candidates() -> None:
    assert load_board().names.find("White", among=["white_harbor"]) == "white_harbor"
    with pytest.raises(LineError):
        load_board().names.find("Winterfell", among=["white_harbor"])


def test_the_errors_speak_of_the_noun_a_game_declares() -> None:
    """The engine knows only 'name'; 'block' is baltic's word, declared by its ruleset."""
    from adjudicator.rulesets.baltic.nouns import NOUNS

    index = NameIndex({"lewenhaupt": ["Lewenhaupt"]}, "block")
    with pytest.raises(LineError) as caught:
        index.find("Storks")
    assert str(caught.value.message) == "no block called 'Storks'"
    assert index.find("lewenh") == "lewenhaupt"
    with pytest.raises(LineError) as caught:
        NameIndex({"x": ["X"]}).find("")
    assert str(caught.value.message) == "a name is missing here"
    with pytest.raises(ValueError, match="declared twice"):
        declare({"block": NOUNS["nation"]})


def test_a_noun_nobody_declared_is_a_clear_error() -> None:
    with pytest.raises(KeyError, match="declares its own"):
        NameIndex({"x": ["X"]}, "gizmo")
