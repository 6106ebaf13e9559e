"""Issue 17, point 13: `adjudicator check DIR FILE [--house H]`, a dry run that prints the
receipt a file would get and changes nothing on disk."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator import auth
from adjudicator.engine import open_game
from adjudicator.gamedir import GameDir
from adjudicator.intake import DRY_RUN
from adjudicator.submissions import SubmissionRejected
from tests.conftest import SAMPLE_ORDERS, cli, drop, order_file, password

NOW = "2027-01-01T13:00Z"


def _snapshot(game: Path) -> dict[str, tuple[bytes, int]]:
    """Every file of the game folder, .git and .adjudicator included: content and mtime."""
    return {
        str(p.relative_to(game)): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(game.rglob("*"))
        if p.is_file()
    }


def test_check_prints_the_receipt_and_changes_nothing(new_game, tmp_path: Path) -> None:
    game = new_game()
    drop(game, "stark", SAMPLE_ORDERS["stark"])
    cli("run", game, "--now", NOW)  # a standing set of orders the new one would replace
    before = _snapshot(game)
    post = tmp_path / "stark.txt"
    post.write_text(
        order_file(
            "stark", "Winterfell: defense +1\nWhite Harbor: march\nThe Shivering Sea: raid\n"
        )
    )
    result = cli("check", game, post)
    assert result.exit_code == 0, result.output
    assert "stark: would be accepted (a dry run: nothing was stored)" in result.output
    assert "Winterfell: Defense +1\n" in result.output
    assert "replaces: Winterfell: March +1 (special)" in result.output
    assert _snapshot(game) == before
    # The real run then says the same of the same file.
    (game / "inbox" / "stark.txt").write_bytes(post.read_bytes())
    run = cli("run", game, "--now", NOW)
    assert "Winterfell: Defense +1\n" in run.output


def test_check_lists_the_errors_and_exits_1(new_game, tmp_path: Path) -> None:
    game = new_game()
    before = _snapshot(game)
    post = tmp_path / "stark.txt"
    post.write_text(order_file("stark", "Winterfell: fly\nWhite Harbor: march\n"))
    result = cli("check", game, post)
    assert result.exit_code == 1
    assert "line 3" in result.output and "fly" in result.output
    assert _snapshot(game) == before
    assert not any((game / ".adjudicator").glob("rejected/*"))


def test_check_a_forum_post_for_a_house_without_a_password(new_game, tmp_path: Path) -> None:
    game = new_game()
    post = tmp_path / "post.txt"
    post.write_text(
        "Винтерфелл: поход +1\nБелая Гавань: защита\nДрожащее море: набег\n", encoding="cp1251"
    )
    result = cli("check", game, post, "--house", "stark")
    assert result.exit_code == 0, result.output
    assert "Winterfell: March +1 (special)" in result.output
    wrong = cli("check", game, post)  # the inbox asks for the header
    assert wrong.exit_code == 1
    assert "house: <your house>" in wrong.output


def test_check_answers_in_the_players_language(new_game, tmp_path: Path) -> None:
    game = new_game(roster={"stark": {"name": "Ann", "lang": "pt_BR"}})
    post = tmp_path / "stark.txt"
    post.write_text(
        order_file("stark", "Winterfell: marcha +1\nPorto Branco: defesa\nMar Tremente: apoio\n")
    )
    result = cli("check", game, post)
    assert "Stark: seria aceito" in result.output, result.output


def test_check_with_a_wrong_password_says_only_the_generic_answer(new_game, tmp_path) -> None:
    game = new_game()
    post = tmp_path / "stark.txt"
    post.write_text(order_file("stark", SAMPLE_ORDERS["stark"], pw="nope"))
    result = cli("check", game, post)
    assert result.exit_code == 1
    assert "house or password not recognised" in result.output
    assert password("stark") not in result.output


def test_check_for_a_house_that_does_not_play_is_a_usage_error(new_game, tmp_path) -> None:
    post = tmp_path / "x.txt"
    post.write_text("Winterfell: march\n")
    result = cli("check", new_game(), post, "--house", "targaryen")
    assert result.exit_code == 2
    assert "'targaryen' is not a player" in result.output


def test_check_with_a_wrong_password_changes_no_byte(new_game, tmp_path: Path) -> None:
    """A dry run counts no wrong password: the GM checking a player's file with a typo in
    it must not bring that player nearer to the lock (`guessing.LIMIT`)."""
    game = new_game()
    before = _snapshot(game)
    post = tmp_path / "stark.txt"
    post.write_text(order_file("stark", SAMPLE_ORDERS["stark"], pw="nope-nope"))
    for _ in range(2):
        assert cli("check", game, post).exit_code == 1
    assert _snapshot(game) == before
    assert not (game / ".adjudicator" / "guesses.yaml").exists()


def test_check_with_an_outdated_hash_changes_no_byte(
    new_game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A dry run that matches an outdated password hash leaves it as it is: the next real
    run makes it anew (issue 18)."""
    game = new_game()
    with monkeypatch.context() as older:  # a hash made with other parameters than today's
        older.setattr(auth, "ARGON2", {"time_cost": 2, "memory_cost": 8, "parallelism": 1})
        auth.set_password(GameDir(game), "stark", password("stark"))
    stored = auth.read_hashes(GameDir(game))["players"]["stark"]
    assert auth.needs_rehash(stored)
    before = _snapshot(game)
    post = tmp_path / "stark.txt"
    post.write_text(order_file("stark", SAMPLE_ORDERS["stark"]))
    result = cli("check", game, post)
    assert result.exit_code == 0, result.output
    assert "stark: would be accepted (a dry run: nothing was stored)" in result.output
    assert _snapshot(game) == before
    drop(game, "stark", SAMPLE_ORDERS["stark"])  # the real run upgrades it
    assert "stark: accepted" in cli("run", game, "--now", NOW).output
    assert auth.read_hashes(GameDir(game))["players"]["stark"] != stored


def test_intake_tries_a_submission_and_keeps_nothing(new_game) -> None:
    """`Intake.try_submission`, the dry run `check` is made of: the receipt a text would
    get, what it would replace, and the staged submissions as they were."""
    game = new_game()
    drop(game, "stark", SAMPLE_ORDERS["stark"])
    cli("run", game, "--now", NOW)
    with open_game(game) as loaded:
        staged = list(loaded.intake.submissions)
        orders = "Winterfell: defense +1\nWhite Harbor: march\nThe Shivering Sea: raid\n"
        text = order_file("stark", orders)
        receipt = loaded.intake.try_submission(text)
        assert receipt.submission == DRY_RUN and receipt.player == "stark"
        assert "Winterfell: March +1 (special)" in [str(r) for r in receipt.replaced]
        assert loaded.intake.submissions == staged
        forum = loaded.intake.try_submission(orders, player="stark")
        assert [str(u) for u in forum.understood] == [str(u) for u in receipt.understood]
        with pytest.raises(SubmissionRejected):
            loaded.intake.try_submission(order_file("stark", "Winterfell: fly\n"))
        assert loaded.intake.submissions == staged


def test_check_of_the_text_just_sent_says_it_was_received(new_game, tmp_path: Path) -> None:
    """The very answer a run gives a copy of the player's latest text: nothing changed."""
    game = new_game()
    drop(game, "stark", SAMPLE_ORDERS["stark"])
    assert "stark: accepted as 0001-stark" in cli("run", game, "--now", NOW).output
    post = tmp_path / "stark.txt"
    post.write_text(order_file("stark", SAMPLE_ORDERS["stark"]))
    result = cli("check", game, post)
    assert result.exit_code == 0, result.output
    assert "stark: already received as 0001-stark; nothing changed" in result.output


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("ru", "Старк: будет принято (это пробная проверка: ничего не сохранено)"),
        ("pt_BR", "Stark: seria aceito (é só uma simulação: nada foi guardado)"),
    ],
)
def test_a_dry_run_says_it_stored_nothing_in_the_readers_language(
    new_game, tmp_path: Path, lang: str, expected: str
) -> None:
    """Issue 20: the dry run's receipt read «Suécia: aceito como (dry run)», English in it."""
    game = new_game(settings={"lang": lang})
    post = tmp_path / "stark.txt"
    post.write_text(order_file("stark", SAMPLE_ORDERS["stark"]))
    result = cli("check", game, post)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == expected
