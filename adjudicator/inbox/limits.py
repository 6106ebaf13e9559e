"""How much text we read from a player at once: one limit for a mail and an order file.

A module of its own, importing nothing, so that reading inbox/ files (`intake`) need not
load the mail parser (about 30 ms) to know it (issue 18 point 10). Read it as
``limits.MAX_TEXT_BYTES`` at the moment of use."""

MAX_TEXT_BYTES = 256 * 1024
"""The most order text we read from one mail or one file; more gets a short refusal.
Orders are a few hundred bytes."""
