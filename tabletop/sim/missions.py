"""The mission hook: per-round mission outcomes, for games that keep ``missions_played`` and ``points``.

Megalomania's state lists the mission of each finished round (``missions_played``)
and each seat's points for that round (``points``).  A seat *completes* a round's
mission when its points for the round are nonzero; for a negative fixed mission
that means the loss applied.  Any game whose final state has both lists gets
mission statistics; the others simply get none.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.protocol import Game, State


@dataclass(frozen=True, slots=True)
class RoundOutcome:
    """One finished round: its mission and each seat's points for it."""

    mission: int
    points: tuple[int, ...]

    @property
    def completed(self) -> tuple[bool, ...]:
        return tuple(p != 0 for p in self.points)


def round_outcomes(state: State[Any]) -> tuple[RoundOutcome, ...] | None:
    """The missions of a (final) state, round by round; ``None`` when the game has no missions."""
    played = getattr(state, "missions_played", None)
    points = getattr(state, "points", None)
    if not isinstance(played, list) or not isinstance(points, list) or len(played) != len(points):
        return None
    return tuple(
        RoundOutcome(int(m), tuple(int(p) for p in row)) for m, row in zip(played, points, strict=True)
    )


def mission_tasks(game: Game[Any]) -> dict[int, str]:
    """Each mission's task text, when the game publishes its missions (Megalomania's ``game.missions``)."""
    missions = getattr(game, "missions", None)
    if not isinstance(missions, dict):
        return {}
    return {int(number): str(getattr(m, "task", "")) for number, m in missions.items()}
