"""Issue 18, point 8: after `LIMIT` wrong passwords for one house in a step, nothing more is
checked for that house until the next step, and the GM is told (status)."""

from __future__ import annotations

from adjudicator.guessing import LIMIT
from tests.conftest import SAMPLE_ORDERS, cli, drop

NOW = "2027-01-01T13:00:00Z"


def test_wrong_files_then_the_right_one_in_one_run_are_all_refused(new_game) -> None:
    game = new_game()
    for n in range(LIMIT + 20):
        drop(game, "stark", SAMPLE_ORDERS["stark"], name=f"a{n:03d}.txt", pw=f"guess-{n}")
    drop(game, "stark", SAMPLE_ORDERS["stark"], name="z-right.txt")
    result = cli("run", game, "--now", NOW)
    assert result.exit_code == 0
    assert "stark: accepted" not in result.output
    assert result.stderr.count("house or password not recognised") == LIMIT
    assert result.stderr.count("too many wrong passwords were sent for this house") == 21
    status = cli("status", game, "--now", NOW)
    assert f"warning: {LIMIT} wrong passwords for stark in this step" in status.output


def test_the_gm_is_warned_in_the_games_language_with_the_house_declined(new_game) -> None:
    """Issue 20: «неверных паролей игрока Старк» left the name undeclined."""
    expected = {
        "ru": f"предупреждение: неверных паролей Старка на этом шаге: {LIMIT}; до следующего"
        " шага пароли Старка не проверяются",
        "pt_BR": f"aviso: {LIMIT} senhas erradas para Stark nesta etapa: nenhuma outra senha"
        " de Stark será verificada até a próxima etapa",
    }
    for lang, line in expected.items():
        game = new_game(lang, settings={"lang": lang})
        for n in range(LIMIT):
            drop(game, "stark", SAMPLE_ORDERS["stark"], name=f"a{n}.txt", pw=f"guess-{n}")
        assert cli("run", game, "--now", NOW).exit_code == 0
        status = cli("status", game, "--now", NOW).output.splitlines()
        assert line in status


def test_the_next_step_checks_the_house_again(new_game) -> None:
    game = new_game()
    for n in range(LIMIT):
        drop(game, "stark", SAMPLE_ORDERS["stark"], name=f"a{n}.txt", pw=f"guess-{n}")
    for house, body in SAMPLE_ORDERS.items():
        if house != "stark":
            drop(game, house, body)
    assert cli("run", game, "--now", NOW).exit_code == 0
    drop(game, "stark", SAMPLE_ORDERS["stark"])
    refused = cli("run", game, "--now", NOW)
    assert "too many wrong passwords" in refused.stderr
    assert cli("run", game, "--nmr", "--now", NOW).exit_code == 0  # the step resolves
    drop(game, "stark", "# nothing\n")
    again = cli("run", game, "--now", NOW)
    assert "too many wrong passwords" not in again.output
    assert "not recognised" not in again.output
    assert "wrong passwords" not in cli("status", game, "--now", NOW).output


def test_a_flood_of_guesses_costs_a_handful_of_hashes(new_game, monkeypatch) -> None:
    from adjudicator import intake

    game = new_game()
    for n in range(200):
        drop(game, "stark", SAMPLE_ORDERS["stark"], name=f"a{n:03d}.txt", pw=f"guess-{n}")
    checked = []
    real = intake.verify_password
    monkeypatch.setattr(
        intake, "verify_password", lambda pw, stored: checked.append(pw) or real(pw, stored)
    )
    assert cli("run", game, "--now", NOW).exit_code == 0
    assert len(checked) <= LIMIT + 1
