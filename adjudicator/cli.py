"""The `adjudicator` command line: parse arguments, call the engine, print.

Heavy modules (the engine, rulesets, jinja2, imapclient) are imported inside the commands so
that `adjudicator --help` and cron runs with nothing to do start fast.
"""

from __future__ import annotations

import errno
import os
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, BinaryIO, ClassVar

import click

from adjudicator.text import Moment, Name, Text, _l, _ln

GAME_DIR = click.argument(
    "game_dir", type=click.Path(file_okay=False, path_type=Path), metavar="DIR"
)


def echo(text: Text, lang: str, game: str | None = None, *, err: bool = False) -> None:
    """Print one of our sentences in the GM's language `lang` (the game's ``settings.lang``;
    English where no game is involved), game words in the words of the ruleset `game`."""
    click.echo(text.say(lang, game), err=err)


def gm_language(game_dir: Path) -> str:
    """The language the game's GM reads: ``settings.lang``, English when it cannot tell.

    Read leniently, not as the checked game file: a GM whose game.yaml has a misspelled
    key, or a key written twice, is told so in the game's language; only a file that is not
    YAML at all (or a wrong `lang`) leaves the GM with English."""
    import yaml

    from adjudicator.gamedir import AliasFreeLoader, GameDir
    from adjudicator.i18n import UnknownLanguage, check_language

    try:
        text = GameDir(game_dir).game_file.read_text(encoding="utf-8")
        meta = yaml.load(text, Loader=AliasFreeLoader)
        settings = meta.get("settings") if isinstance(meta, dict) else None
        lang = settings.get("lang") if isinstance(settings, dict) else None
        return check_language(lang) if isinstance(lang, str) else "en"
    except (yaml.YAMLError, OSError, UnicodeError, UnknownLanguage):
        return "en"


def parse_now(value: str | None, lang: str = "en") -> datetime:
    """The --now option: an ISO 8601 time (UTC unless it says otherwise), or now. A wrong
    one is told in `lang`, the GM's language."""
    if value is None:
        return datetime.now(UTC)
    from adjudicator.clock import parse_time

    try:
        return parse_time(value)
    except ValueError:
        wrong = _l("'%(value)s' is not a time; write e.g. 2027-01-05T12:00Z", value=value)
        raise click.BadParameter(wrong.say(lang, None), param_hint="--now") from None


NOW = click.option(
    "--now",
    "now",
    metavar="TIME",
    help="Act as if it were this UTC time (ISO 8601, e.g. 2027-01-05T12:00Z). Default: now.",
)


class GameCommand(click.Command):
    """A GM command: a `GameError` from deeper down (the lock, game.yaml, a folder) is said
    in the language of the GM's game, the one the command's own sentences are in."""

    def get_help(self, ctx: click.Context) -> str:
        return _english_help(super().get_help, ctx)

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except OSError as error:
            if error.errno not in (errno.ENOSPC, errno.EDQUOT):
                raise
            from adjudicator.gamedir import GameError

            full = _l(
                "no space left to write in %(folder)s (%(why)s): free some space and run the "
                "command again; nothing was lost.",
                folder=_folder_of(error.filename),
                why=error.strerror or "",
            )
            raise GameError(full, lang=_command_language(ctx)) from None
        except click.ClickException as error:
            if getattr(error, "lang", "") is None:  # a GameError nobody said yet
                error.lang = _command_language(ctx)  # type: ignore[attr-defined]
            raise


def _folder_of(filename: object) -> str:
    """The folder an OSError names (the file's own folder), or the current one."""
    if not filename:
        return os.getcwd()
    path = Path(os.fsdecode(filename))  # type: ignore[arg-type]
    return str(path if path.is_dir() else path.parent)


def _command_language(ctx: click.Context) -> str:
    """The GM's language for this command: `new`'s --lang, else the game's settings.lang,
    else English (no game, or a game.yaml too broken to tell)."""
    if "lang" in ctx.params:
        from adjudicator.i18n import UnknownLanguage, check_language

        try:
            return check_language(str(ctx.params["lang"]))
        except UnknownLanguage:
            return "en"
    game_dir = ctx.params.get("game_dir")
    return gm_language(game_dir) if isinstance(game_dir, Path) else "en"


def command_line_language(args: list[str]) -> str:
    """The GM's language for a command line, read before click parses it: `new`'s --lang,
    else the language of the first argument that is a game's folder, else English (no game,
    or cron's folder of games)."""
    for n, arg in enumerate(args):
        lang = args[n + 1] if arg == "--lang" and n + 1 < len(args) else None
        lang = arg.removeprefix("--lang=") if arg.startswith("--lang=") else lang
        if lang is not None:
            from adjudicator.i18n import UnknownLanguage, check_language

            try:
                return check_language(lang)
            except UnknownLanguage:
                return "en"
    for arg in args:
        if not arg.startswith("-") and (Path(arg) / "game.yaml").is_file():
            return gm_language(Path(arg))
    return "en"


def _english_help(get_help: Any, ctx: click.Context) -> str:
    """A help page in English, whatever the GM's language: its options and examples are
    our English docstrings, and a page half in Russian reads worse than one in English."""
    from adjudicator.click_messages import speaking

    with speaking("en"):
        return str(get_help(ctx))


class LazyGroup(click.Group):
    """A group whose larger commands are imported only when named (cron pulls in mail)."""

    command_class = GameCommand

    lazy: ClassVar[dict[str, tuple[str, str]]] = {
        "cron": ("adjudicator.cron.command", "cron_command")
    }

    def main(self, args: Any = None, *rest: Any, **options: Any) -> Any:
        """The command line, click's own messages (a usage error, «Error:») in the GM's
        language: read from the arguments before click parses them (a wrong one may be
        what click is about to report)."""
        from adjudicator.click_messages import speaking

        given = sys.argv[1:] if args is None else list(args)
        with speaking(command_line_language(given)):
            return super().main(args, *rest, **options)

    def get_help(self, ctx: click.Context) -> str:
        return _english_help(super().get_help, ctx)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *self.lazy])

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.lazy:
            import importlib

            module, attribute = self.lazy[name]
            return getattr(importlib.import_module(module), attribute)
        return super().get_command(ctx, name)


@click.group(
    cls=LazyGroup,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
    epilog="""Examples:

\b
  adjudicator new mygame --game westeros --players 6 --player "stark=Ann <ann@example.org>"
  adjudicator run mygame
  adjudicator status mygame
  adjudicator export mygame > position.yaml
  adjudicator cron ~/games          # every game under a folder, with mail (from crontab)
""",
)
@click.version_option(package_name="adjudicator")
def main() -> None:
    """Run board games by e-mail and on forums: collect orders, resolve, report, commit."""


class NewCommand(GameCommand):
    """`new`: its help names every game, with its players, options and defaults, as each
    ruleset describes itself (imported only for --help)."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from adjudicator.rulesets import find_ruleset, known_games

        with formatter.section("Games"):
            for name in known_games():
                lines = find_ruleset(name).new_help
                # Lines as written: an option's value list must not wrap at its hyphens.
                formatter.write(f"{'':{formatter.current_indent}}{name}\n")
                formatter.write(
                    "".join(f"{'':{formatter.current_indent + 4}}{line}\n" for line in lines)
                )
        super().format_epilog(ctx, formatter)


@main.command(
    cls=NewCommand,
    epilog="""Examples:

\b
  adjudicator new w1 --game westeros --players 4 --option ports=clash-of-kings
  adjudicator new b1 --game baltic --option scenario=poltava
""",
)
@GAME_DIR
@click.option("--game", "game", required=True, help="The game (see Games below).")
@click.option("--players", type=click.IntRange(2, 6), help="How many players (westeros: 3-6).")
@click.option(
    "--player",
    "roster",
    multiple=True,
    metavar="ID=NAME <EMAIL>",
    help='A player, e.g. "stark=Ann <ann@example.org> lang=ru". Repeat per player.',
)
@click.option(
    "--passwords",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    help="YAML mapping of player id to password, instead of generated ones.",
)
@click.option(
    "--position",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    help="Start from this position file (see `export`).",
)
@click.option(
    "--deadline-hours",
    type=click.FloatRange(min=0.01),
    default=48.0,
    show_default=True,
    help="Hours players have for each decision.",
)
@click.option(
    "--nmr",
    type=click.Choice(["defaults", "wait", "wait-then-defaults"]),
    default="defaults",
    show_default=True,
    help="What happens when a player misses a deadline.",
)
@click.option(
    "--lang",
    default="en",
    show_default=True,
    help="The game's language (public reports): en, ru or pt_BR.",
)
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="KEY=VALUE",
    help="A rule option, e.g. ports=clash-of-kings or tides_of_battle=true.",
)
@NOW
def new(
    game_dir: Path,
    game: str,
    players: int | None,
    roster: tuple[str, ...],
    passwords: Path | None,
    position: Path | None,
    deadline_hours: float,
    nmr: str,
    lang: str,
    options: tuple[str, ...],
    now: str | None,
) -> None:
    """Start a new game in folder DIR (a new git repository).

    Prints each player's generated password once, one 'player: password' line each.
    """
    from adjudicator.create import create_game
    from adjudicator.gamedir import load_yaml
    from adjudicator.i18n import UnknownLanguage, check_language

    try:
        lang = check_language(lang)
    except UnknownLanguage as err:
        raise click.BadParameter(str(err), param_hint="--lang") from None
    entries = _roster(roster, lang)
    given = load_yaml(passwords, _l("the passwords file"), in_git=False) if passwords else None
    if given is not None and not isinstance(given, dict):
        mapping = _l("expected a YAML mapping 'player: password'").say(lang, None)
        raise click.BadParameter(mapping, param_hint="--passwords")
    _refuse_beside_position(position, players, options, lang)
    data = load_yaml(position, _l("the position file"), in_git=False) if position else None
    generated = create_game(
        game_dir,
        game,
        now=parse_now(now, lang),
        players=players,
        roster=entries,
        passwords={str(k).lower(): v for k, v in (given or {}).items()},
        position=data,
        settings={"deadline_hours": deadline_hours, "nmr": nmr, "lang": lang},
        options=_options(options, lang),
    )
    created = _l(
        "Created %(dir)s. Players send order files to %(inbox)s.",
        dir=str(game_dir),
        inbox=str(game_dir / "inbox"),
    )
    echo(created, lang)
    for player, password in generated.items():
        click.echo(f"{player}: {password}")


def _refuse_beside_position(
    position: Path | None, players: int | None, options: tuple[str, ...], lang: str
) -> None:
    """A position file holds its own players and options: `new` would start from it and
    drop the --players or --option also given, so it refuses them, naming which."""
    given = [flag for flag, value in (("--players", players), ("--option", options)) if value]
    if position is None or not given:
        return
    refused = _l(
        "%(given)s cannot go with --position: a position file holds its own players and "
        "options. Leave %(given)s out, or change them in the position file.",
        given=", ".join(given),
    )
    raise click.UsageError(refused.say(lang, None))


def _roster(given: tuple[str, ...], lang: str) -> dict[str, dict[str, str]]:
    """The --player options as player -> record; a player given twice is refused (which
    of the two did the GM mean?)."""
    from adjudicator.create import parse_roster_entry

    entries: dict[str, dict[str, str]] = {}
    for text in given:
        player, record = parse_roster_entry(text, lang)
        if player in entries:
            twice = _l("--player %(player)s is given twice; give each player once", player=player)
            raise click.BadParameter(twice.say(lang, None), param_hint="--player")
        entries[player] = record
    return entries


def _options(pairs: tuple[str, ...], lang: str) -> dict[str, object]:
    out: dict[str, object] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            how = _l("'%(option)s': write KEY=VALUE", option=pair).say(lang, None)
            raise click.BadParameter(how, param_hint="--option")
        out[key.strip()] = {"true": True, "false": False}.get(value.strip().lower(), value.strip())
    return out


@main.command()
@GAME_DIR
@NOW
@click.option(
    "--nmr",
    "force_defaults",
    is_flag=True,
    help="Apply the defaults for every missing answer now, deadline or not.",
)
@click.option("-q", "--quiet", count=True, help="Print only problems.")
def run(game_dir: Path, now: str | None, force_defaults: bool, quiet: int) -> None:
    """Collect orders from DIR/inbox, resolve what can be resolved, report and commit."""
    from adjudicator import engine
    from adjudicator.requests import summary_in

    lang = gm_language(game_dir)
    moment = parse_now(now, lang)
    _check_clock(game_dir, moment, given=now is not None)
    result = engine.run(game_dir, moment, force_defaults=force_defaults)
    game = _ruleset(game_dir)
    for warning in result.warnings:
        echo(_l("warning: %(warning)s", warning=warning), lang, err=True)
    for name, rejection in result.rejected:
        said = rejection.say(lang, game)
        echo(_l("rejected %(file)s:\n%(errors)s", file=name, errors=said), lang, err=True)
    if quiet:
        return
    for receipt in result.receipts:
        click.echo(receipt.say(lang, game))
    if result.steps:
        reports = ", ".join(p for p in result.reports if p.startswith("reports/"))
        resolved = _ln(
            "resolved %(n)d step; reports: %(reports)s",
            "resolved %(n)d steps; reports: %(reports)s",
            result.steps,
            reports=reports,
        )
        echo(resolved, lang)
    elif not result.changed:
        echo(_l("nothing new"), lang)
    for row in result.waiting:
        if not row["answered"]:
            from adjudicator.render import format_deadline

            deadline = row["deadline"] if lang == "en" else format_deadline(row["deadline"], lang)
            waiting = _l(
                "waiting for %(player)s: %(summary)s (deadline %(deadline)s)",
                player=Name(row["player"], row["player"]),  # «Коалиции»; English: the id
                summary=summary_in(row, lang, game),
                deadline=deadline,
            )
            echo(waiting, lang, game)


def _check_clock(game_dir: Path, moment: datetime, *, given: bool) -> None:
    """Time never runs backwards in a game (issue 18): a `--now` before the game's last
    update is refused; a system clock behind it is warned about (the run goes on: it is
    the time the machine has)."""
    from adjudicator.gamedir import GameDir

    last = GameDir(game_dir).last_update()
    if last is None or moment >= last:
        return
    lang = gm_language(game_dir)
    stamp = "%Y-%m-%dT%H:%M:%SZ"
    fields = {"now": moment.strftime(stamp), "last": last.strftime(stamp)}
    if given:
        earlier = _l(
            "%(now)s is before the game's last update (%(last)s): time cannot run backwards "
            "in a game. Give a later time, or leave --now out.",
            **fields,
        )
        raise click.BadParameter(earlier.say(lang, None), param_hint="--now")
    behind = _l(
        "warning: the system clock (%(now)s) is behind the game's last update (%(last)s): "
        "check the clock; what arrives now is recorded with the earlier time.",
        **fields,
    )
    echo(behind, lang, err=True)


def _ruleset(game_dir: Path) -> str | None:
    """The game's ruleset name (game.yaml ``game``): whose names the GM reads."""
    from adjudicator.gamedir import GameDir

    try:
        return str(GameDir(game_dir).read_meta().get("game") or "") or None
    except (click.ClickException, OSError):
        return None


@main.command()
@GAME_DIR
@NOW
def status(game_dir: Path, now: str | None) -> None:
    """Who must still send what, by when."""
    from adjudicator import engine
    from adjudicator.clock import parse_time
    from adjudicator.requests import summary_in

    game, rows = engine.status(game_dir)
    lang, ruleset = game.language(), str(game.meta["game"])
    view = game.ruleset.view(game.state, None)
    # A game names its moment with 'when' (say '1708 Spring'), else with its round.
    when: Text | str = _l("round %(round)s", round=view.get("round"))
    if "season" in view and "year" in view:  # '1708 Spring': a season said in the game's words
        season = Name(str(view["season"]), str(view["season"]).title(), "seasons")
        when = _l("%(season)s %(year)s", season=season, year=view["year"])
    elif "when" in view:
        when = str(view["when"])
    # A game whose phase ids are no words (baltic 'action_1') gives its English name too.
    phase = Name(str(view.get("phase")), str(view.get("phase_name") or view.get("phase")), "phases")
    fields = {"game": game.meta["id"], "ruleset": ruleset, "moment": when, "phase": phase}
    head = (
        _l(
            "%(game)s (%(ruleset)s): %(moment)s, %(phase)s, after step %(step)d",
            step=game.step - 1,
            **fields,
        )
        if game.step > 1
        else _l("%(game)s (%(ruleset)s): %(moment)s, %(phase)s, no step resolved yet", **fields)
    )
    echo(head, lang, ruleset)
    for warning in game.warnings():
        echo(_l("warning: %(warning)s", warning=warning), lang)
    for player, n in game.guesses.locked(game.step).items():
        guessed = _l(
            "warning: %(n)d wrong passwords for %(player)s in this step: nothing more is "
            "checked for it until the next step",
            n=n,
            player=_player_named(player, lang, ruleset),
        )
        echo(guessed, lang, ruleset)
    if game.config.paused:
        echo(_l("PAUSED: nothing is resolved until 'adjudicator resume'"), lang)
    automatic = [r for r in game.ruleset.requests(game.state) if not r.player]
    if not rows and automatic:  # resolved by the next run, waiting for nobody
        what = automatic[0].summary
        echo(
            _l("nothing is awaited from the players; run 'adjudicator run' to %(what)s", what=what),
            lang,
            ruleset,
        )
    elif not rows:
        echo(_l("nothing is awaited from the players"), lang)
    moment = parse_now(now, lang)
    marks = {True: _l("in").say(lang, None), False: _l("MISSING").say(lang, None)}
    table = []
    for row in rows:
        hours = (parse_time(row["deadline"]) - moment).total_seconds() / 3600
        shown = {
            "deadline": Moment(row["deadline"]),
            "hours": _decimal(abs(hours), lang),
        }
        by = (
            _l("by %(deadline)s (%(hours)s h left)", **shown)
            if hours >= 0
            else _l("by %(deadline)s (%(hours)s h late)", **shown)
        )
        summary = summary_in(row, lang, ruleset)
        mark = marks[bool(row["answered"])]
        who = _player_in(row["player"], lang, ruleset)
        table.append((row, [who, summary, mark, by.say(lang, ruleset)]))
    rejected = _rejected_by_player(game)
    # A table: the player id, what is awaited, whether it is in, by when; columns as wide
    # as their widest cell, so that long summaries (a battle, a card) keep them aligned.
    lines = aligned([cells for _, cells in table])
    widths = [max((len(cells[0]) for _, cells in table), default=0)]
    for (row, _), line in zip(table, lines, strict=True):
        click.echo(f"  {line}")
        notes = [_l("not used: %(why)s", why=why).say(lang, ruleset) for why in row["skipped"]]
        files = rejected.pop(row["player"], [])
        notes += [_said_rejected(r, game_dir).say(lang, None) for r in files]
        for note in notes:
            click.echo(f"  {'':{widths[0]}} {note}")
    for player, files in rejected.items():
        for file in files:
            said = _said_rejected(file, game_dir).say(lang, None)
            who = _player_in(player, lang, ruleset) if player else "?"
            click.echo(f"  {who:<{widths[0]}} {said}")


def _player_in(player: str, lang: str, ruleset: str) -> str:
    """A player as the game's reports name them in `lang` («Баратеон», «Suécia»): a
    Russian or Portuguese GM reads no id. English keeps the id, as `status` always printed
    it (GMs' scripts read it)."""
    return _player_named(player, lang, ruleset).say(lang, ruleset)


def _player_named(player: str, lang: str, ruleset: str) -> Name:
    """`_player_in` as a name a sentence may decline («неверных паролей Швеции»)."""
    if lang == "en":
        return Name(player, player)
    from adjudicator.render import display_name

    return Name(player, display_name(ruleset, player))


def aligned(rows: list[list[str]]) -> list[str]:
    """Rows of cells as lines, each column as wide as its widest cell (the last unpadded)."""
    widths = [max(len(row[n]) for row in rows) for n in range(len(rows[0]))] if rows else []
    return [" ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in rows]


def _rejected_by_player(game: Any) -> dict[str, list[Any]]:
    """The files rejected since the open decisions were asked, by player ('' unknown)."""
    from adjudicator.clock import parse_time
    from adjudicator.rejections import rejected_since

    opened = [parse_time(r["opened"]) for r in game.requests.values() if "opened" in r]
    by_player: dict[str, list[Any]] = {}
    for file in rejected_since(game, min(opened) if opened else None):
        by_player.setdefault(file.player, []).append(file)
    return by_player


def _said_rejected(file: Any, game_dir: Path) -> Text:
    from adjudicator.clock import utc

    return _l(
        "rejected: %(file)s at %(when)s (the errors: %(errors)s)",
        file=file.name,
        when=Moment(utc(file.when)),
        errors=str(file.errors.relative_to(game_dir)),
    )


def _decimal(value: float, lang: str) -> str:
    """`value` with one decimal, as `lang` writes numbers ('47.5', '47,5')."""
    if lang == "en":
        return f"{value:.1f}"
    from babel.numbers import format_decimal

    return format_decimal(round(value, 1), "0.0", locale=lang)


@main.command(
    epilog="""Without --public the output holds the game's secrets (the order of the decks,
hidden blocks): it is for the GM only; never post it while the game runs.

\b
Examples:
  adjudicator export mygame > position.yaml     # secret: the GM's copy
  adjudicator export mygame --public            # what anyone may see
"""
)
@GAME_DIR
@click.option(
    "--public",
    is_flag=True,
    help="Only what anyone may see (no deck order, no hidden blocks): safe to post.",
)
def export(game_dir: Path, public: bool) -> None:
    """Print the current position as YAML, in the position-file format of `new --position`.

    WARNING: this prints the order of the decks and every hidden piece; use --public for
    a position you may post.
    """
    from adjudicator import engine
    from adjudicator.gamedir import dump_yaml

    with engine.open_game(game_dir) as game:
        if not public:
            click.echo(dump_yaml(game.ruleset.export(game.state)), nl=False)
            return
        public_export = getattr(game.ruleset, "export_public", None)
        if public_export is None:
            none = _l(
                "this game has no public position; its reports and 'map' show what anyone may see"
            )
            raise click.ClickException(none.say(game.language(), None))
        click.echo(dump_yaml(public_export(game.state)), nl=False)


@main.command(
    epilog="""Examples:

\b
  adjudicator check mygame stark.txt                 # as the inbox would read it
  adjudicator check mygame post.txt --player stark   # a forum post: no password needed
"""
)
@GAME_DIR
@click.argument("file", type=click.File("rb"), metavar="FILE")
@click.option(
    "--player",
    "--house",
    "house",
    help="Read FILE as this player's (a house, a side), header and password optional.",
)
def check(game_dir: Path, file: BinaryIO, house: str | None) -> None:
    """Dry run: print the receipt (or every error) FILE would get now, in the player's
    language. Changes nothing; exits 1 when FILE would be rejected."""
    from adjudicator.check import NotAPlayer, check_text
    from adjudicator.inbox.files import UnreadableFile, decode_order_file, save_as_utf8

    lang = gm_language(game_dir)
    try:
        text = decode_order_file(file.read())
    except UnreadableFile:
        raise click.ClickException(save_as_utf8(file.name).say(lang, None)) from None
    try:
        checked = check_text(game_dir, text, house)
    except NotAPlayer as wrong:
        said = _l(
            "'%(player)s' is not a player; players: %(players)s",
            player=wrong.house,
            players=", ".join(wrong.players),
        )
        raise click.BadParameter(said.say(lang, None), param_hint="--player") from None
    click.echo(checked.text)
    if not checked.accepted:
        raise click.exceptions.Exit(1)


@main.command()
@GAME_DIR
def replay(game_dir: Path) -> None:
    """Re-run the game from its first commit and its archive; report the first divergence."""
    from adjudicator.replay import replay_game

    ok, message = replay_game(game_dir)
    lang = gm_language(game_dir)
    echo(message, lang)
    if not ok:
        raise click.ClickException(_l("replay diverged").say(lang, None))


def _set(game_dir: Path, message: Text, **changes: object) -> None:
    """Change settings; the commit says it in English, the GM reads it in the game's
    language."""
    from adjudicator.settings import change_settings

    change_settings(game_dir, str(message), changes)
    echo(message, gm_language(game_dir))


@main.command()
@GAME_DIR
@click.option("--hours", type=float, required=True, help="Hours to add to every open deadline.")
@NOW
def extend(game_dir: Path, hours: float, now: str | None) -> None:
    """Move every open deadline later (or earlier, with a negative number)."""
    from adjudicator.settings import extend_deadlines

    lang = gm_language(game_dir)
    echo(extend_deadlines(game_dir, hours, parse_now(now, lang)), lang)


@main.command()
@GAME_DIR
def pause(game_dir: Path) -> None:
    """Stop resolving (orders are still collected) until `resume`."""
    _set(game_dir, _l("paused: orders are collected, nothing is resolved"), paused=True)


@main.command()
@GAME_DIR
def resume(game_dir: Path) -> None:
    """Resolve again after `pause`."""
    _set(game_dir, _l("resumed"), paused=False)


@main.command()
@GAME_DIR
@click.option("--force", is_flag=True, help="Reveal even though decisions are still open.")
def reveal(game_dir: Path, force: bool) -> None:
    """Publish the GM secret (after the game) so anyone can re-check every roll."""
    from adjudicator.settings import reveal_secret

    echo(reveal_secret(game_dir, force), gm_language(game_dir))


@main.command("password")
@GAME_DIR
@click.argument("house", required=False)
@click.option("--gm", is_flag=True, help="Set the GM's own password (asked for, never shown).")
def password_command(game_dir: Path, house: str | None, gm: bool) -> None:
    """Give HOUSE a new password (printed once), or set the GM's own with --gm.

    The hashes are kept in DIR/.adjudicator, never in game.yaml.

    \b
    Examples:
      adjudicator password ~/games/w1 stark
      adjudicator password ~/games/w1 --gm
    """
    from adjudicator.settings import new_password

    lang = gm_language(game_dir)
    if gm == (house is not None):
        how = _l("name one house, or give --gm for the GM's own password").say(lang, None)
        raise click.UsageError(how)
    chosen = None
    if gm:
        chosen = click.prompt(
            _l("the GM's new password").say(lang, None), hide_input=True, confirmation_prompt=True
        )
    said, line = new_password(game_dir, house, chosen)
    echo(said, lang, _ruleset(game_dir))
    if line:
        click.echo(line)


@main.command("map")
@GAME_DIR
@click.option(
    "--player",
    "--house",
    "house",
    help="Draw what this player (a house, a side) may see (default: the public map).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write to FILE (.svg or .png); default: the SVG on standard output.",
)
@click.option("--width", type=click.IntRange(300, 4000), default=1000, show_default=True)
def map_command(game_dir: Path, house: str | None, output: Path | None, width: int) -> None:
    """Draw the current position as an SVG or PNG map."""
    from adjudicator import engine, raster
    from adjudicator.mapdraw import draw_svg

    if output is not None and output.suffix.lower() not in (".svg", ".png"):
        kind = _l("%(file)s: a map is written as .svg or .png", file=output.name)
        raise click.BadParameter(kind.say(gm_language(game_dir), None), param_hint="--output")

    with engine.open_game(game_dir) as game:
        players = game.ruleset.players(game.state)
        if house is not None and house.lower() not in players:
            wrong = _l(
                "'%(player)s' is not a player; players: %(players)s",
                player=house,
                players=", ".join(players),
            )
            raise click.BadParameter(wrong.say(game.language(), None), param_hint="--player")
        viewer = house and house.lower()
        view = game.ruleset.view(game.state, viewer)
        svg = draw_svg(view, width=width, lang=game.language(viewer))
    if output is None:
        click.echo(svg, nl=False)
    elif output.suffix.lower() == ".png":
        try:
            output.write_bytes(raster.svg_to_png(svg))
        except raster.NoRenderer:
            resvg = _l(
                "PNG needs the resvg program: pip install 'adjudicator[png]', "
                "or your system's resvg package"
            )
            raise click.ClickException(resvg.say(gm_language(game_dir), None)) from None
        except raster.DrawError as error:
            failed = _l("resvg could not draw the map: %(why)s", why=str(error))
            raise click.ClickException(failed.say(gm_language(game_dir), None)) from None
    else:
        output.write_text(svg, encoding="utf-8")


@main.command()
@GAME_DIR
@click.option(
    "--player", "--house", "house", help="Only this player (default: every player asked now)."
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the bots' dice.")
@click.option("--ahead", is_flag=True, help="Also send standing instructions for the round.")
@click.option(
    "--passwords",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    help="YAML 'player: password' (as for `new`); kept in DIR/.adjudicator for later calls.",
)
@NOW
def bot(
    game_dir: Path,
    house: str | None,
    seed: int,
    ahead: bool,
    passwords: Path | None,
    now: str | None,
) -> None:
    """Write random but legal orders into DIR/inbox for the players asked now (then `run`).

    The files are dated --now, as if the players had sent them then."""
    import os

    from adjudicator.bots import write_bot_orders

    lang = gm_language(game_dir)
    moment = parse_now(now, lang).timestamp()
    written = write_bot_orders(
        game_dir, house=house, seed=seed, ahead=ahead, passwords_file=passwords
    )
    for path in written:
        os.utime(path, (moment, moment))
        echo(_l("wrote %(path)s", path=str(path)), lang)
    if not written:
        echo(_l("nothing is asked of the players (or their instructions answer it)"), lang)
