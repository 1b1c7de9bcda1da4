"""The clan game's hooks."""

from __future__ import annotations

from typing import Any

from tabletop.core.protocol import Game
from tabletop.games.summon7.cards import NUM_CARDS as S7_CARDS
from tabletop.games.summon7.clan import actions as clan_actions
from tabletop.games.summon7.clan import phases as clan_phases
from tabletop.games.summon7.clan.data import load_clan

from . import summon7
from .base import GameHooks

# Summon 7 cards as ("summon", id), power cards as ("power", id).  Everything is open: a sample
# only re-orders the two decks (and relabels alike cards).


def _clan_places(state: Any) -> list[tuple[str, list[tuple[str, int]]]]:
    places = [(name, [("summon", c) for c in cards]) for name, cards in summon7.card_places(state)]
    power = [("power deck", state.power_deck), ("power discard", state.power_discard), ("pool", state.pool)]
    power += [(f"power hand of seat {i}", h) for i, h in enumerate(state.hands)]
    return places + [(name, [("power", c) for c in cards]) for name, cards in power]


def _clan_quick_conserved(state: Any) -> bool:
    if not summon7.quick_conserved(state):
        return False
    every = state.power_deck + state.power_discard + state.pool
    for hand in state.hands:
        every += hand
    count = len(state.game.power_kind)
    return len(every) == count and len(set(every)) == count


def _clan_sample_problems(world: Any, true: Any, seat: int) -> list[str]:
    problems = summon7.sample_problems(world, true, seat)
    kinds = true.game.power_kind
    for name in ("power_deck", "power_discard", "pool"):
        if sorted(kinds[c] for c in getattr(world, name)) != sorted(kinds[c] for c in getattr(true, name)):
            problems.append(f"the {name} holds other power cards")
    if [[kinds[c] for c in h] for h in world.hands] != [[kinds[c] for c in h] for h in true.hands]:
        problems.append("a hand of power cards changed")
    for name in ("pantry", "city", "meeples", "leadership", "hungry", "meter", "phase", "turn", "pending"):
        if getattr(world, name) != getattr(true, name):
            problems.append(f"the {name} changed")
    return problems


def _clan_forged(game: Game[Any]) -> tuple[str, ...]:
    """Every clan game action: each character, power card (on each seat), human, location..."""
    a = clan_actions
    groups = (a.CHOOSE, a.PLAY, *a.PLAY_AT, a.PAY, a.PLACE, *a.CAPTURE, a.CLAIM, a.BLAME)
    plain = (a.HIT, a.HOLD, a.BUST, a.DONE, a.EAT)
    return tuple(str(action) for group in (*groups, plain) for action in group)


CLAN = GameHooks(
    all_cards=frozenset(
        [("summon", c) for c in range(S7_CARDS)] + [("power", c) for c in range(len(load_clan().power_kind))]
    ),
    card_places=_clan_places,
    hidden_holding=lambda state, seat: (),
    hidden_count=lambda state, seat: 0,
    private_leaks=lambda view, other: [],
    mid_round=lambda state: state.main and state.phase == clan_phases.TURN,
    sample_problems=_clan_sample_problems,
    quick_conserved=_clan_quick_conserved,
    garbage_actions=(
        "Hit",
        "choose=",
        "choose=dracula",
        "play=",
        "play=joker",
        "play=hex@",
        "play=hex@x",
        "pay=",
        "pay=elf",
        "place=",
        "place=moon",
        "capture=market",
        "capture=market/",
        "capture=moon/peasant",
        "capture=market/elf",
        "claim=",
        "claim=joker",
        "blame=",
        "blame=x",
        "blame=-1",
        "eat!",
        "Done",
    ),
    forged_actions=_clan_forged,
    varied_start=False,
)
