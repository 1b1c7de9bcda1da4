"""Megalomania plug-ins for the search bot: a cheap rollout policy and a round-end evaluation.

They read full states, which is fine: the search only ever holds worlds it sampled itself.
"""

from __future__ import annotations

import random
from typing import Any, Final

from ...core.protocol import State
from ...core.rng import choice
from ...games.megalomania.actions import DONE, PASS, TAKE, Action, offered
from ...games.megalomania.state import SCROLL_BONUS, MegalomaniaState

SCALE: Final = 8.0  # points that count as a clear win of a round


def megalomania_rollout(state: State[Any], rng: random.Random) -> Action:
    """Random, but mostly says "done" rather than spending crystals and cubes at random, and
    mostly passes on scrolls and on spending crystals on the others' cards."""
    legal: list[Action] = state.legal_actions()
    if offered(DONE, legal) and rng.random() < 0.8:
        return DONE
    if offered(PASS, legal) and rng.random() < 0.6:
        return PASS
    if _is_take(legal[0]) and rng.random() < 0.5:
        return TAKE[2] if offered(TAKE[2], legal) else legal[0]  # the mixed combination
    return choice(rng, legal)


def _is_take(action: Action) -> bool:
    """``action in TAKE``, comparing identities, as actions.offered does."""
    for take in TAKE:  # noqa: SIM110
        if take is action:
            return True
    return False


class RoundEvaluation:
    """Stop when the round being played is scored; reward each seat's margin over the others."""

    def start(self, state: State[Any]) -> tuple[int, list[bool]]:
        assert isinstance(state, MegalomaniaState)
        return state.round, [bool(x) for x in state.scrolls]

    def done(self, state: State[Any], marker: tuple[int, list[bool]]) -> bool:
        assert isinstance(state, MegalomaniaState)
        return state.round != marker[0] or state.is_terminal()

    def rewards(self, state: State[Any], marker: tuple[int, list[bool]]) -> list[float]:
        assert isinstance(state, MegalomaniaState)
        n = state.n
        if state.points and state.round != marker[0]:
            mission, scrolls = state.points[-1], state.bonus[-1]
            points = [mission[s] + scrolls[s] for s in range(n)]
        else:  # stopped without scoring (a game cut short)
            points = [0] * n
        # a first scroll is worth its end-of-game bonus (scrolls are held until the end)
        for seat, had in enumerate(marker[1]):
            if not had and state.scrolls[seat]:
                points[seat] += SCROLL_BONUS
        if state.game.pairs:  # a pair shares its points and its margin
            pairs = [points[0] + points[2], points[1] + points[3]]
            return [_clamp((pairs[s % 2] - pairs[1 - s % 2]) / SCALE) for s in range(n)]
        total = sum(points)
        return [_clamp((p - (total - p) / (n - 1)) / SCALE) for p in points]


def _clamp(x: float) -> float:
    """``max(-1.0, min(1.0, x))``, compiled as comparisons rather than calls of the built-ins."""
    return -1.0 if x < -1.0 else 1.0 if x > 1.0 else x


def plugins() -> tuple[Any, RoundEvaluation]:
    """What ISMCTS plugs in for Megalomania (see ismcts.PLUGINS)."""
    return megalomania_rollout, RoundEvaluation()
