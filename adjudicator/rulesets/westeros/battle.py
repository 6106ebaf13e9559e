"""The battle in progress: the record `state.action["battle"]` holds, field by field.

One battle is fought at a time; a battle stopped at any stage (waiting for support, a house
card, a retreat) resumes exactly where it stood. In the saved state it is plain data, as the
state round-trips YAML: `State.to_data`/`from_data` convert it there (`to_data`/`from_data`
here), and the combat steps read and write the typed record in between.

A field that is None has not been reached yet in this battle: `to_data` leaves it out, as
the saved game has always done, so a saved battle reads as before and an old one loads.
What the battle's table reports (the retreat, each loss, each ability used) is a record of
its own, plain data in the saved battle and in the `battle_ended` event (`finish_battle`
reports the saved battle's fields).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

SIDES = ("attacker", "defender")
"""A battle's two sides (cards.yaml combat_sequence), in the order they are asked."""


# -- what the battle's table reports (the `battle_ended` event) ---------------------------------
@dataclass(frozen=True)
class Retreat:
    """The loser's retreat (Retreats and Routing Units)."""

    house: str
    """The retreating house."""
    to: str | None
    """The area it retreated to; None when it had none and its units were destroyed."""
    units: list[str]
    """The units that retreated, sorted (routed from now on)."""
    lost: list[str]
    """The units lost on the way (over supply, or with nowhere to go), sorted."""

    def to_data(self) -> dict[str, Any]:
        return {"house": self.house, "to": self.to, "units": self.units, "lost": self.lost}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Retreat:
        return cls(**data)


@dataclass(frozen=True)
class Loss:
    """Units one house lost in the battle (combat_sequence: casualties; a Tides skull)."""

    house: str
    """Whose units."""
    units: list[str]
    """The units destroyed, sorted."""
    reason: str
    """'swords' (the sword icons' casualties) or 'skull' (Tides of Battle)."""

    def to_data(self) -> dict[str, Any]:
        return {"house": self.house, "units": self.units, "reason": self.reason}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Loss:
        return cls(**data)


@dataclass(frozen=True)
class AbilityUsed:
    """A house card's ability that took effect, for the battle's table."""

    card: str
    """The card."""
    house: str
    """The house it acted for."""
    effect: dict[str, Any] = field(default_factory=dict)
    """What it did: the fields of its shape of the `ability` event (reported.py) beyond
    card, house and area ('cancelled', 'victim', 'power' ...)."""

    def to_data(self) -> dict[str, Any]:
        return {"card": self.card, "house": self.house, **self.effect}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> AbilityUsed:
        effect = {k: v for k, v in data.items() if k not in ("card", "house")}
        return cls(data["card"], data["house"], effect)


@dataclass
class Battle:
    """One battle: the rulebook's Combat chapter, step by step as cards.yaml combat_sequence."""

    n: int
    """The battle's number in this action phase (requests and events name it)."""
    area: str
    """Where it is fought: the area the march entered (rulebook, Initiating Combat)."""
    origin: str
    """The area the attacker marched from (a beaten attacker retreats there: Retreats)."""
    attacker: str
    """The marching house."""
    defender: str
    """The house in the area; 'neutral' for a neutral force or a garrison alone."""
    units: list[str]
    """The attacker's marching units, held here while the battle lasts (casualties are
    removed here)."""
    march: str
    """The attacker's march token (combat_sequence, total strength: its March modifier)."""
    stage: str = "support"
    """The step of the combat sequence to run next (combat.STAGES)."""
    supports: dict[str, str] = field(default_factory=dict)
    """Support area -> the side its owner declared for ('attacker', 'defender', 'none'):
    combat_sequence, declare support."""
    cards: dict[str, str | None] = field(default_factory=dict)
    """Side -> the house card it played (combat_sequence: both choose in secret, revealed
    together); None while Tyrion has it replaced."""
    did: list[str] = field(default_factory=list)
    """Steps done once, not repeated on resuming: abilities used, skulls paid, 'refresh'."""
    tides: dict[str, str] | None = None
    """Side -> its Tides of Battle card (the optional rule tides_of_battle)."""
    tides_deck: list[str] | None = None
    """The Tides of Battle cards left after both drew."""
    blade: str | None = None
    """The side that used the Valyrian Steel Blade for +1 (once a round; combat_sequence)."""
    strength: dict[str, dict[str, int]] | None = None
    """Side -> its combat strength, term by term (combat_sequence, total strength)."""
    winner: str | None = None
    """The winning side, once the strengths are compared (a tie: the Fiefdoms track)."""
    loser: str | None = None
    """The losing side."""
    moved_in: bool | None = None
    """True once the winning attacker's units have entered the area (combat_sequence: unless
    Arianne Martell prevents it)."""
    barred: list[str] | None = None
    """Cards a house may not play again in this battle (Tyrion's cancelled card)."""
    replacing: str | None = None
    """The side choosing a new card after Tyrion, while it chooses."""
    retreat: Retreat | None = None
    """The loser's retreat (combat_sequence; Robb Stark may choose the area)."""
    losses: list[Loss] | None = None
    """Casualties (combat_sequence: casualties, skulls), one entry each."""
    abilities: list[AbilityUsed] | None = None
    """The card abilities that acted, in order, for the report."""

    def house_of(self, side: str) -> str:
        """The house (or 'neutral') fighting on `side` ('attacker' or 'defender')."""
        if side == "attacker":
            return self.attacker
        if side == "defender":
            return self.defender
        raise ValueError(f"not a side of a battle: {side!r}")

    # -- plain data ----------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        """The battle as the saved state holds it: the fields reached so far, in field
        order, the report's records as dicts (the values themselves, not copies:
        `State.to_data` copies the whole)."""
        data = {}
        for f in fields(self):
            value = getattr(self, f.name)
            # Once Tyrion has barred a card, the saved battle says `replacing: null` after
            # the new card is chosen, as it always has.
            if value is not None or (f.name == "replacing" and self.barred is not None):
                data[f.name] = value
        if self.retreat is not None:
            data["retreat"] = self.retreat.to_data()
        for name in ENTRIES:
            if name in data:
                data[name] = [entry.to_data() for entry in data[name]]
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Battle:
        """The battle of a saved state (any key order; fields not reached yet absent)."""
        values = dict(data)
        if values.get("retreat") is not None:
            values["retreat"] = Retreat.from_data(values["retreat"])
        for name, record in ENTRIES.items():
            if values.get(name) is not None:
                values[name] = [record.from_data(entry) for entry in values[name]]
        return cls(**values)


ENTRIES: dict[str, type[Loss] | type[AbilityUsed]] = {"losses": Loss, "abilities": AbilityUsed}
"""The battle's lists of records, by field."""
