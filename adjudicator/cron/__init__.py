"""`adjudicator cron GAMES_ROOT`: every game under a folder, mail in and out.

The command is `cron.command.cron_command`; the package itself holds nothing, so that
importing a part of cron (`run`, `desk`) does not pull in the CLI above it."""
