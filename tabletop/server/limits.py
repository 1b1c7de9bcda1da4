"""Rate limits: at most so many events per key in a sliding window of a clock's seconds."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

SWEEP_EVERY = 1024  # events noted between sweeps of the keys with nothing recent


class Limiter:
    """At most ``most`` events per key in the last ``window`` seconds of ``clock`` (``most`` 0:
    no limit)."""

    def __init__(self, most: int, window: float, clock: Callable[[], float]) -> None:
        self.most, self.window, self.clock = most, window, clock
        self.events: dict[str, deque[float]] = {}
        self._noted = 0

    def _recent(self, key: str) -> deque[float]:
        found = self.events.setdefault(key, deque())
        limit = self.clock() - self.window
        while found and found[0] <= limit:
            found.popleft()
        if not found:
            del self.events[key]
            return deque()
        return found

    def blocked(self, key: str) -> float:
        """Seconds to wait before ``key`` may try again (0: it may now)."""
        if self.most <= 0:
            return 0.0
        recent = self._recent(key)
        if len(recent) < self.most:
            return 0.0
        return max(1.0, recent[0] + self.window - self.clock())

    def note(self, key: str) -> None:
        if self.most <= 0:
            return
        self._recent(key)
        self.events.setdefault(key, deque()).append(self.clock())
        self._noted += 1
        if self._noted % SWEEP_EVERY == 0:
            self.sweep()

    def take(self, key: str) -> float:
        """Note an event for ``key`` if it is allowed now and return 0, else the seconds to wait
        (nothing noted)."""
        wait = self.blocked(key)
        if not wait:
            self.note(key)
        return wait

    def forget(self, key: str) -> None:
        """Take back the last event noted for ``key`` (what it counted did not happen after all)."""
        found = self.events.get(key)
        if found:
            found.pop()
            if not found:
                del self.events[key]

    def sweep(self) -> None:
        """Drop the keys with no event in the window, so many one-off keys do not pile up."""
        for key in list(self.events):
            self._recent(key)
