"""Issue 17 through the real engine: order files as players write them, and what comes back.

Stark reads Russian, Lannister Brazilian Portuguese, the others English; each test drops a
file in inbox/, runs the engine and reads the receipt or the rejection.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from adjudicator import engine
from tests.conftest import START, order_file
from tests.rulesets.westeros.test_westeros_i18n import _errors, _languages, _receipt

LANG_OF = {"stark": "ru", "lannister": "pt_BR", "baratheon": "en"}


@pytest.fixture
def game(new_game) -> Path:
    path = new_game()
    _languages(path)
    return path


def send(game: Path, text: str, name: str) -> None:
    (game / "inbox" / f"{name}.txt").write_text(text, encoding="utf-8")
    engine.run(game, START + timedelta(hours=1))


# -- 10. an unknown house is named; a wrong password stays generic ------------------------------
def test_an_unknown_house_is_answered_with_the_houses(game: Path) -> None:
    send(game, "house: starks\npassword: whatever\nWinterfell: march\n", "starks")
    said = _errors(game, "starks")
    assert "'starks' is no house of this game\n  legal: Stark, Lannister, " in said, said
    assert "password" not in said


def test_a_wrong_password_is_still_answered_only_generically(game: Path) -> None:
    send(game, order_file("baratheon", "Dragonstone: march\n", pw="wrong"), "baratheon")
    said = _errors(game, "baratheon")
    assert "house or password not recognised" in said
    assert "Lannister" not in said


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("ru", "«starks» — не дом этой игры\n  можно: Старк, Ланнистер"),
        ("pt_BR", '"starks" não é uma Casa deste jogo\n  opções válidas: Stark, Lannister'),
    ],
)
def test_the_unknown_house_answer_in_the_players_languages(lang: str, said: str) -> None:
    from adjudicator.auth import unknown_player
    from adjudicator.text import Name

    houses = [Name("stark", "Stark"), Name("lannister", "Lannister")]
    assert unknown_player("starks", houses).say(lang, "westeros").endswith(said)


# -- 6. a header-only file answers nothing, and the receipt says so ------------------------------
@pytest.mark.parametrize(
    ("house", "said"),
    [
        ("baratheon", "nothing was answered"),
        ("stark", "ответа нет"),
        ("lannister", "nada foi respondido"),
    ],
)
def test_a_file_with_only_its_header_is_told_nothing_was_answered(
    game: Path, house: str, said: str
) -> None:
    send(game, order_file(house, ""), house)
    receipt = _receipt(game, house)
    assert said in receipt and "(no instructions)" not in receipt, receipt


# -- 7. human text around the orders --------------------------------------------------------------
JOAO = """\
Oi mestre, tudo bem?
Seguem as ordens…
house: lannister
password: pw-lannister
Lanisporto: marcha
Septo de Pedra: defesa
Estreito Dourado: invasão
Porto de Lanisporto: invasão
Abraços,
--
João
Lanisporto: marcha +1
"""


def test_greetings_and_a_signature_are_told_ignored_and_the_orders_taken(game: Path) -> None:
    send(game, JOAO, "lannister")
    receipt = _receipt(game, "lannister")
    assert "  Lannisporto: Marcha +0\n" in receipt  # the line below the signature is not read
    assert "  ignorado (linha 1, sem instrução) — Oi mestre, tudo bem?\n" in receipt
    assert "  ignorado (linha 9, sem instrução) — Abraços,\n" in receipt
    assert "  ignorado — a assinatura, da linha 10 em diante\n" in receipt
    assert "nada foi respondido" not in receipt


@pytest.mark.parametrize(
    ("house", "text", "said"),
    [
        ("baratheon", "Hi GM,\nThanks!\n-- \nBob", "nothing was answered"),
        ("stark", "Привет, мастер!\nСпасибо\n", "ответа нет"),
        ("lannister", "Oi mestre!\nAbraços,\n", "nada foi respondido"),
    ],
)
def test_a_file_of_chat_only_is_told_nothing_was_answered(
    game: Path, house: str, text: str, said: str
) -> None:
    send(game, order_file(house, text), house)
    receipt = _receipt(game, house)
    assert said in receipt, receipt


@pytest.mark.parametrize(
    ("house", "line", "said"),
    [
        ("baratheon", "Dragonstone: fly +1", "'fly +1' is not an order token"),
        ("stark", "Винтерфелл: пахот", "«пахот» — не жетон приказа"),
        ("lannister", "Lanisporto: marxa", '"marxa" não é uma ficha de ordem'),
    ],
)
def test_a_line_like_an_order_with_a_mistake_is_still_an_error(
    game: Path, house: str, line: str, said: str
) -> None:
    send(game, order_file(house, f"Hello\n{line}\nBye\n"), house)
    errors = _errors(game, house)
    assert said in errors, errors


# -- 14. clear lines, and the receipt lists what is left --------------------------------------
@pytest.mark.parametrize(
    ("house", "sent", "clear", "said"),
    [
        (
            "baratheon",
            "card: Stannis\nmarch Dragonstone -> Kingswood",
            "clear card",
            "  still standing after what you cleared:\n    march Dragonstone -> Kingswood: all\n",
        ),
        (
            "stark",
            "card: Eddard Stark\nmarch Winterfell -> Karhold",
            "отменить поход Винтерфелл",
            "  после отмены остаются в силе:\n    карта: Эддард Старк\n",
        ),
        (
            "lannister",
            "card: Tywin Lannister",
            "limpar tudo",
            "  continuam valendo depois do que você apagou:\n    nada\n",
        ),
    ],
)
def test_a_clear_line_withdraws_and_the_receipt_lists_what_is_left(
    game: Path, house: str, sent: str, clear: str, said: str
) -> None:
    send(game, order_file(house, sent), f"{house}-1")
    send(game, order_file(house, clear), f"{house}-2")
    receipts = sorted((game / ".adjudicator" / "receipts").glob(f"*-{house}.txt"))
    receipt = receipts[-1].read_text(encoding="utf-8")
    assert said in receipt, receipt


# -- 5. an accepted line that cannot be carried out as the board stands is warned at once ------
@pytest.mark.parametrize(
    ("house", "line", "said"),
    [
        (
            "lannister",
            "recrutar Lanisporto: cavaleiro, cavaleiro",
            "atenção, linha 3: com o tabuleiro como está agora, esta linha não pode ser cumprida"
            " (Lannisporto dá 2 pontos de recrutamento, mas isto custa 4)",
        ),
        (
            "baratheon",
            "march Dragonstone -> King's Landing",
            "warning, line 3: as the board stands now it cannot be carried out (a footman in"
            " Dragonstone cannot reach King's Landing); it stays, and is checked again when it"
            " is asked for",
        ),
        (
            "stark",
            "набег Дрожащее море -> Белая Гавань",
            "внимание, строка 3: при нынешнем положении на карте её не выполнить (Белая Гавань —"
            " ваша область: набег снимает приказ чужого дома)",
        ),
    ],
)
def test_the_receipt_warns_about_a_line_that_cannot_be_carried_out_now(
    game: Path, house: str, line: str, said: str
) -> None:
    send(game, order_file(house, line + "\n"), house)
    receipt = _receipt(game, house)
    assert said in receipt, receipt


# -- 5. a standing line skipped while the game waits: the reminder says which and why ----------
@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Lines you sent that could not be used for it:\n  line 6 (march Dragonstone"),
        ("pt_BR", "Linhas que você enviou e que não puderam ser usadas para isso:\n  linha 6"),
    ],
)
def test_the_reminder_names_a_skipped_standing_line_and_why(
    game: Path, lang: str, said: str
) -> None:
    from adjudicator.clock import parse_time
    from adjudicator.publish.notices import due_notices, notice_body
    from tests.conftest import SAMPLE_ORDERS

    for house, orders in SAMPLE_ORDERS.items():
        # Accepted (with a warning: no ship carries it today), skipped when asked.
        extra = {"baratheon": "march Dragonstone -> King's Landing\n", "lannister": "raven: none\n"}
        extra = extra.get(house, "")
        (game / "inbox" / f"{house}.txt").write_text(order_file(house, orders + extra))
    engine.run(game, START + timedelta(hours=1))
    _, rows = engine.status(game)
    (row,) = [r for r in rows if r["player"] == "baratheon"]
    assert row["kind"] == "march" and not row["answered"]
    soon = parse_time(str(row["deadline"])) - timedelta(hours=1)
    (notice,) = due_notices([row], soon, reminder_hours=24)
    body = notice_body(notice, "g", "defaults", lang=lang, game="westeros")
    assert said in body, body
    why = {"en": "cannot reach King's Landing", "pt_BR": "não alcança Porto Real"}[lang]
    assert why in body, body
    # ... and so does the player's private report of the run that stopped there.
    (report,) = sorted((game / ".adjudicator" / "private" / "baratheon").glob("*.md"))[-1:]
    text = report.read_text(encoding="utf-8")
    assert "Lines you sent that could not be used for it:" in text, text
    assert "line 6 (march Dragonstone" in text and "cannot reach King's Landing" in text
