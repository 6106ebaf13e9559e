"""Game facts shipped with the package (``games/<game>/*.yaml``), read once per process."""

from __future__ import annotations

import functools
from importlib import resources
from typing import Any

import yaml

# The C loader is several times faster on the board and deck files; fall back when absent.
SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
SafeDumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


@functools.cache
def load_game_data(game: str, name: str) -> Any:
    """The parsed YAML file ``games/<game>/<name>``. Treat the result as read-only."""
    path = resources.files("adjudicator.games").joinpath(game, name)
    return yaml.load(path.read_text(encoding="utf-8"), Loader=SafeLoader)
