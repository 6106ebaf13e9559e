"""Why an action line is illegal: one message table, used at receipt and at execution (13.5).

A line checked when received and found illegal is an error of the submission; the same
check failing when the line is executed makes it void, and the report prints the same
sentence. Each sentence is written here once, a catalog msgid (`N_`), with named fields: names
are `text.Name`s, said in the reader's language.
"""

from __future__ import annotations

from adjudicator.text import N_, Text, _l

PLACEMENT: dict[str, str] = {
    "not_listed": N_("%(block)s is placed only in %(own)s, not in %(place)s (8.6)"),
    "own_territory": N_(
        "%(block)s is placed in %(own)s while the enemy does not occupy it, not in %(place)s "
        "(11.1b, 11.4b)"
    ),
    "not_controlled": N_("%(place)s is not controlled by %(nation)s (8.6)"),
    "enemy_blocks": N_("enemy land blocks stand in %(place)s (8.6)"),
    "closed": N_("%(place)s is closed or forbidden to %(nation)s (4.4)"),
    "no_harbor": N_("%(place)s has no harbor %(block)s may use now (8.6, 11.2j)"),
    "harbor_full": N_("the harbor of %(place)s has no room (8.6)"),
    "pool_empty": N_("%(nation)s has no block in its pool"),
    "rp": N_(
        "%(nation)s has %(have)d RP available; a block of its pool that could be placed now "
        "costs at least %(cost)d (8.3)"
    ),
    "no_place": N_("no block in the pool of %(nation)s has a legal placement now (8.6)"),
}
"""Why a builder's entry was passed over, or why nothing was built (8.3-8.6): the builder's
private report says it (13.5); the last three are public (pools are counts, RP are public)."""

REASONS: dict[str, str] = {
    "not_yours": N_("%(block)s is not a block of your side"),
    "not_of_nation": N_("%(block)s is not a block of %(nation)s"),
    "elsewhere": N_("%(block)s is in %(where)s, not in %(place)s"),
    "elsewhere_aboard": N_("%(block)s is aboard %(fleet)s in %(where)s, not in %(place)s"),
    "off_pool": N_("%(block)s is in the pool of %(nation)s, not on the map"),
    "off_out": N_("%(block)s is out of play, not on the map (11.2f)"),
    "off_removed": N_("%(block)s has been removed from the game (11.2c)"),
    "off_reform_box": N_("%(block)s is in the Reform box, not on the map (11.2b)"),
    "off_set_aside": N_("%(block)s is set aside, not on the map (9.3b)"),
    "off_year": N_("%(block)s is on the Year Track (%(year)d), not on the map"),
    "moved": N_("%(block)s has already moved this season (4.1b)"),
    "not_land": N_("%(block)s is not a land block"),
    "not_fleet": N_("%(block)s is not a fleet"),
    "inactive": N_("%(nation)s is not an active nation of your side (10.1b)"),
    "inactive_own": N_(
        "%(nation)s is not an active nation of your side (10.1b); yours: %(nations)s"
    ),
    "not_active": N_(
        "%(nation)s is not active; politics is played on an active nation (C.2): %(nations)s"
    ),
    "no_blocks": N_("no blocks of yours in %(place)s"),
    "not_adjacent": N_("%(a)s and %(b)s share no land border (4.1c); %(a)s borders %(neighbours)s"),
    "too_far": N_("%(block)s may move at most %(n)d territories now (2.2, 3.6b)"),
    "stops": N_("%(block)s must stop in %(place)s: enemy blocks or enemy control (4.3)"),
    "forbidden": N_("%(block)s may not enter %(place)s: closed or forbidden to its nation (4.4)"),
    "border_limit": N_(
        "at most %(limit)d blocks may cross the %(kind)s border %(a)s-%(b)s this phase, "
        "%(used)d already did (4.2)"
    ),
    "one_location": N_("all parts of one move line must start in the same location (13.3)"),
    "winter_siege": N_("in Winter only a Swedish group with Karl XII may besiege (3.6c)"),
    "no_siege_target": N_("%(place)s cannot be besieged by you now (6.1)"),
    "siege_transit": N_("%(place)s is a transit territory: it has no garrison to besiege (1.4)"),
    "siege_held": N_(
        "%(place)s cannot be besieged by you now: it is held by %(nation)s, and a siege needs "
        "an enemy-controlled territory or one of an inactive Poland (6.1)"
    ),
    "siege_rounds": N_("at most %(n)d siege rounds in %(place)s per Action Phase (6.2)"),
    "rp_short": N_("%(nation)s has %(have)d RP available, this costs %(cost)d (8.4)"),
    "step_full": N_("%(block)s is at full strength"),
    "step_twice": N_("%(block)s may gain only one step per Reinforce action (8.4a)"),
    "step_no_loc": N_("%(block)s has no LOC or is aboard a fleet (8.4a)"),
    "step_harbor": N_(
        "%(block)s must be in a harbor its own nation controls to gain a step (8.4a)"
    ),
    "step_attrition": N_(
        "from bottom-row Attrition box 6 Swedish blocks in Russia and Ukraine get no steps (C.3)"
    ),
    "builds": N_("at most %(n)d builds per Reinforce action (8.4b)"),
    "build_place": N_(
        "%(place)s is not in the placement list of any block %(nation)s may build (8.6); "
        "its blocks are placed in %(places)s"
    ),
    "build_zero": N_("a Reinforce action builds 1 or %(n)d blocks, not 0 (8.4b)"),
    "reinforce_empty": N_(
        "a Reinforce action names steps, builds or both: 'reinforce %(nation)s: steps <blocks>; "
        "build <n> at <territories>' (8.4)"
    ),
    "recon_range": N_("%(place)s is not within your recon range (3.5)"),
    "politics_once": N_("only one Politics action per side per season (C.2)"),
    "ap": N_("you have %(ap)d AP: at most %(ap)d action lines (13.5)"),
    "ap_zero": N_(
        "you have 0 AP this season: send `pass` (or only standing lines or a cession) (13.5)"
    ),
    "cede_sweden": N_("only Sweden may cede territory (11.1c)"),
    "cede": N_("%(place)s cannot be ceded now (11.1c, 11.1f)"),
    "naval_winter": N_("in Winter no fleet moves and no block embarks or disembarks (3.6a)"),
    "naval_moved": N_("a block or fleet of this part has already moved this season (4.1b, 9.2e)"),
    "naval_not_there": N_(
        "a block or fleet of this part is not yours or not where the part starts"
    ),
    "naval_not_cargo": N_("only army and regiment blocks go by sea (9.2a, h)"),
    "naval_not_fleet": N_("no fleet of yours at sea there to carry them (9.2i)"),
    "naval_fleet_elsewhere": N_(
        "%(fleet)s is in %(where)s, not at sea in the %(zone)s, the zone of the port of %(place)s "
        "(9.2b, i)"
    ),
    "naval_no_fleet": N_(
        "no fleet of yours is on the map; loading at %(place)s needs one at sea in the %(zone)s "
        "(9.2b, i)"
    ),
    "naval_fleets_elsewhere": N_(
        "no fleet of yours at sea in the %(zone)s, the zone of the port of %(place)s; your fleets: "
        "%(fleets)s (9.2b, i)"
    ),
    "naval_leave_harbor": N_(
        "the harbor of %(place)s opens on %(zone)s: a fleet leaving it enters %(zone)s first, "
        "not %(to)s (9.1a)"
    ),
    "naval_zones_apart": N_(
        "%(a)s and %(b)s are not adjacent; from %(a)s a fleet enters %(zones)s (9.1a)"
    ),
    "naval_harbor_zone": N_(
        "the harbor of %(place)s opens on the %(zone)s, not on the %(a)s (9.1a)"
    ),
    "naval_harbor_ends": N_("entering the harbor of %(place)s ends the move (9.1a)"),
    "naval_portless": N_("%(place)s has no port (9.2b, j)"),
    "naval_enemy_in": N_(
        "an enemy fleet is at sea in the %(zone)s: no loading or unloading there (9.2f)"
    ),
    "naval_unfriendly_port": N_(
        "%(place)s is held by %(nation)s, not a friendly port: blocks embark only from a "
        "territory with a friendly port (9.2b)"
    ),
    "naval_full": N_(
        "no room for %(blocks)s: a fleet carries one army or two regiments, never both; "
        "%(fleets)s (9.2d, h)"
    ),
    "naval_stops_in": N_(
        "the fleets must stop in the %(zone)s: enemy fleets are at sea there (9.1b)"
    ),
    "naval_loaded_fleet": N_(
        "%(fleet)s carries %(cargo)s: a loaded fleet may not enter the harbor of %(place)s (9.1c)"
    ),
    "naval_harbor_room": N_(
        "the harbor of %(place)s must be friendly with room for %(n)d fleets; it has room "
        "for %(room)d (9.1a, d)"
    ),
    "naval_port_zone": N_("the port of %(place)s is on the %(zone)s (9.2b, j)"),
    "naval_no_port": N_("that territory has no port on that sea zone (9.2b, j)"),
    "naval_port_not_friendly": N_(
        "blocks embark only from a territory with a friendly port (9.2b)"
    ),
    "naval_enemy_fleet": N_("an enemy fleet is in that sea zone: no loading or unloading (9.2f)"),
    "naval_no_room": N_("a fleet carries one army or two regiments, never both (9.2d, h)"),
    "naval_forbidden": N_("that territory is closed or forbidden to a block's nation (4.4, 9.2j)"),
    "naval_too_far": N_("a fleet moves at most 3 sea steps (9.1a)"),
    "naval_not_adjacent": N_(
        "each sea step enters an adjacent zone, the port's zone, or a harbor on the zone, which"
        " ends the move (9.1a)"
    ),
    "naval_stopped": N_("a fleet stops in a zone holding enemy fleets at sea (9.1b)"),
    "naval_loaded": N_("a fleet with blocks aboard may not enter a harbor (9.1c)"),
    "naval_harbor": N_("the harbor must be friendly and have room for every fleet (9.1a, d)"),
    "phase_done": N_(
        "your Action Phase of %(year)d %(season)s is resolved; send the next season's action "
        "lines after its action rolls are published (13.1b)"
    ),
    "game_over": N_("the game has ended"),
}


class Void(Exception):
    """An action line that is illegal now, with the reason id and its fields."""

    def __init__(self, reason: str, **params: object) -> None:
        self.reason = reason
        self.params = params
        super().__init__(self.text)

    @property
    def message(self) -> Text:
        """The reason as a sentence said in each reader's language (names as `Name`s)."""
        return _l(REASONS[self.reason], **self.params)

    @property
    def text(self) -> str:
        """The reason in English (the GM's log, tests)."""
        return str(self.message)
