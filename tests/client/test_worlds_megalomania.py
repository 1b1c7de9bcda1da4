"""Megalomania's worlds built from a seat's view (tabletop/client/worlds/megalomania.py): they
show exactly that view, their samples are the true state's samples for the same generator, and
so a search bot decides online as it decides in the server.

What the table has deduced from the round's play (``forbidden``: the cards a seat showed it
lacks; ``must``: the sets an Assassin played by its power showed it holds one of) is public, in
each seat's entry of the view (``lacks``, ``holds_one_of``); the samples deal under it, so the
world reads it: ``deduced`` picks the positions where it bears on the hidden cards, all checked
too (``test_the_deductions_bind_samples_online_too``)."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

from tabletop.core.protocol import State
from tabletop.games.megalomania.knowledge import visible

from .helpers import Position, positions, samples_alike, search_alike

COMMON = ("play", "after-play", "resources")  # every third of these is checked, every other position
PHASES = {
    "scrolls", "scroll-effect", "resources", "lay-out", "split", "hand-over", "play", "after-play",
    "explorer-return", "assist", "trick-end",
}  # fmt: skip
# players, pairs, seeds: games that meet every phase outside the gap (the rare ones: scroll 18's
# assist, scrolls 10 and 16 at a trick's end, the Explorer's return, missions 15, 24 and 25)
GAMES = [(2, False, (20, 21)), (3, False, (32, 33)), (4, False, (42, 43)), (4, True, (44, 42))]


def games_positions(players: int, pairs: bool, seed: int) -> list[Position]:
    """helpers.positions, of the pairs game too."""
    return positions("megalomania", players, seed, pairs=pairs)


def deduced(state: Any, seat: int) -> bool:
    """Whether the true state's sample for ``seat`` is bound by a deduction (module docstring): a
    card of the hidden pool forbidden to another seat, or a set that seat must hold one of and
    that no card the seat sees meets."""
    others = [o for o in range(state.n) if o != seat]
    seen = {o: visible(state, seat, o) for o in others}
    pool = state.stock
    for o in others:
        pool |= (state.hands[o] & ~seen[o]) | state.out[o]
    for down in state.down:
        pool |= down
    return any(state.forbidden[o] & pool or any(not m & seen[o] for m in state.must[o]) for o in others)


def canonical(state: State[Any]) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def check(state: State[Any], seat: int, step: int) -> bool:
    """The world shows the view; True when its samples are the true state's too."""
    return samples_alike(state, seat, step, canonical)


@cache
def checked_phases(players: int, pairs: bool, seeds: tuple[int, ...]) -> frozenset[str]:
    """Check random games' positions; the phases met."""
    phases: set[str] = set()
    checked = 0
    for seed in seeds:
        for state, seat, step in games_positions(players, pairs, seed):
            phase = state.view(None)["phase"]
            if phase in COMMON and step % 3:
                continue
            assert check(state, seat, step), (players, pairs, seed, step)
            phases.add(phase)
            checked += 1
    assert checked >= 150
    return frozenset(phases)


@pytest.mark.parametrize(("players", "pairs", "seeds"), GAMES)
def test_megalomania_worlds_from_the_view_sample_what_the_true_state_samples(
    players: int, pairs: bool, seeds: tuple[int, ...]
) -> None:
    assert checked_phases(players, pairs, seeds) >= {"scrolls", "resources", "play", "after-play"}


def test_every_phase_is_checked() -> None:
    """Over the games above, the positions checked meet every phase but the end."""
    assert frozenset().union(*(checked_phases(*game) for game in GAMES)) >= PHASES


def test_the_deductions_bind_samples_online_too() -> None:
    """Where a deduction bears on the hidden cards, the world's samples are the true state's."""
    found = [
        (s, seat, step) for s, seat, step in positions("megalomania", 3, seed=0)[:300] if deduced(s, seat)
    ]
    assert len(found) > 20
    assert all(check(s, seat, step) for s, seat, step in found[:20])


def test_a_search_bot_decides_online_as_it_decides_in_the_server() -> None:
    checked = 0
    for players, seed in ((3, 5), (4, 6)):
        for state, seat, step in positions("megalomania", players, seed=seed, every=5)[:40]:
            if len(state.legal_actions()) < 2:
                continue
            assert search_alike(state, seat, step)
            checked += 1
    assert checked >= 12
