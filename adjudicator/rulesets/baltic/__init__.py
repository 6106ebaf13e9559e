"""Baltic: the Great Northern War (1700-1721), a two-player block game (Sweden, Coalition)."""

from adjudicator.rulesets.baltic import nouns  # noqa: F401  (declares its nouns first)
from adjudicator.rulesets.baltic.ruleset import RULESET

__all__ = ["RULESET"]
