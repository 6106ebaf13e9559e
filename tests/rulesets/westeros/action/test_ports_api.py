"""Port captures outside marches (P9): the hooks other phases call after a loss of control."""

from __future__ import annotations

from adjudicator.rulesets.westeros.flow import Events
from adjudicator.rulesets.westeros.rules import ports
from tests.rulesets.westeros.action.helpers import action_state


def test_p9_wildling_loss_empties_captured_home() -> None:
    # P9 edge case: a wildling loss that empties a captured home area triggers P9 too;
    # the wildling step calls ports.queue_port_captures after destroying units.
    state, _ = action_state(
        units={
            "winterfell": {"lannister": ["footman"]},
            "port_of_winterfell": {"lannister": ["ship"]},
            "castle_black": {"stark": ["footman"]},
        },
        garrisons={"kings_landing": 5, "the_eyrie": 6},
    )
    del state.units["winterfell"]  # the wildlings destroyed Lannister's last unit there
    events: Events = []
    state.action = {"open": [], "n": 0}
    ports.queue_port_captures(state, events)
    assert state.action["ports"] == ["port_of_winterfell"]
    ports.next_port_capture(state, events)
    (request,) = state.action["open"]
    assert (request.house, request.kind, request.context.choices) == (
        "stark",
        "port",
        [0, 1],
    )


def test_p9_orphaned_ships_destroyed_when_land_has_no_controller() -> None:
    # P9: "If the land is left with no controller at all, ships in its port are destroyed."
    state, _ = action_state(units={"port_of_white_harbor": {"stark": ["ship", "ship"]}})
    events: Events = []
    ports.destroy_orphaned_ships(state, events)
    assert "port_of_white_harbor" not in state.units
    assert [(e.kind, e.data["reason"]) for e in events] == [("ships_destroyed", "no_controller")]
