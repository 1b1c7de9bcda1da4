"""Throughput of uniformly random play: Megalomania and ManaSurge beside OpenSpiel's Hearts and RLCard's Uno.

Every engine is driven from Python the same way: a seeded ``random.Random`` picks uniformly among the
legal actions (and among chance outcomes, for OpenSpiel) until the game ends, game after game, for a
fixed wall time.  All engines are warmed up first, then their timed runs are interleaved
(Megalomania, ManaSurge, Hearts, Uno, Megalomania, ...) so that drift in the machine's speed hits
them alike.  A ManaSurge card play is a card put into the spell (``cast=`` or ``play=``).
The figures reported are each engine's best run by card plays per second: other work on the machine
can only slow a run down, so the best run is the least disturbed one (``--json`` gives every run).

    .venv/bin/python bench/throughput.py [--players 4] [--manasurge-players 4] [--seconds 10]
        [--repeats 3] [--json]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from importlib import metadata
from typing import Any, NamedTuple

import driver
from rich.console import Console
from rich.table import Table

import tabletop
from tabletop.games.megalomania.actions import Kind

NOT_INSTALLED = "not installed (pip install -e '.[bench]')"
TARGET = 0.15  # Megalomania's card plays/s must reach this share of OpenSpiel Hearts'
MANASURGE_TARGET = 1.0  # ManaSurge's card plays/s must reach this share of Megalomania's
OURS = ("Megalomania", "ManaSurge")  # the engines of this project; the others are peers
CARD_KINDS = (Kind.PLAY, Kind.PLAY_POWER)

PlayGame = Callable[[random.Random], tuple[int, int]]
"""Plays one game at random with the rng given; returns (card plays, decisions)."""


class Engine(NamedTuple):
    version: str
    seats: int
    play: PlayGame


@dataclass(frozen=True)
class Rates:
    card_plays: float
    decisions: float
    games: float


Result = driver.Result[Rates]  # the best run is the fastest by card plays/s


# ---------------------------------------------------------------- the engines
def ours(name: str, card_kinds: tuple[object, ...]) -> Callable[[int, int], Engine]:
    """One of this project's games, counting a card play at each action of ``card_kinds``."""

    def make(players: int, seed: int) -> Engine:
        game = tabletop.make(name, players=players)

        def play(rng: random.Random) -> tuple[int, int]:
            state = game.new_state(rng.getrandbits(32))
            plays = decisions = 0
            while not state.is_terminal():  # no chance nodes: the state carries its own rng
                action = rng.choice(state.legal_actions())
                if action.kind in card_kinds:
                    plays += 1
                decisions += 1
                state.advance(action)
            return plays, decisions

        return Engine(tabletop.__version__, players, play)

    return make


# OpenSpiel's Hearts (default options: passing on) starts with one chance node for the pass
# direction (action 0 is "No Pass", 1-3 left, across, right), then 52 chance actions deal the cards.
# Unless there is no pass, each of the 4 players then passes 3 cards: 12 decisions whose actions are
# cards 0-51, exactly like plays.  Then come the 13 tricks: 52 decisions, every one a card play.
# So card plays = decisions - 12 when the first action of the game is not "No Pass".
HEARTS_NO_PASS = 0
HEARTS_PASSES = 4 * 3


def hearts(players: int, seed: int) -> Engine:
    import pyspiel

    game = pyspiel.load_game("hearts")

    def play(rng: random.Random) -> tuple[int, int]:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                # Hearts' chance outcomes are uniform (1/4 per direction, 1/k per card left to deal),
                # so a uniform choice samples them exactly.
                action = rng.choice(state.chance_outcomes())[0]
            else:
                action = rng.choice(state.legal_actions())
                decisions += 1
            state.apply_action(action)
        passes = 0 if state.history()[0] == HEARTS_NO_PASS else HEARTS_PASSES
        return decisions - passes, decisions

    return Engine(metadata.version("open-spiel"), game.num_players(), play)


def uno(players: int, seed: int) -> Engine:
    import rlcard
    from rlcard.games.uno.utils import ACTION_SPACE

    env = rlcard.make("uno", config={"seed": seed})  # two players: RLCard's Uno takes no other count
    draw = ACTION_SPACE["draw"]  # every other action plays a card from the hand

    def play(rng: random.Random) -> tuple[int, int]:
        state, _ = env.reset()
        plays = decisions = 0
        while not env.is_over():
            action = rng.choice(list(state["legal_actions"]))
            if action != draw:
                plays += 1
            decisions += 1
            state, _ = env.step(action)
        return plays, decisions

    return Engine(metadata.version("rlcard"), env.num_players, play)


ENGINES: dict[str, Callable[[int, int], Engine]] = {
    "Megalomania": ours("megalomania", CARD_KINDS),
    "ManaSurge": ours("manasurge", ("cast", "play")),
    "OpenSpiel Hearts": hearts,
    "RLCard Uno": uno,
}


# ---------------------------------------------------------------- measuring
def run_for(play: PlayGame, seconds: float, rng: random.Random) -> Rates:
    """Whole games for at least ``seconds`` of wall time; the rates over the time they took."""
    plays = decisions = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        p, d = play(rng)
        plays, decisions, games = plays + p, decisions + d, games + 1
    elapsed = time.perf_counter() - start
    return Rates(plays / elapsed, decisions / elapsed, games / elapsed)


def measure(args: argparse.Namespace) -> list[Result]:
    results: list[Result] = []
    running: dict[str, tuple[PlayGame, random.Random]] = {}
    for name, make in ENGINES.items():
        players = args.manasurge_players if name == "ManaSurge" else args.players
        try:
            engine = make(players, args.seed)
        except ImportError:
            results.append(Result(name, name in OURS, error=NOT_INSTALLED))
            continue
        results.append(Result(name, name in OURS, engine.version, engine.seats))
        running[name] = (engine.play, random.Random(args.seed))
    for name, (play, rng) in running.items():
        driver.log(f"warming up {name}")
        run_for(play, args.warmup, rng)
    for repeat in range(args.repeats):
        for result in results:
            if result.engine in running:
                driver.log(f"run {repeat + 1}/{args.repeats}: {result.engine}")
                play, rng = running[result.engine]
                result.runs.append(run_for(play, args.seconds, rng))
    return results


def ratios(results: list[Result], ours: str = "Megalomania") -> dict[str, Rates]:
    """The rates of ``ours`` divided by each other installed engine's (ManaSurge's by Megalomania's
    too)."""
    mine = next(r.best for r in results if r.engine == ours)
    assert mine is not None
    return {
        peer.engine: Rates(
            mine.card_plays / theirs.card_plays, mine.decisions / theirs.decisions, mine.games / theirs.games
        )
        for peer in results
        if peer.engine != ours and (ours == "ManaSurge" or peer.engine not in OURS)
        if (theirs := peer.best) is not None
    }


def share_verdict(shares: dict[str, Rates], ours: str, peer: str, target: float) -> tuple[bool | None, str]:
    """Whether ``ours`` plays cards at ``target`` of ``peer``'s rate at least (``None``: cannot
    tell), and a sentence saying so; ``shares`` are ours divided by each peer's (``ratios``)."""
    goal = f"Target: {ours} at ≥ {target:.0%} of {driver.possessive(peer)} card plays/s"
    share = shares.get(peer)
    if share is None:
        return None, f"{goal}: cannot tell, {peer} was not measured"
    met = share.card_plays >= target
    return met, f"{goal}: {'MET' if met else 'NOT MET'} ({share.card_plays:.1%})"


def verdict(shares: dict[str, Rates]) -> tuple[bool | None, str]:
    return share_verdict(shares, "Megalomania", "OpenSpiel Hearts", TARGET)


def manasurge_verdict(shares: dict[str, Rates]) -> tuple[bool | None, str]:
    return share_verdict(shares, "ManaSurge", "Megalomania", MANASURGE_TARGET)


# ---------------------------------------------------------------- reporting
RATE_CELLS: dict[str, driver.Cell] = {
    "card plays\nper s": lambda r, b: f"{b.card_plays:,.0f}",
    "decisions\nper s": lambda r, b: f"{b.decisions:,.0f}",
    "games\nper s": lambda r, b: f"{b.games:,.1f}",
    "cards\nper game": lambda r, b: f"{b.card_plays / b.games:.1f}",
    "decisions\nper game": lambda r, b: f"{b.decisions / b.games:.1f}",
}


def settings_lines(args: argparse.Namespace, results: list[Result]) -> list[str]:
    return [
        ", ".join(f"{r.engine} {r.version} ({r.players} players)" for r in results if r.version),
        f"{driver.machine()}; load average {driver.LOAD_AT_START:.2f} at start",
        f"per engine: {args.warmup:g} s warm-up, then timed runs of {args.seconds:g} s × {args.repeats} "
        "(interleaved); shown: the best run by card plays/s",
    ]


def print_table(args: argparse.Namespace, results: list[Result]) -> None:
    console = Console()
    for line in settings_lines(args, results):
        console.print(line, markup=False)
    driver.print_results(console, "Uniformly random play", "engine", results, RATE_CELLS)
    shares = ratios(results)
    for ours, found in (("Megalomania", shares), ("ManaSurge", ratios(results, "ManaSurge"))):
        by_peer = Table(title=f"{ours} ÷ peer")
        by_peer.add_column("peer")
        for column in ("card plays/s", "decisions/s", "games/s"):
            by_peer.add_column(column, justify="right")
        for peer, share in found.items():
            by_peer.add_row(peer, f"{share.card_plays:.3f}", f"{share.decisions:.3f}", f"{share.games:.3f}")
        if found:
            console.print(by_peer)
    console.print(verdict(shares)[1])
    console.print(manasurge_verdict(ratios(results, "ManaSurge"))[1])


def as_json(args: argparse.Namespace, results: list[Result]) -> dict[str, Any]:
    shares = ratios(results)
    met, text = verdict(shares)
    manasurge_shares = ratios(results, "ManaSurge")
    manasurge_met, manasurge_text = manasurge_verdict(manasurge_shares)
    return {
        **driver.report(args, "best run by card plays/s", results, "engines", "engine"),
        "megalomania_over_peer": {peer: asdict(share) for peer, share in shares.items()},
        "manasurge_over_peer": {peer: asdict(share) for peer, share in manasurge_shares.items()},
        "target": {"hearts_card_plays_share": TARGET, "met": met, "verdict": text},
        "manasurge_target": {
            "megalomania_card_plays_share": MANASURGE_TARGET,
            "met": manasurge_met,
            "verdict": manasurge_text,
        },
    }


def main() -> None:
    p = driver.parser(__doc__, seconds=10.0, each="engine")
    p.add_argument("--players", type=int, default=4, choices=(2, 3, 4), help="Megalomania's players")
    p.add_argument("--manasurge-players", type=int, default=4, choices=(3, 4, 5), help="ManaSurge's players")
    driver.main(p, measure, as_json, print_table)


if __name__ == "__main__":
    main()
