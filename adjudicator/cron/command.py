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
from pathlib import Path

import click

from adjudicator.cli import NOW, parse_now

# -- the command ------------------------------------------------------------------------------


class GmAttention(click.ClickException):
    """Some game or the mail setup needs the GM. Exit code 1."""


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
    # Lazily: `adjudicator --help` lists this command, and must not load the cron layer.
    from adjudicator.cron.run import refuse_backwards, run_cron, write_log

    moment = parse_now(now)
    if now is not None:
        refuse_backwards(games_root, moment)
    reports = run_cron(games_root, now=moment, env=os.environ, config_path=config_path)
    write_log(log_path, moment, reports)
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
