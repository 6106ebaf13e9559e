"""Every sentence our mails say to a player, once each, with named placeholders.

Each entry is a catalog msgid (marked with `N_`), kept whole (never assembled from
fragments): the reader's language replaces it by one sentence (``locale/<lang>/mail.po``).
Say one with ``_l(messages.X, **fields).say(lang, game)``; `str()` of that is the English.
Player text is quoted as '%(text)s' in English, «%(text)s» in ru and "%(text)s" in pt_BR.
"""

from __future__ import annotations

from adjudicator.text import N_, Text, _ln

RECEIPT_ACCEPTED = N_("Game %(game)s: your orders were received and accepted.")
RECEIPT_DUPLICATE = N_("Game %(game)s: these orders were already received; nothing changed.")
NEXT_DEADLINE = N_("Your next deadline: %(when)s, %(left)s.")
CANNOT_BE_USED = N_(
    "Careful: these instructions cannot be used for what the game asks of you now "
    "('%(summary)s'), so they change nothing yet:"
)
MISSED_STEP = N_(
    "Careful: this mail reached our mail server in time, but we could not read it before "
    "the step it was meant for was resolved at %(resolved)s, without it. Its instructions "
    "are stored, but they may no longer be usable: check the turn report, and send new "
    "orders for what the game asks now."
)
AS_READ = N_("Your mail as read (password hidden):")
ATTACHMENTS_NOT_READ = N_(
    "Not read: %(names)s. Only plain text is read: write your orders in the mail itself, "
    "or attach them as a .txt file."
)

REJECTED = N_(
    "Game %(game)s: your orders were NOT accepted, and nothing of them was applied.\n"
    "Fix every problem below and send the whole orders again."
)
NO_DETAILS = N_("(no details)")
QUOTED_LINE = N_(
    "Line %(line)d looks like quoted mail: if it belongs to the mail you answered, delete it "
    "(or write your orders above the quote) and send again."
)
OTHER_GAME = N_("this mail names game '%(named)s', but it reached game '%(game)s'")
NOT_RECOGNISED = N_("house or password not recognised; check the two header lines")
NOT_APPLIED_FORGED = N_(
    "Game %(game)s: a mail in your name (%(address)s) reached us, but the receiving server "
    "found that it did not come from your mail provider (DMARC), so it was not applied. If "
    "you sent it, send your orders again from your own mail account; if you did not, "
    "someone is trying to pass for you: tell the GM."
)
NOT_APPLIED_LIST = N_(
    "Game %(game)s: a mail you wrote reached us through %(relay)s, which put its own address "
    "in the place of yours, so it was not applied. Send your orders to the game directly "
    "from %(address)s."
)
GUESSED = N_(
    "Game %(game)s: several mails or files with a wrong password for your house reached us "
    "in this step. To stop anyone guessing it, no password is checked for your house until "
    "the next step: orders sent before then are not applied. The GM has been told. If it "
    "was not you, ask the GM for a new password."
)
WRITTEN_BEFORE = N_(
    "this mail was written at %(written)s, before the game's current round began "
    "(%(opened)s): it was meant for an earlier one. Send your orders again."
)
SAME_AS_BEFORE = N_(
    "this is the very text of your orders %(submission)s, sent for an earlier step: it is not "
    "applied again. If you mean these orders now, change anything (a comment line will do) "
    "and send them again."
)
TOO_LARGE = N_(
    "Game %(game)s: your mail was not read: it holds %(size)d KB of text, and the limit is "
    "%(limit)d KB. Send only your orders, as text or as a .txt attachment."
)
DEFAULT_SUBJECT = N_("orders")
"""What our reply is about when the player's mail had no subject."""

REPORT_SUBJECT = N_("[%(game)s] Report no. %(report)s")
"""The number is the report's own (reports/0011.md, what `run` printed), not a turn or a
round: the report's heading says which rounds it covers (issue 20)."""
PRIVATE_PART = N_("---- for %(player)s only ----")
REMINDER_SUBJECT = N_("[%(game)s] Reminder: %(summary)s")
LATE_SUBJECT = N_("[%(game)s] Deadline passed: %(summary)s")
REMINDER = N_(
    "Game %(game)s: the deadline for '%(summary)s' is %(when)s and we have no answer from you yet."
)
NOT_USED = N_("Lines you sent that could not be used for it:")
"""Issue 17: a reminder says which standing lines were skipped and why (before, only the
GM's `status` did)."""
PASSED_OVER = N_("Standing lines of yours that were recently passed over:")
"""Lines a ruleset passed over inside its steps (`Ruleset.passed_over`: baltic's regroup,
retreat priority, hit order ...): told in the report of that step, and again in the reminders
while the ruleset keeps them (baltic: this season and the last)."""
LATE = N_(
    "Game %(game)s: the deadline for '%(summary)s' passed at %(when)s and we have no answer "
    "from you."
)
AFTER_DEADLINE = {
    "defaults": N_("The rules' default answer will be used for you (NMR)."),
    "wait": N_("The game waits for your answer."),
    "wait-then-defaults": N_("The game waits a little longer, then uses the default (NMR)."),
}
"""What happens after a missed deadline, by the game's ``nmr`` setting."""
HOW_TO_ANSWER = N_(
    "Reply to this mail (or write to the game's address) with your orders; start them with "
    "the lines '%(header)s' and 'password: <your password>'."
)

FORM_BELOW = N_(
    "Your order form, as your last report gave it: write your password and fill in every "
    "blank after a colon; lines after a '#' are optional."
)

CUT_NOTE = N_("(This mail was cut here: it was too long to send whole.)")

# -- times and counts (plural forms: Russian has three) --------------------------------------

"""A deadline in UTC with the player's local time beside it."""


def as_read_more(n: int) -> Text:
    """Below a long quoted mail: how many of its lines are left out."""
    return _ln("(%(n)d more line not shown)", "(%(n)d more lines not shown)", n)


def time_left(hours: int, minutes: int) -> Text:
    """How long until a deadline: '41 h 30 min left', '5 min left'."""
    if hours:
        return _ln("%(n)d h %(min)d min left", "%(n)d h %(min)d min left", hours, min=minutes)
    return _ln("%(n)d min left", "%(n)d min left", minutes)


def time_ago(hours: int, minutes: int) -> Text:
    """How long since a deadline: '2 h 5 min ago', '5 min ago'."""
    if hours:
        return _ln("%(n)d h %(min)d min ago", "%(n)d h %(min)d min ago", hours, min=minutes)
    return _ln("%(n)d min ago", "%(n)d min ago", minutes)
