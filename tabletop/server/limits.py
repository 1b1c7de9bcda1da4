"""Rate limits: at most so many events per key in a sliding window of a clock's seconds
(:class:`Limiter`), and an exponential backoff per key after so many failures (:class:`Backoff`)."""

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


class Backoff:
    """An exponential backoff per key: its first ``free`` failures cost nothing; from then on
    each attempt must wait ``first * 2**k`` seconds since the key's last failure (``k``: the
    failures beyond ``free``, from 0), at most ``cap``.  A key's failures are forgotten once
    ``memory`` seconds pass without one (``memory`` longer than ``cap``, or the key would get its
    free failures back after every capped wait)."""

    def __init__(
        self, free: int, first: float, cap: float, memory: float, clock: Callable[[], float]
    ) -> None:
        if memory <= cap:
            raise ValueError("a backoff must remember failures longer than its longest wait")
        self.free, self.first, self.cap, self.memory, self.clock = free, first, cap, memory, clock
        self.failures: dict[str, tuple[int, float]] = {}  # key: (failures, when the last one was)
        self._noted = 0

    def delay(self, failures: int) -> float:
        """Seconds an attempt must wait after the last of so many failures."""
        if failures < self.free:
            return 0.0
        return min(self.cap, self.first * 2.0 ** min(failures - self.free, 64))

    def _current(self, key: str) -> tuple[int, float]:
        found = self.failures.get(key)
        if found is None:
            return 0, 0.0
        if self.clock() - found[1] >= self.memory:
            del self.failures[key]
            return 0, 0.0
        return found

    def count(self, key: str) -> int:
        """The failures remembered for ``key``."""
        return self._current(key)[0]

    def blocked(self, key: str) -> float:
        """Seconds to wait before ``key`` may try again (0: it may now)."""
        failures, last = self._current(key)
        wait = last + self.delay(failures) - self.clock() if failures else 0.0
        return max(0.0, wait)

    def note(self, key: str) -> None:
        """A failure for ``key``, now."""
        self.failures[key] = (self._current(key)[0] + 1, self.clock())
        self._noted += 1
        if self._noted % SWEEP_EVERY == 0:
            self.sweep()

    def forget(self, key: str) -> None:
        """Take back one failure noted for ``key`` (an attempt counted before it was known to
        succeed); the time of the last one stays."""
        failures, last = self._current(key)
        if failures > 1:
            self.failures[key] = (failures - 1, last)
        elif failures:
            del self.failures[key]

    def sweep(self) -> None:
        """Drop the keys whose failures are forgotten."""
        for key in list(self.failures):
            self._current(key)
