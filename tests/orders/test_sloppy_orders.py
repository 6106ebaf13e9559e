"""Order files as players really type them (issue: hidden acceptance cases): short forms of
the order words, a move line ended by its own separator. Each is read as meant, and the
receipt echoes what was understood."""

from __future__ import annotations

import pytest

from adjudicator.check import check_text
from adjudicator.inbox.mail import redact_passwords
from tests.conftest import SAMPLE_ORDERS, cli, order_file
from tests.rulesets.baltic.blank import blank_state
from tests.rulesets.baltic.loaded_dice import LoadedDice
from tests.rulesets.baltic.phase import kinds, play


@pytest.mark.parametrize(
    ("written", "echo"),
    [
        ("supp", "Support +0"),
        ("Supp +1", "Support +1 (special)"),
        ("cons", "Consolidate power"),
        ("подд.", "Support +0"),
        ("обор", "Defense +1"),
        ("apo", "Support +0"),
    ],
)
def test_westeros_order_word_shortened_to_one_word_is_read(new_game, written, echo):
    game = new_game()
    body = f"Winterfell: march +1\nWhite Harbor: {written}\nThe Shivering Sea: support\n"
    checked = check_text(game, order_file("stark", body), None)
    assert checked.accepted, checked.text
    assert f"White Harbor: {echo}" in checked.text


@pytest.mark.parametrize("written", ["ra", "ma"])
def test_westeros_too_short_a_word_is_still_an_error(new_game, written):
    game = new_game()
    body = f"Winterfell: march +1\nWhite Harbor: {written}\nThe Shivering Sea: support\n"
    checked = check_text(game, order_file("stark", body), None)
    assert not checked.accepted
    assert f"line 4: invalid\n  'White Harbor: {written}'" in checked.text
    assert "legal: March -1" in checked.text


BID = "White Harbor: defense\n"
"""White Harbor's order, for the lines below that send a bid ahead beside the orders."""


@pytest.mark.parametrize(
    ("lines", "echo"),
    [
        # An area and its token with a dash or a space between them is the area's order, even
        # where the area's first word is a keyword too (pt «Porto Branco»: 'porto' opens a
        # port line).
        ("Porto Branco - defesa +1", "White Harbor: Defense +1"),
        ("porto branco defesa+1", "White Harbor: Defense +1"),
        ("White Harbor - defense +1", "White Harbor: Defense +1"),
        ("Белая Гавань — оборона +1", "White Harbor: Defense +1"),
        # A bid sent ahead reads its amount from the line's last word.
        (BID + "bid iron throne 2", "bid iron throne: 2"),
        (BID + "lance pelo Trono de Ferro 2", "bid iron throne: 2"),
        (BID + "ставка на Железный трон 2", "bid iron throne: 2"),
        (BID + "lance contra selvagens: 2", "bid wildlings: 2"),  # pt without its article
    ],
)
def test_westeros_a_line_without_its_colon_is_read(new_game, lines, echo):
    game = new_game()
    body = f"Winterfell: march +1\n{lines}\nThe Shivering Sea: support\n"
    checked = check_text(game, order_file("stark", body), None)
    assert checked.accepted, checked.text
    assert echo in checked.text


@pytest.mark.parametrize(
    ("lang", "line", "shown"),
    [
        ("ru", "сбор войск Винтерфелл рыцарь", "например «сбор войск Винтерфелл: рыцарь»"),
        ("pt_BR", "recrutar Winterfell cavaleiro", 'exemplo "recrutar Winterfell: Cavaleiro"'),
        ("en", "muster Winterfell knight", "e.g. 'muster Winterfell: knight'"),
    ],
)
def test_westeros_a_line_missing_its_colon_is_shown_in_the_readers_words(
    new_game, lang, line, shown
):
    """The error's example is a line of the player's own language, not English keywords."""
    game = new_game(settings={"lang": lang})
    body = f"Winterfell: march +1\nWhite Harbor: defense\nThe Shivering Sea: support\n{line}\n"
    checked = check_text(game, order_file("stark", body), None)
    assert not checked.accepted
    assert shown in checked.text, checked.text


def test_westeros_a_reduce_line_without_in_shows_an_example_in_the_readers_words(new_game):
    game = new_game(settings={"lang": "pt_BR"})
    body = "Winterfell: march +1\nWhite Harbor: defense\nThe Shivering Sea: support\n"
    checked = check_text(game, order_file("stark", body + "reduzir: soldado Correrrio\n"), None)
    assert not checked.accepted
    assert '"<unidade> em <área>" (por exemplo, "Soldado em Correrrio")' in checked.text


@pytest.mark.parametrize("tail", [";", "; ", ";.", "; ;"])
def test_baltic_move_line_ending_in_its_separator_is_read(tail):
    """13.3: a move line holds parts separated by ';'; a separator with no part after it
    (players end lines with ';') adds nothing and is no error."""
    state = blank_state(blocks={"swe_karl": ("svealand", 4), "swe_upplands": ("svealand", 3)})
    text = "move Karl XII: Svealand -> Götaland; move Upplands: Svealand -> Götaland" + tail + "\n"
    events = play(state, "sweden", text, LoadedDice([]))
    assert state.blocks["swe_karl"].at == "gotaland"
    assert state.blocks["swe_upplands"].at == "gotaland"
    assert state.ap_spent["sweden"] == 1
    assert not kinds(events, "void")


@pytest.mark.parametrize("arrow", ["->", "→", "=>", ">", " > ", " - ", " – ", " to ", " TO "])
def test_baltic_a_path_step_is_read_as_players_type_it(arrow):
    """13.3: 'Svealand -> Götaland' is also written 'Svealand - Götaland', '… > …', '… to …'
    (a name's own hyphen, 'Bremen-Verden', is no step: it has no spaces around it)."""
    state = blank_state(blocks={"swe_karl": ("svealand", 4)})
    events = play(state, "sweden", f"move Karl XII: Svealand{arrow}Götaland\n", LoadedDice([]))
    assert state.blocks["swe_karl"].at == "gotaland"
    assert not kinds(events, "void")


def test_baltic_a_russian_path_said_as_a_sentence_is_read():
    """13.3: «из Свеаланда в Гёталанд», the places in their cases, is the step."""
    state = blank_state(blocks={"swe_karl": ("svealand", 4)})
    play(state, "sweden", "перемещение Карла XII: из Свеаланда в Гёталанд\n", LoadedDice([]))
    assert state.blocks["swe_karl"].at == "gotaland"


def test_baltic_a_portuguese_path_with_para_is_read():
    """13.3: a Portuguese player writes a step with 'para' ('Svealand para Götaland')."""
    state = blank_state(blocks={"swe_karl": ("svealand", 4)})
    play(state, "sweden", "mover Carlos XII: Svealand para a Gotalândia\n", LoadedDice([]))
    assert state.blocks["swe_karl"].at == "gotaland"


def test_baltic_a_russian_path_with_dashes_is_read():
    state = blank_state(blocks={"swe_karl": ("svealand", 4)})
    play(state, "sweden", "перемещение Карл XII: Свеаланд — Гёталанд\n", LoadedDice([]))
    assert state.blocks["swe_karl"].at == "gotaland"


@pytest.mark.parametrize(
    ("house", "pw"),
    [
        ("house stark", "password pw-stark"),
        ("House Stark", "PASSWORD = pw-stark"),
        ("дом старк", "пароль pw-stark"),
        ("casa Stark", "senha=pw-stark"),
    ],
)
def test_header_lines_without_their_colon_are_read(new_game, house, pw):
    game = new_game()
    text = f"{house}\n{pw}\n{SAMPLE_ORDERS['stark']}"
    checked = check_text(game, text, None)
    assert checked.accepted, checked.text
    assert "Winterfell: March +1 (special)" in checked.text


def test_a_password_written_without_colon_is_never_kept_nor_quoted(new_game):
    game = new_game()
    body = "house stark\npassword pw-stark\npassword=other-secret\nWhite Harbor: fly\n"
    (game / "inbox" / "stark.txt").write_text(body, encoding="utf-8")
    result = cli("run", game, "--now", "2027-01-01T13:00Z")
    assert "'fly' is not an order token" in result.output
    kept = [p.read_text() for p in (game / ".adjudicator").rglob("*") if p.is_file()]
    assert any("White Harbor: fly" in text for text in kept)
    for secret in ("pw-stark", "other-secret"):
        assert secret not in result.output
        assert not any(secret in text for text in kept)


def test_mail_replies_hide_a_password_written_without_colon():
    said = redact_passwords("house stark\npassword=3kF9x\nSenha   abc123\npassword is below")
    assert said == "house stark\npassword ********\nSenha ********\npassword is below"


def test_an_enormous_line_is_one_error_and_the_rest_is_still_checked(new_game):
    """A 200 KB line once took minutes (a search tried at every word) or crashed (a number
    of 200,000 digits): it is now an error of its own, and the other lines are read."""
    import time

    game = new_game()
    for huge in ("Winterfell " * 18000, "bid iron throne: " + "1" * 200000):
        body = f"Winterfell: fly\n{huge}\nWhite Harbor: defense\nThe Shivering Sea: support\n"
        started = time.monotonic()
        checked = check_text(game, order_file("stark", body), None)
        assert time.monotonic() - started < 10
        assert not checked.accepted
        assert "line 3: invalid" in checked.text
        assert "'fly' is not an order token" in checked.text
        assert "line 4: invalid" in checked.text
        assert "over 4000 characters long" in checked.text
        assert len(checked.text) < 3000


def test_a_muster_of_hundreds_of_units_is_echoed_not_crashed(new_game):
    """Under the line limit, 560 units in one muster line: the receipt's echo joins them
    without nesting one sentence per unit (which overflowed Python's stack)."""
    game = new_game()
    body = SAMPLE_ORDERS["stark"] + "muster Winterfell: " + "knight," * 560 + "\n"
    checked = check_text(game, order_file("stark", body), None)
    assert checked.accepted, checked.text[:500]
    assert "muster Winterfell: knight; knight;" in checked.text
    assert checked.text.count("knight") == 560


def test_numbered_westeros_orders_are_read(new_game):
    game = new_game()
    body = "1. Winterfell: march +1\n2) White Harbor: defense\n3. The Shivering Sea: support\n"
    checked = check_text(game, order_file("stark", body), None)
    assert checked.accepted, checked.text
    assert "The Shivering Sea: Support +0" in checked.text


def test_baltic_receipt_lines_pasted_back_mean_the_same():
    """The receipt lists the action lines numbered ('1. move ...'); pasted into the next
    file with their numbers, they are the same actions (13.3)."""
    state = blank_state(blocks={"swe_karl": ("svealand", 4), "swe_upplands": ("svealand", 3)})
    text = "1. move Karl XII: Svealand -> Götaland\n2. move Upplands: Svealand -> Götaland\n"
    play(state, "sweden", text, LoadedDice([]))
    assert state.blocks["swe_karl"].at == "gotaland"
    assert state.blocks["swe_upplands"].at == "gotaland"
    assert state.ap_spent["sweden"] == 2


def test_invisible_characters_copied_with_the_password_are_dropped(new_game):
    """A password copied from a web page or an HTML mail brings a zero-width space or a
    direction mark along: the characters show as nothing, so they count as nothing."""
    game = new_game()
    text = "house: \u200estark\npassword: \u200bpw-stark\ufeff\u200b\n" + SAMPLE_ORDERS["stark"]
    checked = check_text(game, text, None)
    assert checked.accepted, checked.text
