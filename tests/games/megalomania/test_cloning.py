"""A clone (cloning.py, written out field by field for speed) copies every field of the state, and
shares no mutable part with it."""

from __future__ import annotations

import random

import tabletop
from tabletop.games.megalomania.state import LIST_FIELDS, NESTED_FIELDS, MegalomaniaState

FRESH = ("_legal",)  # caches a clone builds again for itself


def test_a_clone_has_every_field_equal_and_no_mutable_part_shared() -> None:
    slots = [name for name in MegalomaniaState.__slots__ if name not in FRESH]
    checked = 0
    for players in (2, 3, 4):
        state = tabletop.make("megalomania", players=players).new_state(players)
        rng = random.Random(players)
        while not state.is_terminal():
            if rng.random() < 0.05:
                copy = state.clone()
                for name in slots:
                    assert hasattr(copy, name), f"clone() leaves out {name}: add it to cloning.py"
                    assert getattr(copy, name) == getattr(state, name), name
                for name in (*LIST_FIELDS, *NESTED_FIELDS, "round_tricks"):
                    assert getattr(copy, name) is not getattr(state, name), f"{name} is shared"
                    for mine, theirs in zip(getattr(copy, name), getattr(state, name), strict=True):
                        if isinstance(mine, list):
                            assert mine is not theirs, f"a list inside {name} is shared"
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 10
