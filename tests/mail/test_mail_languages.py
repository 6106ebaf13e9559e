"""Mail in the players' languages (issue 12), end to end: real Dovecot, real aiosmtpd.

Russian players write in KOI8-R and Windows-1251, a Brazilian one in ISO-8859-1, as old
mail clients still do; orders name areas as ``games/westeros/names.yaml`` spells them. Every
answer comes back in the reader's language (game.yaml ``players.<p>.lang``, else
``settings.lang``), always as UTF-8, with dates in the player's time zone as the locale
writes them.
"""

from __future__ import annotations

import quopri
import uuid
from datetime import UTC, datetime
from email.header import Header
from email.message import EmailMessage
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from adjudicator.create import create_game
from adjudicator.cron.command import cron_command
from adjudicator.requests import summary_in
from adjudicator.submissions import load_submission
from adjudicator.text import say
from tests.conftest import SAMPLE_ORDERS, SIX, password

START = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
"""Before the machine's clock: Dovecot keeps an APPEND's date only when it is not in the
future, and a mail the server got before the game's last step gets a 'missed step' note."""
NOW = "2026-11-30T13:00Z"
GM = "gm@example.org"

STARK_RU = "Винтерфелл: поход +1\nБелая Гавань: оборона\nДрожащее море: подмога\n"
GREYJOY_RU = "Пайк: поход\nПорт Пайка: набег\nЗалив Железных Людей: подмога\nСероводье: оборона\n"
LANNISTER_PT = (
    "Lannisporto: marcha\nSepto de Pedra: invadir\nEstreito Dourado: suporte\n"
    "Porto de Lannisporto: consolidar poder\n"
)


def email(house: str) -> str:
    return f"{house}@players.example"


def orders(house: str, body: str, pw: str | None = None) -> str:
    return f"house: {house}\npassword: {pw or password(house)}\n{body}"


def legacy_mail(sender: str, text: str, charset: str, cte: str, subject: str) -> bytes:
    """A mail as an old client sends it: body and subject in a legacy charset, no UTF-8."""
    body = text.replace("\n", "\r\n").encode(charset)
    if cte == "quoted-printable":
        body = quopri.encodestring(body)
    head = (
        f"From: {sender}\r\n"
        f"To: {GM}\r\n"
        f"Subject: {Header(subject, charset).encode()}\r\n"
        "Date: Mon, 30 Nov 2026 12:30:00 +0000\r\n"
        f"Message-ID: <{uuid.uuid4().hex}@player.example>\r\n"
        "MIME-Version: 1.0\r\n"
        f'Content-Type: text/plain; charset="{charset}"\r\n'
        f"Content-Transfer-Encoding: {cte}\r\n\r\n"
    )
    return head.encode("ascii") + body


def run(root: Path, env: dict[str, str], now: str = NOW):
    result = CliRunner().invoke(cron_command, [str(root), "--now", now], env=env)
    assert result.exit_code == 0, result.output
    return result


def append(server, folder: str, *mails: bytes) -> None:
    """Into the folder as received just before NOW (the server's date counts)."""
    c = server.client()
    for raw in mails:
        c.append(folder, raw, msg_time=datetime(2026, 11, 30, 12, 30, tzinfo=UTC))
    c.logout()


@pytest.fixture
def lang_game(tmp_path, folder):
    """w1 in English; stark and greyjoy read Russian, lannister Brazilian Portuguese."""

    def make(game_lang: str = "en", **extra: str) -> Path:
        langs = {"stark": "ru", "greyjoy": "ru", "lannister": "pt_BR"}
        zones = {"stark": "Europe/Moscow", "lannister": "America/Sao_Paulo"}
        roster = {}
        for house in SIX:
            roster[house] = {"name": house.title(), "email": email(house)}
            if house in langs:
                roster[house]["lang"] = langs[house]
            if house in zones:
                roster[house]["tz"] = zones[house]
        settings = {"gm_email": GM, "mail": {"folder": folder}, "lang": game_lang, **extra}
        passwords = {h: password(h) for h in SIX}
        path = tmp_path / "w1"
        create_game(
            path,
            "westeros",
            now=START,
            players=6,
            roster=roster,
            passwords=passwords,
            settings=settings,
        )
        return path

    return make


def utf8_text(msg: EmailMessage) -> str:
    """The body of one of our mails, checking that it went out as UTF-8."""
    assert msg.get_content_type() == "text/plain"
    assert msg.get_content_charset() == "utf-8"
    return msg.get_content().replace("\r\n", "\n")  # as sent: CRLF line ends


def understood(game: Path, player: str, lang: str) -> list[str]:
    """The receipt lines of the player's stored submission, said in `lang` (the echoes are
    the ruleset's Texts; the westeros engine says them in the player's words)."""
    [path] = (game / ".adjudicator" / "submissions").glob(f"*-{player}.yaml")
    stored = load_submission(path)
    return [stored.id] + [f"  {say(i.echo, lang, 'westeros')}" for i in stored.instructions]


def test_ru_and_pt_br_mails_in_legacy_charsets_get_utf8_receipts_in_their_language(
    lang_game, imap_server, smtp_server, folder, env
):
    game = lang_game()
    inbox = smtp_server.handler
    append(
        imap_server,
        folder,
        legacy_mail(email("stark"), orders("stark", STARK_RU), "koi8-r", "8bit", "Приказы"),
        legacy_mail(
            email("greyjoy"),
            orders("greyjoy", GREYJOY_RU),
            "windows-1251",
            "quoted-printable",
            "Приказы Грейджоев",
        ),
        legacy_mail(
            email("lannister"),
            orders("lannister", LANNISTER_PT),
            "iso-8859-1",
            "quoted-printable",
            "Ordens da Casa Lannister",
        ),
    )
    first = run(game.parent, env)
    assert "w1: accepted 3" in first.output

    [stark] = inbox.to(email("stark"))
    assert str(stark["Subject"]) == "Re: [w1] Приказы"
    sub, *lines = understood(game, "stark", "ru")
    assert utf8_text(stark) == "\n".join(
        [
            "Игра w1: ваши приказы получены и приняты.",
            "",
            f"Старк: принято как {sub}",
            *lines,
            "",
            "Ваш следующий срок: 2 дек. 2026\u00a0г., 12:00 UTC (15:00 по московскому времени), "
            "осталось 47 часов 0 мин.",
            "",
            "Ваше письмо, как мы его прочитали (пароль скрыт):",
            "  1  house: stark",
            "  2  password: ********",
            "  3  Винтерфелл: поход +1",
            "  4  Белая Гавань: оборона",
            "  5  Дрожащее море: подмога",
            "",
        ]
    )

    [greyjoy] = inbox.to(email("greyjoy"))
    assert str(greyjoy["Subject"]) == "Re: [w1] Приказы Грейджоев"
    body = utf8_text(greyjoy)
    assert body.startswith("Игра w1: ваши приказы получены и приняты.\n")
    # No time zone given: the deadline in UTC only, as the locale writes it.
    next_deadline = "\nВаш следующий срок: 2 дек. 2026\u00a0г., 12:00 UTC, осталось 47 часов 0 мин."
    assert next_deadline + "\n" in body
    assert "  5  Залив Железных Людей: подмога\n" in body

    [lannister] = inbox.to(email("lannister"))
    assert str(lannister["Subject"]) == "Re: [w1] Ordens da Casa Lannister"
    sub, *lines = understood(game, "lannister", "pt_BR")
    body = utf8_text(lannister)
    assert body.startswith(
        "\n".join(
            [
                "Jogo w1: suas ordens foram recebidas e aceitas.",
                "",
                f"Lannister: aceito como {sub}",
                *lines,
            ]
        )
    )
    assert (
        "\nSeu próximo prazo: 2 de dez. de 2026 às 12:00 UTC (09:00 no horário de Brasília), "
        "faltam 47 horas e 0 min.\n"
    ) in body
    assert "Seu e-mail como foi lido (senha oculta):\n" in body
    assert "  6  Porto de Lannisporto: consolidar poder\n" in body

    # The round resolves once the English players are in: the turn report's subject and
    # the private part's header speak each reader's language; the English ones are as ever.
    inbox.messages.clear(), inbox.envelopes.clear()
    english = [h for h in SIX if h not in ("stark", "greyjoy", "lannister")]
    append(
        imap_server,
        folder,
        *[
            legacy_mail(email(h), orders(h, SAMPLE_ORDERS[h]), "utf-8", "8bit", "o")
            for h in english
        ],
    )
    assert "steps 1" in run(game.parent, env).output
    [report] = [m for m in inbox.to(email("stark")) if "Re:" not in m["Subject"]]
    assert str(report["Subject"]) == "[w1] Отчёт № 0001"
    assert "\n---- только для Старка ----\n" in utf8_text(report)
    [report] = [m for m in inbox.to(email("lannister")) if "Re:" not in m["Subject"]]
    assert str(report["Subject"]) == "[w1] Relatório nº 0001"
    assert "\n---- só para Lannister ----\n" in utf8_text(report)
    [report] = [m for m in inbox.to(email("tyrell")) if "Re:" not in m["Subject"]]
    assert str(report["Subject"]) == "[w1] Report no. 0001"
    assert "\n---- for tyrell only ----\n" in utf8_text(report)


def test_a_rejected_russian_mail_lists_its_errors_in_russian(
    lang_game, imap_server, smtp_server, folder, env
):
    game = lang_game()
    text = orders("stark", "Атлантида: поход\nБелая Гавань: оборона\n")
    append(imap_server, folder, legacy_mail(email("stark"), text, "windows-1251", "8bit", "Ход"))
    assert "rejected 1" in run(game.parent, env).output
    [reply] = smtp_server.handler.to(email("stark"))
    assert str(reply["Subject"]) == "Re: [w1] Ход"
    body = utf8_text(reply)
    assert body.startswith(
        "Игра w1: ваши приказы НЕ приняты, из них ничего не применено.\n"
        "Исправьте все ошибки ниже и пришлите приказы заново целиком.\n"
        "\n"
        "строка 3: не понято\n"
        "  'Атлантида: поход'\n"
        "  неизвестная область «Атлантида»\n"
        "  можно: Ледовый залив, "
    )
    assert body.endswith(
        "Ваше письмо, как мы его прочитали (пароль скрыт):\n"
        "  1  house: stark\n"
        "  2  password: ********\n"
        "  3  Атлантида: поход\n"
        "  4  Белая Гавань: оборона\n"
    )
    assert not list((game / ".adjudicator" / "submissions").glob("*.yaml"))


def test_a_wrong_password_is_refused_in_portuguese(
    lang_game, imap_server, smtp_server, folder, env
):
    game = lang_game()
    text = orders("lannister", LANNISTER_PT, pw="senha-errada")
    append(
        imap_server,
        folder,
        legacy_mail(email("lannister"), text, "iso-8859-1", "quoted-printable", "Ordens"),
    )
    assert "rejected 1" in run(game.parent, env).output
    [reply] = smtp_server.handler.to(email("lannister"))
    body = utf8_text(reply)
    assert body.startswith(
        "Jogo w1: suas ordens NÃO foram aceitas, e nada delas foi aplicado.\n"
        "Corrija todos os problemas abaixo e envie as ordens inteiras de novo.\n\n"
        "não entendido\n"
        "  Casa ou senha não reconhecida; confira as duas linhas do cabeçalho\n"
    )
    assert "senha-errada" not in body


def test_the_gm_and_strangers_to_the_house_read_the_games_language(
    lang_game, imap_server, smtp_server, folder, env
):
    """The GM's address (no player's) gets the game's language; so does a player's address
    claiming another house, answered with the same words as a wrong password."""
    game = lang_game(game_lang="ru")
    gm_text = orders("tyrell", "Атлантида: поход\n")
    tyrell = legacy_mail(GM, gm_text, "koi8-r", "8bit", "за Тиреллов")
    martell = legacy_mail(email("martell"), orders("stark", STARK_RU), "koi8-r", "8bit", "x")
    append(imap_server, folder, tyrell, martell)
    run(game.parent, env)
    [gm] = smtp_server.handler.to(GM)
    assert utf8_text(gm).startswith("Игра w1: ваши приказы НЕ приняты")
    [reply] = smtp_server.handler.to(email("martell"))  # martell has no lang: the game's
    assert "\n  дом или пароль не распознаны; проверьте две строки заголовка\n" in utf8_text(reply)


def test_reminder_and_late_notice_in_the_players_language(
    lang_game, imap_server, smtp_server, folder, env
):
    game = lang_game(nmr="wait")
    game_yaml = game / "game.yaml"
    everyone_but_stark = [h for h in SIX if h != "stark"]
    append(
        imap_server,
        folder,
        *[
            legacy_mail(email(h), orders(h, SAMPLE_ORDERS[h]), "utf-8", "8bit", "o")
            for h in everyone_but_stark
        ],
    )
    run(game.parent, env)
    smtp_server.handler.messages.clear(), smtp_server.handler.envelopes.clear()
    assert "queued 1" in run(game.parent, env, now="2026-12-01T13:00Z").output
    [row] = [r for r in yaml.safe_load(game_yaml.read_text())["waiting"] if r["player"] == "stark"]
    summary = summary_in(row, "ru", "westeros")
    [reminder] = smtp_server.handler.to(email("stark"))
    assert str(reminder["Subject"]) == f"[w1] Напоминание: {summary}"
    body = utf8_text(reminder)
    assert body.startswith(
        f"Игра w1: ответ на запрос «{summary}» нужен до 2 дек. 2026\u00a0г., 12:00 UTC (15:00 по "
        "московскому времени), а от вас его пока нет.\n\n"
        "Ответьте на это письмо (или напишите на адрес игры) своими приказами; начните их "
        "со строк «дом: Старк» и «пароль: <ваш пароль>».\n\n"
        "Ваш бланк приказов из последнего отчёта: впишите пароль"
    )
    assert "\n\nдом: Старк\nпароль: \n" in body and "\nВинтерфелл: " in body  # issue 17

    smtp_server.handler.messages.clear(), smtp_server.handler.envelopes.clear()
    run(game.parent, env, now="2026-12-02T12:30Z")
    [late] = [m for m in smtp_server.handler.to(email("stark")) if "Срок истёк" in m["Subject"]]
    assert str(late["Subject"]) == f"[w1] Срок истёк: {summary}"
    assert utf8_text(late).startswith(
        f"Игра w1: срок ответа на запрос «{summary}» истёк 2 дек. 2026\u00a0г., 12:00 UTC"
        " (15:00 по "
        "московскому времени), а ответа от вас нет. Игра ждёт вашего ответа.\n\n"
    )


def test_a_mail_for_another_game_is_refused_in_portuguese(
    lang_game, imap_server, smtp_server, folder, env
):
    game = lang_game()
    text = "game: w9\n" + orders("lannister", LANNISTER_PT)
    append(
        imap_server,
        folder,
        legacy_mail(email("lannister"), text, "iso-8859-1", "8bit", "Ordens"),
    )
    assert "other-game 1" in run(game.parent, env).output
    [reply] = smtp_server.handler.to(email("lannister"))
    assert 'não entendido\n  este e-mail cita o jogo "w9", mas chegou ao jogo "w1"\n' in utf8_text(
        reply
    )


def test_too_large_and_cut_mails_say_so_in_the_readers_language():
    from email import message_from_bytes
    from email.policy import default

    from adjudicator.publish.notices import too_large_body
    from adjudicator.publish.smtp import MAX_MAIL_BYTES, compose

    assert too_large_body("w1", 300 * 1024, 256 * 1024, "ru") == (
        "Игра w1: ваше письмо не прочитано: в нём 300 КБ текста, а предел — 256 КБ. "
        "Пришлите только приказы, текстом или во вложении .txt.\n"
    )
    long = "Винтерфелл: поход\n" * (MAX_MAIL_BYTES // 10)
    msg = compose("k", sender=GM, to=[email("stark")], subject="x", body=long, lang="pt_BR")
    sent = message_from_bytes(msg.as_bytes(), policy=default)
    assert sent.get_content_charset() == "utf-8"
    assert sent.get_content().endswith(
        "\n\n(Este e-mail foi cortado aqui: era longo demais para ser enviado inteiro.)\n"
    )
