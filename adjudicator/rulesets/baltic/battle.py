"""Battles (section 5): rounds by class, fire, hits to the strongest block, retreats, regroup.

`Battle` fights one land battle. Its hooks (`combatants`, `retreat_destination`, `retreat`,
`forced_retreat`, `after`) are what a naval battle (9.3, naval.py) overrides; the rounds,
the firing order, the dice and the hits are shared (9.3a: "follows the rules for battles
between army and regiment blocks").
"""

from __future__ import annotations

from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.baltic import control, naval, standing
from adjudicator.rulesets.baltic.control import board
from adjudicator.rulesets.baltic.losses import destroy, lose_step
from adjudicator.rulesets.baltic.rolls import roll
from adjudicator.rulesets.baltic.state import State, other_side
from adjudicator.rulesets.baltic.supply import forage_points
from adjudicator.rulesets.baltic.where import has_enemy_land
from adjudicator.text import _l

CLASSES = ("A", "B", "C", "D")


def hit_key(state: State, block: str) -> tuple[int, int, int, int]:
    """5.4 default tie order among equally strong blocks: the worst class first, then lower
    firepower, then non-royal before royal, then roster order."""
    info = board().blocks[block]
    return (-CLASSES.index(info.cls), info.firepower, int(info.is_royal), info.roster)


def hit_target(state: State, candidates: list[str], side: str) -> str:
    """The block of `side` that takes the next hit: the strongest; ties by `hit order` (D4),
    else by `hit_key`."""
    top = max(state.blocks[b].strength for b in candidates)
    tied = [b for b in candidates if state.blocks[b].strength == top]
    if len(tied) > 1:
        for block in standing.hit_order(state, side):
            if block in tied:
                return block
    return min(tied, key=lambda b: hit_key(state, b))


def is_hit_tie_by_default(state: State, candidates: list[str], side: str, target: str) -> bool:
    """Whether `target` took the hit by the default order: it was one of several equally
    strong blocks and the side's `hit order` (D4) named none of them."""
    tied = _tied(state, candidates, target)
    return len(tied) > 1 and not set(standing.hit_order(state, side)) & set(tied)


def hit_order_unused(
    events: list[dict[str, Any]],
    state: State,
    side: str,
    where: str,
    candidates: list[str],
    target: str,
) -> None:
    """13.5 (D4): tell `side` that its `hit order` line settled no tie in `where` (nothing,
    without a line): none of the equally strong blocks was named in it."""
    if not standing.hit_order(state, side):
        return
    tied = sorted(_tied(state, candidates, target), key=lambda b: board().blocks[b].roster)
    why = _l(
        "it names none of the equally strong blocks that could take the hit in %(place)s: "
        "%(blocks)s (5.4)",
        place=board().said(where),
        blocks=[board().said(b) for b in tied],
    )
    standing.skipped(events, state, side, "hit_order", why)


def _tied(state: State, candidates: list[str], target: str) -> list[str]:
    top = state.blocks[target].strength
    return [b for b in candidates if state.blocks[b].strength == top]


def take_hit(state: State, block: str, side: str, cause: str, events: list[dict[str, Any]]) -> None:
    """One hit: reported with the strength it leaves (0: destroyed), then applied."""
    after = state.blocks[block].strength - 1
    events.append({"kind": "hit", "block": block, "side": side, "strength": after})
    lose_step(state, block, cause, events)


class Battle:
    """One land battle in `where`; the active side attacks (5.1)."""

    kind = "land"
    hit_cause = "battle"

    def __init__(self, state: State, where: str, attacker: str, rng: Dice) -> None:
        self.state = state
        self.where = where
        self.attacker = attacker
        self.defender = other_side(attacker)
        self.rng = rng
        self.events: list[dict[str, Any]] = []
        self.left: dict[str, int] = {}
        """'a|b|side' -> blocks of a side that left across a border (5.5f)."""
        self.round = 0
        self.fought: set[str] = set()
        """The blocks in the battle at its start (5.6c: only they may regroup)."""
        self.noted: set[str] = set()
        """Sides told that a hit tie took the default order (D4), once a battle."""

    # -- hooks (a naval battle overrides these) ------------------------------------------
    def combatants(self, side: str) -> list[str]:
        return control.land_blocks(self.state, self.where, side)

    def retreat_destination(self, block: str) -> str | None:
        return land_retreat(self, block)

    def retreat(self, block: str, destination: str) -> None:
        side = control.side_of_block(block)
        event: dict[str, Any] = {
            "kind": "retreat",
            "block": block,
            "side": side,
            "from": self.where,
            "to": destination,
            "round": self.round,
        }
        if destination.startswith("sea:"):
            fleet = naval.retreat_to_sea(
                self.state, block, self.where, [destination[4:]], self.events
            )
            # 13.6: the fleet that takes it aboard was not in the battle: its identity stays
            # with its owner.
            event.update(to="sea", zone=board().port_sea(self.where), fleet=fleet)
        else:
            key = "|".join([*sorted((self.where, destination)), side])
            self.left[key] = self.left.get(key, 0) + 1
            self.state.blocks[block].at = destination
        self.events.append(event)

    def forced_retreat(self, block: str) -> None:
        """5.6b: after round 3 an attacker must retreat, or is destroyed."""
        destination = self.retreat_destination(block)
        if destination is None:
            destroy(self.state, block, "forced_retreat", self.events)
        else:
            self.retreat(block, destination)

    def after(self) -> None:
        """5.6c: the side left may regroup."""
        regroup(self)

    # -- the battle ------------------------------------------------------------------------
    def is_over(self) -> bool:
        return not self.combatants(self.attacker) or not self.combatants(self.defender)

    def fight(self) -> list[dict[str, Any]]:
        """5.3-5.6: at most 3 rounds; then forced retreats and regroup. Returns the events."""
        state = self.state
        blocks = {s: self.combatants(s) for s in (self.defender, self.attacker)}
        self.fought = set(blocks[self.defender] + blocks[self.attacker])
        for side in (self.attacker, self.defender):
            lines = [standing.battle_order_for(state, side, self.where, b) for b in blocks[side]]
            if not any(lines):
                standing.applied_default(self.events, side, "D3", at=self.where, choice="fight")
        for block in blocks[self.defender] + blocks[self.attacker]:
            if block not in state.revealed:
                state.revealed.append(block)
        self.events.append(
            {
                "kind": "battle",
                "battle": self.kind,
                "at": self.where,
                "attacker": self.attacker,
                "blocks": {
                    s: [[b, state.blocks[b].strength] for b in blocks[s]]
                    for s in (self.attacker, self.defender)
                },
            }
        )
        rounds = board().tables["battle_rounds"]
        for number in range(1, rounds + 1):
            self.round = number
            self.fight_round()
            if self.is_over():
                break
        if not self.is_over():
            for block in self.combatants(self.attacker):
                self.forced_retreat(block)
        winner = (
            self.defender
            if self.combatants(self.defender)
            else (self.attacker if self.combatants(self.attacker) else None)
        )
        self.events.append({"kind": "battle_end", "at": self.where, "winner": winner})
        if winner:
            self.after()
        return self.events

    def fight_round(self) -> None:
        """5.3: classes A-D; in each, the defender's blocks, then the attacker's, each side's
        by descending strength and then roster order.

        NOTE: the order of a side's blocks in a class is fixed when that group begins to act;
        a block destroyed or retreated before its turn does not act, and a block hit before
        its turn rolls its strength then (WE-4: Wachtmeister, hit to 3, rolls 3 dice)."""
        for cls in CLASSES:
            for side in (self.defender, self.attacker):
                group = [b for b in self.combatants(side) if board().blocks[b].cls == cls]
                group.sort(key=lambda b: (-self.state.blocks[b].strength, board().blocks[b].roster))
                for block in group:
                    if self.is_over():
                        return
                    if block in self.combatants(side):
                        self.act(block, side)

    def act(self, block: str, side: str) -> None:
        """5.3: fire, or retreat as the owner's `battle` line says; attackers cannot retreat
        in round 1; a block with no legal retreat fires instead."""
        if (side == self.defender or self.round > 1) and self.wants_retreat(block, side):
            destination = self.retreat_destination(block)
            if destination is not None:
                self.retreat(block, destination)
                return
        self.fire(block, side)

    def wants_retreat(self, block: str, side: str) -> bool:
        order = standing.battle_order_for(self.state, side, self.where, block)
        if order is None or order["mode"] == "fight":
            return False
        if order["mode"] == "retreat_round":
            return self.round >= order["round"]
        ours = sum(self.state.blocks[b].strength for b in self.combatants(side))
        theirs = sum(self.state.blocks[b].strength for b in self.combatants(other_side(side)))
        return ours < theirs  # retreat when weaker

    def fire(self, block: str, side: str) -> None:
        """5.4: one die per step; each at or below firepower hits the strongest enemy."""
        info = board().blocks[block]
        dice = roll(
            self.state,
            self.rng,
            self.state.blocks[block].strength,
            _l("battle %(place)s", place=board().said(self.where)),
            _l("round %(n)d", n=self.round),
            board().said(block),
        )
        hits = sum(1 for d in dice if d <= info.firepower)
        self.events.append(
            {
                "kind": "fire",
                "block": block,
                "side": side,
                "dice": dice,
                "hits": hits,
                "round": self.round,
            }
        )
        self.apply_hits(other_side(side), hits)

    def apply_hits(self, side: str, hits: int) -> None:
        for _ in range(hits):
            targets = self.combatants(side)
            if not targets:
                return
            target = hit_target(self.state, targets, side)
            self.note_hit_default(targets, side, target)
            take_hit(self.state, target, side, self.hit_cause, self.events)

    def note_hit_default(self, targets: list[str], side: str, target: str) -> None:
        """D4: report to the side, once a battle, that a tie took the default order (and
        that its `hit order` line, if any, named none of the tied blocks)."""
        if side not in self.noted and is_hit_tie_by_default(self.state, targets, side, target):
            self.noted.add(side)
            standing.applied_default(self.events, side, "D4", at=self.where)
            hit_order_unused(self.events, self.state, side, self.where, targets, target)

    # -- retreat limits ------------------------------------------------------------------
    def room(self, side: str, destination: str) -> bool:
        """5.5f: at most 3/2/1 blocks of a side leave across a border from one battle."""
        key = "|".join([*sorted((self.where, destination)), side])
        return self.left.get(key, 0) < board().limit(self.where, destination)


def entries_into(state: State, territory: str) -> list[list[str]]:
    return [e for e in state.turn.entries if e[0] == territory]


def land_retreat(battle: Battle, block: str) -> str | None:
    """5.5: the destination of a land block's retreat, or None when none is legal."""
    state, where = battle.state, battle.where
    side = control.side_of_block(block)
    nation = board().blocks[block].nation
    entered = entries_into(state, where)
    entered_from = {e[1] for e in entered if e[1] != "sea"}
    own_entry = next((e[1] for e in entered if e[2:] == [block]), None)
    landed = own_entry == "sea"
    legal: list[str] = []
    if not landed:
        for n in board().neighbours[where]:
            if side == battle.attacker and n not in entered_from:
                continue  # 5.5c: only back across borders by which attackers entered
            if side == battle.defender and n in entered_from:
                continue  # 5.5d
            if (
                not control.can_enter(state, nation, n)
                or control.is_enemy_controlled(state, n, side)
                or has_enemy_land(state, n, side)
                or not battle.room(side, n)
            ):
                continue
            legal.append(n)
    sea = sea_retreat_option(state, block, where, side)
    wanted = standing.retreat_priority(state, side, where)
    for choice in wanted:
        if choice.get("to") in legal:
            return choice["to"]
        if choice.get("sea") and sea:
            fleets = choice.get("fleets") or []
            return "sea:" + (next((f for f in fleets if f in sea), None) or sea[0])
        _retreat_entry_skipped(battle, side, block, choice)
    choice = (
        min(legal, key=lambda n: retreat_rank(state, n, side, own_entry))
        if legal
        else ("sea:" + sea[0] if sea else None)
    )
    if choice:
        shown = board().port_sea(where) if choice.startswith("sea:") else choice
        standing.applied_default(battle.events, side, "D5", at=where, block=block, to=shown)
    return choice


def _retreat_entry_skipped(battle: Battle, side: str, block: str, choice: dict) -> None:
    """13.5: an entry of the `retreat priority` line that is not legal now is passed over,
    and its side is told which and why."""
    where = battle.where
    if choice.get("to"):
        why = _l(
            "%(block)s cannot retreat from %(origin)s to %(place)s now (5.5)",
            block=board().said(block),
            origin=board().said(where),
            place=board().said(choice["to"]),
        )
    else:
        why = _l(
            "%(block)s has no fleet to retreat onto from %(origin)s (9.5)",
            block=board().said(block),
            origin=board().said(where),
        )
    name = standing.first_key(
        battle.state, side, [standing.key("retreat", where), standing.key("retreat", "any")]
    )
    standing.skipped(battle.events, battle.state, side, name or "retreat", why)


def retreat_rank(state: State, territory: str, side: str, own_entry: str | None) -> tuple:
    """5.5e default: own entry territory; friendly before neutral; more forage; lower id."""

    return (
        territory != own_entry,
        not control.is_friendly(state, territory, side),
        -forage_points(state, territory, side),
        territory,
    )


def sea_retreat_option(state: State, block: str, where: str, side: str) -> list[str]:
    """Fleets `block` may retreat onto (9.5); naval.py decides."""

    return naval.sea_retreat_fleets(state, block, where)


def regroup(battle: Battle) -> None:
    """5.6c: the side left may move blocks that fought there to adjacent territories
    under 5.5b and 5.5f, by its `regroup` lines; the default is none."""
    state, where = battle.state, battle.where
    winner = battle.defender if battle.combatants(battle.defender) else battle.attacker
    fought = battle.fought
    if not standing.regroups(state, winner, where):
        standing.applied_default(battle.events, winner, "D7", at=where, choice="none")
    for name, line in standing.regroups(state, winner, where).items():
        destination = line["to"]
        for block in line["blocks"]:
            if state.blocks[block].at != where or block not in fought:
                why = _l(
                    "%(block)s did not fight in %(territory)s: only blocks that fought there "
                    "regroup (5.6c)",
                    block=board().said(block),
                    territory=board().said(where),
                )
                standing.skipped(battle.events, state, winner, name, why)
                continue
            nation = board().blocks[block].nation
            if (
                board().border(where, destination) is None
                or not control.can_enter(state, nation, destination)
                or control.is_enemy_controlled(state, destination, winner)
                or has_enemy_land(state, destination, winner)
                or not battle.room(winner, destination)
            ):
                why = _l(
                    "%(block)s may not regroup from %(start)s to %(to)s: it must be an adjacent "
                    "territory it may enter, not enemy-held, with room on the border (5.5b, 5.5f)",
                    block=board().said(block),
                    start=board().said(where),
                    to=board().said(destination),
                )
                standing.skipped(battle.events, state, winner, name, why)
                continue
            key = "|".join([*sorted((where, destination)), winner])
            battle.left[key] = battle.left.get(key, 0) + 1
            state.blocks[block].at = destination
            battle.events.append(
                {
                    "kind": "regroup",
                    "block": block,
                    "side": winner,
                    "from": where,
                    "to": destination,
                }
            )
