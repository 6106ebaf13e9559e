"""Baltic orders written wholly in Russian or Portuguese: verbs, keywords and names (issue 12,
item 4; 13.3, 13.4).

The seeded bots play Poltava in English; the same games are played again with every order
text translated, word by word, into Russian and into Portuguese (names.yaml: the `orders`
words and the names), and must end in exactly the same position.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from adjudicator.data import load_game_data
from adjudicator.orders.errors import OrderErrors
from adjudicator.rulesets.baltic import bot, instructions, keywords, words
from adjudicator.rulesets.baltic.board import load_board
from adjudicator.rulesets.baltic.position import scenario_state
from adjudicator.rulesets.baltic.ruleset import RULESET
from adjudicator.rulesets.baltic.state import State
from adjudicator.vocabulary import names_of
from tests.rulesets.baltic.driver import play
from tests.rulesets.baltic.test_orders import we1_state

NAMES = load_game_data("baltic", "names.yaml")
STARS = {"ru": ("полый", "чёрный"), "pt_BR": ("vazado", "preto")}


def _names(lang: str) -> dict[str, str]:
    """Every English name a bot writes -> the name in `lang` (twins by their star). An
    English name of two things ('Savolax' the territory and the regiment) takes a spelling
    both share ('Саволакс'): the line's place tells which is meant, in any language."""
    board = load_board()
    spellings: dict[str, list[list[str]]] = {}
    for section in ("territories", "sea_zones", "nations", "blocks"):
        for ident, entry in NAMES[section].items():
            spelled = names_of(entry, lang)
            if section == "blocks" and board.blocks[ident].twin:
                star = next(s for s in spelled if s.endswith(STARS[lang]))
                spellings.setdefault(bot.name(board, ident), []).append([star])
            spellings.setdefault(board.name(ident), []).append(spelled)
    found = {}
    for english, lists in spellings.items():
        shared = [s for s in lists[0] if all(s in other for other in lists[1:])]
        found[english] = shared[0] if shared else english
    return found


def _keywords(lang: str) -> dict[str, str]:
    """Every English keyword -> its first word in `lang` ('in' is said like 'at')."""
    found = {}
    for ident, english in keywords.ENGLISH.items():
        spelled = names_of(NAMES["orders"].get(ident if ident != "in" else "at", {}), lang)
        for word in english:
            found[word] = spelled[0]
    return found


def translator(lang: str) -> Callable[[str], str]:
    """An order text in `lang`: names first (kept apart), then the keywords, longest first."""
    names, words = _names(lang), _keywords(lang)

    def by_length(table: dict[str, str]) -> re.Pattern[str]:
        alternatives = "|".join(re.escape(k) for k in sorted(table, key=len, reverse=True))
        return re.compile(rf"(?<!\w)({alternatives})(?!\w)")

    name_re, word_re = by_length(names), by_length(words)

    def translate(text: str) -> str:
        kept: list[str] = []

        def keep(match: re.Match[str]) -> str:
            kept.append(names[match.group(1)])
            return f"\x00{len(kept) - 1}\x00"

        text = name_re.sub(keep, text)
        text = word_re.sub(lambda m: words[m.group(1)], text)
        return re.sub("\x00(\\d+)\x00", lambda m: kept[int(m.group(1))], text)

    return translate


def play_seasons(seed: int, seasons: int, translate: Callable[[str], str]) -> tuple[State, list]:
    """Poltava by the seeded bots for `seasons` seasons, each order text through `translate`
    before it is read; returns the state and every text read."""
    first: list[int] = []

    def played_enough(state: State) -> bool:
        moment = state.year * 4 + _index(state.season)
        first[:] = first or [moment]
        return moment - first[0] >= seasons

    game = play("poltava", seed, translate=translate, stop=played_enough, keep=False)
    return game.state, game.orders


def _index(season: str) -> int:
    return ("spring", "summer", "autumn", "winter").index(season)


ENGLISH_HEADS = re.compile(
    r"^(move|embark|sail|disembark|siege|reinforce|recon|politics|pass|cede|battle|hit|"
    r"retreat|regroup|withdraw|keep|fleet|forage|displace|build|reform|offer|accept|"
    r"decline|clear)\b",
    re.MULTILINE,
)


@pytest.mark.parametrize("lang", ["ru", "pt_BR"])
@pytest.mark.parametrize("seed", [3, 11])
def test_13_3_a_poltava_season_from_translated_orders_ends_as_the_english_one(
    lang: str, seed: int
) -> None:
    english, english_texts = play_seasons(seed, 2, lambda text: text)
    other, texts = play_seasons(seed, 2, translator(lang))
    assert len(texts) == len(english_texts) >= 4
    said = "\n".join(texts)
    assert not ENGLISH_HEADS.search(said), said  # not one English verb or keyword left
    for english_only in (" retreat round ", " steps ", " at ", ": fight", " truce "):
        assert english_only not in said
    assert _position(other) == _position(english)
    assert other.rolls == english.rolls


def _position(state: State) -> dict:
    """The exported position; standing lines by what they mean, not by the player's words."""
    data = RULESET.export(state)
    standing = data.pop("standing", {})
    data["standing"] = {
        side: {key: line["value"] for key, line in lines.items()}
        for side, lines in standing.items()
    }
    assert data["standing"], "no standing line was read"
    return data


RUSSIAN_LINES = """\
плыть Вахтмейстер, Анкарштерна: Каттегат -> Западная Балтика -> Центральная Балтика -> Финский залив
высадка Карл XII, Лейб-гвардия, Реншёльд: Финский залив -> Нарва
сражение Ингерманландия: отступить в раунде 2
сражение любой Карл XII: сражаться
порядок потерь: Упландский полк
приоритет отступления Ингерманландия: Лифляндия, море Вахтмейстер
приоритет отступления флотов: Карлскруна
очистить приоритет отступления Ингерманландия
уступить Бремен-Верден во входную фазу
"""
PORTUGUESE_LINES = """\
navegar Wachtmeister, Anckarstierna: Categate -> Báltico Ocidental -> Báltico Central -> \
Golfo da Finlândia
desembarcar Carlos XII, Guarda Real, Rehnskiöld: Golfo da Finlândia -> Narva
batalha Íngria: recuar na rodada 2
batalha qualquer Carlos XII: lutar
ordem das perdas: Upplands
prioridade de retirada Íngria: Livônia, mar Wachtmeister
prioridade de retirada das frotas: Karlskrona
limpar prioridade de retirada Íngria
ceder Bremen-Verden na fase de entrada
"""
ENGLISH_LINES = """\
sail Wachtmeister, Anckarstierna: Kattegat -> Western Baltic -> Central Baltic -> Gulf of Finland
disembark Karl XII, Livgardet, Rehnskiöld: Gulf of Finland -> Narva
battle Ingermanland: retreat round 2
battle any Karl XII: fight
hit order: Upplands
retreat priority Ingermanland: Livland, sea Wachtmeister
fleet retreat priority: Karlskrona
clear retreat priority Ingermanland
cede Bremen-Verden at entry
"""


def _meaning(text: str) -> list:
    state = we1_state()
    state.phase = "action_1" if state.first_player == "sweden" else "action_2"
    found = []
    for i in RULESET.parse(state, "sweden", text):
        value = dict(i.value)
        value.pop("text", None)
        value["lines"] = [
            {k: v for k, v in line.items() if k != "text"} for line in value.get("lines", [])
        ]
        found.append((i.kind, i.key, value))
    return found


@pytest.mark.parametrize("text", [RUSSIAN_LINES, PORTUGUESE_LINES], ids=["ru", "pt_BR"])
def test_13_4_standing_lines_and_siege_in_any_language_mean_the_english_ones(text: str) -> None:
    english = _meaning(ENGLISH_LINES)
    assert _meaning(text) == english
    assert [line["action"] for line in english[0][2]["lines"]] == ["move", "move"]
    assert len(english) == 8  # the orders and 7 standing lines


@pytest.mark.parametrize("tail", ["Нарва осада", "Narva cerco", "Narva sitiar", "Narva siege"])
def test_6_2_a_trailing_siege_word_in_any_language_declares_a_siege_round(tail: str) -> None:
    assert words.strip_siege(tail) == (tail.split()[0], True)


def test_13_3_a_verb_nobody_knows_lists_the_verbs_in_the_players_language() -> None:
    state = we1_state()
    with pytest.raises(OrderErrors) as caught:
        RULESET.parse(state, "sweden", "штурм Псков")
    (error,) = caught.value.errors
    said = error.say("ru", "baltic")
    assert "это не строка действия и не постоянная строка (13.3, 13.4)" in said
    assert "перемещение, погрузка, плавание, высадка, осада" in said
    assert error.say("pt_BR", "baltic").count("mover, embarcar, navegar, desembarcar") == 1


def test_13_4_a_clear_line_nobody_understands_lists_the_keywords_in_the_players_language() -> None:
    with pytest.raises(OrderErrors) as caught:
        RULESET.parse(we1_state(), "sweden", "очистить что-то")
    said = caught.value.errors[0].say("ru", "baltic")
    assert "ожидается «очистить <ключевое слово> [<место>]» или «очистить все»" in said
    assert "сражение, порядок потерь, приоритет отступления" in said
    english = str(caught.value.errors[0])
    assert "battle, hit order, retreat priority" in english


README = Path(__file__).resolve().parents[3] / "README.md"
SECTION = "### baltic: orders and reports in Russian and Portuguese"


def _section() -> str:
    text = README.read_text(encoding="utf-8").split(SECTION, 1)[1]
    return re.split(r"\n##+ ", text, maxsplit=1)[0]


def _readme_lines() -> list[str]:
    blocks = _section().split("```")[1::2]
    return [line for b in blocks for line in b.splitlines() if line and not line.startswith("#")]


@pytest.mark.parametrize("line", _readme_lines())
def test_13_3_the_readmes_russian_and_portuguese_lines_read(line: str) -> None:
    state = scenario_state("grand_campaign")
    words.CURRENT.append(state)
    try:
        if instructions.parse_standing("sweden", line) is not None:
            return
        verb, _, rest = line.partition(" ")
        assert keywords.verb(verb) in keywords.ACTION_VERBS
        instructions.parse_action("sweden", keywords.verb(verb), rest.strip(), line)
    finally:
        words.CURRENT.pop()


def test_the_readmes_table_lists_every_keyword() -> None:
    text = _section()
    for ident, english in keywords.ENGLISH.items():
        if ident != "in":
            assert f"| `{english[0]}` | {names_of(NAMES['orders'][ident], 'ru')[0]}" in text
