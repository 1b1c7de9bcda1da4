"""What one seat may see: the public table, its own hand and scrolls, counts of the rest."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.protocol import JSON
from .actions import RESOURCES
from .cards import CARD_TEXT, COLOURS, texts

if TYPE_CHECKING:
    from .state import MegalomaniaState


def build_view(s: MegalomaniaState, seat: int | None) -> dict[str, JSON]:
    from .state import OVER, PHASE_NAMES

    over = s.phase == OVER
    scores = s.scores()
    seats: list[JSON] = []
    for i in range(s.n):
        entry: dict[str, JSON] = {
            "seat": i,
            "cards": s.hands[i].bit_count(),
            "known_cards": texts(s.known[i]),  # shown to all (an Explorer's find)
            "crystals": s.crystals[i],
            "cubes": s.cubes[i],
            "resource": RESOURCES[s.resource[i]] if s.resource[i] >= 0 else None,
            "scrolls": len(s.scrolls[i]),
            "tricks": sum(1 for w, _ in s.round_tricks if w == i),
            "score": scores[i],
        }
        if i == seat or over:
            entry["hand"] = texts(s.hands[i])
            entry["scroll_numbers"] = list(s.scrolls[i])
        seats.append(entry)
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
    view: dict[str, JSON] = {
        "game": "megalomania",
        "seat": seat,
        "players": s.n,
        "round": min(s.round + 1, 12),
        "rounds": 12,
        "dealer": s.dealer,
        "cards_each": s.round_cards,  # dealt to each player this round: the round's number of tricks
        "dominant": COLOURS[s.dominant] if not over else None,
        "mission": s.mission_data.to_json(),
        "phase": PHASE_NAMES[s.phase],
        "to_act": s.current_seat,
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
        },
        "tricks": [{"winner": w, "cards": [CARD_TEXT[c] for c in cards]} for w, cards in s.round_tricks],
        "explored": CARD_TEXT[s.explored] if s.explored >= 0 else None,
        "undealt": s.stock.bit_count(),
        "missions_played": list(s.missions_played),
        "round_points": [list(p) for p in s.points],
        "decks": {"missions": len(s.mission_deck), "scrolls": len(s.scroll_deck)},
        "legal": [str(a) for a in s.legal_actions()] if seat is not None and seat == s.current_seat else [],
    }
    if over:
        view["ranking"] = s.ranking()
        view["negative_points"] = s.negative_points()
    return view
