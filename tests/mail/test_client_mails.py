"""Mails byte for byte as real clients write them: Outlook's HTML and its header block above
the quoted mail (en, pt_BR, ru), HTML in <pre>, an attached order file saved in a Russian
one-byte encoding with no charset named. Each is read as the player meant: the orders whole,
nothing of the quoted mail."""

from __future__ import annotations

import base64
import quopri

import pytest

from adjudicator.inbox.mail import parse_mail

HEAD = (
    "From: Ann <ann@example.org>\r\nTo: gm@example.org\r\nMessage-ID: <c1@example.org>\r\n"
    "Date: Tue, 01 Dec 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\n"
)


def raw(headers: str, body: bytes) -> bytes:
    return (HEAD + headers.replace("\n", "\r\n") + "\r\n\r\n").encode() + body


ORDERS = "house: stark\npassword: hunter22\nWinterfell: march +1\nWhite Harbor: defense"

OUTLOOK_HTML = """<html xmlns:o="urn:schemas-microsoft-com:office:office"><head>
<meta http-equiv=Content-Type content="text/html; charset=windows-1252">
<style><!-- p.MsoNormal {margin:0cm;} --></style></head><body lang=EN-US>
<div class=WordSection1><p class=MsoNormal>house: stark<o:p></o:p></p>
<p class=MsoNormal>password: hunter22<o:p></o:p></p>
<p class=MsoNormal>Winterfell:&nbsp;march&nbsp;+1<o:p></o:p></p>
<p class=MsoNormal>White Harbor: defense<o:p></o:p></p>
<p class=MsoNormal><o:p>&nbsp;</o:p></p>
<div style='border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm'>
<p class=MsoNormal><b>From:</b> Westeros GM &lt;gm@example.org&gt; <br>
<b>Sent:</b> Tuesday, December 1, 2026 3:07 AM<br><b>To:</b> ann@example.org<br>
<b>Subject:</b> [w1] Turn report<o:p></o:p></p></div>
<p class=MsoNormal>Castle Black: defense<o:p></o:p></p>
<p class=MsoNormal>Winterfell: march +1 (Stark)<o:p></o:p></p></div></body></html>"""


def test_outlook_html_reply_keeps_the_orders_and_drops_the_quoted_mail():
    body = quopri.encodestring(OUTLOOK_HTML.encode("cp1252"))
    mail = parse_mail(
        raw(
            "Subject: RE: [w1] Turn report\n"
            'Content-Type: text/html; charset="windows-1252"\n'
            "Content-Transfer-Encoding: quoted-printable",
            body.replace(b"\n", b"\r\n"),
        )
    )
    assert mail.text == ORDERS


@pytest.mark.parametrize(
    "header",
    [
        "From: Westeros GM <gm@example.org>\nSent: Tuesday, December 1, 2026 3:07 AM\n"
        "To: ann@example.org\nSubject: [w1] Turn report",
        "De: Westeros GM <gm@example.org>\nEnviado: terça-feira, 1 de dezembro de 2026 03:07\n"
        "Para: ann@example.org\nAssunto: [w1] Relatório",
        "От: Westeros GM <gm@example.org>\nОтправлено: 1 декабря 2026 г. 3:07\n"
        "Кому: ann@example.org\nТема: [w1] Отчёт",
        "*From:* Westeros GM <gm@example.org>\n*Date:* Tue, Dec 1, 2026 at 3:07 AM",
    ],
)
def test_outlook_header_block_ends_the_players_text(header):
    body = f"{ORDERS}\n\n{header}\n\nCastle Black: defense\nhouse: lannister\n"
    mail = parse_mail(
        raw("Subject: RE: [w1] Turn report\nContent-Type: text/plain; charset=utf-8", body.encode())
    )
    assert mail.text == ORDERS


def test_a_from_line_alone_is_the_players_text():
    """Only a header block ends the text: one 'From:' line among orders is read (and, not
    being an order, answered as such)."""
    body = f"{ORDERS}\nFrom: Winterfell\nThe Shivering Sea: support\n"
    mail = parse_mail(
        raw("Subject: orders\nContent-Type: text/plain; charset=utf-8", body.encode())
    )
    assert mail.text.endswith("From: Winterfell\nThe Shivering Sea: support")


def test_html_pre_keeps_one_order_a_line():
    html = f"<html><body><pre>{ORDERS}\n\n</pre></body></html>"
    mail = parse_mail(raw("Subject: orders\nContent-Type: text/html; charset=utf-8", html.encode()))
    assert mail.text == ORDERS


RUSSIAN = "дом: старк\nпароль: hunter22\nВинтерфелл: поход +1\nБелая Гавань: оборона"


@pytest.mark.parametrize("encoding", ["cp1251", "koi8_r"])
@pytest.mark.parametrize(
    "content_type", ['text/plain; name="orders.txt"', "application/octet-stream"]
)
def test_attached_order_file_in_a_russian_one_byte_encoding(encoding, content_type):
    """A file saved by Notepad on a Russian Windows (or on an old Linux) and attached: the
    client names no charset, so the bytes tell it, as for a file in inbox/."""
    payload = base64.encodebytes(RUSSIAN.replace("\n", "\r\n").encode(encoding))
    body = (
        (
            "--b1\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nприказы во вложении\r\n"
            f"--b1\r\nContent-Type: {content_type}\r\n"
            'Content-Disposition: attachment; filename="orders.txt"\r\n'
            "Content-Transfer-Encoding: base64\r\n\r\n"
        ).encode()
        + payload
        + b"\r\n--b1--\r\n"
    )
    mail = parse_mail(raw('Subject: orders\nContent-Type: multipart/mixed; boundary="b1"', body))
    assert mail.text == RUSSIAN


def test_a_body_without_charset_in_windows_1251():
    mail = parse_mail(raw("Subject: orders\nContent-Type: text/plain", RUSSIAN.encode("cp1251")))
    assert mail.text == RUSSIAN


FORWARDS = {
    "gmail": "---------- Forwarded message ---------\nFrom: Ann <{a}>\n"
    "Date: Tue, Dec 1, 2026 at 9:00 AM\nSubject: orders\nTo: <gm@example.org>\n\n\n",
    "apple": "Begin forwarded message:\n\nFrom: Ann <{a}>\nSubject: orders\n"
    "Date: 1 December 2026 at 09:00:00 GMT\nTo: gm@example.org\n\n",
    "thunderbird": "-------- Forwarded Message --------\nSubject: \torders\n"
    "Date: \tTue, 1 Dec 2026 09:00:00 +0000\nFrom: \tAnn <{a}>\nTo: \tgm@example.org\n\n",
    "outlook": "________________________________\nDe: Ann <{a}>\n"
    "Enviado: terça-feira, 1 de dezembro de 2026 09:00\nPara: gm@example.org\nAssunto: orders\n\n",
}


@pytest.mark.parametrize("client", sorted(FORWARDS))
def test_own_orders_forwarded_again_are_read(client):
    """'My orders did not arrive': the player forwards their own mail. Their note is kept
    (the receipt lists it as ignored), the forwarded orders are read."""
    forward = FORWARDS[client].format(a="ann@example.org")
    body = f"resending, the first did not arrive\n\n{forward}{ORDERS}\n\n-- \nAnn\n"
    mail = parse_mail(
        raw("Subject: Fwd: orders\nContent-Type: text/plain; charset=utf-8", body.encode())
    )
    assert mail.text == "resending, the first did not arrive\n" + ORDERS


def test_someone_elses_forwarded_mail_is_never_read():
    forward = FORWARDS["gmail"].format(a="gm@example.org")
    body = f"what does this mean?\n\n{forward}{ORDERS}\n"
    mail = parse_mail(
        raw("Subject: Fwd: [w1] report\nContent-Type: text/plain; charset=utf-8", body.encode())
    )
    assert mail.text == "what does this mean?"


def test_orders_above_a_forward_are_the_orders():
    forward = FORWARDS["gmail"].format(a="ann@example.org")
    body = f"{ORDERS}\n\n{forward}house: stark\npassword: old\nWinterfell: raid\n"
    mail = parse_mail(
        raw("Subject: Fwd: orders\nContent-Type: text/plain; charset=utf-8", body.encode())
    )
    assert mail.text == ORDERS


def _with_attachments(*parts: tuple[str, str, bytes]) -> bytes:
    body = b"--b1\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nOrders attached.\r\n"
    for content_type, disposition, payload in parts:
        body += (
            f"--b1\r\nContent-Type: {content_type}\r\nContent-Disposition: {disposition}\r\n"
            "Content-Transfer-Encoding: base64\r\n\r\n"
        ).encode() + base64.encodebytes(payload)
    body += b"--b1--\r\n"
    return raw('Subject: orders\nContent-Type: multipart/mixed; boundary="b1"', body)


DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


def test_attached_files_we_do_not_read_are_named():
    mail = parse_mail(
        _with_attachments(
            (DOCX, 'attachment; filename="orders.docx"', b"PK\x03\x04"),
            ("application/pdf", 'attachment; filename="../../game.yaml.pdf"', b"%PDF-1.4"),
            ("image/png", 'inline; filename="image001.png"', b"\x89PNG"),
            ("application/pkcs7-signature", 'attachment; filename="smime.p7s"', b"0"),
        )
    )
    assert mail.text == "Orders attached."
    assert mail.skipped_attachments == ("orders.docx", "../../game.yaml.pdf")


def test_a_txt_attachment_read_is_not_named():
    mail = parse_mail(
        _with_attachments(("text/plain", 'attachment; filename="orders.txt"', ORDERS.encode()))
    )
    assert mail.text == ORDERS
    assert mail.skipped_attachments == ()


def test_the_error_reply_names_the_attachment_not_read(
    mail_game, imap_server, smtp_server, folder, env
):
    from tests.mail.conftest import email
    from tests.mail.test_cron import append, run

    game = mail_game()
    mail = _with_attachments((DOCX, 'attachment; filename="orders.docx"', b"PK\x03\x04"))
    mail = mail.replace(b"ann@example.org", email("stark").encode())
    append(imap_server, folder, mail)
    assert "rejected 1" in run(game.parent, env).output
    [reply] = smtp_server.handler.to(email("stark"))
    assert "Not read: orders.docx. Only plain text is read" in reply.get_content()
