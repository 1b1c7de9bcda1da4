"""Bots against bots, with seat rotation and duplicate deals, and what the results are worth.

A run of ``games`` games is ``ceil(games / n)`` deals, each played ``n`` times with the line-up
rotated one seat further every time: every bot plays every seat on the same cards, which cuts
the luck of the deal out of the comparison.  Game ``i`` is deal ``i // n``, rotation ``i % n``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..agents import make_agent, observe
from ..core.errors import TabletopError
from ..core.protocol import JSON, Game
from ..core.registry import make
from .pool import Progress
from .simulate import Chunk, SimulationError, bot_seed, game_seed, play_run
from .stats import wilson


@dataclass(frozen=True, slots=True)
class ArenaGame:
    index: int
    deal: int
    entries: tuple[int, ...]  # per seat, the index of the line-up entry sitting there
    scores: tuple[int, ...]
    ranking: tuple[int, ...]
    decisions: int


def seating(index: int, players: int) -> tuple[int, ...]:
    """Which line-up entry sits in each seat in game ``index`` (rotation ``index % players``)."""
    rotation = index % players
    return tuple((seat + rotation) % players for seat in range(players))


def play_arena_game(game: Game[Any], seed: int, index: int, lineup: Sequence[str]) -> ArenaGame:
    n = game.players
    deal = index // n
    entries = seating(index, n)
    state = game.new_state(game_seed(seed, deal))
    agents = [make_agent(lineup[entry], bot_seed(seed, index, seat)) for seat, entry in enumerate(entries)]
    decisions = 0
    try:
        while not state.is_terminal():
            seat = state.current_seat
            assert seat is not None
            state.advance(agents[seat].act(observe(state, seat)), seat)
            decisions += 1
    except TabletopError as err:
        raise SimulationError(f"arena game {index} (deal {deal}) failed: {err}") from None
    return ArenaGame(index, deal, entries, tuple(state.scores()), tuple(state.ranking()), decisions)


def play_arena_chunk(chunk: Chunk) -> list[ArenaGame]:
    """Games ``start`` to ``stop - 1``, the chunk's bots being the line-up."""
    game = make(chunk.game, **chunk.options)
    return [play_arena_game(game, chunk.seed, i, chunk.bots) for i in range(chunk.start, chunk.stop)]


@dataclass(frozen=True, slots=True)
class BotStats:
    bot: str
    seats: int  # how many (game, seat) places it played
    mean_points: float
    win_share: float  # a first place shared by k seats counts 1/k
    win_low: float  # 95% Wilson interval of the win share
    win_high: float
    rating: float  # Bradley-Terry strength from pairwise finishing order, on the Elo scale


@dataclass(frozen=True)
class ArenaResult:
    game: str
    options: Mapping[str, Any]
    seed: int
    lineup: tuple[str, ...]
    games: int
    bots: tuple[BotStats, ...]
    elapsed: float

    def to_json(self) -> dict[str, JSON]:
        return {
            "game": self.game,
            "options": dict(self.options),
            "seed": self.seed,
            "lineup": list(self.lineup),
            "games": self.games,
            "deals": math.ceil(self.games / len(self.lineup)),
            "bots": [
                {
                    "bot": b.bot,
                    "seats": b.seats,
                    "mean_points": round(b.mean_points, 4),
                    "win_share": round(b.win_share, 4),
                    "win_share_95": [round(b.win_low, 4), round(b.win_high, 4)],
                    "rating": round(b.rating, 1),
                }
                for b in self.bots
            ],
            "timing": {"elapsed_seconds": round(self.elapsed, 3)},
        }


def bradley_terry(names: Sequence[str], wins: Mapping[tuple[str, str], float]) -> dict[str, float]:
    """Strengths on the Elo scale (mean 1500) from pairwise wins; half a win each way as a prior."""
    strength = dict.fromkeys(names, 1.0)
    for _ in range(500):
        new = {}
        for a in names:
            won = sum(wins.get((a, b), 0.0) + 0.5 for b in names if b != a)
            games = sum(
                (wins.get((a, b), 0.0) + wins.get((b, a), 0.0) + 1.0) / (strength[a] + strength[b])
                for b in names
                if b != a
            )
            new[a] = won / games if games else 1.0
        mean_log = sum(math.log(v) for v in new.values()) / len(new)
        strength = {a: v / math.exp(mean_log) for a, v in new.items()}
    return {a: 1500 + 400 * math.log10(v) for a, v in strength.items()}


def arena_stats(lineup: Sequence[str], results: Sequence[ArenaGame]) -> tuple[BotStats, ...]:
    names = list(dict.fromkeys(lineup))
    points: dict[str, list[int]] = {name: [] for name in names}
    firsts = dict.fromkeys(names, 0.0)
    pairwise: dict[tuple[str, str], float] = {}
    for game in results:
        bots = [lineup[e] for e in game.entries]
        first = game.ranking.count(1)
        for seat, bot in enumerate(bots):
            points[bot].append(game.scores[seat])
            if game.ranking[seat] == 1:
                firsts[bot] += 1 / first
            for other, rival in enumerate(bots):
                if rival != bot and game.ranking[seat] <= game.ranking[other]:
                    tie = game.ranking[seat] == game.ranking[other]
                    pairwise[bot, rival] = pairwise.get((bot, rival), 0.0) + (0.5 if tie else 1.0)
    ratings = bradley_terry(names, pairwise) if len(names) > 1 else dict.fromkeys(names, 1500.0)
    stats = []
    for name in names:
        seats = len(points[name])
        low, high = wilson(firsts[name], seats)
        stats.append(
            BotStats(
                bot=name,
                seats=seats,
                mean_points=sum(points[name]) / seats if seats else 0.0,
                win_share=firsts[name] / seats if seats else 0.0,
                win_low=low,
                win_high=high,
                rating=ratings[name],
            )
        )
    return tuple(stats)


def arena(
    game_name: str,
    options: Mapping[str, Any] | None = None,
    bots: Sequence[str] = ("random",),
    games: int = 400,
    seed: int = 1,
    workers: int | None = 1,
    progress: Progress | None = None,
    backend: str = "process",
    address: str | None = None,
) -> ArenaResult:
    """Play ``games`` games (rounded up to whole rotations) between the named bots, on ``workers``
    processes or Ray tasks at once (None: every core, or every CPU of the Ray cluster)."""
    run = {"backend": backend, "workers": workers, "address": address, "progress": progress}
    played = play_run(game_name, options, bots, games, seed, play_arena_chunk, run, whole_rotations=True)
    stats = arena_stats(played.bots, played.results)
    return ArenaResult(played.game, played.options, seed, played.bots, played.games, stats, played.elapsed)
