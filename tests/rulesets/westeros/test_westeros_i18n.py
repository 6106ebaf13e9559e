"""Issue 12: what the westeros ruleset says to a player comes in the player's language.

Stark reads Russian (``players.stark.lang: ru``), Lannister Brazilian Portuguese; they send
order files through the real engine (inbox + `engine.run`), and the test reads what comes
back: the rejected file's ``.errors.txt``, the receipt, the private report and the waiting
lines, with the game's names (names.yaml) in their language. English stays as it was.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
import yaml

from adjudicator import engine
from adjudicator.dice import Dice
from adjudicator.render import environment
from adjudicator.requests import Answer, AnswerSource, summary_in
from adjudicator.rulesets.westeros import RULESET
from adjudicator.text import from_data
from tests.conftest import SAMPLE_ORDERS, START, order_file
from tests.rulesets.westeros.test_westeros_phase import NINE, westeros_state

STARK_MISTAKES = (
    "Winterfell: fly\n"
    "Riverrun: march\n"
    "card: Tywin Lannister\n"
    "march Winterfell -> Sunspear\n"  # fine: both coasts, a ship chain might carry them
)
LANNISTER_MISTAKES = "Lannisport: voar\nRiverrun: march\n"


def _languages(game: Path, **settings: str) -> None:
    meta = yaml.safe_load((game / "game.yaml").read_text())
    meta["players"]["stark"]["lang"] = "ru"
    meta["players"]["lannister"]["lang"] = "pt_BR"
    meta["settings"].update(settings)
    (game / "game.yaml").write_text(yaml.safe_dump(meta, allow_unicode=True, sort_keys=False))


def _send(game: Path, house: str, body: str) -> None:
    (game / "inbox" / f"{house}.txt").write_text(order_file(house, body), encoding="utf-8")


def _errors(game: Path, house: str) -> str:
    (found,) = (game / ".adjudicator" / "rejected").glob(f"*-{house}.txt.errors.txt")
    return found.read_text(encoding="utf-8")


def _receipt(game: Path, house: str) -> str:
    (found,) = (game / ".adjudicator" / "receipts").glob(f"*-{house}.txt")
    return found.read_text(encoding="utf-8")


@pytest.fixture
def game(new_game) -> Path:
    path = new_game()
    _languages(path)
    return path


def test_a_russian_players_rejected_file_lists_every_error_in_russian(game: Path) -> None:
    _send(game, "stark", STARK_MISTAKES)
    engine.run(game, START + timedelta(hours=1))
    # Issue 17: the areas left without an order in the same reply (line 5 is no order).
    assert _errors(game, "stark") == (
        "строка 3: не понято\n"
        "  'Winterfell: fly'\n"
        "  «fly» — не жетон приказа\n"
        "  можно: Поход −1, Поход +0, Поход +1 ★, Оборона +1, Оборона +2 ★, Подмога,"
        " Подмога +1 ★, Сбор власти, Сбор власти ★, Набег, Набег ★\n"
        "строка 4: не по правилам\n"
        "  'Riverrun: march'\n"
        "  у вас нет войск в Риверране; приказы отдаются только там, где стоят ваши"
        " войска\n"
        "  можно: Дрожащее море, Белая Гавань, Винтерфелл\n"
        "строка 5: не по правилам\n"
        "  'card: Tywin Lannister'\n"
        "  Тайвин Ланнистер — карта дома Ланнистеров, а не ваша\n"
        "  можно: Эддард Старк, Робб Старк, Русе Болтон, Большой Джон Амбер, Сир Родрик Кассель,"
        " Чёрная Рыба, Кейтилин Старк\n"
        "не по правилам\n"
        "  каждой области с вашими войсками нужен приказ; нет приказа: Дрожащее море,"
        " Белая Гавань\n"
        "  можно: Дрожащее море, Белая Гавань\n"
    )


def test_a_brazilian_players_rejected_file_lists_every_error_in_portuguese(game: Path) -> None:
    _send(game, "lannister", LANNISTER_MISTAKES)
    engine.run(game, START + timedelta(hours=1))
    errors = _errors(game, "lannister")
    assert '  "voar" não é uma ficha de ordem\n' in errors
    assert (
        "  você não tem unidades em Correrrio; ordens só podem ser colocadas"
        " onde há unidades suas\n"
        "  opções válidas: Lannisporto, Porto de Lannisporto, Septo de Pedra, Estreito Dourado\n"
    ) in errors


def test_an_english_players_errors_stay_english(game: Path) -> None:
    _send(game, "baratheon", "Dragonstone: fly\nWinterfell: march\n")
    engine.run(game, START + timedelta(hours=1))
    errors = _errors(game, "baratheon")
    assert "  'fly' is not an order token\n" in errors
    assert "  you have no units in Winterfell; orders go only where your units are\n" in errors


def test_receipts_echo_the_understood_orders_in_the_players_words(game: Path) -> None:
    stark = SAMPLE_ORDERS["stark"] + "march Winterfell -> Castle Black: knight; leave power\n"
    lannister = SAMPLE_ORDERS["lannister"] + "march Lannisport -> Riverrun: knight\n"
    _send(game, "stark", stark)
    _send(game, "lannister", lannister)
    engine.run(game, START + timedelta(hours=1))
    assert _receipt(game, "stark").splitlines()[1:5] == [
        "  Винтерфелл: Поход +1 ★",
        "  Белая Гавань: Оборона +1",
        "  Дрожащее море: Подмога",
        "  поход Винтерфелл -> Чёрный Замок: рыцарь; оставить жетон власти",
    ]
    assert "  marcha Lannisporto -> Correrrio: Cavaleiro" in _receipt(game, "lannister")
    assert "  Lannisporto: Marcha +0" in _receipt(game, "lannister")


def test_a_skipped_instruction_is_reported_privately_in_russian(game: Path) -> None:
    # The march order stands in Winterfell, not White Harbor: the first march line is
    # skipped with the reason when Stark's march is asked, the second one is used.
    stark = SAMPLE_ORDERS["stark"] + (
        "march White Harbor -> Widow's Watch: footman\nmarch Winterfell -> Castle Black: knight\n"
    )
    _send(game, "stark", stark)
    engine.run(game, START + timedelta(minutes=30))
    for house in ("lannister", "baratheon", "greyjoy", "tyrell", "martell"):
        _send(game, house, SAMPLE_ORDERS[house])
    now = START + timedelta(hours=1)
    for _ in range(5):  # the other houses' decisions go to their defaults
        engine.run(game, now, force_defaults=True)
        now += timedelta(hours=1)
    private = "".join(
        p.read_text(encoding="utf-8")
        for p in sorted((game / ".adjudicator" / "private" / "stark").glob("*.md"))
    )
    assert (
        "Ваша инструкция в строке 6 отправки 0001-stark («march White Harbor -> Widow's Watch:"
        " footman») не использована: в Белой Гавани нет вашего неисполненного"
        " приказа «Поход»"
    ) in private
    # The heading names the family, and stands on a line of its own.
    assert private.startswith("## g — личный отчёт дома Старков, раунд 1\n\n")


def test_waiting_lines_and_summaries_are_said_in_russian(new_game) -> None:
    game = new_game()
    _languages(game, lang="ru")
    for house in ("stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell"):
        _send(game, house, SAMPLE_ORDERS[house])
    result = engine.run(game, START + timedelta(hours=1))
    (raven,) = result.waiting
    assert summary_in(raven, "ru", "westeros") == (
        "Посыльный ворон: заменить один приказ, посмотреть колоду одичалых или ничего не делать"
    )
    assert summary_in(raven, "pt_BR", "westeros") == (
        "Corvo Mensageiro: trocar uma ordem, olhar o baralho dos Selvagens ou não fazer nada"
    )
    assert str(from_data(raven["said"])) == (
        "Messenger Raven: swap one order, look at the wildling deck, or none"
    )
    report = (game / "reports" / "0001.md").read_text(encoding="utf-8")
    assert (
        "Посыльный ворон: заменить один приказ, посмотреть колоду одичалых или ничего не делать"
        in report
    )
    meta = yaml.safe_load((game / "game.yaml").read_text())
    assert [summary_in(w, "ru", "westeros") for w in meta["waiting"]] == [
        "Посыльный ворон: заменить один приказ, посмотреть колоду одичалых или ничего не делать"
    ]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "bid power for the Iron Throne track (secret)"),
        ("ru", "тайно поставить жетоны власти на трек Железного Трона"),
        ("pt_BR", "dar um lance secreto de Fichas de Poder pela trilha do Trono de Ferro"),
    ],
)
def test_a_westeros_phase_summary_names_the_track_in_the_readers_words(
    lang: str, expected: str
) -> None:
    from adjudicator.rulesets.westeros.words import said
    from adjudicator.rulesets.westeros.words.westeros_phase_messages import say

    assert say("bid", track=said.track("iron_throne")).say(lang, "westeros") == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            'Stark\'s answer to "bid power for the Iron Throne track (secret)" could not be'
            " applied (you bid 99 but have only 5 power tokens); the default was used.",
        ),
        (
            "ru",
            "Ответ Старка на запрос «тайно поставить жетоны власти на трек Железного Трона»"
            " не удалось применить (ваша ставка 99, а у вас только 5 жетонов власти); применено"
            " решение по умолчанию.",
        ),
    ],
)
def test_a_rejected_answer_is_reported_in_the_reports_language(lang: str, expected: str) -> None:
    # Clash of Kings: an answer checked when applied (a bid above the power held) falls
    # back to the default; the event's request summary and reason are the ruleset's Texts.
    state = westeros_state(
        {
            "westeros_1": ["last-days-of-summer"],
            "westeros_2": ["clash-of-kings"],
            "westeros_3": ["web-of-lies"],
            "wildlings": NINE,
        },
        units={"winterfell": {"stark": ["footman"]}},
    )
    (start,) = RULESET.requests(state)
    RULESET.step(
        state, {start.id: Answer(start.id, None, AnswerSource.AUTOMATIC)}, Dice(b"t", "t", 0)
    )
    bids = RULESET.requests(state)
    answers = {
        r.id: Answer(r.id, 99 if r.player == "stark" else 0, AnswerSource.INSTRUCTION) for r in bids
    }
    events = RULESET.step(state, answers, Dice(b"t", "t", 1))
    (rejected,) = [e for e in events if e.kind == "answer_rejected"]
    assert environment("westeros", "md", lang).globals["event"](rejected) == expected
    assert (rejected.public, rejected.to) == (False, "stark"), "a bid is nobody else's business"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "ru",
            [
                "сбор войск Риверран: пехотинец (сработает, только если к моменту запроса"
                " Риверран будет у вас)",
                "Преданы мечу: без Обороны (сработает, только если к моменту запроса"
                " Валирийский меч будет у вас)",
            ],
        ),
        (
            "pt_BR",
            [
                "recrutar Correrrio: Soldado (só vale se você tiver Correrrio quando a decisão"
                " for pedida)",
                "Passar a Fio de Espada: sem Defesa (só vale se você tiver a Lâmina de Aço"
                " Valiriano quando a decisão for pedida)",
            ],
        ),
    ],
)
def test_a_conditional_receipt_is_one_sentence_in_the_players_language(
    lang: str, expected: list[str]
) -> None:
    state = westeros_state({}, units={"winterfell": {"stark": ["footman"]}})
    lines = "muster Riverrun: footman\nput to the sword: no defense\n"
    understood = [i.understood for i in RULESET.parse(state, "stark", lines)]
    assert [u.say(lang, "westeros") for u in understood] == expected
    assert (
        str(understood[0]) == "muster Riverrun: footman (used only if you hold Riverrun when asked)"
    )


@pytest.mark.parametrize(
    "note",
    [
        "(сработает, только если к моменту запроса Риверран будет у вас)",
        "(будет использовано, только если на момент запроса у вас будет Риверран)",  # older
    ],
)
def test_a_russian_receipts_conditional_line_pasted_back_means_the_same(note: str) -> None:
    """The note a receipt adds reads as the line without it, in today's wording and in the
    wording of older receipts."""
    state = westeros_state({}, units={"winterfell": {"stark": ["footman"]}})
    (plain,) = RULESET.parse(state, "stark", "muster Riverrun: footman\n")
    (pasted,) = RULESET.parse(state, "stark", f"сбор войск Риверран: пехотинец {note}\n")
    assert pasted.understood == plain.understood
