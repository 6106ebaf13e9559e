"""Game facts as data (boards, decks, setups), one folder per game; shipped in the wheel."""
