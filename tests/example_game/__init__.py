"""Tally: the smallest whole game, kept in the tests to show what a third game writes.

A game is three folders (docs/architecture.md): the ruleset (`tally.py` here,
``adjudicator/rulesets/<game>/`` in the package), its facts as data (``games/tally/``: its
players, names, sentences in ``locale/`` and map in ``drawing.yaml``) and its report
templates (``templates/tally/``). A game of the package is found where the package keeps
them; this one lives beside the tests, so `register` names its folder in `data.HOMES` and
its module in `rulesets.RULESETS`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

HOME = Path(__file__).parent
"""This folder: it holds ``games/tally/`` and ``templates/tally/``."""


def register(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make 'tally' a game the engine knows, for one test."""
    from adjudicator import data
    from adjudicator.rulesets import RULESETS

    monkeypatch.setitem(RULESETS, "tally", "tests.example_game.tally")
    monkeypatch.setitem(data.HOMES, "tally", HOME)
