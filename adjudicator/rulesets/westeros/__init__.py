"""A Game of Thrones: The Board Game, 2nd edition, with ports (3-6 players)."""

from adjudicator.rulesets.westeros import nouns  # noqa: F401  (declares its nouns first)
from adjudicator.rulesets.westeros.ruleset import RULESET

__all__ = ["RULESET"]
