"""Whole seeded bot games in Russian and Portuguese, written out for a native reviewer.

    .venv/bin/python tools/review_corpus.py [OUT] [--runs N] [--seed S]
    make corpus                      # the same, into ./corpus

For each game (westeros, baltic) and language (ru, pt_BR) a game is created in that
language with every player reading it, played by the bots through the real CLI (`bot`,
`run`, `status`) until it ends or `--runs` runs have passed, and everything a reader gets
is copied to ``OUT/<game>-<lang>/``: the public reports (Markdown and BBCode), each
player's private reports, the receipts, what `run` and `status` printed, and the SVG maps.
The games are seeded: the same command writes the same corpus, so a reviewer's line
numbers stay valid until the wording changes.
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import tempfile
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from unittest import mock

import yaml
from click.testing import CliRunner

from adjudicator.cli import main

START = datetime(2027, 1, 4, 12, 0, tzinfo=UTC)
GAMES = {
    "westeros": {"players": ["stark", "lannister", "baratheon"], "options": []},
    "baltic": {"players": ["sweden", "coalition"], "options": ["scenario=poltava"]},
}
LANGS = ("ru", "pt_BR")
HEADER = {"westeros": "house", "baltic": "side"}
MISTAKES = {
    "westeros": "Winterfel: march +1\nLuna: defense\nmarch Winterfell -> Dorne: knight",
    "baltic": "move Karl Stockholm -> Moskva\nsiege Luna",
}
ZONES = {"ru": "Europe/Moscow", "pt_BR": "America/Sao_Paulo"}
"""Each language's readers live in its capital's time zone: deadlines show local time."""


def cli(*args: object) -> str:
    """Run one adjudicator command; its output (a failure raises with the output)."""
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    if result.exit_code not in (0, 1):
        raise RuntimeError(f"adjudicator {' '.join(map(str, args))}: {result.output}")
    return result.output


def play(folder: Path, game: str, lang: str, runs: int, seed: int) -> Iterator[tuple[str, str]]:
    """Create and play one game in `folder`; yields (file name, text) of the CLI's output."""
    players = GAMES[game]["players"]
    passwords = folder.parent / f"{folder.name}-passwords.yaml"
    passwords.write_text(yaml.safe_dump({p: f"pw-{p}-1234" for p in players}))
    options = [a for o in GAMES[game]["options"] for a in ("--option", o)]
    # No player names: the reports must name each house in the reader's language.
    roster = [a for p in players for a in ("--player", f"{p}= lang={lang} tz={ZONES[lang]}")]
    now = START
    yield "new.txt", cli(
        "new", folder, "--game", game, "--players", len(players), "--lang", lang,
        *roster, *options, "--passwords", passwords, "--now", now.isoformat(),
    )  # fmt: skip
    for run in range(1, runs + 1):
        cli("bot", folder, "--seed", seed + run, "--ahead", "--passwords", passwords)
        if run == 2:  # a file with mistakes: the reader sees the error messages too
            player = players[0]
            wrong = f"{HEADER[game]}: {player}\npassword: pw-{player}-1234\n{MISTAKES[game]}\n"
            (folder / "inbox" / f"zz-mistakes-{player}.txt").write_text(wrong, encoding="utf-8")
        now += timedelta(hours=1)
        yield f"run-{run:03d}.txt", cli("run", folder, "--now", now.isoformat())
        yield f"status-{run:03d}.txt", cli("status", folder, "--now", now.isoformat())
        if not yaml.safe_load((folder / "game.yaml").read_text())["waiting"]:
            return


def write_corpus(out: Path, runs: int = 60, seed: int = 1, games: tuple = tuple(GAMES)) -> None:
    """Every game in every language into `out` (emptied first).

    The GM secret of each game comes from `seed` (a real game draws a random one), so that
    the same seed writes the same corpus: the dice, and so every sentence, are reproducible
    for a reviewer and for the tests that read the corpus."""
    digest = hashlib.sha256(f"review corpus {seed}".encode()).hexdigest()
    with mock.patch("adjudicator.create.new_secret", lambda: digest[:64].encode()):
        _write_corpus(out, runs, seed, games)


def _write_corpus(out: Path, runs: int, seed: int, games: tuple) -> None:
    for game in games:
        for lang in LANGS:
            target = out / f"{game}-{lang}"
            shutil.rmtree(target, ignore_errors=True)
            with tempfile.TemporaryDirectory() as tmp:
                folder = Path(tmp) / "game"
                console = target / "console"
                console.mkdir(parents=True)
                for name, text in play(folder, game, lang, runs, seed):
                    (console / name).write_text(text, encoding="utf-8")
                shutil.copytree(folder / "reports", target / "reports")
                hidden = folder / ".adjudicator"
                for part in ("private", "receipts", "outbox"):
                    if (hidden / part).is_dir():
                        shutil.copytree(hidden / part, target / part)


def main_() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", nargs="?", default="corpus", type=Path)
    parser.add_argument("--runs", type=int, default=60, help="at most this many runs a game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", choices=list(GAMES))
    args = parser.parse_args()
    write_corpus(args.out, args.runs, args.seed, tuple(args.game or GAMES))
    print(f"written to {args.out}/")


if __name__ == "__main__":
    main_()
