"""Mail as real clients write it (issue 9): Russian and Brazilian clients, flowed text,
autoresponders, corporate gateways, mailing lists, forged senders, huge mails.

Every test goes through the real Dovecot and aiosmtpd of conftest.py and `adjudicator cron`.
"""

from __future__ import annotations

import uuid

import pytest
import yaml

from adjudicator.auth import hash_password
from tests.conftest import SAMPLE_ORDERS, SIX
from tests.mail.conftest import GM, email
from tests.mail.test_cron import append, orders, run, submissions

GM_PASSWORD = "gm-own-secret"


def mid() -> str:
    return f"<{uuid.uuid4().hex}@player.example>"


def raw_mail(
    sender: str,
    body: bytes,
    *,
    subject: str = "orders",
    content_type: str = "text/plain; charset=utf-8",
    extra: str = "",
    message_id: str | None = None,
) -> bytes:
    """A mail built byte by byte, as clients the email package cannot imitate write it."""
    head = (
        f"From: {sender}\r\nTo: {GM}\r\nSubject: {subject}\r\n"
        "Date: Mon, 30 Nov 2026 06:00:00 +0000\r\n"
        f"Message-ID: {message_id or mid()}\r\nMIME-Version: 1.0\r\n"
        f"Content-Type: {content_type}\r\nContent-Transfer-Encoding: 8bit\r\n{extra}\r\n"
    )
    return head.encode() + body


def clear(smtp_server) -> None:
    smtp_server.handler.messages.clear()
    smtp_server.handler.envelopes.clear()


# -- 2. autoresponders ----------------------------------------------------------------------


def test_vacation_reply_without_rfc3834_headers_is_not_answered(
    mail_game, imap_server, smtp_server, folder, env, make_mail
):
    game = mail_game()
    away = make_mail(
        email("stark"), "Я в отпуске до 10 декабря", subject="Автоответ: Re: [w1] orders"
    )
    append(imap_server, folder, away)
    result = run(game.parent, env)
    assert "automatic 1" in result.output
    assert smtp_server.handler.messages == []


@pytest.mark.parametrize(
    ("subject", "headers"),
    [
        ("Auto: Re: [w1] orders", {}),
        ("Automatic reply: [w1] orders", {}),
        ("Resposta automática: Re: [w1] orders", {}),
        ("Ausente: Re: [w1] orders", {}),
        ("Re: [w1] orders", {"X-Autoreply": "yes"}),
        ("Re: [w1] orders", {"X-Autorespond": "yes"}),
        ("Re: [w1] orders", {"X-Auto-Response-Suppress": "All"}),
    ],
)
def test_autoresponder_marks_in_three_languages(
    mail_game, imap_server, smtp_server, folder, env, make_mail, subject, headers
):
    game = mail_game()
    away = make_mail(email("stark"), "Out of office.", subject=subject, headers=headers)
    append(imap_server, folder, away)
    assert "automatic 1" in run(game.parent, env).output
    assert smtp_server.handler.messages == []


def test_reply_to_our_error_reply_without_orders_is_not_answered(
    mail_game, imap_server, smtp_server, folder, env, make_mail
):
    game = mail_game()
    append(imap_server, folder, make_mail(email("stark"), orders("stark", "Winterfell: dance\n")))
    assert "rejected 1" in run(game.parent, env).output
    [error] = smtp_server.handler.to(email("stark"))
    clear(smtp_server)
    vacation = make_mail(
        email("stark"),
        "Estou fora até segunda.",
        subject="Re: " + error["Subject"],
        in_reply_to=error["Message-ID"],
    )
    append(imap_server, folder, vacation)
    assert "automatic 1" in run(game.parent, env).output
    assert smtp_server.handler.messages == []
    # A real answer to our error reply, with orders in it, is still taken.
    fixed = make_mail(
        email("stark"), orders("stark"), subject="Re: x", in_reply_to=error["Message-ID"]
    )
    append(imap_server, folder, fixed)
    assert "accepted 1" in run(game.parent, env).output
    assert len(smtp_server.handler.to(email("stark"))) == 1


def test_error_replies_are_capped_per_sender_and_game_per_day(
    mail_game, imap_server, smtp_server, folder, env, make_mail, tmp_path
):
    game = mail_game()
    bad = [
        make_mail(email("stark"), orders("stark", f"Winterfell: dance {n}\n")) for n in range(22)
    ]
    append(imap_server, folder, *bad)
    log = tmp_path / "cron.log"
    result = run(game.parent, env, "--log", str(log))
    assert "rejected 22" in result.output
    replies = smtp_server.handler.to(email("stark"))
    assert len(replies) == 20  # each bad mail answered, up to the cap
    assert "error replies" in log.read_text() and email("stark") in log.read_text()


# -- 3. quoted replies from localized clients -------------------------------------------------


QUOTE = "> Game w1: your orders were NOT accepted\n> house: stark\n> Winterfell: dance\n"


@pytest.mark.parametrize(
    "tail",
    [
        "вт, 1 дек. 2026 г. в 03:07, Westeros GM <gm@example.org>:\n" + QUOTE,
        "Em ter., 1 de dez. de 2026 às 03:07, Westeros GM <gm@example.org> escreveu:\n" + QUOTE,
        "01.12.2026 03:07, Westeros GM пишет:\n" + QUOTE,
        "вт, 1 дек. 2026 г. в 03:07, Westeros Game Master of the North <\ngm@example.org>:\n"
        + QUOTE,
        "-----Mensagem original-----\nDe: Westeros GM\nAssunto: [w1] orders\nhouse: lannister\n",
        "-----Исходное сообщение-----\nОт: Westeros GM\nТема: [w1] orders\nhouse: lannister\n",
        "Sent from my iPhone",
        "Отправлено с iPhone",
        "Enviado do meu Galaxy",
    ],
)
def test_localized_quotes_and_signatures_are_not_orders(
    mail_game, imap_server, smtp_server, folder, env, make_mail, tail
):
    game = mail_game()
    append(imap_server, folder, make_mail(email("stark"), orders("stark") + "\n" + tail))
    result = run(game.parent, env)
    assert "accepted 1" in result.output, smtp_server.handler.messages[0].get_content()


def test_a_quote_of_our_own_mail_without_markers_is_not_orders(
    mail_game, imap_server, smtp_server, folder, env, make_mail
):
    game = mail_game()
    append(imap_server, folder, make_mail(email("stark"), orders("stark"), subject="[w1] orders"))
    run(game.parent, env)
    [receipt] = smtp_server.handler.to(email("stark"))
    clear(smtp_server)
    # A mobile client that pastes the mail it answers, with no '>' and no attribution line.
    changed = SAMPLE_ORDERS["stark"].replace("march +1", "march")
    body = orders("stark", changed) + "\n" + receipt.get_content()
    reply = make_mail(
        email("stark"), body, subject="Re: [w1] orders", in_reply_to=receipt["Message-ID"]
    )
    append(imap_server, folder, reply)
    result = run(game.parent, env)
    assert "accepted 1" in result.output, smtp_server.handler.messages[0].get_content()
    assert "Winterfell: march" in submissions(game)[-1]["text"]


def test_an_unrecognised_quoted_line_is_named_as_quoted_mail(
    mail_game, imap_server, smtp_server, folder, env, make_mail
):
    game = mail_game()
    body = orders("stark") + "\n01.12.2026 03:07, Westeros GM <gm@example.org> пишет:\n"
    append(imap_server, folder, make_mail(email("stark"), body))
    assert "rejected 1" in run(game.parent, env).output
    [error] = smtp_server.handler.to(email("stark"))
    assert "looks like quoted mail" in error.get_content()


# -- 4. format=flowed ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content_type", "wrapped"),
    [
        ("text/plain; charset=UTF-8; format=flowed", "Winterfell: \nmarch +1"),
        ("text/plain; charset=UTF-8; format=flowed; delsp=yes", "Winterfell: mar \nch +1"),
    ],
)
def test_format_flowed_lines_are_joined(
    mail_game, imap_server, smtp_server, folder, env, content_type, wrapped
):
    game = mail_game()
    text = orders("stark").replace("Winterfell: march +1", wrapped).replace("\n", "\r\n")
    append(imap_server, folder, raw_mail(email("stark"), text.encode(), content_type=content_type))
    result = run(game.parent, env)
    assert "accepted 1" in result.output, smtp_server.handler.messages[0].get_content()
    assert "Winterfell: march +1" in submissions(game)[0]["text"]


# -- 5. byte order mark ---------------------------------------------------------------------


def test_utf8_bom_in_attachment_and_body(mail_game, imap_server, smtp_server, folder, env):
    from email.message import EmailMessage

    game = mail_game()
    bom = b"\xef\xbb\xbf"
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = email("stark"), GM, "[w1] orders"
    msg["Message-ID"] = mid()
    msg.set_content("Orders attached.")
    msg.add_attachment(
        bom + orders("stark").replace("\n", "\r\n").encode(),
        maintype="text",
        subtype="plain",
        filename="stark.txt",
    )
    body = bom + orders("lannister").encode()
    append(imap_server, folder, msg.as_bytes(), raw_mail(email("lannister"), body))
    result = run(game.parent, env)
    assert "accepted 2" in result.output, [m.get_content() for m in smtp_server.handler.messages]


# -- 6. subject tags ----------------------------------------------------------------------------


@pytest.mark.parametrize("subject", ["[EXTERNAL] [w1] orders", "[Ordens] rodada 1"])
def test_unknown_subject_tags_are_ignored(
    mail_game, imap_server, smtp_server, folder, env, make_mail, subject
):
    game = mail_game()
    append(imap_server, folder, make_mail(email("stark"), orders("stark"), subject=subject))
    assert "accepted 1" in run(game.parent, env).output


def test_shared_folder_routes_past_a_gateway_tag(
    new_game, imap_server, smtp_server, folder, make_mail
):
    roster = {h: {"name": h.title(), "email": email(h)} for h in SIX}
    w1 = new_game("w1", roster=roster, settings={"gm_email": GM})
    w2 = new_game("w2", roster=roster, settings={"gm_email": GM})
    env = {**imap_server.env(folder=folder), **smtp_server.env()}
    subject = "RE: [EXTERNAL] RE: [w2] Turn report"
    append(imap_server, folder, make_mail(email("stark"), orders("stark"), subject=subject))
    result = run(w1.parent, env)
    assert "w2: accepted 1" in result.output, result.output
    assert [s["player"] for s in submissions(w2)] == ["stark"]


# -- 7. our subjects, RES:, the receipt's deadline ------------------------------------------


def test_our_replies_carry_the_game_tag_so_replies_route(
    new_game, imap_server, smtp_server, folder, make_mail
):
    roster = {h: {"name": h.title(), "email": email(h)} for h in SIX}
    w1 = new_game("w1", roster=roster, settings={"gm_email": GM})
    env = {**imap_server.env(folder=folder), **smtp_server.env()}
    first = make_mail(email("stark"), "game: w1\n" + orders("stark"), subject="Приказы")
    append(imap_server, folder, first)
    assert "w1: accepted 1" in run(w1.parent, env).output
    [receipt] = smtp_server.handler.to(email("stark"))
    assert "[w1]" in receipt["Subject"]
    again = make_mail(
        email("stark"),
        orders("stark", SAMPLE_ORDERS["stark"].replace("march +1", "march")),
        subject="Re: " + receipt["Subject"],
        in_reply_to=receipt["Message-ID"],
    )
    append(imap_server, folder, again)
    assert "w1: accepted 1" in run(w1.parent, env).output


def test_res_is_not_doubled(mail_game, imap_server, smtp_server, folder, env, make_mail):
    game = mail_game()
    append(imap_server, folder, make_mail(email("stark"), orders("stark"), subject="RES: [w1] x"))
    run(game.parent, env)
    [receipt] = smtp_server.handler.to(email("stark"))
    assert receipt["Subject"] == "RES: [w1] x"


def test_receipt_names_the_new_deadline_once_when_the_step_resolved(
    mail_game, imap_server, smtp_server, folder, env, make_mail
):
    game = mail_game()
    first = [h for h in SIX if h != "lannister"]
    append(imap_server, folder, *[make_mail(email(h), orders(h)) for h in first])
    run(game.parent, env)
    clear(smtp_server)
    append(imap_server, folder, make_mail(email("lannister"), orders("lannister")))
    result = run(game.parent, env, now="2027-01-02T13:00Z")
    assert "steps 1" in result.output
    [receipt] = [m for m in smtp_server.handler.to(email("lannister")) if "Re:" in m["Subject"]]
    body = receipt.get_content()
    waiting = yaml.safe_load((game / "game.yaml").read_text())["waiting"]
    [new] = [r["deadline"] for r in waiting if r["player"] == "lannister"]
    assert new.startswith("2027-01-04T13:00")  # the Messenger Raven, opened by this run
    assert "2027-01-04 13:00 UTC" in body
    assert "2027-01-03" not in body  # the old deadline, now stale
    assert body.lower().count("deadline") == 1


# -- 8. size limits -------------------------------------------------------------------------


def test_a_huge_text_mail_gets_a_short_refusal(
    mail_game, imap_server, smtp_server, folder, env, make_mail
):
    game = mail_game()
    huge = orders("stark") + ("Winterfell: march +1 " * 40 + "\n") * 2500  # about 2 MB
    append(imap_server, folder, make_mail(email("stark"), huge))
    result = run(game.parent, env)
    assert "rejected 1" in result.output
    [reply] = smtp_server.handler.to(email("stark"))
    assert len(reply.as_bytes()) < 20_000
    assert "256 KB" in reply.get_content()
    assert submissions(game) == []


def test_no_reply_leaves_over_a_few_hundred_kb(smtp_server, tmp_path):
    from adjudicator.publish.smtp import (
        MAX_MAIL_BYTES,
        Outbox,
        SmtpConfig,
        SmtpSender,
        compose,
        drain,
        queue_mail,
    )

    outbox = Outbox(tmp_path)
    body = "line of a very long answer\n" * 40_000  # about 1 MB
    msg = compose("k", sender=GM, to=["ned@north.example"], subject="[w1] x", body=body)
    queue_mail(outbox, "k", msg)
    config = SmtpConfig.from_settings(smtp_server.env(), {})
    assert config is not None
    with SmtpSender(config) as sender:
        assert drain(outbox, sender).sent == 1
    [got] = smtp_server.handler.messages
    assert len(got.as_bytes()) <= MAX_MAIL_BYTES <= 512_000
    assert "cut" in got.get_content()


# -- 11. mailing lists ----------------------------------------------------------------------


def list_mail(make_mail) -> bytes:
    return make_mail(
        '"Ann via Westeros BR" <westeros-br@lists.example>',
        orders("stark"),
        headers={"X-Original-From": f"Ann <{email('stark')}>", "Reply-To": email("stark")},
    )


def test_list_mail_is_accepted_when_the_list_is_trusted(
    mail_game, imap_server, smtp_server, folder, env, make_mail
):
    game = mail_game()
    append(imap_server, folder, list_mail(make_mail))
    trusted = {**env, "ADJUDICATOR_IMAP_TRUSTED_LISTS": "westeros-br@lists.example"}
    result = run(game.parent, trusted)
    assert "accepted 1" in result.output, result.output
    assert len(smtp_server.handler.to(email("stark"))) == 1


def test_list_mail_from_an_untrusted_list_names_the_real_sender(
    mail_game, imap_server, smtp_server, folder, env, make_mail, tmp_path
):
    game = mail_game()
    append(imap_server, folder, list_mail(make_mail))
    log = tmp_path / "cron.log"
    result = run(game.parent, env, "--log", str(log))
    assert "stranger 1" in result.output
    assert email("stark") in log.read_text() and "ADJUDICATOR_IMAP_TRUSTED_LISTS" in log.read_text()
    assert submissions(game) == []


# -- 12. forged GM address, DMARC ---------------------------------------------------------------


def test_gm_address_with_a_players_password_is_refused(
    mail_game, imap_server, smtp_server, folder, env, make_mail
):
    game = mail_game(extra={"gm_password": hash_password(GM_PASSWORD)})
    append(imap_server, folder, make_mail(GM, orders("stark")))
    assert "rejected 1" in run(game.parent, env).output
    assert submissions(game) == []
    append(imap_server, folder, make_mail(GM, orders("stark", pw=GM_PASSWORD)))
    assert "accepted 1" in run(game.parent, env).output
    assert [s["player"] for s in submissions(game)] == ["stark"]


def test_dmarc_failure_is_refused_and_only_the_address_owner_is_told(
    mail_game, imap_server, smtp_server, folder, env, make_mail, tmp_path
):
    game = mail_game()
    forged = make_mail(
        email("stark"),
        orders("stark"),
        headers={
            "Authentication-Results": "mx.example.org; spf=fail; "
            "dmarc=fail (p=none dis=none) header.from=players.example"
        },
    )
    append(imap_server, folder, forged)
    log = tmp_path / "cron.log"
    result = run(game.parent, env, "--log", str(log))
    assert "forged 1" in result.output
    assert "dmarc" in log.read_text()
    # Issue 18, point 17: the owner of the address learns of it (and only they do).
    [told] = smtp_server.handler.messages
    assert told["To"] == email("stark") and "DMARC" in told.get_content()
    assert submissions(game) == []
    append(imap_server, folder, forged.replace(b"Message-ID: <", b"Message-ID: <again-"))
    off = {**env, "ADJUDICATOR_IMAP_CHECK_DMARC": "no"}
    assert "accepted 1" in run(game.parent, off).output


# -- 13. small ones -----------------------------------------------------------------------------


def test_a_huge_message_id_does_not_break_our_reply(
    mail_game, imap_server, smtp_server, folder, env, make_mail
):
    game = mail_game()
    long_id = "<" + "x" * 2000 + "@player.example>"
    own = "<" + "y" * 2000 + "@player.example>"
    mail = make_mail(email("stark"), orders("stark"), in_reply_to=long_id, message_id=own)
    append(imap_server, folder, mail)
    assert "accepted 1" in run(game.parent, env).output
    [receipt] = smtp_server.handler.to(email("stark"))
    assert all(len(line) <= 998 for line in receipt.as_bytes().split(b"\n"))


def test_unrouted_mail_names_its_sender(new_game, imap_server, smtp_server, folder, make_mail):
    w1 = new_game("w1", settings={"gm_email": GM})
    env = {**imap_server.env(folder=folder), **smtp_server.env()}
    append(imap_server, folder, make_mail("someone@else.example", "hello", subject="hi"))
    result = run(w1.parent, env, "-vv")
    assert "unrouted 1" in result.output
    assert "someone@else.example" in result.output
