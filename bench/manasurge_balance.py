"""ManaSurge balance: who wins with heuristic bots, by seat, wizard, metamagic card and suit.

Every seat is played by the same bot (``heuristic`` by default), so a difference in win share
between seats, wizards or cards is the game's, not a bot's.  For each game the script records the
first Caster, each seat's wizard, the metamagic cards each seat played, the suits of the spells
each seat opened, and the winners (a shared first place counts 1/k to each of k winners).

Reported, each with a Wilson 95% interval:

- win share by seat, counted from the first Caster (0 = the first Caster, 1 = the next clockwise);
- win share of the holder of each wizard (wizards on);
- win share of the seats dealt a given metamagic card in their opening hand, and of the others;
- win share of the seats that played a given metamagic card at least once, and of those that did
  not, in the same games;
- win share of the seats that opened at least one spell of a suit, and of those that did not;
- per suit, the Caster's net Shard gain over the spells it opened with that suit, and per
  metamagic card, its player's net gain over the spells where it was played (a seat's net gain is
  its gain less the others' mean gain);
- game length in spells.

Par is 1/players.  A row is flagged when its whole interval lies more than ``--margin`` (default
0.05) away from par: the "wide margin" of the issue's balance rule.  Only what is dealt at random
is judged so (the seat, the wizard, a metamagic card in the opening hand).  Who plays a card or
opens a suit is chosen by the play: the Caster token goes to the player with the fewest Shards,
so openers trail, and a seat that plays many cards has had long games; those rows are shown as
"(chosen)", and the net Shard gain over the spells where it happened measures them instead.

    .venv/bin/python bench/manasurge_balance.py [--games 4000] [--players 4] [--no-wizards]
        [--bot heuristic] [--workers 2] [--seed 1] [--data path.toml] [--markdown]

With ``--decision-times N`` it measures instead how long the search bot takes a decision at a
difficulty level (``--level normal``) over N positions with a real choice, drawn from games of
heuristic bots: wall and CPU seconds per decision (one process).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import tabletop
from tabletop.agents import make_agent, observe
from tabletop.sim.arena import wilson
from tabletop.sim.pool import chunk_bounds, run_chunks
from tabletop.sim.simulate import bot_seed, game_seed


@dataclass(frozen=True)
class Chunk:
    options: dict[str, Any]
    bot: str
    seed: int
    start: int
    stop: int


@dataclass(frozen=True)
class Record:
    """One game: per seat, the place from the first Caster, wizard, cards played, suits opened."""

    players: int
    first_caster: int
    wizards: tuple[str, ...]
    metamagic: tuple[frozenset[str], ...]
    dealt: tuple[frozenset[str], ...]  # the metamagic cards in each opening hand
    opened: tuple[frozenset[str], ...]
    wins: tuple[float, ...]  # 1/k for each of k winners, 0 for the others
    spells: int
    # per spell: (the suit opened, the Caster's net gain, the metamagic codes played with each
    # player's net gain): a net gain is the seat's Shard gain over the spell less the others' mean
    gains: tuple[tuple[str, float, tuple[tuple[str, float], ...]], ...]
    limit: bool  # ended by max_rounds or because nobody could open


def play_game(game: Any, seed: int, index: int, bot: str) -> Record:
    n = game.players
    state = game.new_state(game_seed(seed, index))
    first = state.caster
    wizards = tuple(str(s["wizard"]) for s in state.view(None)["seats"])
    agents = [make_agent(bot, bot_seed(seed, index, s)) for s in range(n)]
    metas: list[set[str]] = [set() for _ in range(n)]
    opened: list[set[str]] = [set() for _ in range(n)]
    codes = {p.code for p in game.data.metamagic}
    spells = game.cards.spell_kinds
    dealt = tuple(
        frozenset(game.cards.kind_text[game.cards.kind[c]] for c in hand if game.cards.kind[c] >= spells)
        for hand in state.hands
    )
    limit = False
    before = list(state.shards)
    caster, suit, played = -1, "", []
    gains = []
    while not state.is_terminal():
        seat = state.current_seat
        for event in state.apply(agents[seat].act(observe(state, seat)), seat):
            if event.kind == "cast":
                caster, suit = event.data["seat"], str(event.data["card"])[-1]
                opened[caster].add(suit)
            elif event.kind == "play" and event.data["card"] in codes:
                metas[event.data["seat"]].add(str(event.data["card"]))
                played.append((str(event.data["card"]), event.data["seat"]))
            elif event.kind == "spell-end":
                now = list(state.shards)  # after the action: the Rebirths the spell caused count
                net = [now[x] - before[x] for x in range(n)]
                total = sum(net)
                net = [g - (total - g) / (n - 1) for g in net]
                gains.append((suit, net[caster], tuple((code, net[who]) for code, who in played)))
                before, played = now, []
            elif event.kind == "game-over":
                limit = bool(event.data["limit"])
    winners = state.winners
    wins = tuple(1 / len(winners) if s in winners else 0.0 for s in range(n))
    return Record(
        n,
        first,
        wizards,
        tuple(frozenset(m) for m in metas),
        dealt,
        tuple(frozenset(o) for o in opened),
        wins,
        spells=state.rounds_played(),
        gains=tuple(gains),
        limit=limit,
    )


def play_chunk(chunk: Chunk) -> list[Record]:
    game = tabletop.make("manasurge", **chunk.options)
    return [play_game(game, chunk.seed, i, chunk.bot) for i in range(chunk.start, chunk.stop)]


# ---------------------------------------------------------------------- tallies
@dataclass
class Row:
    label: str
    seats: int
    wins: float

    @property
    def share(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.seats)

    def flagged(self, par: float, margin: float) -> bool:
        low, high = self.interval()
        return self.seats > 0 and (low > par + margin or high < par - margin)


def tally(records: Sequence[Record]) -> dict[str, list[Row]]:
    n = records[0].players
    by_seat = [Row(f"seat {k} from the first Caster", 0, 0.0) for k in range(n)]
    wizards: dict[str, Row] = {}
    played: dict[str, tuple[Row, Row]] = {}
    dealt: dict[str, tuple[Row, Row]] = {}
    suits: dict[str, tuple[Row, Row]] = {}
    meta_codes = sorted({m for r in records for ms in r.metamagic for m in ms})
    suit_codes = sorted({x for r in records for o in r.opened for x in o})
    for code in meta_codes:
        played[code] = (Row(f"played {code}", 0, 0.0), Row(f"did not play {code}", 0, 0.0))
    for code in meta_codes:
        dealt[code] = (Row(f"dealt {code}", 0, 0.0), Row(f"not dealt {code}", 0, 0.0))
    for letter in suit_codes:
        suits[letter] = (Row(f"opened {letter}", 0, 0.0), Row(f"never opened {letter}", 0, 0.0))
    for r in records:
        for seat in range(n):
            win = r.wins[seat]
            row = by_seat[(seat - r.first_caster) % n]
            row.seats, row.wins = row.seats + 1, row.wins + win
            if r.wizards[seat] != "None":
                w = wizards.setdefault(r.wizards[seat], Row(f"wizard {r.wizards[seat]}", 0, 0.0))
                w.seats, w.wins = w.seats + 1, w.wins + win
            for code, (yes, no) in played.items():
                hit = yes if code in r.metamagic[seat] else no
                hit.seats, hit.wins = hit.seats + 1, hit.wins + win
            for code, (yes, no) in dealt.items():
                hit = yes if code in r.dealt[seat] else no
                hit.seats, hit.wins = hit.seats + 1, hit.wins + win
            for letter, (yes, no) in suits.items():
                hit = yes if letter in r.opened[seat] else no
                hit.seats, hit.wins = hit.seats + 1, hit.wins + win
    return {
        "seat": by_seat,
        "wizard": [wizards[k] for k in sorted(wizards)],
        "dealt": [row for code in meta_codes for row in dealt[code]],
        "metamagic": [row for code in meta_codes for row in played[code]],
        "suit": [row for letter in suit_codes for row in suits[letter]],
    }


@dataclass
class Mean:
    label: str
    values: list[float]

    def summary(self) -> tuple[int, float, float, float]:
        """Count, mean and a normal 95% interval of the mean."""
        k = len(self.values)
        if k < 2:
            return k, sum(self.values), sum(self.values), sum(self.values)
        mean = sum(self.values) / k
        sd = math.sqrt(sum((v - mean) ** 2 for v in self.values) / (k - 1))
        half = 1.959963984540054 * sd / math.sqrt(k)
        return k, mean, mean - half, mean + half


def spell_gains(records: Sequence[Record]) -> dict[str, list[Mean]]:
    """Per suit, the Caster's net Shard gain in the spells it opened with that suit; per metamagic
    card, the net gain of its player in the spells where it was played (0 is par: a seat's net
    gain is its gain less the others' mean, so the seats' net gains average 0)."""
    suits: dict[str, Mean] = {}
    metas: dict[str, Mean] = {}
    for r in records:
        for suit, caster_gain, played in r.gains:
            suits.setdefault(suit, Mean(f"Caster opening {suit}", [])).values.append(caster_gain)
            for code, gain in played:
                metas.setdefault(code, Mean(f"player of {code}", [])).values.append(gain)
    return {"suit": [suits[k] for k in sorted(suits)], "metamagic": [metas[k] for k in sorted(metas)]}


def lengths(records: Sequence[Record]) -> dict[str, float]:
    spells = sorted(r.spells for r in records)
    k = len(spells)
    return {
        "mean": sum(spells) / k,
        "min": spells[0],
        "median": spells[k // 2],
        "p90": spells[min(k - 1, math.ceil(0.9 * k) - 1)],
        "max": spells[-1],
        "ended_without_a_winner_at_the_target": sum(r.limit for r in records),
    }


# ---------------------------------------------------------------------- reporting
FAIR = ("seat", "wizard", "dealt")  # groups dealt at random: a fair test of the balance rule


def markdown(groups: dict[str, list[Row]], par: float, margin: float) -> list[str]:
    """The groups as a table; the rows of groups the seats chose their way into (a card played, a
    suit opened) are not judged against par: see the module's text."""
    lines = ["| group | seats | win share | 95% interval | vs par |", "|---|---:|---:|---|---|"]
    for name, rows in groups.items():
        for row in rows:
            low, high = row.interval()
            flag = ("**off**" if row.flagged(par, margin) else "ok") if name in FAIR else "(chosen)"
            lines.append(f"| {row.label} | {row.seats} | {row.share:.3f} | {low:.3f}-{high:.3f} | {flag} |")
    return lines


def markdown_gains(gains: dict[str, list[Mean]]) -> list[str]:
    lines = ["| who | spells | mean net Shard gain | 95% interval |", "|---|---:|---:|---|"]
    for rows in gains.values():
        for row in rows:
            k, mean, low, high = row.summary()
            lines.append(f"| {row.label} | {k} | {mean:+.2f} | {low:+.2f} to {high:+.2f} |")
    return lines


def as_json(groups: dict[str, list[Row]], par: float, margin: float) -> dict[str, Any]:
    return {
        name: [
            {
                "label": row.label,
                "seats": row.seats,
                "win_share": round(row.share, 4),
                "win_share_95": [round(x, 4) for x in row.interval()],
                "flagged": row.flagged(par, margin),
            }
            for row in rows
        ]
        for name, rows in groups.items()
    }


def decision_times(args: argparse.Namespace) -> None:
    from tabletop.agents.ismcts import ISMCTS
    from tabletop.agents.levels import agent_for

    game = tabletop.make("manasurge", players=args.players, wizards=not args.no_wizards, data=args.data)
    rng = random.Random(args.seed)
    walls: list[float] = []
    cpus: list[float] = []
    by_phase: dict[str, list[float]] = {}
    iterations = 0
    while len(walls) < args.decision_times:
        state = game.new_state(rng.getrandbits(32))
        bots = [make_agent("heuristic", s) for s in range(args.players)]
        while not state.is_terminal() and len(walls) < args.decision_times:
            seat = state.current_seat
            obs = observe(state, seat)
            if len(obs.legal) > 1 and rng.random() < 0.1:
                bot = agent_for(args.level, seed=len(walls))
                assert isinstance(bot, ISMCTS)
                wall, cpu = time.perf_counter(), time.process_time()
                bot.act(obs)
                walls.append(time.perf_counter() - wall)
                cpus.append(time.process_time() - cpu)
                iterations += bot.last_iterations
                by_phase.setdefault(str(obs.view["phase"]), []).append(walls[-1])
            state.advance(bots[seat].act(obs), seat)
    out = {
        "level": args.level,
        "iterations": iterations / len(walls),
        "positions": len(walls),
        "wall_seconds": {
            "median": statistics.median(walls),
            "mean": statistics.mean(walls),
            "max": max(walls),
        },
        "cpu_seconds": {"median": statistics.median(cpus), "mean": statistics.mean(cpus), "max": max(cpus)},
        "iterations_per_cpu_second": iterations / sum(cpus),  # (this process's CPU alone)
        "wall_median_by_phase": {k: [len(v), statistics.median(v)] for k, v in sorted(by_phase.items())},
        "load_average": os.getloadavg()[0],
    }
    json.dump(out, sys.stdout, indent=2)
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    parser.add_argument("--no-wizards", action="store_true", help="play without the wizards")
    parser.add_argument("--bot", default="heuristic", help="the bot in every seat")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--data", default="", help="a ManaSurge cards TOML file (default: the packaged one)")
    parser.add_argument("--margin", type=float, default=0.05, help="how far from par an interval is 'off'")
    parser.add_argument("--markdown", action="store_true", help="print Markdown tables, not JSON")
    parser.add_argument("--decision-times", type=int, default=0, help="time N search decisions instead")
    parser.add_argument("--level", default="normal", choices=("normal", "hard"), help="with --decision-times")
    args = parser.parse_args()
    if args.decision_times:
        decision_times(args)
        return
    options = {"players": args.players, "wizards": not args.no_wizards, "data": args.data}
    tabletop.make("manasurge", **options)  # fail early on bad options
    chunks = [Chunk(options, args.bot, args.seed, a, b) for a, b in chunk_bounds(args.games, args.workers)]
    started = time.perf_counter()
    records = run_chunks(play_chunk, chunks, args.workers)
    elapsed = time.perf_counter() - started
    par = 1 / args.players
    groups = tally(records)
    length = lengths(records)
    gains = spell_gains(records)
    if args.markdown:
        print(f"{args.games} games, {args.players} players, wizards {'off' if args.no_wizards else 'on'}, ")
        print(f"bot {args.bot} in every seat, seed {args.seed}; par {par:.3f}; {elapsed:.0f} s\n")
        print("\n".join(markdown(groups, par, args.margin)))
        print("\nNet Shard gain over a spell (the seat's gain less the others' mean; par 0):\n")
        print("\n".join(markdown_gains(gains)))
        print(
            f"\nGame length in spells: mean {length['mean']:.1f}, median {length['median']}, "
            f"90% at most {length['p90']}, range {length['min']}-{length['max']}; "
            f"{length['ended_without_a_winner_at_the_target']} games ended without a winner at the target."
        )
    else:
        out = {
            "settings": vars(args),
            "par": par,
            "elapsed_seconds": round(elapsed, 1),
            "groups": as_json(groups, par, args.margin),
            "length_in_spells": length,
            "net_spell_gain": {
                name: [
                    dict(
                        zip(("label", "spells", "mean", "low", "high"), (m.label, *m.summary()), strict=True)
                    )
                    for m in rows
                ]
                for name, rows in gains.items()
            },
        }
        json.dump(out, sys.stdout, indent=2)
        print()


if __name__ == "__main__":
    main()
