"""Table clocks: a time control per table, and each seat's clock, rebuilt from stored times.

A time control gives each decision ``move`` seconds; time beyond that comes out of the seat's
``reserve`` (which never refills); when both are spent the seat is *absent*: the table's takeover
bot plays for it, at once, until its player returns (rooms.py).  A response window (a question
about someone else's decision that has a neutral answer, ``State.neutral_action``: a veto, a
donation, a sealed bid...) gets ``window`` seconds instead, no reserve, and closes with that
answer; its seat is not absent for it.  Real time (seconds a move) and turn-based play (hours or
days a move) are the same mechanism with other numbers.

Nothing here is kept only in memory: a question's clock starts when it was asked, which is the
time of the action that asked it (stored with every action), or when the table started (stored:
when its last person seat was taken; clocks do not run at a table still waiting for players).
A seat's reserve is what its answers so far left of it, recomputed from those times when a
server resumes a table.  Time while a server is down is not held against anybody: a resumed
table's clocks get a grace period before they can run out (``RESUME_GRACE``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core.errors import InvalidOptions

DAY = 24 * 3600.0
RESUME_GRACE = 30.0  # seconds a resumed table's clocks get before running out
# the bounds of each timed mode: (move, reserve, window), each (least, most) seconds
LIMITS: dict[str, tuple[tuple[float, float], tuple[float, float], tuple[float, float]]] = {
    "realtime": ((10.0, 600.0), (0.0, 3600.0), (10.0, 600.0)),
    "turn": ((3600.0, 14 * DAY), (0.0, 30 * DAY), (600.0, 7 * DAY)),
}
DEFAULTS = {"realtime": (90.0, 300.0, 45.0), "turn": (DAY, 3 * DAY, 12 * 3600.0)}
MODES = ("none", *LIMITS)


@dataclass(frozen=True)
class TimeControl:
    mode: str = "realtime"  # "realtime", "turn" or "none" (untimed)
    move: float = 90.0  # seconds each decision gets
    reserve: float = 300.0  # seconds each seat may spend beyond them over the whole game
    window: float = 45.0  # seconds a response window stays open

    @property
    def timed(self) -> bool:
        return self.mode != "none"

    def to_json(self) -> dict[str, Any]:
        return {"mode": self.mode, "move": self.move, "reserve": self.reserve, "window": self.window}


UNTIMED = TimeControl("none", 0.0, 0.0, 0.0)
DEFAULT = TimeControl()


def time_control(data: Mapping[str, Any] | None) -> TimeControl:
    """The time control a table creator asked for (None: the default), checked against LIMITS."""
    if data is None:
        return DEFAULT
    mode = data.get("mode", "realtime")
    if mode not in MODES:
        raise InvalidOptions(f"a clock's mode is one of {', '.join(MODES)}, not {mode!r}")
    if mode == "none":
        return UNTIMED
    names = ("move", "reserve", "window")
    extra = sorted(set(data) - {"mode", *names})
    if extra:
        raise InvalidOptions(
            f"a clock has a mode, move, reserve and window, not {', '.join(map(str, extra))}"
        )
    values: list[float] = []
    for name, default, (least, most) in zip(names, DEFAULTS[mode], LIMITS[mode], strict=True):
        value = data.get(name, default)
        if isinstance(value, bool) or not isinstance(value, int | float) or not least <= value <= most:
            raise InvalidOptions(f"a {mode} clock's {name} is {least:g} to {most:g} seconds, not {value!r}")
        values.append(float(value))
    return TimeControl(mode, values[0], values[1], values[2])


def stored_control(data: Mapping[str, Any] | None) -> TimeControl:
    """A stored time control (None: a table from before clocks, untimed)."""
    if data is None:
        return UNTIMED
    mode = str(data["mode"])
    window = data.get("window", DEFAULTS[mode][2] if mode in DEFAULTS else 0.0)
    return TimeControl(mode, float(data["move"]), float(data["reserve"]), float(window))


class SeatClocks:
    """The reserve each seat has left, and when each open question's clock started."""

    def __init__(self, control: TimeControl, seats: int) -> None:
        self.control = control
        self.reserve = [control.reserve] * seats
        self.grace_until = 0.0  # no question runs out before this (a resumed table)

    def start(self, asked_at: float, started: float | None) -> float | None:
        """When a question asked at ``asked_at`` began to use its seat's time (None: not yet,
        the table is still waiting for players)."""
        if not self.control.timed or started is None:
            return None
        return max(asked_at, started)

    def charge(self, seat: int, asked_at: float, answered_at: float, started: float | None) -> None:
        """Take from ``seat``'s reserve what its answer took beyond the move's time."""
        begun = self.start(asked_at, started)
        if begun is None:
            return
        over = answered_at - begun - self.control.move
        if over > 0:
            self.reserve[seat] = max(0.0, self.reserve[seat] - over)

    def deadline(
        self, seat: int, asked_at: float, started: float | None, window: bool = False
    ) -> float | None:
        """When the question asked at ``asked_at`` runs out for ``seat`` (None: it never does); a
        response window's after ``window`` seconds, no reserve."""
        begun = self.start(asked_at, started)
        if begun is None:
            return None
        if window:
            return max(begun + self.control.window, self.grace_until)
        return max(begun + self.control.move + self.reserve[seat], self.grace_until)
