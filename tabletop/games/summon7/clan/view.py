"""What a seat sees of the clan game: everything on the table (docs/rulings.md, C3), but never the
order of the decks.

The parts that never change in a game (each character's card, the Uprising Meter's thresholds for
each number reached, the locations' names) are made once per game (:class:`ViewParts`), and so is
the city for each distinct content: views share them, as ``State.views`` allows (views are
read-only), and they never share a list or dict the state itself holds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.protocol import JSON
from ..cards import CARD_VALUE
from ..table import STATUS_NAMES
from ..view import table_view
from . import actions as A
from .data import ClanData
from .phases import OVER, PHASE_NAMES

if TYPE_CHECKING:
    from .state import ClanState

CITIES_KEPT = 256  # distinct cities kept per game (a game has a few dozen)


class ViewParts:
    """The unchanging parts of one game's views, and the cities seen so far."""

    __slots__ = ("characters", "cities", "locations", "power_names", "power_of_card", "thresholds")

    def __init__(self, data: ClanData, players: int) -> None:
        self.characters: tuple[JSON, ...] = tuple(
            {"id": c.id, "name": c.name, "diet": A.HUMANS[c.diet], "text": c.text} for c in data.characters
        )
        steps = data.uprising
        # per number of thresholds reached: the thresholds as the view shows them
        self.thresholds: tuple[list[JSON], ...] = tuple(
            [
                {"at": step.per_player * players, "name": step.name, "text": step.text, "reached": k < fired}
                for k, step in enumerate(steps)
            ]
            for fired in range(len(steps) + 1)
        )
        self.locations = tuple((loc.id, loc.name, loc.slots) for loc in data.locations)
        self.power_of_card: tuple[str, ...] = tuple(A.POWERS[k] for k in data.power_kind)
        self.power_names: tuple[str, ...] = tuple(A.POWERS[k] for k in range(len(data.powers)))
        self.cities: dict[tuple[tuple[int, ...], ...], list[JSON]] = {}

    def character(self, index: int) -> JSON:
        return None if index < 0 else self.characters[index]

    def city(self, s: ClanState) -> list[JSON]:
        """The city's locations: humans of each type and the clans' meeples, slot by slot."""
        key = (*map(tuple, s.city), *map(tuple, s.meeples))
        found = self.cities.get(key)
        if found is None:
            found = [
                {
                    "id": code,
                    "name": name,
                    "slots": slots,
                    "humans": dict(zip(A.HUMANS, s.city[i], strict=False)),
                    "meeples": [s.clan_name(c) for c in s.meeples[i]],
                }
                for i, (code, name, slots) in enumerate(self.locations)
            ]
            if len(self.cities) >= CITIES_KEPT:
                self.cities.clear()
            self.cities[key] = found
        return found


def build_view(s: ClanState, seat: int | None) -> dict[str, JSON]:
    parts = s.game.view_parts
    t, n = s.table, s.n
    powers, characters, bonus = parts.power_of_card, parts.characters, s.bonus
    seats: list[JSON] = []
    for i in range(n):
        values = [CARD_VALUE[c] for c in t.cards[i]]
        character = s.characters[i]
        seats.append(
            {
                "seat": i,
                "character": None if character < 0 else characters[character],
                "cards": values,
                "total": sum(values) + bonus[i],
                "bonus": bonus[i],
                "status": STATUS_NAMES[t.status[i]],
                "leadership": s.leadership[i],
                "hungry": s.hungry[i],
                "challenger": s.challengers[i],
                "hand": [powers[c] for c in s.hands[i]],
            }
        )
    kinds = [powers[c] for c in s.power_deck]
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
            "character": parts.character(s.head),
            "leadership": s.head_score,
            "hungry": s.hungry[n],
        },
        "board": ["head" if m == n else m for m in s.board],
        "house_total": s.house_total,
        "house_score": s.house_score,
        "meter": {"value": s.meter, "thresholds": parts.thresholds[s.fired]},
        "pantry": dict(zip(A.HUMANS, s.pantry, strict=False)),
        "city": parts.city(s),
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
        "pool": [powers[c] for c in s.pool],
        "power_deck": {name: kinds.count(name) for name in parts.power_names},
        "power_discard": len(s.power_discard),
        "paying": {"card": A.POWERS[s.pending[0]], "seat": s.pending[2], "left": s.pending[3]}
        if s.pending
        else None,
        "warding": s.ward[0] if s.ward else None,
        "fed": [s.fed[m] for m in range(n + 1)],
        "last_round": s.history[-1] if s.history else None,
        "legal": s.legal_texts() if seat is not None and seat == s.current_seat else [],
    }
    if s.phase == OVER:
        view["ranking"] = s.ranking()
        view["usurper"] = s.usurper if s.usurper >= 0 else None
        view["end"] = ("", "takeover", "uprising", "rounds")[s.end]
    return view
