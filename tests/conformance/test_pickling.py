"""Games, states and actions pickle and copy, in both builds, and a copy plays on as the original.

A compiled class keeps its fields in C slots, not a ``__dict__``, so pickle's default way fails on
it; the protocol pickles games by class and options and states through ``to_json``, and each
game's actions say how they are made again."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

from .helpers import cases, game_seed, make_game, play, random_chooser

CHECK_EVERY = 9  # steps between two positions whose state and legal actions go through pickle


def round_trip(obj: Any) -> Any:
    return pickle.loads(pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL))


@cases()
def test_games_states_and_actions_pickle_and_the_copy_plays_on_identically(name: str, players: int) -> None:
    game = make_game(name, players)
    again = round_trip(game)
    assert type(again) is type(game) and again.options == game.options and again is not game
    seed = game_seed(name, players, 0, salt=11)
    assert again.new_state(seed) == game.new_state(seed)

    twins: list[tuple[int, Any]] = []  # (step, a state unpickled at that step)

    def each(step: int, state: Any, legal: list[Any]) -> None:
        if step % CHECK_EVERY or state.is_terminal():
            return
        for copied in (round_trip(state), copy.deepcopy(state), copy.copy(state)):
            assert copied == state and copied is not state, f"{name}, step {step}: the copy differs"
        twins.append((step, round_trip(state)))
        for action in legal:
            back = round_trip(action)
            assert back == action and str(back) == str(action) and hash(back) == hash(action)

    run = play(game, seed, random_chooser(random.Random(seed)), each=each, thorough=False)
    assert len(twins) >= 2
    # every copy, played on with the original's actions, reaches the original's end: nothing the
    # rest of the game needs (its random draws included) was lost on the way through pickle
    for step, twin in twins:
        for text in run.actions[step:]:
            twin.apply(twin.get_game().parse_action(text))
        assert twin == run.final, f"{name}, {players}p: the copy made at step {step} ended elsewhere"
