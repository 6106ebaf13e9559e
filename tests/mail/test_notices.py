"""Which reminders and late notices are due, and what they say (never a password)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from adjudicator.publish.notices import (
    NoticeKind,
    due_notices,
    notice_body,
    numbered,
    queue_notices,
)
from adjudicator.publish.smtp import Outbox

WAITING = [
    {"player": "stark", "summary": "place orders", "deadline": "2027-01-03T12:00:00Z"},
    {"player": "tyrell", "summary": "place orders", "deadline": "2027-01-05T12:00:00Z"},
]


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def test_nothing_due_far_from_the_deadline():
    assert due_notices(WAITING, at("2027-01-02T11:59"), 24) == []


def test_reminder_inside_the_window_and_late_after_the_deadline():
    [reminder] = due_notices(WAITING, at("2027-01-02T12:00"), 24)
    assert (reminder.kind, reminder.player) == (NoticeKind.REMINDER, "stark")
    late, reminder2 = due_notices(WAITING, at("2027-01-04T13:00"), 24)
    assert (late.kind, late.player) == (NoticeKind.LATE, "stark")
    assert (reminder2.kind, reminder2.player) == (NoticeKind.REMINDER, "tyrell")


def test_zero_hours_means_no_reminders_but_late_notices():
    assert due_notices(WAITING, at("2027-01-03T11:00"), 0) == []
    assert [n.kind for n in due_notices(WAITING, at("2027-01-03T12:00"), 0)] == ["late"]


def test_a_new_deadline_is_a_new_notice():
    before = due_notices(WAITING[:1], at("2027-01-03T11:00"), 24)[0]
    moved = [{**WAITING[0], "deadline": "2027-01-04T12:00:00Z"}]
    after = due_notices(moved, at("2027-01-04T11:00"), 24)[0]
    assert before.key != after.key


def test_queue_once_and_skip_players_without_address(tmp_path):
    outbox = Outbox(tmp_path)
    due = due_notices(WAITING, at("2027-01-04T13:00"), 24)
    emails = {"stark": "ned@north.example", "tyrell": ""}
    kwargs = dict(game_id="w1", emails=emails, sender="GM <gm@example.org>", reply_to=None)
    assert len(queue_notices(outbox, due, **kwargs)) == 1
    assert queue_notices(outbox, due, **kwargs) == []
    assert len(outbox.pending("mail")) == 1


def test_bodies_say_what_and_when():
    [late] = due_notices(WAITING[:1], at("2027-01-04T00:00"), 24)
    body = notice_body(late, "w1", "defaults")
    assert "2027-01-03 12:00 UTC" in body and "place orders" in body and "(NMR)" in body
    assert "house: stark" in body


def test_numbered_hides_passwords():
    text = numbered("house: stark\npassword: hunter2\nWinterfell: march")
    assert text.splitlines() == [
        "  1  house: stark",
        "  2  password: ********",
        "  3  Winterfell: march",
    ]


def test_local_time_beside_utc_for_players_who_gave_a_zone():
    [late] = due_notices(WAITING[:1], at("2027-01-04T00:00"), 24)
    body = notice_body(late, "w1", "defaults", "Europe/Berlin")
    assert "2027-01-03 12:00 UTC (13:00 CET in Europe/Berlin)" in body
    auckland = notice_body(late, "w1", "defaults", "Pacific/Auckland")
    assert "2027-01-03 12:00 UTC (Mon 01:00 NZDT in Pacific/Auckland)" in auckland


def test_receipt_gives_the_deadline_and_the_time_left():
    from adjudicator.publish.notices import receipt_body
    from adjudicator.submissions import Receipt

    receipt = Receipt(
        "0001-stark", "stark", ("Winterfell: March +1 (special)",), deadline="2027-01-03T12:00:00Z"
    )
    body = receipt_body(
        "w1",
        receipt,
        "house: stark\npassword: x\nWinterfell: march +1",
        now=at("2027-01-01T18:30"),
        zone="America/New_York",
    )
    assert (
        "Your next deadline: 2027-01-03 12:00 UTC (07:00 EST in America/New_York), "
        "41 h 30 min left."
    ) in body
    assert "password: ********" in body and "password: x" not in body


# -- in the reader's language (issue 12) ----------------------------------------------------

SAID = {
    "player": "stark",
    "summary": "muster in Winterfell",
    # A summary as the engine keeps it (`requests.summary_record`): its game words are
    # Names, said in the reader's language even where the sentence has no translation yet.
    "said": {
        "text": "muster in %(area)s",
        "fields": {"area": {"name": "winterfell", "en": "Winterfell"}},
    },
    "deadline": "2027-01-03T12:00:00Z",
}


def test_a_reminder_says_the_summary_in_the_players_language(tmp_path):
    from email import message_from_bytes
    from email.policy import default

    outbox = Outbox(tmp_path)
    due = due_notices([SAID], at("2027-01-03T00:00"), 24)
    queue_notices(
        outbox,
        due,
        game_id="w1",
        emails={"stark": "ned@north.example"},
        sender="GM <gm@example.org>",
        reply_to=None,
        zones={"stark": "Asia/Vladivostok"},
        langs={"stark": "ru"},
        game="westeros",
    )
    [item] = outbox.pending("mail")
    msg = message_from_bytes(item.payload(), policy=default)
    assert msg.get_content_charset() == "utf-8"
    assert str(msg["Subject"]) == "[w1] Напоминание: muster in Винтерфелл"
    assert (
        msg.get_content()
        .replace("\r\n", "\n")
        .startswith(
            "Игра w1: ответ на запрос «muster in Винтерфелл» нужен до 3 янв. 2027\u00a0г.,"
            " 12:00 UTC "
            "(22:00 по местному времени, Владивосток), а от вас его пока нет.\n"
        )
    )


def test_a_late_notice_in_portuguese_names_what_happens_next():
    [late] = due_notices([SAID], at("2027-01-04T00:00"), 24)
    body = notice_body(late, "w1", "wait-then-defaults", "America/Sao_Paulo", "pt_BR", "westeros")
    assert body.splitlines()[0] == (
        'Jogo w1: o prazo para "muster in Winterfell" terminou em 3 de jan. de 2027 às 12:00 UTC '
        "(09:00 no horário de Brasília) e não recebemos a sua resposta. "
        "O jogo espera mais um pouco e depois usa a resposta padrão (NMR)."
    )


@pytest.mark.parametrize(
    ("minutes", "ru", "pt_br"),
    [
        (1, "осталась 1 минута", "falta 1 minuto"),
        (3, "осталось 3 минуты", "faltam 3 minutos"),
        (11, "осталось 11 минут", "faltam 11 minutos"),
        (21, "осталась 21 минута", "faltam 21 minutos"),
        (61, "остался 1 час 1 мин", "falta 1 hora e 1 min"),
        (22 * 60, "осталось 22 часа 0 мин", "faltam 22 horas e 0 min"),
        (25 * 60 + 5, "осталось 25 часов 5 мин", "faltam 25 horas e 5 min"),
        (-125, "2 часа 5 мин назад", "há 2 horas e 5 min"),
        (-5, "5 минут назад", "há 5 minutos"),
    ],
)
def test_time_left_uses_the_plural_forms_of_the_language(minutes, ru, pt_br):
    from datetime import timedelta

    from adjudicator.publish.notices import time_left

    now = at("2027-01-01T00:00")
    deadline = now + timedelta(minutes=minutes)
    assert time_left(deadline, now, "ru") == ru
    assert time_left(deadline, now, "pt_BR") == pt_br


def test_a_russian_receipt_says_why_instructions_change_nothing_yet():
    from adjudicator.publish.notices import receipt_body
    from adjudicator.submissions import Receipt
    from adjudicator.text import _l

    receipt = Receipt("0002-stark", "stark", ("Winterfell: March +1",), deadline=None)
    why = _l("line %(line)d (%(text)s): %(why)s", line=3, text="Винтерфелл: поход", why="x")
    body = receipt_body(
        "w1",
        receipt,
        "house: stark\npassword: x\nВинтерфелл: поход",
        unusable={"muster in Винтерфелл": [why]},
        lang="ru",
        game="westeros",
    )
    assert body.split("\n\n")[2] == (
        "Внимание: эти инструкции нельзя применить к тому, чего игра ждёт от вас сейчас "
        "(«muster in Винтерфелл»), поэтому пока они ничего не меняют:\n"
        "  строка 3 («Винтерфелл: поход»): x"
    )


def test_a_long_mail_is_quoted_in_part_with_plural_forms():
    text = "\n".join(f"line {n}" for n in range(1, 203))
    assert numbered(text, "ru").splitlines()[-1] == "(ещё 2 строки не показаны)"
    assert numbered(text + "\nx", "pt_BR").splitlines()[-1] == "(mais 3 linhas não mostradas)"
    assert numbered(text[: text.rindex("\n")], "en").splitlines()[-1] == "(1 more line not shown)"


def test_duplicate_and_missed_step_receipts_in_portuguese():
    from adjudicator.publish.notices import receipt_body
    from adjudicator.submissions import Receipt

    again = receipt_body(
        "w1", Receipt("0003-tyrell", "tyrell", (), duplicate=True), "x", lang="pt_BR"
    )
    assert again.startswith("Jogo w1: estas ordens já tinham sido recebidas; nada mudou.\n\n")
    late = receipt_body(
        "w1",
        Receipt("0004-tyrell", "tyrell", ("Highgarden: March +0",)),
        "x",
        missed="2027-01-03T12:00:00Z",
        zone="America/Sao_Paulo",
        lang="pt_BR",
    )
    assert (
        "\n\nAtenção: este e-mail chegou a tempo ao nosso servidor, mas não conseguimos lê-lo "
        "antes que a etapa a que se destinava fosse resolvida sem ele, em 3 de jan. de 2027"
        " às 12:00 UTC "
        "(09:00 no horário de Brasília). "
    ) in late


@pytest.mark.parametrize(
    ("game", "player", "lang", "expected"),
    [
        ("westeros", "stark", "ru", "дом: Старк"),
        ("westeros", "stark", "en", "house: Stark"),
        ("baltic", "sweden", "ru", "сторона: Швеция"),
        ("baltic", "coalition", "pt_BR", "lado: Coalizão"),
    ],
)
def test_a_notice_tells_the_header_line_of_the_game_in_the_readers_words(
    game: str, player: str, lang: str, expected: str
) -> None:
    """How to answer names the game's own header word and the player in the reader's words
    (baltic's form starts 'side:'), never a bare id («дом: stark»)."""
    from adjudicator.publish.notices import header_line

    assert header_line(player, lang, game) == expected
