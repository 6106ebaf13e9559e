"""Reading players' mails: every client's way of writing the same orders."""

from __future__ import annotations

from datetime import UTC, datetime

from adjudicator.inbox.mail import (
    claimed_player,
    clean_body,
    html_to_text,
    may_submit_for,
    named_game,
    parse_mail,
    redact_passwords,
    sender_roles,
)

ORDERS = "house: stark\npassword: wolf\nWinterfell: march +1"


def test_plain_mail_gives_headers_and_text(make_mail):
    raw = make_mail("Ned Stark <Ned@North.example>", ORDERS + "\n", message_id="<m1@north>")
    mail = parse_mail(raw)
    assert mail.message_id == "<m1@north>"
    assert mail.sender == "ned@north.example"
    assert mail.subject == "orders"
    assert mail.date == datetime(2026, 11, 30, 6, 0, tzinfo=UTC)
    assert mail.text == ORDERS
    assert mail.source == "mail:<m1@north>"


def test_html_only_mail_is_converted_to_lines(make_mail):
    html = (
        "<html><head><style>p{color:red}</style></head><body>"
        "<div>house: stark</div><div>password:&nbsp;wolf</div>"
        "<p>Winterfell: march <b>+1</b></p><script>alert(1)</script></body></html>"
    )
    mail = parse_mail(make_mail("ned@north.example", html=html))
    assert mail.text == ORDERS


def test_plain_part_is_preferred_over_html(make_mail):
    raw = make_mail("ned@north.example", ORDERS, html="<p>something else</p>")
    assert parse_mail(raw).text == ORDERS


def test_txt_attachment_is_the_order_file(make_mail):
    raw = make_mail(
        "ned@north.example",
        "Orders attached, see you next turn.",
        attachment=("stark.txt", ORDERS + "\n"),
    )
    assert parse_mail(raw).text == ORDERS


def test_other_attachments_are_ignored(make_mail):
    from email import message_from_bytes
    from email.policy import default

    msg = message_from_bytes(make_mail("ned@north.example", ORDERS), policy=default)
    msg.add_attachment(b"\x89PNG...", maintype="image", subtype="png", filename="map.png")
    assert parse_mail(msg.as_bytes()).text == ORDERS


def test_reply_to_the_turn_report_keeps_only_the_new_text(make_mail):
    body = (
        ORDERS + "\n\n"
        "On Sun, Nov 29, 2026 at 9:00 PM Westeros GM <gm@example.org>\n"
        "wrote:\n"
        "> Turn 3 report\n"
        "> house: lannister\n"
        ">> older quote\n"
    )
    raw = make_mail("ned@north.example", body, in_reply_to="<report3@gm>")
    mail = parse_mail(raw)
    assert mail.text == ORDERS
    assert mail.in_reply_to == "<report3@gm>"
    assert mail.references == ("<report3@gm>",)


def test_bottom_posted_reply_keeps_orders_below_the_quote():
    body = "On 29.11.2026 GM wrote:\n> Please send orders\n\n" + ORDERS + "\n"
    assert clean_body(body) == ORDERS


def test_outlook_original_message_is_cut():
    body = ORDERS + "\n\n-----Original Message-----\nFrom: GM\nhouse: lannister\n"
    assert clean_body(body) == ORDERS


def test_signature_is_cut(make_mail):
    raw = make_mail("ned@north.example", ORDERS + "\n-- \nNed Stark\nhouse: bolton\n")
    assert parse_mail(raw).text == ORDERS


def test_html_quote_is_dropped():
    html = (
        "<div>house: stark</div><div>password: wolf</div><div>Winterfell: march +1</div>"
        '<div class="gmail_quote"><div>On Sun GM wrote:</div>'
        "<blockquote>house: lannister</blockquote></div>"
    )
    assert html_to_text(html) == ORDERS


def _raw(charset_header: str, cte: str, body: bytes) -> bytes:
    head = (
        "From: Jaime <jaime@rock.example>\r\nMessage-ID: <c@rock>\r\n"
        "Subject: =?utf-8?q?S=C3=BCd?=\r\nMIME-Version: 1.0\r\n"
        f"Content-Type: text/plain; charset={charset_header}\r\n"
        f"Content-Transfer-Encoding: {cte}\r\n\r\n"
    )
    return head.encode() + body


def test_latin1_8bit():
    raw = _raw("iso-8859-1", "8bit", "house: lannister\nHarrenhal: raid # Höhe\n".encode("latin-1"))
    mail = parse_mail(raw)
    assert mail.text == "house: lannister\nHarrenhal: raid # Höhe"
    assert mail.subject == "Süd"


def test_utf8_base64():
    import base64

    body = base64.encodebytes("house: lannister\nKing’s Landing: défense\n".encode())
    assert parse_mail(_raw("utf-8", "base64", body)).text == (
        "house: lannister\nKing’s Landing: défense"
    )


def test_quoted_printable():
    body = b"house: lannister\r\nLannisport: consolidate =E2=98=85 power\r\n"
    assert parse_mail(_raw('"utf-8"', "quoted-printable", body)).text == (
        "house: lannister\nLannisport: consolidate ★ power"
    )


def test_wrong_charset_label_still_reads():
    raw = _raw("x-unknown-charset", "8bit", "house: martell\nSunspear: défense\n".encode())
    assert parse_mail(raw).text == "house: martell\nSunspear: défense"


def test_mail_without_message_id_gets_a_stable_one():
    raw = b"From: a@x.example\r\nSubject: hi\r\n\r\nhouse: stark\r\n"
    assert parse_mail(raw).message_id == parse_mail(raw).message_id
    assert parse_mail(raw).message_id.endswith("@no-message-id.invalid>")


def test_garbage_does_not_raise():
    mail = parse_mail(b"\x00\xff not a mail at all")
    assert mail.sender == ""


def test_two_from_addresses_are_nobody():
    raw = b"From: a@x.example, b@y.example\r\nMessage-ID: <2@x>\r\n\r\nhouse: stark\r\n"
    assert parse_mail(raw).sender == ""


def test_content_hash_ignores_transport_headers(make_mail):
    a = make_mail("ned@north.example", ORDERS, message_id="<same@x>")
    b = b"Received: from relay.example by mx.example\r\n" + a
    assert parse_mail(a).content_hash == parse_mail(b).content_hash
    c = make_mail("ned@north.example", ORDERS + "\nKingsroad: march", message_id="<same@x>")
    assert parse_mail(a).content_hash != parse_mail(c).content_hash


def test_redact_passwords_hides_every_password_line():
    text = "house: stark\nPassword: wolf\n  password :  other one\nWinterfell: march"
    out = redact_passwords(text)
    assert "wolf" not in out and "other one" not in out
    assert out.count("********") == 2
    assert out.splitlines()[3] == "Winterfell: march"


def test_redact_passwords_hides_password_lines_in_every_language():
    text = "дом: Старк\nПароль: волк\ncasa: Stark\nsenha: lobo\nВинтерфелл: поход"
    out = redact_passwords(text)
    assert "волк" not in out and "lobo" not in out
    assert out.splitlines() == [
        "дом: Старк",
        "Пароль: ********",
        "casa: Stark",
        "senha: ********",
        "Винтерфелл: поход",
    ]


def test_claimed_player_and_named_game(make_mail):
    assert claimed_player("# hi\nHouse: Stark\n") == "Stark"
    assert claimed_player("Winterfell: march") is None
    assert claimed_player("Side: Sweden\n") == "Sweden"  # baltic's header word
    assert claimed_player("дом: 'Старк'  # я\n") == "Старк"
    mail = parse_mail(make_mail("a@x.example", "game: w2\nhouse: stark", subject="Re: [w1] turn"))
    assert named_game(mail) == "w1"
    mail = parse_mail(make_mail("a@x.example", "game: W2\nhouse: stark", subject="orders"))
    assert named_game(mail) == "w2"


def test_sender_roles_and_address_check():
    players = {"stark": "ned@north.example", "greyjoy": "Balon@Pyke.example", "tyrell": ""}
    gm = ("gm@example.org",)
    assert sender_roles("NED@north.example", players, gm) == {"stark"}
    assert sender_roles("gm@example.org", players, gm) == {"gm"}
    assert sender_roles("eve@evil.example", players, gm) == frozenset()
    assert sender_roles("", players, gm) == frozenset()
    assert may_submit_for(frozenset({"stark"}), "stark")
    assert not may_submit_for(frozenset({"stark"}), "greyjoy")
    assert may_submit_for(frozenset({"gm"}), "greyjoy")
    assert not may_submit_for(frozenset(), "stark")
    assert not may_submit_for(frozenset({"stark"}), None)


def test_machine_mail_is_marked_automatic(make_mail):
    assert not parse_mail(make_mail("ned@north.example", ORDERS)).automatic
    vacation = b"Auto-Submitted: auto-replied\r\n" + make_mail("ned@north.example", "Away")
    assert parse_mail(vacation).automatic
    bounce = make_mail("MAILER-DAEMON@mx.example", "Undeliverable")
    assert parse_mail(bounce).automatic
    bulk = b"Precedence: bulk\r\n" + make_mail("news@shop.example", "Sale")
    assert parse_mail(bulk).automatic
    listed = b"List-Id: <game.lists.example>\r\n" + make_mail("ned@north.example", ORDERS)
    assert not parse_mail(listed).automatic
