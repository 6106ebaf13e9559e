"""Issue 9, defect 10: TLS mistakes are GM problems that name the setting, and they fail fast."""

from __future__ import annotations

import time

from tests.mail.conftest import email
from tests.mail.test_cron import append, orders, run


def test_untrusted_smtp_certificate_is_a_gm_problem(
    mail_game, imap_server, smtp_server, folder, make_mail
):
    game = mail_game()
    append(imap_server, folder, make_mail(email("stark"), orders("stark")))
    env = {**imap_server.env(), **smtp_server.env(cafile="")}
    result = run(game.parent, env)
    assert result.exit_code == 1, result.output
    assert "ADJUDICATOR_SMTP_CAFILE" in result.stderr
    assert smtp_server.handler.messages == []


def test_starttls_against_an_implicit_tls_smtp_port_fails_fast(
    mail_game, imap_server, smtps_server, folder, make_mail
):
    game = mail_game()
    append(imap_server, folder, make_mail(email("stark"), orders("stark")))
    env = {**imap_server.env(), **smtps_server.env(security="starttls")}
    start = time.monotonic()
    result = run(game.parent, env)
    assert time.monotonic() - start < 20
    assert result.exit_code == 1, result.output
    assert "implicit TLS" in result.stderr and "ADJUDICATOR_SMTP_SECURITY" in result.stderr


def test_starttls_against_the_imaps_port_fails_fast(mail_game, imap_server, smtp_server):
    game = mail_game()
    env = {**imap_server.env(security="starttls"), **smtp_server.env()}
    start = time.monotonic()
    result = run(game.parent, env)
    assert time.monotonic() - start < 20
    assert result.exit_code == 1, result.output
    assert "implicit TLS" in result.stderr and "ADJUDICATOR_IMAP_SECURITY" in result.stderr
