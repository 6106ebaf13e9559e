"""The wildling attack in progress: the record `state.action["wildling_attack"]` holds.

Rulebook, Wildlings Attack: secret Power bids, the Night's Watch against the threat, then
the top wildling card (games/westeros/cards.yaml, wildling_cards) for the highest or the
lowest bidder and everyone else. An attack stopped at a request (a bid, a tie, a card's
choice) resumes exactly where it stood. In the saved state it is plain data, as the state
round-trips YAML: `State.to_data`/`from_data` convert it there (`to_data`/`from_data`
here). A field that is None has not been reached yet: `to_data` leaves it out, as the saved
game always has, so an old game file loads.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

ATTACK = "wildling_attack"
"""The key of `state.action` that holds the attack in progress."""


@dataclass
class AttackStep:
    """One step of the revealed card: one house's part (wildlings.py queues them; errata,
    FAQ v2.0: "the lowest bidder resolves its penalty first, then everyone else in turn
    order")."""

    house: str | None
    """The house it concerns; None for Rattleshirt's Raiders' reconciliation of every house."""
    role: str
    """highest | lowest | other (the card's three texts), or reduce (Rattleshirt's Raiders)."""
    answers: dict[str, Any] = field(default_factory=dict)
    """What the house answered, by the request's ``what`` (destroy, track, ...): the step
    runs again with it (wildling_cards.py)."""

    started: bool | None = None
    """Rattleshirt's Raiders' reconciliation has asked the houses over their limits."""

    def to_data(self) -> dict[str, Any]:
        data = {"house": self.house, "role": self.role, "answers": self.answers}
        if self.started is not None:
            data["started"] = self.started
        return data


@dataclass
class WildlingAttack:
    """One wildling attack, from the bids to the card at the bottom of the deck."""

    strength: int
    """The threat it attacks with: the wildling track, or 6 for Preemptive Raid's second."""
    houses: list[str]
    """Who takes part, in Iron Throne order (Preemptive Raid's highest bidder sits the
    second attack out)."""
    again: bool
    """True for the second attack of Preemptive Raid."""
    stage: str = "bids"
    """The step to run next: bids | bidder | card | effects | end (wildlings.STAGES)."""
    bids: dict[str, int] = field(default_factory=dict)
    """House -> its bid: secret until all are in, then revealed and every token discarded."""
    outcome: str | None = None
    """victory (the bids reach the strength: the Night's Watch wins) or defeat."""
    bidder: str | None = None
    """The highest bidder (victory) or the lowest (defeat); the Iron Throne breaks a tie."""
    card: str | None = None
    """The revealed wildling card."""
    queue: list[AttackStep] | None = None
    """The card's steps still to resolve, the one under way first."""
    then: dict[str, Any] | None = None
    """Preemptive Raid: the second attack to start at the end ({strength, excluded})."""

    # -- plain data ----------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        """The attack as the saved state holds it: the fields reached so far, in field
        order (the values themselves, not copies: `State.to_data` copies the whole)."""
        data: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "queue" and value is not None:
                value = [step.to_data() for step in value]
            if value is not None:
                data[f.name] = value
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> WildlingAttack:
        """The attack of a saved state (fields not reached yet absent)."""
        values = dict(data)
        if values.get("queue") is not None:
            values["queue"] = [AttackStep(**step) for step in values["queue"]]
        return cls(**values)
