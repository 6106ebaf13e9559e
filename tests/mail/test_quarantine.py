"""A poisoned mail stops nothing (issue 18, point 1): a mail nested a thousand levels deep
(or otherwise unsafe to parse, or whose handling raises) is set aside unread, flagged on the
server, named in the GM's log and `status`, and every other mail and game goes on."""

from __future__ import annotations

import pytest

from adjudicator.cron.desk import MailDesk
from adjudicator.inbox.mail import MAX_CONTAINERS, MAX_PARTS, parse_mail
from adjudicator.inbox.quarantine import QUARANTINE_KEYWORD
from tests.conftest import SIX, cli
from tests.mail.test_cron import GM, append, email, orders, run, submissions


def nested(levels: int, sender: str = "eve@stranger.example", subject: str = "hi") -> bytes:
    """A mail `levels` multipart levels deep (70 KB at 1,000 levels)."""
    head = (
        f"From: {sender}\r\nTo: {GM}\r\nSubject: {subject}\r\n"
        f"Message-ID: <deep-{levels}@evil.example>\r\n"
        "Date: Mon, 30 Nov 2026 06:00:00 +0000\r\nMIME-Version: 1.0\r\n"
    ).encode()
    opening = b"".join(
        b'Content-Type: multipart/mixed; boundary="b%d"\r\n\r\n--b%d\r\n' % (i, i)
        for i in range(levels)
    )
    closing = b"".join(b"\r\n--b%d--\r\n" % i for i in reversed(range(levels)))
    return head + opening + b"Content-Type: text/plain\r\n\r\nhello" + closing


def flagged(server, folder: str) -> list[int]:
    c = server.client()
    c.select_folder(folder, readonly=True)
    uids = c.search(["KEYWORD", QUARANTINE_KEYWORD])
    c.logout()
    return uids


@pytest.mark.parametrize("levels", [1000, 5000])
def test_a_deeply_nested_mail_is_read_for_its_headers_only(levels):
    mail = parse_mail(nested(levels, sender="Eve <EVE@stranger.example>"))
    assert mail.unreadable is not None
    assert str(mail.unreadable) == (
        f"{levels} nested or attached parts, over the limit of {MAX_CONTAINERS}"
    )
    assert (mail.sender, mail.message_id, mail.text) == (
        "eve@stranger.example",
        f"<deep-{levels}@evil.example>",
        "",
    )


def test_mail_nested_a_few_levels_is_read_as_before():
    mail = parse_mail(nested(5, sender="stark@players.example"))
    assert mail.unreadable is None and mail.text == "hello"


def test_a_mail_of_very_many_parts_is_not_parsed():
    parts = b"".join(b"--b\r\nContent-Type: text/plain\r\n\r\nx\r\n" for _ in range(MAX_PARTS + 1))
    raw = b'From: a@x.org\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n' + parts + b"--b--"
    mail = parse_mail(raw)
    assert str(mail.unreadable) == f"{MAX_PARTS + 2} parts, over the limit of {MAX_PARTS}"


def test_a_parser_failure_is_caught_not_raised(monkeypatch):
    def boom(raw):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr("adjudicator.inbox.mail.email.message_from_bytes", boom)
    mail = parse_mail(b"From: a@x.org\r\nMessage-ID: <1@x>\r\n\r\nhouse: stark\r\n")
    assert str(mail.unreadable) == "the mail could not be parsed: RecursionError"
    assert (mail.sender, mail.message_id) == ("a@x.org", "<1@x>")


@pytest.mark.parametrize("levels", [1000, 5000])
def test_poisoned_mail_in_a_shared_folder_stops_no_game(
    new_game, imap_server, smtp_server, folder, make_mail, levels
):
    roster = {h: {"name": h.title(), "email": email(h)} for h in SIX}
    w1 = new_game("w1", roster=roster, settings={"gm_email": GM})
    w2 = new_game("w2", roster=roster, settings={"gm_email": GM})
    env = {**imap_server.env(folder=folder), **smtp_server.env()}
    append(
        imap_server,
        folder,
        nested(levels),  # names no game
        nested(levels + 1, sender=email("stark"), subject="[w2] my orders"),
        make_mail(email("stark"), orders("stark"), subject="[w1] orders"),
        make_mail(email("lannister"), orders("lannister"), subject="[w2] orders"),
    )
    result = run(w1.parent, env)
    assert "w1: accepted 1" in result.output
    assert "w2: accepted 1; quarantined 1" in result.output
    assert "(shared folder): quarantined 1" in result.output
    assert f"mail <deep-{levels}@evil.example> from eve@stranger.example was set aside" in (
        result.output
    )
    assert [s["player"] for s in submissions(w1)] == ["stark"]
    assert [s["player"] for s in submissions(w2)] == ["lannister"]
    assert len(flagged(imap_server, folder)) == 2
    assert smtp_server.handler.to("eve@stranger.example") == []

    status = cli("status", w2, "--now", "2027-01-01T13:00Z")
    assert f"mail <deep-{levels + 1}@evil.example> from {email('stark')} was set aside" in (
        status.output
    )
    assert f"remove its IMAP flag {QUARANTINE_KEYWORD}" in status.output
    assert "<deep" not in cli("status", w1, "--now", "2027-01-01T13:00Z").output

    again = run(w1.parent, env, now="2027-01-01T14:00Z")  # never read again
    assert "quarantined" not in again.output and "deep" not in again.output


@pytest.mark.parametrize("levels", [1000, 5000])
def test_poisoned_mail_in_a_game_folder_stops_nothing(
    mail_game, imap_server, smtp_server, folder, env, make_mail, levels
):
    game = mail_game()
    append(
        imap_server,
        folder,
        make_mail(email("stark"), orders("stark")),
        nested(levels),
        make_mail(email("lannister"), orders("lannister")),
    )
    result = run(game.parent, env)
    assert "w1: accepted 2; quarantined 1" in result.output
    assert [s["player"] for s in submissions(game)] == ["stark", "lannister"]
    assert len(flagged(imap_server, folder)) == 1
    status = cli("status", game, "--now", "2027-01-01T13:00Z")
    assert f"mail <deep-{levels}@evil.example> from eve@stranger.example" in status.output
    assert "quarantined" not in run(game.parent, env, now="2027-01-01T14:00Z").output


def test_mail_whose_handling_raises_is_set_aside_and_released_when_read(
    mail_game, imap_server, smtp_server, folder, env, make_mail, monkeypatch
):
    game = mail_game()
    real = MailDesk._take_one

    def fragile(self, loaded, fetched, mail):
        if mail.sender == email("stark"):
            raise KeyError("a bug this mail found")
        return real(self, loaded, fetched, mail)

    monkeypatch.setattr(MailDesk, "_take_one", fragile)
    stark = make_mail(email("stark"), orders("stark"), message_id="<stark-1@p>")
    append(imap_server, folder, stark, make_mail(email("lannister"), orders("lannister")))
    result = run(game.parent, env)
    assert "w1: accepted 1; quarantined 1" in result.output
    assert "reading it failed: KeyError: 'a bug this mail found'" in result.output
    [uid] = flagged(imap_server, folder)
    assert "<stark-1@p>" in cli("status", game, "--now", "2027-01-01T13:00Z").output

    # The bug is fixed and the GM removes the flag: the mail is read and its record goes.
    monkeypatch.setattr(MailDesk, "_take_one", real)
    c = imap_server.client()
    c.select_folder(folder)
    c.remove_flags([uid], [QUARANTINE_KEYWORD])
    c.logout()
    again = run(game.parent, env, now="2027-01-01T14:00Z")
    assert "w1: accepted 1" in again.output
    assert [s["player"] for s in submissions(game)] == ["lannister", "stark"]
    assert "<stark-1@p>" not in cli("status", game, "--now", "2027-01-01T14:00Z").output


def test_a_mail_over_the_size_limit_is_fetched_for_its_header_only(
    imap_server, folder, make_mail, monkeypatch
):
    from adjudicator.inbox import imap, mail
    from tests.mail.test_imap import config

    monkeypatch.setattr(imap, "MAX_MAIL_BYTES", 4000)
    monkeypatch.setattr(mail, "MAX_MAIL_BYTES", 4000)
    monkeypatch.setattr(imap, "FETCH_BYTES", 3000)
    small = [make_mail(email("stark"), f"note {i}", message_id=f"<s{i}@p>") for i in range(3)]
    large = make_mail(email("stark"), "x" * 9000, message_id="<large@p>")
    append(imap_server, folder, small[0], large, *small[1:])
    with imap.ImapSession(config(imap_server, folder)) as session:
        got = list(session.fetch(folder, session.unprocessed(folder)))
    assert [len(f.raw) < 4000 for f in got] == [True] * 4
    assert [f.size > 9000 for f in got] == [False, True, False, False]
    parsed = [parse_mail(f.raw, f.size) for f in got]
    assert [m.message_id for m in parsed] == ["<s0@p>", "<large@p>", "<s1@p>", "<s2@p>"]
    assert [m.text for m in parsed] == ["note 0", "", "note 1", "note 2"]
    assert parsed[1].oversize == got[1].size and parsed[1].sender == email("stark")
