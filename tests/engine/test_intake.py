"""Issue 10: good order files are taken however their header is written; errors stay short."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.engine import open_game
from adjudicator.submissions import redact
from tests.conftest import SAMPLE_ORDERS, cli, drop, order_file, password

NOW = "2027-01-01T13:00Z"
BODY = SAMPLE_ORDERS["stark"]


def _drop(game: Path, text: str, name: str = "stark.txt", encoding: str = "utf-8") -> None:
    (game / "inbox" / name).write_bytes(text.encode(encoding))


@pytest.mark.parametrize(
    "header",
    [
        "\ufeffhouse: stark\npassword: {pw}\n",
        "\ufeffpassword: {pw}\nhouse: stark\n",
        "house: stark   # me\npassword: {pw}\n",
        'house: stark\npassword: "{pw}"\n',
        "house: stark\npassword: '{pw}'  # from the GM's mail\n",
        "house: House Stark\npassword: {pw}\n",
        "House: Stark\nPASSWORD : {pw}\n",
        "  house:stark\n\tpassword:{pw}\r\n",
        "дом: Старк\nпароль: {pw}\n",
        "Дом: Дом Старк\nПароль: {pw}\n",
        "Casa: Casa Stark\nSenha: {pw}  # do mestre\n",
        "jogador: stark\nsenha: {pw}\n",
    ],
)
def test_header_lines_read_like_any_order_line(new_game, header: str) -> None:
    game = new_game()
    _drop(game, header.format(pw=password("stark")) + BODY)
    result = cli("run", game, "--now", NOW)
    assert "stark: accepted as 0001-stark" in result.output, result.stderr
    assert "Winterfell: March +1 (special)" in result.output
    (stored,) = (game / ".adjudicator" / "submissions").glob("*.yaml")
    assert password("stark") not in stored.read_text()


def test_wrong_house_name_is_still_refused(new_game) -> None:
    game = new_game()
    _drop(game, f"house: House Starkk Lannister\npassword: {password('stark')}\n" + BODY)
    result = cli("run", game, "--now", NOW)
    # Issue 17: no house of the game is named, and that is no secret (the houses are public).
    assert "'House Starkk Lannister' is no house of this game" in result.stderr


@pytest.mark.parametrize(
    "line",
    [
        "password: hunter2",
        "\ufeffpassword: hunter2",
        "  PASSWORD : hunter2",
        "pass\u200bword: hunter2",
        "\tPassword:hunter2  # mine",
    ],
)
def test_redaction_holds_for_every_way_a_password_line_is_written(line: str) -> None:
    out = redact(f"house: stark\n{line}\nWinterfell: march\n")
    assert "hunter2" not in out
    assert "Winterfell: march" in out


def test_rejected_file_with_a_bom_keeps_no_password(new_game) -> None:
    game = new_game()
    _drop(game, f"\ufeffpassword: {password('stark')}\nhouse: stark\nWinterfell: fly\n")
    result = cli("run", game, "--now", NOW)
    assert "rejected stark.txt" in result.stderr
    assert "header" not in result.stderr  # the header was there: the order line is the error
    for kept in (game / ".adjudicator" / "rejected").iterdir():
        assert password("stark") not in kept.read_text()


def test_a_huge_line_gives_a_short_error(new_game) -> None:
    game = new_game()
    huge = "Winterfell: march to " + "x" * 200_000  # under the file limit (issue 18)
    lines = "\n".join(f"Nowhere{n}: march" for n in range(120))
    _drop(game, f"house: stark\npassword: {password('stark')}\n{huge}\n{lines}\n")
    result = cli("run", game, "--now", NOW)
    assert "rejected stark.txt" in result.stderr
    assert len(result.stderr) < 60_000
    assert "and 72 more errors" in result.stderr  # the areas left without an order too
    (errors,) = (game / ".adjudicator" / "rejected").glob("*.errors.txt")
    assert len(errors.read_text()) < 60_000


def test_passwords_of_many_files_are_checked_side_by_side_with_the_same_verdicts(
    new_game,
) -> None:
    """Issue 10 item 21: the six scrypt checks of a run run in parallel threads before the
    files are read one by one; a wrong password is refused all the same."""
    game = new_game()
    for house, body in SAMPLE_ORDERS.items():
        drop(game, house, body, pw="wrong" if house == "tyrell" else None)
    result = cli("run", game, "--now", NOW)
    for house in SAMPLE_ORDERS:
        if house == "tyrell":
            assert f"{house}: accepted" not in result.output
        else:
            assert f"{house}: accepted as" in result.output
    assert "tyrell.txt" in result.stderr
    assert "house or password not recognised" in result.stderr
    with open_game(game) as loaded:
        texts = [order_file(h, b) for h, b in SAMPLE_ORDERS.items()]
        loaded.check_passwords_at_once([*texts, order_file("stark", "", pw="wrong")])
        verdicts = {pw: ok for (pw, _), ok in loaded.intake._passwords.items()}
    assert verdicts == {**{password(h): True for h in SAMPLE_ORDERS}, "wrong": False}


def test_orders_read_while_passwords_are_checked_say_nothing_to_a_wrong_password(
    new_game,
) -> None:
    """Issue 10 item 21: the files are read while scrypt runs, but a file whose password
    fails still gets only the generic refusal, never what its lines would have said."""
    game = new_game()
    for house, body in SAMPLE_ORDERS.items():
        drop(game, house, body)
    drop(game, "tyrell", "Highgarden: fly to the moon\n", name="tyrell-2.txt", pw="wrong")
    result = cli("run", game, "--now", NOW)
    assert "stark: accepted as" in result.output
    assert "house or password not recognised" in result.stderr
    assert "moon" not in result.stderr and "line 3" not in result.stderr
    errors = (game / ".adjudicator" / "rejected").glob("*.errors.txt")
    assert ["moon" in path.read_text() for path in errors] == [False]


@pytest.mark.parametrize("pw", [None, "wrong"])
def test_a_lone_files_password_is_checked_while_it_is_read(new_game, pw: str | None) -> None:
    """Issue 18 (speed): one file's argon2id check runs beside its reading too; the verdict
    is the check's, and the reading is kept for `submit` (or dropped with a wrong one)."""
    game = new_game()
    with open_game(game) as loaded:
        loaded.check_passwords_at_once([order_file("stark", BODY, pw=pw)])
        intake = loaded.intake
        assert list(intake._passwords.values()) == [pw is None]
        assert [player for player, _ in intake._read_ahead] == ["stark"]
