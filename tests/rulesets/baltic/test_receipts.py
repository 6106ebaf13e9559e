"""Receipts echo the action lines as understood (13.2, 13.3; issue 19 point 4): each line,
numbered, in the player's language and in the syntax the parser reads, blocks and places
resolved, so that a player sees which twin was matched before anything moves, and can paste
the echo back as orders that mean the same."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from adjudicator import engine
from adjudicator.create import create_game
from adjudicator.orders.errors import OrderErrors
from adjudicator.requests import Instruction
from adjudicator.rulesets.baltic import words
from adjudicator.rulesets.baltic.instructions import parse_submission
from adjudicator.rulesets.baltic.position import export, scenario_state
from adjudicator.rulesets.baltic.state import State
from tests.conftest import START
from tests.rulesets.baltic.blank import blank_state

PASSWORDS = {"sweden": "pw-sweden", "coalition": "pw-coalition"}


def first_echo(orders: Instruction, lang: str) -> str:
    """The first action line a receipt echoes, in `lang`, without its number."""
    return orders.echo.say(lang, "baltic").splitlines()[1].split(". ", 1)[1]


def moment() -> State:
    """Poltava, Spring 1708, the Coalition's first Action Phase, 4 AP a side."""
    state = scenario_state("poltava")
    state.phase, state.first_player = "action_1", "coalition"
    state.ap = {"sweden": 4, "coalition": 4}
    state.blocks["swe_lewenhaupt"].strength = 3
    state.blocks["swe_stenbock"].at = "smaland"
    state.blocks["swe_wachtmeister"].at = "western_baltic"
    state.blocks["swe_anckarstierna"].at = "central_baltic"
    state.blocks["swe_smalands"].at = "aboard:swe_anckarstierna"
    state.nations["SWE"].rp_available = 10
    return state


def poltava(path: Path, langs: dict[str, str]) -> None:
    create_game(
        path,
        "baltic",
        now=START,
        roster={side: {"name": side, "lang": lang} for side, lang in langs.items()},
        position=export(moment()),
        passwords=PASSWORDS,
        settings={"png": False, "maps": False},
    )


def send(path: Path, side: str, lines: str, minutes: int) -> str:
    body = f"side: {side}\npassword: {PASSWORDS[side]}\n{lines}\n"
    (path / "inbox" / f"{minutes:03d}-{side}.txt").write_text(body, encoding="utf-8")
    result = engine.run(path, START + timedelta(minutes=minutes))
    assert not result.rejected, [str(why) for _, why in result.rejected]
    (receipt,) = [r for r in result.receipts if r.player == side]
    stored = (path / ".adjudicator" / "receipts" / f"{receipt.submission}.txt").read_text("utf-8")
    return stored


def test_13_2_receipt_echoes_each_line_with_the_twin_matched(tmp_path: Path) -> None:
    """Poltava: Sheremetev★ stands in Polotsk; the plain name is echoed as the black twin,
    the port Narva as its territory."""
    path = tmp_path / "g"
    poltava(path, {"sweden": "en", "coalition": "en"})
    said = send(
        path,
        "coalition",
        "move Sheremetev, Preobrazhensky: Polotsk -> Pskov\nrecon Narva",
        2,
    )
    assert "2 action lines:" in said
    assert "    1. move Sheremetev★, Preobrazhensky: Polotsk -> Pskov" in said
    assert "    2. recon Ingermanland" in said


def test_13_2_receipt_in_russian_reads_back_as_the_same_orders(tmp_path: Path) -> None:
    path = tmp_path / "g"
    poltava(path, {"sweden": "ru", "coalition": "pt_BR"})
    said = send(
        path,
        "sweden",
        "move Karl, Rehnskiold: Lithuania -> Polotsk\n"
        "reinforce Sweden: build 1 at Livland, Karlskrona",
        2,
    )
    assert "2 строки действий:" in said
    assert "    1. перемещение Карла XII, Реншёльда: Литва -> Полоцк" in said
    assert "    2. пополнение Швеции: построить 1 в Лифляндии, в Смоланде" in said
    said = send(path, "coalition", "move Sheremetev: Polotsk -> Pskov", 3)
    assert "    1. mover Sheremetev de estrela preta: Polotsk -> Pskov" in said


@pytest.mark.parametrize(
    ("text", "side"),
    [
        (
            "embark Stenbock on Wachtmeister at Karlskrona\nsail Sjöblad: Reval -> Gulf of Finland",
            "sweden",
        ),
        ("reinforce Sweden: steps Lewenhaupt; build 2\npolitics Poland\npass", "sweden"),
        ("move Menshikov, Bauer: Smolensk -> Tver; move Repnin: Smolensk -> Moskva", "coalition"),
        ("move all: Kiev -> Poltava\nrecon Narva\nrecon Estland", "coalition"),
        ("disembark all: Central Baltic -> Danzig", "sweden"),
        ("siege Polotsk\npolitics Poland", "coalition"),
        ("cede Pommern\nrecon Estland", "sweden"),
    ],
)
def test_13_2_an_echo_pasted_back_means_the_same(text: str, side: str) -> None:
    """Whatever we print, pasted back, means exactly the same thing (the brief)."""
    state = moment()
    state.first_player = side
    for lang in ("en", "ru", "pt_BR"):
        orders = parse_submission(state, side, text)[0]
        echo = orders.echo.say(lang, "baltic")
        pasted = "\n".join(line.split(". ", 1)[1] for line in echo.splitlines()[1:])
        again = parse_submission(state, side, pasted)[0]
        assert again.value == {
            "lines": [
                {**x, "text": y["text"]}
                for x, y in zip(orders.value["lines"], again.value["lines"], strict=True)
            ]
        }, (lang, pasted)


def test_13_2_a_russian_echo_names_the_place_in_the_genitive() -> None:
    """«осада Полоцка», «политика в отношении Польши» (the dice labels and the report say
    the same: «ведёт политику в отношении Польши»): the echo reads as Russian, and the
    genitive, pasted back, is read as the place it names."""
    state = moment()
    orders = parse_submission(state, "coalition", "siege Polotsk\npolitics Poland")[0]
    echo = orders.echo.say("ru", "baltic")
    assert "1. осада Полоцка" in echo and "2. политика в отношении Польши" in echo
    again = parse_submission(state, "coalition", "осада Полоцка\nполитика в отношении Польши")[0]
    assert [(x["action"], x.get("at"), x.get("nation")) for x in again.value["lines"]] == [
        ("siege", "polotsk", None),
        ("politics", None, "POL"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "politics Poland",
        "politics on Poland",
        "политика в отношении Польши",
        "политика Польши",
        "política com a Polônia",
        "política na Polônia",
        "política Polônia",
    ],
)
def test_c_2_a_politics_line_names_its_nation_as_the_report_does(text: str) -> None:
    """Issue 20: the report says «ведёт политику в отношении Польши», «faz política com a
    Polônia», and so do the echoes; the older «политика Польши», «política na Polônia»
    still read."""
    (orders, *_) = parse_submission(moment(), "coalition", text)
    assert orders.value["lines"][0]["nation"] == "POL"


def test_13_3_a_place_said_with_na_reads_back_as_at() -> None:
    """«погрузка Ревентлова на Зеландии»: the Russian prepositional of Sjælland takes «на»,
    not «в»; the echo of an embark there, pasted back, embarks there (a whole-game round
    trip found it rejected as 'expected embark <blocks> at <territory>')."""
    state = blank_state(
        active=("SWE", "RUS", "DEN"),
        first_player="coalition",
        blocks={"den_reventlow": ("sjaelland", 3), "den_gyldenlove": ("kattegat", 2)},
    )
    text = "embark Reventlow at Sjaelland"
    (orders, *_) = parse_submission(state, "coalition", text)
    echo = first_echo(orders, "ru")
    assert echo == "погрузка Ревентлова на Зеландии"
    (again, *_) = parse_submission(state, "coalition", echo)
    assert again.value["lines"][0]["parts"][0]["at"] == "sjaelland"
    assert words.territories("в Лифляндии, на Зеландии, во Пскове") == [
        "livland",
        "sjaelland",
        "pskov",
    ]


@pytest.mark.parametrize(
    ("side", "text", "said"),
    [
        ("coalition", "siege Polotsk", "cerco de Polotsk"),
        ("coalition", "politics Poland", "política com a Polônia"),
        ("coalition", "recon Narva", "reconhecimento da Íngria"),
        ("sweden", "cede Pommern", "ceder a Pomerânia"),
        (
            "sweden",
            "reinforce Sweden: steps Lewenhaupt",
            "reforçar a Suécia: passos para Lewenhaupt",
        ),
        (
            "sweden",
            "reinforce Sweden: build 2 at Livland, Karlskrona",
            "reforçar a Suécia: construir 2 na Livônia, na Esmolândia",
        ),
        (
            "sweden",
            "embark Stenbock on Wachtmeister at Karlskrona",
            "embarcar Stenbock no Wachtmeister na Esmolândia",
        ),
        ("sweden", "embark Stenbock at Karlskrona", "embarcar Stenbock na Esmolândia"),
    ],
)
def test_13_3_a_portuguese_echo_says_a_place_with_its_article(
    side: str, text: str, said: str
) -> None:
    """Issue 20: «cerco de Polotsk», «reconhecimento da Íngria», «construir 2 na Livônia»,
    as a Brazilian writes them, and the same line pasted back."""
    state = moment()
    state.first_player = side
    (orders, *_) = parse_submission(state, side, text)
    echo = first_echo(orders, "pt_BR")
    assert echo == said
    (again, *_) = parse_submission(state, side, said)
    strip = [{k: v for k, v in line.items() if k != "text"} for line in again.value["lines"]]
    assert strip == [{k: v for k, v in x.items() if k != "text"} for x in orders.value["lines"]]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "reinforce Sweden: steps Lewenhaupt, Livgardet; build 1 at Livland"),
        ("ru", "пополнение Швеции: шаги Левенгаупту, Лейб-гвардии; построить 1 в Лифляндии"),
        (
            "pt_BR",
            "reforçar a Suécia: passos para Lewenhaupt, a Guarda Real; construir 1 na Livônia",
        ),
    ],
)
def test_8_4_the_blocks_given_steps_are_named_in_their_case(lang: str, said: str) -> None:
    """8.4, issue 20: steps are given to blocks: «шаги Левенгаупту, Лейб-гвардии» (dative),
    «passos para Lewenhaupt, a Guarda Real», not «шаги Левенгаупт»; pasted back, the same."""
    state = moment()
    state.first_player = "sweden"
    state.blocks["swe_livgardet"].strength = 2
    text = "reinforce Sweden: steps Lewenhaupt, Livgardet; build 1 at Livland"
    (orders, *_) = parse_submission(state, "sweden", text)
    echo = first_echo(orders, lang)
    assert echo == said
    (again, *_) = parse_submission(state, "sweden", said)
    assert again.value["lines"][0]["steps"] == ["swe_lewenhaupt", "swe_livgardet"]


@pytest.mark.parametrize(
    ("text", "lang", "said"),
    [
        (
            "move Karl XII, Livgardet, Rehnskiold: Lithuania -> Polotsk",
            "ru",
            "перемещение Карла XII, Лейб-гвардии, Реншёльда: Литва -> Полоцк",
        ),
        (
            "move Karl XII, Livgardet, Rehnskiold: Lithuania -> Polotsk",
            "pt_BR",
            "mover Carlos XII, a Guarda Real, Rehnskiöld: Lituânia -> Polotsk",
        ),
        (
            "embark Stenbock on Wachtmeister at Karlskrona",
            "ru",
            "погрузка Стенбока на флот Вахтмейстера в Смоланде",
        ),
        ("move all: Smaland -> Skane", "ru", "перемещение всех: Смоланд -> Сконе"),
        ("sail Wachtmeister: Western Baltic -> Central Baltic", "ru", "плавание Вахтмейстера: "
         "Западная Балтика -> Центральная Балтика"),
    ],
)  # fmt: skip
def test_13_3_a_russian_echo_names_the_blocks_in_their_case(
    text: str, lang: str, said: str
) -> None:
    """Issue 20: after a noun the blocks are in the genitive («перемещение Карла XII,
    Лейб-гвардии», «погрузка Стенбока на флот Вахтмейстера»), after a Portuguese verb with
    their article («mover … a Guarda Real»); pasted back, the same line."""
    state = moment()
    state.first_player = "sweden"
    (orders, *_) = parse_submission(state, "sweden", text)
    echo = first_echo(orders, lang)
    assert echo == said
    (again, *_) = parse_submission(state, "sweden", said)
    assert again.value["lines"][0]["parts"] == orders.value["lines"][0]["parts"]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "move Apraksin: Ingermanland -> Sankt-Peterburg"),
        ("ru", "перемещение Апраксина: Ингерманландия -> Санкт-Петербург"),
        ("pt_BR", "mover Apraksin: Íngria -> São Petersburgo"),
    ],
)
def test_11_2h_an_echo_names_a_converted_nyen_as_the_report_does(lang: str, said: str) -> None:
    """11.2h: Nyen, once converted, is Sankt-Peterburg; the report says so, and the echo
    said «Ингерманландия -> Ниен» beside it. Pasted back, the same move."""
    state = blank_state(first_player="coalition", blocks={"rus_apraksin": ("ingermanland", 3)})
    state.converted = ["nyen"]
    (orders, *_) = parse_submission(state, "coalition", "move Apraksin: Narva -> Nyen")
    echo = first_echo(orders, lang)
    assert echo == said
    (again, *_) = parse_submission(state, "coalition", echo)
    assert again.value["lines"][0]["parts"] == orders.value["lines"][0]["parts"]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "politics at home"),
        ("ru", "внутренняя политика"),
        ("pt_BR", "política interna"),
    ],
)
def test_c_2_swedens_politics_on_sweden_is_echoed_and_rolled_at_home(lang: str, said: str) -> None:
    """Issue 20: the report says «Швеция ведёт внутреннюю политику», «A Suécia faz política
    interna», "plays politics at home"; the echo and the dice label say it so too, and the
    echo, pasted back, is the same action on Sweden (the old «politics Sweden» still reads)."""
    state = moment()
    state.first_player = "sweden"
    for text in ("politics Sweden", said):
        (orders, *_) = parse_submission(state, "sweden", text)
        assert orders.value["lines"][0]["nation"] == "SWE"
        assert orders.echo.say(lang, "baltic").splitlines()[1] == f"    1. {said}"
    (orders, *_) = parse_submission(moment(), "coalition", "politics Sweden")
    assert "1. politics Sweden" in orders.echo.say("en", "baltic")


def test_c_2_the_coalition_has_no_politics_at_home() -> None:
    """«politics at home» names the nation of the side's own name: the Coalition has none,
    and is told to name the nation."""
    with pytest.raises(OrderErrors, match="name the nation"):
        parse_submission(moment(), "coalition", "politics at home")
