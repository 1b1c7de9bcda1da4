"""Shared pieces of the conformance suite: which games to run, and how to play them."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

import tabletop
from tabletop.core.protocol import Event, Game, State
from tabletop.core.registry import names

from .hooks import HOOKS, GameHooks, conservation_problems


class Players(int):
    """A player count that may carry more game options (a game's ``hooks.extra_options``, e.g.
    Megalomania's pairs game): the tests take it where they take a count, and make their game
    with :func:`make_game`, which passes the options on."""

    options: dict[str, Any]

    def __new__(cls, count: int, options: dict[str, Any] | None = None) -> Players:
        made = super().__new__(cls, count)
        made.options = dict(options or {})
        return made

    def __str__(self) -> str:
        extra = ", ".join(f"{key}={value}" for key, value in sorted(self.options.items()))
        return f"{int(self)} ({extra})" if extra else str(int(self))

    __repr__ = __str__


def make_game(name: str, players: int) -> Game[Any]:
    """The game ``name`` for ``players`` (and the options a :class:`Players` carries)."""
    return tabletop.make(name, players=int(players), **getattr(players, "options", {}))


def player_counts(name: str) -> list[Players]:
    """Every player count the game allows, then each of its hooks' extra option sets."""
    meta = tabletop.make(name).metadata
    counts = [Players(n) for n in range(meta.min_players, meta.max_players + 1)]
    hooks = HOOKS.get(name)
    for options in hooks.extra_options if hooks is not None else ():
        rest = {k: v for k, v in options.items() if k != "players"}
        counts.append(Players(int(options.get("players", meta.min_players)), rest))
    return counts


def _case_id(name: str, players: Players) -> str:
    extra = "".join(f"-{k}" if v is True else f"-{k}={v}" for k, v in sorted(players.options.items()))
    return f"{name}-{int(players)}p{extra}"


# Every registered game at every player count it allows, and with the option sets its hooks list:
# a new game is covered by registering it.
CASES = [(name, n) for name in names() for n in player_counts(name)]
CASE_IDS = [_case_id(name, n) for name, n in CASES]


def cases(chunks: int = 1) -> Any:
    """``pytest.mark.parametrize`` over (game, players[, chunk]), so xdist can spread the work."""
    if chunks == 1:
        return pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
    params = [(name, n, k) for name, n in CASES for k in range(chunks)]
    ids = [f"{_case_id(name, n)}-{k}" for name, n, k in params]
    return pytest.mark.parametrize(("name", "players", "chunk"), params, ids=ids)


def hooks_or_skip(name: str) -> GameHooks:
    hooks = HOOKS.get(name)
    if hooks is None:
        pytest.skip(f"no conformance hooks for {name!r}: add them to tests/conformance/hooks/")
    return hooks


def game_seed(name: str, players: int, index: int, salt: int = 0) -> int:
    """Distinct, reproducible seeds per case, so a failure names a seed to replay."""
    options = sum(map(ord, str(sorted(getattr(players, "options", {}).items())))) * 3_000_017
    return (players * 1_000_003 + index * 7919 + salt * 104_729 + sum(map(ord, name)) + options) % (1 << 62)


def describe(name: str, players: int, seed: int, step: int | None = None) -> str:
    at = f", step {step}" if step is not None else ""
    return f"{name}, {players} players, seed {seed}{at}"


def jsonable(data: Any) -> Any:
    """``data`` after a trip through JSON text (raises if it is not JSON-ready)."""
    return json.loads(json.dumps(data))


RESERVED = frozenset(("kind", "step", "words"))  # keys a front end adds to an event's data


def check_events(events: list[Event], players: int, where: str, thorough: bool = True) -> None:
    assert isinstance(events, list), f"{where}: apply returned {type(events).__name__}, not a list"
    for event in events:
        assert isinstance(event, Event), f"{where}: {event!r} is not an Event"
        assert isinstance(event.kind, str) and event.kind, f"{where}: event without a kind"
        taken = RESERVED & set(event.data)
        assert not taken, f"{where}: {event} uses {sorted(taken)}, which front ends add to every event"
        if thorough:
            json.dumps(event.to_json())
        if event.visible_to is not None:
            assert all(0 <= s < players for s in event.visible_to), f"{where}: {event} names a bad seat"


def check_basic(state: State[Any], hooks: GameHooks | None, where: str, thorough: bool = True) -> list[Any]:
    """The cheap invariants of any position; returns the legal actions."""
    legal = state.legal_actions()
    seat = state.current_seat
    if state.is_terminal():
        assert seat is None, f"{where}: the game is over but seat {seat} is to act"
        assert legal == [], f"{where}: the game is over but actions are legal: {legal}"
    else:
        assert seat is not None and 0 <= seat < state.game.players, f"{where}: bad seat to act {seat!r}"
        assert legal, f"{where}: no legal action before the end (seat {seat})"
        if thorough:
            assert len(set(legal)) == len(legal), f"{where}: an action is listed twice: {legal}"
    if hooks is not None:
        problems = conservation_problems(hooks, state)
        assert not problems, f"{where}: cards not conserved: {'; '.join(problems)}"
    return legal


def check_end(state: State[Any], where: str) -> None:
    n = state.game.players
    scores, ranking, returns = state.scores(), state.ranking(), state.returns()
    assert len(scores) == len(ranking) == len(returns) == n, f"{where}: results not one per seat"
    assert all(1 <= r <= n for r in ranking) and min(ranking) == 1, f"{where}: bad ranking {ranking}"
    assert all(-1.0 <= r <= 1.0 for r in returns), f"{where}: returns out of range {returns}"
    json.dumps([scores, ranking, returns])


@dataclass
class Playthrough:
    """A finished random game: the seed, the actions, and the state's JSON after each step."""

    name: str
    players: int
    seed: int
    actions: list[str] = field(default_factory=list)
    states: list[dict[str, Any]] = field(default_factory=list)  # states[0] is the start
    final: State[Any] | None = None


def plays_on(state: State[Any], seed: int, where: str, actions: int = 100) -> None:
    """``state``, which a game accepted from an altered file, takes ``actions`` random legal
    actions (or reaches its end) without an error: what was accepted breaks no rule later."""
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_terminal():
            return
        try:
            state.apply(rng.choice(state.legal_actions()))
        except Exception as err:
            raise AssertionError(f"{where}: accepted, then {type(err).__name__}: {err}") from err


def random_chooser(rng: random.Random) -> Callable[[State[Any], list[Any]], Any]:
    return lambda state, legal: rng.choice(legal)


def play(
    game: Game[Any],
    seed: int,
    choose: Callable[[State[Any], list[Any]], Any],
    hooks: GameHooks | None = None,
    *,
    keep_states: bool = False,
    thorough: bool = True,
    name_the_seat: bool = False,
    between: Callable[[int], None] | None = None,
    each: Callable[[int, State[Any], list[Any]], None] | None = None,
) -> Playthrough:
    """Play one game to the end, checking the cheap invariants at every step.

    ``each(step, state, legal)`` runs before each decision (for extra per-step checks);
    ``between(step)`` runs between steps (to disturb the global RNGs); ``thorough=False`` skips
    the per-step checks that cost most (duplicate actions, events through JSON);
    ``name_the_seat`` passes the seat to act to ``apply`` at every other step.
    """
    name, players = game.name, game.players
    state = game.new_state(seed)
    check_events(state.opening_events(), players, f"{describe(name, players, seed)}, opening events")
    run = Playthrough(name, players, seed)
    limit = game.metadata.max_decisions
    step = 0
    while True:
        where = describe(name, players, seed, step)
        if keep_states:
            run.states.append(state.to_json())
        legal = check_basic(state, hooks, where, thorough)
        if each is not None:
            each(step, state, legal)
        if state.is_terminal():
            break
        assert step < limit, f"{where}: no end after metadata.max_decisions = {limit} decisions"
        action = choose(state, legal)
        if between is not None:
            between(step)
        events = state.apply(action, state.current_seat if name_the_seat and step % 2 else None)
        check_events(events, players, where, thorough)
        run.actions.append(str(action))
        step += 1
    check_end(state, describe(name, players, seed))
    run.final = state
    return run


def walk(game: Game[Any], seed: int, actions: list[str]) -> Iterator[tuple[int, State[Any]]]:
    """The states of a recorded game, from the start, one per step."""
    state = game.new_state(seed)
    yield 0, state
    for step, text in enumerate(actions, start=1):
        state.apply(game.parse_action(text))
        yield step, state
