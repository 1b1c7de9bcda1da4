"""What a game's conformance hooks hold, and the conservation check that reads them."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from tabletop.core.protocol import JSON, Game, State


@dataclass(frozen=True)
class GameHooks:
    # Every card of the game, each listed once (as the game's own card ids).
    all_cards: frozenset[Any]
    # (place name, cards there) for every place a card can be: each card must be in exactly one.
    card_places: Callable[[State[Any]], list[tuple[str, list[Any]]]]
    # What ``seat`` holds that some other seat cannot see (compared between samples).
    hidden_holding: Callable[[State[Any], int], Hashable]
    # How many of ``seat``'s cards the other seats cannot see.
    hidden_count: Callable[[State[Any], int], int]
    # Descriptions of whatever of ``other``'s private information shows in ``view`` (a view
    # built for another seat or for the spectator).  Empty when nothing leaks.
    private_leaks: Callable[[dict[str, JSON], int], list[str]]
    # A state in the middle of a round, good for sampling (some tricks played, cards still hidden).
    mid_round: Callable[[State[Any]], bool]
    # Extra consistency of a sampled world with the true state, seen by ``seat``: problems found.
    sample_problems: Callable[[State[Any], State[Any], int], list[str]] | None = None
    # A fast test that every card is in exactly one place (``card_places`` then explains a failure).
    quick_conserved: Callable[[State[Any]], bool] | None = None
    # Could the seats have played as they did, had they held the sampled cards?  Given a sampled
    # world, the true state, the true state at the start of the round and the actions since,
    # replay those actions with the sampled hidden cards put back in time; return the problems
    # (an action that would have been illegal, a different result).  Arguments: world, true
    # state, round start, actions since, seat.  ``replay_from`` tells the states a replay may
    # start from (the test keeps the last one seen, and the actions since).
    replay_problems: Callable[[State[Any], State[Any], State[Any], list[str], int], list[str]] | None = None
    replay_from: Callable[[State[Any]], bool] | None = None
    # Texts close to the game's actions that must not parse (InvalidActionText).
    garbage_actions: tuple[str, ...] = ()
    # Texts that parse, which random play seldom or never offers a seat: the game's actions with
    # every argument it has (each card, code, seat, a few numbers), and the moves the rules take
    # outside a seat's questions (MegaCorps' ``leave`` and trades).  test_refusals sends them to
    # every seat in sampled worlds: the answer must not depend on what the seat cannot see.
    forged_actions: Callable[[Game[Any]], tuple[str, ...]] | None = None
    # Option sets to run the suite with besides each player count (each names its players).
    extra_options: tuple[dict[str, Any], ...] = ()
    # Whether the seats' views at the start differ from seed to seed.  A game that deals hidden
    # hands shows every seed a different start; a game that opens with a few face-up cards (or
    # with a choice before any deal) may start alike from two seeds: its games must still differ.
    varied_start: bool = True


def conservation_problems(hooks: GameHooks, state: State[Any]) -> list[str]:
    """Cards missing or found in two places; empty when every card is in exactly one place."""
    if hooks.quick_conserved is not None and hooks.quick_conserved(state):
        return []
    where: dict[Any, list[str]] = {}
    for place, cards in hooks.card_places(state):
        for card in cards:
            where.setdefault(card, []).append(place)
    problems = [f"card {c!r} is in {len(p)} places: {', '.join(p)}" for c, p in where.items() if len(p) > 1]
    missing = hooks.all_cards - set(where)
    if missing:
        problems.append(f"cards lost: {sorted(missing, key=repr)}")
    extra = set(where) - hooks.all_cards
    if extra:
        problems.append(f"cards that do not exist: {sorted(extra, key=repr)}")
    return problems
