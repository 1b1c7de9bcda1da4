"""Play many bot games and summarize them.

Game ``i`` of a run with seed ``s`` is dealt from :func:`game_seed` ``(s, i)``
and its bots are seeded from :func:`bot_seed` ``(s, i, seat)``, so every game
is reproducible on its own and the results do not depend on how the games are
split between worker processes or Ray tasks.  Chunks of games run on a
backend (pool.py: worker processes, or Ray); their results are merged back
in game order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

from ..agents import AGENTS, make_agent, observe
from ..core.errors import TabletopError
from ..core.protocol import Game
from ..core.registry import make
from ..core.rng import derive
from .content import Watcher, watcher_for
from .missions import mission_tasks, round_outcomes
from .pool import Played, Progress, play_in_chunks
from .summary import GameResult, Summary, summarize

_GAMES_STREAM, _BOTS_STREAM = 0, 1


class SimulationError(TabletopError):
    """A simulated game could not be played to the end."""


def game_seed(seed: int, index: int) -> int:
    """The seed game ``index`` of a run is dealt from."""
    return derive(derive(seed, _GAMES_STREAM), index)


def bot_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the bot in ``seat`` in game ``index`` (a stream apart from the games')."""
    return derive(derive(derive(seed, _BOTS_STREAM), index), seat)


def check_bots(bots: Sequence[str], players: int) -> list[str]:
    """One bot name per seat: a single name fills every seat.  Raises ValueError."""
    names = [b.strip() for b in bots]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise ValueError(f"{players} players need {players} bots (or one name for all), not {len(names)}")
    unknown = sorted({b for b in names if b not in AGENTS})
    if unknown:
        raise ValueError(f"no bot called {', '.join(unknown)}; known bots: {', '.join(sorted(AGENTS))}")
    return names


def rounds_played(state: Any) -> int | None:
    """Rounds a final state says it played (its ``rounds_played()``), or None."""
    count = getattr(state, "rounds_played", None)
    return int(count()) if callable(count) else None


def play_game(game: Game[Any], seed: int, index: int, bots: Sequence[str]) -> GameResult:
    """Play game ``index`` of the run ``seed`` to the end with the named bots."""
    dealt = game_seed(seed, index)
    state = game.new_state(dealt)
    agents = [make_agent(name, bot_seed(seed, index, s)) for s, name in enumerate(bots)]
    limit = game.metadata.max_decisions
    watcher = watcher_for(game.name)
    watcher.start(state)
    watching = watcher.watches
    decisions = 0
    try:
        while not state.is_terminal():
            seat = state.current_seat
            if seat is None or decisions >= limit:
                raise SimulationError(f"no end after {decisions} decisions (seat to act: {seat})")
            action = agents[seat].act(observe(state, seat))
            if watching:
                watcher.see(state.apply(action, seat))
            else:
                state.advance(action, seat)
            decisions += 1
    except TabletopError as err:
        raise SimulationError(f"game {index} (seed {dealt}) failed: {err}") from None
    return GameResult(
        index=index,
        seed=dealt,
        scores=tuple(state.scores()),
        ranking=tuple(state.ranking()),
        decisions=decisions,
        rounds=round_outcomes(state),
        rounds_played=rounds_played(state),
        **recorded(watcher, state),
    )


def recorded(watcher: Watcher, state: Any) -> dict[str, Any]:
    """A watcher's facts, labels and items of a final state, as GameResult's fields."""
    facts, labels, items = watcher.facts(state), watcher.labels(state), watcher.items(state)
    return {
        "facts": None if facts is None else tuple(facts.items()),
        "labels": None if labels is None else tuple((k, tuple(v)) for k, v in labels.items()),
        "items": None if items is None else tuple((k, tuple(tuple(x) for x in v)) for k, v in items.items()),
    }


@dataclass(frozen=True, slots=True)
class Chunk:
    """Games ``start`` to ``stop - 1`` of a run: what one worker task plays."""

    game: str
    options: Mapping[str, Any]
    seed: int
    bots: tuple[str, ...]
    start: int
    stop: int


def play_chunk(chunk: Chunk) -> list[GameResult]:
    game = make(chunk.game, **chunk.options)
    return [play_game(game, chunk.seed, index, chunk.bots) for index in range(chunk.start, chunk.stop)]


R = TypeVar("R")


def play_run(
    game_name: str,
    options: Mapping[str, Any] | None,
    bots: Sequence[str],
    games: int,
    seed: int,
    play: Callable[[Chunk], list[R]],
    run: Mapping[str, Any],
    whole_rotations: bool = False,
) -> Played[R]:
    """``games`` games of ``game_name`` between ``bots`` (one per seat, or one for all), each chunk
    played by ``play`` on the backend ``run`` names (``backend``, ``workers``, ``address``,
    ``progress``); ``whole_rotations``: as many more as make every bot sit in every seat equally
    often.  ValueError for no game or no worker, the engine's errors for bad options or bots."""
    workers = run.get("workers")
    if games < 1 or (workers is not None and workers < 1):
        raise ValueError("play at least one game, on at least one worker")
    game = make(game_name, **dict(options or {}))
    lineup = tuple(check_bots(bots, game.players))
    if whole_rotations:
        games = -(-games // game.players) * game.players
    chunk = partial(Chunk, game.name, game.options, seed, lineup)  # then (start, stop)
    backend = run.get("backend", "process")
    results, elapsed = play_in_chunks(
        backend, workers, run.get("address"), games, chunk, play, run.get("progress")
    )
    return Played(game.name, game.options, seed, lineup, games, results, elapsed)


def simulate(
    game_name: str,
    options: Mapping[str, Any] | None = None,
    games: int = 100,
    seed: int = 1,
    bots: Sequence[str] | None = None,
    workers: int | None = 1,
    progress: Progress | None = None,
    backend: str = "process",
    address: str | None = None,
) -> Summary:
    """Play ``games`` bot games of ``game_name`` and summarize them.

    ``bots`` names one bot per seat, or one for every seat (default: random).
    ``workers`` processes (None: one per core), or with ``backend="ray"`` Ray tasks at once
    (None: every CPU of the cluster at ``address``, else of a local Ray); the results are the same.
    Raises the engine's errors for bad options (``InvalidOptions``,
    ``UnknownGame``), ValueError for bad arguments, SimulationError when a game breaks,
    BackendError when the backend cannot be used.
    """
    run = {"backend": backend, "workers": workers, "address": address, "progress": progress}
    played = play_run(game_name, options, bots or ["random"], games, seed, play_chunk, run)
    return summarize(played, mission_tasks(make(played.game, **played.options)))
