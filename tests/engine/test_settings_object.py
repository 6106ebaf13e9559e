"""game.yaml's settings as one typed object: every key the file may hold has a field, and
each default is said once (`gamefile.Settings`), the one the README promises."""

from __future__ import annotations

from dataclasses import fields

from adjudicator.gamefile import SETTINGS, Settings


def test_every_setting_game_yaml_may_hold_is_a_field_and_no_more() -> None:
    assert {f.name for f in fields(Settings)} == set(SETTINGS)


def test_the_defaults_are_those_the_readme_gives() -> None:
    settings = Settings.of({"settings": {}})
    assert (settings.deadline_hours, settings.nmr, settings.grace_hours) == (48, "defaults", 0)
    assert (settings.wait_hours, settings.early_delay_minutes, settings.paused) == (24, 0, False)
    assert (settings.maps, settings.png, settings.bbcode_tables, settings.lang) == (
        True,
        True,
        True,
        "en",
    )
    assert Settings.of({}) == settings == Settings.of({"settings": None})


def test_a_gm_value_wins_and_an_empty_one_takes_the_default() -> None:
    settings = Settings.of({"settings": {"deadline_hours": 12, "lang": None, "paused": True}})
    assert (settings.deadline_hours, settings.lang, settings.paused) == (12, "en", True)
