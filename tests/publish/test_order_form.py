"""Issue 17, point 12: an order form in every private report and reminder that asks for
orders; filling in its blanks gives a valid file, in en, ru and pt_BR."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
import yaml

from adjudicator import engine
from adjudicator.bots import write_bot_orders
from adjudicator.check import check_text
from adjudicator.form import FormLine, said, say_form
from adjudicator.rulesets.westeros.ruleset import RULESET
from adjudicator.text import Name
from tests.conftest import SIX, START, password

LANGS = ("en", "ru", "pt_BR")
SPECIAL = ("★", "(special)")
MINUS = "\u2212"


def _tokens(form: str, lines: list[FormLine], lang: str) -> list[str]:
    """The tokens the form's second heading lists, as the player reads them (in ru and
    pt_BR with U+2212 in March −1)."""
    tokens_line = f"# {said(lines[1].text, lang, 'westeros')}"
    assert tokens_line in form.splitlines()
    return tokens_line.split(": ", 1)[1].rstrip(".").split(", ")


def _rounds(tokens: list[str], areas: int, stars: int) -> list[list[str]]:
    """Every token, dealt out over as many files as it takes: one token per area, at most
    `stars` special ones in a file (a house with none never sends them)."""
    plain = [t for t in tokens if not any(s in t for s in SPECIAL)]
    special = [t for t in tokens if any(s in t for s in SPECIAL)] if stars else []
    rounds = []
    while plain or special:
        take = special[: min(stars, areas)]
        special = special[len(take) :]
        n = areas - len(take)
        take, plain = take + plain[:n], plain[n:]
        for token in tokens:  # the last file: any token left over, as often as it is held
            held = tokens.count(token) > take.count(token)
            if len(take) < areas and held and not any(s in token for s in SPECIAL):
                take.append(token)
        rounds.append(take)
    return rounds


def _fill(
    form: str,
    lines: list[FormLine],
    lang: str,
    pw: str,
    raven: int = 0,
    use: tuple[str, ...] | list[str] = (),
) -> str:
    """The form as a player fills it: the password, a token of their own after each area's
    colon (`use`, else the plain tokens in the form's order), every optional line sent
    (one raven choice: they exclude each other)."""
    tokens = _tokens(form, lines, lang)
    plain = list(use) or [t for t in tokens if not any(s in t for s in SPECIAL)]
    optional = {f"# {said(x.text, lang, 'westeros')}" for x in lines if x.optional}
    out, ravens = [], 0
    for text in form.splitlines():
        if text.rstrip().endswith(":") and not text.startswith("#"):  # password:
            text = f"{text.rstrip()} {pw}"
        elif re.match(r"^[^#].*:\s+#", text):  # an area's blank, then its units
            area, units = text.split("#", 1)
            text = f"{area.rstrip()} {plain.pop(0)}  #{units}"
        elif any(text == o or text.startswith(f"{o} ") for o in optional):  # a note after
            is_raven = text.startswith(("# raven:", "# ворон:", "# corvo:"))
            ravens += is_raven
            if is_raven and ravens != raven + 1:
                continue
            text = text[2:]
        out.append(text)
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("house", SIX)
def test_filling_in_the_form_gives_a_valid_file(new_game, house: str, lang: str) -> None:
    """Every token the form lists, minus ones (U+2212 in ru and pt_BR) and special ones
    included, pasted back means that very token (issue 17 points 1 and 12)."""
    game = new_game()
    with engine.open_game(game) as opened:
        state = opened.state
    lines = RULESET.form(state, house, [])
    form = say_form(lines, Name(house, house.title()), lang, "westeros")
    assert form.splitlines()[1].rstrip().endswith(":")  # the password is left blank
    tokens = _tokens(form, lines, lang)
    in_english = say_form(lines, Name(house, house.title()), "en", "westeros")
    english = dict(zip(tokens, _tokens(in_english, lines, "en"), strict=True))
    areas = [a for a, by in state.units.items() if house in by]
    stars = state.star_limit(house)
    rounds = _rounds(tokens, len(areas), stars)
    sent = {t for use in rounds for t in use}
    assert sent == {t for t in tokens if stars or not any(s in t for s in SPECIAL)}
    assert lang == "en" or any(MINUS in t for t in sent)
    raven_left = 2 if state.holder("kings_court") == house else 0  # one of three is sent
    optional = sum(1 for x in lines if x.optional) - raven_left
    for use in rounds:
        filled = _fill(form, lines, lang, password(house), use=use)
        checked = check_text(game, filled, None)
        assert checked.accepted, f"{filled}\n{checked.text}"
        # Every area's order and every optional line is understood: one receipt line each.
        said_lines = checked.text.splitlines()
        assert len(said_lines) == 1 + len(areas) + optional + 1, checked.text
        understood = [x.split(": ", 1)[1] for x in said_lines[1 : 1 + len(areas)]]
        assert understood == [english[t] for t in use], f"{filled}\n{checked.text}"


def test_the_form_speaks_the_players_language(new_game) -> None:
    game = new_game()
    with engine.open_game(game) as opened:
        lines = RULESET.form(opened.state, "stark", [])
    ru = say_form(lines, Name("stark", "Stark"), "ru", "westeros")
    assert ru.startswith("дом: Старк\nпароль: \n")
    assert "Винтерфелл:" in ru and "# пехотинец, рыцарь" in ru
    assert "# Особых приказов (★): не больше" in ru
    assert "# сбор войск Винтерфелл: ничего" in ru
    pt = say_form(lines, Name("stark", "Stark"), "pt_BR", "westeros")
    assert pt.startswith("casa: Stark\nsenha: \n")
    assert "# lance contra os Selvagens: 0" in pt


def test_standing_orders_are_filled_in_and_the_raven_offered_to_its_holder(new_game) -> None:
    game = new_game()
    with engine.open_game(game) as opened:
        state = opened.state
    standing = RULESET.parse(
        state,
        "lannister",
        "Lannisport: defense +1\nPort of Lannisport: raid\nStoney Sept: cp\n"
        "The Golden Sound: support\nbid fiefdoms: 2\nraven: look\n",
    )
    lines = RULESET.form(state, "lannister", standing)
    form = say_form(lines, Name("lannister", "Lannister"), "en", "westeros")
    assert re.search(r"^Lannisport: Defense \+1 +# footman, knight$", form, re.M)
    assert re.search(r"^Port of Lannisport: Raid +# ship$", form, re.M)  # ports apart
    assert "\nbid fiefdoms: 2\n" in form and "# bid fiefdoms: 0" not in form
    assert "\n# bid iron throne: 0\n" in form
    # The echo, which reads back as the same instruction (issue 17 point 1).
    assert "\nraven: look at the top wildling card\n" in form
    assert "# raven: do nothing" not in form
    stark = say_form(RULESET.form(state, "stark", []), Name("stark", "Stark"), "en", "westeros")
    assert "raven" not in stark  # only the holder of the Messenger Raven


def test_the_private_report_and_the_reminder_carry_the_form(new_game, tmp_path: Path) -> None:
    # The game draws the tests' fixed GM secret (conftest): with a random one the dice (and
    # so whether round 1 ends in this run) would change from run to run.
    game = new_game(settings={"png": False, "maps": False})
    passwords = tmp_path / "pw.yaml"
    passwords.write_text(yaml.safe_dump({h: password(h) for h in SIX}))
    write_bot_orders(game, seed=1, ahead=True, passwords_file=passwords)
    engine.run(game, START + timedelta(hours=1))
    with engine.open_game(game) as opened:
        assert opened.state.phase == "planning" and opened.state.round == 2
    private = game / ".adjudicator" / "private" / "stark"
    report = sorted(private.glob("*.md"))[-1].read_text()
    assert "### Your order form" in report
    form = (private / "form.txt").read_text()
    assert form.startswith("house: Stark\npassword: \n")
    assert f"```\n{form}```" in report
    assert "# Orders for round 2" in form

    from adjudicator.publish.notices import Notice, NoticeKind, notice_body

    notice = Notice(NoticeKind.REMINDER, "stark", "place orders", START + timedelta(hours=40))
    body = notice_body(notice, "g", "defaults", form=form)
    assert "Your order form, as your last report gave it" in body
    assert form.rstrip("\n") in body


@pytest.mark.parametrize("lang", LANGS)
def test_the_ravens_swap_example_is_a_valid_line(new_game, lang: str) -> None:
    game = new_game()
    with engine.open_game(game) as opened:
        state = opened.state
    lines = RULESET.form(state, "lannister", [])
    form = say_form(lines, Name("lannister", "Lannister"), lang, "westeros")
    filled = _fill(form, lines, lang, password("lannister"), raven=2)
    checked = check_text(game, filled, None)
    assert checked.accepted, f"{filled}\n{checked.text}"
    assert "raven: replace the order in Lannisport by Defense +1" in checked.text


def test_a_new_games_first_reminders_have_the_form(new_game) -> None:
    from adjudicator.form import latest_form

    game = new_game(roster={"stark": {"name": "Ann", "lang": "ru"}})
    assert latest_form(game, "stark").startswith("дом: Старк\nпароль: \n")
    assert "Винтерфелл:" in latest_form(game, "stark")
    assert latest_form(game, "lannister").startswith("house: Lannister\n")
