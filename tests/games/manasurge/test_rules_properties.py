"""Property tests: many seeded random games, every rule-bound quantity checked at every step.

Card conservation; Shards only move by the rules' amounts (MS19, MS35, MS44, MS48, MS56, MS60 and
the cards' Shard effects), nobody's negative; a struck player's damage pile grows by the damage
drawn (MS45); after a spell the token goes to the first player clockwise with the fewest Shards
(MS51); victory only when a spell ends (MS62, A21), at the target unless the safety limit ends it;
a player asked to play holds a valid card (A2)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core.protocol import Event
from tabletop.games.manasurge.state import ManaSurgeState

from .helpers import kinds, phase

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def all_cards(state: ManaSurgeState) -> list[int]:
    return (
        [c for h in state.hands for c in h]
        + [c for d in state.damage for c in d]
        + state.deck
        + state.discard
        + state.spell.cards
    )


def shard_changes(events: list[Event], n: int) -> tuple[list[int], int]:
    """Per seat, what the events say its pool gained; and the total Shards taken from the supply
    less those returned to it (pools and cards together)."""
    pools = [0] * n
    supply = 0
    for e in events:
        d: dict[str, Any] = dict(e.data)
        if e.kind == "cast":
            supply += d["shards"]
        elif e.kind == "play" and d["resonates"]:
            supply += 1
        elif (
            e.kind == "effect"
            and d["effect"] in ("shard_self", "shard_self_damage", "shard_last", "shard_caster")
            and "shards" in d
        ):
            supply += d["shards"]
        elif e.kind == "spell-end":
            pools[d["last"]] += d["bonus"]
            supply += d["bonus"]
            for seat, kept in enumerate(d["kept"]):
                pools[seat] += kept
            supply -= d["returned"]
        elif e.kind == "surge":
            pools[d["seat"]] += d["shards"]
            supply += d["shards"]
        elif e.kind == "rebirth":
            pools[d["seat"]] -= d["lost"]
            supply -= d["lost"]
    return pools, supply


def check_step(before: ManaSurgeState, after: ManaSurgeState, events: list[Event], where: str) -> None:
    n = after.n
    assert sorted(all_cards(after)) == list(range(72)), f"{where}: cards lost or doubled"
    assert all(x >= 0 for x in after.shards), f"{where}: negative Shards"
    assert all(x >= 0 for x in after.spell.shards), f"{where}: negative Shards on a card"
    pools, supply = shard_changes(events, n)
    gained = [after.shards[s] - before.shards[s] for s in range(n)]
    assert gained == pools, f"{where}: pools moved by {gained}, the events say {pools}"
    total = sum(after.shards) + sum(after.spell.shards) - sum(before.shards) - sum(before.spell.shards)
    assert total == supply, f"{where}: {total} Shards moved, the events say {supply}"
    for end in kinds(events, "spell-end"):
        struck = end["struck"]
        reborn = any(r["seat"] == struck for r in kinds(events, "rebirth"))
        if not reborn:
            grew = len(after.damage[struck]) - len(before.damage[struck])
            assert grew == end["damage"], f"{where}: damage pile grew {grew}, not {end['damage']}"
        assert after.spell.cards == [] or kinds(events, "round"), where
    over = kinds(events, "game-over")
    if over:
        assert kinds(events, "spell-end") or over[0]["limit"], f"{where}: a win outside the end of a spell"
        if not over[0]["limit"]:
            target = after.target()
            assert all(after.shards[w] >= target for w in over[0]["winners"]), where
            best = min(after.order_key(w) for w in range(n) if after.shards[w] >= target)
            assert all(after.order_key(w) == best for w in over[0]["winners"]), where
    elif kinds(events, "spell-end"):
        moved = [c for c in kinds(events, "caster") if not c.get("passed")]
        low = min(after.shards)
        order = [(before.caster + k) % n for k in range(1, n + 1)]
        expected = next(seat for seat in order if after.shards[seat] == low)
        assert moved and moved[0]["seat"] == expected, f"{where}: the token went to {moved}, not {expected}"
    if phase(after) == "play":
        assert after.view(after.turn)["playable"], f"{where}: asked to play with nothing valid"
    assert after.is_terminal() or after.legal_actions(), where


def play_out(game: Any, seed: int, rng: random.Random, steps: int = 4000) -> Counter[str]:
    state = game.new_state(seed)
    seen: Counter[str] = Counter()
    for step in range(steps):
        if state.is_terminal():
            break
        before = state.clone()
        action = rng.choice(state.legal_actions())
        events = state.apply(action)
        seen.update(e.kind for e in events)
        seen.update(f"effect:{e.data['effect']}" for e in events if e.kind == "effect")
        check_step(before, state, events, f"seed {seed}, step {step}, {action}")
    assert state.is_terminal(), f"seed {seed}: no end in {steps} steps"
    return seen


@SETTINGS
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    players=st.integers(min_value=3, max_value=5),
    wizards=st.booleans(),
    order=st.sampled_from(["rulebook", "pnp"]),
    decline=st.booleans(),
    meta=st.booleans(),
    chooser=st.randoms(use_true_random=False),
)
def test_random_games_keep_every_invariant(
    seed: int, players: int, wizards: bool, order: str, decline: bool, meta: bool, chooser: random.Random
) -> None:
    game = tabletop.make(
        "manasurge",
        players=players,
        wizards=wizards,
        damage_order=order,
        may_decline=decline,
        metamagic_damage=meta,
    )
    play_out(game, seed, chooser)


def test_random_games_reach_every_effect_and_event() -> None:
    """The seeded games above are not luck: over 60 games every metamagic effect, every phase's
    events, Rebirths and Mana Surges all happen under the same checks."""
    seen: Counter[str] = Counter()
    for seed in range(60):
        game = tabletop.make("manasurge", players=3 + seed % 3, wizards=seed % 2 == 0)
        seen += play_out(game, seed, random.Random(seed))
    effects = {m.effect for m in tabletop.make("manasurge").data.metamagic if m.effect != "copy_last"}
    assert {f"effect:{e}" for e in effects} <= set(seen)
    for kind in ("counter", "again", "give", "discard", "surge", "rebirth", "reshuffle", "hold", "game-over"):
        assert seen[kind] > 0, kind
