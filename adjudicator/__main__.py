"""`python -m adjudicator` is the `adjudicator` command."""

from adjudicator.cli import main

main()
