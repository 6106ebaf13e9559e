"""A side's private report lists its instructions used (13.6): an action list of several
lines (13.2, "2 action lines:" and each line, numbered) shows each line on its own, in
Markdown and in BBCode, every line still escaped as player text."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.render import environment
from adjudicator.rulesets.baltic.instructions import parse_submission
from adjudicator.text import to_data
from tests.rulesets.baltic.test_receipts import moment, poltava, send
from tests.rulesets.baltic.test_reports import context

LINES = "move Sheremetev, Preobrazhensky: Polotsk -> Pskov\nrecon Narva"


def test_13_6_each_action_line_used_is_a_line_of_the_private_report(tmp_path: Path) -> None:
    """Played through the engine in Portuguese: the Coalition's two lines, each an item."""
    path = tmp_path / "g"
    poltava(path, {"sweden": "en", "coalition": "pt_BR"})
    send(path, "coalition", LINES, 2)
    text = (path / ".adjudicator" / "private" / "coalition" / "0001.md").read_text("utf-8")
    assert (
        "### Suas instruções usadas\n\n"
        "- 2 linhas de ação:\n"
        "  - 1\\. mover Sheremetev de estrela preta, Preobrazhensky: Polotsk -> Pskov\n"
        "  - 2\\. reconhecimento da Íngria\n"
    ) in text


def body(fmt: str, used: list) -> str:
    """The private report's body in `fmt` (private reports are mailed as Markdown; the
    body is written once for both formats' macros)."""
    env = environment("baltic", fmt)
    library = env.get_template("common/markdown.j2" if fmt == "md" else "common/bbcode.j2")
    state = moment()
    page = env.get_template("baltic/private.body.j2")
    return page.render(**{**context(state, "coalition"), "used": used, "f": library.module})


def test_13_6_each_action_line_used_is_an_item_in_bbcode() -> None:
    echo = parse_submission(moment(), "coalition", LINES)[0].echo
    text = body("bbcode", [to_data(echo)])
    assert (
        "[list]\n[*]2 action lines:\n[list]\n"
        "[*]1. move Sheremetev★, Preobrazhensky: Polotsk -> Pskov\n"
        "[*]2. recon Ingermanland\n[/list]\n[/list]"
    ) in text


@pytest.mark.parametrize("fmt", ["md", "bbcode"])
def test_a_line_of_player_text_opens_no_markup(fmt: str) -> None:
    """An instruction echoed as written keeps its line breaks as items, never as markup:
    no tag, link, heading, rule or list of its own."""
    said = "pass\n[/list][url=http://evil.example]x[/url]\n# head\n===\n- item\n12. item"
    text = body(fmt, [said])
    if fmt == "md":
        assert (
            "- pass\n  - \\[/list\\]\\[url=http://evil.example\\]x\\[/url\\]\n"
            "  - \\# head\n  - \\===\n  - \\- item\n  - 12\\. item\n"
        ) in text
    else:
        assert "[/list][url" not in text and "[url=" not in text
        assert "[*][\u200b/list][\u200burl=http://evil.example]x[\u200b/url]\n" in text
