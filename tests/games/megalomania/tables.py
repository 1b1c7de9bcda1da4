"""Fixed tables for rule tests: chosen hands, dominant colour, leader and resources.

Seats are named as in the rulebook's examples: A=0, B=1, C=2, D=3 (clockwise).
"""

from __future__ import annotations

from tabletop import make
from tabletop.games.megalomania.state import MegalomaniaState

A, B, C, D = range(4)
FIRST_ROUND_WITH = {"black": 1, "red": 2, "yellow": 3, "blue": 4}


def table(
    hands: list[list[str]],
    dominant: str,
    leader: int = A,
    mission: int = 1,
    resources: list[str] | None = None,
    scrolls: list[int] | None = None,
    seed: int = 0,
) -> MegalomaniaState:
    """A one-round game at the first round with ``dominant``, resources already chosen.

    ``resources[seat]`` is a combination name.  The default, a scroll each, leaves
    nobody crystals or cubes, so a card play needs no ``done`` after it.
    """
    n = len(hands)
    game = make("megalomania", players=n)
    start = FIRST_ROUND_WITH[dominant]
    setup: dict[str, object] = {
        "dealer": (leader - 1) % n,
        "missions": [mission],
        "start_round": start,
        "deals": {str(start): hands},
    }
    if scrolls is not None:
        setup["scrolls"] = scrolls
    state = game.new_state(seed, setup)  # type: ignore[arg-type]
    chosen = resources or ["scroll"] * n
    for k in range(n):
        seat = (leader + k) % n
        state.apply_text(f"take={chosen[seat]}", seat)
    assert state.current_seat == leader
    return state


def play(state: MegalomaniaState, *moves: str) -> None:
    """Apply canonical action texts in order, each for the seat whose turn it is."""
    for move in moves:
        state.apply_text(move)


def legal(state: MegalomaniaState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def last_winner(state: MegalomaniaState) -> int:
    return state.round_tricks[-1][0]
