"""Write the maps the README shows (docs/maps/*.svg): a westeros start with six houses and
the Poltava scenario, as the public sees them.

Not part of the product: run it after changing how the maps look.

    python tools/readme_maps.py
"""

from __future__ import annotations

import importlib
from pathlib import Path

from adjudicator.dice import Dice
from adjudicator.mapdraw import draw_svg
from adjudicator.rulesets import known_games

OUT = Path(__file__).resolve().parent.parent / "docs" / "maps"
GAMES = {"westeros": {"players": 6}, "baltic": {"scenario": "poltava", "players": 2}}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for game, setup in GAMES.items():
        ruleset = importlib.import_module(known_games()[game]).RULESET
        state = ruleset.new_game(setup, Dice(b"readme", "readme", 0))
        (OUT / f"{game}.svg").write_text(draw_svg(ruleset.view(state, None)), encoding="utf-8")


if __name__ == "__main__":
    main()
