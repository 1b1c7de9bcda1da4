"""Costly checks at every step of fewer games: JSON round trip, clones, illegal actions refused
without a trace, and replay of the record giving the same state at every step."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import tabletop
from tabletop.core.errors import CorruptRecord, IllegalAction, InvalidActionText
from tabletop.core.protocol import Game, State
from tabletop.core.record import Record

from .helpers import cases, describe, game_seed, play
from .hooks import HOOKS

DEEP_GAMES = 24  # per game and player count
CHUNKS = 3
PROBES = 3  # actions legal elsewhere tried at each step

GARBAGE = [
    "",
    " ",
    "nonsense",
    "xyzzy!",
    "play",
    "==",
    "=",
    "!",
    "lead=",
    "take=",
    "take=gold",
    "lead=9",
    "lead=-1",
    "colour=",
    "colour=purple",
    "return=",
    "return=Zz",
    "Zz",
    "Zz!",
    "K",
    "Kuu",
    "\x00",
    "done done",
    "\u00e9t\u00e9",
    "9" * 50,
    "{}",
    "[]",
    "null",
]


def round_trip_problems(game: Game[Any], state: State[Any], data: dict[str, Any]) -> list[str]:
    """What differs after ``state`` goes to JSON text and back."""
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
    for seat in [None, *range(game.players)]:
        if back.view(seat) != state.view(seat):
            problems.append(f"view({seat}) differs")
    return problems


def refuses(state: State[Any], before: dict[str, Any], action: Any, seat: int | None, where: str) -> None:
    """``action`` (for ``seat``) raises IllegalAction with a reason and leaves the state unchanged."""
    legal_before = list(state.legal_actions())
    with pytest.raises(IllegalAction) as refused:
        state.apply(action, seat)
    assert str(refused.value).strip(), f"{where}: {action!r} refused without a reason"
    assert state.to_json() == before, f"{where}: refusing {action!r} (seat {seat}) changed the state"
    assert list(state.legal_actions()) == legal_before, f"{where}: refusing {action!r} changed legality"


def probe_illegal(
    state: State[Any], pool: dict[str, Any], legal: list[Any], rng: random.Random, where: str
) -> None:
    before = state.to_json()
    game = state.game
    if state.is_terminal():
        for action in list(pool.values())[:PROBES]:
            refuses(state, before, action, None, f"{where} (game over)")
        return
    seat = state.current_seat
    assert seat is not None
    # actions legal at some other step but not now
    legal_texts = {str(a) for a in legal}
    elsewhere = [a for text, a in pool.items() if text not in legal_texts]
    for action in rng.sample(elsewhere, min(PROBES, len(elsewhere))):
        refuses(state, before, action, None, where)
        refuses(state, before, action, seat, where)
    # a legal action, by a seat whose turn it is not
    others = [s for s in range(game.players) if s != seat]
    refuses(state, before, rng.choice(legal), rng.choice(others), where)
    # things that are not actions of this game at all
    refuses(state, before, str(legal[0]), None, where)
    refuses(state, before, None, None, where)


@cases(chunks=CHUNKS)
def test_every_step_round_trips_replays_and_refuses_illegal_actions(
    name: str, players: int, chunk: int
) -> None:
    game = tabletop.make(name, players=players)
    hooks = HOOKS.get(name)
    per_chunk = DEEP_GAMES // CHUNKS
    for index in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        seed = game_seed(name, players, index, salt=10)
        rng = random.Random(seed)
        pool: dict[str, Any] = {}
        clones: list[State[Any]] = []

        def check_step(step: int, state: State[Any], legal: list[Any], seed: int = seed) -> None:
            where = describe(name, players, seed, step)
            data = state.to_json()
            problems = round_trip_problems(game, state, data)  # noqa: B023 - called in this loop
            assert not problems, f"{where}: JSON round trip: {'; '.join(problems)}"
            for action in legal:
                pool.setdefault(str(action), action)
                assert game.parse_action(str(action)) == action, f"{where}: {action!r} does not parse back"
            probe_illegal(state, pool, legal, rng, where)  # noqa: B023
            clone = state.clone()
            assert clone == state, f"{where}: a clone differs from its original"
            clones.append(clone)  # noqa: B023 - checked below, after the original moved on

        def choose(state: State[Any], legal: list[Any]) -> Any:
            return rng.choice(legal)  # noqa: B023

        run = play(game, seed, choose, hooks, keep_states=True, each=check_step)

        # clones kept their own position while the original played on
        for step, (clone, data) in enumerate(zip(clones, run.states, strict=True)):
            assert clone.to_json() == data, f"{describe(name, players, seed, step)}: a clone changed"

        # garbage text never parses
        for text in GARBAGE:
            with pytest.raises(InvalidActionText):
                game.parse_action(text)

        # the record (seed + action texts) replays to an equal state at every step
        record = Record(name, dict(game.options), seed, None, run.actions)
        record = Record.from_json(json.loads(json.dumps(record.to_json())))
        assert record.initial_state().to_json() == run.states[0]
        replayed = 0
        for index_, text, state, _events in record.steps():
            step = index_ + 1
            assert text == run.actions[index_]
            assert state.to_json() == run.states[step], (
                f"{describe(name, players, seed, step)}: replay differs"
            )
            replayed += 1
        assert replayed == len(run.actions)
        assert run.final is not None and run.final.is_terminal()
