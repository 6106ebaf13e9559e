"""Game facts shipped with the package (``games/<game>/*.yaml``), read once per process.

Where a game's folders are: `game_folder` (its data) and `template_roots` (its templates)
answer for every module that reads them. A game of the package keeps them in the package;
a game kept elsewhere (the tests' example game) is named in `HOMES`.

Building Python objects from YAML costs even with the C parser (the constructor is Python):
about 40 ms for the westeros board and cards, every run, on the path of every report. So
a parsed file is kept in the user's cache folder as `marshal` data (plain dicts, lists,
strings and numbers load in a millisecond) under the hash of its text: an edited or
upgraded data file is parsed afresh, and without a writable cache we just parse.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import marshal
import os
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import yaml

# The C loader is several times faster on the board and deck files; fall back when absent.
SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
SafeDumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


HOMES: dict[str, Path] = {}
"""Game name -> a folder outside the package holding ``games/<game>/`` and
``templates/<game>/``, registered with its ruleset (`rulesets.RULESETS`); a game of the
package is not listed."""


def game_folder(game: str) -> Traversable:
    """``games/<game>/``: the facts of `game` as data (it may not exist: a stand-in game)."""
    home = HOMES.get(game)
    if home is not None:
        return home / "games" / game
    return resources.files("adjudicator.games").joinpath(game)


def game_names() -> list[str]:
    """Every game with a ``games/`` folder, the package's and those in `HOMES`, sorted."""
    shipped = resources.files("adjudicator.games")
    found = {entry.name for entry in shipped.iterdir() if entry.is_dir() and entry.name[0] != "_"}
    return sorted(found | set(HOMES))


def template_roots(game: str) -> list[str]:
    """The folders the templates of `game` are found under (`<game>/...` and `common/...`)."""
    roots = [str(resources.files("adjudicator.templates"))]
    home = HOMES.get(game)
    return [str(home / "templates"), *roots] if home is not None else roots


@functools.cache
def load_game_data(game: str, name: str) -> Any:
    """The parsed YAML file ``games/<game>/<name>``. Treat the result as read-only."""
    raw = game_folder(game).joinpath(name).read_bytes()
    folder = cache_folder("data")
    kept = folder / f"{hashlib.sha256(raw).hexdigest()[:32]}.marshal" if folder else None
    if kept is not None:
        try:
            return marshal.loads(kept.read_bytes())
        except (OSError, EOFError, ValueError, TypeError):
            pass  # not cached yet, or a damaged copy: parse
    data = yaml.load(raw.decode("utf-8"), Loader=SafeLoader)
    if kept is not None:
        keep_cached(kept, marshal.dumps(data))
    return data


def keep_cached(path: Path, data: bytes) -> None:
    """Write a cache file whole (a temp file renamed: a run reading it at the same moment
    sees all of it or nothing), or not at all when the cache cannot be written."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)


@functools.cache
def cache_folder(part: str) -> Path | None:
    """``~/.cache/adjudicator/<part>`` ($XDG_CACHE_HOME honoured), made if missing; None
    when it cannot be made (a read-only home): callers then work without a cache."""
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    folder = base / "adjudicator" / part
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder
