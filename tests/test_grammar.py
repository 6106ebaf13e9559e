"""Names carry their grammar into sentences (issue 20): Russian cases, Portuguese articles.

A translation asks for a name's form inside its placeholder (``%(area:loc)s``,
``%(area:de)s``) or for the option agreeing with it (``%(block|m:…|f:…|pl:…)s``); every
game word a sentence may hold has its forms in ``games/<game>/grammar.yaml``.
"""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from adjudicator.grammar import Grammar, Word, fill, grammar_of, grammars, parse_pt, parse_ru
from adjudicator.i18n import LANGUAGES, catalog_files
from adjudicator.render import environment
from adjudicator.text import Name, _l
from adjudicator.vocabulary import sections

NEEDS_GRAMMAR = {
    "westeros": ("houses", "areas", "units", "tracks"),
    "baltic": ("regions", "sea_zones", "territories", "nations", "blocks", "sides", "converted"),
}


def word(game: str, section: str, ident: str, lang: str) -> Word:
    entry = sections(game)[section][ident][lang]
    shown = entry if isinstance(entry, str) else entry[0]
    return Word(shown, grammar_of(game, section, ident, lang))


@pytest.mark.parametrize(
    ("ident", "form", "expected"),
    [
        ("winterfell", "loc", "в Винтерфелле"),
        ("the_stony_shore", "loc", "на Каменном Берегу"),
        ("moat_cailin", "loc", "во Рву Кейлин"),
        ("moat_cailin", "to", "в Ров Кейлин"),
        ("the_stony_shore", "from", "с Каменного Берега"),
        ("winterfell", "from", "из Винтерфелла"),
        ("the_twins", "gen", "Близнецов"),
        ("kings_landing", "acc", "Королевскую Гавань"),
        ("widows_watch", "to", "во Вдовий Дозор"),
    ],
)
def test_russian_cases_of_westeros_areas(ident: str, form: str, expected: str) -> None:
    area = word("westeros", "areas", ident, "ru")
    assert fill(f"%(area:{form})s", {"area": area}, "ru") == expected


@pytest.mark.parametrize(
    ("section", "ident", "form", "expected"),
    [
        ("areas", "the_reach", "de", "da Campina"),
        ("areas", "the_reach", "em", "na Campina"),
        ("areas", "the_shivering_sea", "em", "no Mar Tremente"),
        ("areas", "crackclaw_point", "por", "pela Ponta da Garra Rachada"),
        ("areas", "winterfell", "de", "de Winterfell"),
        ("areas", "the_twins", "em", "nas Gêmeas"),
        ("areas", "the_fingers", "de", "dos Dedos"),
        ("areas", "the_reach", "art", "a Campina"),
        ("areas", "the_reach", "Art", "A Campina"),
    ],
)
def test_portuguese_contractions(section: str, ident: str, form: str, expected: str) -> None:
    name = word("westeros", section, ident, "pt_BR")
    assert fill(f"%(x:{form})s", {"x": name}, "pt_BR") == expected


def test_baltic_names_contract_and_agree() -> None:
    russia = word("baltic", "nations", "RUS", "pt_BR")
    gulf = word("baltic", "sea_zones", "gulf_of_finland", "pt_BR")
    said = fill("%(n:Art)s perde uma frota %(g:em)s.", {"n": russia, "g": gulf}, "pt_BR")
    assert said == "A Rússia perde uma frota no Golfo da Finlândia."
    assert fill("a trégua %(n:a)s", {"n": russia}, "pt_BR") == "a trégua à Rússia"
    streltsy = word("baltic", "blocks", "rus_streltsy", "ru")
    moved = "%(b)s уже %(b|m:перемещался|f:перемещалась|n:перемещалось|pl:перемещались)"
    assert fill(moved + "s", {"b": streltsy}, "ru") == "Стрельцы уже перемещались"
    guard = word("baltic", "blocks", "swe_livgardet", "ru")
    assert fill(moved + "s", {"b": guard}, "ru") == "Лейб-гвардия уже перемещалась"
    holds = "Коалиция удерживает %(t:acc)s"
    territory = word("baltic", "territories", "ingermanland", "ru")
    assert fill(holds, {"t": territory}, "ru") == "Коалиция удерживает Ингерманландию"
    # «с» before a fleet's instrumental, «со» before з and a consonant
    for ident, said in (("swe_wachtmeister", "с Вахтмейстером"), ("rus_zmaevich", "со Змаевичем")):
        fleet = word("baltic", "blocks", ident, "ru")
        assert fill("море %(f:with)s", {"f": fleet}, "ru") == f"море {said}"


def test_westeros_houses_decline_in_governed_slots() -> None:
    """«Ланнистер против Грейджоя», «дом Старков»: a house in a governed slot takes its case,
    and a house as a family its genitive plural (`:fam`)."""
    support = _l(
        "declare support in the battle for %(area)s (%(attacker)s against %(defender)s) "
        "with your support order in %(support)s",
        area=Name("riverrun", "Riverrun", "areas"),
        attacker=Name("lannister", "Lannister", "houses"),
        defender=Name("greyjoy", "Greyjoy", "houses"),
        support=Name("seagard", "Seagard", "areas"),
    )
    assert support.say("ru", "westeros") == (
        "объявить подмогу в битве за Риверран (Ланнистер против Грейджоя) "
        "приказом подмоги в Сигарде"
    )
    env = environment("westeros", "md", "ru")
    won = env.from_string(
        "{{ _('%(title)s: %(winner)s sits on the Iron Throne.', title='Конец', "
        "winner=(name('stark') | bold)) }}"
    ).render()
    assert won == "Конец: на Железный Трон восходит дом **Старков**."
    raid = env.from_string(
        "{{ _('%(card)s (%(house)s) moves %(victim)s to the bottom of the %(track)s track.', "
        "card='Доран', house=name('martell'), victim=name('tyrell'), track=name('fiefdoms')) }}"
    ).render()
    assert raid == "Доран (Мартелл) перемещает Тирелла в конец трека «Вотчины»."
    assert fill("дом %(h:fam)s", {"h": word("baltic", "nations", "RUS", "ru")}, "ru") == (
        "дом Россия"
    ), "a name without a family form keeps its own"


def test_a_name_without_grammar_keeps_its_one_form() -> None:
    """A player's own name, or a word a game has no grammar for."""
    assert fill("%(p:gen)s, %(p:loc)s", {"p": "Ann"}, "ru") == "Ann, в Ann"
    assert fill("%(p:de)s %(p|m:o|f:a)s", {"p": Word("Ann")}, "pt_BR") == "de Ann o"


def test_a_text_and_a_template_ask_for_the_same_forms() -> None:
    """`Text.say` (rulesets) and the templates' `_()` both fill through `grammar.fill`."""
    text = _l("%(area)s", area=Name("the_reach", "The Reach", "areas"))
    assert text.say("pt_BR", "westeros") == "A Campina"
    env = environment("westeros", "md", "ru")
    said = env.from_string("{{ _('%(area)s', area=name('winterfell')) }}").render()
    assert said == "Винтерфелл"
    assert fill("%(area:loc)s", {"area": env.globals["name"]("winterfell")}, "ru") == (
        "в Винтерфелле"
    )


@pytest.mark.parametrize("game", sorted(NEEDS_GRAMMAR))
@pytest.mark.parametrize("lang", ["ru", "pt_BR"])
def test_every_name_a_sentence_may_hold_has_its_grammar(game: str, lang: str) -> None:
    known = grammars(game, lang)
    missing = [
        f"{section}.{ident}"
        for section in NEEDS_GRAMMAR[game]
        for ident in sections(game)[section]
        if (section, ident) not in known
    ]
    assert missing == [], f"games/{game}/grammar.yaml has no {lang} grammar for these"
    orphans = [
        f"{s}.{i}" for s, i in known if s != "phrases" and i not in sections(game).get(s, {})
    ]
    assert orphans == [], "grammar.yaml entries without a names.yaml entry"


@pytest.mark.parametrize("game", sorted(NEEDS_GRAMMAR))
def test_russian_forms_belong_to_the_printed_name(game: str) -> None:
    """Each form starts with the printed name's first letter, and an inanimate masculine or
    neuter name's accusative is the name itself: a form copied from the wrong line fails."""
    for (section, ident), grammar in grammars(game, "ru").items():
        if section == "phrases":
            continue  # «гавань {}»: the name it holds fills it
        shown = str(word(game, section, ident, "ru"))
        for case, form in grammar.forms.items():
            if case == "loc" and section == "tracks":
                continue  # «на треке Железного Трона»
            bare = form.split(" ", 1)[1] if case == "loc" else form
            assert bare[:1] == shown[:1], f"{section}.{ident} {case}: {form!r} for {shown!r}"
        if grammar.gender in "mn" and not grammar.plural and section in ("areas", "territories"):
            assert grammar.forms["acc"] == shown, f"{section}.{ident}"


def test_grammar_specs_are_checked() -> None:
    assert parse_ru("pl; Близнецов; Близнецам; Близнецы; Близнецами; в Близнецах").plural
    assert parse_pt("fpl-") == Grammar("f", True, {}, "")
    with pytest.raises(ValueError, match="a gender and 5 forms"):
        parse_ru("m; Винтерфелла")
    with pytest.raises(ValueError, match="m, f, mpl or fpl"):
        parse_pt("n")


FORM = re.compile(r"%\((\w+)(?::(\w+)|\|([^)]*))?\)")


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_every_form_a_translation_asks_for_is_a_field_of_its_message(lang: str) -> None:
    """``%(area:loc)s`` in a msgstr needs an ``area`` field in the msgid and a known form."""
    forms = {"ru": {"gen", "dat", "acc", "ins", "loc", "to", "from", "prep", "fam", "with"}}.get(
        lang, {"art", "Art", "bare", "de", "em", "por", "a"}
    )
    for name, path in catalog_files(lang).items():
        with path.open("rb") as po:
            for message in read_po(po, locale=lang):
                ids = message.id if isinstance(message.id, tuple) else (message.id,)
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                fields = {m[0] for i in ids for m in FORM.findall(i or "")} | {"num", "n"}
                for string in strings:
                    for field, form, options in FORM.findall(string or ""):
                        assert field in fields, f"{name}: {field!r} in {string!r}"
                        assert not form or form in forms, f"{name}: {form!r} in {string!r}"
                        if options:
                            assert all(":" in o for o in options.split("|")), string
