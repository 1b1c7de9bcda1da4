"""Hints and reviews (issue 28) in the database: the hints each seat was given, and a finished
game's review, computed once by one server process (hints.py, reviews.py).

:class:`Storage` has these methods (storage.py): this module keeps them apart from the tables'
records and the accounts.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from .schema import hints_t, reviews_t


@dataclass(frozen=True)
class ReviewRow:
    """A finished game's review as stored (reviews.py): ``data`` once ``status`` is "done"."""

    status: str
    params: dict[str, Any]
    data: dict[str, Any] | None
    started: float
    finished: float | None


class ReviewStore:
    """The hints and reviews methods of :class:`Storage` (storage.py), which holds the engine."""

    engine: Engine

    def add_hint(self, table_id: str, seat: int, idx: int, step: int, at: float) -> bool:
        """Seat ``seat``'s hint number ``idx`` (from 0) at ``step``; False, changing nothing, when
        that number was given already (by another server process): the database keeps the count."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(hints_t).values(table_id=table_id, seat=seat, idx=idx, step=step, at=at))
        except IntegrityError:
            return False
        return True

    def hints(self, table_id: str) -> list[tuple[int, int]]:
        """The table's hints as (seat, step), in the order they were given."""
        with self.engine.connect() as conn:
            return self._hints(conn, [table_id]).get(table_id, [])

    def _hints(self, conn: Connection, ids: list[str]) -> dict[str, list[tuple[int, int]]]:
        found: dict[str, list[tuple[int, int]]] = {}
        query = (
            select(hints_t.c.table_id, hints_t.c.seat, hints_t.c.step)
            .where(hints_t.c.table_id.in_(ids))
            .order_by(hints_t.c.table_id, hints_t.c.at, hints_t.c.seat, hints_t.c.idx)
        )
        for table_id, seat, step in conn.execute(query):
            found.setdefault(table_id, []).append((int(seat), int(step)))
        return found

    def review(self, table_id: str) -> ReviewRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(reviews_t).where(reviews_t.c.table_id == table_id)).mappings().first()
        if row is None:
            return None
        data = None if row["data"] is None else json.loads(row["data"])
        return ReviewRow(row["status"], json.loads(row["params"]), data, row["started"], row["finished"])

    def start_review(self, table_id: str, params: dict[str, Any], now: float, stale: float) -> bool:
        """Note that this process computes the table's review with ``params``: True when it should
        (no review yet, a failed one, one made with other parameters, or one still "computing"
        since before ``stale``: its process stopped); False when another has it in hand or done."""
        text = json.dumps(params, sort_keys=True)
        try:
            with self.engine.begin() as conn:
                row = conn.execute(
                    select(reviews_t.c.status, reviews_t.c.params, reviews_t.c.started).where(
                        reviews_t.c.table_id == table_id
                    )
                ).first()
                values = {
                    "status": "computing",
                    "params": text,
                    "data": None,
                    "started": now,
                    "finished": None,
                }
                if row is None:
                    conn.execute(insert(reviews_t).values(table_id=table_id, **values))
                    return True
                status, old, started = row
                current = json.loads(old) == params
                if current and (status == "done" or (status == "computing" and started > stale)):
                    return False
                taken = conn.execute(
                    update(reviews_t)
                    .where(
                        reviews_t.c.table_id == table_id,
                        reviews_t.c.status == status,
                        reviews_t.c.started == started,
                    )
                    .values(**values)
                )
                return taken.rowcount == 1
        except IntegrityError:  # another process inserted it first
            return False

    def finish_review(self, table_id: str, data: dict[str, Any] | None, now: float) -> None:
        """The review computed (``data``), or failed (None)."""
        status = "failed" if data is None else "done"
        text = None if data is None else json.dumps(data, separators=(",", ":"))
        with self.engine.begin() as conn:
            conn.execute(
                update(reviews_t)
                .where(reviews_t.c.table_id == table_id)
                .values(status=status, data=text, finished=now)
            )
