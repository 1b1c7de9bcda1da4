"""Fixed tables for rule tests: chosen hands, dominant colour, leader, scrolls and resources.

Seats are named as in the rulebook's examples: A=0, B=1, C=2, D=3 (clockwise).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict, Unpack

from tabletop import make
from tabletop.games.megalomania.state import PLAY, RESOURCES_PHASE, MegalomaniaState

A, B, C, D = range(4)
FIRST_ROUND_WITH = {"black": 1, "red": 2, "yellow": 3, "blue": 4}


def start(
    hands: list[list[str]],
    dominant: str,
    leader: int = A,
    mission: int = 1,
    scrolls: list[int] | None = None,
    held: list[list[int]] | None = None,
    seed: int = 0,
    missions: Sequence[int] = (),
    pairs: bool = False,
) -> MegalomaniaState:
    """A game at the first round with ``dominant``, before anything is chosen: the dealer sits at
    ``leader``'s right; ``hands`` are dealt in order (for missions 13, 18 and 19 each seat's
    first half goes face up, face down, or to its pile); ``held`` are the scrolls each seat holds;
    ``missions`` follow ``mission`` in the mission deck."""
    n = len(hands)
    game = make("megalomania", players=n, pairs=pairs)
    first = FIRST_ROUND_WITH[dominant]
    setup: dict[str, object] = {
        "dealer": (leader - 1) % n,
        "missions": [mission, *missions],
        "start_round": first,
        "deals": {str(first): hands},
    }
    if scrolls is not None:
        setup["scrolls"] = scrolls
    if held is not None:
        setup["held"] = held
    return game.new_state(seed, setup)  # type: ignore[arg-type]


def take(state: MegalomaniaState, resources: list[str] | None = None) -> None:
    """Each seat takes ``resources[seat]`` (default: a scroll each, so nobody has crystals or
    cubes and a card play needs no ``done``), in turn from the dealer's left."""
    chosen = resources or ["scroll"] * state.n
    while state.phase == RESOURCES_PHASE:
        seat = state.current_seat
        assert seat is not None
        state.apply_text(f"take={chosen[seat]}", seat)


class Deal(TypedDict, total=False):
    """``start``'s keyword arguments, which ``table`` passes on to it."""

    leader: int
    mission: int
    scrolls: list[int] | None
    held: list[list[int]] | None
    seed: int
    missions: Sequence[int]
    pairs: bool


def table(
    hands: list[list[str]],
    dominant: str,
    resources: list[str] | None = None,
    before: Sequence[str] = (),
    **deal: Unpack[Deal],
) -> MegalomaniaState:
    """A one-round game at the first round with ``dominant``, resources already chosen.

    ``before`` are the actions of the scroll phase (with ``held`` scrolls), played first.
    ``resources[seat]`` is a combination name.  The default, a scroll each, leaves nobody
    crystals or cubes, so a card play needs no ``done`` after it.  ``deal``: as ``start``.
    """
    state = start(hands, dominant, **deal)
    play(state, *before)
    take(state, resources)
    if state.phase == PLAY and state.effect != 19:
        assert state.current_seat == deal.get("leader", A)
    return state


def play(state: MegalomaniaState, *moves: str) -> None:
    """Apply canonical action texts in order, each for the seat whose turn it is."""
    for move in moves:
        state.apply_text(move)


def legal(state: MegalomaniaState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def last_winner(state: MegalomaniaState) -> int:
    return state.round_tricks[-1][0]
