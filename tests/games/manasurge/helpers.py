"""Helpers for ManaSurge's rule tests: exact positions from set-ups, actions by text, events."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tabletop
from tabletop.core.protocol import Event
from tabletop.games.manasurge.data import DATA_FILE
from tabletop.games.manasurge.phases import PHASE_NAMES
from tabletop.games.manasurge.state import ManaSurgeState

from ..data_files import edited_copy

ALL_CARDS = [f"{r}{s}" for s in "BFWLQ" for r in (1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8)] + [
    "mirror",
    "ward",
    "tithe",
    "amplify",
    "silence",
    "haste",
    "focus",
    "unravel",
    "purge",
    "foresight",
    "curse",
    "sanctuary",
]


def new(
    players: int = 3,
    *,
    caster: int = 0,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    **setup: Any,
) -> ManaSurgeState:
    """A game whose set-up fixes ``caster`` and any of hands, deck, shards, damage, wizards."""
    game = tabletop.make("manasurge", players=players, **(options or {}))
    state = game.new_state(seed, {"caster": caster, **setup})
    assert isinstance(state, ManaSurgeState)
    return state


def edited(tmp_path: Path, *changes: tuple[str, str], name: str = "edit.toml") -> str:
    """A copy of the packaged cards with each (old, new) text replaced once; its path."""
    return edited_copy(DATA_FILE.read_text(encoding="utf-8"), tmp_path, *changes, name=name)


def with_own_tithe(tmp_path: Path, hands: list[list[str]]) -> ManaSurgeState:
    """Seat 0 casts (seed 1) with a designer's Arcane Tithe, which puts its Shard on itself
    (``shard_self``) and does not say that its Shards are damage (A4)."""
    path = edited(tmp_path, ('"shard_caster"', '"shard_self"'), name="tithe.toml")
    return new(3, seed=1, hands=hands, options={"data": path})


def act(state: ManaSurgeState, *texts: str) -> list[Event]:
    """Apply the actions in order (by text); return the events of all of them."""
    events: list[Event] = []
    for text in texts:
        events += state.apply(state.game.parse_action(text))
    return events


def kinds(events: list[Event], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in events if e.kind == kind]


def phase(state: ManaSurgeState) -> str:
    return PHASE_NAMES[state.phase]


def hand(state: ManaSurgeState, seat: int) -> list[str]:
    return list(state.view(seat)["hand"])  # type: ignore[arg-type]


def legal(state: ManaSurgeState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def seats(state: ManaSurgeState, key: str) -> list[Any]:
    """One public per-seat value (shards, hand, damage, limit, wizard, on_spell) for every seat."""
    return [entry[key] for entry in state.view(None)["seats"]]  # type: ignore[index, union-attr]


def spell(state: ManaSurgeState) -> list[dict[str, Any]]:
    """The cards in play, as the public view shows them."""
    return [dict(e) for e in state.view(None)["spell"]]  # type: ignore[arg-type, union-attr]


def rest(*used: list[str]) -> list[str]:
    """Every card text not in the given lists (each copy counted), to park in one hand."""
    left = list(ALL_CARDS)
    for texts in used:
        for text in texts:
            left.remove(text)
    return left


def strikes(events: list[Event]) -> list[dict[str, Any]]:
    """Who was struck, who made the last valid play and the bonus it took, for each spell ended."""
    return [{"seat": e["struck"], "last": e["last"], "bonus": e["bonus"]} for e in kinds(events, "spell-end")]
