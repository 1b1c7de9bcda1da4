"""Pieces shared by the simulator's tests."""

from __future__ import annotations

from tabletop.sim.balance import Progress


class StopAfter(Progress):
    """Ctrl-C after ``games`` games have finished."""

    def __init__(self, games: int) -> None:
        self.left = games

    def advance(self, games: int) -> None:
        self.left -= games
        if self.left <= 0:
            raise KeyboardInterrupt
