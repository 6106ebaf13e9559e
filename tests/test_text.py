"""Sentences said later (`adjudicator.text`): an order error or a receipt is said in the
reader's language, the game's names in that language's words (issue 12)."""

from __future__ import annotations

import pytest

from adjudicator.orders.errors import LineError, format_errors
from adjudicator.rulesets.westeros.board import load_board
from adjudicator.submissions import Receipt
from adjudicator.text import Name, _l, _ln, from_data, to_data


def _unknown_area_error(text: str) -> LineError:
    with pytest.raises(LineError) as caught:
        load_board().names.find(text)
    return caught.value


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "line 3: invalid\n  'march Yronzzz -> Sunspear'\n  no area called 'Yronzzz'"),
        (
            "ru",
            "строка 3: не понято\n  'march Yronzzz -> Sunspear'\n  неизвестная область «Yronzzz»",
        ),
        (
            "pt_BR",
            "linha 3: não entendido\n  'march Yronzzz -> Sunspear'\n"
            '  área desconhecida: "Yronzzz"',
        ),
    ],
)
def test_an_unknown_area_is_said_in_the_players_language_with_local_names(
    lang: str, expected: str
) -> None:
    error = _unknown_area_error("Yronzzz").at(3, "march Yronzzz -> Sunspear")
    said = format_errors([error], lang, "westeros")
    assert said.startswith(expected)
    suggestion = {"en": "Yronwood", "ru": "Айронвуд", "pt_BR": "Paloferro"}[lang]
    assert suggestion in said.splitlines()[-1]


@pytest.mark.parametrize(
    ("n", "word"), [(1, "ошибка"), (3, "ошибки"), (5, "ошибок"), (21, "ошибка")]
)
def test_russian_counts_take_their_three_plural_forms(n: int, word: str) -> None:
    text = _ln("and %(n)d more error", "and %(n)d more errors", n)
    assert text.say("ru", None) == f"и ещё {n} {word}"
    assert str(text) == f"and {n} more error" + ("" if n == 1 else "s")


def test_a_receipt_echoes_what_was_understood_in_the_players_words() -> None:
    understood = _l("orders in %(area)s", area=Name("winterfell", "Winterfell"))
    receipt = Receipt("0001-stark", "stark", (understood,), ("march Winterfell -> X",))
    assert receipt.say("ru", "westeros").splitlines()[0] == "Старк: принято как 0001-stark"
    assert str(receipt).splitlines()[1] == "  orders in Winterfell"


def test_a_text_survives_yaml_as_plain_data() -> None:
    text = _l("%(a)s and %(b)s", a=Name("winterfell", "Winterfell"), b=(Name("x", "X"), "y"))
    data = to_data(text)
    assert data == {
        "text": "%(a)s and %(b)s",
        "fields": {
            "a": {"name": "winterfell", "en": "Winterfell"},
            "b": [{"name": "x", "en": "X"}, "y"],
        },
    }
    assert from_data(data) == text
    assert str(from_data(data)) == "Winterfell and X, y"
