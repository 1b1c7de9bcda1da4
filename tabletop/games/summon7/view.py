"""What a seat sees of a Summon 7 game: everything but the order of the deck."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core.protocol import JSON
from .cards import CARD_VALUE, COPIES, value_counts
from .table import STATUS_NAMES, Table

if TYPE_CHECKING:
    from .state import Summon7State


def table_view(t: Table, copies: Sequence[int] = COPIES) -> dict[str, JSON]:
    """The open cards of a table: what every seat sees of the deck and the discard pile
    (``copies``: the deck's cards of each value)."""
    in_play = value_counts(t.cards[0])
    for hand in t.cards[1:]:
        for c in hand:
            in_play[CARD_VALUE[c]] += 1
    discard = value_counts(t.discard)
    return {
        "dealer": t.dealer,
        "deck": len(t.deck),
        # what the deck holds, value by value: worked out from the cards everybody has seen
        "deck_values": [copies[v] - in_play[v] - discard[v] for v in range(len(copies))],
        "discard": discard,
    }


def build_view(s: Summon7State, seat: int | None) -> dict[str, JSON]:
    from .state import OVER, PHASE_NAMES

    t = s.table
    seats: list[JSON] = [
        {
            "seat": i,
            "cards": t.values(i),
            "total": t.card_total(i),
            "status": STATUS_NAMES[t.status[i]],
            "leadership": s.leadership[i],
        }
        for i in range(s.n)
    ]
    view: dict[str, JSON] = {
        "game": "summon7",
        "seat": seat,
        "players": s.n,
        "round": s.round,
        "target": s.game.options["target"],
        "phase": PHASE_NAMES[s.phase],
        "to_act": s.current_seat,
        **table_view(t, s.game.deck.copies),
        "seats": seats,
        "house_total": s.house_total,
        "board": list(s.board),
        "last_round": s.history[-1] if s.history else None,
        "legal": [str(a) for a in s.legal_actions()] if seat is not None and seat == s.current_seat else [],
    }
    if s.phase == OVER:
        view["ranking"] = s.ranking()
    return view
