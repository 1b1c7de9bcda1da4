"""Shared checks of the games' bots."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from tabletop.agents import observe
from tabletop.agents.base import Agent
from tabletop.agents.ismcts import ISMCTS
from tabletop.core.protocol import Game


def redealt_decisions(
    game: Game[Any], bot: Callable[[int], Agent[Any]], seeds: int, rng: random.Random
) -> tuple[int, int]:
    """Play ``seeds`` games with ``bot(seat)`` in every seat; before each real choice, re-deal what
    the seat cannot see (``sample_world``) and check a fresh bot decides the same there.  Returns
    how many choices were compared, and in how many the others' hands really differed."""
    compared = differed = 0
    for seed in range(seeds):
        s: Any = game.new_state(seed)
        bots = [bot(seat) for seat in range(game.players)]
        while not s.is_terminal():
            seat = s.current_seat
            assert seat is not None
            action = bots[seat].act(observe(s, seat))
            if len(s.legal_actions()) > 1:
                redealt: Any = s.sample_world(seat, rng)
                assert type(redealt) is type(s)
                assert redealt.hands[seat] == s.hands[seat]
                differed += redealt.hands != s.hands
                assert bot(seat).act(observe(redealt, seat)) == action
                compared += 1
            s.apply(action, seat)
    return compared, differed


def play_legally(s: Any, bots: Sequence[Agent[Any]]) -> Any:
    """Play ``s`` to its end, ``bots[seat]`` deciding from its own view; every choice must be one
    of the legal actions.  Returns the final state."""
    while not s.is_terminal():
        seat = s.current_seat
        assert seat is not None
        action = bots[seat].act(observe(s, seat))
        assert action in s.legal_actions()
        s.apply(action, seat)
    return s


def search_on_a_redeal(s: Any, seed: int, go_on: float, iterations: int) -> tuple[int, Any]:
    """From ``s``, random legal actions (drawn from ``seed``) until a seat has a real choice and a
    draw above ``go_on`` stops there; then the search decides the same, legally, on the true state
    and on a world re-dealt for that seat.  Returns the seat and the re-dealt world."""
    rng = random.Random(seed)
    while len(s.legal_actions()) < 2 or rng.random() < go_on:
        s.apply(rng.choice(s.legal_actions()))
    seat = s.current_seat
    assert seat is not None
    redealt = s.sample_world(seat, random.Random(99))
    first = ISMCTS(seed=5, iterations=iterations).act(observe(s, seat))
    second = ISMCTS(seed=5, iterations=iterations).act(observe(redealt, seat))
    assert first == second and first in s.legal_actions()
    return seat, redealt
