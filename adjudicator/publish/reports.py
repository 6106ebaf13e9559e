"""Writing what a run resolved: reports, the game file, the archive; all in one transaction."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from adjudicator.gamedir import Transaction, dump_yaml
from adjudicator.render import display_name, render
from adjudicator.requests import Event

if TYPE_CHECKING:
    from adjudicator.engine import Game


def waiting_lines(game: Game, player: str | None = None) -> list[dict[str, Any]]:
    """Open requests as report rows: 'Stark (Ann): place orders, by 2027-01-07 12:00 UTC'."""
    rows = []
    for request in game.waiting():
        if player is not None and request["player"] != player:
            continue
        who = display_name(game.meta["game"], request["player"])
        pname = game.players.get(request["player"], {}).get("name")
        deadline = request["deadline"].replace("T", " ").replace("Z", " UTC")
        label = f"{who} ({pname})" if pname else who
        rows.append({**request, "line": f"{label}: {request['summary']}, by {deadline}"})
    return rows


def publish(
    game: Game, resolved: list[tuple[int, list[Event]]], now: datetime, tx: Transaction
) -> list[str]:
    """Queue every file of a run into `tx`; returns the report paths written."""
    first = resolved[0][0]
    events = [e for _, step_events in resolved for e in step_events]
    public_view = game.ruleset.view(game.state, None)
    stem = f"{first:04d}"
    context = {
        "game_id": game.meta["id"],
        "step": first,
        "now": now,
        "players": {p: r.get("name", p) for p, r in game.players.items()},
    }
    written = []
    for fmt in ("md", "bbcode"):
        text = render(
            game.meta["game"],
            "report",
            fmt,
            {
                **context,
                "view": public_view,
                "events": [e for e in events if e.public],
                "waiting": waiting_lines(game),
                "map_url": _map_url(game, stem),
            },
        )
        tx.write(f"reports/{stem}.{fmt}", text)
        written.append(f"reports/{stem}.{fmt}")
    for player in game.ruleset.players(game.state):
        mine = [e for e in events if not e.public and e.to == player]
        text = render(
            game.meta["game"],
            "private",
            "md",
            {
                **context,
                "player": player,
                "view": game.ruleset.view(game.state, player),
                "events": [e for e in mine if e.kind != "instruction_used"],
                "used": [e.data["text"] for e in mine if e.kind == "instruction_used"],
                "waiting": waiting_lines(game, player),
            },
        )
        path = f".adjudicator/private/{player}/{stem}.md"
        tx.write(path, text)
        written.append(path)
    for submission in game.revealed_submissions():
        from adjudicator.engine import dump_submission

        tx.write(f"archive/{stem}/{submission.id}.yaml", dump_yaml(dump_submission(submission)))
        tx.delete(f".adjudicator/submissions/{submission.id}.yaml")
        game.submissions.remove(submission)
    tx.write("game.yaml", dump_yaml(game.public_meta(now)))
    tx.write(".adjudicator/state.yaml", dump_yaml(game.private_data()))
    view = public_view
    tx.message = f"{game.meta['id']}: round {view['round']}, {view['phase']} (step {game.step})"
    return written


def _map_url(game: Game, stem: str) -> str | None:
    base = game.settings.get("map_base_url")
    return f"{base.rstrip('/')}/{stem}.png" if base else None
