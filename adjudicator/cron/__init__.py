"""`adjudicator cron GAMES_ROOT`: every game under a folder, mail in and out, from cron.

One run opens one IMAP session and one SMTP connection for all games, and handles each game
folder on its own: a broken game is reported and the others go on. Per game it

1. takes the new mails (the game's IMAP folder, or the shared folder with the game named
   as ``[game-id]`` in the subject): checks the sender's address, hands the text to the
   engine, queues a receipt or the list of errors, records the Message-ID, and only then
   marks the mail processed on the server;
2. runs the engine when something may have changed (new orders, files in inbox/, a
   deadline passed, the GM edited the game), and queues the new turn reports: the public
   report to every player and the forum, each private report to its player only;
3. queues reminders and late notices, then drains the outbox.

It prints nothing when nothing happened (cron mails whatever a job prints), one line per
game that did something, and exits non-zero only when the GM must act.
"""

from adjudicator.cron.command import cron_command, run_cron
from adjudicator.cron.run import CronRun

__all__ = ["CronRun", "cron_command", "run_cron"]
