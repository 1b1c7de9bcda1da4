"""ManaSurge's worlds built from a seat's view (tabletop/client/worlds/manasurge.py): they show
exactly that view, sample what the true state samples, and so a search bot decides online as it
decides in the server."""

from __future__ import annotations

import json
from typing import Any

from tabletop.client.observe import world
from tabletop.core.protocol import State
from tabletop.games.manasurge.phases import BETWEEN, OVER, PHASE_NAMES
from tabletop.games.manasurge.state import ManaSurgeState

from .helpers import Position, random_game, samples_alike, search_alike
from .test_observe import canonical

OPTIONS: list[dict[str, Any]] = [
    {"players": 3},
    {"players": 4, "wizards": True},
    {"players": 5, "wizards": True, "may_decline": True},
    {"players": 4, "may_decline": True, "metamagic_damage": True, "damage_order": "pnp"},
]


def played(options: dict[str, Any], seed: int) -> tuple[list[Position], State[Any]]:
    """(state, seat asked, step) along a random game with these options, and its end."""
    return random_game("manasurge", seed, **options)


def in_kinds(state: State[Any]) -> str:
    """``canonical`` (the shared helper) with each card's id read as its kind, and the piles whose
    order nothing reads sorted.  Alike cards (the two 5s of Lightning) are one kind, and the view
    shows kinds only: which id of a kind the seat holds is not in its view, and no rule reads it
    (a play takes the lowest id of the kind named, a reshuffle sorts the ids, whose kinds grow with
    them).  The hands are sets (the rules sort them before reading them), the discard pile is too
    (a reshuffle sorts it, and the view shows it sorted).  Between spells the direction is the
    last spell's, shown to nobody and read by nothing: the next spell begins clockwise."""
    assert isinstance(state, ManaSurgeState)
    data: dict[str, Any] = json.loads(canonical(state))
    kind = state.game.cards.kind
    data["hands"] = [sorted(kind[c] for c in hand) for hand in data["hands"]]
    data["damage"] = [[kind[c] for c in pile] for pile in data["damage"]]
    data["deck"] = [kind[c] for c in data["deck"]]
    data["discard"] = sorted(kind[c] for c in data["discard"])
    data["spell"]["cards"] = [kind[c] for c in data["spell"]["cards"]]
    data["gifts"] = sorted([giver, receiver, kind[c]] for giver, receiver, c in data["gifts"])
    if state.phase in (BETWEEN, OVER):
        del data["direction"]
    # the history (the shared helper drops it): how many spells were played, and the last
    data["spells"] = len(state.history)
    data["last_spell"] = state.history[-1] if state.history else None
    return json.dumps(data, sort_keys=True)


def test_manasurge_worlds_show_the_view_and_sample_what_the_true_state_samples() -> None:
    phases: set[int] = set()
    for options, seed in ((options, seed) for options in OPTIONS for seed in range(3)):
        found, end = played(options, seed)
        for state, seat, step in found:
            assert isinstance(state, ManaSurgeState)
            phases.add(state.phase)
            assert samples_alike(state, seat, step, in_kinds, samples=2 if step % 3 else 1), step
            other = (seat + 1 + step % (state.n - 1)) % state.n  # a seat not asked sees it too
            assert world(state.get_game(), other, state.view(other)).view(other) == state.view(other)
        for s in range(end.get_game().players):  # the end: every seat's last view
            assert world(end.get_game(), s, end.view(s)).view(s) == end.view(s)
    assert phases == set(range(len(PHASE_NAMES))) - {OVER}  # every phase a seat is asked in


def test_a_search_bot_decides_online_as_it_decides_in_the_server() -> None:
    seen: set[int] = set()
    checked = 0
    for options, seed in ((OPTIONS[1], 21), (OPTIONS[2], 22), (OPTIONS[0], 23)):
        found, _ = played(options, seed)
        for state, seat, step in found[1:80:4]:
            assert isinstance(state, ManaSurgeState)
            if len(state.legal_actions()) < 2:
                continue
            seen.add(state.phase)
            assert search_alike(state, seat, step)
            checked += 1
    assert checked >= 30 and len(seen) >= 4
