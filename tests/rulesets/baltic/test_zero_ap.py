"""A side with 0 AP is asked like any other (13.5: it may still send standing lines or a
cession) but is told so (issue 19 point 5): the request, status, the public list of what is
awaited, its private report and its reminder all say that `pass` ends its phase now."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from adjudicator import engine
from adjudicator.create import create_game
from adjudicator.orders.errors import OrderErrors
from adjudicator.rulesets.baltic.position import export, scenario_state
from adjudicator.rulesets.baltic.ruleset import RULESET
from tests.conftest import START, cli
from tests.rulesets.baltic.phase import submit

PASSWORDS = {"sweden": "pw-sweden", "coalition": "pw-coalition"}
TOLD = "0 AP this season: `pass` ends your phase now; only standing lines or a cession can be sent"


def zero_ap_moment():
    """Poltava, Spring 1708: Sweden plays first with 3 AP; an event left the Coalition 0."""
    state = scenario_state("poltava")
    state.phase, state.first_player = "action_1", "sweden"
    state.ap = {"sweden": 3, "coalition": 0}
    return state


def test_13_5_the_orders_request_of_a_side_with_0_ap_says_pass_ends_it() -> None:
    state = zero_ap_moment()
    state.phase = "action_2"
    (orders,) = [r for r in RULESET.requests(state) if r.kind == "orders"]
    assert orders.player == "coalition"
    assert str(orders.summary) == TOLD
    assert "`пас` сразу завершает фазу" in orders.summary.say("ru", "baltic")
    assert "`passar` encerra sua fase agora" in orders.summary.say("pt_BR", "baltic")


def test_13_5_action_lines_with_0_ap_are_refused_naming_pass() -> None:
    state = zero_ap_moment()
    with pytest.raises(OrderErrors, match="0 AP this season: send `pass`"):
        submit(state, "coalition", "recon Pskov")
    submit(state, "coalition", "pass\nhit order: Bauer")


def test_13_5_status_reports_and_reminder_tell_the_0_ap_side(tmp_path: Path) -> None:
    path = tmp_path / "g"
    create_game(
        path,
        "baltic",
        now=START,
        roster={"sweden": {"name": "Ann"}, "coalition": {"name": "Bo", "lang": "ru"}},
        position=export(zero_ap_moment()),
        passwords=PASSWORDS,
        settings={"png": False, "maps": False},
    )
    body = f"side: sweden\npassword: {PASSWORDS['sweden']}\npass\n"
    (path / "inbox" / "1-sweden.txt").write_text(body, encoding="utf-8")
    result = engine.run(path, START + timedelta(minutes=5))
    assert not result.rejected
    status = cli("status", path)
    assert status.exit_code == 0, status.output
    assert f"coalition {TOLD}" in status.output  # columns as wide as their widest cell
    public = (path / "reports" / "0001.md").read_text(encoding="utf-8")
    assert f"Coalition (Bo): {TOLD}" in public
    private = (path / ".adjudicator" / "private" / "coalition" / "0001.md").read_text("utf-8")
    assert "в этом сезоне 0 AP: `пас` сразу завершает фазу" in private
    # ... and the reminder mail, built from the same open request as cron builds it.
    from adjudicator.clock import parse_time
    from adjudicator.publish.notices import due_notices, notice_body

    _, rows = engine.status(path)
    (row,) = [r for r in rows if r["player"] == "coalition"]
    soon = parse_time(str(row["deadline"])) - timedelta(hours=1)
    (notice,) = due_notices([row], soon, reminder_hours=24)
    for lang, told in [
        ("en", TOLD),
        ("ru", "в этом сезоне 0 AP: `пас` сразу завершает фазу"),
        ("pt_BR", "0 AP nesta estação: `passar` encerra sua fase agora"),
    ]:
        body = notice_body(notice, "g", "defaults", lang=lang, game="baltic")
        assert told in body, body
