"""What one seat may see: the public table, its own hand, scrolls and choices, counts of the rest.

A seat's private fields sit in its own entry of ``seats`` (PRIVATE below), shown to that seat
only, and to everybody once the game is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core.protocol import JSON
from .actions import RESOURCES
from .cards import CARD_TEXT, COLOURS, texts
from .phases import OVER, PHASE_NAMES
from .rules import DOMINANT_BY_ROUND, trick_winner
from .scrolls import ASK_NAMES

if TYPE_CHECKING:
    from .state import MegalomaniaState

# keys of a seat's entry that only that seat sees
PRIVATE = (
    "hand", "scroll_numbers", "laid_cards", "pile_cards", "giving_cards", "set_aside_cards",
    "discarded_scroll_numbers", "drawn_scrolls", "knows", "knows_no",
)  # fmt: skip


def _colours(bits4: int) -> list[str]:
    return [COLOURS[c] for c in range(4) if bits4 >> c & 1]


def _seat(s: MegalomaniaState, i: int, seat: int | None, scores: list[int], over: bool) -> dict[str, JSON]:
    hand = s.hands[i] & ~s.open[i]
    entry: dict[str, JSON] = {
        "seat": i,
        "cards": hand.bit_count(),  # in hand; face-up table cards are listed in "table"
        "table": texts(s.open[i]),  # face up on the table (missions 13, 18), playable
        "face_down": s.down[i].bit_count(),  # face-down cards nobody has seen (missions 18, 19)
        "set_aside": s.out[i].bit_count(),  # out of the round (mission 24)
        "known_cards": texts(s.known[i]),  # shown to all (an Explorer's find)
        "lacks": texts(s.forbidden[i]),  # what its play showed it does not hold (a colour not followed...)
        "holds_one_of": [texts(m) for m in s.must[i]],  # sets an Assassin's power showed it holds one of
        "crystals": s.crystals[i],
        "cubes": s.cubes[i],
        "resource": RESOURCES[s.resource[i]] if s.resource[i] >= 0 else None,
        "resource2": RESOURCES[s.resource2[i]] if s.resource2[i] >= 0 else None,
        "scrolls": len(s.scrolls[i]),
        "shown_scrolls": [x for x in s.scrolls[i] if x == 5],  # 5 is shown when drawn
        "discarded_scrolls": len(s.gone[i]),
        "laid": len(s.laid[i]),  # mission 15: cards laid out face down, still to play
        "pile": s.split[i].bit_count(),  # mission 24: cards put in the first pile so far
        "giving": s.handing[i].bit_count(),  # mission 25: cards chosen to hand over so far
        "tricks": sum(1 for w, _ in s.round_tricks if w == i),
        "score": scores[i],
    }
    if i == seat or over:
        entry.update(_private(s, i))
    return entry


def _private(s: MegalomaniaState, i: int) -> dict[str, JSON]:
    """The keys of seat ``i``'s entry that only seat ``i`` sees (PRIVATE), until the end."""
    return {
        "hand": texts(s.hands[i] & ~s.open[i]),
        "scroll_numbers": list(s.scrolls[i]),
        "laid_cards": [CARD_TEXT[c] for c in s.laid[i]],
        "pile_cards": texts(s.split[i]),
        "giving_cards": texts(s.handing[i]),
        "set_aside_cards": texts(s.out[i]),
        "discarded_scroll_numbers": list(s.gone[i]),
        "drawn_scrolls": list(s.drawn) if s.round_scrolls and s.round_scrolls[-1][0] == i else [],
        "knows": [texts(m) for m in s.told[i]],  # cards it knows others hold
        "knows_no": [_colours(b) for b in s.pvoid[i]],  # colours it knows others lack
    }


def _taking(s: MegalomaniaState) -> int | None:
    """The seat that takes the trick as it stands (public)."""
    if s.t_winner >= 0:
        return s.t_seats[s.t_winner]
    if not s.t_cards:
        return None
    declared = s.declared if s.declared >= 0 else None
    return s.t_seats[trick_winner(s.t_colours, s.t_values, s.t_adv, s.dom, s.dwarf, declared)]


def build_view(s: MegalomaniaState, seat: int | None) -> dict[str, JSON]:
    over = s.phase == OVER
    scores = s.scores()
    seats: list[JSON] = [_seat(s, i, seat, scores, over) for i in range(s.n)]
    plays: list[JSON] = [
        {
            "seat": s.t_seats[k],
            "card": CARD_TEXT[s.t_cards[k]],
            "colour": COLOURS[s.t_colours[k]],
            "value": s.t_values[k],
            "power": s.t_power[k],
            "cubes": s.t_cubes[k],
            "advantage": s.t_adv[k],
        }
        for k in range(len(s.t_cards))
    ]
    effect: JSON = None
    if s.effect:
        effect = {
            "scroll": s.effect,
            "name": s.game.scroll_data[s.effect].name,
            "seat": s.effect_seat,
            "leader": s.effect_arg if s.effect == 19 and s.effect_arg >= 0 else None,
            "spent": s.effect_spent,
        }
    view: dict[str, JSON] = {
        "game": "megalomania",
        "seat": seat,
        "players": s.n,
        "pairs": s.game.pairs,
        "round": min(s.round + 1, 12),
        "rounds": 12,
        "dealer": s.dealer,
        "cards_each": s.round_cards,  # dealt to each player this round: the round's number of tricks
        "dominant": COLOURS[s.dom] if not over else None,
        "round_dominant": COLOURS[DOMINANT_BY_ROUND[s.round]] if not over else None,
        "turned": [CARD_TEXT[c] for c in s.turned],  # mission 14: turned this round, the last one now
        "mission": s.mission_data.to_json(),
        "phase": PHASE_NAMES[s.phase],
        "to_act": s.current_seat,
        "queue": list(s.queue),  # seats still to act in this step (scrolls, resources, choices)
        "asking": ASK_NAMES[s.asking],  # the scroll question being answered
        "call": COLOURS[s.call] if s.call >= 0 else None,  # scroll 2's called colour
        "scroll_effect": effect,  # the round's lasting scroll effect
        "round_scrolls": [{"seat": u, "scroll": x, "effect": e} for u, x, e in s.round_scrolls],
        "used_scrolls": list(s.used),
        "drawn_scrolls": len(s.drawn),
        "seats": seats,
        "trick": {
            "leader": s.leader,
            "lead": COLOURS[s.t_colours[0]] if s.t_cards else None,
            "plays": plays,
            "farmer": s.farmer if s.farmer >= 0 else None,
            "dwarf": s.dwarf,
            "wizard": s.wizard,
            "knight": s.knight,
            "emperor": s.emperor,
            "declared": COLOURS[s.declared] if s.declared >= 0 else None,
            "deferred": s.deferred if s.deferred >= 0 else None,
            "taking": _taking(s),
        },
        "tricks": [{"winner": w, "cards": [CARD_TEXT[c] for c in cards]} for w, cards in s.round_tricks],
        "explored": CARD_TEXT[s.explored] if s.explored >= 0 else None,
        "undealt": s.stock.bit_count(),
        "missions_played": list(s.missions_played),
        "round_points": [list(p) for p in s.points],
        "bonus_points": [list(b) for b in s.bonus],
        "round_bonus": list(s.round_bonus),
        "decks": {"missions": len(s.mission_deck), "scrolls": len(s.scroll_deck)},
        "legal": [str(a) for a in s.legal_actions()] if seat is not None and seat == s.current_seat else [],
    }
    if s.game.pairs:
        view["pair_scores"] = s.pair_scores()
    if over:
        view["ranking"] = s.ranking()
        view["negative_points"] = s.negative_points()
    return view


def build_views(s: MegalomaniaState, seats: Sequence[int | None]) -> list[dict[str, JSON]]:
    """``build_view(s, seat)`` for each of ``seats`` (equal to it, key order included), with the
    public part built once: each seat's view adds only its own entry's private keys and its legal
    actions.  The views share their public parts: read them, do not change them."""
    base = build_view(s, None)
    if s.phase == OVER:  # everything is public
        return [base if k is None else {**base, "seat": k} for k in seats]
    current = s.current_seat
    views: list[dict[str, JSON]] = []
    for k in seats:
        if k is None:
            views.append(base)
            continue
        view = dict(base)
        view["seat"] = k
        entries = list(base["seats"])
        entries[k] = {**entries[k], **_private(s, k)}
        view["seats"] = entries
        view["legal"] = [str(a) for a in s.legal_actions()] if k == current else []
        views.append(view)
    return views
