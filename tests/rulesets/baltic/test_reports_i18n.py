"""Baltic in Russian and Portuguese through the whole engine (issue 12; 13.6): reports,
receipts and errors in each reader's language, names included, and the fog of war kept.

A Poltava game in Russian (settings.lang) where Sweden reads Portuguese (its own `lang`):
the seeded bots' order files are sent translated, Sweden's into Portuguese and the
Coalition's into Russian. The English reports are checked unchanged by test_reports.py and
test_reports_9_11.py.
"""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

from adjudicator import engine
from adjudicator.create import create_game
from adjudicator.data import load_game_data
from adjudicator.dice import Dice
from adjudicator.i18n import translations
from adjudicator.render import render
from adjudicator.requests import Event
from adjudicator.rulesets.baltic.ruleset import RULESET
from adjudicator.text import to_data
from adjudicator.vocabulary import names_of
from tests.conftest import START
from tests.rulesets.baltic.test_fog import shown_now
from tests.rulesets.baltic.test_orders_i18n import translator
from tests.rulesets.baltic.test_reports import PUBLIC_EVENTS, context, moved_state

ROOT = Path(__file__).resolve().parents[3]
PASSWORDS = {"sweden": "pw-sweden", "coalition": "pw-coalition"}
LANGS = {"sweden": "pt_BR", "coalition": "ru"}
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")
NAMES = load_game_data("baltic", "names.yaml")


def english_fragments(lang: str) -> set[str]:
    """The English words of each baltic template message between its placeholders, where
    the translation does not keep them."""
    catalog = translations(lang)
    found = set()
    options = {"**.j2": {"extensions": "jinja2.ext.i18n", "trimmed": "false"}}
    for _f, _l, message, _c, _x in extract_from_dir(
        str(ROOT / "templates" / "baltic"), [("**.j2", "jinja2")], options
    ):
        message = message if isinstance(message, str) else message[0]
        translated = catalog.gettext(message)
        for piece in PLACEHOLDER.split(message):
            piece = piece.strip(" .,:;()—→")
            if len(piece) >= 6 and " " in piece and piece not in translated:
                found.add(piece)
    return found


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """Six runs of a Poltava game in Russian; Sweden reads and writes Portuguese."""
    path = tmp_path_factory.mktemp("baltic-i18n") / "g"
    create_game(
        path,
        "baltic",
        now=START,
        roster={"sweden": {"name": "Ann", "lang": "pt_BR"}, "coalition": {"name": "Bo"}},
        options={"scenario": "poltava"},
        passwords=PASSWORDS,
        settings={"png": False, "lang": "ru"},
    )
    now = START
    public: list[str] = []
    sent: list[str] = []
    receipts: list[str] = []
    shown: set[str] = set()
    say = {side: translator(lang) for side, lang in LANGS.items()}
    for turn in range(6):
        game, rows = engine.status(path)
        for row in rows:
            side = row["player"]
            text = RULESET.bot(game.state, side, Dice(b"i18n", side, turn), True) or "pass"
            body = f"side: {side}\npassword: {PASSWORDS[side]}\n{say[side](text)}\n"
            sent.append(body)
            (path / "inbox" / f"{turn:03d}-{side}.txt").write_text(body, encoding="utf-8")
        now += timedelta(hours=1)
        result = engine.run(path, now)
        assert not result.rejected, [str(why) for _, why in result.rejected]
        receipts += [r.say(LANGS[r.player], "baltic") for r in result.receipts]
        public += [(path / n).read_text(encoding="utf-8") for n in result.reports]
        public = [t for t in public if t]
        shown |= shown_now(path)
    reports = sorted((path / "reports").glob("*.md")) + sorted((path / "reports").glob("*.bbcode"))
    private = sorted((path / ".adjudicator" / "private" / "sweden").glob("*.md"))
    return {
        "public": [p.read_text(encoding="utf-8") for p in reports],
        "private": [p.read_text(encoding="utf-8") for p in private],
        "sent": sent,
        "receipts": receipts,
        "shown": shown,
    }


def test_13_6_public_reports_are_russian_names_included(played: dict) -> None:
    text = "\n".join(played["public"])
    assert len(played["public"]) >= 6
    for word in ("Швеция", "Коалиция", "Лифляндия", "Ингерманландия", "Санкт-Петербург"):
        assert word in text, word
    for sentence in ("### Войска", "Очки действий в этом сезоне:", "Дорожка истощения Швеции"):
        assert sentence in text, sentence
    assert re.search(r"бросает \[\d\] по таблице действий", text)
    assert re.search(r"- (весна|лето|осень|зима) 1708 / бросок действий (Швеции|Коалиции)", text)


@pytest.mark.parametrize("who", ["public", "private"])
def test_no_english_sentence_of_the_templates_remains(played: dict, who: str) -> None:
    lang = "ru" if who == "public" else "pt_BR"
    fragments = english_fragments(lang)
    assert len(fragments) > 60  # the extraction found the templates' sentences
    for report in played[who]:
        left = sorted(f for f in fragments if f in report)
        assert left == [], left
    if who == "public":  # no Latin word but the rules' abbreviations and markup
        words = set(re.findall(r"[A-Za-z]{3,}", "\n".join(played[who])))
        assert words <= {
            "NMR",
            "XII",
            "UTC",
            "Ann",
            "color",
            "size",
            "table",
            "list",
            "img",
            "png",
            "svg",
        }


def test_a_sides_private_report_is_in_its_own_language(played: dict) -> None:
    assert played["private"]
    for text in played["private"]:
        assert "— relatório privado da Suécia, " in text
        assert "личный отчёт" not in text
    joined = "\n".join(played["private"])
    assert "Carlos XII 4" in joined  # its own blocks, by their Portuguese names
    assert "### Forças" in joined and "| Lugar |  | Nação | Blocos |" in joined


def test_13_2_orders_in_portuguese_and_russian_are_accepted_with_receipts_in_each(
    played: dict,
) -> None:
    sent = "\n".join(played["sent"])
    assert "sail " not in sent and "battle any" not in sent  # the orders were translated
    swedish = "\n".join(b for b in played["sent"] if b.startswith("side: sweden"))
    coalition = "\n".join(b for b in played["sent"] if b.startswith("side: coalition"))
    # The game's GM secret is fixed (conftest), so its dice and the bots' orders are too:
    # each side moves, sails and rebuilds, in its own language.
    for verb in ("mover", "navegar", "reforçar"):
        assert re.search(rf"^{verb} ", swedish, re.M), verb
    for verb in ("перемещение", "плавание", "пополнение"):
        assert re.search(rf"^{verb} ", coalition, re.M), verb
    receipts = "\n".join(played["receipts"])
    assert re.search(r"\d+ linhas? de ação", receipts), receipts
    assert re.search(r"\d+ строк[аи]? действий", receipts), receipts


def test_13_6_no_hidden_block_is_named_in_any_language_in_a_public_report(played: dict) -> None:
    places = {
        name
        for section in ("territories", "sea_zones", "nations", "regions")
        for entry in NAMES[section].values()
        for lang in ("ru", "pt_BR")
        for name in names_of(entry, lang)
    }
    leaks = []
    for block, entry in NAMES["blocks"].items():
        if block in played["shown"] or block.endswith(("_h", "_b")):
            continue  # twins share their name with a public one (the Reform box)
        for lang in ("ru", "pt_BR"):
            for name in names_of(entry, lang):
                if name in places or len(name) < 4:
                    continue
                leaks += [(block, name) for text in played["public"] if name in text]
    assert leaks == []
    assert len(NAMES["blocks"]) - len(played["shown"]) > 10  # many blocks stayed hidden


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Sweden: 2 blocks Lithuania → Polotsk."),
        ("ru", "Швеция: 2 блока — Литва → Полоцк."),
        ("pt_BR", "Suécia: 2 blocos — Lituânia → Polotsk."),
    ],
)
def test_13_6_a_poltava_report_in_each_language_counts_and_names(lang: str, expected: str) -> None:
    text = render("baltic", "report", "md", context(moved_state(), None, PUBLIC_EVENTS), lang)
    assert expected in text
    for hidden in ("Karl XII", "Карл XII", "Carlos XII", "Schlippenbach", "Шлиппенбах"):
        assert hidden not in text


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", 'Line 2 of Sweden ("siege Pskov") is void: Lewenhaupt '
         "is in Courland, not in Livland"),
        ("ru", "Строка 2 Швеции («siege Pskov») не выполнена: "
         "Левенгаупт находится в Курляндии, а не в Лифляндии"),
        ("pt_BR", 'A linha 2 da Suécia ("siege Pskov") é nula: '
         "Lewenhaupt está na Curlândia, não na Livônia"),
    ],
)  # fmt: skip
def test_13_5_a_void_line_is_reported_to_its_side_in_the_readers_language(
    lang: str, expected: str
) -> None:
    from adjudicator.rulesets.baltic.void import Void

    fault = Void(
        "elsewhere",
        block=_name("swe_lewenhaupt"),
        where=_name("courland"),
        place=_name("livland"),
    )
    event = Event(
        "void",
        {
            "side": "sweden",
            "number": 2,
            "text": "siege Pskov",
            "why": to_data(fault.message),
        },
        public=False,
        to="sweden",
    )
    state = moved_state()
    text = render("baltic", "private", "md", context(state, "sweden", [event]), lang)
    assert expected in text


def _name(ident: str):
    from adjudicator.rulesets.baltic.control import board

    return board().said(ident)


@pytest.mark.parametrize("lang", ["ru", "pt_BR"])
def test_every_translation_fills_only_the_fields_its_message_has(lang: str) -> None:
    """A placeholder the English message lacks would fail the report at render time."""
    from babel.messages.pofile import read_po

    with (ROOT / "games" / "baltic" / "locale" / f"{lang}.po").open("rb") as po:
        catalog = read_po(po, locale=lang)
    checked = 0
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        fields = {f for i in ids for f in PLACEHOLDER.findall(i)}
        for string in strings:
            assert set(PLACEHOLDER.findall(string)) <= fields, (message.id, string)
            checked += 1
    assert checked > 250


@pytest.mark.parametrize("lang", ["ru", "pt_BR"])
@pytest.mark.parametrize("steps", ["naval_steps", "political_steps", "russian_steps"])
def test_13_6_events_of_9_to_11_in_each_language_keep_hidden_identities(
    steps: str, lang: str
) -> None:
    from adjudicator.rulesets.baltic.ruleset import to_events
    from tests.rulesets.baltic import test_reports_9_11 as rules_9_11

    state, raw, hidden = getattr(rules_9_11, steps)()
    events = to_events(state, raw)
    public = [e for e in events if e.public]
    text = render("baltic", "report", "md", context(state, None, public), lang)
    spelled = {english: _spelled(english, lang) for english in hidden}
    for english, localized in spelled.items():
        assert english not in text and localized not in text, localized
    private = [
        render(
            "baltic",
            "private",
            "md",
            context(state, side, [e for e in events if e.public or e.to == side]),
            lang,
        )
        for side in ("sweden", "coalition")
    ]
    if lang == "ru":  # not one English word: every event of 9-11 is said in Russian
        for said in [text, *private]:
            assert set(re.findall(r"[A-Za-z]{3,}", said)) <= {"XII"}, said


def _spelled(english: str, lang: str) -> str:
    from adjudicator.rulesets.baltic.board import load_board

    board = load_board()
    (ident,) = [b for b, info in board.blocks.items() if info.name == english]
    return names_of(NAMES["blocks"][ident], lang)[0]


def test_9_4g_the_relocated_fleet_line_in_russian_and_portuguese() -> None:
    from adjudicator.rulesets.baltic.ruleset import to_events
    from tests.rulesets.baltic.test_reports_9_11 import naval_steps

    state, raw, _ = naval_steps()
    public = [e for e in to_events(state, raw) if e.public]
    ru = render("baltic", "report", "md", context(state, None, public), "ru")
    pt = render("baltic", "report", "md", context(state, None, public), "pt_BR")
    assert "1 флот Швеции переходит из гавани Померании в гавань Смоланда." in ru
    assert "Эстляндия: в гавани только флоты Швеции (1 флот); сражения нет." in ru
    assert "1 frota da Suécia passa do porto da Pomerânia para o porto da Esmolândia." in pt


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "**Battle in Polotsk**, Sweden attacking: Sweden: Lewenhaupt (3); "
         "Coalition: Sheremetev★ (4)."),
        ("ru", "**Сражение в Полоцке**, атакует Швеция: Швеция — Левенгаупт (3); "
         "Коалиция — Шереметев с чёрной звездой (4)."),
        ("pt_BR", "**Batalha em Polotsk** — ataque da Suécia: Suécia: Lewenhaupt (3); "
         "Coalizão: Sheremetev de estrela preta (4)."),
    ],
)  # fmt: skip
def test_13_6_a_battle_line_names_each_side_before_its_blocks(lang: str, expected: str) -> None:
    """Each side's blocks follow the side's name as a sentence of the catalog says them,
    not glued to it («Швеция Левенгаупт»)."""
    blocks = {"sweden": [["swe_lewenhaupt", 3]], "coalition": [["rus_sheremetev_b", 4]]}
    battle = Event(
        "battle", {"battle": "land", "at": "polotsk", "attacker": "sweden", "blocks": blocks}
    )
    text = render("baltic", "report", "md", context(moved_state(), None, [battle]), lang)
    assert expected in text


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Year Track: truce cube of Saxony (1710)."),
        ("ru", "Дорожка годов: кубик перемирия Саксонии (1710)."),
        ("pt_BR", "Trilha de Anos: cubo de trégua da Saxônia (1710)."),
    ],
)
def test_the_year_track_line_says_each_entry_with_its_year(lang: str, expected: str) -> None:
    """An entry and its year through the catalog, not «1710: кубик» glued after a colon."""
    text = render("baltic", "report", "md", context(moved_state(), None, []), lang)
    assert expected in text


def test_a_diplomatic_openings_roll_reads_as_an_activation_in_russian() -> None:
    """C.1 roll 10's dice label: the roll is an activation roll (10.1e), its cause named
    after it, not «дипломатическая возможность для Османской империи»."""
    from adjudicator.rulesets.baltic.control import board
    from adjudicator.rulesets.baltic.politics import ROLL_LABELS
    from adjudicator.text import _l

    label = _l(ROLL_LABELS["diplomatic opening"], nation=board().said("OTT"))
    assert label.say("ru", "baltic") == "активация Османской империи (дипломатическая возможность)"
    assert str(label) == "diplomatic opening Ottoman Empire"


@pytest.mark.parametrize(
    ("block", "said"),
    [
        ("den_sondenfjeldske", "Дания-Норвегия строит Сённенфьельдский полк на Зеландии (2 RP)."),
        ("den_jyske", "Дания-Норвегия строит Ютландских драгун на Зеландии (2 RP)."),
        ("den_reventlow", "Дания-Норвегия строит Ревентлова на Зеландии (2 RP)."),
    ],
)
def test_8_4_a_block_built_is_in_the_accusative_a_regiment_inanimate(block: str, said: str) -> None:
    """8.4: «строит Сённенфьельдский полк», not «строит Сённенфьельдского полка»: a regiment
    is inanimate (accusative = nominative), a commander and a plural troop animate."""
    from adjudicator.rulesets.baltic.control import board
    from adjudicator.text import _l

    built = _l(
        "%(nation)s builds %(block)s in %(place)s (%(rp)s RP).",
        nation=board().said("DEN"),
        block=board().said(block),
        place=board().said("sjaelland"),
        rp=2,
    )
    assert built.say("ru", "baltic") == said


@pytest.mark.parametrize(
    ("msgid", "fields", "said"),
    [
        (
            "%(block)s aboard %(fleet)s",
            {"block": "swe_stenbock", "fleet": "swe_wachtmeister"},
            "Стенбок на борту Вахтмейстера",
        ),
        (
            "%(block)s is placed only in %(own)s, not in %(place)s (8.6)",
            {"block": "swe_karl", "own": "svealand", "place": "livland"},
            "Карла XII можно разместить только здесь: Свеаланд, но не в Лифляндии (8.6)",
        ),
        (
            "%(block)s is placed only in %(own)s, not in %(place)s (8.6)",
            {"block": "swe_upplands", "own": "svealand", "place": "livland"},
            "Упландский полк можно разместить только здесь: Свеаланд, но не в Лифляндии (8.6)",
        ),
    ],
)
def test_9_1_a_block_in_a_governed_slot_takes_its_case(msgid: str, fields: dict, said: str) -> None:
    """9.1, 8.6: «на борту Вахтмейстера» (was «на борту флота Вахтмейстер»), «Карла XII можно
    разместить» (was «Карл XII можно разместить»)."""
    from adjudicator.rulesets.baltic.control import board
    from adjudicator.text import _l

    text = _l(msgid, **{k: board().said(v) for k, v in fields.items()})
    assert text.say("ru", "baltic") == said
