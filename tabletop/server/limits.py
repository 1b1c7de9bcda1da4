"""Rate limits: at most so many events per key in a sliding window of a clock's seconds."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable


class Limiter:
    """At most ``most`` events per key in the last ``window`` seconds of ``clock``."""

    def __init__(self, most: int, window: float, clock: Callable[[], float]) -> None:
        self.most, self.window, self.clock = most, window, clock
        self.events: dict[str, deque[float]] = {}

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
        recent = self._recent(key)
        if len(recent) < self.most:
            return 0.0
        return max(1.0, recent[0] + self.window - self.clock())

    def note(self, key: str) -> None:
        self._recent(key)
        self.events.setdefault(key, deque()).append(self.clock())
