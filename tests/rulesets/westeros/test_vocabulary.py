"""Orders in the players' languages: every Russian and Portuguese name reads back to its id.

Issue 12 (item 4): a player may write `Винтерфелл: защита +1`, `Porto de Winterfell: suporte`
or English, even mixed in one file; the positions that result must be the same.
"""

from __future__ import annotations

import pytest

from adjudicator.data import load_game_data
from adjudicator.dice import Dice
from adjudicator.orders.names import normalize
from adjudicator.rulesets.westeros import RULESET
from adjudicator.rulesets.westeros.board import load_board
from adjudicator.rulesets.westeros.decks import wildling_index
from adjudicator.rulesets.westeros.language.action_lines import house_names, track_names
from adjudicator.rulesets.westeros.language.names import card_names, unit_names
from adjudicator.rulesets.westeros.language.planning_lines import parse_token
from adjudicator.rulesets.westeros.vocabulary import LANGUAGES
from tests.rulesets.westeros.harness import play, six_player_position

DICE = Dice(b"case", "case", 0)

NAMES = load_game_data("westeros", "names.yaml")
INDEXES = {
    "areas": lambda: load_board().names,
    "houses": house_names,
    "house_cards": card_names,
    "wildling_cards": wildling_index,
    "tracks": track_names,
    "units": unit_names,
}


def _spellings(entry: dict, lang: str) -> list[str]:
    value = entry[lang]
    return [value] if isinstance(value, str) else list(value)


@pytest.mark.parametrize("section", sorted(INDEXES))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_name_parses_back_to_its_id(section: str, lang: str) -> None:
    index = INDEXES[section]()
    for ident, entry in NAMES[section].items():
        for spelling in _spellings(entry, lang):
            assert index.find(spelling) == ident, (section, lang, spelling)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_two_names_of_one_language_collide(lang: str) -> None:
    for section, entries in NAMES.items():
        if not isinstance(entries, dict) or section in ("tokens",):
            continue
        seen: dict[str, str] = {}
        for ident, entry in entries.items():
            for spelling in _spellings(entry, lang):
                key = normalize(spelling)
                assert seen.setdefault(key, ident) == ident, (section, spelling, seen[key])


def test_a_name_that_is_a_prefix_of_another_is_read_as_itself() -> None:
    # "Винтерфелл" is a prefix of "Винтерфелл порт": the exact name wins, the longer one too.
    names = load_board().names
    assert names.find("Винтерфелл") == "winterfell"
    assert names.find("Винтерфелл порт") == "port_of_winterfell"
    assert names.find("Pedra do Dragão") == "dragonstone"
    assert names.find("Porto de Pedra do Dragão") == "port_of_dragonstone"


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("защита +1", "defense+1"),
        ("приказ обороны +2", "defense+2"),
        ("поддержка", "support+0"),
        ("подмога особый", "support+1"),
        ("усиление", "consolidate-power"),
        ("сбор власти*", "consolidate-power*"),
        ("набег", "raid"),
        ("поход -1", "march-1"),
        ("defesa +2", "defense+2"),
        ("suporte", "support+0"),
        ("consolidar poder", "consolidate-power"),
        ("invadir", "raid"),
        ("invasão especial", "raid*"),
        ("marcha +1", "march+1"),
    ],
)
def test_order_tokens_in_the_seeds_words(text: str, token: str) -> None:
    assert parse_token(text).text() == token


def test_accents_and_yo_are_optional() -> None:
    names = load_board().names
    assert names.find("Солнечное Копье") == names.find("Солнечное Копьё") == "sunspear"
    assert names.find("Lancassolar") == "sunspear"
    assert names.find("Винтерфел") == "winterfell"  # a small typo, as in English


ENGLISH = """\
Winterfell: march +1
White Harbor: defense
Port of White Harbor: consolidate power
The Shivering Sea: raid
"""
RUSSIAN = """\
Винтерфелл: поход +1
Белая Гавань: защита
Порт Белой Гавани: усиление
Дрожащее море: набег
"""
PORTUGUESE = """\
Winterfell: marcha +1
Porto Branco: defesa
Porto de Porto Branco: consolidar poder
Mar Tremente: invadir
"""
MIXED = """\
Винтерфелл: march +1
White Harbor: defesa
Порт Белой Гавани: consolidar poder
The Shivering Sea: raid
"""


@pytest.mark.parametrize("text", [RUSSIAN, PORTUGUESE, MIXED], ids=["ru", "pt_BR", "mixed"])
def test_a_round_in_any_language_ends_where_the_english_one_does(text: str) -> None:
    position = six_player_position()
    position["units"]["port_of_white_harbor"] = {"stark": ["ship"]}
    understood = RULESET.parse(RULESET.load_position(position, DICE), "stark", text)
    assert {i.value["area"]: i.value["token"] for i in understood} == {
        "winterfell": "march+1",
        "white_harbor": "defense+1",
        "port_of_white_harbor": "consolidate-power",
        "the_shivering_sea": "raid",
    }
    # The whole round, the other houses on defaults: unit by unit the same end position.
    english = play(position, {"stark": ENGLISH}, defaults=True)
    other = play(position, {"stark": text}, defaults=True)
    assert not english.rejected and not other.rejected
    assert RULESET.export(other.state) == RULESET.export(english.state)
    assert other.kinds() == english.kinds()
