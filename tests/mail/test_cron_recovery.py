"""Issue 9: a cron run killed or cut off at any point is finished by the next one, and a
mail server that is down at the deadline costs nobody their orders. Real Dovecot, aiosmtpd."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from adjudicator import engine
from adjudicator.inbox.imap import ImapSession, MailConnectionError
from adjudicator.publish import notices
from tests.conftest import SIX
from tests.mail.conftest import email
from tests.mail.test_cron import append, commits, orders, run, submissions, unmarked


class Killed(BaseException):
    """Stands for SIGKILL or a reboot: nothing after it runs, no handler sees it."""


def five_in(mail_game, imap_server, folder, env, make_mail):
    """A game where everybody but martell has sent orders: it waits only for martell."""
    game = mail_game()
    append(imap_server, folder, *[make_mail(email(h), orders(h)) for h in SIX[:5]])
    assert "accepted 5" in run(game.parent, env).output
    return game


def test_imap_drop_at_store_does_not_stall_the_game(
    mail_game, imap_server, smtp_server, folder, env, make_mail, monkeypatch
):
    game = five_in(mail_game, imap_server, folder, env, make_mail)
    append(imap_server, folder, make_mail(email("martell"), orders("martell")))

    def drop(self, folder, uids):
        raise MailConnectionError("IMAP connection lost: dropped at UID STORE")

    with monkeypatch.context() as m:
        m.setattr(ImapSession, "mark_processed", drop)
        run(game.parent, env)
    run(game.parent, env)
    assert commits(game)[0].startswith("w1: round 1"), commits(game)
    assert unmarked(imap_server, folder) == 0


def test_kill_before_the_engine_is_finished_by_the_next_run_with_the_real_receipt(
    mail_game, imap_server, smtp_server, folder, env, make_mail, monkeypatch
):
    game = five_in(mail_game, imap_server, folder, env, make_mail)
    append(imap_server, folder, make_mail(email("martell"), orders("martell")))

    def killed(*args, **kwargs):
        raise Killed

    with monkeypatch.context() as m:
        m.setattr(engine, "run", killed)
        with pytest.raises(Killed):
            run(game.parent, env)
    assert [s["player"] for s in submissions(game)][-1] == "martell"
    second = run(game.parent, env)
    assert "steps 1" in second.output, second.output
    assert commits(game)[0].startswith("w1: round 1")
    [receipt] = [m for m in smtp_server.handler.to(email("martell")) if "Re:" in m["Subject"]]
    body = receipt.get_content()
    assert "received and accepted" in body and "Sunspear" in body
    assert "already received" not in body


def test_kill_between_storing_and_queuing_the_receipt_sends_the_real_receipt(
    mail_game, imap_server, smtp_server, folder, env, make_mail, monkeypatch
):
    game = mail_game()
    append(imap_server, folder, make_mail(email("stark"), orders("stark")))

    def killed(*args, **kwargs):
        raise Killed

    with monkeypatch.context() as m:
        m.setattr(notices, "receipt_body", killed)
        with pytest.raises(Killed):
            run(game.parent, env)
    assert len(submissions(game)) == 1
    assert smtp_server.handler.messages == []
    run(game.parent, env)
    [receipt] = smtp_server.handler.to(email("stark"))
    body = receipt.get_content()
    assert "received and accepted" in body and "Winterfell" in body
    assert "already received" not in body


def test_server_down_at_the_deadline_holds_it_and_the_server_date_counts(
    mail_game, imap_server, smtp_server, folder, env, make_mail, unused_port, tmp_path
):
    game = five_in(mail_game, imap_server, folder, env, make_mail)
    c = imap_server.client()
    sent = datetime(2027, 1, 1, 12, 0, tzinfo=UTC)  # 48 h before the deadline (01-03 12:00)
    c.append(folder, make_mail(email("martell"), orders("martell")), msg_time=sent)
    c.logout()
    down = {**env, "ADJUDICATOR_IMAP_PORT": str(unused_port)}
    log = tmp_path / "cron.log"
    held = run(game.parent, down, "--log", str(log), now="2027-01-03T13:00Z")
    assert "steps" not in held.output, held.output
    assert "deadline" in log.read_text() and "inbox" in log.read_text()
    assert len(commits(game)) == 1
    late = [m for m in smtp_server.handler.to(email("martell")) if "Deadline" in m["Subject"]]
    assert late == []  # no "deadline passed" while we cannot see his mail
    back = run(game.parent, env, now="2027-01-03T14:00Z")
    assert "accepted 1" in back.output and "steps 1" in back.output, back.output
    report = (game / "reports" / "0001.md").read_text()
    assert "NMR" not in report


def test_receipt_says_when_a_step_was_resolved_without_a_mail_that_was_in_time(
    mail_game, imap_server, smtp_server, folder, env, make_mail
):
    game = five_in(mail_game, imap_server, folder, env, make_mail)
    c = imap_server.client()
    # Only a note: after the planning step the engine would refuse planning orders, but it
    # still stores a submission with nothing to use in it.
    late = orders("martell", "# sent on time, read late\n")
    c.append(
        folder,
        make_mail(email("martell"), late),
        msg_time=datetime(2027, 1, 2, 12, 0, tzinfo=UTC),
    )
    c.logout()
    # The GM resolved by hand while cron could not read the mail (an outage).
    engine.run(game, datetime(2027, 1, 3, 13, 0, tzinfo=UTC))
    assert commits(game)[0].startswith("w1: round 1")
    assert "accepted 1" in run(game.parent, env, now="2027-01-03T14:00Z").output
    [receipt] = [m for m in smtp_server.handler.to(email("martell")) if "Re:" in m["Subject"]]
    body = receipt.get_content()
    assert "could not read it before the step it was meant for was resolved" in body
    assert "2027-01-03 13:00 UTC" in body
