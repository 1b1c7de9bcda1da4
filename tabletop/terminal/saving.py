"""The save file: a game Record, plus who sits where, and the bots' seeds.

The file is an ordinary ``tabletop-record/1`` JSON record (``Record.load``
reads it) with one extra key, ``terminal``, holding the person's seat, the
bots and the difficulty, so that ``--resume`` needs nothing else.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import CorruptRecord
from ..core.record import Record
from ..core.rng import derive

META_KEY = "terminal"


@dataclass(frozen=True)
class Seating:
    seat: int  # the person's seat
    bots: tuple[str, ...]  # one bot name per other seat, in seat order
    difficulty: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "bots": list(self.bots), "difficulty": self.difficulty}

    @classmethod
    def from_json(cls, data: Any) -> Seating | None:
        if not isinstance(data, dict):
            return None
        seat, bots, difficulty = data.get("seat"), data.get("bots"), data.get("difficulty", "")
        if (
            not isinstance(seat, int)
            or not isinstance(bots, list)
            or not all(isinstance(b, str) for b in bots)
        ):
            raise CorruptRecord(f"the save's {META_KEY!r} entry needs a seat and a list of bot names")
        return cls(seat, tuple(bots), str(difficulty))


def save_game(path: Path, record: Record, seating: Seating) -> None:
    """Write atomically: a crash mid-write leaves the previous save intact."""
    data = record.to_json()
    data[META_KEY] = seating.to_json()
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    # one key a line: readable, and quick to write (json's indent= takes its slow path)
    lines = ",\n".join(f" {json.dumps(key)}: {json.dumps(value)}" for key, value in data.items())
    temporary.write_text("{\n" + lines + "\n}\n", encoding="utf-8")
    os.replace(temporary, path)


def load_game(path: Path) -> tuple[Record, Seating | None]:
    record = Record.load(path)  # checks the file and the record's format
    data = json.loads(path.read_text(encoding="utf-8"))
    return record, Seating.from_json(data.get(META_KEY))


def bot_seed(seed: int, seat: int, decision: int) -> int:
    """The seed a bot uses for one decision: the same in a resumed game as in an uninterrupted one."""
    return derive(derive(seed, seat + 1), decision)
