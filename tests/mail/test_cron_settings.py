"""Cron reads a game's settings as the engine does: the typed `gamefile.Settings`, each
default said there once, not game.yaml's raw mapping with defaults of its own."""

from __future__ import annotations

from pathlib import Path

import yaml

from adjudicator.cron.games import GameInfo
from adjudicator.gamefile import Settings


def _settle(game: Path, settings: dict | None) -> dict:
    """game.yaml with `settings` in place of the ones `new` wrote; its data."""
    meta = yaml.safe_load((game / "game.yaml").read_text())
    meta["settings"] = settings
    (game / "game.yaml").write_text(yaml.safe_dump(meta, allow_unicode=True, sort_keys=False))
    return meta


def test_cron_reads_the_settings_the_gm_wrote_as_the_engine_does(new_game) -> None:
    game = new_game()
    meta = _settle(
        game,
        {
            "nmr": "wait",
            "lang": "pt-br",
            "gm_email": "gm@example.org",
            "mail": {"folder": "Games/g", "reminder_hours": 6, "late_notices": False},
            "forum": {"discord": True},
        },
    )
    info = GameInfo.load(game)
    assert info.settings == Settings.of(meta)
    assert info.nmr == "wait" and info.lang == "pt_BR" and info.gm == ("gm@example.org",)
    assert info.mail.folder == "Games/g" and info.mail.reminder_hours == 6
    assert not info.mail.late_notices and info.mail.reports
    assert dict(info.forum) == {"discord": True}


def test_settings_left_out_or_empty_take_the_engines_defaults(new_game) -> None:
    game = new_game()
    meta = _settle(game, {"gm_email": None, "mail": None, "forum": None})
    info = GameInfo.load(game)
    assert info.settings == Settings.of(meta) == Settings()
    assert info.nmr == Settings.nmr and info.lang == "en" and info.gm == ()
    assert info.mail.folder is None and info.mail.reminder_hours == 24
    assert not info.forum
