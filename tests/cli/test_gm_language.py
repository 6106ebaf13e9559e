"""The GM's commands speak the game's language (``settings.lang``, issue 12); English where
no game is involved, and English output exactly as before."""

from __future__ import annotations

from pathlib import Path

import yaml
from click.testing import CliRunner

from adjudicator.cli import main
from adjudicator.requests import summary_in
from tests.conftest import SAMPLE_ORDERS, SIX, drop
from tests.conftest import cli_raising as cli

NOW = "2027-01-01T13:00Z"


def waiting(game: Path, player: str) -> dict:
    rows = yaml.safe_load((game / "game.yaml").read_text())["waiting"]
    return next(r for r in rows if r["player"] == player)


def test_status_in_russian(new_game) -> None:
    game = new_game(settings={"lang": "ru"})
    drop(game, "stark", "Винтерфелл: поход +1\nБелая Гавань: оборона\nДрожащее море: подмога\n")
    ran = cli("run", game, "--now", NOW).output
    out = cli("status", game, "--now", NOW).output.splitlines()
    assert out[0] == "g (westeros): раунд 1, фаза замыслов, ещё ни один шаг не разыгран"
    summary = summary_in(waiting(game, "stark"), "ru", "westeros")
    assert f"ждём ответа от Тирелла: {summary} (срок — 3 янв. 2027\u00a0г., 12:00 UTC)" in ran
    # Columns as wide as their widest cell (issue 17): 'Баратеон', the summary, the mark; the
    # houses and the deadline as the reports write them, the mark and the deadline as `run`
    # says them, «ждём ответа …, срок — …» (issue 20: «НЕТ до …» read like a form).
    by = "срок — 3 янв. 2027\u00a0г., 12:00 UTC"
    assert f"  Старк     {summary} ответ получен, {by} (осталось 47,0 ч)" in out
    assert f"  Тирелл    {summary} ждём ответа,   {by} (осталось 47,0 ч)" in out
    late = cli("status", game, "--now", "2027-01-03T13:30Z").output
    assert f"ждём ответа,   {by} (опоздание 1,5 ч)" in late


def test_status_paused_in_portuguese(new_game) -> None:
    game = new_game(settings={"lang": "pt_BR", "paused": True})
    out = cli("status", game, "--now", NOW).output.splitlines()
    assert out[:2] == [
        "g (westeros): rodada 1, Fase de Planejamento, nenhuma etapa resolvida ainda",
        'PAUSADO: nada é resolvido até "adjudicator resume"',
    ]
    assert out[2].startswith("  Baratheon ")
    assert "aguardando, prazo: 3 de jan. de 2027 às 12:00 UTC (faltam 47,0 h)" in out[2]


def test_run_in_portuguese_rejects_and_resolves_in_the_gms_words(new_game) -> None:
    game = new_game(settings={"lang": "pt_BR"})
    drop(game, "lannister", "Atlântida: marcha\n")
    first = CliRunner().invoke(main, ["run", str(game), "--now", NOW])
    assert first.stderr.startswith(
        "arquivo lannister.txt recusado:\n"
        "linha 3: não entendido\n"
        "  'Atlântida: marcha'\n"
        '  área desconhecida: "Atlântida"\n'
    )
    # One word for one thing (issue 20): `status` says «recusado» too, not «rejeitado».
    status = [line.strip() for line in cli("status", game, "--now", NOW).output.splitlines()]
    assert (
        "arquivo lannister.txt recusado em 1 de jan. de 2027 às 13:00 UTC (erros em"
        " .adjudicator/rejected/2027-01-01T130000Z-lannister.txt.errors.txt)"
    ) in status
    summary = summary_in(waiting(game, "lannister"), "pt_BR", "westeros")
    deadline = "3 de jan. de 2027 às 12:00 UTC"
    assert f"aguardando Lannister: {summary} (prazo: {deadline})" in first.stdout
    for house in SIX:
        drop(game, house, SAMPLE_ORDERS[house])
    second = cli("run", game, "--now", NOW).output
    assert "Lannister: aceito como " in second
    assert "1 etapa resolvida; relatórios: reports/0001.md, reports/0001.bbcode" in second


def test_run_in_russian_counts_steps_with_plural_forms(new_game) -> None:
    game = new_game(settings={"lang": "ru"})
    for house in SIX:
        drop(game, house, SAMPLE_ORDERS[house])
    assert "разыгран 1 шаг; отчёты: reports/0001.md" in cli("run", game, "--now", NOW).output
    # The phase is named as the reports name it, not as the order word «ворон» (issue 20).
    status = cli("status", game, "--now", NOW).output.splitlines()[0]
    assert status == "g (westeros): раунд 1, Посыльный ворон, после шага 1"
    assert cli("run", game, "--now", NOW).output.splitlines()[0] == "ничего нового"


def test_new_speaks_the_language_it_sets(tmp_path: Path) -> None:
    out = cli("new", tmp_path / "w", "--game", "westeros", "--players", "3", "--lang", "ru")
    folder = tmp_path / "w"
    assert out.output.splitlines()[0] == (
        f"Игра создана в {folder}. Игроки кладут файлы приказов в {folder / 'inbox'}."
    )


def test_english_status_is_unchanged(new_game) -> None:
    game = new_game()
    out = cli("status", game, "--now", NOW).output.splitlines()
    assert out[0] == "g (westeros): round 1, planning, no step resolved yet"
    assert out[1] == "  baratheon place orders MISSING by 2027-01-03T12:00:00Z (47.0 h left)"


def test_new_says_what_is_wrong_in_the_language_asked_for(tmp_path: Path) -> None:
    bad = CliRunner().invoke(
        main,
        ["new", str(tmp_path / "w"), "--game", "westeros", "--lang", "pt_BR", "--player", "x"],
    )
    assert bad.exit_code == 1
    assert bad.stderr == (
        'Erro: --player "x": escreva assim: "casa=Nome <email> [tz=Zona/Cidade] '
        '[lang=pt_BR]", por exemplo "stark=Ana <ana@example.org> tz=America/Sao_Paulo"\n'
    )
    zone = ["--player", "stark=Ann tz=Mars/Olympus", "--lang", "ru"]
    bad = CliRunner().invoke(main, ["new", str(tmp_path / "w"), "--game", "westeros", *zone])
    assert "неизвестный часовой пояс «Mars/Olympus»" in bad.stderr
    cli("new", tmp_path / "w", "--game", "westeros", "--lang", "ru")
    again = CliRunner().invoke(
        main, ["new", str(tmp_path / "w"), "--game", "westeros", "--lang", "ru"]
    )
    assert (
        again.stderr
        == f"Ошибка: папка {tmp_path / 'w'} уже существует и не пуста; выберите новую\n"
    )


def test_pause_resume_and_map_errors_in_russian(new_game) -> None:
    game = new_game(settings={"lang": "ru"})
    assert cli("pause", game).output == "пауза: приказы собираются, ничего не разыгрывается\n"
    assert cli("resume", game).output == "игра продолжается\n"
    bad = CliRunner().invoke(main, ["map", str(game), "--house", "targaryen"])
    assert bad.exit_code == 2
    assert "«targaryen» не участвует в игре; игроки: stark, lannister" in bad.stderr
