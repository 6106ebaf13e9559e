"""Why an action line is illegal: one message table, used at receipt and at execution (13.5).

A line checked when received and found illegal is an error of the submission; the same
check failing when the line is executed makes it void, and the report prints the same
sentence. Each sentence is written here once (it will be translated), with named fields.
"""

from __future__ import annotations

REASONS: dict[str, str] = {
    "not_yours": "{block} is not a block of your side",
    "not_there": "{block} is not in {place}",
    "moved": "{block} has already moved this season (4.1b)",
    "not_land": "{block} is not a land block",
    "not_fleet": "{block} is not a fleet",
    "inactive": "{nation} is not an active nation of your side (10.1b)",
    "no_blocks": "no blocks of yours in {place}",
    "not_adjacent": "{a} and {b} share no land border (4.1c)",
    "too_far": "{block} may move at most {n} territories now (2.2, 3.6b)",
    "stops": "{block} must stop in {place}: enemy blocks or enemy control (4.3)",
    "forbidden": "{block} may not enter {place}: closed or forbidden to its nation (4.4)",
    "border_limit": "at most {limit} blocks may cross the {kind} border {a}-{b} this phase, "
    "{used} already did (4.2)",
    "one_location": "all parts of one move line must start in the same location (13.3)",
    "winter_siege": "in Winter only a Swedish group with Karl XII may besiege (3.6c)",
    "no_siege_target": "{place} cannot be besieged by you now (6.1)",
    "siege_rounds": "at most {n} siege rounds in {place} per Action Phase (6.2)",
    "rp_short": "{nation} has {have} RP available, this costs {cost} (8.4)",
    "step_full": "{block} is at full strength",
    "step_twice": "{block} may gain only one step per Reinforce action (8.4a)",
    "step_no_loc": "{block} has no LOC or is aboard a fleet (8.4a)",
    "step_harbor": "{block} must be in a harbor its own nation controls to gain a step (8.4a)",
    "step_attrition": "from bottom-row Attrition box 6 Swedish blocks in Russia and Ukraine "
    "get no steps (C.3)",
    "builds": "at most {n} builds per Reinforce action (8.4b)",
    "build_place": "{place} is not in the placement list of any block {nation} may build (8.6)",
    "recon_range": "{place} is not within your recon range (3.5)",
    "politics_once": "only one Politics action per side per season (C.2)",
    "ap": "you have {ap} AP: at most {ap} action lines (13.5)",
    "cede_sweden": "only Sweden may cede territory (11.1c)",
    "cede": "{place} cannot be ceded now (11.1c, 11.1f)",
    "naval_winter": "in Winter no fleet moves and no block embarks or disembarks (3.6a)",
    "naval_moved": "a block or fleet of this part has already moved this season (4.1b, 9.2e)",
    "naval_not_there": "a block or fleet of this part is not yours or not where the part starts",
    "naval_not_cargo": "only army and regiment blocks go by sea (9.2a, h)",
    "naval_not_fleet": "no fleet of yours at sea there to carry them (9.2i)",
    "naval_no_port": "that territory has no port on that sea zone (9.2b, j)",
    "naval_port_not_friendly": "blocks embark only from a territory with a friendly port (9.2b)",
    "naval_enemy_fleet": "an enemy fleet is in that sea zone: no loading or unloading (9.2f)",
    "naval_no_room": "a fleet carries one army or two regiments, never both (9.2d, h)",
    "naval_forbidden": "that territory is closed or forbidden to a block's nation (4.4, 9.2j)",
    "naval_too_far": "a fleet moves at most 3 sea steps (9.1a)",
    "naval_not_adjacent": "each sea step enters an adjacent zone, the port's zone, or a "
    "harbor on the zone, which ends the move (9.1a)",
    "naval_stopped": "a fleet stops in a zone holding enemy fleets at sea (9.1b)",
    "naval_loaded": "a fleet with blocks aboard may not enter a harbor (9.1c)",
    "naval_harbor": "the harbor must be friendly and have room for every fleet (9.1a, d)",
    "phase_done": "your Action Phase of {season} is resolved; send the next season's action "
    "lines after its action rolls are published (13.1b)",
    "game_over": "the game has ended",
}


class Void(Exception):
    """An action line that is illegal now, with the reason id and its fields."""

    def __init__(self, reason: str, **params: str | int) -> None:
        self.reason = reason
        self.params = params
        super().__init__(self.text)

    @property
    def text(self) -> str:
        return REASONS[self.reason].format(**self.params)
