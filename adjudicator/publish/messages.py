"""Every sentence our mails say to a player, once each, with named placeholders.

Kept whole (never assembled from fragments) so that a translation to ru or pt_BR replaces
each entry by one sentence in that language. Only `str.format` fills them.
"""

from __future__ import annotations

RECEIPT_ACCEPTED = "Game {game}: your orders were received and accepted."
RECEIPT_DUPLICATE = "Game {game}: these orders were already received; nothing changed."
RECEIPT_SUBMISSION = "{player}: accepted as {submission}"
RECEIPT_NO_INSTRUCTIONS = "(no instructions)"
RECEIPT_REPLACES = "replaces: {instruction}"
NEXT_DEADLINE = "Your next deadline: {when}, {left}."
CANNOT_BE_USED = (
    "Careful: these instructions cannot be used for what the game asks of you now "
    "('{summary}'), so they change nothing yet:"
)
MISSED_STEP = (
    "Careful: this mail reached our mail server in time, but we could not read it before "
    "the step it was meant for was resolved at {resolved}, without it. Its instructions "
    "are stored, but they may no longer be usable: check the turn report, and send new "
    "orders for what the game asks now."
)
AS_READ = "Your mail as read (password hidden):"
AS_READ_MORE = "({count} more lines not shown)"

REJECTED = (
    "Game {game}: your orders were NOT accepted, and nothing of them was applied.\n"
    "Fix every problem below and send the whole orders again."
)
NO_DETAILS = "(no details)"
QUOTED_LINE = (
    "Line {line} looks like quoted mail: if it belongs to the mail you answered, delete it "
    "(or write your orders above the quote) and send again."
)
OTHER_GAME = "this mail names game {named!r}, but it reached game {game!r}"
NOT_RECOGNISED = "house or password not recognised; check the two header lines"
TOO_LARGE = (
    "Game {game}: your mail was not read: it holds {size} KB of text, and the limit is "
    "{limit} KB. Send only your orders, as text or as a .txt attachment."
)

REPORT_SUBJECT = "[{game}] Turn report {report}"
PRIVATE_PART = "---- for {player} only ----"
REMINDER_SUBJECT = "[{game}] Reminder: {summary}"
LATE_SUBJECT = "[{game}] Deadline passed: {summary}"
REMINDER = "Game {game}: the deadline for '{summary}' is {when} and we have no answer from you yet."
LATE = "Game {game}: the deadline for '{summary}' passed at {when} and we have no answer from you."
AFTER_DEADLINE = {
    "defaults": "The rules' default answer will be used for you (NMR).",
    "wait": "The game waits for your answer.",
    "wait-then-defaults": "The game waits a little longer, then uses the default (NMR).",
}
"""What happens after a missed deadline, by the game's ``nmr`` setting."""
HOW_TO_ANSWER = (
    "Reply to this mail (or write to the game's address) with your orders; start them with "
    "the lines 'house: {player}' and 'password: <your password>'."
)

CUT_NOTE = "(This mail was cut here: it was too long to send whole.)"
