"""Small helpers for Summon 7 rule tests: fixed deals, and playing action texts."""

from __future__ import annotations

import tabletop
from tabletop.core.protocol import Event
from tabletop.games.summon7.state import Summon7State


def deal(
    players: int,
    *,
    dealer: int,
    deck: list[int],
    leadership: list[int] | None = None,
    only: bool = False,
    **options: int,
) -> Summon7State:
    """A game whose deck starts with ``deck`` (values, the first dealt first)."""
    setup: dict[str, object] = {"dealer": dealer, "deck": deck, "deck_only": only}
    if leadership is not None:
        setup["leadership"] = leadership
    state = tabletop.make("summon7", players=players, **options).new_state(0, setup)
    assert isinstance(state, Summon7State)
    return state


def play(state: Summon7State, *texts: str) -> list[Event]:
    """Apply the actions in order; return the events of the last one."""
    events: list[Event] = []
    for text in texts:
        events = state.apply_text(text)
    return events
