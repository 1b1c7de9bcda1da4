"""Game records: (game, options, seed, set-up, actions).  They save to JSON and replay exactly."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import CorruptRecord, TabletopError
from .protocol import JSON, Event, Game, State
from .registry import make

FORMAT = "tabletop-record/1"


@dataclass
class Record:
    """Everything needed to reproduce a game, finished or not."""

    game: str
    options: dict[str, Any]
    seed: int
    setup: dict[str, JSON] | None = None
    actions: list[str] = field(default_factory=list)

    # -- JSON -------------------------------------------------------------
    def to_json(self) -> dict[str, JSON]:
        return {
            "format": FORMAT,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "setup": self.setup,
            "actions": list(self.actions),
        }

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            raise CorruptRecord("a record is a JSON object")
        if data.get("format") != FORMAT:
            raise CorruptRecord(f"not a {FORMAT} record (format={data.get('format')!r})")
        try:
            game, options, seed = data["game"], data["options"], data["seed"]
            setup, actions = data.get("setup"), data["actions"]
        except KeyError as missing:
            raise CorruptRecord(f"record lacks {missing}") from None
        if not isinstance(game, str) or not isinstance(options, dict):
            raise CorruptRecord("record's game must be a name and its options an object")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise CorruptRecord("record's seed must be an integer")
        if setup is not None and not isinstance(setup, dict):
            raise CorruptRecord("record's setup must be an object or null")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise CorruptRecord("record's actions must be a list of strings")
        record = cls(game, options, seed, setup, actions)
        record.actions = record.make_game().upgrade_record(seed, setup, actions)  # older rules' words
        return record

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as err:
            raise CorruptRecord(f"cannot read {path}: {err}") from None
        except json.JSONDecodeError as err:
            raise CorruptRecord(f"{path} is not valid JSON: {err}") from None
        return cls.from_json(data)

    # -- play -------------------------------------------------------------------
    def make_game(self) -> Game[Any]:
        try:
            return make(self.game, **self.options)
        except TabletopError as err:
            raise CorruptRecord(f"record names a game that cannot be made: {err}") from None

    def initial_state(self, game: Game[Any] | None = None) -> State[Any]:
        game = game or self.make_game()
        try:
            return game.new_state(self.seed, self.setup)
        except TabletopError as err:
            raise CorruptRecord(f"record's set-up is not valid: {err}") from None

    def steps(self) -> Iterator[tuple[int, str, State[Any], list[Event]]]:
        """Replay, yielding (index, action entry, state after it, events); every action is checked."""
        game = self.make_game()
        state = self.initial_state(game)
        for index, text in enumerate(self.actions):
            try:
                seat, action_text = parse_entry(text)
                events = state.apply(game.parse_action(action_text), seat)
            except TabletopError as err:
                raise CorruptRecord(f"action {index} ({text!r}) does not replay: {err}") from None
            yield index, text, state, events

    def replay(self) -> State[Any]:
        """The state after every action, each checked against the rules."""
        final: State[Any] | None = None
        for _, _, final, _ in self.steps():  # noqa: B007 - the last state is the result
            pass
        return final if final is not None else self.initial_state()


def entry(state: State[Any], action: Any, seat: int | None = None) -> str:
    """How a record writes ``action`` taken by ``seat`` in ``state`` (before it is applied): its
    text when the seat is the current one (every game's usual case), ``@seat text`` otherwise (a
    sealed bid answered out of order, a player leaving while another is asked)."""
    if seat is None or seat == state.current_seat:
        return str(action)
    return f"@{seat} {action}"


def parse_entry(text: str) -> tuple[int | None, str]:
    """The seat (None: the current one) and the action text of a record entry."""
    if text.startswith("@"):
        head, _, rest = text.partition(" ")
        if head[1:].isdigit() and rest:
            return int(head[1:]), rest
        raise CorruptRecord(f"record entry {text!r} is neither an action nor '@seat action'")
    return None, text


def play_out(
    state: State[Any], choose: Callable[[State[Any]], Any], record: Record | None = None
) -> State[Any]:
    """Play ``state`` to the end, ``choose`` picking each action; append them to ``record``."""
    while not state.is_terminal():
        action = choose(state)
        state.advance(action)
        if record is not None:
            record.actions.append(str(action))
    return state
