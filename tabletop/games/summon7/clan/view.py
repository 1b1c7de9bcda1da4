"""What a seat sees of the clan game: everything on the table (docs/rulings.md, C3), but never the
order of the decks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.protocol import JSON
from ..table import STATUS_NAMES
from ..view import table_view
from . import actions as A

if TYPE_CHECKING:
    from .state import ClanState


def character_json(s: ClanState, index: int) -> JSON:
    if index < 0:
        return None
    c = s.data.characters[index]
    return {"id": c.id, "name": c.name, "diet": A.HUMANS[c.diet], "text": c.text}


def build_view(s: ClanState, seat: int | None) -> dict[str, JSON]:
    from .state import OVER, PHASE_NAMES

    d, t, n = s.data, s.table, s.n
    totals = s.totals()
    seats: list[JSON] = [
        {
            "seat": i,
            "character": character_json(s, s.characters[i]),
            "cards": t.values(i),
            "total": totals[i],
            "bonus": s.bonus[i],
            "status": STATUS_NAMES[t.status[i]],
            "leadership": s.leadership[i],
            "hungry": s.hungry[i],
            "challenger": s.challengers[i],
            "hand": [A.POWERS[k] for k in s.hand_kinds(i)],
        }
        for i in range(n)
    ]
    members: list[JSON] = ["head" if m == n else m for m in s.board]
    deck_kinds = [0] * len(d.powers)
    for c in s.power_deck:
        deck_kinds[s.kind(c)] += 1
    view: dict[str, JSON] = {
        "game": "clan",
        "seat": seat,
        "players": n,
        "stage": "main" if s.main else ("pre-game" if min(s.characters) >= 0 else "choose"),
        "round": s.round,
        "rounds": s.game.options["rounds"],
        "pregame_round": s.pregame_round,
        "pregame_target": s.game.options["pregame"],
        "phase": PHASE_NAMES[s.phase],
        "to_act": s.current_seat,
        **table_view(t),
        "seats": seats,
        "head": {
            "character": character_json(s, s.head),
            "leadership": s.head_score,
            "hungry": s.hungry[n],
        },
        "board": members,
        "house_total": s.house_total,
        "house_score": s.house_score,
        "meter": {
            "value": s.meter,
            "thresholds": [
                {"at": step.per_player * n, "name": step.name, "text": step.text, "reached": k < s.fired}
                for k, step in enumerate(d.uprising)
            ],
        },
        "pantry": s.pantry_json(),
        "city": [
            {
                "id": loc.id,
                "name": loc.name,
                "slots": loc.slots,
                "humans": {A.HUMANS[h]: count for h, count in enumerate(s.city[i])},
                "meeples": [s.clan_name(c) for c in s.meeples[i]],
            }
            for i, loc in enumerate(d.locations)
        ],
        "clans": [
            {
                "name": s.clan_name(c),
                "score": s.scores_now[c],
                "meeples_left": s.meeples_left[c],
                "claim_left": s.claim_left[c],
            }
            for c in s.order
        ],
        "city_seat": s.city_seat if s.city_seat >= 0 else None,
        "pool": [A.POWERS[s.kind(c)] for c in s.pool],
        "power_deck": {A.POWERS[k]: count for k, count in enumerate(deck_kinds)},
        "power_discard": len(s.power_discard),
        "paying": {"card": A.POWERS[s.pending[0]], "seat": s.pending[2], "left": s.pending[3]}
        if s.pending
        else None,
        "warding": s.ward[0] if s.ward else None,
        "fed": [s.fed[m] for m in range(n + 1)],
        "last_round": s.history[-1] if s.history else None,
        "legal": [str(a) for a in s.legal_actions()] if seat is not None and seat == s.current_seat else [],
    }
    if s.phase == OVER:
        view["ranking"] = s.ranking()
        view["usurper"] = s.usurper if s.usurper >= 0 else None
        view["end"] = ("", "takeover", "uprising", "rounds")[s.end]
    return view
