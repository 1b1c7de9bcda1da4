"""Costly checks at every step of fewer games: JSON round trip, clones, illegal actions refused
without a trace, and replay of the record giving the same state at every step."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tabletop.core.errors import CorruptRecord, IllegalAction, InvalidActionText
from tabletop.core.protocol import Game, State
from tabletop.core.record import Record

from .helpers import cases, describe, game_seed, make_game, play
from .hooks import HOOKS

DEEP_GAMES = 20  # per game and player count
CHUNKS = 2
PROBES = 3  # actions legal elsewhere tried at each step

# text that is no action in any game (each game adds its own near misses: hooks.garbage_actions)
GARBAGE = [
    "",
    " ",
    "nonsense",
    "xyzzy!",
    "==",
    "=",
    "!",
    "\x00",
    "done done",
    "\u00e9t\u00e9",
    "9" * 50,
    "{}",
    "null",
]


def round_trip_problems(
    game: Game[Any], state: State[Any], data: dict[str, Any], all_views: bool = True
) -> list[str]:
    """What differs after ``state`` goes to JSON text and back (the view of the seat to act, or
    of every seat and the spectator)."""
    try:
        back = game.state_from_json(json.loads(json.dumps(data)))
    except CorruptRecord as err:
        return [f"state_from_json refuses its own to_json: {err}"]
    problems = []
    if back.to_json() != data:
        keys = sorted(k for k in set(data) | set(back.to_json()) if data.get(k) != back.to_json().get(k))
        problems.append(f"to_json differs in {keys}")
    if back.current_seat != state.current_seat:
        problems.append("current_seat differs")
    if [str(a) for a in back.legal_actions()] != [str(a) for a in state.legal_actions()]:
        problems.append("legal actions differ")
    if back.is_terminal() != state.is_terminal() or back.scores() != state.scores():
        problems.append("end or scores differ")
    seats = [None, *range(game.players)] if all_views else [state.current_seat]
    for seat in seats:
        if back.view(seat) != state.view(seat):
            problems.append(f"view({seat}) differs")
    return problems


def refuses(
    state: State[Any], action: Any, seat: int | None, where: str, error: type[Exception] = IllegalAction
) -> None:
    """``action`` (for ``seat``) raises ``error`` with a reason, legality unchanged: IllegalAction
    for an action of the game, TypeError for a value that is no action of it (the argument's type
    is wrong, as a compiled build checks at the call; docs/architecture.md)."""
    legal_before = state.legal_actions()
    seat_before = state.current_seat
    try:
        state.apply(action, seat)
    except error as refused:
        assert str(refused).strip(), f"{where}: {action!r} refused without a reason"
    else:
        raise AssertionError(f"{where}: {action!r} by seat {seat} was accepted, though not legal")
    assert state.current_seat == seat_before, f"{where}: refusing {action!r} (seat {seat}) moved the turn"
    assert state.legal_actions() == legal_before, f"{where}: refusing {action!r} changed legality"


def probe_illegal(
    state: State[Any],
    before: dict[str, Any],
    pool: dict[str, Any],
    legal: list[Any],
    rng: random.Random,
    where: str,
) -> None:
    """Refused: actions legal elsewhere, a legal action by the wrong seat, non-actions.
    The state's JSON (``before``) is compared once after all the probes."""
    tried: list[tuple[Any, int | None]] = []
    if state.is_terminal():
        tried += [(action, None) for action in list(pool.values())[:PROBES]]
        tried += [(action, 0) for action in list(pool.values())[:PROBES]]
    else:
        seat = state.current_seat
        assert seat is not None
        # actions legal at some other step but not now, for nobody in particular and for this seat
        legal_texts = {str(a) for a in legal}
        elsewhere = [a for text, a in pool.items() if text not in legal_texts]
        for action in rng.sample(elsewhere, min(PROBES, len(elsewhere))):
            tried += [(action, None), (action, seat)]
        # a legal action, by a seat that is not asked to decide
        others = [s for s in range(state.game.players) if s not in state.to_act()]
        if others:
            tried.append((rng.choice(legal), rng.choice(others)))
    for action, by in tried:
        refuses(state, action, by, where)
    if not state.is_terminal():  # things that are not actions of this game at all
        for thing in [str(legal[0]), None, object()]:
            refuses(state, thing, None, where, TypeError)
    assert state.to_json() == before, f"{where}: refusing one of {tried} changed the state"


class StepChecker:
    """The per-step checks of one game, called by ``play`` before each decision."""

    def __init__(self, game: Game[Any], seed: int) -> None:
        self.game, self.seed = game, seed
        self.rng = random.Random(seed)  # the choices, and which illegal actions to try
        self.pool: dict[str, Any] = {}  # every action seen legal in this game, by text
        self.states: list[dict[str, Any]] = []  # to_json before each step, and at the end
        self.clones: dict[int, State[Any]] = {}

    def choose(self, state: State[Any], legal: list[Any]) -> Any:
        return self.rng.choice(legal)

    def __call__(self, step: int, state: State[Any], legal: list[Any]) -> None:
        game = self.game
        where = describe(game.name, game.players, self.seed, step)
        data = state.to_json()
        self.states.append(data)
        every_view = step % 10 == 0 or state.is_terminal()
        problems = round_trip_problems(game, state, data, every_view)
        assert not problems, f"{where}: JSON round trip: {'; '.join(problems)}"
        for action in legal:
            self.pool.setdefault(str(action), action)
            assert game.parse_action(str(action)) == action, f"{where}: {action!r} does not parse back"
        probe_illegal(state, data, self.pool, legal, self.rng, where)
        if step % 5 == 0:
            clone = state.clone()
            assert clone.to_json() == data, f"{where}: a clone differs from its original"
            self.clones[step] = clone  # checked after the original has moved on


@cases(chunks=CHUNKS)
def test_every_step_round_trips_replays_and_refuses_illegal_actions(
    name: str, players: int, chunk: int
) -> None:
    game = make_game(name, players)
    hooks = HOOKS.get(name)
    per_chunk = DEEP_GAMES // CHUNKS
    for index in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        seed = game_seed(name, players, index, salt=10)
        checker = StepChecker(game, seed)
        run = play(game, seed, checker.choose, hooks, each=checker, name_the_seat=True)
        states = checker.states
        assert len(states) == len(run.actions) + 1

        # clones kept their own position while the original played on
        for step, clone in checker.clones.items():
            assert clone.to_json() == states[step], f"{describe(name, players, seed, step)}: a clone changed"

        # garbage text never parses
        for text in GARBAGE + list(hooks.garbage_actions if hooks is not None else ()):
            with pytest.raises(InvalidActionText):
                game.parse_action(text)

        # the record (seed + action texts) replays to an equal state at every step
        record = Record(name, dict(game.options), seed, None, run.actions)
        record = Record.from_json(json.loads(json.dumps(record.to_json())))
        assert record.initial_state().to_json() == states[0]
        replayed = 0
        for index_, text, state, _events in record.steps():
            where = describe(name, players, seed, index_ + 1)
            assert text == run.actions[index_]
            assert state.to_json() == states[index_ + 1], f"{where}: the replayed state differs"
            replayed += 1
        assert replayed == len(run.actions)
        assert run.final is not None and run.final.is_terminal()


@cases()
def test_the_legal_actions_list_belongs_to_the_caller(name: str, players: int) -> None:
    """A caller may sort, shuffle or empty the list ``legal_actions()`` gave it (agents do):
    neither the state nor a clone of it may change its legal actions because of that."""
    game = make_game(name, players)
    for index in range(5):
        seed = game_seed(name, players, index, salt=11)
        state, rng = game.new_state(seed), random.Random(seed)
        for step in range(80):
            if state.is_terminal():
                break
            where = describe(name, players, seed, step)
            legal = state.legal_actions()
            expected = [str(a) for a in legal]
            clone = state.clone()
            chosen = rng.choice(legal)
            legal.reverse()
            legal.clear()
            assert [str(a) for a in state.legal_actions()] == expected, f"{where}: the state's list changed"
            assert [str(a) for a in clone.legal_actions()] == expected, f"{where}: a clone's list changed"
            state.apply(chosen)
