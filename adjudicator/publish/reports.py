"""Writing what a run resolved: reports, the game file, the archive; all in one transaction."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from adjudicator.gamedir import GameError, Transaction, dump_yaml
from adjudicator.render import (
    display_name,
    escape_bbcode,
    escape_markdown,
    format_deadline,
    render,
)
from adjudicator.requests import Event, summary_in
from adjudicator.text import _l

if TYPE_CHECKING:
    from adjudicator.engine import Game


def waiting_lines(
    game: Game, player: str | None = None, fmt: str = "md", lang: str = "en"
) -> list[dict[str, Any]]:
    """Open requests as report rows: 'Stark (Ann): place orders, by 2027-01-07 12:00 UTC'.

    The player's name is the GM's text: escaped for `fmt` like any text in a report. The
    house and the sentence are in `lang`, and so is the request's summary where the ruleset
    wrote it as a `text.Text`, and the deadline (`render.format_deadline`: '7 янв. 2027 г.,
    12:00 UTC'); a private report (`player`) adds the player's local time (their `tz`)."""
    from adjudicator.i18n import localized_names, translations

    _ = translations(lang).gettext
    escape = escape_markdown if fmt == "md" else escape_bbcode
    local = localized_names(game.meta["game"], lang)
    # A private report gives the deadline in the player's own time too, as receipts do.
    zone = game.players.get(player, {}).get("tz") if player else None
    rows = []
    for request in game.waiting():
        if player is not None and request["player"] != player:
            continue
        who = local.get(request["player"]) or display_name(game.meta["game"], request["player"])
        pname = game.players.get(request["player"], {}).get("name")
        pname = escape(pname) if pname else pname
        deadline = format_deadline(request["deadline"], lang, zone)
        summary = summary_in(request, lang, game.meta["game"])
        words = {"house": who, "player": pname, "request": summary, "by": deadline}
        if pname:
            line = _("%(house)s (%(player)s): %(request)s, by %(by)s") % words
        else:
            line = _("%(house)s: %(request)s, by %(by)s") % words
        rows.append({**request, "line": line})
    return rows


def publish(
    game: Game, resolved: list[tuple[int, list[Event]]], now: datetime, tx: Transaction
) -> list[str]:
    """Queue every file of a run into `tx`; returns the report paths written."""
    first = resolved[0][0]
    events = [e for _, step_events in resolved for e in step_events]
    public_view = game.ruleset.view(game.state, None)
    stem = f"{first:04d}"
    before = game.view_before or public_view
    context = {
        "game_id": game.meta["id"],
        "step": first,
        "last_step": game.step - 1,
        "before": before,
        "now": now,
        "players": {p: r.get("name") or "—" for p, r in game.players.items()},
        "tables": game.settings.get("bbcode_tables", True),
    }
    memo: dict[tuple[str, str, str], str] = {}  # areas drawn alike on several maps
    maps = _maps(game, public_view, stem, tx, memo)
    lang = game.language()
    written = []
    for fmt in ("md", "bbcode"):
        public = {
            **context,
            "view": public_view,
            "events": [e for e in events if e.public],
            "waiting": waiting_lines(game, fmt=fmt, lang=lang),
            "map_url": _map_url(game, fmt, maps),
        }
        tx.write(f"reports/{stem}.{fmt}", render(game.meta["game"], "report", fmt, public, lang))
        written.append(f"reports/{stem}.{fmt}")
    written += maps
    for player in game.ruleset.players(game.state):
        written += _private_report(game, player, events, context, stem, tx, memo)
    for submission in game.revealed_submissions():
        public, whole = game.archive_entry(submission)
        tx.write(f"archive/{stem}/{submission.id}.yaml", public)
        tx.write(f".adjudicator/spent/{submission.id}.yaml", whole)  # for replay and reveal
        tx.delete(f".adjudicator/submissions/{submission.id}.yaml")
        game.forget(submission)
    tx.write("game.yaml", dump_yaml(game.public_meta(now)))
    tx.write(".adjudicator/state.yaml", dump_yaml(game.private_data()))
    tx.message = f"{game.meta['id']}: {_span(before, public_view)} (after step {game.step - 1})"
    return written


def _span(before: dict[str, Any], after: dict[str, Any]) -> str:
    """'round 1, planning to round 2, westeros': where a run's story began and ended."""
    start = f"{moment(before)}, {before.get('phase')}"
    if (moment(before), before.get("phase")) == (moment(after), after.get("phase")):
        return start
    if moment(before) == moment(after):
        return f"{start} to {after.get('phase')}"
    return f"{start} to {moment(after)}, {after.get('phase')}"


def moment(view: dict[str, Any]) -> str:
    """A game names its moment with 'when' (say '1708 Spring'), else with its round."""
    return str(view["when"]) if "when" in view else f"round {view.get('round')}"


def _private_report(
    game: Game,
    player: str,
    events: list[Event],
    context: dict[str, Any],
    stem: str,
    tx: Transaction,
    memo: dict[tuple[str, str, str], str],
) -> list[str]:
    """A house's report (and map) with what only it may see, under .adjudicator/private/."""
    mine = [e for e in events if not e.public and e.to == player]
    view = game.ruleset.view(game.state, player)
    text = render(
        game.meta["game"],
        "private",
        "md",
        {
            **context,
            "player": player,
            "view": view,
            "events": [e for e in mine if e.kind != "instruction_used"],
            # Everything this player may read, public and private, in the order it happened:
            # a game whose private report is the public one plus its secrets (baltic) uses it.
            "timeline": [
                e for e in events if (e.public or e.to == player) and e.kind != "instruction_used"
            ],
            "used": [e.data["text"] for e in mine if e.kind == "instruction_used"],
            "waiting": waiting_lines(game, player, lang=game.language(player)),
        },
        game.language(player),
    )
    folder = f".adjudicator/private/{player}"
    tx.write(f"{folder}/{stem}.md", text)
    written = [f"{folder}/{stem}.md"]
    if game.settings.get("maps", True):
        from adjudicator.mapdraw import draw_svg

        drawn = draw_svg(view, lang=game.language(player), memo=memo)
        tx.write(f"{folder}/{stem}.svg", drawn)
        written.append(f"{folder}/{stem}.svg")
    return written


def _maps(
    game: Game,
    view: dict[str, Any],
    stem: str,
    tx: Transaction,
    memo: dict[tuple[str, str, str], str],
) -> list[str]:
    """The public map: SVG (unless settings.maps is false), and PNG when resvg is here.

    The PNG is queued by `_draw_png`, which draws it while the rest of the run is written.
    """
    if not game.settings.get("maps", True):
        return []
    from adjudicator.mapdraw import draw_svg

    svg = draw_svg(view, lang=game.language(), memo=memo)
    tx.write(f"reports/{stem}.svg", svg)
    written = [f"reports/{stem}.svg"]
    if game.settings.get("png", True) and _draw_png(svg, f"reports/{stem}.png", tx):
        written.append(f"reports/{stem}.png")
    return written


def _draw_png(svg: str, relpath: str, tx: Transaction) -> bool:
    """Start drawing the PNG (`raster`: resvg in a process of its own); `tx` collects it
    before applying, so the reports and the game file are written meanwhile. False
    without resvg (pip install 'adjudicator[png]'): the SVG serves."""
    from adjudicator import raster

    try:
        drawing = raster.start(svg)
    except raster.NoRenderer:
        return False

    def finish() -> None:
        try:
            tx.write(relpath, drawing())
        except raster.DrawError as error:
            failed = _l(
                "drawing %(path)s failed (resvg: %(why)s); nothing was written",
                path=relpath,
                why=str(error),
            )
            raise GameError(failed) from None

    tx.before_apply(finish)
    return True


def _map_url(game: Game, fmt: str, maps: list[str]) -> str | None:
    """Where the report's image is: under settings.map_base_url, or beside the report.

    A forum needs an absolute URL, so BBCode shows an image only with a base URL; Markdown
    in the git forge finds the file next to the report.
    """
    if not maps:
        return None
    image = maps[-1].removeprefix("reports/")
    base = game.settings.get("map_base_url")
    if base:
        return f"{base.rstrip('/')}/{image}"
    return image if fmt == "md" else None
