"""`adjudicator cron GAMES_ROOT`: every game under a folder, mail in and out (see command.py)."""

from adjudicator.cron.command import cron_command, run_cron
from adjudicator.cron.run import CronRun

__all__ = ["CronRun", "cron_command", "run_cron"]
