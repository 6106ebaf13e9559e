"""What westeros tells its reports: every event kind, each field with who may see it.

One declaration per kind (the house card abilities: one per shape, each with its own
macro, ``ability_<shape>`` in templates/westeros/events/action.j2). `flow.emit` checks
every event against them and builds what the public gets from the public fields only; a
field not declared public never reaches the public report."""

from __future__ import annotations

from typing import Any

from adjudicator.rulesets.audience import Declared, declare, owner, public
from adjudicator.text import Text


@declare("ability")
class Ability:
    """A house card's ability took effect, with no more to say than its card."""

    card: str = public()
    house: str = public()
    area: str = public()


@declare("ability", "cancels")
class AbilityCancels:
    """A card cancels the other side's card (Tyrion Lannister)."""

    card: str = public()
    house: str = public()
    area: str = public()
    cancelled: str = public()


@declare("ability", "discards")
class AbilityDiscards:
    """A card discards one of the enemy's house cards (Patchface)."""

    card: str = public()
    house: str = public()
    area: str = public()
    discarded: str = public()
    victim: str = public()


@declare("ability", "gains_power")
class AbilityGainsPower:
    """A card gains its house power (Tywin Lannister)."""

    card: str = public()
    house: str = public()
    area: str = public()
    power: int = public()


@declare("ability", "keeps_attacker")
class AbilityKeepsAttacker:
    """A card keeps a winning attacker out (Arianne Martell)."""

    card: str = public()
    house: str = public()
    area: str = public()
    origin: str = public()


@declare("ability", "keeps_order")
class AbilityKeepsOrder:
    """A card keeps the march order in the conquered area (Ser Loras Tyrell)."""

    card: str = public()
    house: str = public()
    area: str = public()
    token: str = public()


@declare("ability", "kills")
class AbilityKills:
    """A card destroys one of the enemy's units (Mace Tyrell)."""

    card: str = public()
    house: str = public()
    area: str = public()
    killed: str = public()
    victim: str = public()


@declare("ability", "moves_down")
class AbilityMovesDown:
    """A card moves the enemy to the bottom of an influence track (Doran Martell)."""

    card: str = public()
    house: str = public()
    area: str = public()
    track: str = public()
    victim: str = public()


@declare("ability", "removes_order")
class AbilityRemovesOrder:
    """A card removes an enemy order (Cersei Lannister, Queen of Thorns)."""

    card: str = public()
    house: str = public()
    area: str = public()
    removed: str = public()
    token: str = public()


@declare("ability", "replaces")
class AbilityReplaces:
    """A card pays power to play another card instead (Aeron Damphair)."""

    card: str = public()
    house: str = public()
    area: str = public()
    power: int = public()
    replacement: str = public()


@declare("ability", "sends_loser")
class AbilitySendsLoser:
    """A card chooses where the loser retreats to (Robb Stark)."""

    card: str = public()
    house: str = public()
    area: str = public()
    to: str = public()


@declare("ability", "takes_back")
class AbilityTakesBack:
    """A card takes every discarded house card back (Roose Bolton)."""

    card: str = public()
    house: str = public()
    area: str = public()
    cards: list[Any] = public()


@declare("ability", "upgrades")
class AbilityUpgrades:
    """A card upgrades a footman to a knight (Renly Baratheon)."""

    card: str = public()
    house: str = public()
    area: str = public()
    upgraded: str = public()


@declare("answer_rejected")
class AnswerRejected:
    """An answer illegal when applied, replaced by the default (a secret one: its house only)."""

    house: str = public()
    reason: str | Text = public()
    request: str | Text = public()


@declare("battle_ended")
class BattleEnded:
    """A battle is over: the summary the battle's table is drawn from (the saved battle's
    fields; `retreat`, each of `losses` and each of `abilities` are `battle.Retreat`,
    `battle.Loss` and `battle.AbilityUsed` as plain data)."""

    abilities: list[Any] | None = public()
    area: str = public()
    attacker: str = public()
    blade: str | None = public()
    cards: dict[str, Any] = public()
    defender: str = public()
    losses: list[Any] | None = public()
    moved_in: bool | None = public()
    n: int = public()
    origin: str = public()
    retreat: dict[str, Any] | None = public()
    strength: dict[str, Any] = public()
    supports: dict[str, Any] = public()
    tides: dict[str, Any] | None = public()
    winner: str = public()


@declare("battle_resolved")
class BattleResolved:
    """The combat strengths are totalled and the winner is known."""

    area: str = public()
    attacker: str = public()
    cards: dict[str, Any] = public()
    defender: str = public()
    n: int = public()
    strength: dict[str, Any] = public()
    supports: dict[str, Any] = public()
    tides: dict[str, Any] = public()
    tie: bool = public()
    totals: dict[str, Any] = public()
    winner: str = public()


@declare("battle_started")
class BattleStarted:
    """A march into an enemy's (or a neutral force's) area starts a battle."""

    area: str = public()
    attacker: str = public()
    defender: str = public()
    n: int = public()
    origin: str = public()
    units: list[Any] = public()


@declare("bids_revealed")
class BidsRevealed:
    """Clash of Kings: the bids for one influence track, revealed together."""

    bids: dict[str, Any] = public()
    track: str = public()


@declare("blade_used")
class BladeUsed:
    """The Valyrian Steel Blade is used (with Tides of Battle: to draw a new card)."""

    area: str = public()
    house: str = public()
    tides: str | None = public()


@declare("card_replaced")
class CardReplaced:
    """A house card played instead of the one chosen (or none)."""

    area: str = public()
    card: str | None = public()
    house: str = public()


@declare("cards_revealed")
class CardsRevealed:
    """Both sides' house cards, revealed at once."""

    area: str = public()
    attacker: str = public()
    cards: dict[str, Any] = public()
    defender: str = public()


@declare("casualties")
class Casualties:
    """Units a house loses in a battle."""

    area: str = public()
    house: str = public()
    reason: str = public()
    units: list[Any] = public()


@declare("clash_of_kings")
class ClashOfKings:
    """The Clash of Kings bidding starts."""


@declare("consolidated")
class Consolidated:
    """Power gained from a Consolidate Power order."""

    area: str = public()
    capped: int = public()
    house: str = public()
    power: int = public()


@declare("game_ended")
class GameEnded:
    """The game is over: the winner and the standings."""

    reason: str = public()
    standings: list[Any] = public()
    winner: str = public()


@declare("game_of_thrones")
class GameOfThrones:
    """Game of Thrones: the power each house gains from crowns and ports."""

    gains: dict[str, Any] = public()


@declare("garrison_removed")
class GarrisonRemoved:
    """A garrison is removed (its home area taken)."""

    area: str = public()
    house: str | None = public()


@declare("hand_refreshed")
class HandRefreshed:
    """A house takes its house cards back into hand."""

    cards: list[Any] = public()
    house: str = public()


@declare("march")
class March:
    """A March order resolved: where its units went, whether a power token stays."""

    area: str = public()
    house: str = public()
    leave: bool = public()
    moves: list[Any] = public()
    token: str = public()


@declare("moved_in")
class MovedIn:
    """A winning attacker moves into the area it fought for."""

    area: str = public()
    house: str = public()
    units: list[Any] = public()


@declare("muster_declined")
class MusterDeclined:
    """A house musters nothing at one of its castles."""

    area: str = public()
    house: str = public()


@declare("mustered")
class Mustered:
    """What a house musters at one castle or stronghold."""

    area: str = public()
    house: str = public()
    items: list[Any] = public()


@declare("mustering_started")
class MusteringStarted:
    """The Mustering Westeros card starts."""


@declare("neutral_held")
class NeutralHeld:
    """A neutral force holds: the attacker's units stay where they marched from."""

    area: str = public()
    house: str = public()
    origin: str = public()


@declare("orders_restricted")
class OrdersRestricted:
    """A Westeros card forbids an order kind this round."""

    card: str = public()
    token: str = public()


@declare("orders_revealed")
class OrdersRevealed:
    """The round's orders, revealed together at the end of planning."""

    orders: dict[str, Any] = public()
    round: int = public()


@declare("port_captured")
class PortCaptured:
    """A port changes hands with its land: the ships in it are lost or replaced (P9)."""

    area: str = public()
    house: str = public()
    lost: dict[str, Any] = public()
    replaced: int = public()


@declare("power_token_placed")
class PowerTokenPlaced:
    """A house leaves a power token in an area it leaves."""

    area: str = public()
    house: str = public()


@declare("power_token_removed")
class PowerTokenRemoved:
    """A house's power token is removed from an area an enemy enters."""

    area: str = public()
    house: str = public()


@declare("raid")
class Raid:
    """A Raid order resolved against an adjacent order."""

    area: str = public()
    house: str = public()
    power_gained: int = public()
    power_lost: int = public()
    target: str = public()
    token: str = public()
    victim: str = public()


@declare("raid_removed")
class RaidRemoved:
    """A Raid order removed without effect, with why."""

    area: str = public()
    house: str = public()
    reason: str = public()


@declare("raven_bury")
class RavenBury:
    """The Messenger Raven's holder keeps the top wildling card, or buries it."""

    buried: bool = public()
    house: str = public()


@declare("raven_look")
class RavenLook:
    """The Messenger Raven's holder looks at the top wildling card."""

    house: str = public()


@declare("raven_none")
class RavenNone:
    """The Messenger Raven is not used."""

    house: str = public()


@declare("raven_saw")
class RavenSaw:
    """The wildling card the raven's holder saw: for its eyes only."""

    card: str = owner()
    house: str = public()


@declare("raven_swap")
class RavenSwap:
    """The Messenger Raven's holder swaps one of its orders."""

    area: str = public()
    house: str = public()
    new: str = public()
    old: str = public()


@declare("retreat")
class Retreat:
    """A beaten army retreats (or is destroyed when it cannot)."""

    area: str = public()
    house: str = public()
    lost: list[Any] = public()
    to: str | None = public()
    units: list[Any] = public()


@declare("round_ended")
class RoundEnded:
    """The round ends: orders go, routed units stand up."""

    round: int = public()


@declare("ships_destroyed")
class ShipsDestroyed:
    """Ships in a port whose land has no controller are destroyed (P9)."""

    area: str = public()
    house: str = public()
    reason: str = public()
    units: list[Any] = public()


@declare("step_started")
class StepStarted:
    """The action phase's next step (raids, marches, consolidate power) starts."""

    step: str = public()


@declare("supply_adjusted")
class SupplyAdjusted:
    """The supply track after a Supply card: each house's level, before and after."""

    levels: dict[str, Any] = public()


@declare("supply_reduced")
class SupplyReduced:
    """Units a house removes to come within its supply limit."""

    house: str = public()
    losses: dict[str, Any] = public()


@declare("support_declared")
class SupportDeclared:
    """A supporting house declares whom it supports in a battle."""

    area: str = public()
    battle: str = public()
    house: str = public()
    side: str = public()
    supported: str | None = public()


@declare("tides_drawn")
class TidesDrawn:
    """The Tides of Battle card a side drew: for its house only until the cards are revealed."""

    area: str = public()
    card: str = owner()


@declare("tie_ordered")
class TieOrdered:
    """The Iron Throne holder orders houses tied on an influence track."""

    house: str = public()
    order: list[Any] = public()
    track: str = public()


@declare("track_set")
class TrackSet:
    """An influence track's new order after the bidding."""

    before: list[Any] = public()
    order: list[Any] = public()
    track: str = public()


@declare("westeros_card")
class WesterosCard:
    """A Westeros card is resolved."""

    card: str = public()
    deck: str = public()


@declare("westeros_choice")
class WesterosChoice:
    """The choice a house made for a Westeros card."""

    card: str = public()
    choice: str = public()
    house: str = public()


@declare("westeros_drawn")
class WesterosDrawn:
    """The round's three Westeros cards are drawn."""

    cards: list[Any] = public()
    round: int = public()


@declare("westeros_ended")
class WesterosEnded:
    """The Westeros phase ends, with the order kinds restricted this round."""

    restricted: list[Any] = public()
    round: int = public()


@declare("wildling_attack")
class WildlingAttack:
    """The wildlings attack: the houses bid for the Night's Watch."""

    again: bool = public()
    houses: list[Any] = public()
    strength: int = public()


@declare("wildling_attack_again")
class WildlingAttackAgain:
    """A wildling card makes the wildlings attack again."""

    card: str = public()
    house: str = public()
    strength: int = public()


@declare("wildling_attack_ended")
class WildlingAttackEnded:
    """The wildling card goes to the bottom of the deck."""

    card: str = public()
    outcome: str = public()


@declare("wildling_bids")
class WildlingBids:
    """The Night's Watch bids, their total against the wildlings' strength."""

    bids: dict[str, Any] = public()
    outcome: str = public()
    strength: int = public()
    total: int = public()
    track: list[Any] = public()


@declare("wildling_card")
class WildlingCard:
    """The wildling card drawn, and whom it rewards or punishes."""

    bidder: str = public()
    card: str = public()
    outcome: str = public()
    which: str = public()


@declare("wildling_cards_discarded")
class WildlingCardsDiscarded:
    """A wildling card makes a house discard house cards."""

    card: str = public()
    cards: list[Any] = public()
    house: str = public()


@declare("wildling_cards_returned")
class WildlingCardsReturned:
    """A wildling card gives a house discarded house cards back."""

    card: str = public()
    cards: list[Any] = public()
    house: str = public()


@declare("wildling_knights_replaced")
class WildlingKnightsReplaced:
    """A wildling card makes a house replace knights by footmen."""

    card: str = public()
    house: str = public()
    units: list[Any] = public()


@declare("wildling_nothing")
class WildlingNothing:
    """A wildling card does nothing to a house."""

    card: str = public()
    house: str = public()
    role: str = public()


@declare("wildling_power")
class WildlingPower:
    """A wildling card gives or takes a house's power tokens."""

    card: str = public()
    house: str = public()
    power: int = public()


@declare("wildling_supply")
class WildlingSupply:
    """A wildling card moves a house on the supply track."""

    card: str = public()
    house: str = public()
    supply: list[Any] = public()


@declare("wildling_tie")
class WildlingTie:
    """The Iron Throne holder breaks a tie among the wildling bidders."""

    chosen: str = public()
    house: str = public()
    which: str = public()


@declare("wildling_track_moved")
class WildlingTrackMoved:
    """A wildling card moves a house on an influence track."""

    card: str = public()
    house: str = public()
    positions: list[Any] = public()
    track: str = public()


@declare("wildling_units_destroyed")
class WildlingUnitsDestroyed:
    """A wildling card destroys a house's units."""

    card: str = public()
    house: str = public()
    units: list[Any] = public()


@declare("wildling_units_upgraded")
class WildlingUnitsUpgraded:
    """A wildling card lets a house replace footmen by knights."""

    card: str = public()
    house: str = public()
    units: list[Any] = public()


@declare("wildlings_advanced")
class WildlingsAdvanced:
    """Wildling icons on the Westeros cards raise the wildling threat."""

    after: int = public()
    before: int = public()
    icons: int = public()


@declare("winter_is_coming")
class WinterIsComing:
    """Winter Is Coming: a Westeros deck is shuffled and drawn again."""

    deck: str = public()


EVENTS = Declared(
    Ability,
    AbilityCancels,
    AbilityDiscards,
    AbilityGainsPower,
    AbilityKeepsAttacker,
    AbilityKeepsOrder,
    AbilityKills,
    AbilityMovesDown,
    AbilityRemovesOrder,
    AbilityReplaces,
    AbilitySendsLoser,
    AbilityTakesBack,
    AbilityUpgrades,
    AnswerRejected,
    BattleEnded,
    BattleResolved,
    BattleStarted,
    BidsRevealed,
    BladeUsed,
    CardReplaced,
    CardsRevealed,
    Casualties,
    ClashOfKings,
    Consolidated,
    GameEnded,
    GameOfThrones,
    GarrisonRemoved,
    HandRefreshed,
    March,
    MovedIn,
    MusterDeclined,
    Mustered,
    MusteringStarted,
    NeutralHeld,
    OrdersRestricted,
    OrdersRevealed,
    PortCaptured,
    PowerTokenPlaced,
    PowerTokenRemoved,
    Raid,
    RaidRemoved,
    RavenBury,
    RavenLook,
    RavenNone,
    RavenSaw,
    RavenSwap,
    Retreat,
    RoundEnded,
    ShipsDestroyed,
    StepStarted,
    SupplyAdjusted,
    SupplyReduced,
    SupportDeclared,
    TidesDrawn,
    TieOrdered,
    TrackSet,
    WesterosCard,
    WesterosChoice,
    WesterosDrawn,
    WesterosEnded,
    WildlingAttack,
    WildlingAttackAgain,
    WildlingAttackEnded,
    WildlingBids,
    WildlingCard,
    WildlingCardsDiscarded,
    WildlingCardsReturned,
    WildlingKnightsReplaced,
    WildlingNothing,
    WildlingPower,
    WildlingSupply,
    WildlingTie,
    WildlingTrackMoved,
    WildlingUnitsDestroyed,
    WildlingUnitsUpgraded,
    WildlingsAdvanced,
    WinterIsComing,
)
"""Every event kind of the game, for `emit` and the tests."""
