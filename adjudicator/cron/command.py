"""The command `adjudicator cron GAMES_ROOT`: every game under a folder, mail in and out, from cron.

One run opens one IMAP session and one SMTP connection for all games, and handles each game
folder on its own: a broken game is reported and the others go on. Per game it

1. takes the new mails (the game's IMAP folder, or the shared folder with the game named
   as ``[game-id]`` in the subject): checks the sender's address, hands the text to the
   engine, queues the list of errors or keeps the receipt, records the Message-ID;
2. runs the engine when something may have changed (new orders, files in inbox/, a
   deadline passed, the GM edited the game; a deadline waits while the inbox cannot be
   read), queues the receipts (with the deadline as it now is), and only then marks the
   mails processed on the server; queues the new turn reports: the public report to
   every player and the forum, each private report to its player only;
3. queues reminders and late notices, then drains the outbox.

It prints nothing when nothing happened (cron mails whatever a job prints), one line per
game that did something, and exits non-zero only when the GM must act.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:  # the mail modules load only when a cron run starts: a fast CLI
    pass

from adjudicator.cli import NOW, parse_now
from adjudicator.cron.games import GameInfo, GameReport, find_games, load_config
from adjudicator.cron.run import CronRun

# -- the command ------------------------------------------------------------------------------


class GmAttention(click.ClickException):
    """Some game or the mail setup needs the GM. Exit code 1."""


def run_cron(
    root: Path, *, now: datetime, env: Mapping[str, str], config_path: Path | None
) -> list[GameReport]:
    """Process every game under `root`; returns one report per game (and the shared folder).

    Raises `MailSetupError` only for a problem that stops every game (a bad config file).
    """
    paths = find_games(root)
    config = load_config(config_path, paths)
    run = CronRun(now, env, config)
    reports: dict[str, GameReport] = {}
    games: list[GameInfo] = []
    for path in paths:
        try:
            games.append(GameInfo.load(path))
        except click.ClickException as e:
            reports[path.name] = GameReport(path.name, problems=[e.format_message()])
    try:
        shared = run.open_mail(games, reports)
        for game in games:
            reports[game.path.name] = run.process(game, shared.get(game.id, []))
    finally:
        run.close()
    if run.setup_problems:
        reports["(smtp)"] = GameReport("(smtp)", problems=run.setup_problems[:1])
    return [reports[k] for k in sorted(reports)]


@click.command("cron")
@click.argument(
    "games_root",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    metavar="GAMES_ROOT",
)
@click.option(
    "--config",
    "config_path",
    type=click.Path(dir_okay=False, path_type=Path),
    envvar="ADJUDICATOR_CONFIG",
    help="YAML file with imap:, smtp:, discourse:, discord: settings and credentials; "
    "keep it outside every game repo. Env: ADJUDICATOR_CONFIG.",
)
@NOW
@click.option(
    "--log",
    "log_path",
    type=click.Path(dir_okay=False, path_type=Path),
    envvar="ADJUDICATOR_LOG",
    help="Append one line per game and run to this file. Env: ADJUDICATOR_LOG.",
)
@click.option(
    "-v",
    "--verbose",
    count=True,
    help="Print a line for every game, idle ones too; -vv adds each mail not taken.",
)
@click.option("-q", "--quiet", count=True, help="Print only problems.")
def cron_command(
    games_root: Path,
    config_path: Path | None,
    now: str | None,
    log_path: Path | None,
    verbose: int,
    quiet: int,
) -> None:
    """Take mailed orders, resolve and report every game under GAMES_ROOT.

    One IMAP session serves all games; each game folder is handled on its own, so a
    broken game never stops the others. Prints nothing when nothing happened; exits 1
    when a game or the mail setup needs the GM. Mail settings: README.md, "Orders by e-mail".

    \b
    Examples:
      adjudicator cron ~/games --config ~/.config/adjudicator.yaml
      */10 * * * *  adjudicator cron /srv/games --log /var/log/adjudicator.log
    """
    # NOTE (issue 12): cron's output and log stay English. They are one stream for every game
    # under the root, whose games may each speak another language; the mails are the
    # players' (and each game's GM commands the game's) language.
    moment = parse_now(now)
    if now is not None:
        _refuse_backwards(games_root, moment)
    reports = run_cron(games_root, now=moment, env=os.environ, config_path=config_path)
    _log(log_path, moment, reports)
    problems = [r for r in reports if r.problems]
    for report in reports:
        if report.problems:
            click.echo(report.line(), err=True)
        elif verbose or (report.happened and not quiet):
            click.echo(report.line())
        if verbose > 1:
            for detail in report.details:
                click.echo(f"  {detail}")
    if problems:
        names = ", ".join(r.name for r in problems)
        raise GmAttention(f"{len(problems)} game(s) need the GM: {names}")


def _refuse_backwards(root: Path, moment: datetime) -> None:
    """A `--now` before a game's last update is refused (issue 18: time never runs
    backwards in a game), naming the games."""
    from adjudicator.gamedir import GameDir

    later = []
    for path in find_games(root):
        last = GameDir(path).last_update()
        if last is not None and last > moment:
            later.append(f"{path.name} ({last:%Y-%m-%dT%H:%M:%SZ})")
    if later:
        raise click.BadParameter(
            f"{moment:%Y-%m-%dT%H:%M:%SZ} is before the last update of {', '.join(later)}: "
            "time cannot run backwards in a game",
            param_hint="--now",
        )


def _log(path: Path | None, now: datetime, reports: list[GameReport]) -> None:
    if path is None:
        return
    stamp = now.strftime("%Y-%m-%dT%H:%M:%SZ")
    lines = "".join(
        f"{stamp} {r.line()}\n" + "".join(f"{stamp}   {r.name}: {d}\n" for d in r.details)
        for r in reports
    )
    try:
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(lines)
    except OSError as e:
        click.echo(f"cannot write the log {path}: {e.strerror}", err=True)
