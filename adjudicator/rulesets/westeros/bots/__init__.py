"""Bots: random but legal westeros play, written as the order text a player would send."""
