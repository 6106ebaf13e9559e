"""Player names reach the public reports (Markdown and BBCode, posted to forums as they
are): control characters and bidi overrides in them are dropped, markup is neutralised, so a
name can neither turn the rest of a table row around nor open a tag."""

from __future__ import annotations

import pytest

from adjudicator.render import escape_markdown, escaped_lines
from tests.conftest import SAMPLE_ORDERS, SIX, cli, drop

NAME = "Ann\u202e[/quote][url=http://evil.example]*x*\x07\x1b[31m\u2066<script>\u2069"


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    from adjudicator.create import create_game
    from tests.conftest import START, password

    game = tmp_path_factory.mktemp("inject") / "g"
    roster = {h: {"name": NAME if h == "stark" else h.title()} for h in SIX}
    create_game(
        game,
        "westeros",
        now=START,
        players=6,
        passwords={h: password(h) for h in SIX},
        roster=roster,
    )
    for house in SIX:
        drop(game, house, SAMPLE_ORDERS[house])
    assert cli("run", game, "--now", "2027-01-01T13:00Z").exit_code == 0
    return {fmt: (game / "reports" / f"0001.{fmt}").read_text() for fmt in ("md", "bbcode")}


@pytest.mark.parametrize("fmt", ["md", "bbcode"])
def test_no_control_or_bidi_character_reaches_a_report(reports, fmt):
    text = reports[fmt]
    assert "Ann" in text
    for char in ("\u202e", "\x07", "\x1b", "\u2066", "\u2069"):
        assert char not in text


def test_markup_in_a_name_is_text(reports):
    assert "Ann\\[/quote\\]\\[url=http://evil.example\\]\\*x\\*\\[31m\\<script>" in reports["md"]
    bbcode = reports["bbcode"]
    assert "[/quote]" not in bbcode and "[url=" not in bbcode
    assert "Ann[\u200b/quote][\u200burl=http://evil.example]*x*[\u200b31m<script>" in bbcode


def test_a_quote_mark_opens_no_quote_but_a_path_stays_as_written() -> None:
    """'>' quotes only at the start of a line: there it is escaped; inside a line a path
    keeps its arrow, so an echo mailed as Markdown and pasted back reads the same."""
    assert escape_markdown("> Ann") == "\\> Ann"
    assert escape_markdown("march Winterfell -> Castle Black") == "march Winterfell -> Castle Black"
    assert escaped_lines("> quoted\nPolotsk -> Pskov", "md") == ["\\> quoted", "Polotsk -> Pskov"]
