"""The cost of advice (issue 28, tabletop/agents/advice.py): a playout from a position, a hint and
a whole review, per game, with the games' default budgets (advice.BUDGETS).

    .venv/bin/python bench/advice.py                 # every game
    .venv/bin/python bench/advice.py megalomania     # one

For each game (default players): a game is played by the heuristic bots (seed 3); the mean time
of a playout from 20 of its positions with a choice (4 playouts each), the time of a hint (search
and playouts) at a tenth and at the middle of the game, and the time of the whole review of that
game (advice.review, in one process: the server splits it into parts of about half a second)."""

from __future__ import annotations

import random
import sys
import time
from typing import Any

import tabletop
from tabletop.agents import advice, make_agent, observe
from tabletop.core.record import Record
from tabletop.core.registry import make, names


def game_record(name: str) -> tuple[Record, list[tuple[Any, int]]]:
    game = make(name)
    record = Record(name, dict(game.options), 3)
    state = record.initial_state(game)
    bots = [make_agent("heuristic", s) for s in range(game.players)]
    positions: list[tuple[Any, int]] = []
    while not state.is_terminal():
        seat = state.current_seat
        assert seat is not None
        obs = observe(state, seat)
        if len(obs.legal) > 1:
            positions.append((state.clone(), seat))
        action = bots[seat].act(obs)
        record.actions.append(str(action))
        state.advance(action)
    return record, positions


def main(games: list[str]) -> None:
    print(f"build: {tabletop.BUILD}")
    print(
        "| game | playout from a position | hint early / middle | decisions with a choice "
        "| review (points x playouts) |"
    )
    print("| --- | --- | --- | --- | --- |")
    for name in games:
        budget = advice.budget(name)
        record, positions = game_record(name)
        picks = random.Random(1).sample(positions, min(20, len(positions)))
        start = time.perf_counter()
        for state, seat in picks:
            advice.chances(state, seat, 4, 1)
        playout = (time.perf_counter() - start) / (4 * len(picks))
        hints = []
        for state, seat in (positions[len(positions) // 10], positions[len(positions) // 2]):
            start = time.perf_counter()
            advice.hint(state, seat, 5)
            hints.append(time.perf_counter() - start)
        start = time.perf_counter()
        review = advice.review(record)
        whole = time.perf_counter() - start
        points = len(review["points"]) - 1
        print(
            f"| {name} | {playout * 1000:.1f} ms | {hints[0]:.2f} / {hints[1]:.2f} s | {len(positions)} "
            f"| {whole:.1f} s ({points} x {budget.review_playouts}) |"
        )


if __name__ == "__main__":
    main(sys.argv[1:] or list(names()))
