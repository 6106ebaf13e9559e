"""A decision the rules have asked of a house and wait for: the records of
`state.action["open"]`.

It is the ruleset's own record, not the engine's `requests.Request`: it keeps what the
saved game has always held (the house, the keys an instruction may name, the context), and
the engine gets its `Request` from it (`as_request`: the keys go into the context). In the
saved state it is plain data, as the state round-trips YAML: `State.to_data`/`from_data`
convert it there (`to_data`/`from_data` here), with the summary as `text.to_data` writes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjudicator.requests import Request
from adjudicator.rulesets.westeros.request_contexts import CONTEXTS, Context
from adjudicator.text import Text, from_data, to_data


@dataclass(frozen=True)
class OpenRequest:
    """One open decision of one house (flow.open_request opens it, flow.apply_answers
    applies its answer or its default and closes it)."""

    id: str
    """Stable across runs: round, the phase's prefix, kind, house, a counter
    ('r3/card/stark/4')."""
    house: str
    """Who must answer."""
    kind: str
    """The step that asks (the kinds tables of action.py and westeros_phase.py: 'card',
    'retreat', 'muster', 'wildling-bid', ...)."""
    keys: list[str]
    """What an instruction may name to answer it (an area, a card; '' for none)."""
    context: Context
    """What the house needs to answer, a record per kind (`request_contexts.CONTEXTS`): the
    battle and side, the legal choices, whether it may decline ('optional')."""
    secret: bool
    """The answer stays the house's own until the game reveals it (a card, a bid)."""
    summary: str | Text
    """One line saying what is asked, in each reader's language."""

    def as_request(self) -> Request:
        """The engine's view of it: the keys go into the context."""
        context = {**self.context.to_data(), "keys": list(self.keys)}
        return Request(self.id, self.house, self.kind, context, self.secret, self.summary)

    # -- plain data ----------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        """As the saved state holds it (the values themselves: `State.to_data` copies)."""
        return {
            "id": self.id,
            "house": self.house,
            "kind": self.kind,
            "keys": self.keys,
            "context": self.context.to_data(),
            "secret": self.secret,
            "summary": to_data(self.summary),
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> OpenRequest:
        """The request of a saved state (a plain-string summary from older states too)."""
        return cls(
            data["id"],
            data["house"],
            data["kind"],
            data["keys"],
            CONTEXTS[data["kind"]].from_data(data["context"]),
            data["secret"],
            from_data(data["summary"]),
        )
