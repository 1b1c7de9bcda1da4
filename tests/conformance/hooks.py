"""Per-game knowledge the conformance suite needs and the protocol does not give.

The protocol says nothing about cards, so checks that count them (conservation), look at
one seat's hidden holding (do samples vary? do they guess the truth?), look for another
seat's secrets in a view, or replay a round with sampled cards ask a small hook, registered
here under the game's name.  A game without hooks still runs every other check; the checks
that cannot do without a hook are skipped with a message saying so.

To cover a new game, add a :class:`GameHooks` to ``HOOKS``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from tabletop.core.errors import IllegalAction
from tabletop.core.protocol import JSON, State
from tabletop.games.megalomania import state as mm_state


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


# -- Megalomania --------------------------------------------------------------------------


def _mm_bits(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def _mm_places(state: Any) -> list[tuple[str, list[int]]]:
    """Where each of the 32 cards is: the places serialize._check counts.  (An Explorer's find
    waiting for its return is in the explorer's hand only, no longer in the previous trick.)"""
    places = [(f"hand of seat {i}", _mm_bits(h)) for i, h in enumerate(state.hands)]
    places.append(("undealt stock", _mm_bits(state.stock)))
    places.append(("trick in play", list(state.t_cards)))
    for k, (winner, cards) in enumerate(state.round_tricks):
        places.append((f"trick {k + 1} of the round (taken by seat {winner})", list(cards)))
    return places


def _mm_quick_conserved(state: Any) -> bool:
    seen = state.stock
    count = state.stock.bit_count()
    for mask in state.hands:
        seen |= mask
        count += mask.bit_count()
    played = list(state.t_cards)
    for _, cards in state.round_tricks:
        played += cards
    for c in played:
        seen |= 1 << c
    return seen == 0xFFFFFFFF and count + len(played) == 32


def _mm_hidden(state: Any, seat: int) -> int:
    return int(state.hands[seat] & ~state.known[seat])


def _mm_private_leaks(view: dict[str, JSON], other: int) -> list[str]:
    if view.get("phase") == "over":
        return []
    entry = view["seats"][other]
    return [f"seats[{other}][{key!r}]" for key in ("hand", "scroll_numbers") if key in entry]


def _mm_mid_round(state: Any) -> bool:
    return state.phase == mm_state.PLAY and len(state.round_tricks) == 1 and not state.t_cards


def _mm_sample_problems(world: Any, true: Any, seat: int) -> list[str]:
    problems = []
    for o in range(true.n):
        unknown = world.hands[o] & ~world.known[o]
        if o != seat and unknown & world.forbidden[o]:
            problems.append(f"seat {o} got cards it showed out of: {_mm_bits(unknown & world.forbidden[o])}")
        if world.hands[o].bit_count() != true.hands[o].bit_count():
            problems.append(
                f"seat {o} holds {world.hands[o].bit_count()} cards, not {true.hands[o].bit_count()}"
            )
        if world.known[o] != true.known[o] or world.hands[o] & world.known[o] != world.known[o]:
            problems.append(f"seat {o}'s publicly known cards changed")
    if world.hands[seat] != true.hands[seat]:
        problems.append("the sampling seat's own hand changed")
    if sorted(world.mission_deck) != sorted(true.mission_deck):
        problems.append("the mission deck holds other missions")
    return problems


def _mm_replay_problems(world: Any, true: Any, round_start: Any, actions: list[str], seat: int) -> list[str]:
    """Put the sampled unknown cards of the other seats back into the round's deal, replay the
    round's actions: each must be legal, and the replay must end in the sampled world."""
    start = round_start.clone()
    for o in range(true.n):
        if o != seat:
            true_unknown = true.hands[o] & ~true.known[o]
            sampled_unknown = world.hands[o] & ~world.known[o]
            start.hands[o] = (start.hands[o] & ~true_unknown) | sampled_unknown
    start.stock = world.stock
    start._legal = None
    if not _mm_quick_conserved(start):
        return ["the sampled cards do not fit back into the round's deal"]
    for k, text in enumerate(actions):
        try:
            start.apply(start.game.parse_action(text))
        except IllegalAction as err:
            return [f"with the sampled cards, the round's action {k} ({text}) would be illegal: {err}"]
    problems = []
    for name in ("hands", "stock", "forbidden", "known", "round_tricks", "t_cards"):
        if getattr(start, name) != getattr(world, name):
            problems.append(f"replaying the round with the sampled cards gives other {name}")
    return problems


_MM_GARBAGE = (
    "play", "lead=", "take=", "take=gold", "lead=9", "lead=-1", "lead=x", "colour=", "colour=purple",
    "colour=bb", "return=", "return=Zz", "Zz", "Zz!", "K", "Kuu", "Ku!!", "Ku?", "cube", "cube+1",
    "power!", "Done", "DONE", "take=Scroll",
)  # fmt: skip

MEGALOMANIA = GameHooks(
    all_cards=frozenset(range(32)),
    card_places=_mm_places,
    hidden_holding=_mm_hidden,
    hidden_count=lambda state, seat: _mm_hidden(state, seat).bit_count(),
    private_leaks=_mm_private_leaks,
    mid_round=_mm_mid_round,
    sample_problems=_mm_sample_problems,
    quick_conserved=_mm_quick_conserved,
    replay_problems=_mm_replay_problems,
    replay_from=lambda state: state.phase == mm_state.RESOURCES_PHASE and max(state.resource) < 0,
    garbage_actions=_MM_GARBAGE,
)

HOOKS: dict[str, GameHooks] = {"megalomania": MEGALOMANIA}


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
