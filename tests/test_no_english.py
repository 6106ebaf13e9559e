"""No English left in a Russian or Portuguese game (issue 20).

Whole seeded bot games of both games are played in ru and pt_BR through the real CLI (the
review corpus, tools/review_corpus.py: public and private reports, receipts, error replies,
`run` and `status`, the SVG maps) and every word a reader gets is checked: in Russian no
Latin-script word may be left outside a short allow-list (AP, RP, NMR, UTC, rule numbers,
quoted player text, names the game keeps in Latin letters); in Portuguese no English word
of our own messages or names may be left.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from adjudicator.i18n import catalog, catalog_files
from adjudicator.vocabulary import names_of, sections
from tests.test_i18n import _used_messages
from tools.review_corpus import GAMES, write_corpus

ALLOWED = {"AP", "RP", "NMR", "UTC", "I", "II", "III", "XII", "d6", "2d6", "x"}
"""Abbreviations the seeds and the rules keep in Latin letters in every language."""
QUOTED = re.compile(r"«[^»]*»|'[^'\n]*'|\"[^\"\n]*\"|`[^`]*`")
"""Player text and file names are quoted: they are what the player or the GM wrote."""
MARKUP = re.compile(
    r"\[/?[a-z]+(=[^\]]*)?\]|!\[[^\]]*\]\([^)]*\)|#[0-9a-f]{6}\b|\b\d{4}-\d\d-\d\dT[\d:]+Z"
    r"|\b\d*d6\b|\b[\w/-]+\.(md|bbcode|svg|png|txt)\b|\b\d{4}-[a-z]+\b|https?://\S+|(?<!\w)/[\w./-]+"
)
"""BBCode tags, Markdown images, colours, ISO times, dice (2d6), file, folder and
submission names."""
SVG_TEXT = re.compile(r"<(text|title|tspan)[^>]*>([^<]*)<")
WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
RULE = re.compile(r"^(P|C|A)?\d+(\.\d+)*[a-z]?$")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("corpus")
    write_corpus(out, runs=80, seed=1)
    return out


def texts(folder: Path) -> Iterator[tuple[str, int, str]]:
    """(file, line number, text) of everything a reader of the game gets."""
    for path in sorted(folder.rglob("*")):
        if path.suffix not in (".md", ".bbcode", ".txt", ".svg"):
            continue
        name = str(path.relative_to(folder))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if path.suffix == ".svg":
                line = " ".join(text for _tag, text in SVG_TEXT.findall(line))
            if line.startswith(("password:", "house:", "side:")):
                continue
            yield name, number, line


def words(line: str) -> list[str]:
    """The words of `line` outside quotes, markup and rule numbers (P10, 9.2e, C.1)."""
    bare = re.sub(r"\b[A-Z]?\.?\d+(\.\d+)*[a-z]?\b", " ", MARKUP.sub(" ", QUOTED.sub(" ", line)))
    return WORD.findall(bare)


def is_map(name: str) -> bool:
    return name.endswith(".svg")


def kept_ids(game: str, name: str, line: str) -> set[str]:
    """The ids `line` of file `name` may print: the game's own id in titles and on the GM's
    console; player ids only in `run`'s output (`status` names the players as the reports
    do, issue 20)."""
    if not (name.startswith("console/") or "game" in line):
        return set()
    players = set() if name.startswith("console/status-") else set(GAMES[game]["players"])
    return {*players, game, "game"}


def latin_in_russian(folder: Path, game: str, maps: bool = False) -> list[str]:
    """Latin words a Russian reader would meet: ids only where the GM's console prints
    them (`kept_ids`), the game's own id in its titles."""
    found = []
    for name, number, line in texts(folder):
        if is_map(name) != maps:
            continue
        ids = kept_ids(game, name, line)
        for word in words(line):
            latin = re.fullmatch(r"[A-Za-z'’-]+", word)
            if not latin or word in ALLOWED or RULE.match(word):
                continue
            if word in ids:
                continue
            found.append(f"{name}:{number}: {word!r} in {line.strip()[:160]!r}")
    return found


def english_vocabulary() -> set[str]:
    """Words of our English messages and the games' English names that Portuguese does not
    use: what must not appear in a Portuguese game."""
    english: set[str] = set()
    for message in _used_messages():
        english |= {w.lower() for w in WORD.findall(re.sub(r"%\(\w+\)\w", " ", message))}
    portuguese: set[str] = set()
    for message in catalog("pt_BR"):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for string in strings:
            said = re.sub(r"%\([^)]*\)\w", " ", string or "")
            portuguese |= {w.lower() for w in WORD.findall(said)}
    for game in GAMES:
        for entries in sections(game).values():
            for entry in entries.values():
                for name in names_of(entry, "pt_BR"):
                    portuguese |= {w.lower() for w in WORD.findall(name)}
    return {w for w in english - portuguese if len(w) > 2}


def english_in_portuguese(
    folder: Path, game: str, english: set[str], maps: bool = False
) -> list[str]:
    found = []
    for name, number, line in texts(folder):
        if is_map(name) != maps:
            continue
        ids = kept_ids(game, name, line)
        for word in words(line):
            if word.lower() not in english or word in ALLOWED:
                continue
            if word in ids:
                continue
            found.append(f"{name}:{number}: {word!r} in {line.strip()[:160]!r}")
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_russian_game_has_no_latin_word_left(corpus: Path, game: str) -> None:
    folder = corpus / f"{game}-ru"
    assert any(folder.rglob("*.md")) and any(folder.rglob("receipts/*.txt"))
    assert latin_in_russian(folder, game) == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_portuguese_game_has_no_english_word_left(corpus: Path, game: str) -> None:
    folder = corpus / f"{game}-pt_BR"
    english = english_vocabulary()
    assert {"march", "the", "retreat", "wins"} <= english  # the check can find English
    assert english_in_portuguese(folder, game, english) == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_russian_map_has_no_latin_word_left(corpus: Path, game: str) -> None:
    assert latin_in_russian(corpus / f"{game}-ru", game, maps=True) == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_portuguese_map_has_no_english_word_left(corpus: Path, game: str) -> None:
    found = english_in_portuguese(corpus / f"{game}-pt_BR", game, english_vocabulary(), True)
    assert found == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_corpus_games_are_played_to_their_end(corpus: Path, game: str) -> None:
    """Whole games: the last `status` says nothing is awaited."""
    for lang in ("ru", "pt_BR"):
        statuses = sorted((corpus / f"{game}-{lang}" / "console").glob("status-*.txt"))
        last = statuses[-1].read_text(encoding="utf-8")
        assert any(w in last for w in ("игра окончена", "fim de jogo", "Fim de jogo")), last


def test_a_hint_names_the_keywords_of_the_readers_language() -> None:
    """A hint's example (`'muster <area>: <units>'`, 'or «all»') is the reader's keyword:
    no quoted example in a ru or pt_BR message starts with an English keyword."""
    keywords = {
        ident.replace("_", " ")
        for game in GAMES
        for section in ("verbs", "words", "lead_words", "orders")
        for ident in sections(game).get(section, {})
    }
    for lang in ("ru", "pt_BR"):
        local = {
            name.lower()
            for game in GAMES
            for section in ("verbs", "words", "lead_words", "orders")
            for entry in sections(game).get(section, {}).values()
            for name in names_of(entry, lang)
        }
        for name, path in catalog_files(lang).items():
            if name == "positions.po":  # the GM's position file: its YAML keys are ids
                continue
            with path.open("rb") as po:
                for message in read_po(po, locale=lang):
                    strings = (
                        message.string if isinstance(message.string, tuple) else (message.string,)
                    )
                    for string in strings:
                        for quoted in re.findall(r"«([^»]*)»|\"([^\"]*)\"", string or ""):
                            head = " ".join(quoted).strip().split(" ")[0].lower().rstrip(":")
                            bad = head in keywords and head not in local
                            assert not bad, f"{name}: English keyword in {string!r}"


HINT_EXAMPLES = {
    "ru": [
        "сбор войск Винтерфелл: рыцарь",
        "ставка против одичалых: все",
        "ничья, Железный Трон: Баратеон, Ланнистер",
        "ничья в ставках против одичалых: Старк, Ланнистер",
        "порт Порт Винтерфелла: заменить все",
        "порт Порт Винтерфелла: нет",
        "поход Винтерфелл -> Ров Кейлин: пехотинец",
    ],
    "pt_BR": [
        "recrutar Winterfell: Cavaleiro",
        "lance contra os selvagens: todas",
        "empate em Trono de Ferro: Baratheon, Lannister",
        "empate contra os selvagens: Stark, Lannister",
        "porto Porto de Winterfell: substituir todos",
        "marcha Winterfell -> Fosso Cailin: Soldado",
    ],
}
"""The examples the ru and pt_BR hints of westeros.po give, written as those hints write them."""


@pytest.mark.parametrize(
    ("lang", "line"), [(lang, line) for lang, lines in HINT_EXAMPLES.items() for line in lines]
)
def test_an_example_a_hint_gives_is_understood(lang: str, line: str) -> None:
    """A hint that says «напишите «сбор войск Винтерфелл: рыцарь»» must be obeyable."""
    from adjudicator.rulesets.westeros.ruleset import RULESET
    from tests.rulesets.westeros.test_westeros_phase import westeros_state

    state = westeros_state({}, units={"winterfell": {"stark": ["footman"]}})
    assert RULESET.parse(state, "stark", line)
