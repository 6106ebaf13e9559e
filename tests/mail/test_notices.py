"""Which reminders and late notices are due, and what they say (never a password)."""

from __future__ import annotations

from datetime import UTC, datetime

from adjudicator.publish.notices import (
    NoticeKind,
    due_notices,
    notice_body,
    numbered,
    queue_notices,
)
from adjudicator.publish.smtp import Outbox

WAITING = [
    {"player": "stark", "summary": "place orders", "deadline": "2027-01-03T12:00:00Z"},
    {"player": "tyrell", "summary": "place orders", "deadline": "2027-01-05T12:00:00Z"},
]


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def test_nothing_due_far_from_the_deadline():
    assert due_notices(WAITING, at("2027-01-02T11:59"), 24) == []


def test_reminder_inside_the_window_and_late_after_the_deadline():
    [reminder] = due_notices(WAITING, at("2027-01-02T12:00"), 24)
    assert (reminder.kind, reminder.player) == (NoticeKind.REMINDER, "stark")
    late, reminder2 = due_notices(WAITING, at("2027-01-04T13:00"), 24)
    assert (late.kind, late.player) == (NoticeKind.LATE, "stark")
    assert (reminder2.kind, reminder2.player) == (NoticeKind.REMINDER, "tyrell")


def test_zero_hours_means_no_reminders_but_late_notices():
    assert due_notices(WAITING, at("2027-01-03T11:00"), 0) == []
    assert [n.kind for n in due_notices(WAITING, at("2027-01-03T12:00"), 0)] == ["late"]


def test_a_new_deadline_is_a_new_notice():
    before = due_notices(WAITING[:1], at("2027-01-03T11:00"), 24)[0]
    moved = [{**WAITING[0], "deadline": "2027-01-04T12:00:00Z"}]
    after = due_notices(moved, at("2027-01-04T11:00"), 24)[0]
    assert before.key != after.key


def test_queue_once_and_skip_players_without_address(tmp_path):
    outbox = Outbox(tmp_path)
    due = due_notices(WAITING, at("2027-01-04T13:00"), 24)
    emails = {"stark": "ned@north.example", "tyrell": ""}
    kwargs = dict(game_id="w1", emails=emails, sender="GM <gm@example.org>", reply_to=None)
    assert len(queue_notices(outbox, due, **kwargs)) == 1
    assert queue_notices(outbox, due, **kwargs) == []
    assert len(outbox.pending("mail")) == 1


def test_bodies_say_what_and_when():
    [late] = due_notices(WAITING[:1], at("2027-01-04T00:00"), 24)
    body = notice_body(late, "w1", "defaults")
    assert "2027-01-03 12:00 UTC" in body and "place orders" in body and "(NMR)" in body
    assert "house: stark" in body


def test_numbered_hides_passwords():
    text = numbered("house: stark\npassword: hunter2\nWinterfell: march")
    assert text.splitlines() == [
        "  1  house: stark",
        "  2  password: ********",
        "  3  Winterfell: march",
    ]


def test_local_time_beside_utc_for_players_who_gave_a_zone():
    [late] = due_notices(WAITING[:1], at("2027-01-04T00:00"), 24)
    body = notice_body(late, "w1", "defaults", "Europe/Berlin")
    assert "2027-01-03 12:00 UTC (13:00 CET in Europe/Berlin)" in body
    auckland = notice_body(late, "w1", "defaults", "Pacific/Auckland")
    assert "2027-01-03 12:00 UTC (Mon 01:00 NZDT in Pacific/Auckland)" in auckland


def test_receipt_gives_the_deadline_and_the_time_left():
    from adjudicator.publish.notices import receipt_body
    from adjudicator.submissions import Receipt

    receipt = Receipt(
        "0001-stark", "stark", ("Winterfell: March +1 (special)",), deadline="2027-01-03T12:00:00Z"
    )
    body = receipt_body(
        "w1",
        receipt,
        "house: stark\npassword: x\nWinterfell: march +1",
        now=at("2027-01-01T18:30"),
        zone="America/New_York",
    )
    assert (
        "Your next deadline: 2027-01-03 12:00 UTC (07:00 EST in America/New_York), "
        "41 h 30 min left."
    ) in body
    assert "password: ********" in body and "password: x" not in body
