"""The ladder (issue 34): the named bots, people's levels among them, rated against each other in
one run, so that a person can read what each level means.

**The schedule.**  ``players`` of the entrants sit at each table.  A pass of the line-ups goes
through every combination of that many entrants, each seated in the order of a circle of all the
entrants; the next pass takes another circle (every second entrant, then the circles reversed), so
that who sits after whom changes too (:func:`lineups`).  Each line-up is one deal, played
``players`` times with the line-up rotated one seat further every time (the arena's duplicate
deals, arena.py): every entrant plays every seat on the same cards, and every pair of entrants
meets equally often.  A run is whole passes (``players`` games a combination), so the games are
rounded up to them.

Game ``i`` is line-up (and deal) ``i // players``, rotation ``i % players``; the deal is dealt
from :func:`~.simulate.game_seed` ``(seed, deal)`` and the bot in seat ``s`` is seeded from
:func:`~.simulate.bot_seed` ``(seed, i, s)``: a game's result depends on its index alone, not on
the worker processes (only a bot that thinks for a set time, ``hard``, depends on the machine).

**The figures.**  Each entrant's rating is the Bradley-Terry strength from every pair's finishing
order at a table (arena.py's :func:`~.arena.bradley_terry`, Elo scale, the entrants' mean 1500),
with a 95% percentile interval from a bootstrap over the deals (each deal's games stay together:
they share the cards).  Its win share is its first places (a shared first place split) per game
played, with a Wilson 95% interval; and the mean seconds it took a decision, on this machine.
"""

from __future__ import annotations

import math
import platform
import random
import statistics
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from itertools import combinations
from typing import Any

from ..agents import AGENTS, make_agent, observe
from ..core.errors import TabletopError
from ..core.protocol import JSON
from ..core.registry import make
from ..core.rng import derive
from .arena import bradley_terry
from .pool import Progress, play_in_chunks
from .simulate import Chunk, SimulationError, bot_seed, game_seed
from .stats import wilson

ENTRANTS = ("random", "heuristic", "easy", "normal", "hard")
TABLE = 4  # players at a table, where the game allows as many
RESAMPLES = 400  # bootstrap resamples of the deals
_BOOTSTRAP_STREAM = 2  # the bootstrap's generator, a stream apart from the games' and the bots'
FORMAT = 1  # the JSON file's format

READING = (
    "Rating: Bradley-Terry strength from who finished ahead of whom at the same table, on the Elo "
    "scale with the entrants' mean at 1500: 200 points apart, the stronger finishes ahead about 3 "
    "times in 4; 400 apart, 10 times in 11. It is not the leaderboard's scale. Win share: first "
    "places per game played (a shared first split); par is 1 in the number of players."
)


class LadderError(TabletopError, ValueError):
    """A ladder that cannot be run: too few entrants, a bot not known, a table too large."""


def table_size(low: int, high: int, players: int | None, entrants: int) -> int:
    """The players at a table: ``players``, else 4 (or the game's most, if fewer); within the
    game's range and no more than the entrants."""
    seats = min(TABLE, high) if players is None else players
    if not low <= seats <= high:
        raise LadderError(f"the game is for {low} to {high} players, not {seats}")
    if seats > entrants:
        raise LadderError(f"{seats} players need at least {seats} entrants, not {entrants}")
    return seats


def check_entrants(entrants: Sequence[str]) -> tuple[str, ...]:
    names = tuple(name.strip() for name in entrants)
    if len(names) < 2:
        raise LadderError("a ladder needs at least two entrants")
    if len(set(names)) != len(names):
        raise LadderError(f"each entrant once: {', '.join(names)}")
    unknown = [name for name in names if name not in AGENTS]
    if unknown:
        raise LadderError(f"no bot called {', '.join(unknown)}; known bots: {', '.join(sorted(AGENTS))}")
    return names


def orders(entrants: int) -> list[int]:
    """The passes' steps round the entrants: entrant ``j`` is ``step * j`` (mod the entrants) in
    the pass's circle.  Steps prime to the entrants, the small ones first, then their reverses."""
    steps = [m for m in range(1, entrants // 2 + 1) if math.gcd(m, entrants) == 1]
    return steps + [entrants - m for m in steps if entrants - m not in steps]


def lineups(entrants: int, players: int) -> list[tuple[int, ...]]:
    """Every combination of ``players`` of the entrants (by index), once a pass, in the order of
    the pass's circle of the entrants (:func:`orders`): a step of 1, then 2..., then each reversed.
    Over all the passes, each entrant sits right after each other equally often (with five
    entrants, four at a table: two passes already make each pair neighbours equally often)."""
    found = []
    for step in orders(entrants):
        place = {step * j % entrants: j for j in range(entrants)}  # entrant -> place in the circle
        for combination in combinations(range(entrants), players):
            found.append(tuple(sorted(combination, key=place.__getitem__)))
    return found


def round_games(games: int, entrants: int, players: int) -> int:
    """``games`` rounded up to whole passes of the combinations (``players`` games each)."""
    per_pass = math.comb(entrants, players) * players
    return max(1, -(-games // per_pass)) * per_pass


def seats_of(index: int, entrants: int, players: int) -> tuple[int, ...]:
    """The entrant (by index) in each seat of game ``index``."""
    order = lineups(entrants, players)
    lineup = order[(index // players) % len(order)]
    rotation = index % players
    return tuple(lineup[(seat + rotation) % players] for seat in range(players))


@dataclass(frozen=True, slots=True)
class LadderGame:
    index: int
    deal: int
    seats: tuple[int, ...]  # per seat, the entrant's index
    ranking: tuple[int, ...]
    decisions: tuple[int, ...]  # per seat
    seconds: tuple[float, ...]  # per seat, thinking


def play_ladder_game(chunk: Chunk, game: Any, index: int) -> LadderGame:
    """Game ``index`` of the ladder whose entrants are the chunk's bots."""
    n = game.players
    seats = seats_of(index, len(chunk.bots), n)
    deal = index // n
    state = game.new_state(game_seed(chunk.seed, deal))
    agents = [make_agent(chunk.bots[e], bot_seed(chunk.seed, index, s)) for s, e in enumerate(seats)]
    decisions, seconds = [0] * n, [0.0] * n
    limit = game.metadata.max_decisions
    try:
        while not state.is_terminal():
            seat = state.current_seat
            if seat is None or sum(decisions) >= limit:
                raise SimulationError(f"no end after {sum(decisions)} decisions (seat to act: {seat})")
            started = time.perf_counter()
            action = agents[seat].act(observe(state, seat))
            seconds[seat] += time.perf_counter() - started
            decisions[seat] += 1
            state.advance(action, seat)
    except TabletopError as err:
        raise SimulationError(f"ladder game {index} (deal {deal}) failed: {err}") from None
    return LadderGame(index, deal, seats, tuple(state.ranking()), tuple(decisions), tuple(seconds))


def play_ladder_chunk(chunk: Chunk) -> list[LadderGame]:
    game = make(chunk.game, **chunk.options)
    return [play_ladder_game(chunk, game, i) for i in range(chunk.start, chunk.stop)]


@dataclass(frozen=True, slots=True)
class Rung:
    """One entrant's figures."""

    bot: str
    games: int
    decisions: int
    rating: float
    rating_low: float  # 95% bootstrap interval
    rating_high: float
    win_share: float
    win_low: float  # 95% Wilson interval
    win_high: float
    seconds: float  # mean seconds a decision

    def to_json(self) -> dict[str, JSON]:
        return {
            "bot": self.bot,
            "games": self.games,
            "decisions": self.decisions,
            "rating": round(self.rating, 1),
            "rating_95": [round(self.rating_low, 1), round(self.rating_high, 1)],
            "win_share": round(self.win_share, 4),
            "win_share_95": [round(self.win_low, 4), round(self.win_high, 4)],
            "seconds_per_decision": round(self.seconds, 5),
        }


Pairs = dict[tuple[str, str], float]


def pairwise(entrants: Sequence[str], games: Sequence[LadderGame]) -> Pairs:
    """Who finished ahead of whom: a win each time, half each for a shared place."""
    found: Pairs = {}
    for game in games:
        for seat, entrant in enumerate(game.seats):
            for other, rival in enumerate(game.seats):
                if other != seat and game.ranking[seat] <= game.ranking[other]:
                    key = (entrants[entrant], entrants[rival])
                    found[key] = found.get(key, 0.0) + (
                        0.5 if game.ranking[seat] == game.ranking[other] else 1.0
                    )
    return found


def bootstrap(
    entrants: Sequence[str], games: Sequence[LadderGame], seed: int, resamples: int = RESAMPLES
) -> dict[str, tuple[float, float]]:
    """Each entrant's 95% percentile interval of the rating, the deals resampled with replacement."""
    deals: dict[int, Pairs] = {}
    for game in games:
        for key, won in pairwise(entrants, [game]).items():
            into = deals.setdefault(game.deal, {})
            into[key] = into.get(key, 0.0) + won
    keys = sorted(deals)
    rng = random.Random(derive(seed, _BOOTSTRAP_STREAM))
    samples: dict[str, list[float]] = {name: [] for name in entrants}
    for _ in range(resamples):
        total: Pairs = {}
        for _ in keys:
            for key, won in deals[keys[rng.randrange(len(keys))]].items():
                total[key] = total.get(key, 0.0) + won
        for name, rating in bradley_terry(entrants, total).items():
            samples[name].append(rating)
    found = {}
    for name, values in samples.items():
        cuts = statistics.quantiles(values, n=40, method="inclusive")  # 2.5% steps
        found[name] = (cuts[0], cuts[-1])
    return found


def rungs(
    entrants: Sequence[str], games: Sequence[LadderGame], seed: int, resamples: int = RESAMPLES
) -> tuple[Rung, ...]:
    ratings = bradley_terry(entrants, pairwise(entrants, games))
    intervals = bootstrap(entrants, games, seed, resamples)
    played = dict.fromkeys(range(len(entrants)), 0)
    firsts = dict.fromkeys(range(len(entrants)), 0.0)
    decisions = dict.fromkeys(range(len(entrants)), 0)
    seconds = dict.fromkeys(range(len(entrants)), 0.0)
    for game in games:
        shared = game.ranking.count(1)
        for seat, entrant in enumerate(game.seats):
            played[entrant] += 1
            firsts[entrant] += 1 / shared if game.ranking[seat] == 1 else 0.0
            decisions[entrant] += game.decisions[seat]
            seconds[entrant] += game.seconds[seat]
    found = []
    for k, name in enumerate(entrants):
        low, high = wilson(firsts[k], played[k])
        found.append(
            Rung(
                bot=name,
                games=played[k],
                decisions=decisions[k],
                rating=ratings[name],
                rating_low=min(intervals[name][0], ratings[name]),
                rating_high=max(intervals[name][1], ratings[name]),
                win_share=firsts[k] / played[k] if played[k] else 0.0,
                win_low=low,
                win_high=high,
                seconds=seconds[k] / decisions[k] if decisions[k] else 0.0,
            )
        )
    return tuple(found)


def machine() -> str:
    """This machine, as the figures' seconds depend on it: cores, platform, the rules' build."""
    from .. import BUILD
    from ..agents.parallel import cores

    system = f"{platform.system()} {platform.machine()}"
    return f"{cores()} cores, {system}, Python {platform.python_version()}, {BUILD} rules"


@dataclass(frozen=True)
class LadderResult:
    game: str
    title: str
    options: Mapping[str, Any]
    players: int
    seed: int
    workers: int | None
    entrants: tuple[str, ...]
    games: int
    rungs: tuple[Rung, ...]
    elapsed: float
    date: str
    machine: str

    @property
    def deals(self) -> int:
        return self.games // self.players

    def command(self) -> str:
        """The command that makes this ladder again."""
        words = ["tabletop", "ladder", self.game, "--players", str(self.players), "--games", str(self.games)]
        words += ["--seed", str(self.seed)]
        if self.workers is not None:
            words += ["--workers", str(self.workers)]
        if self.entrants != ENTRANTS:
            words += ["--entrants", ",".join(self.entrants)]
        return " ".join(words)

    def to_json(self) -> dict[str, JSON]:
        return {
            "format": FORMAT,
            "game": self.game,
            "title": self.title,
            "options": dict(self.options),
            "players": self.players,
            "entrants": list(self.entrants),
            "games": self.games,
            "deals": self.deals,
            "seed": self.seed,
            "workers": self.workers,
            "command": self.command(),
            "date": self.date,
            "machine": self.machine,
            "reading": READING,
            "levels": [rung.to_json() for rung in self.rungs],
            "elapsed_seconds": round(self.elapsed, 1),
        }


def ladder(
    game_name: str,
    players: int | None = None,
    games: int = 200,
    seed: int = 1,
    workers: int | None = 1,
    entrants: Sequence[str] = ENTRANTS,
    progress: Progress | None = None,
    resamples: int = RESAMPLES,
) -> LadderResult:
    """Play a ladder of ``game_name`` between ``entrants``, ``players`` at a table (default 4, or
    the game's most), at least ``games`` games (rounded up to whole passes), on ``workers``
    processes (None: every core).  Raises LadderError, ValueError, the engine's errors."""
    names = check_entrants(entrants)
    if games < 1 or (workers is not None and workers < 1):
        raise LadderError("play at least one game, on at least one worker")
    low, high = make(game_name).player_range()
    seats = table_size(low, high, players, len(names))
    game = make(game_name, players=seats)
    total = round_games(games, len(names), seats)
    chunk = partial(Chunk, game.name, game.options, seed, names)  # the chunk's bots: the entrants
    played, elapsed = play_in_chunks("process", workers, None, total, chunk, play_ladder_chunk, progress)
    return LadderResult(
        game=game.name,
        title=str(game.title),
        options=game.options,
        players=seats,
        seed=seed,
        workers=workers,
        entrants=names,
        games=total,
        rungs=rungs(names, played, seed, resamples),
        elapsed=elapsed,
        date=datetime.now(UTC).date().isoformat(),
        machine=machine(),
    )
