"""Starting a game: a new folder with its git repo, secret, players and first requests."""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from adjudicator.auth import generate_password, hash_password, password_problem, write_hashes
from adjudicator.clock import utc
from adjudicator.dice import Dice, commitment
from adjudicator.engine import open_game
from adjudicator.form import write_form
from adjudicator.gamedir import (
    SCHEMA,
    GameDir,
    GameError,
    atomic_write,
    dump_yaml,
    load_yaml_text,
    public_mode,
)
from adjudicator.gamefile import is_address
from adjudicator.i18n import UnknownLanguage, check_language
from adjudicator.publish import git
from adjudicator.rulesets import PositionError, Ruleset, find_ruleset
from adjudicator.text import Text, _l

START_FILE = "start.yaml"
"""Under .adjudicator/: the start position of a game of hidden blocks (never committed)."""

_ROSTER = re.compile(
    r"^\s*([A-Za-z_-]+)\s*=\s*([^<]*?)\s*(?:<([^>]+)>)?\s*((?:(?:tz|lang)=\S+\s*)*)$"
)
_EXTRAS = re.compile(r"(tz|lang)=(\S+)")


def _error(lang: str, message: Text) -> GameError:
    """A GameError the GM reads in `lang`, the language of the game being made (its
    English is the exception's `str`)."""
    return GameError(message, lang=lang)


def parse_roster_entry(text: str, lang: str = "en") -> tuple[str, dict[str, str]]:
    """'stark=Ann <ann@example.org> tz=Europe/Berlin lang=ru' -> ('stark', {name, email,
    tz, lang}).

    The time zone (optional, IANA name) puts the player's local time beside UTC in mails;
    the language (optional) is the one of the player's private reports. Raises `GameError`
    in `lang` (the game's language) for an entry it cannot read.
    """
    match = _ROSTER.match(text)
    if not match:
        raise _error(
            lang,
            _l(
                "--player '%(entry)s': write it as 'house=Name <email> [tz=Zone/City] "
                "[lang=ru]', e.g. 'stark=Ann <ann@example.org> tz=Europe/Berlin'",
                entry=text,
            ),
        )
    player, name, email, extras = match.groups()
    if not email and "@" in name:
        bare = _l(
            "--player '%(entry)s': put the e-mail address in angle brackets, e.g. "
            "'stark=Ann <ann@example.org>'",
            entry=text,
        )
        raise _error(lang, bare)
    given = dict(_EXTRAS.findall(extras))
    zone = given.get("tz")
    # No name given: none is made up (an English house name in a Russian table); reports
    # show the house, in the reader's language.
    record = {"name": name} if name else {}
    if email:
        if not is_address(email.strip()):
            bad = _l(
                "--player '%(entry)s': '%(email)s' is not an e-mail address; write it as "
                "name@domain, e.g. ann@example.org",
                entry=text,
                email=email.strip(),
            )
            raise _error(lang, bad)
        record["email"] = email.strip()
    if "lang" in given:
        try:
            record["lang"] = check_language(given["lang"])
        except UnknownLanguage as err:
            raise _error(
                lang, _l("--player '%(entry)s': %(error)s", entry=text, error=str(err))
            ) from None
    if zone:
        from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

        try:
            ZoneInfo(zone)
        except (ZoneInfoNotFoundError, ValueError):
            unknown_zone = _l(
                "--player '%(entry)s': unknown time zone '%(zone)s'; use an IANA name such as "
                "Europe/Berlin or America/New_York",
                entry=text,
                zone=zone,
            )
            raise _error(lang, unknown_zone) from None
        record["tz"] = zone
    return player.lower(), record


def create_game(
    path: Path,
    game: str,
    *,
    now: datetime,
    players: int | None = None,
    roster: Mapping[str, dict[str, str]] | None = None,
    passwords: Mapping[str, str] | None = None,
    position: Mapping[str, Any] | None = None,
    settings: Mapping[str, Any] | None = None,
    options: Mapping[str, Any] | None = None,
    secret: bytes | None = None,
) -> dict[str, str]:
    """Create the game folder and commit it. Returns the passwords generated, per player.

    `secret` is the GM secret every die of the game comes from; a real game leaves it out
    and draws a new one (`new_secret`), a test or a corpus gives one so that its dice are
    the same on every run. Raises `GameError` when the folder is in use or a player is
    unknown.
    """
    lang = str((settings or {}).get("lang") or "en")
    gamedir = GameDir(path)
    if gamedir.exists() or (path.exists() and any(path.iterdir())):
        taken = _l("%(path)s already exists and is not empty; choose a new folder", path=str(path))
        raise _error(lang, taken)
    for parent in path.resolve().parents:
        if GameDir(parent).exists():
            inside = _l(
                "%(parent)s is a game folder: a new game inside it would land in that game's "
                "repository. Choose a folder outside it (e.g. beside it).",
                parent=str(parent),
            )
            raise _error(lang, inside)
    ruleset = find_ruleset(game)
    secret = new_secret() if secret is None else secret
    game_id = re.sub(r"[^A-Za-z0-9_.-]+", "-", path.resolve().name) or "game"
    hidden_start = position is not None and getattr(ruleset, "secret_submissions", False)
    if hidden_start:
        # A game of hidden blocks: the position names every block, so it stays private
        # (.adjudicator/start.yaml); game.yaml keeps only its SHA-256 for replay.
        start_text = dump_yaml(dict(position or {}))
        start: dict[str, Any] = {
            "private_position": hashlib.sha256(start_text.encode()).hexdigest()
        }
    elif position is not None:
        start = {"position": dict(position)}
    else:
        # Only what the GM chose: a game of fixed sides (baltic) records no count, and
        # westeros's default (6) is the ruleset's own.
        start = {"options": dict(options or {})}
        if players is not None:
            start = {"players": players, **start}
    source = dict(position or {}) if hidden_start else None
    state = initial_state(ruleset, start, secret, game_id, position=source, lang=lang)
    ids = ruleset.players(state)
    roster = dict(roster or {})
    passwords = dict(passwords or {})
    unknown = sorted({*roster, *passwords} - set(ids))
    if unknown:
        stranger = _l(
            "'%(player)s' does not play in this game; players: %(players)s",
            player=unknown[0],
            players=", ".join(ids),
        )
        raise _error(lang, stranger)
    weak = [
        _l("--passwords: %(player)s: %(problem)s", player=p, problem=problem)
        for p, given in sorted(passwords.items())
        if (problem := password_problem(given)) is not None
    ]
    if weak:
        raise GameError(_l("these passwords cannot be used; nothing was created:"), weak, lang=lang)
    generated = {p: generate_password() for p in ids if p not in passwords}
    meta = {
        "schema": SCHEMA,
        "game": ruleset.name,
        "id": game_id,
        "created": utc(now),
        "secret_sha256": commitment(secret),
        "settings": {"deadline_hours": 48, "nmr": "defaults", **(settings or {})},
        "start": start,
        "players": {p: dict(roster.get(p, {})) for p in ids},
    }
    chosen = {**passwords, **generated}
    path.mkdir(parents=True, exist_ok=True)
    git.init(path)
    atomic_write(path / ".gitignore", git.GITIGNORE, public_mode())
    for folder in (gamedir.inbox, gamedir.reports, gamedir.archive):
        folder.mkdir(exist_ok=True)
    atomic_write(gamedir.secret_file, secret + b"\n")
    write_hashes(gamedir, {"players": {p: hash_password(chosen[p]) for p in ids}, "gm": None})
    if hidden_start:
        atomic_write(gamedir.private / START_FILE, start_text)
    gamedir.secret_file.chmod(0o600)
    private = {
        "step": 1,
        "next_submission": 1,
        "requests": {},
        "used": [],
        "seen": {},
        "state": ruleset.save(state),
    }
    atomic_write(gamedir.state_file, dump_yaml(private))
    atomic_write(gamedir.game_file, dump_yaml(meta), public_mode())
    _open_first_requests(path, now)
    return generated


def new_secret() -> bytes:
    """A new GM secret: 32 random bytes as hex, drawn once when a game is created."""
    return secrets.token_hex(32).encode()


def initial_state(
    ruleset: Ruleset,
    start: Mapping[str, Any],
    secret: bytes,
    game_id: str,
    *,
    position: Mapping[str, Any] | None = None,
    lang: str = "en",
) -> Any:
    """The first state of a game, from game.yaml's `start` and the secret (replay uses it).

    A private start position (`private_position`) is given as `position` (read it with
    `private_start`). Raises `GameError` for a faulty position, its faults said in `lang`."""
    rng = Dice(secret, game_id, 0)
    try:
        if "private_position" in start:
            return ruleset.load_position(position or {}, rng)
        if "position" in start:
            return ruleset.load_position(start["position"], rng)
        return ruleset.new_game(start, rng)
    except PositionError as error:  # said in the GM's words, headed by what was wrong
        given = "position" in start or "private_position" in start
        options = _l("the game cannot be started with these options:")
        raise GameError(error.say(lang, ruleset.name, None if given else options)) from None
    except (ValueError, TypeError) as error:  # bad options a ruleset did not list
        said = getattr(error, "say", None)
        raise GameError(said(lang, ruleset.name) if said else str(error)) from None


def private_start(gamedir: GameDir, start: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The private start position of a game of hidden blocks, checked against game.yaml's
    SHA-256; None for a game whose start is public. Raises `GameError` when it is missing or
    altered."""
    if "private_position" not in start:
        return None
    # The GM's copy, or the one `reveal` published at the end of the game.
    path = gamedir.private / START_FILE
    if not path.exists():
        path = gamedir.path / START_FILE
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        missing = _l("%(path)s is missing: the game's private start position", path=str(path))
        raise GameError(missing) from None
    if hashlib.sha256(text.encode()).hexdigest() != start["private_position"]:
        altered = _l(
            "%(path)s differs from the start position the game was created with", path=str(path)
        )
        raise GameError(altered)
    return load_yaml_text(text)


def _open_first_requests(path: Path, now: datetime) -> None:
    with open_game(path) as game:
        game.register_requests(now)  # deadlines start now; the first `run` resolves
        game.save_private()
        for player in game.ruleset.players(game.state):  # the first reminders carry it too
            if form := game.form(player):
                write_form(game.dir.private, player, form)
        atomic_write(game.dir.game_file, dump_yaml(game.public_meta(now)), public_mode())
        git.commit(path, [".gitignore", "game.yaml"], f"{game.meta['id']}: new game")
