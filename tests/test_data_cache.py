"""Parsed game data is kept in the user's cache folder (a run's YAML parsing, issue 10 item
21): the cache returns the same data, a damaged or unwritable cache changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from adjudicator import data
from adjudicator.data import load_game_data


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    data.cache_folder.cache_clear()
    load_game_data.cache_clear()
    yield tmp_path / "adjudicator" / "data"
    data.cache_folder.cache_clear()
    load_game_data.cache_clear()


def _parsed(name: str) -> object:
    from importlib import resources

    text = resources.files("adjudicator.games").joinpath("westeros", name).read_text()
    return yaml.safe_load(text)


def test_a_parsed_file_is_kept_and_read_back_the_same(cache: Path) -> None:
    first = load_game_data("westeros", "board.yaml")
    kept = list(cache.glob("*.marshal"))
    assert len(kept) == 1
    load_game_data.cache_clear()
    assert load_game_data("westeros", "board.yaml") == first == _parsed("board.yaml")


def test_a_damaged_cache_file_is_parsed_afresh_and_replaced(cache: Path) -> None:
    load_game_data("westeros", "map.yaml")
    (kept,) = cache.glob("*.marshal")
    kept.write_bytes(b"\x00garbage")
    load_game_data.cache_clear()
    assert load_game_data("westeros", "map.yaml") == _parsed("map.yaml")
    load_game_data.cache_clear()
    assert load_game_data("westeros", "map.yaml") == _parsed("map.yaml")
    assert kept.read_bytes() != b"\x00garbage"


def test_without_a_writable_cache_folder_the_data_is_parsed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    data.cache_folder.cache_clear()
    load_game_data.cache_clear()
    try:
        assert data.cache_folder("data") is None
        assert load_game_data("westeros", "map.yaml") == _parsed("map.yaml")
    finally:
        data.cache_folder.cache_clear()
        load_game_data.cache_clear()
