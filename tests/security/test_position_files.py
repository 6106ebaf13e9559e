"""Issue 18, point 13: a position file's unknown top-level key is named with the closest
valid one, and a YAML error in it gives no `git checkout` hint (the file is the GM's own)."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import cli


def test_an_unknown_key_in_a_westeros_position_names_the_closest(tmp_path: Path) -> None:
    position = tmp_path / "position.yaml"
    position.write_text("game: westeros\nhouses: [stark, lannister, baratheon]\nwildling: 4\n")
    result = cli("new", tmp_path / "g", "--game", "westeros", "--position", position)
    assert result.exit_code == 1
    assert "wildling: unknown key; did you mean 'wildlings'?" in result.output
    assert not (tmp_path / "g").exists()


def test_a_yaml_error_in_a_position_file_says_fix_it_without_a_git_hint(tmp_path: Path) -> None:
    position = tmp_path / "position.yaml"
    position.write_text("game: westeros\nround: [1\n")
    result = cli("new", tmp_path / "g", "--game", "westeros", "--position", position)
    assert result.exit_code == 1
    assert "position.yaml is not valid YAML (line 3, column 1)" in result.output
    assert "Fix the file and run the command again; nothing was changed." in result.output
    assert "git" not in result.output
