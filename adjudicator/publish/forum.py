"""Posting the public turn report to a forum: Discourse or a Discord webhook.

Both are one HTTP POST; `urllib` suffices. A post is queued in the game's outbox first (as
kind ``post``) and leaves the queue only when the forum answered 2xx, so a forum that is
down (5xx, timeout) gets the post on the next run and never twice. A long report is split
into parts at queue time, each queued on its own: a failure after part 2 resends part 3
only.

Where to post is game.yaml ``settings.forum`` (which forum, which topic); the keys and
webhook URLs are secrets and come from the environment or the config file.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from adjudicator.inbox.imap import MailSetupError
from adjudicator.publish.smtp import Outbox

DISCORD_LIMIT = 2000
"""Discord rejects a webhook message longer than this many characters."""
DISCOURSE_LIMIT = 32000
"""Discourse's default ``max_post_length``; a site may set it lower."""


class PostFailed(Exception):
    """The forum did not take the post; it stays queued. `retry` is False for a 4xx."""

    def __init__(self, message: str, *, retry: bool = True) -> None:
        super().__init__(message)
        self.retry = retry


class ForumTransport(Protocol):
    """Something that publishes one text to one place."""

    limit: int
    """The longest text one post may hold."""

    def post(self, text: str) -> None:
        """Publish `text`. Raises `PostFailed`."""


_MENTION = re.compile(r"@(?=[\w.-])")
"""Where Discourse would read '@name' as a mention of a user or a group ('@staff', '@here'):
a zero-width space after the '@' keeps the text and notifies nobody (issue 18; Discord
has `allowed_mentions` for this)."""


@dataclass(frozen=True)
class Discourse:
    """A reply in a Discourse topic: POST /posts.json with the API key headers."""

    url: str
    """The site, e.g. ``https://forum.example.org``."""
    api_key: str = field(repr=False)
    api_username: str
    topic_id: int
    timeout: float = 30.0
    limit: int = DISCOURSE_LIMIT

    def post(self, text: str) -> None:
        raw = _MENTION.sub("@\u200b", text)
        body = json.dumps({"topic_id": self.topic_id, "raw": raw}).encode()
        headers = {"Api-Key": self.api_key, "Api-Username": self.api_username}
        _post_json(f"{self.url.rstrip('/')}/posts.json", body, headers, self.timeout)


@dataclass(frozen=True)
class DiscordWebhook:
    """A message in a Discord channel through its webhook URL (the URL is the secret)."""

    url: str = field(repr=False)
    timeout: float = 30.0
    limit: int = DISCORD_LIMIT

    def post(self, text: str) -> None:
        body = json.dumps({"content": text, "allowed_mentions": {"parse": []}}).encode()
        _post_json(self.url, body, {}, self.timeout)


def _post_json(url: str, body: bytes, headers: Mapping[str, str], timeout: float) -> None:
    request = urllib.request.Request(url, data=body, method="POST")
    request.add_header("Content-Type", "application/json")
    request.add_header("User-Agent", "adjudicator")
    for name, value in headers.items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            response.read()
    except urllib.error.HTTPError as e:
        # 429 (rate limited) and 5xx are the forum's passing trouble: try again next run.
        retry = e.code == 429 or e.code >= 500
        raise PostFailed(f"HTTP {e.code} {e.reason}", retry=retry) from None
    except (urllib.error.URLError, OSError) as e:
        raise PostFailed(f"cannot reach the forum: {getattr(e, 'reason', e)}") from None


def split_text(text: str, limit: int) -> list[str]:
    """Cut `text` into parts of at most `limit` characters, at line ends where possible.

    >>> split_text("aaa\\nbbb\\nccc", 8)
    ['aaa\\nbbb', 'ccc']
    """
    parts: list[str] = []
    current = ""
    for line in text.splitlines(keepends=True):
        while len(line) > limit:  # a single overlong line: cut it hard
            if current:
                parts.append(current)
                current = ""
            parts.append(line[:limit])
            line = line[limit:]
        if len(current) + len(line) > limit:
            parts.append(current)
            current = ""
        current += line
    if current.strip():
        parts.append(current)
    return [p.rstrip("\n") for p in parts if p.strip()]


def queue_post(outbox: Outbox, key: str, text: str, limit: int) -> int:
    """Queue `text` as one or more posts under `key`; returns how many parts were new."""
    parts = split_text(text, limit)
    new = 0
    for number, part in enumerate(parts, start=1):
        payload = json.dumps({"part": number, "of": len(parts), "text": part}).encode()
        new += outbox.add(f"{key}:part{number:03d}", "post", payload)
    return new


@dataclass
class PostResult:
    posted: int = 0
    failed: list[str] = field(default_factory=list)
    """Passing trouble (5xx, 429, unreachable): tried again next run."""
    refused: list[str] = field(default_factory=list)
    """The forum said no (4xx: a wrong key, a deleted topic): the GM must look."""
    gave_up: list[str] = field(default_factory=list)


def drain_posts(outbox: Outbox, transport: ForumTransport) -> PostResult:
    """Post what is queued, in order; stop at the first failure so parts stay in order."""
    result = PostResult()
    for item in outbox.pending("post"):
        text = json.loads(item.payload())["text"]
        try:
            transport.post(text)
        except PostFailed as e:
            (result.failed if e.retry else result.refused).append(f"{item.name}: {e}")
            if not e.retry and outbox.record_failure(item, str(e)):
                result.gave_up.append(item.name)
            break
        outbox.mark_sent(item)
        result.posted += 1
    return result


def forum_transport(
    settings: Mapping[str, Any], env: Mapping[str, str], config: Mapping[str, Any], game_id: str
) -> ForumTransport | None:
    """The transport a game's ``settings.forum`` asks for, with secrets from env/config.

    ``settings.forum`` is ``{discourse_topic: 123}`` or ``{discord: true}``; None when the
    game posts nowhere. Raises `MailSetupError` naming a missing secret.
    """
    if not settings:
        return None
    if settings.get("discourse_topic") is not None:
        return _discourse(settings, env, config)
    if settings.get("discord"):
        hooks = dict((config.get("discord") or {}).get("webhooks") or {})
        url = env.get("ADJUDICATOR_DISCORD_WEBHOOK") or hooks.get(game_id)
        if not url:
            raise MailSetupError(
                f"game {game_id} posts to Discord but has no webhook: set "
                f"discord.webhooks.{game_id} in the config file (or ADJUDICATOR_DISCORD_WEBHOOK)."
            )
        return DiscordWebhook(str(url))
    raise MailSetupError(
        f"settings.forum of game {game_id} names no forum: use discourse_topic: <id> or "
        "discord: true."
    )


def _discourse(
    settings: Mapping[str, Any], env: Mapping[str, str], config: Mapping[str, Any]
) -> Discourse:
    section = dict(config.get("discourse") or {})
    values = {}
    for key in ("url", "api_key", "api_username"):
        value = env.get(f"ADJUDICATOR_DISCOURSE_{key.upper()}") or section.get(key)
        if not value:
            raise MailSetupError(
                f"Discourse posting needs {key}: set ADJUDICATOR_DISCOURSE_{key.upper()} or "
                f"discourse.{key} in the config file."
            )
        values[key] = str(value)
    return Discourse(
        values["url"], values["api_key"], values["api_username"], int(settings["discourse_topic"])
    )
