"""Forum posting against a local HTTP server that plays Discourse or a Discord webhook."""

from __future__ import annotations

import pytest

from adjudicator.inbox.imap import MailSetupError
from adjudicator.publish.forum import (
    DiscordWebhook,
    Discourse,
    drain_posts,
    forum_transport,
    queue_post,
    split_text,
)
from adjudicator.publish.smtp import Outbox


def test_discourse_post_has_api_headers_topic_and_raw(forum, tmp_path):
    outbox = Outbox(tmp_path)
    assert queue_post(outbox, "report:0003", "# Round 2\nStark marches.", 32000) == 1
    result = drain_posts(outbox, Discourse(forum.url, "key-123", "gm-bot", 42))
    assert result.posted == 1
    [(path, headers, body)] = forum.posts
    assert path == "/posts.json"
    assert headers["Api-Key"] == "key-123" and headers["Api-Username"] == "gm-bot"
    assert body == {"topic_id": 42, "raw": "# Round 2\nStark marches."}


def test_discord_webhook_splits_at_2000_characters(forum, tmp_path):
    outbox = Outbox(tmp_path)
    report = "\n".join(f"line {i:04d} " + "x" * 80 for i in range(60))
    assert queue_post(outbox, "report:0003", report, 2000) == 3
    result = drain_posts(outbox, DiscordWebhook(f"{forum.url}/api/webhooks/1/tok"))
    assert result.posted == 3
    contents = [body["content"] for _, _, body in forum.posts]
    assert all(len(c) <= 2000 for c in contents)
    assert "\n".join(contents) == report
    assert all(path == "/api/webhooks/1/tok" for path, _, _ in forum.posts)


def test_5xx_is_retried_next_run_and_not_lost(forum, tmp_path):
    outbox = Outbox(tmp_path)
    queue_post(outbox, "report:0004", "a\n" * 1500, 2000)  # two parts
    transport = DiscordWebhook(forum.url + "/hook")
    forum.statuses = [200, 503]
    first = drain_posts(outbox, transport)
    assert first.posted == 1 and "503" in first.failed[0]
    assert len(outbox.pending("post")) == 1
    second = drain_posts(outbox, transport)
    assert second.posted == 1 and second.failed == []
    assert drain_posts(outbox, transport).posted == 0
    assert len(forum.posts) == 2  # part 1 once, part 2 once
    assert not queue_post(outbox, "report:0004", "a\n" * 1500, 2000)  # a re-run adds nothing


def test_forum_down_keeps_the_post(tmp_path, unused_port):
    outbox = Outbox(tmp_path)
    queue_post(outbox, "r", "hello", 2000)
    result = drain_posts(outbox, DiscordWebhook(f"http://127.0.0.1:{unused_port}/hook"))
    assert result.posted == 0 and "cannot reach" in result.failed[0]
    assert len(outbox.pending("post")) == 1


def test_split_text_keeps_lines_whole_and_cuts_overlong_ones():
    assert split_text("abc\ndef\n", 4) == ["abc", "def"]
    assert split_text("x" * 10, 4) == ["xxxx", "xxxx", "xx"]
    assert split_text("", 4) == []


def test_transport_from_settings_and_secrets():
    env = {"ADJUDICATOR_DISCOURSE_URL": "https://f.example", "ADJUDICATOR_DISCOURSE_API_KEY": "k"}
    config = {"discourse": {"api_username": "bot"}, "discord": {"webhooks": {"w1": "https://d/x"}}}
    discourse = forum_transport({"discourse_topic": 7}, env, config, "w1")
    assert isinstance(discourse, Discourse) and discourse.topic_id == 7
    assert "'k'" not in repr(discourse)
    discord = forum_transport({"discord": True}, {}, config, "w1")
    assert isinstance(discord, DiscordWebhook) and discord.url == "https://d/x"
    assert forum_transport({}, env, config, "w1") is None
    with pytest.raises(MailSetupError, match=r"discord\.webhooks\.w2"):
        forum_transport({"discord": True}, {}, config, "w2")
    with pytest.raises(MailSetupError, match="ADJUDICATOR_DISCOURSE_API_USERNAME"):
        forum_transport({"discourse_topic": 7}, env, {}, "w1")


def test_4xx_is_a_gm_problem_and_the_post_stays_queued(forum, tmp_path):
    outbox = Outbox(tmp_path)
    queue_post(outbox, "r", "hello", 2000)
    forum.statuses = [403]
    result = drain_posts(outbox, Discourse(forum.url, "bad-key", "bot", 1))
    assert result.posted == 0 and result.failed == [] and "403" in result.refused[0]
    assert [i.attempts for i in outbox.pending("post")] == [1]
    assert drain_posts(outbox, Discourse(forum.url, "good-key", "bot", 1)).posted == 1
