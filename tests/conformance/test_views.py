"""What each seat sees, and the worlds ``sample_world`` draws for it.

A seat's view (and the spectator's) must not change when the cards that seat cannot see are
dealt again: ``sample_world(seat, rng)`` is such a re-deal, so at every step the views of a
sample must equal the true ones, and so must the seat's previews (``State.previews``: JSON-ready,
of its legal choices only, never inside a view).  Samples must also be full, playable states that
keep what the seat knows: the cards are conserved, the round so far replays legally with the
sampled cards put back into the deal (hooks.replay_problems), the game plays on from them to the
end, and sampling again from a sample gives what sampling from the truth gives (with the same
generator), since the seat cannot tell them apart, and a sample saved and read again is itself
(it holds nothing no state may hold).  Samples vary, and do not hand back the true hidden cards
more often than chance.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from tabletop.core.protocol import State

from .helpers import cases, check_basic, describe, game_seed, hooks_or_skip, make_game
from .hooks import HOOKS, GameHooks, conservation_problems

VIEW_GAMES = 8  # per game and player count, views of every seat at every step
PLAY_ON_EVERY = 30  # steps between sampled worlds (of one seat, in turn) played to the end
SAMPLE_GAMES = 6  # per game and player count, for the statistics of samples
VARY_SAMPLES = 50
GUESS_SAMPLES = 200


def play_on(world: State[Any], rng: random.Random, where: str) -> None:
    """A sampled world plays on to the end with random legal actions, keeping the invariants."""
    hooks = HOOKS.get(world.game.name)
    limit = world.game.metadata.max_decisions
    for _ in range(limit):
        legal = check_basic(world, hooks, where)
        if world.is_terminal():
            return
        world.apply(rng.choice(legal))
    raise AssertionError(f"{where}: a sampled world did not end within max_decisions")


@dataclass
class Since:
    """The last state a replay may start from (hooks.replay_from), and the actions since."""

    start: State[Any] | None = None
    actions: list[str] = field(default_factory=list)

    def update(self, state: State[Any], hooks: GameHooks | None, action: str | None) -> None:
        if action is not None:
            self.actions.append(action)
        if hooks is not None and hooks.replay_from is not None and hooks.replay_from(state):
            self.start, self.actions = state.clone(), []


def check_views(
    state: State[Any],
    hooks: GameHooks | None,
    sampler: random.Random,
    step: int,
    where: str,
    since: Since | None = None,
) -> None:
    """At one step: every view JSON-ready and free of other seats' secrets; for a seat, a
    sample's views (the seat's and the spectator's) equal the true ones, and the sample is sound."""
    players = state.game.players
    over = state.is_terminal()
    views = {seat: state.view(seat) for seat in [None, *range(players)]}
    previews = {seat: state.previews(seat) for seat in range(players)}
    for seat, view in views.items():
        json.dumps(view)  # JSON-ready
        assert "previews" not in view, f"{where}: view({seat}) carries previews (a front end asks for them)"
        if hooks is not None and not over:
            for other in range(players):
                if other != seat:
                    leaks = hooks.private_leaks(view, other)
                    assert not leaks, f"{where}: view({seat}) shows seat {other}'s {leaks}"
    for seat, shown in previews.items():
        if shown is not None:
            json.dumps(shown)
            choices = {str(a) for a in state.legal_actions_for(seat)}
            assert set(shown) <= choices, f"{where}: previews({seat}) of actions it may not take now"
    if over:
        assert not any(previews.values()), f"{where}: previews once the game is over"
        return
    before = state.to_json() if step % 10 == 0 else None
    legal = [str(a) for a in state.legal_actions()]
    # every seat every other step; the seat to act at every step
    seats = list(range(players)) if step % 2 == 0 else [state.current_seat]
    for seat in seats:
        world = state.sample_world(seat, sampler)
        at = f"{where}, sample for seat {seat}"
        assert world is not state, f"{at}: sample_world returned the state itself"
        assert world.view(seat) == views[seat], f"{at}: the seat's view changed under a re-deal"
        assert world.view(None) == views[None], f"{at}: the spectator's view changed under a re-deal"
        assert world.previews(seat) == previews[seat], f"{at}: the seat's previews changed under a re-deal"
        assert world.current_seat == state.current_seat, f"{at}: another seat is to act"
        if seat == state.current_seat:
            assert [str(a) for a in world.legal_actions()] == legal, f"{at}: the seat's legal actions changed"
        if hooks is not None:
            problems = conservation_problems(hooks, world)
            if hooks.sample_problems is not None:
                problems += hooks.sample_problems(world, state, seat)
            start = since.start if since is not None else None
            if step % 4 == 2 and hooks.replay_problems is not None and start is not None:
                assert since is not None
                problems += hooks.replay_problems(world, state, start, since.actions, seat)
            assert not problems, f"{at}: {'; '.join(problems)}"
        if step % 4 == 0:
            # the seat cannot tell the sample from the truth: sampling from either, with the same
            # generator, must give the same world
            from_truth = state.sample_world(seat, random.Random(step)).to_json()
            from_sample = world.sample_world(seat, random.Random(step)).to_json()
            assert from_truth == from_sample, f"{at}: a sample depends on the true hidden cards"
            # and a sample is a state like any: saved and read again, it is the same
            again = state.get_game().state_from_json(world.to_json())
            assert again.to_json() == world.to_json(), f"{at}: a sample does not read back as itself"
        if step % PLAY_ON_EVERY == PLAY_ON_EVERY // 2 and seat == (step // PLAY_ON_EVERY) % players:
            play_on(world, random.Random(step), at)
    if before is not None:
        assert state.to_json() == before, f"{where}: sample_world changed the true state"


@cases()
def test_views_hide_what_they_should_and_survive_a_redeal(name: str, players: int) -> None:
    game = make_game(name, players)
    hooks = HOOKS.get(name)
    for index in range(VIEW_GAMES):
        seed = game_seed(name, players, index, salt=20)
        sampler = random.Random(seed + 1)
        rng = random.Random(seed)
        state = game.new_state(seed)
        since = Since()
        since.update(state, hooks, None)
        for step in range(game.metadata.max_decisions + 1):
            where = describe(name, players, seed, step)
            legal = check_basic(state, hooks, where)
            check_views(state, hooks, sampler, step, where, since)
            if state.is_terminal():
                break
            action = rng.choice(legal)
            state.apply(action)
            since.update(state, hooks, str(action))
        assert state.is_terminal(), f"{describe(name, players, seed)}: no end within max_decisions"


def _mid_round_states(name: str, players: int) -> list[tuple[int, State[Any]]]:
    hooks = hooks_or_skip(name)
    game = make_game(name, players)
    found = []
    for index in range(SAMPLE_GAMES):
        seed = game_seed(name, players, index, salt=30)
        state, rng = game.new_state(seed), random.Random(seed)
        while not state.is_terminal() and not hooks.mid_round(state):
            state.apply(rng.choice(state.legal_actions()))
        assert not state.is_terminal(), f"{describe(name, players, seed)}: never reached a mid-round state"
        found.append((seed, state))
    return found


@cases()
def test_samples_vary_and_do_not_return_the_truth(name: str, players: int) -> None:
    hooks = hooks_or_skip(name)
    if not make_game(name, players).metadata.hidden_information:
        pytest.skip(f"{name} has no hidden holdings (every card a seat holds is face up)")
    for seed, state in _mid_round_states(name, players):
        seat = state.current_seat
        assert seat is not None
        where = f"{describe(name, players, seed)}, samples for seat {seat} in {state!r}"
        rng = random.Random(seed)
        others = [o for o in range(players) if o != seat and hooks.hidden_count(state, o) > 0]
        assert others, f"{where}: nothing hidden from the seat"
        truth = {o: hooks.hidden_holding(state, o) for o in others}
        samples = [state.sample_world(seat, rng) for _ in range(GUESS_SAMPLES)]
        for o in others:
            holdings = [hooks.hidden_holding(world, o) for world in samples]
            distinct = len(set(holdings[:VARY_SAMPLES]))
            assert distinct > 1, f"{where}: seat {o}'s hidden cards are the same in {VARY_SAMPLES} samples"
            if hooks.hidden_count(state, o) >= 5:
                hits = sum(h == truth[o] for h in holdings) / len(holdings)
                assert hits < 0.2, f"{where}: {hits:.0%} of samples give seat {o} its true cards"
        # the samples are not all one world either (decks, stock, seeds)
        assert len({json.dumps(w.to_json(), sort_keys=True) for w in samples[:VARY_SAMPLES]}) > 1
        # the same generator state gives the same sample
        assert state.sample_world(seat, random.Random(7)) == state.sample_world(seat, random.Random(7))


@cases()
def test_spectator_and_seat_views_at_the_start(name: str, players: int) -> None:
    """Views are JSON-ready at the start, differ per seat when information is hidden,
    and the spectator's view equals none of the seats' views."""
    game = make_game(name, players)
    for index in range(SAMPLE_GAMES):
        seed = game_seed(name, players, index, salt=40)
        state = game.new_state(seed)
        spectator = state.view(None)
        seats = [state.view(seat) for seat in range(players)]
        json.dumps([spectator, *seats])
        if game.metadata.hidden_information:
            texts = {json.dumps(v, sort_keys=True) for v in seats}
            assert len(texts) == players, f"{describe(name, players, seed)}: two seats see the same"
            assert json.dumps(spectator, sort_keys=True) not in texts


@cases()
def test_views_of_several_seats_at_once_equal_each_seats_view(name: str, players: int) -> None:
    """``state.views(seats)`` (what a server sends after each action) is ``view(seat)`` for each,
    to the JSON text: a game that shares work between them must not mix two seats' views."""
    game = make_game(name, players)
    audience: list[int | None] = [*range(int(players)), None]
    for index in range(3):
        seed = game_seed(name, players, index, salt=11)
        state, rng = game.new_state(seed), random.Random(seed)
        for step in range(game.metadata.max_decisions + 1):
            where = describe(name, players, seed, step)
            order = rng.sample(audience, len(audience))
            together = state.views(order)
            alone = [state.view(seat) for seat in order]
            assert [json.dumps(v) for v in together] == [json.dumps(v) for v in alone], where
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))


@cases()
def test_a_view_is_a_snapshot_that_later_play_leaves_alone(name: str, players: int) -> None:
    """Views may share parts with each other and with later views (a game keeps its unchanging
    parts, the clan game its cities), but never a list or dict the state goes on changing: every
    view taken at a step reads the same after the game has played on to its end."""
    game = make_game(name, players)
    audience: list[int | None] = [None, *range(int(players))]
    for index in range(2):
        seed = game_seed(name, players, index, salt=12)
        state, rng = game.new_state(seed), random.Random(seed)
        taken: list[tuple[int, dict[str, Any], str]] = []
        for step in range(game.metadata.max_decisions + 1):
            for view in [*state.views(audience), state.view(state.current_seat)]:
                taken.append((step, view, json.dumps(view, sort_keys=True)))
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        for step, view, text in taken:
            where = describe(name, players, seed, step)
            assert json.dumps(view, sort_keys=True) == text, f"{where}: a view changed as the game went on"
