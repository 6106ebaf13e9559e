"""The outbox and SMTP against a real aiosmtpd: delivery, refusals, retries, threading."""

from __future__ import annotations

from email.message import Message

import pytest

from adjudicator.inbox.imap import MailSetupError
from adjudicator.publish import smtp
from adjudicator.publish.smtp import Outbox, SmtpConfig, SmtpSender, compose, drain, queue_mail


def sender_for(server, **extra) -> SmtpSender:
    config = SmtpConfig.from_settings(server.env(**extra), {})
    assert config is not None
    return SmtpSender(config)


def receipt(key: str, to: str = "ned@north.example", **kw) -> Message:
    return compose(
        key,
        sender="Westeros GM <gm@example.org>",
        to=[to],
        subject="Re: orders",
        body=f"Received {key}.\nWinterfell: march ★",
        **kw,
    )


def test_receipts_arrive_with_threading_headers(smtp_server, tmp_path):
    outbox = Outbox(tmp_path)
    msg = receipt("receipt:<m1@north>", in_reply_to="<m1@north>", references=["<r0@gm>"])
    assert queue_mail(outbox, "receipt:<m1@north>", msg)
    with sender_for(smtp_server) as sender:
        result = drain(outbox, sender)
    assert (result.sent, result.refused, result.left) == (1, [], 0)
    [got] = smtp_server.handler.to("ned@north.example")
    assert got["In-Reply-To"] == "<m1@north>"
    assert got["References"] == "<r0@gm> <m1@north>"
    assert got["From"] == "Westeros GM <gm@example.org>"
    assert got["Auto-Submitted"] == "auto-replied"
    assert "Winterfell: march ★" in got.get_content()
    assert smtp_server.handler.envelopes == [("gm@example.org", ["ned@north.example"])]
    assert outbox.pending("mail") == []


def test_smtps_with_implicit_tls(smtps_server, tmp_path):
    outbox = Outbox(tmp_path)
    queue_mail(outbox, "k1", receipt("k1"))
    with sender_for(smtps_server) as sender:
        assert drain(outbox, sender).sent == 1
    assert len(smtps_server.handler.messages) == 1


def test_queueing_the_same_key_twice_sends_once(smtp_server, tmp_path):
    outbox = Outbox(tmp_path)
    assert queue_mail(outbox, "receipt:<m1@x>", receipt("receipt:<m1@x>"))
    assert not queue_mail(outbox, "receipt:<m1@x>", receipt("receipt:<m1@x>"))
    with sender_for(smtp_server) as sender:
        drain(outbox, sender)
    # A re-run after a crash queues the same key again: it was sent, so nothing happens.
    assert not queue_mail(outbox, "receipt:<m1@x>", receipt("receipt:<m1@x>"))
    with sender_for(smtp_server) as sender:
        assert drain(outbox, sender).sent == 0
    assert len(smtp_server.handler.messages) == 1


@pytest.mark.parametrize("refusal", ["451 4.3.0 try again later", "554 5.7.1 rejected"])
def test_refused_mail_stays_pending_and_goes_next_run_exactly_once(smtp_server, tmp_path, refusal):
    outbox = Outbox(tmp_path)
    queue_mail(outbox, "a", receipt("a", to="a@x.example"))
    queue_mail(outbox, "b", receipt("b", to="b@x.example"))
    smtp_server.handler.refuse = [refusal]
    with sender_for(smtp_server) as sender:
        first = drain(outbox, sender)
    assert first.sent == 1 and len(first.refused) == 1
    assert refusal.split()[0] in first.refused[0]
    assert [i.attempts for i in outbox.pending("mail")] == [1]
    with sender_for(smtp_server) as sender:
        second = drain(outbox, sender)
    assert (second.sent, second.refused) == (1, [])
    with sender_for(smtp_server) as sender:
        assert drain(outbox, sender).sent == 0
    addressees = sorted(rcpt[0] for _, rcpt in smtp_server.handler.envelopes)
    assert addressees == ["a@x.example", "b@x.example"]


def test_item_refused_too_often_moves_to_failed(smtp_server, tmp_path, monkeypatch):
    monkeypatch.setattr(smtp, "MAX_ATTEMPTS", 2)
    outbox = Outbox(tmp_path)
    queue_mail(outbox, "a", receipt("a"))
    smtp_server.handler.refuse = ["554 no", "554 no"]
    with sender_for(smtp_server) as sender:
        assert drain(outbox, sender).gave_up == []
    with sender_for(smtp_server) as sender:
        assert len(drain(outbox, sender).gave_up) == 1
    assert outbox.pending("mail") == [] and outbox.count("failed", "mail") == 1


def test_server_down_keeps_everything_pending(tmp_path, smtp_server, unused_port):
    outbox = Outbox(tmp_path)
    queue_mail(outbox, "a", receipt("a"))
    with sender_for(smtp_server, port=str(unused_port)) as sender:
        result = drain(outbox, sender)
    assert result.sent == 0 and result.left == 1
    assert len(outbox.pending("mail")) == 1


def test_wrong_smtp_password_names_the_setting(smtp_server, tmp_path):
    outbox = Outbox(tmp_path)
    queue_mail(outbox, "a", receipt("a"))
    with pytest.raises(MailSetupError) as caught, sender_for(smtp_server, password="nope-77") as s:
        drain(outbox, s)
    assert "ADJUDICATOR_SMTP_PASSWORD" in caught.value.format_message()
    assert "nope-77" not in caught.value.format_message()
    assert len(outbox.pending("mail")) == 1


def test_rate_limit_spaces_mails_and_caps_a_run(smtp_server, tmp_path):
    outbox = Outbox(tmp_path)
    for key in "abc":
        queue_mail(outbox, key, receipt(key))
    config = SmtpConfig.from_settings(smtp_server.env(min_interval="5", max_per_run="2"), {})
    assert config is not None
    now = [100.0]
    waits: list[float] = []

    def sleep(seconds: float) -> None:
        waits.append(seconds)
        now[0] += seconds

    with SmtpSender(config, clock=lambda: now[0], sleep=sleep) as sender:
        result = drain(outbox, sender)
    assert (result.sent, result.left) == (2, 1)
    assert waits == [5.0]


def test_message_id_is_stable_per_key():
    a, b = receipt("k"), receipt("k")
    assert a["Message-ID"] == b["Message-ID"]
    assert a["Message-ID"].endswith("@example.org>")
    assert receipt("other")["Message-ID"] != a["Message-ID"]


def test_smtp_settings_need_from_and_hide_password():
    env = {"ADJUDICATOR_SMTP_HOST": "h", "ADJUDICATOR_SMTP_USER": "u"}
    env["ADJUDICATOR_SMTP_PASSWORD"] = "pw-secret"
    with pytest.raises(MailSetupError, match="ADJUDICATOR_SMTP_FROM"):
        SmtpConfig.from_settings(env, {})
    config = SmtpConfig.from_settings(env, {"smtp": {"from": "gm@example.org", "port": 2525}})
    assert config is not None and config.port == 2525
    assert "pw-secret" not in repr(config)
