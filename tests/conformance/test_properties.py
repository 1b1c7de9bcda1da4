"""Property tests: any seed and any sequence of choices keeps the invariants and round-trips."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.core.errors import IllegalAction
from tabletop.core.record import Record

from .helpers import cases, check_basic, check_events, make_game
from .hooks import HOOKS

SETTINGS = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@cases()
@SETTINGS
@given(
    seed=st.integers(min_value=0, max_value=2**63 - 1),
    choices=st.lists(st.integers(min_value=0, max_value=2**16), min_size=20, max_size=300),
    then=st.integers(min_value=0, max_value=600),
)
def test_any_choices_keep_invariants_and_round_trip(
    name: str, players: int, seed: int, choices: list[int], then: int
) -> None:
    """Play ``choices[i] % len(legal)`` at step i, then ``then`` more random steps; at every step
    the invariants hold and the state survives JSON text; the record replays to the same state."""
    game = make_game(name, players)
    hooks = HOOKS.get(name)
    state = game.new_state(seed)
    actions = []
    more = random.Random(seed)
    choices = choices + [more.randrange(2**16) for _ in range(then)]
    for step, choice in enumerate(choices):
        where = f"{name}, {players} players, seed {seed}, step {step}"
        legal = check_basic(state, hooks, where)
        back = game.state_from_json(json.loads(json.dumps(state.to_json())))
        assert back == state, f"{where}: JSON round trip differs"
        assert back.legal_actions() == legal, f"{where}: legal actions differ after a JSON round trip"
        if state.is_terminal():
            break
        action = legal[choice % len(legal)]
        check_events(state.apply(action), players, where)
        actions.append(str(action))
    replayed = Record(name, dict(game.options), seed, None, actions).replay()
    assert replayed == state


@cases()
@SETTINGS
@given(data=st.data())
def test_refused_actions_change_nothing(name: str, players: int, data: st.DataObject) -> None:
    """From a position reached by random play, any action text that parses but is not legal
    (or is tried by another seat) raises IllegalAction and leaves the state as it was."""
    game = make_game(name, players)
    seed = data.draw(st.integers(min_value=0, max_value=2**32), label="seed")
    steps = data.draw(st.integers(min_value=0, max_value=800), label="steps")
    state, rng = game.new_state(seed), random.Random(seed)
    seen: dict[str, Any] = {}
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        seen.update((str(a), a) for a in legal)
        state.apply(rng.choice(legal))
    legal = state.legal_actions()
    candidates = sorted(seen)
    if not candidates:
        return
    text = data.draw(st.sampled_from(candidates), label="action")
    by = data.draw(st.one_of(st.none(), st.integers(min_value=0, max_value=players - 1)), label="seat")
    action = game.parse_action(text)
    before = state.to_json()
    asked = state.current_seat if by is None else by  # a seat asked with others (a sealed bid) may answer
    allowed = asked is not None and action in state.legal_actions_for(asked)
    if allowed:
        state.apply(action, by)
        return
    try:
        state.apply(action, by)
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"{text} by seat {by} was accepted, though not legal")
    assert state.to_json() == before
