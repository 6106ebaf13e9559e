"""Times as adjudicator writes and reads them: UTC, ISO 8601, to the second."""

from __future__ import annotations

from datetime import UTC, datetime


def utc(moment: datetime) -> str:
    """ISO 8601 in UTC with a Z, to the second: how every time is written."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_time(text: str) -> datetime:
    """Read '2027-01-05T12:00Z', '2027-01-05T12:00:00+01:00' or '2027-01-05'."""
    moment = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
