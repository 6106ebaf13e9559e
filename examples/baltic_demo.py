"""A baltic demo: a Poltava game (1708-1709) played to its end by two seeded bots.

    python examples/baltic_demo.py [FOLDER]

Each round trip the bot of the side whose orders are awaited drops an order file into the
game's inbox, as a player would, and `adjudicator run` resolves it: reports, maps and a git
commit per run. Prints the result and where the reports are.
"""

from __future__ import annotations

import shutil
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from adjudicator import engine
from adjudicator.create import create_game
from adjudicator.dice import Dice
from adjudicator.rulesets.baltic.ruleset import RULESET

PASSWORDS = {"sweden": "demo-sweden", "coalition": "demo-coalition"}
START = datetime(2027, 1, 1, 12, 0, tzinfo=UTC)


def main(folder: str = "demo-baltic") -> None:
    path = Path(folder)
    shutil.rmtree(path, ignore_errors=True)
    create_game(
        path,
        "baltic",
        now=START,
        options={"scenario": "poltava"},
        passwords=PASSWORDS,
        roster={"sweden": {"name": "Sweden's bot"}, "coalition": {"name": "Coalition's bot"}},
    )
    now = START
    for turn in range(100):
        game, rows = engine.status(path)
        if not RULESET.requests(game.state):
            break
        for row in rows:
            side = row["player"]
            orders = RULESET.bot(game.state, side, Dice(b"demo", side, turn), True) or "pass\n"
            body = f"side: {side}\npassword: {PASSWORDS[side]}\n{orders}"
            (path / "inbox" / f"{turn:03d}-{side}.txt").write_text(body, encoding="utf-8")
        now += timedelta(hours=1)
        engine.run(path, now)
    game, _ = engine.status(path)
    state = game.state
    reports = sorted((path / "reports").glob("*.md"))
    result = f"{state.winner} wins ({state.end_reason})"
    print(f"Poltava played to its end in {len(reports)} runs: {result}.")
    print(f"Public reports: {path / 'reports'} (last: {reports[-1].name})")
    print(f"Private reports: {path / '.adjudicator' / 'private'} (sweden/, coalition/)")


if __name__ == "__main__":
    main(*sys.argv[1:2])
