"""Event kinds declared with an audience per field (`rulesets.audience`): what the public
copy of an event gets is built from the fields declared public, never by deleting secrets."""

from __future__ import annotations

import pytest

from adjudicator.requests import Event
from adjudicator.rulesets.audience import Declared, UndeclaredEvent, declare, gm, owner, public


@declare("muster")
class Muster:
    """A test kind: who musters where is public, which blocks only the owner's."""

    side: str = public()
    from_: str = public(name="from")
    blocks: list[str] = owner()
    note: str = gm(optional=True)


EVENTS = Declared(Muster)


def test_the_public_copy_has_only_the_public_fields_in_their_order() -> None:
    data = {"side": "sweden", "blocks": ["swe_1"], "from": "svealand", "note": "x"}
    declared, seen, whole = EVENTS.split("muster", data)
    assert (declared.kind, declared.shape) == ("muster", "")
    assert list(seen.items()) == [("side", "sweden"), ("from", "svealand")]
    assert whole == {"side": "sweden", "blocks": ["swe_1"], "from": "svealand"}


def test_a_field_added_without_declaration_is_an_error_not_a_leak() -> None:
    with pytest.raises(UndeclaredEvent, match=r"'muster' with fields .*'secret_plan'"):
        EVENTS.split("muster", {"side": "s", "from": "f", "blocks": [], "secret_plan": "x"})


def test_a_field_declared_for_the_owner_is_hidden_from_the_public() -> None:
    @declare("muster")
    class MusterWithPlan:
        """Muster, with a new field declared without saying it is public."""

        side: str = public()
        from_: str = public(name="from")
        blocks: list[str] = owner()
        plan: str = owner()

    data = {"side": "s", "from": "f", "blocks": ["b"], "plan": "march on Moscow"}
    _declared, seen, whole = Declared(MusterWithPlan).split("muster", data)
    assert "plan" not in seen and whole["plan"] == "march on Moscow"


def test_an_unknown_kind_a_missing_field_and_an_ambiguous_shape_are_errors() -> None:
    with pytest.raises(UndeclaredEvent, match="'parade' is not declared"):
        EVENTS.split("parade", {})
    with pytest.raises(UndeclaredEvent, match="no declared shape fits"):
        EVENTS.split("muster", {"side": "s", "blocks": []})
    with pytest.raises(UndeclaredEvent, match="more than one declared shape"):
        Declared(Muster, Muster).split("muster", {"side": "s", "from": "f", "blocks": []})


def test_check_refuses_a_public_event_that_carries_a_secret() -> None:
    event = Event("muster", {"side": "s", "from": "f", "blocks": ["b"]})
    with pytest.raises(UndeclaredEvent, match=r"not declared public: \['blocks'\]"):
        EVENTS.check(event)
    private = Event("muster", {"side": "s", "from": "f", "blocks": ["b"]}, public=False, to="s")
    assert EVENTS.check(private) == private
    with pytest.raises(UndeclaredEvent, match="only the GM"):
        EVENTS.check(Event("muster", {**private.data, "note": "n"}, public=False, to="s"))


def test_a_field_without_an_audience_cannot_be_declared() -> None:
    with pytest.raises(TypeError, match="'x' says no audience"):

        @declare("bad")
        class Bad:
            """No audience."""

            x: str = "?"
