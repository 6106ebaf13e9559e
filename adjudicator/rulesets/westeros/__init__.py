"""A Game of Thrones: The Board Game, 2nd edition, with ports."""
