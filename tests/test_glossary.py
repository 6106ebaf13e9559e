"""One thing, one name (issue 20): the published editions' terms, used the same everywhere.

The Russian westeros terms follow Hobby World's «Игра престолов. Второе издание», the
Portuguese ones Galápagos' «A Guerra dos Tronos: Board Game»; baltic follows seed 003. Our
older words stay as aliases in names.yaml (old orders still parse), but no printed name and
no message may use them: a sentence with «Ворон-посланник» beside a table with «Посыльный
ворон» reads as two things.
"""

from __future__ import annotations

import re

import pytest

from adjudicator.i18n import catalog
from adjudicator.vocabulary import names_of, sections

GLOSSARY = {
    "ru": {
        "Посыльный ворон": r"ворон\w*-посланник\w*",
        "карта перевеса": r"превратност\w+ (войны|битвы)",
        "нейтральный лорд": r"нейтральн\w+ сил\w*",
        "фаза замыслов": r"фаз\w+ планировани\w+",
        "нация": r"держав\w*",
        "входная фаза": r"фаз\w+ вступлени\w+",
        "RP": r"\bОР\b",
        "Трон из клинков": r"трон из мечей",
        "Губительные валы": r"залив\w* разбитых кораблей",
        "Черноводный залив": r"залив\w* черноводной",
        "Дорнские марки": r"дорнийск\w+ марк\w+",
        "Пир для ворон": r"пир стервятников",
        "Море штормов": r"море бурь",
        "отклонён": r"\bотвергнут\w*",
        "некорректный YAML": r"неверный YAML",
    },
    "pt_BR": {
        "Ficha de Poder": r"marcador(es)? de poder",
        "ficha de ordem": r"marcador(es)? de ordem",
        "Soldado": r"\binfantaria",
        "Catapulta": r"máquinas? de cerco",
        "Lâmina de Aço Valiriano": r"espada de aço valiriano",
        "Progresso de Batalha": r"marés da batalha",
        "Mata do Rei": r"mata de rei",
        "mudança de lado": r"deserção: %",
        "RP": r"\bPR\b",
        "etapa": r"após o passo",
        "recusado": r"\brejeitad\w*",
        "esperava": r"\bera esperad\w*",
        "opções válidas": r"\bpermitid[oa]s?: ",
        "Corvo Mensageiro": r"etapa do corvo mensageiro",
        "fim de jogo": r"conclusão do jogo",
    },
}
"""Per language: the adopted term -> what it replaced (a regex, case-insensitive)."""


def printed_texts(lang: str) -> list[tuple[str, str]]:
    """(where, text) of every message of `lang` and every printed name of both games."""
    found = []
    for message in catalog(lang):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        key = message.id if isinstance(message.id, str) else message.id[0]
        found += [(f"catalog {key!r}", s) for s in strings if s and key]
    for game in ("westeros", "baltic"):
        for section, entries in sections(game).items():
            for ident, entry in entries.items():
                shown = names_of(entry, lang)[:1]
                found += [(f"{game} names.yaml {section}.{ident}", s) for s in shown]
    return found


@pytest.mark.parametrize("lang", sorted(GLOSSARY))
def test_a_glossary_term_appears_in_one_form(lang: str) -> None:
    texts = printed_texts(lang)
    faults = [
        f"{where}: {text!r} uses {pattern!r}, write {term!r}"
        for term, pattern in GLOSSARY[lang].items()
        for where, text in texts
        if re.search(pattern, text, re.IGNORECASE)
    ]
    assert faults == []


@pytest.mark.parametrize("lang", sorted(GLOSSARY))
def test_the_adopted_terms_are_in_use(lang: str) -> None:
    """The glossary is not stale: each adopted term is printed somewhere."""
    joined = "\n".join(text for _where, text in printed_texts(lang)).lower()
    stems = {term: term.lower()[: max(4, len(term) - 3)] for term in GLOSSARY[lang]}
    assert [t for t, stem in stems.items() if stem not in joined] == []


def test_our_old_words_still_parse_as_aliases() -> None:
    """Hobby World's and Galápagos' names are printed first; ours stay as aliases."""
    areas = sections("westeros")["areas"]
    assert names_of(areas["shipbreaker_bay"], "ru") == [
        "Губительные валы",
        "Залив Разбитых Кораблей",
    ]
    units = sections("westeros")["units"]
    assert names_of(units["footman"], "pt_BR")[:2] == ["Soldado", "Infantaria"]
    cards = sections("westeros")["westeros_cards"]
    assert names_of(cards["put-to-the-sword"], "ru") == ["Преданы мечу", "Предать мечу"]


@pytest.mark.parametrize(
    ("line", "field"),
    [("нация: sweden", "player"), ("дом: stark", "player"), ("пароль: x", "password")],
)
def test_the_header_words_a_message_names_are_understood(line: str, field: str) -> None:
    """The mail tells a Russian player «дом: …», «пароль: …»; baltic says «нация» (seed 003)."""
    from adjudicator.submissions import header_field

    assert header_field(line) == (field, line.split(":", 1)[1])  # the value as written


@pytest.mark.parametrize("game", ["westeros", "baltic"])
@pytest.mark.parametrize("lang", sorted(GLOSSARY))
def test_a_phase_has_one_name_in_status_the_headings_and_the_map(game: str, lang: str) -> None:
    """`status`, the reports' headings and the map's title name a phase from names.yaml
    `phases` (issue 20: status said «Corvo Mensageiro», the heading «etapa do Corvo
    Mensageiro», the baltic map «Fase de entrada» beside status's «Fase de Entrada»)."""
    from adjudicator.mapwords import localized
    from adjudicator.vocabulary import name_in

    _, style = localized(game, lang)
    assert style["phase_names"]
    for ident, shown in style["phase_names"].items():
        assert shown == name_in(game, "phases", ident, lang), f"{game} map: {ident}"
