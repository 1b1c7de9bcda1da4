"""The heuristic bots' speed: games a second per game on one core, and MegaCorps' against its old one.

Each game's heuristic plays every seat of ``--games`` games on one core (``tabletop simulate GAME
--players 4 --games 200 --bots heuristic --workers 1``, in process); MegaCorps' old heuristic
(read from git history by bench/old_heuristic.py) plays the same deals in the same run, and the
ratio is the new figure over the old.  ``--check`` replays games of the new heuristic and asks the
old one at every decision: how many decisions differ.  ``--arena`` plays the new heuristic in one
seat against the old in the others (duplicate deals, seats rotated): its win share with a 95%
interval (par: one in ``players``).  docs/benchmarks.md, "Heuristic bots' speed".

    .venv/bin/python bench/heuristic_speed.py [--games 200] [--old-games 40] [--check 20]
        [--check-players 3 4 5 6] [--arena 400] [--seed 1] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from old_heuristic import register

from tabletop.agents import make_agent, observe
from tabletop.core.registry import make
from tabletop.sim.arena import arena
from tabletop.sim.simulate import simulate

GAMES = ("summon7", "manasurge", "clan", "megalomania", "megacorps")
PLAYERS = 4  # every game seats four
TARGET = 40.0  # heuristic games a second on one core
ISSUE_FIGURES = {"summon7": 400.0, "manasurge": 222.0, "clan": 133.0, "megalomania": 65.0, "megacorps": 3.9}


def rate(game: str, bot: str, games: int, seed: int) -> float:
    """Games a second of ``bot`` in every seat, on one core (in this process)."""
    start = time.perf_counter()
    simulate(game, {"players": PLAYERS}, games=games, seed=seed, bots=[bot], workers=1)
    return games / (time.perf_counter() - start)


def differing_decisions(games: int, seed: int, players: int = PLAYERS) -> tuple[int, int]:
    """Games of the new MegaCorps heuristic, the old one asked the same at every decision: (decisions
    that differ, decisions)."""
    old_name = register()
    g = make("megacorps", players=players)
    differ = total = 0
    for i in range(games):
        s = g.new_state(seed * 1000 + i)
        new = [make_agent("heuristic", seat) for seat in range(players)]
        old = [make_agent(old_name, seat) for seat in range(players)]
        rng = random.Random(i)
        while not s.is_terminal():
            asked = s.to_act()
            seat = rng.choice(asked) if len(asked) > 1 else asked[0]
            obs = observe(s, seat)
            action = new[seat].act(obs)
            total += 1
            differ += action != old[seat].act(obs)
            s.apply(action, seat)
    return differ, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--old-games", type=int, default=40, help="games of the old MegaCorps heuristic")
    parser.add_argument("--check", type=int, default=0, help="games replayed to compare decisions")
    parser.add_argument("--check-players", type=int, nargs="*", default=[PLAYERS], help="table sizes checked")
    parser.add_argument("--arena", type=int, default=0, help="arena games, new against old")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    old_name = register()
    out: dict[str, Any] = {"games": args.games, "rates": {}}
    for game in GAMES:
        rate(game, "heuristic", 4, args.seed)  # warm up: imports, tables
        out["rates"][game] = rate(game, "heuristic", args.games, args.seed)
    old = rate("megacorps", old_name, args.old_games, args.seed)
    out["megacorps_old"] = old
    if args.check:
        out["check"] = {}
        for players in args.check_players:
            differ, total = differing_decisions(args.check, args.seed, players)
            out["check"][players] = {"games": args.check, "decisions": total, "differ": differ}
    if args.arena:
        lineup = ["heuristic", old_name, old_name, old_name]
        result = arena("megacorps", {"players": PLAYERS}, lineup, args.arena)
        new = next(b for b in result.bots if b.bot == "heuristic")
        out["arena"] = {
            "games": result.games,
            "win_share": new.win_share,
            "low": new.win_low,
            "high": new.win_high,
            "par": 1 / PLAYERS,
        }
    if args.json:
        print(json.dumps(out, indent=1))
        return
    for game, r in out["rates"].items():
        ok = "ok" if r >= TARGET else f"below {TARGET:.0f}"
        print(f"{game:12} {r:8.1f} games/s  ({r / ISSUE_FIGURES[game]:4.1f}x issue 33's figure)  {ok}")
    new_rate = out["rates"]["megacorps"]
    print(f"megacorps old heuristic {old:.1f} games/s; new/old {new_rate / old:.1f}x (same run)")
    for players, c in out.get("check", {}).items():
        print(
            f"check, {players} players, {c['games']} games: {c['differ']} of {c['decisions']} decisions "
            "differ from the old heuristic's"
        )
    if "arena" in out:
        a = out["arena"]
        print(
            f"arena, new against 3 old, {a['games']} games: win share {a['win_share']:.3f} "
            f"[{a['low']:.3f}, {a['high']:.3f}] (par {a['par']:.3f})"
        )


if __name__ == "__main__":
    main()
