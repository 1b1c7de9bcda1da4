"""Helpers for the clan game's rule tests: fixed set-ups, playing texts, moving to a phase."""

from __future__ import annotations

from typing import Any

import tabletop
from tabletop.core.protocol import Event
from tabletop.games.summon7.clan.phases import PHASE_NAMES
from tabletop.games.summon7.clan.state import ClanState

# diets: glutton peasant, miser merchant, heretic priest, warlord soldier; the brute eats soldiers
CHARACTERS = ["glutton", "miser", "heretic", "warlord", "crone"]


def clan(
    players: int = 2,
    *,
    dealer: int = 1,
    deck: list[int] | None = None,
    head: str = "brute",
    options: dict[str, Any] | None = None,
    seed: int = 0,
    **setup: Any,
) -> ClanState:
    """A game with its characters chosen, started at the main game (no pre-game) unless
    ``options`` says otherwise; ``setup`` adds set-up keys (hands, pantry, hungry, ...)."""
    opts = {"pregame": 0, **(options or {})}
    full: dict[str, Any] = {"dealer": dealer, "characters": CHARACTERS[:players], "head": head, **setup}
    if deck is not None:
        full["deck"] = deck
    state = tabletop.make("clan", players=players, **opts).new_state(seed, full)
    assert isinstance(state, ClanState)
    return state


def play(state: ClanState, *texts: str) -> list[Event]:
    """Apply the actions in order; return the events of all of them."""
    events: list[Event] = []
    for text in texts:
        events += state.apply_text(text)
    return events


def phase(state: ClanState) -> str:
    return PHASE_NAMES[state.phase]


def advance_to(state: ClanState, name: str, limit: int = 200) -> list[Event]:
    """Play the first legal action until the phase called ``name`` (or the end)."""
    events: list[Event] = []
    for _ in range(limit):
        if phase(state) == name or state.is_terminal():
            return events
        events += state.apply(state.legal_actions()[0])
    raise AssertionError(f"never reached the {name} phase")


def kinds(events: list[Event], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in events if e.kind == kind]


def hand(state: ClanState, seat: int) -> list[str]:
    return list(state.view(seat)["seats"][seat]["hand"])
