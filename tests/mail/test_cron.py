"""`adjudicator cron` end to end: real Dovecot, real aiosmtpd, real games, real git."""

from __future__ import annotations

import subprocess
from pathlib import Path

import yaml
from click.testing import CliRunner

from adjudicator.cron.command import cron_command
from adjudicator.cron.desk import MailDesk
from adjudicator.inbox.imap import PROCESSED_KEYWORD, ImapSession, MailConnectionError, SeenMail
from tests.conftest import SAMPLE_ORDERS, SIX, password

NOW = "2027-01-01T13:00Z"
GM = "gm@example.org"


def email(house: str) -> str:
    return f"{house}@players.example"


def orders(house: str, body: str | None = None, pw: str | None = None) -> str:
    return f"house: {house}\npassword: {pw or password(house)}\n{body or SAMPLE_ORDERS[house]}"


def run(root: Path, env: dict[str, str], *args: str, now: str = NOW):
    result = CliRunner().invoke(
        cron_command, [str(root), "--now", now, *args], env=env, catch_exceptions=False
    )
    return result


def append(server, folder: str, *mails: bytes) -> None:
    c = server.client()
    for raw in mails:
        c.append(folder, raw)
    c.logout()


def unmarked(server, folder: str) -> int:
    c = server.client()
    c.select_folder(folder, readonly=True)
    n = len(c.search(["UNKEYWORD", PROCESSED_KEYWORD]))
    c.logout()
    return n


def commits(game: Path) -> list[str]:
    out = subprocess.run(
        ["git", "-C", str(game), "log", "--format=%s"], capture_output=True, text=True, check=True
    )
    return out.stdout.splitlines()


def submissions(game: Path) -> list[dict]:
    folder = game / ".adjudicator" / "submissions"
    return [yaml.safe_load(p.read_text()) for p in sorted(folder.glob("*.yaml"))]


def test_six_players_by_mail_end_to_end(
    mail_game, imap_server, smtp_server, folder, env, make_mail
):
    game = mail_game()
    root = game.parent
    inbox = smtp_server.handler
    append(
        imap_server,
        folder,
        make_mail(email("stark"), orders("stark"), message_id="<stark-1@p>"),
        make_mail(
            email("lannister"),
            html="".join(f"<div>{line}</div>" for line in orders("lannister").splitlines()),
        ),
        make_mail(
            email("baratheon"),
            "My orders are attached.\n-- \nStannis",
            attachment=("baratheon.txt", orders("baratheon")),
        ),
        make_mail(
            email("greyjoy"),
            orders("greyjoy") + "\nOn Fri, 1 Jan 2027 GM <gm@example.org> wrote:\n> house: stark\n",
            subject="Re: [w1] Turn report 0000",
            in_reply_to="<report-0@example.org>",
        ),
        make_mail(email("tyrell"), orders("tyrell", pw="wrong-pw-xyz"), message_id="<ty-1@p>"),
        make_mail("eve@stranger.example", orders("martell")),
    )

    first = run(root, env)
    assert first.exit_code == 0, first.output
    assert "w1: accepted 4; rejected 1; stranger 1" in first.output
    assert unmarked(imap_server, folder) == 0

    for house in ("stark", "lannister", "baratheon", "greyjoy"):
        [receipt] = inbox.to(email(house))
        assert "your orders were received and accepted" in receipt.get_content()
        assert password(house) not in receipt.get_content()
    [error] = inbox.to(email("tyrell"))
    assert error["In-Reply-To"] == "<ty-1@p>" and error["References"] == "<ty-1@p>"
    assert "house or password not recognised" in error.get_content()
    assert "wrong-pw-xyz" not in error.get_content()
    assert inbox.to("eve@stranger.example") == []  # no backscatter
    greyjoy = inbox.to(email("greyjoy"))[0]
    assert greyjoy["References"].split() == ["<report-0@example.org>", greyjoy["In-Reply-To"]]
    assert [s["player"] for s in submissions(game)] == [
        "stark",
        "lannister",
        "baratheon",
        "greyjoy",
    ]
    assert commits(game) == ["w1: new game"]

    inbox.messages.clear(), inbox.envelopes.clear()
    append(
        imap_server,
        folder,
        make_mail(email("tyrell"), orders("tyrell"), subject="orders again"),
        make_mail(email("martell"), orders("martell")),
    )
    second = run(root, env)
    assert second.exit_code == 0, second.output
    assert "accepted 2" in second.output and "steps 1" in second.output
    assert commits(game)[0].startswith("w1: round 1")
    for house in SIX:
        mails = inbox.to(email(house))
        reports = [m for m in mails if "Report no. 0001" in m["Subject"]]
        assert len(reports) == 1, (house, [m["Subject"] for m in mails], second.output)
        body = reports[0].get_content()
        assert "round 1" in body
        assert f"for {house} only" in body
        for other in set(SIX) - {house}:
            assert f"for {other} only" not in body

    inbox.messages.clear(), inbox.envelopes.clear()
    third = run(root, env)
    assert third.exit_code == 0 and third.output == ""
    assert inbox.messages == []
    assert len(commits(game)) == 2


def test_right_address_wrong_password_is_answered_generically(
    mail_game, imap_server, smtp_server, folder, env, make_mail, tmp_path
):
    game = mail_game()
    mail_game("w2")
    append(imap_server, folder, make_mail(email("stark"), orders("stark", pw="guess-123")))
    log = tmp_path / "cron.log"
    result = run(game.parent, env, "--log", str(log))
    assert "rejected 1" in result.output
    logged = log.read_text().splitlines()
    assert len([line for line in logged if " w2: " in line]) == 1  # idle games are logged too
    [attempt] = [line for line in logged if "w1: rejected <" in line]
    assert email("stark") in attempt and "house or password not recognised" in attempt
    assert "guess-123" not in log.read_text()
    [reply] = smtp_server.handler.to(email("stark"))
    assert "house or password not recognised" in reply.get_content()
    assert "guess-123" not in reply.get_content() and "guess-123" not in result.output
    assert submissions(game) == []


def test_wrong_address_right_password_gets_no_reply(
    mail_game, imap_server, smtp_server, folder, env, make_mail
):
    game = mail_game()
    append(imap_server, folder, make_mail("mallory@evil.example", orders("stark")))
    result = run(game.parent, env)
    assert "stranger 1" in result.output
    assert smtp_server.handler.messages == []
    assert submissions(game) == []
    assert unmarked(imap_server, folder) == 0


def test_player_cannot_send_for_another_house(
    mail_game, imap_server, smtp_server, folder, env, make_mail
):
    game = mail_game()
    append(imap_server, folder, make_mail(email("lannister"), orders("stark")))
    result = run(game.parent, env)
    assert "rejected 1" in result.output
    assert smtp_server.handler.to(email("stark")) == []
    [reply] = smtp_server.handler.to(email("lannister"))
    assert "house or password not recognised" in reply.get_content()
    assert submissions(game) == []


def test_gm_may_send_for_any_house(mail_game, imap_server, smtp_server, folder, env, make_mail):
    from adjudicator.auth import hash_password

    game = mail_game(extra={"gm_password": hash_password("gm-pw")})
    append(imap_server, folder, make_mail(GM, orders("stark", pw="gm-pw")))
    assert "accepted 1" in run(game.parent, env).output
    assert [s["player"] for s in submissions(game)] == ["stark"]
    assert len(smtp_server.handler.to(GM)) == 1


def test_replayed_message_is_never_applied_twice(
    mail_game, imap_server, smtp_server, folder, env, make_mail
):
    game = mail_game()
    original = make_mail(email("stark"), orders("stark"), message_id="<once@p>")
    append(imap_server, folder, original)
    run(game.parent, env)
    assert len(submissions(game)) == 1
    smtp_server.handler.messages.clear(), smtp_server.handler.envelopes.clear()

    forged = make_mail(
        email("stark"), orders("stark", "Winterfell: march\n"), message_id="<once@p>"
    )
    append(imap_server, folder, original, forged)
    result = run(game.parent, env)
    assert "duplicate 1" in result.output and "replay 1" in result.output
    assert len(submissions(game)) == 1
    assert "Winterfell: march +1" in submissions(game)[0]["text"]
    assert smtp_server.handler.messages == []
    assert unmarked(imap_server, folder) == 0


def test_mail_naming_another_game_is_not_applied(
    mail_game, imap_server, smtp_server, folder, env, make_mail
):
    game = mail_game()
    mail_game("w2", folder=None)  # a tag counts only when it names a game under the root
    append(imap_server, folder, make_mail(email("stark"), orders("stark"), subject="[w2] orders"))
    result = run(game.parent, env)
    assert "other-game 1" in result.output
    assert submissions(game) == []
    [reply] = smtp_server.handler.to(email("stark"))
    assert "names game 'w2'" in reply.get_content()


def test_shared_folder_routes_by_subject_and_strangers_get_nothing(
    new_game, imap_server, smtp_server, folder, make_mail
):
    roster = {h: {"name": h.title(), "email": email(h)} for h in SIX}
    w1 = new_game("w1", roster=roster, settings={"gm_email": GM})
    other = {h: {"name": h.title(), "email": f"{h}@other.example"} for h in SIX}
    w2 = new_game("w2", roster=other, settings={"gm_email": GM})
    env = {**imap_server.env(folder=folder), **smtp_server.env()}
    append(
        imap_server,
        folder,
        make_mail(email("stark"), orders("stark"), subject="[w1] orders"),
        make_mail(email("lannister"), orders("lannister"), subject="[w2] orders"),
        make_mail(email("greyjoy"), "game: w1\n" + orders("greyjoy"), subject="my orders"),
        make_mail(email("tyrell"), orders("tyrell"), subject="no game named"),
    )
    result = run(w1.parent, env)
    assert result.exit_code == 0, result.output
    assert "w1: accepted 2" in result.output
    assert "w2: stranger 1" in result.output
    assert "(shared folder): unrouted 1" in result.output
    assert [s["player"] for s in submissions(w1)] == ["stark", "greyjoy"]
    assert submissions(w2) == []
    assert smtp_server.handler.to(email("lannister")) == []
    assert smtp_server.handler.to(email("tyrell")) == []
    assert unmarked(imap_server, folder) == 0


def test_crash_before_marking_reads_again_without_double_counting(
    mail_game, imap_server, smtp_server, folder, env, make_mail, monkeypatch
):
    game = mail_game()
    append(imap_server, folder, make_mail(email("stark"), orders("stark")))

    def crash(self, folder, uids):
        raise MailConnectionError("IMAP connection lost: simulated crash")

    with monkeypatch.context() as m:
        m.setattr(ImapSession, "mark_processed", crash)
        first = run(game.parent, env)
    assert "retry: IMAP connection lost" in first.output
    assert unmarked(imap_server, folder) == 1
    second = run(game.parent, env)
    assert "duplicate 1" in second.output
    assert unmarked(imap_server, folder) == 0
    assert len(submissions(game)) == 1
    assert len(smtp_server.handler.to(email("stark"))) == 1  # one receipt, not two


def test_crash_after_storing_before_recording_sends_one_receipt(
    mail_game, imap_server, smtp_server, folder, env, make_mail, monkeypatch
):
    game = mail_game()
    append(imap_server, folder, make_mail(email("stark"), orders("stark")))

    def crash(self, *args):
        raise OSError("disk full (simulated)")

    with monkeypatch.context() as m:
        m.setattr(SeenMail, "record", crash)
        first = run(game.parent, env)
    assert first.exit_code == 1 and "disk full" in first.stderr
    assert unmarked(imap_server, folder) == 1
    second = run(game.parent, env)
    assert second.exit_code == 0
    assert len(submissions(game)) == 1
    [receipt] = smtp_server.handler.to(email("stark"))
    assert "received and accepted" in receipt.get_content()


def test_dropped_imap_connection_mid_fetch_then_next_run_completes(
    mail_game, imap_server, smtp_server, folder, env, make_mail, monkeypatch
):
    from adjudicator.inbox import imap

    monkeypatch.setattr(imap, "FETCH_BATCH", 2)
    game = mail_game()
    houses = SIX[:5]
    append(imap_server, folder, *[make_mail(email(h), orders(h)) for h in houses])
    taken = []
    real = MailDesk._take_one

    def take_then_kick(self, *args):
        outcome = real(self, *args)
        taken.append(outcome)
        if len(taken) == 2:
            conf = imap_server.dir / "dovecot.conf"
            subprocess.run(["doveadm", "-c", str(conf), "kick", imap_server.user], check=True)
        return outcome

    with monkeypatch.context() as m:
        m.setattr(MailDesk, "_take_one", take_then_kick)
        first = run(game.parent, env)
    assert "retry: IMAP connection lost" in first.output
    second = run(game.parent, env)
    assert second.exit_code == 0, second.output
    assert unmarked(imap_server, folder) == 0
    assert sorted(s["player"] for s in submissions(game)) == sorted(houses)
    for house in houses:
        assert len(smtp_server.handler.to(email(house))) == 1, house


def test_wrong_imap_password_is_one_clear_gm_problem(mail_game, imap_server, env):
    game = mail_game()
    mail_game("w2")
    env = {**env, "ADJUDICATOR_IMAP_PASSWORD": "bad-imap-pw"}
    result = run(game.parent, env)
    assert result.exit_code == 1
    assert result.stderr.count("ADJUDICATOR_IMAP_PASSWORD") == 1
    assert "bad-imap-pw" not in result.output + result.stderr
    assert "1 game(s) need the GM: (imap)" in result.stderr


def test_broken_game_does_not_stop_the_others(
    mail_game, imap_server, smtp_server, folder, env, make_mail
):
    good = mail_game("w1")
    broken = good.parent / "w0"
    broken.mkdir()
    (broken / "game.yaml").write_text("schema: [unclosed\n")
    append(imap_server, folder, make_mail(email("stark"), orders("stark")))
    result = run(good.parent, env)
    assert result.exit_code == 1
    assert "w0: PROBLEM" in result.stderr and "not valid YAML" in result.stderr
    assert "w1: accepted 1" in result.output


def test_smtp_refusal_keeps_replies_for_the_next_run(
    mail_game, imap_server, smtp_server, folder, env, make_mail
):
    game = mail_game()
    append(imap_server, folder, make_mail(email("stark"), orders("stark")))
    smtp_server.handler.refuse = ["451 4.7.1 greylisted"]
    first = run(game.parent, env)
    assert "retry:" in first.output and "451" in first.output
    assert smtp_server.handler.messages == []
    second = run(game.parent, env)
    assert "sent 1" in second.output
    assert len(smtp_server.handler.to(email("stark"))) == 1
    assert run(game.parent, env).output == ""


def test_reminder_then_late_notice_once_each(
    mail_game, imap_server, smtp_server, folder, env, make_mail
):
    game = mail_game(reminder_hours=12)
    append(imap_server, folder, *[make_mail(email(h), orders(h)) for h in SIX[:5]])
    run(game.parent, env)  # five receipts; martell is missing; deadline 2027-01-03T12:00Z
    smtp_server.handler.messages.clear(), smtp_server.handler.envelopes.clear()
    assert run(game.parent, env, now="2027-01-02T10:00Z").output == ""  # not yet
    early = run(game.parent, env, now="2027-01-03T01:00Z")
    assert "queued 1" in early.output
    [reminder] = smtp_server.handler.messages
    assert smtp_server.handler.envelopes[0][1] == [email("martell")]
    assert "Reminder" in reminder["Subject"] and "2027-01-03 12:00 UTC" in reminder.get_content()
    assert run(game.parent, env, now="2027-01-03T02:00Z").output == ""  # once only
    assert "Reminder" not in str([m["Subject"] for m in smtp_server.handler.to(email("stark"))])


def test_config_file_inside_a_game_is_refused(mail_game, env):
    game = mail_game()
    config = game / "mail.yaml"
    config.write_text("imap: {}\n")
    result = run(game.parent, env, "--config", str(config))
    assert result.exit_code == 1
    assert "inside the game folder" in result.output + result.stderr


def test_config_file_supplies_credentials(
    mail_game, imap_server, smtp_server, folder, make_mail, tmp_path
):
    game = mail_game()
    config = tmp_path / "adjudicator.yaml"
    config.write_text(
        yaml.safe_dump(
            {
                "imap": {
                    "host": imap_server.host,
                    "port": imap_server.ssl_port,
                    "user": imap_server.user,
                    "password": imap_server.password,
                    "cafile": imap_server.cafile,
                },
                "smtp": {
                    "host": smtp_server.host,
                    "port": smtp_server.port,
                    "security": "starttls",
                    "user": smtp_server.user,
                    "password": smtp_server.password,
                    "cafile": smtp_server.cafile,
                    "from": "GM <gm@example.org>",
                    "min_interval": 0,
                },
            }
        )
    )
    append(imap_server, folder, make_mail(email("stark"), orders("stark")))
    config.chmod(0o644)
    refused = run(game.parent, {}, "--config", str(config))
    assert refused.exit_code == 1
    assert f"chmod 600 {config}" in refused.output + refused.stderr
    config.chmod(0o600)
    result = run(game.parent, {}, "--config", str(config))
    assert result.exit_code == 0, result.output + result.stderr
    assert "accepted 1" in result.output
    assert len(smtp_server.handler.to(email("stark"))) == 1


def test_reports_are_posted_to_discord_and_a_5xx_is_retried(
    new_game, imap_server, smtp_server, folder, make_mail, forum
):
    roster = {h: {"name": h.title(), "email": email(h)} for h in SIX}
    settings = {"gm_email": GM, "mail": {"folder": folder}, "forum": {"discord": True}}
    game = new_game("w1", roster=roster, settings=settings)
    env = {**imap_server.env(), **smtp_server.env()}
    env["ADJUDICATOR_DISCORD_WEBHOOK"] = f"{forum.url}/api/webhooks/9/tok"
    append(imap_server, folder, *[make_mail(email(h), orders(h)) for h in SIX])
    forum.statuses = [502]
    first = run(game.parent, env)
    assert "steps 1" in first.output and "retry: " in first.output and "502" in first.output
    assert forum.posts == []
    second = run(game.parent, env)
    assert second.exit_code == 0, second.output
    assert "posted" in second.output
    texts = [body["content"] for _, _, body in forum.posts]
    assert all(len(t) <= 2000 for t in texts)
    report = (game / "reports" / "0001.md").read_text()
    lines = [line for t in texts for line in t.splitlines() if line.strip()]
    assert lines == [line for line in report.splitlines() if line.strip()]
    assert all("for stark only" not in t for t in texts)  # private reports never go public
    assert run(game.parent, env).output == ""
    assert len(forum.posts) == len(texts)


def test_late_notice_when_the_game_waits(
    mail_game, imap_server, smtp_server, folder, env, make_mail
):
    game = mail_game(reminder_hours=0)
    meta = yaml.safe_load((game / "game.yaml").read_text())
    meta["settings"]["nmr"] = "wait"
    (game / "game.yaml").write_text(yaml.safe_dump(meta, sort_keys=False))
    append(imap_server, folder, *[make_mail(email(h), orders(h)) for h in SIX[:5]])
    run(game.parent, env)
    smtp_server.handler.messages.clear(), smtp_server.handler.envelopes.clear()
    late = run(game.parent, env, now="2027-01-04T00:00Z")
    assert "queued 1" in late.output
    [notice] = smtp_server.handler.to(email("martell"))
    assert "Deadline passed" in notice["Subject"]
    assert "The game waits for your answer." in notice.get_content()
    assert run(game.parent, env, now="2027-01-04T01:00Z").output == ""


def test_idle_game_skips_the_engine_until_something_changes(
    mail_game, imap_server, smtp_server, folder, env, make_mail, monkeypatch
):
    from adjudicator import engine

    game = mail_game()
    run(game.parent, env)  # the first run always runs the engine
    calls = []
    real = engine.run

    def counting(path, now, **kw):
        calls.append(path)
        return real(path, now, **kw)

    monkeypatch.setattr(engine, "run", counting)
    assert run(game.parent, env).output == ""
    assert calls == []
    (game / "inbox" / "stark.txt").write_text(orders("stark"))
    assert "files 1" in run(game.parent, env).output
    assert len(calls) == 1
    from adjudicator.settings import extend_deadlines

    extend_deadlines(game, 24)  # the GM changed the game: the engine must look again
    run(game.parent, env)
    assert len(calls) == 2


def test_missing_imap_folder_is_a_gm_problem_but_the_game_still_runs(
    new_game, imap_server, smtp_server
):
    roster = {h: {"name": h.title(), "email": email(h)} for h in SIX}
    settings = {"gm_email": GM, "mail": {"folder": "no-such-folder"}}
    game = new_game("w1", roster=roster, settings=settings)
    (game / "inbox" / "stark.txt").write_text(orders("stark"))
    result = run(game.parent, {**imap_server.env(), **smtp_server.env()})
    assert result.exit_code == 1
    assert "no-such-folder" in result.stderr and "settings.mail.folder" in result.stderr
    assert "files 1" in result.stderr
    assert [s["player"] for s in submissions(game)] == ["stark"]


def test_vacation_reply_from_a_player_is_not_answered(
    mail_game, imap_server, smtp_server, folder, env, make_mail
):
    game = mail_game()
    away = make_mail(email("stark"), "I am away until Monday.", subject="Re: [w1] receipt")
    append(imap_server, folder, b"Auto-Submitted: auto-replied\r\n" + away)
    result = run(game.parent, env)
    assert "automatic 1" in result.output
    assert smtp_server.handler.messages == []
    assert unmarked(imap_server, folder) == 0


def test_forum_posting_without_any_smtp(new_game, forum):
    """A GM who reads orders from files and only posts to Discourse: no mail settings."""
    game = new_game("w1", settings={"forum": {"discourse_topic": 77}})
    for house in SIX:
        (game / "inbox" / f"{house}.txt").write_text(orders(house))
    env = {
        "ADJUDICATOR_DISCOURSE_URL": forum.url,
        "ADJUDICATOR_DISCOURSE_API_KEY": "k-1",
        "ADJUDICATOR_DISCOURSE_API_USERNAME": "gm-bot",
    }
    result = run(game.parent, env)
    assert result.exit_code == 0, result.output
    assert "files 6; steps 1" in result.output and "posted 1" in result.output
    [(path, headers, body)] = forum.posts
    assert path == "/posts.json" and headers["Api-Key"] == "k-1" and body["topic_id"] == 77
    assert body["raw"] == (game / "reports" / "0001.md").read_text().strip("\n")
