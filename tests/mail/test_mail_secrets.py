"""Issue 18, point 6: a password in a mail's Subject is never echoed (the reply's subject)
nor logged (`cron -vv`, `--log`), for a game's mail and for unrouted mail. Real Dovecot."""

from __future__ import annotations

from tests.conftest import SIX
from tests.mail.test_cron import append, email, orders, run


def test_a_password_in_the_subject_is_never_echoed_or_logged(
    mail_game, imap_server, smtp_server, folder, env, make_mail, tmp_path
) -> None:
    game = mail_game()
    subject = "orders, password: hunter2-subject"
    append(imap_server, folder, make_mail(email("stark"), orders("stark", pw="x"), subject=subject))
    log = tmp_path / "cron.log"
    result = run(game.parent, env, "-vv", "--log", str(log))
    assert "rejected 1" in result.output
    [reply] = smtp_server.handler.to(email("stark"))
    assert reply["Subject"] == "Re: [w1] orders, password: ********"
    for said in (result.output, log.read_text(), reply.as_string()):
        assert "hunter2-subject" not in said


def test_an_unrouted_mail_with_a_password_in_its_subject_is_logged_without_it(
    new_game, imap_server, smtp_server, folder, make_mail, tmp_path
) -> None:
    roster = {h: {"name": h.title(), "email": email(h)} for h in SIX}
    game = new_game("w1", roster=roster)
    env = {**imap_server.env(folder=folder), **smtp_server.env()}
    subject = "my orders (Senha: hunter2-unrouted)"
    append(imap_server, folder, make_mail(email("tyrell"), orders("tyrell"), subject=subject))
    log = tmp_path / "cron.log"
    result = run(game.parent, env, "-vv", "--log", str(log))
    assert "(shared folder): unrouted 1" in result.output
    assert "Senha: ********" in result.output
    for said in (result.output, log.read_text()):
        assert "hunter2-unrouted" not in said


def test_a_forged_mail_is_told_to_the_owner_of_the_address(
    mail_game, imap_server, smtp_server, folder, env, make_mail
) -> None:
    """Point 17: refused as forged, and the real owner learns of it, in their language."""
    game = mail_game()
    forged = make_mail(
        email("stark"),
        orders("stark") + "\nsecret plan line\n",
        headers={
            "Authentication-Results": "mx.example.org; dmarc=fail header.from=players.example"
        },
    )
    append(imap_server, folder, forged)
    result = run(game.parent, env)
    assert "forged 1" in result.output
    [told] = smtp_server.handler.messages
    assert told["To"] == email("stark")
    text = told.get_content()
    assert "a mail in your name (stark@players.example) reached us" in text
    assert "it was not applied" in text and "secret plan line" not in text
    assert run(game.parent, env).exit_code == 0
    assert len(smtp_server.handler.messages) == 1, "told once"


def test_a_list_rewrite_is_told_to_the_player_at_their_own_address(
    mail_game, imap_server, smtp_server, folder, env, make_mail
) -> None:
    game = mail_game()
    relayed = make_mail(
        '"Ann via Westeros BR" <westeros-br@lists.example>',
        orders("stark"),
        headers={"X-Original-From": f"Ann <{email('stark')}>"},
    )
    append(imap_server, folder, relayed)
    result = run(game.parent, env)
    assert "stranger 1" in result.output
    [told] = smtp_server.handler.messages
    assert told["To"] == email("stark")
    assert "reached us through westeros-br@lists.example" in told.get_content()
    assert smtp_server.handler.to("westeros-br@lists.example") == []


def test_a_strangers_mail_still_gets_no_answer(
    mail_game, imap_server, smtp_server, folder, env, make_mail
) -> None:
    game = mail_game()
    append(imap_server, folder, make_mail("someone@else.example", orders("stark")))
    assert "stranger 1" in run(game.parent, env).output
    assert smtp_server.handler.messages == []


def test_guessing_by_mail_tells_the_gm_and_the_house(
    mail_game, imap_server, smtp_server, folder, env, make_mail, tmp_path
) -> None:
    """Point 8: the GM's log names the house and exit is 1; the house's own address gets a
    notice; the right password after the limit is not applied in this step."""
    from adjudicator.guessing import LIMIT

    game = mail_game()
    wrong = [make_mail(email("stark"), orders("stark", pw=f"guess-{n}")) for n in range(LIMIT + 3)]
    append(imap_server, folder, *wrong, make_mail(email("stark"), orders("stark")))
    log = tmp_path / "cron.log"
    result = run(game.parent, env, "--log", str(log))
    assert result.exit_code == 1
    assert f"{LIMIT} wrong passwords for stark in step 1" in result.output
    assert "nothing more is checked for stark" in log.read_text()
    notices = [
        m for m in smtp_server.handler.to(email("stark")) if "To stop anyone" in m.get_content()
    ]
    assert len(notices) == 1
    assert "accepted" not in result.output
