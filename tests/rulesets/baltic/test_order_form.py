"""Issue 17 point 12 for baltic: the side whose action lines are asked gets an order form in
its private report (and so its reminder), in its language and the parser's syntax (13.5)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from adjudicator import engine
from adjudicator.check import check_text
from adjudicator.create import create_game
from adjudicator.form import form_text
from adjudicator.rulesets.baltic.position import export, scenario_state
from adjudicator.rulesets.baltic.ruleset import RULESET
from tests.conftest import START

PASSWORDS = {"sweden": "pw-sweden", "coalition": "pw-coalition"}
PASS = {"en": "pass", "ru": "пас", "pt_BR": "passar"}
PASSWORD = {"en": "password:", "ru": "пароль:", "pt_BR": "senha:"}


def poltava(ap: dict[str, int]):
    """Poltava, Spring 1708, Sweden to play first."""
    state = scenario_state("poltava")
    state.phase, state.first_player, state.ap = "action_1", "sweden", ap
    return state


def game_at(tmp_path: Path, state, lang: str = "en") -> Path:
    path = tmp_path / "g"
    create_game(
        path,
        "baltic",
        now=START,
        roster={"sweden": {"name": "Ann", "lang": lang}, "coalition": {"name": "Bo", "lang": "ru"}},
        position=export(state),
        passwords=PASSWORDS,
        settings={"png": False, "maps": False},
    )
    return path


@pytest.mark.parametrize("lang", ["en", "ru", "pt_BR"])
def test_13_5_the_form_read_back_is_pass_and_lists_the_sides_blocks(tmp_path, lang) -> None:
    state = poltava({"sweden": 3, "coalition": 2})
    game = game_at(tmp_path, state)
    form = form_text(RULESET, state, "sweden", [], lang)
    lines = form.splitlines()
    side = {"en": "side: Sweden", "ru": "сторона: Швеция", "pt_BR": "lado: Suécia"}[lang]
    assert lines[0] == side and lines[1] == f"{PASSWORD[lang]} "  # the password left blank
    assert f"# {PASS[lang]}" in lines  # optional with AP left
    said = {"en": "# Lithuania: Karl XII 4, ", "ru": "# Литва: Карл XII 4, "}
    assert lang not in said or said[lang] in form
    assert "Stenbock 3" in form or "Стенбок 3" in form
    assert "Menshikov" not in form and "Меншиков" not in form  # only the side's own blocks
    filled = "\n".join(
        f"{x}pw-sweden"
        if x == f"{PASSWORD[lang]} "
        else x.removeprefix("# ")
        if x == f"# {PASS[lang]}"
        else x
        for x in lines
    )
    checked = check_text(game, filled + "\n", None)
    assert checked.accepted, f"{filled}\n{checked.text}"
    assert "1. pass" in checked.text
    assert form_text(RULESET, state, "coalition", [], lang) == ""  # not its turn


def test_13_5_with_0_ap_the_form_as_sent_is_pass(tmp_path) -> None:
    state = poltava({"sweden": 0, "coalition": 2})
    game = game_at(tmp_path, state)
    form = form_text(RULESET, state, "sweden", [], "en")
    assert "# 0 AP this season: `pass` ends your phase now" in form
    assert "\npass\n" in form  # the one action line it may send: written out
    checked = check_text(game, form.replace("password: ", "password: pw-sweden"), None)
    assert checked.accepted and "1. pass" in checked.text, checked.text


def test_the_private_report_carries_the_form_for_the_reminders(tmp_path) -> None:
    """Sweden passes; the Coalition, with 0 AP, is asked next: its private report (in
    Russian) carries the form, which the reminders read back (`latest_form`)."""
    from adjudicator.form import latest_form

    game = game_at(tmp_path, poltava({"sweden": 3, "coalition": 0}))
    body = f"side: sweden\npassword: {PASSWORDS['sweden']}\npass\n"
    (game / "inbox" / "1-sweden.txt").write_text(body, encoding="utf-8")
    result = engine.run(game, START + timedelta(minutes=5))
    assert not result.rejected
    private = game / ".adjudicator" / "private" / "coalition"
    report = sorted(private.glob("*.md"))[-1].read_text("utf-8")
    form = latest_form(game, "coalition")
    assert form.startswith("сторона: ") and "\nпароль: \n" in form
    assert "в этом сезоне 0 AP: `пас` сразу завершает фазу" in form
    assert "\nпас\n" in form
    assert "### Бланк приказов" in report
    assert f"```\n{form}```" in report
    assert latest_form(game, "sweden") == ""  # nothing asked of Sweden now


@pytest.mark.parametrize(
    ("lang", "harbor"),
    [
        ("en", "# Harbor of Småland: Wachtmeister "),
        ("ru", "# Гавань Смоланда: Вахтмейстер "),
        ("pt_BR", "# Porto da Esmolândia: Wachtmeister "),
    ],
)
def test_13_5_a_harbor_heads_its_form_line_as_a_label(tmp_path, lang: str, harbor: str) -> None:
    """A fleet in harbor is listed under «Porto da Esmolândia:», capitalized like a territory,
    not «o porto da Esmolândia:» as a sentence says it (issue 20)."""
    state = poltava({"sweden": 3, "coalition": 2})
    assert harbor in form_text(RULESET, state, "sweden", [], lang)


@pytest.mark.parametrize(
    ("lang", "harbor"),
    [
        ("en", "# Harbor of Sankt-Peterburg: Cruys "),
        ("ru", "# Гавань Санкт-Петербурга: Крюйс "),
        ("pt_BR", "# Porto de São Petersburgo: Cruys "),
    ],
)
def test_11_2h_a_form_names_a_converted_nyen_as_the_report_does(
    tmp_path, lang: str, harbor: str
) -> None:
    """11.2h: Poltava starts with Nyen converted; the report says «гавань Санкт-Петербурга»,
    and the form listed the Coalition's fleets under «Porto de Nyen» (issue 20)."""
    state = poltava({"sweden": 2, "coalition": 3})
    state.first_player = "coalition"
    assert state.converted == ["nyen"]
    assert harbor in form_text(RULESET, state, "coalition", [], lang)
