"""Every westeros instruction in the players' languages (issue 12, item 4).

A Russian or Brazilian player writes every instruction — not only the orders — in their
language, or in English, mixed in one file; what a receipt echoes in that language reads
back as the same instruction; no keyword is taken for a name.
"""

from __future__ import annotations

import textwrap
from datetime import timedelta
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from adjudicator import engine
from adjudicator.cli import main
from adjudicator.create import create_game
from adjudicator.data import load_game_data
from adjudicator.dice import Dice
from adjudicator.orders.errors import OrderErrors
from adjudicator.orders.names import normalize
from adjudicator.rulesets.westeros import RULESET
from adjudicator.rulesets.westeros.board import load_board
from adjudicator.rulesets.westeros.decks import house_card_facts
from adjudicator.rulesets.westeros.language import keywords
from adjudicator.rulesets.westeros.vocabulary import LANGUAGES
from tests.conftest import START, order_file, password
from tests.rulesets.westeros.action.helpers import describe, sorted_units
from tests.rulesets.westeros.harness import play
from tests.rulesets.westeros.verbs_round import ENGLISH, PORTUGUESE, POSITION, RUSSIAN

DICE = Dice(b"case", "case", 0)


def _files(files: dict[str, str]) -> dict[str, str]:
    return {house: textwrap.dedent(text) for house, text in files.items()}


def _round(files: dict[str, str]):
    return play(POSITION, _files(files))


def test_the_english_round_plays_every_kind_of_instruction() -> None:
    played = _round(ENGLISH)
    shown = describe(played)
    assert played.rejected == {}, shown
    assert (played.state.phase, played.state.round) == ("planning", 2), shown
    kinds = set(played.kinds())
    for kind in (
        "raid_removed",
        "march",
        "support_declared",
        "retreat",
        "power_token_placed",
        "consolidated",
        "mustered",
        "supply_reduced",
        "bids_revealed",
        "tie_ordered",
        "wildling_bids",
        "wildling_card",
        "wildling_units_destroyed",
    ):
        assert kind in kinds, (kind, shown)
    ended = next(e for e in played.events if e.kind == "battle_ended" and e.data["n"] == 1)
    assert ended.data["cards"] == {"attacker": "victarion-greyjoy", "defender": "tyrion-lannister"}
    winterfell = sorted_units(played.state.units)["winterfell"]
    assert winterfell == {"stark": ["footman", "knight", "knight"]}  # a footman upgraded


@pytest.mark.parametrize("files", [RUSSIAN, PORTUGUESE], ids=["ru", "pt_BR"])
def test_a_whole_round_in_another_language_ends_where_the_english_one_does(files) -> None:
    english, other = _round(ENGLISH), _round(files)
    assert other.rejected == {}, describe(other)
    assert sorted_units(other.state.units) == sorted_units(english.state.units)
    assert RULESET.export(other.state) == RULESET.export(english.state)
    assert [(e.kind, e.data) for e in other.events] == [(e.kind, e.data) for e in english.events]


# -- a receipt's echo reads back ------------------------------------------------------------
ECHOED = """\
raid The Shivering Sea -> Karhold
raid The Shivering Sea: none
march Winterfell -> Castle Black: knight; leave power
march Winterfell -> Castle Black: footman; Winterfell -> Karhold: knight
march Winterfell -> Karhold
march Winterfell: none
support Castle Black: Stark
support: attacker
support: defender
support: none
card Moat Cailin: Eddard Stark
card: Catelyn Stark
card in any battle: Robb Stark
blade Moat Cailin: no
blade: yes
blade: redraw
retreat Moat Cailin: Winterfell, Castle Black
retreat losses Moat Cailin: knight
retreat losses: footman
casualties: footman, knight
consolidate Winterfell: power
consolidate Winterfell: muster knight from footman; ship in Port of Winterfell
muster Winterfell: knight; ship in The Shivering Sea
muster Winterfell: none
port Winterfell: replace 2
port Winterfell: replace all
port Winterfell: destroy
tyrion Moat Cailin: yes
tyrion: no
replace: Eddard Stark
aeron: Eddard Stark
mace: routed footman
mace: footman
queen of thorns: Winterfell
doran Moat Cailin: fiefdoms
doran: kings court
renly: Moat Cailin
cersei: Riverrun
patchface: Eddard Stark
robb: Castle Black, Karhold
bid iron throne: 3
bid fiefdoms: all
bid king's court: 0
tie iron throne: baratheon, lannister
reduce: footman in Winterfell, knight in Winterfell
a throne of blades: supply
a throne of blades: mustering
dark wings dark words: game of thrones
dark wings dark words: clash of kings
put to the sword: no defense
put to the sword: no march +1
put to the sword: nothing
bid wildlings: 2
bid wildlings: all
bid wildlings again: 1
tie wildlings: stark, lannister
crow killers: footman in Winterfell, knight in Winterfell
crow killers: no
mammoth riders: Eddard Stark, footman in White Harbor, ship in The Shivering Sea
massing on the milkwater: discard Robb Stark, Eddard Stark
a king beyond the wall: fiefdoms, iron throne
preemptive raid: units, footman in Winterfell, knight in Winterfell
preemptive raid: influence, kings court
the horde descends: muster Winterfell: knight from footman
the horde descends: footman in Winterfell, knight in Winterfell
the horde descends: no
raven: Winterfell -> defense +1
raven: Winterfell -> raid*
raven: look
raven: none
bury: yes
bury: no
bury: Crow Killers, Mammoth Riders
""".splitlines()
"""Every kind of instruction line (the Messenger Raven's are Lannister's, who holds it)."""


def _parsed(state, line: str, house: str):
    (instruction,) = RULESET.parse(state, house, line)
    return instruction


@pytest.mark.parametrize("lang", ["ru", "pt_BR"])
def test_every_echo_of_a_receipt_reads_back_as_the_same_instruction(lang: str) -> None:
    state = RULESET.load_position(POSITION, DICE)
    for line in ECHOED:
        house = "lannister" if line.startswith(("raven", "bury")) else "stark"
        instruction = _parsed(state, line, house)
        echo = instruction.understood.say(lang, "westeros")
        assert lang != "ru" or echo != str(instruction.understood), echo  # really Russian
        again = _parsed(state, echo, house)
        kind = instruction.kind  # issue 17: a consolidate line is echoed as one, not as 'muster'
        assert (again.kind, again.key, again.value) == (kind, instruction.key, instruction.value), (
            line,
            echo,
        )
        assert again.understood.say(lang, "westeros") == echo


# -- every keyword parses; none is taken for a name -----------------------------------------
NAMES = load_game_data("westeros", "names.yaml")
NAME_SECTIONS = ("areas", "units", "houses", "house_cards", "wildling_cards", "tracks")
"""The names a line may hold where a keyword may stand (Westeros cards name the choices of
their own lines: 'Снабжение' is both the card Supply and the choice 'supply')."""


def _spellings(section: str, lang: str) -> list[tuple[str, str]]:
    """(id, spelling) of a names.yaml section in `lang`."""
    out = []
    for ident, entry in NAMES[section].items():
        value = entry.get(lang, [])
        out += [(str(ident), s) for s in ([value] if isinstance(value, str) else value)]
    return out


def _all_names() -> dict[str, str]:
    """Every name of every language, normalized -> 'section:id' (English ones included)."""
    names = {normalize(n): f"areas:{a}" for a, n in load_board().names.display.items()}
    for section in NAME_SECTIONS:
        for lang in LANGUAGES:
            names.update({normalize(s): f"{section}:{i}" for i, s in _spellings(section, lang)})
    for card, facts in house_card_facts().items():
        names[normalize(facts["name"])] = f"house_cards:{card}"
    return names


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_keyword_of_every_language_parses(lang: str) -> None:
    for ident, spelling in _spellings("verbs", lang):
        assert keywords.split_verb(f"{spelling} Винтерфелл: x") == (
            keywords.english(ident),
            "Винтерфелл: x",
        ), spelling
    for ident, spelling in _spellings("words", lang):
        assert keywords.to_english(f"x: {spelling}") == f"x: {keywords.english(ident)}"
    for ident, spelling in _spellings("lead_words", lang):
        line = keywords.to_english(f"x: {spelling} Винтерфелл")
        assert line == f"x: {ident} винтерфелл", spelling
    for ident, spelling in _spellings("connectors", lang):
        line = keywords.to_english(f"x: 2 рыцарь {spelling} Винтерфелл")
        assert line == f"x: 2 рыцарь {ident} винтерфелл", spelling


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_keyword_collides_with_another_or_with_a_name(lang: str) -> None:
    names = _all_names()
    for section in ("verbs", "words", "lead_words", "connectors"):
        seen: dict[str, str] = {}
        for ident, spelling in _spellings(section, lang):
            key = normalize(spelling)
            assert seen.setdefault(key, ident) == ident, (section, spelling, seen[key])
            clash = names.get(key)
            # A card's own name is its ability's keyword ('Тирион Ланнистер Ров Кейлин: да').
            assert clash is None or clash.split(":")[1].startswith(ident), (spelling, clash)
    for ident, spelling in _spellings("verbs", lang) + _spellings("lead_words", lang):
        key = normalize(spelling) + " "
        starts = sorted(n for n, what in names.items() if n.startswith(key))
        # NOTE: 'порт' / 'porto' start area names (Порт Пайка, Porto Real): a line whose
        # head is an area is never read for a keyword ('Porto Real: marcha' is an order).
        if ident == "port":
            assert all(names[n].startswith("areas:") for n in starts), starts
        else:
            assert all(names[n].split(":")[1].startswith(ident) for n in starts), (spelling, starts)
    units = {normalize(s) for _, s in _spellings("units", lang)}
    for name, what in names.items():  # 'unit <connector> area' is read only after a unit
        first = name.split(" ")[0]
        assert first not in units or what.startswith("units:"), (name, what)


def test_a_wrong_keyword_is_answered_with_the_keywords_in_the_players_language() -> None:
    state = RULESET.load_position(POSITION, DICE)
    with pytest.raises(OrderErrors) as raised:
        RULESET.parse(state, "stark", "походд Белая Гавань -> Ров Кейлин: пехотинец")
    (error,) = raised.value.errors
    said = error.say("ru", "westeros")
    assert "неизвестное распоряжение «походд»" in said
    assert "можно: поход, набег, подмога, карта, карта в любой битве, меч" in said
    with pytest.raises(OrderErrors) as raised:
        RULESET.parse(state, "stark", "marxa Porto Branco -> Fosso Cailin: soldado")
    said = raised.value.errors[0].say("pt_BR", "westeros")
    assert 'instrução desconhecida "marxa"' in said
    assert "marcha, invasão, suporte, carta" in said


def test_keywords_never_rewrite_a_name_or_an_order_line() -> None:
    state = RULESET.load_position(POSITION, DICE)
    # An order line stays an order even where its area starts like a keyword.
    orders = "Lannisporto: marcha\nSepto de Pedra: suporte\nEstreito Dourado: invadir\n"
    parsed = RULESET.parse(state, "lannister", orders + "Porto de Lannisporto: consolidar poder")
    assert parsed[-1].value == {"area": "port_of_lannisport", "token": "consolidate-power"}
    with pytest.raises(OrderErrors) as raised:  # a bad order, not a bad 'port' instruction
        RULESET.parse(state, "baratheon", "Porto Real: marxa")
    assert "you have no units in King's Landing" in str(raised.value.errors[0])
    # 'de', 'no', 'em' inside a Portuguese name stay: only a word after a unit connects.
    assert keywords.to_english("reduzir: Navio no Porto de Lannisporto") == (
        "reduce: navio in porto de lannisporto"
    )
    (reduce,) = RULESET.parse(state, "lannister", "reduzir: Navio no Porto de Lannisporto")
    assert reduce.value == {"units": [["ship", "port_of_lannisport"]]}
    # English and Russian keywords in one file, Russian small words after an English verb.
    (march,) = RULESET.parse(state, "stark", "march Белая Гавань -> Ров Кейлин: все")
    assert march.value == {"from": "white_harbor", "moves": [["moat_cailin", None]], "leave": False}


# -- through the real engine: a file in the player's words, its receipt in them too --------
RUSSIAN_FILE = """\
Винтерфелл: поход +1
Белая Гавань: защита
Дрожащее море: набег
поход Винтерфелл -> Кархолд: пехотинец; оставить жетон власти
подмога: нападающий
карта: Кейтилин Старк
ставка на Железный Трон: 2
ставка против одичалых: всё
"""
PORTUGUESE_FILE = """\
Lannisporto: marcha
Septo de Pedra: defesa
Estreito Dourado: suporte
Porto de Lannisporto: consolidar poder
marcha Lannisporto -> Septo de Pedra: cavaleiro
carta em qualquer batalha: Tywin Lannister
lance por Feudos: tudo
"""


def test_the_engine_reads_a_file_in_the_players_words_and_echoes_it_back(new_game) -> None:
    game = new_game()
    meta = yaml.safe_load((game / "game.yaml").read_text())
    meta["players"]["stark"]["lang"] = "ru"
    meta["players"]["lannister"]["lang"] = "pt_BR"
    (game / "game.yaml").write_text(yaml.safe_dump(meta, allow_unicode=True, sort_keys=False))
    for house, body in (("stark", RUSSIAN_FILE), ("lannister", PORTUGUESE_FILE)):
        path = game / "inbox" / f"{house}.txt"
        path.write_text(order_file(house, body), encoding="utf-8")
    engine.run(game, START + timedelta(hours=1))
    receipts = {
        house: next((game / ".adjudicator" / "receipts").glob(f"*-{house}.txt")).read_text()
        for house in ("stark", "lannister")
    }
    assert receipts["stark"].splitlines()[4:9] == [
        "  поход Винтерфелл -> Кархолд: пехотинец; оставить жетон власти",
        "  подмога: Нападающий",
        "  карта: Кейтилин Старк",
        "  ставка на Железный Трон: 2",
        "  ставка против одичалых: всё",
    ]
    assert receipts["lannister"].splitlines()[5:8] == [
        "  marcha Lannisporto -> Septo de Pedra: Cavaleiro",
        "  carta: Tywin Lannister",
        "  lance pelos Feudos: todas",
    ]


def _engine_round(root: Path, files: dict[str, str], lang: str) -> dict:
    """The round through the real engine: each house's file in the inbox, its `lang` set,
    one run: every decision of the round is in the files, so it ends where round 2's
    orders are asked. Returns the exported position."""
    game = root / "g"  # the same game id, so the same dice
    houses = sorted(files)
    passwords = {h: password(h) for h in houses}
    create_game(game, "westeros", now=START, players=6, passwords=passwords, position=POSITION)
    meta = yaml.safe_load((game / "game.yaml").read_text())
    for house in houses:
        meta["players"][house]["lang"] = lang
    (game / "game.yaml").write_text(yaml.safe_dump(meta, allow_unicode=True, sort_keys=False))
    for house, text in _files(files).items():
        (game / "inbox" / f"{house}.txt").write_text(order_file(house, text), encoding="utf-8")
    engine.run(game, START + timedelta(hours=1))
    assert not (game / ".adjudicator" / "rejected").exists()
    position = yaml.safe_load(CliRunner().invoke(main, ["export", str(game)]).output)
    assert (position["round"], position["phase"]) == (2, "planning")
    return position


@pytest.mark.parametrize("files", [RUSSIAN, PORTUGUESE], ids=["ru", "pt_BR"])
def test_the_round_through_the_real_engine_ends_where_the_english_one_does(
    files, tmp_path: Path
) -> None:
    english = _engine_round(tmp_path / "en", ENGLISH, "en")
    other = _engine_round(tmp_path / "other", files, "ru" if files is RUSSIAN else "pt_BR")
    assert other["units"] == english["units"]
    assert other == english
    assert english["units"]["winterfell"] == {"stark": ["footman", "knight", "knight"]}


@pytest.mark.parametrize(
    ("line", "written"),
    [
        ("ПОХОД Белая Гавань -> Ров Кейлин: ВСЕ", "поход Белая Гавань -> Ров Кейлин: все"),
        ("Ставка Против Одичалых: ВСЁ", "ставка против одичалых: всё"),
        ("ставка против одичалых: все", "ставка против одичалых: всё"),
        ("Lance Contra Os Selvagens: TUDO", "lance contra os selvagens: tudo"),
        ("invasao Mar Tremente: nao", "invasão Mar Tremente: não"),
        ("marcha Porto Branco -> Fosso Cailin: soldado; deixar poder", None),
    ],
)
def test_keywords_match_like_names_case_yo_and_accents_optional(line: str, written) -> None:
    state = RULESET.load_position(POSITION, DICE)
    (careless,) = RULESET.parse(state, "stark", line)
    if written:
        (careful,) = RULESET.parse(state, "stark", written)
        assert (careless.kind, careless.key, careless.value) == (
            careful.kind,
            careful.key,
            careful.value,
        )
    else:
        assert careless.value["leave"] is True


@pytest.mark.parametrize("line", ["Atlantis: march", "Атлантида: поход", "Atlantida: marcha"])
def test_an_order_for_an_unknown_area_names_the_area_not_an_unknown_keyword(line: str) -> None:
    """'X: <order>' is an order line whatever X is: the error says no area is called X."""
    from adjudicator.dice import Dice
    from adjudicator.orders.errors import OrderErrors
    from adjudicator.rulesets.westeros import RULESET

    state = RULESET.new_game({"players": 6}, Dice(b"t", "t", 0))
    with pytest.raises(OrderErrors) as caught:
        RULESET.parse(state, "stark", line)
    (error,) = caught.value.errors
    area = line.partition(":")[0]
    assert str(error.message) == f"no area called '{area}'"
    assert error.say("ru", "westeros").splitlines()[2] == f"  неизвестная область «{area}»"
