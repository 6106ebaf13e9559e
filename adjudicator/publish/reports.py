"""Writing the reports of what a run resolved, public and private, with their maps.

`publish` takes the run's record (`table.Resolution`: per step, the notes and events) and
an `Edition` (what the game looks like after it, to each reader), and queues the files into
a transaction; it changes nothing else. The engine writes the archive and the game file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from adjudicator.form import FORM_FILE
from adjudicator.gamedir import GameError
from adjudicator.gamefile import Settings
from adjudicator.i18n import localized_names, translations
from adjudicator.render import (
    display_name,
    escape_bbcode,
    escape_markdown,
    format_deadline,
    render,
)
from adjudicator.requests import Event, summary_in
from adjudicator.table import Resolution
from adjudicator.text import _l, say
from adjudicator.transaction import Transaction


@dataclass(frozen=True)
class Edition:
    """What a run's reports are written from, besides what it resolved: the game after the
    run as each reader may see it, who reads in which language, and what is awaited."""

    game: str
    """The ruleset's name: the templates and names to use."""
    game_id: str
    now: datetime
    players: Mapping[str, Mapping[str, Any]]
    """game.yaml's players: their names and time zones."""
    settings: Settings
    """game.yaml's settings: maps, png, bbcode_tables, map_base_url."""
    lang: str
    """The language of the public reports."""
    languages: Mapping[str, str]
    """Player -> the language of their private report."""
    views: Mapping[str | None, dict[str, Any]]
    """The ruleset's view for each player, and the public one (None)."""
    waiting: list[dict[str, Any]]
    """The open requests with deadlines, sorted, each with what was skipped for it and why
    (`engine.Game.waiting_status`)."""
    forms: Mapping[str, str] = field(default_factory=dict)
    """Player -> their order form (`adjudicator.form`), '' when nothing asks for one."""


def waiting_lines(
    edition: Edition, player: str | None = None, fmt: str = "md", lang: str = "en"
) -> list[dict[str, Any]]:
    """Open requests as report rows: 'Stark (Ann): place orders, by 2027-01-07 12:00 UTC'.

    The player's name is the GM's text: escaped for `fmt` like any text in a report. The
    house and the sentence are in `lang`, and so is the request's summary where the ruleset
    wrote it as a `text.Text`, and the deadline (`render.format_deadline`: '7 янв. 2027 г.,
    12:00 UTC'); a private report (`player`) adds the player's local time (their `tz`)."""
    _ = translations(lang).gettext
    escape = escape_markdown if fmt == "md" else escape_bbcode
    game, players = edition.game, edition.players
    local = localized_names(game, lang)
    # A private report gives the deadline in the player's own time too, as receipts do.
    zone = players.get(player, {}).get("tz") if player else None
    rows = []
    for request in edition.waiting:
        if player is not None and request["player"] != player:
            continue
        who = local.get(request["player"]) or display_name(game, request["player"])
        pname = players.get(request["player"], {}).get("name")
        pname = escape(pname) if pname else pname
        deadline = format_deadline(request["deadline"], lang, zone)
        summary = summary_in(request, lang, game)
        words = {"player": who, "name": pname, "request": summary, "by": deadline}
        if pname:
            line = _("%(player)s (%(name)s): %(request)s, by %(by)s") % words
        else:
            line = _("%(player)s: %(request)s, by %(by)s") % words
        # Issue 17: a private report says which of the player's lines were skipped and why.
        skipped = request.get("skipped", []) if player else []
        why = [say(s, lang, game) for s in skipped]
        rows.append({**request, "line": line, "skipped": [escape(w) for w in why]})
    return rows


def publish(resolution: Resolution, edition: Edition, tx: Transaction) -> list[str]:
    """Queue the reports of `resolution` into `tx`, and its commit message; returns the
    report paths written (public, then each player's private ones)."""
    first = resolution.first_step
    events = resolution.events()
    public_view = edition.views[None]
    stem = f"{first:04d}"
    before = resolution.view_before or public_view
    context = {
        "game_id": edition.game_id,
        "step": first,
        "last_step": resolution.last_step,
        "before": before,
        "now": edition.now,
        "players": {p: r.get("name") or "—" for p, r in edition.players.items()},
        "tables": edition.settings.bbcode_tables,
    }
    memo: dict[tuple[str, str, str], str] = {}  # areas drawn alike on several maps
    drawings: dict[str, Any] = {}  # PNGs being drawn, by their SVG
    maps = _maps(edition, stem, tx, memo, drawings)
    written = []
    for fmt in ("md", "bbcode"):
        public = {
            **context,
            "view": public_view,
            "events": [e for e in events if e.public],
            "waiting": waiting_lines(edition, fmt=fmt, lang=edition.lang),
            "map_url": _map_url(edition, fmt, maps),
        }
        tx.write(f"reports/{stem}.{fmt}", render(edition.game, "report", fmt, public, edition.lang))
        written.append(f"reports/{stem}.{fmt}")
    written += maps
    for player in edition.languages:
        written += _private_report(edition, player, events, context, stem, tx, memo, drawings)
    span = _span(before, public_view)
    tx.message = f"{edition.game_id}: {span} (after step {resolution.last_step})"
    return written


def _span(before: dict[str, Any], after: dict[str, Any]) -> str:
    """'round 1, planning to round 2, westeros': where a run's story began and ended."""
    start = f"{moment(before)}, {_phase(before)}"
    if (moment(before), before.get("phase")) == (moment(after), after.get("phase")):
        return start
    if moment(before) == moment(after):
        return f"{start} to {_phase(after)}"
    return f"{start} to {moment(after)}, {_phase(after)}"


def _phase(view: dict[str, Any]) -> str:
    """The phase as words: a game whose ids are none (baltic 'action_1') names it."""
    return str(view.get("phase_name") or view.get("phase"))


def moment(view: dict[str, Any]) -> str:
    """A game names its moment with 'when' (say '1708 Spring'), else with its round."""
    return str(view["when"]) if "when" in view else f"round {view.get('round')}"


def _private_report(
    edition: Edition,
    player: str,
    events: list[Event],
    context: dict[str, Any],
    stem: str,
    tx: Transaction,
    memo: dict[tuple[str, str, str], str],
    drawings: dict[str, Any],
) -> list[str]:
    """A house's report (and map) with what only it may see, under .adjudicator/private/."""

    mine = [e for e in events if not e.public and e.to == player]
    view = edition.views[player]
    lang = edition.languages[player]
    form = edition.forms.get(player, "")
    text = render(
        edition.game,
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
            "waiting": waiting_lines(edition, player, lang=lang),
            "form": form,
        },
        lang,
    )
    folder = f".adjudicator/private/{player}"
    tx.write(f"{folder}/{stem}.md", text)
    written = [f"{folder}/{stem}.md"]
    # The latest form, for the reminders (`notices`); empty when nothing asks for one.
    tx.write(f"{folder}/{FORM_FILE}", form)
    if edition.settings.maps:
        from adjudicator.mapdraw import draw_svg  # lazily, as in `_maps`

        drawn = draw_svg(view, lang=lang, memo=memo)
        tx.write(f"{folder}/{stem}.svg", drawn)
        written.append(f"{folder}/{stem}.svg")
        # Issue 21 item 6: most mail readers and forums show no SVG; the PNG is what a
        # player sees of a private map. NOTE: a private map that shows nothing the public
        # one does not (westeros: every house sees the whole board) gets the public PNG,
        # not a second drawing of the same board with its reader's name on it: six PNGs
        # drawn for nothing were half a run's time.
        shown = draw_svg({**view, "viewer": None}, lang=lang, memo=memo)
        png = f"{folder}/{stem}.png"
        same = shown if shown in drawings else drawn
        if edition.settings.png and _draw_png(same, png, tx, drawings):
            written.append(png)
    return written


def _maps(
    edition: Edition,
    stem: str,
    tx: Transaction,
    memo: dict[tuple[str, str, str], str],
    drawings: dict[str, Any],
) -> list[str]:
    """The public map: SVG (unless settings.maps is false), and PNG when resvg is here.

    The PNG is queued by `_draw_png`, which draws it while the rest of the run is written.
    """
    if not edition.settings.maps:
        return []
    # Lazily: the drawer costs ~15 ms to import, and a game without maps never draws.
    from adjudicator.mapdraw import draw_svg

    svg = draw_svg(edition.views[None], lang=edition.lang, memo=memo)
    tx.write(f"reports/{stem}.svg", svg)
    written = [f"reports/{stem}.svg"]
    if edition.settings.png and _draw_png(svg, f"reports/{stem}.png", tx, drawings):
        written.append(f"reports/{stem}.png")
    return written


def _draw_png(svg: str, relpath: str, tx: Transaction, drawings: dict[str, Any]) -> bool:
    """Start drawing the PNG (`raster`: resvg in a process of its own); `tx` collects it
    before applying, so the reports and the game file are written meanwhile. An SVG
    already being drawn (`drawings`) is drawn once for every file that shows it. False
    without resvg (pip install 'adjudicator[png]'): the SVG serves."""
    from adjudicator import raster  # lazily, as `draw_svg` in `_maps`

    drawing = drawings.get(svg)
    if drawing is None:
        try:
            drawing = drawings[svg] = raster.start(svg)
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


def _map_url(edition: Edition, fmt: str, maps: list[str]) -> str | None:
    """Where the report's image is: under settings.map_base_url, or beside the report.

    A forum needs an absolute URL, so BBCode shows an image only with a base URL; Markdown
    in the git forge finds the file next to the report.
    """
    if not maps:
        return None
    image = maps[-1].removeprefix("reports/")
    base = edition.settings.map_base_url
    if base:
        return f"{base.rstrip('/')}/{image}"
    return image if fmt == "md" else None
