"""The IMAP side against a real Dovecot: peek, mark processed, dropped links, bad logins."""

from __future__ import annotations

import subprocess

import pytest

from adjudicator.inbox import imap
from adjudicator.inbox.imap import (
    PROCESSED_KEYWORD,
    ImapConfig,
    ImapSession,
    MailConnectionError,
    MailSetupError,
    Security,
)


def config(server, folder: str, **changes) -> ImapConfig:
    base = ImapConfig.from_settings(server.env(folder=folder), {})
    assert base is not None
    return ImapConfig(**{**base.__dict__, **changes})


def append(server, folder: str, *mails: bytes) -> None:
    c = server.client()
    for raw in mails:
        c.append(folder, raw)
    c.logout()


def flags_of(server, folder: str) -> list[set[bytes]]:
    c = server.client()
    c.select_folder(folder, readonly=True)
    data = c.fetch(c.search(["ALL"]), ["FLAGS"])
    c.logout()
    return [set(d[b"FLAGS"]) for _, d in sorted(data.items())]


def test_fetch_peeks_and_leaves_mail_unseen(imap_server, folder, make_mail):
    mails = [make_mail("ned@north.example", f"house: stark\nline {i}") for i in range(3)]
    append(imap_server, folder, *mails)
    with ImapSession(config(imap_server, folder)) as session:
        uids = session.unprocessed(folder)
        fetched = list(session.fetch(folder, uids))
    assert [f.raw.replace(b"\r\n", b"\n") for f in fetched] == [
        m.replace(b"\r\n", b"\n") for m in mails
    ]
    assert flags_of(imap_server, folder) == [set(), set(), set()]


def test_mark_processed_with_a_keyword(imap_server, folder, make_mail):
    append(imap_server, folder, make_mail("a@x.example", "one"), make_mail("a@x.example", "two"))
    with ImapSession(config(imap_server, folder)) as session:
        first, second = session.unprocessed(folder)
        session.mark_processed(folder, [first])
        assert session.unprocessed(folder) == [second]
    assert flags_of(imap_server, folder) == [{PROCESSED_KEYWORD.encode()}, set()]


def test_mark_processed_by_move(imap_server, folder, make_mail):
    done = f"{folder}-done"
    append(imap_server, folder, make_mail("a@x.example", "one"), make_mail("a@x.example", "two"))
    with ImapSession(config(imap_server, folder, processed_folder=done)) as session:
        uids = session.unprocessed(folder)
        session.mark_processed(folder, uids[:1])
        assert session.unprocessed(folder) == uids[1:]
    c = imap_server.client()
    assert c.select_folder(done)[b"EXISTS"] == 1
    assert c.select_folder(folder)[b"EXISTS"] == 1
    c.logout()


def test_starttls_on_the_plain_port(imap_server, folder, make_mail):
    append(imap_server, folder, make_mail("a@x.example", "one"))
    cfg = config(imap_server, folder, port=imap_server.port, security=Security.STARTTLS)
    with ImapSession(cfg) as session:
        assert len(session.unprocessed(folder)) == 1


def test_wrong_password_names_the_setting_and_hides_the_password(imap_server, folder):
    cfg = config(imap_server, folder, password="not-the-password-42")
    with pytest.raises(MailSetupError) as caught, ImapSession(cfg) as session:
        session.unprocessed(folder)
    message = caught.value.format_message()
    assert "ADJUDICATOR_IMAP_PASSWORD" in message
    assert "tester" in message
    assert "not-the-password-42" not in message
    assert "not-the-password-42" not in repr(cfg)


def test_untrusted_certificate_is_a_clear_setup_error(imap_server, folder):
    cfg = config(imap_server, folder, cafile=None)
    with pytest.raises(MailSetupError, match="ADJUDICATOR_IMAP_CAFILE"), ImapSession(cfg) as s:
        s.unprocessed(folder)


def test_missing_folder_is_a_setup_error(imap_server):
    cfg = config(imap_server, "INBOX")
    with pytest.raises(MailSetupError, match=r"settings\.mail\.folder"), ImapSession(cfg) as s:
        s.unprocessed("no-such-folder-here")


def test_dropped_connection_mid_fetch_loses_nothing(imap_server, folder, make_mail, monkeypatch):
    """The server kills the session between two batches; a new session sees every mail."""
    monkeypatch.setattr(imap, "FETCH_BATCH", 2)
    append(imap_server, folder, *[make_mail("a@x.example", f"n {i}") for i in range(5)])
    got = []
    with ImapSession(config(imap_server, folder)) as session:
        uids = session.unprocessed(folder)
        with pytest.raises(MailConnectionError):
            for fetched in session.fetch(folder, uids):
                got.append(fetched.uid)
                if len(got) == 2:
                    kick(imap_server)
        # The session reconnects on next use: the run can go on with other games.
        assert session.unprocessed(folder) == uids
    assert got == uids[:2]
    assert flags_of(imap_server, folder) == [set()] * 5


def kick(server) -> None:
    """Make Dovecot drop every session of the test user, as a crashing server would."""
    conf = server.dir / "dovecot.conf"
    subprocess.run(["doveadm", "-c", str(conf), "kick", server.user], check=True)


def test_settings_env_wins_over_config_file():
    file = {"imap": {"host": "file.example", "user": "u", "password": "p", "port": 1993}}
    cfg = ImapConfig.from_settings({"ADJUDICATOR_IMAP_HOST": "env.example"}, file)
    assert cfg is not None
    assert (cfg.host, cfg.port, cfg.security) == ("env.example", 1993, Security.SSL)
    assert ImapConfig.from_settings({}, {}) is None


def test_settings_name_what_is_missing_or_wrong():
    with pytest.raises(MailSetupError, match="ADJUDICATOR_IMAP_PASSWORD"):
        ImapConfig.from_settings({"ADJUDICATOR_IMAP_HOST": "h", "ADJUDICATOR_IMAP_USER": "u"}, {})
    env = {"ADJUDICATOR_IMAP_HOST": "h", "ADJUDICATOR_IMAP_USER": "u"}
    env |= {"ADJUDICATOR_IMAP_PASSWORD": "p", "ADJUDICATOR_IMAP_SECURITY": "tls"}
    with pytest.raises(MailSetupError, match="ssl, starttls, plain"):
        ImapConfig.from_settings(env, {})


def test_move_without_the_move_extension_copies_and_expunges(
    imap_server, folder, make_mail, monkeypatch
):
    from imapclient import IMAPClient

    done = f"{folder}-done"
    real = IMAPClient.has_capability
    monkeypatch.setattr(
        IMAPClient, "has_capability", lambda self, cap: cap != "MOVE" and real(self, cap)
    )
    copies = []
    real_copy = IMAPClient.copy
    monkeypatch.setattr(
        IMAPClient, "copy", lambda self, *a: copies.append(a) or real_copy(self, *a)
    )
    append(imap_server, folder, make_mail("a@x.example", "one"), make_mail("a@x.example", "two"))
    with ImapSession(config(imap_server, folder, processed_folder=done)) as session:
        uids = session.unprocessed(folder)
        session.mark_processed(folder, uids[:1])
        assert session.unprocessed(folder) == uids[1:]
    assert copies == [(uids[:1], done)]
    c = imap_server.client()
    assert c.select_folder(done)[b"EXISTS"] == 1
    assert c.select_folder(folder)[b"EXISTS"] == 1
    c.logout()
