"""Many seeded random games per game and player count: nothing crashes, the cheap invariants hold,
the same seed gives the same game, and nothing outside the game's own seed changes it."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from typing import Any

import pytest

import tabletop
from tabletop.core.errors import IllegalAction
from tabletop.core.registry import names

from .helpers import CASES, cases, game_seed, make_game, play, random_chooser
from .hooks import HOOKS

try:
    import numpy
except ImportError:  # pragma: no cover - numpy is optional
    numpy = None

GAMES_PER_CASE = 1000  # cheap games for each game and player count
CHUNKS = 4  # split so that xdist can share them between workers
CHECKED_GAMES = 20  # games for the costlier whole-game comparisons
SHAKEN_GAMES = 12  # games compared step by step with and without disturbed global RNGs


@cases(chunks=CHUNKS)
def test_random_games_keep_the_cheap_invariants(name: str, players: int, chunk: int) -> None:
    """No crash; legal actions non-empty exactly until the end; seat None exactly at the end;
    the end within metadata.max_decisions; cards conserved at every step; events well formed."""
    game = make_game(name, players)
    hooks = HOOKS.get(name)
    per_chunk = GAMES_PER_CASE // CHUNKS
    for index in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        seed = game_seed(name, players, index)
        play(game, seed, random_chooser(random.Random(seed)), hooks, thorough=False)


@cases()
def test_a_seed_gives_the_same_game_twice(name: str, players: int) -> None:
    """Same seed, same choices: the same actions and final state, also from a fresh game object
    (test_global_rngs_change_nothing compares two such runs step by step)."""
    game = make_game(name, players)
    for index in range(CHECKED_GAMES):
        seed = game_seed(name, players, index, salt=1)
        first = play(game, seed, random_chooser(random.Random(seed)))
        other = make_game(name, players)
        again = play(other, seed, random_chooser(random.Random(seed)))
        where = f"{name}, {players} players, seed {seed}"
        assert first.actions == again.actions, f"{where}: the same choices led elsewhere"
        assert first.final == again.final, f"{where}: the final states differ"
        assert game.new_state(seed) == other.new_state(seed), f"{where}: the start differs"


@cases()
def test_different_seeds_give_different_games(name: str, players: int) -> None:
    """Beyond the seed itself: what the seats see at the start, and how a game goes."""
    game = make_game(name, players)
    starts, games = set(), set()
    seeds = [game_seed(name, players, index, salt=2) for index in range(CHECKED_GAMES)]
    for seed in seeds:
        state = game.new_state(seed)
        views = [state.view(seat) for seat in [None, *range(players)]]
        starts.add(json.dumps(views, sort_keys=True))
        # the same choices (by index) from every seed
        choices = random.Random(0)
        run = play(game, seed, lambda s, legal, rng=choices: legal[rng.randrange(len(legal))])
        final = run.final.to_json()
        final.pop("seed", None)
        games.add(json.dumps([run.actions, final], sort_keys=True))
    hooks = HOOKS.get(name)
    if hooks is None or hooks.varied_start:
        assert len(starts) == len(seeds), f"{name}, {players}p: {len(seeds) - len(starts)} repeated starts"
    assert len(games) == len(seeds), f"{name}, {players}p: {len(seeds) - len(games)} repeated games"


ADVANCED_GAMES = 6  # games played side by side with apply and with advance


@cases()
def test_advance_moves_the_state_as_apply_does(name: str, players: int) -> None:
    """``advance`` (apply without returning events) leaves the state exactly as ``apply`` does at
    every step; it refuses what ``apply`` refuses, leaving the state unchanged; and after a refusal
    ``apply`` tells every event again (whatever a game skips while advancing comes back)."""
    game = make_game(name, players)
    for index in range(ADVANCED_GAMES):
        seed = game_seed(name, players, index, salt=12)
        told, advanced, rng = game.new_state(seed), game.new_state(seed), random.Random(seed)
        seen: dict[str, Any] = {}
        step = 0
        while not told.is_terminal():
            where = f"{name}, {players}p, seed {seed}, step {step}"
            seat, legal = told.current_seat, told.legal_actions()
            seen.update((str(a), a) for a in legal)
            action = rng.choice(legal)
            elsewhere = [a for text, a in seen.items() if text not in {str(b) for b in legal}]
            if step % 7 == 3 and elsewhere:
                before = advanced.to_json()
                with pytest.raises(IllegalAction):
                    advanced.advance(rng.choice(elsewhere), seat)
                assert advanced.to_json() == before, f"{where}: a refused advance changed the state"
                events = advanced.apply(action, seat)
                assert events == told.apply(action, seat), f"{where}: apply after a refused advance"
            else:
                told.apply(action, seat)
                assert advanced.advance(action, seat) is None
            assert advanced.to_json() == told.to_json(), f"{where}: advance and apply part ways"
            step += 1
        assert advanced.is_terminal() and advanced.scores() == told.scores()


def _disturb(step: int) -> None:
    random.seed(step * 7919 + 13)
    random.random()
    random.shuffle(list(range(step % 7 + 2)))
    if numpy is not None:
        numpy.random.seed(step % (1 << 32))
        numpy.random.random(3)


@cases()
def test_global_rngs_change_nothing(name: str, players: int) -> None:
    """Reseeding and drawing from ``random`` and numpy between steps leaves every game unchanged,
    and so does it for ``sample_world`` (given its own generator)."""
    game = make_game(name, players)
    saved = random.getstate()
    saved_np = numpy.random.get_state() if numpy is not None else None
    try:
        for index in range(SHAKEN_GAMES):
            seed = game_seed(name, players, index, salt=3)
            calm = play(game, seed, random_chooser(random.Random(seed)), keep_states=True)
            shaken = play(game, seed, random_chooser(random.Random(seed)), keep_states=True, between=_disturb)
            assert calm.actions == shaken.actions, f"{name}, {players}p, seed {seed}: choices differ"
            for step, (a, b) in enumerate(zip(calm.states, shaken.states, strict=True)):
                assert a == b, f"{name}, {players}p, seed {seed}: the global RNGs changed step {step}"
            # sampling: same generator, different global RNG states, same world
            state = game.new_state(seed)
            for step, text in enumerate(calm.actions[:60]):
                state.apply(game.parse_action(text))
                if step % 10 == 9 and not state.is_terminal():
                    _disturb(step)
                    first = state.sample_world(0, random.Random(step)).to_json()
                    _disturb(step + 1)
                    second = state.sample_world(0, random.Random(step)).to_json()
                    assert first == second, f"{name}, {players}p, seed {seed}: sample_world used a global RNG"
    finally:
        random.setstate(saved)
        if numpy is not None:
            numpy.random.set_state(saved_np)


_HASH_SCRIPT = """
import hashlib, json, random
import tabletop
from tests.conformance.helpers import CASES, make_game
digest = hashlib.sha256()
for name, players in CASES:
    game = make_game(name, players)
    for seed in range(3):
        state, rng, step = game.new_state(seed), random.Random(seed), 0
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            step += 1
            if step == 100:
                world = state.sample_world(state.current_seat or 0, random.Random(seed))
                digest.update(json.dumps(world.to_json(), sort_keys=True).encode())
        digest.update(json.dumps(state.to_json(), sort_keys=True).encode())
print(digest.hexdigest())
"""


def test_string_hashing_changes_nothing() -> None:
    """Games play the same under different PYTHONHASHSEEDs (no iteration over sets of strings)."""
    assert names()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    digests = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", _HASH_SCRIPT],
            cwd=root,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        digests.add(out.stdout.strip())
    assert len(digests) == 1, "the same games differ under PYTHONHASHSEED=1 and =2"


def test_every_registered_game_is_covered() -> None:
    assert {name for name, _ in CASES} == set(names())
    for name in names():
        meta = tabletop.make(name).metadata
        assert 1 <= meta.min_players <= meta.max_players
        assert meta.max_decisions > 0
