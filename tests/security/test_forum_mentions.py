"""Issue 18, point 7: '@everyone', '@here' and '@user' in a player's name reach a Discourse
post as text, never as a mention (Discord is kept safe by `allowed_mentions`)."""

from __future__ import annotations

import json

from adjudicator.publish import forum


def test_a_discourse_post_mentions_nobody(monkeypatch) -> None:
    sent = []
    monkeypatch.setattr(forum, "_post_json", lambda url, body, headers, timeout: sent.append(body))
    site = forum.Discourse("https://forum.example.org", "key", "gm", 7)
    site.post("| Stark | @everyone @here @admins @ann.b | mail gm@example.org |")
    raw = json.loads(sent[0])["raw"]
    for name in ("everyone", "here", "admins", "ann.b"):
        assert f"@{name}" not in raw
        assert f"@\u200b{name}" in raw
    assert "gm@\u200bexample.org" in raw, "an address reads the same, and links nobody"
    assert (
        raw.replace("\u200b", "")
        == "| Stark | @everyone @here @admins @ann.b | mail gm@example.org |"
    )


def test_discord_keeps_its_allowed_mentions(monkeypatch) -> None:
    sent = []
    monkeypatch.setattr(forum, "_post_json", lambda url, body, headers, timeout: sent.append(body))
    forum.DiscordWebhook("https://discord.example/hook").post("@everyone")
    assert json.loads(sent[0])["allowed_mentions"] == {"parse": []}
