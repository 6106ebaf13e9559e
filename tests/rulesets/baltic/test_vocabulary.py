"""Baltic orders in the players' languages: every Russian and Portuguese name reads back to
its id (issue 12, items 3 and 4).

Names come from games/baltic/names.yaml; here the verbs and keywords are English (a mixed
line such as `disembark Карл XII: Финский залив -> Нарва` is fine); test_orders_i18n.py
writes them in Russian and Portuguese too.
"""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.data import load_game_data
from adjudicator.orders.names import NameIndex, normalize
from adjudicator.rulesets.baltic.board import load_board
from adjudicator.rulesets.baltic.instructions import parse_submission
from adjudicator.vocabulary import LANGUAGES, names_of
from tests.rulesets.baltic.loaded_dice import LoadedDice
from tests.rulesets.baltic.phase import play, submit
from tests.rulesets.baltic.test_orders import we1_state

NAMES = load_game_data("baltic", "names.yaml")
MAP = load_game_data("baltic", "map.yaml")
IDS = {
    "regions": [r["id"] for r in MAP["regions"]],
    "sea_zones": [s["id"] for s in MAP["sea_zones"]],
    "territories": [t["id"] for t in MAP["territories"]],
    "nations": [n["id"] for n in load_game_data("baltic", "nations.yaml")],
    "blocks": [b["id"] for b in load_game_data("baltic", "blocks.yaml")],
}
INDEXES = {
    "territories": lambda: load_board().names,
    "sea_zones": lambda: load_board().names,
    "nations": lambda: load_board().nation_names,
    "blocks": lambda: load_board().block_names,
}
SHARED = {"sea_zones": "territories"}
"""Sections read by one index: their names must not collide with each other either."""


def twin(ident: str) -> str | None:
    """The reform twin (11.2b) whose name a block shares, as in English."""
    info = load_board().blocks.get(ident)
    return info.twin if info else None


@pytest.mark.parametrize("section", sorted(IDS))
def test_every_id_has_a_name_in_every_language(section: str) -> None:
    assert list(NAMES[section]) == IDS[section]
    for ident, entry in NAMES[section].items():
        for lang in LANGUAGES:
            assert names_of(entry, lang), (section, ident, lang)


@pytest.mark.parametrize("section", sorted(INDEXES))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_name_parses_back_to_its_id(section: str, lang: str) -> None:
    index = INDEXES[section]()
    for ident, entry in NAMES[section].items():
        others = [i for i in index.display if i != twin(ident)]
        for spelling in names_of(entry, lang):
            assert index.find(spelling, others) == ident, (section, lang, spelling)


def test_twins_are_told_apart_by_their_star() -> None:
    blocks = load_board().block_names
    assert blocks.find("Пётр I полый") == "rus_pyotr_h"
    assert blocks.find("Пётр I черный") == "rus_pyotr_b"
    assert blocks.find("Sheremetev vazado") == "rus_sheremetev_h"
    assert blocks.find("Repnin preto") == "rus_repnin_b"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_two_names_of_one_language_collide(lang: str) -> None:
    seen: dict[str, dict[str, str]] = {}
    for section, entries in NAMES.items():
        if not isinstance(entries, dict):
            continue
        names = seen.setdefault(SHARED.get(section, section), {})
        for ident, entry in entries.items():
            for spelling in names_of(entry, lang):
                owner = names.setdefault(normalize(spelling), ident)
                assert owner in (ident, twin(ident)), (section, spelling, owner, ident)


def _prefix_pairs(index: NameIndex) -> list[tuple[str, set[str]]]:
    """(short name, its ids) for every name, in any language, that begins another name
    standing for something else ('Пётр I' begins 'Пётр I полый', the other twin's name)."""
    keys = index._exact
    return [
        (short, ids)
        for short, ids in keys.items()
        if any(long != short and long.startswith(short) and keys[long] != ids for long in keys)
    ]


@pytest.mark.parametrize("section", ["territories", "nations", "blocks"])
def test_a_name_that_is_a_prefix_of_another_is_read_as_itself(section: str) -> None:
    index = INDEXES[section]()
    pairs = _prefix_pairs(index)
    for short, ids in pairs:
        for ident in ids:  # twins share a name: each is meant when the other is not there
            among = [i for i in index.display if i == ident or i not in ids]
            assert index.find(short, among) == ident, short
    if section == "blocks":
        assert ("петр i", {"rus_pyotr_h", "rus_pyotr_b"}) in pairs
    if section == "territories":
        assert index.find("Riga") == "livland"
        assert index.find("Golfo de Riga") == "gulf_of_riga"
        assert index.find("Рижский") == "gulf_of_riga"  # a unique prefix
        assert index.find("Санкт-Петербург") == index.find("Ниен") == "nyen"


def test_accents_yo_and_small_typos_are_optional() -> None:
    board = load_board()
    assert board.names.find("Копенгаген") == board.names.find("Copenhague") == "sjaelland"
    assert board.names.find("Escania") == board.names.find("Сконе") == "skane"
    assert board.names.find("Лифляндя") == "livland"  # a small typo, as in English
    assert board.block_names.find("Реншельд") == "swe_rehnskiold"
    assert board.nation_names.find("Polonia") == "POL"


ENGLISH = """\
sail Wachtmeister, Anckarstierna: Kattegat -> Western Baltic -> Central Baltic -> Gulf of Finland
disembark Karl XII, Livgardet, Rehnskiöld: Gulf of Finland -> Narva
recon Pskov
battle Ingermanland: retreat round 2
"""
RUSSIAN = """\
sail Вахтмейстер, Анкарштерна: Каттегат -> Западная Балтика -> Центральная Балтика -> Финский залив
disembark Карл XII, Лейб-гвардия, Реншёльд: Финский залив -> Нарва
recon Псков
battle Ингерманландия: retreat round 2
"""
PORTUGUESE = """\
sail Wachtmeister, Anckarstierna: Categate -> Báltico Ocidental -> Báltico Central -> \
Golfo da Finlândia
disembark Carlos XII, Guarda Real, Rehnskiöld: Golfo da Finlândia -> Narva
recon Pskov
battle Íngria: retreat round 2
"""
MIXED = """\
sail Вахтмейстер, Anckarstierna: Categate -> Western Baltic -> Центральная Балтика -> GoF
disembark Карл XII, Guarda Real, Rehnskiold: Финский залив -> Narva
recon Псков
battle Íngria: retreat round 2
"""
DICE = [5, 6, 4, 6, 3, 5, 6, 2, 4, 6, 1, 1, 3, 5, 1, 2, 6, 4, 1, 3, 4]


def _understood(text: str) -> list[Any]:
    """What a submission means, without the player's own words."""
    state = we1_state()
    state.phase = "action_1" if state.first_player == "sweden" else "action_2"
    out = []
    for i in parse_submission(state, "sweden", text):
        value = dict(i.value)
        value.pop("text", None)
        value["lines"] = [
            {k: v for k, v in line.items() if k != "text"} for line in value.get("lines", [])
        ]
        out.append((i.kind, i.key, value))
    return out


@pytest.mark.parametrize("text", [RUSSIAN, PORTUGUESE, MIXED], ids=["ru", "pt_BR", "mixed"])
def test_orders_in_any_language_read_and_play_as_the_english_ones(text: str) -> None:
    assert _understood(text) == _understood(ENGLISH)
    # The whole Action Phase (WE-1: the landing at Narva and the battle): the same events.
    english, other = we1_state(), we1_state()
    submit(english, "sweden", ENGLISH.splitlines()[-1])
    submit(other, "sweden", text.splitlines()[-1])
    events = play(english, "sweden", "\n".join(ENGLISH.splitlines()[:3]), LoadedDice(DICE))
    again = play(other, "sweden", "\n".join(text.splitlines()[:3]), LoadedDice(DICE))
    assert again == events
    where = {b: s.at for b, s in english.blocks.items()}
    assert {b: s.at for b, s in other.blocks.items()} == where
    assert other.blocks["swe_karl"].at == "aboard:swe_wachtmeister"
