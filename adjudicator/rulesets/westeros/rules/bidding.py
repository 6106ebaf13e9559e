"""Clash of Kings: secret bids for the three influence tracks, one track at a time.

Rulebook, Clash of Kings: for the Iron Throne, then Fiefdoms, then King's Court, every
house secretly bids power tokens from its pool; the bids are revealed together and every
bid token is spent. Houses take the track from the highest bid down; ties are ordered by
the holder of the Iron Throne (for the Iron Throne track, the holder before the bid). The
dominance tokens (Iron Throne, Valyrian Steel Blade, Messenger Raven) follow the new track
tops and the star limits follow the new King's Court order: both are read from the tracks.

Brief, decision table: a bid defaults to 0; the tie order to the previous relative order.
Progress lives in ``state.action["clash"]``: ``tracks`` still to bid, ``track`` and
``bids`` of the one under way.
"""

from __future__ import annotations

from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.westeros import flow
from adjudicator.rulesets.westeros.flow import Events, Skip, emit
from adjudicator.rulesets.westeros.open_request import OpenRequest
from adjudicator.rulesets.westeros.request_contexts import BidChoice, TieChoice
from adjudicator.rulesets.westeros.state import TRACKS, State
from adjudicator.rulesets.westeros.words import said
from adjudicator.rulesets.westeros.words.westeros_phase_messages import bid_too_high, say


def start_clash_of_kings(state: State, events: Events) -> None:
    state.action["clash"] = {"tracks": list(TRACKS)}
    emit(events, "clash_of_kings")


def advance_clash(state: State, events: Events) -> None:
    """One move of the bidding: open the next track's bids, or reveal the bids in."""
    clash = state.action["clash"]
    if "track" not in clash:
        if not clash["tracks"]:
            del state.action["clash"]
            return
        _open_bids(state, clash, clash["tracks"].pop(0))
        return
    if "order" in clash:
        return  # waiting for the tie order (the request is open)
    _reveal(state, clash, events)


def _open_bids(state: State, clash: dict[str, Any], track: str) -> None:
    clash["track"], clash["bids"] = track, {}
    for house in state.houses:
        most = state.power.get(house, 0)
        if most == 0:
            clash["bids"][house] = 0  # nothing to bid: ask only when there is a choice
            continue
        flow.open_request(
            state,
            house,
            "bid",
            [track],
            BidChoice(track, most, choices=list(range(most + 1))),
            say("bid", track=said.track(track)),
            secret=True,
        )


def _reveal(state: State, clash: dict[str, Any], events: Events) -> None:
    track, bids = clash["track"], clash["bids"]
    for house, bid in bids.items():
        state.power[house] -= bid  # every bid token is spent, winners and losers alike
    emit(events, "bids_revealed", track=track, bids={h: bids[h] for h in state.houses})
    ties = tied_groups(state, track, bids)
    holder = state.holder("iron_throne")
    if not ties:
        _set_track(state, clash, by_bids(state, track, bids), events)
        return
    clash["order"] = by_bids(state, track, bids)
    flow.open_request(
        state,
        holder,
        "tie",
        [track],
        TieChoice(track, bids=dict(bids), tied=ties, default=clash["order"]),
        say("tie", track=said.track(track)),
    )


def by_bids(state: State, track: str, bids: dict[str, int]) -> list[str]:
    """Highest bid first; equal bids keep their previous relative order (the default)."""
    before = state.tracks[track]
    return sorted(state.houses, key=lambda h: (-bids[h], before.index(h)))


def tied_groups(state: State, track: str, bids: dict[str, int]) -> list[list[str]]:
    """Groups of houses with equal bids, each in its previous relative order."""
    groups: dict[int, list[str]] = {}
    for house in by_bids(state, track, bids):
        groups.setdefault(bids[house], []).append(house)
    return [g for _, g in sorted(groups.items(), reverse=True) if len(g) > 1]


def _set_track(state: State, clash: dict[str, Any], order: list[str], events: Events) -> None:
    track = clash["track"]
    before = list(state.tracks[track])
    state.tracks[track] = order
    for key in ("track", "bids", "order"):
        clash.pop(key, None)
    emit(events, "track_set", track=track, order=order, before=before)


# -- the "bid" request -----------------------------------------------------------------------
def answer_bid(state: State, req: OpenRequest, value: Any) -> int:
    """NOTE: a standing bid above the power held when asked is not used (never lowered by
    guess); the house is asked. 'all' bids whatever it holds then."""
    most = BidChoice.of(req).most
    bid = value["bid"] if isinstance(value, dict) else value
    if bid == "all":
        return most
    if not isinstance(bid, int) or bid < 0:
        raise Skip(say("bid_number"))
    if bid > most:
        raise Skip(bid_too_high(bid, most))
    return bid


def apply_bid(state: State, req: OpenRequest, value: int, rng: Dice, events: Events) -> None:
    state.action["clash"]["bids"][req.house] = value


def default_bid(state: State, req: OpenRequest, rng: Dice) -> int:
    """Brief: a bid nobody sent is 0."""
    return 0


# -- the "tie" request -----------------------------------------------------------------------
def answer_tie(state: State, req: OpenRequest, value: Any) -> list[str]:
    """The new track: each tied group sorted by the holder's preference list.

    NOTE: houses the list does not name keep their previous relative order after the named
    ones (the brief's default), so one line covers every tie of that track.
    """
    prefs = value["order"] if isinstance(value, dict) else value
    if not isinstance(prefs, list):
        raise Skip(say("tie_houses"))
    context = TieChoice.of(req)
    bids = context.bids
    before = state.tracks[context.track]
    rank = {h: i for i, h in enumerate(prefs)}
    return sorted(state.houses, key=lambda h: (-bids[h], rank.get(h, len(prefs)), before.index(h)))


def apply_tie(state: State, req: OpenRequest, value: list[str], rng: Dice, ev: Events) -> None:
    clash = state.action["clash"]
    emit(ev, "tie_ordered", house=req.house, track=clash["track"], order=value)
    _set_track(state, clash, value, ev)


def default_tie(state: State, req: OpenRequest, rng: Dice) -> list[str]:
    """Brief: the previous relative order."""
    return list(TieChoice.of(req).default)
