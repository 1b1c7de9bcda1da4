"""What a seat sees of the clan game: everything on the table (docs/rulings.md, C3), but never the
order of the decks.

The parts that never change in a game (each character's card, the Uprising Meter's thresholds for
each number reached, the locations' names) are made once per game (:class:`ViewParts`), and so are
the parts that change a few times a round (the city, the houses' rows, the power deck) for each
content seen lately: views share them, as read-only views may, and never share a list or dict the
state itself holds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.protocol import JSON
from ..cards import CARD_VALUE
from ..table import STATUS_NAMES
from ..view import table_view
from . import actions as A
from .data import ClanData
from .home import RETURN
from .phases import BLAME, DINING, OVER, PAY, PHASE_NAMES

if TYPE_CHECKING:
    from .state import ClanState

PARTS_KEPT = 512  # parts kept per game, by content (a game has a few dozen of each)


class ViewParts:
    """The unchanging parts of one game's views, and the parts that change a few times a round
    (the city, the rival houses' rows, the power deck) for each content seen lately."""

    __slots__ = ("characters", "locations", "power_names", "power_of_card", "seen", "thresholds")

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
        self.seen: dict[tuple[object, ...], JSON] = {}  # by what it shows: the part

    def character(self, index: int) -> JSON:
        return None if index < 0 else self.characters[index]

    def keep(self, key: tuple[object, ...], part: JSON) -> JSON:
        if len(self.seen) >= PARTS_KEPT:
            self.seen.clear()
        self.seen[key] = part
        return part

    def city(self, s: ClanState) -> JSON:
        """The city's locations: humans of each type and the clans' meeples, slot by slot."""
        key = ("city", *map(tuple, s.city), *map(tuple, s.meeples))
        found = self.seen.get(key)
        if found is None:
            found = self.keep(
                key,
                [
                    {
                        "id": code,
                        "name": name,
                        "slots": slots,
                        "humans": dict(zip(A.HUMANS, s.city[i], strict=False)),
                        "meeples": [s.clan_name(c) for c in s.meeples[i]],
                    }
                    for i, (code, name, slots) in enumerate(self.locations)
                ],
            )
        return found

    def clans(self, s: ClanState) -> JSON:
        """The houses of the City phase, in its turn order: score, meeples and claims left."""
        order = s.order
        key = ("clans", *order, *s.scores_now, *s.meeples_left, *s.claim_left)
        found = self.seen.get(key)
        if found is None:
            found = self.keep(
                key,
                [
                    {
                        "name": s.clan_name(c),
                        "score": s.scores_now[c],
                        "meeples_left": s.meeples_left[c],
                        "claim_left": s.claim_left[c],
                    }
                    for c in order
                ],
            )
        return found

    def power_deck(self, s: ClanState) -> JSON:
        """How many power cards of each kind the power deck holds."""
        key = ("deck", *s.power_deck)
        found = self.seen.get(key)
        if found is None:
            kinds = [self.power_of_card[c] for c in s.power_deck]
            found = self.keep(key, {name: kinds.count(name) for name in self.power_names})
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
        "clans": parts.clans(s),
        "city_seat": s.city_seat if s.city_seat >= 0 else None,
        "pool": [powers[c] for c in s.pool],
        "power_deck": parts.power_deck(s),
        "power_discard": len(s.power_discard),
        "paying": _paying(s),
        "warding": s.ward[0] if s.ward else None,
        # after the Ward's question, a Hex's player's turn goes on (None: the warded player's ends)
        "ward_back_to": s.table.turn if s.ward and s.ward[1] == RETURN else None,
        "dining": _dining(s, n),
        "fed": [s.fed[m] for m in range(n + 1)],
        "last_round": s.history[-1] if s.history else None,
        "legal": s.legal_texts() if seat is not None and seat == s.current_seat else [],
    }
    if s.phase == OVER:
        view["ranking"] = s.ranking()
        view["usurper"] = s.usurper if s.usurper >= 0 else None
        view["end"] = ("", "takeover", "uprising", "rounds")[s.end]
    return view


def _paying(s: ClanState) -> dict[str, JSON] | None:
    """The power card being paid for: its kind, its player, the humans still to pay, its target
    (a Hex's: public since it was played)."""
    if not s.pending:
        return None
    kind, target, seat, left = s.pending
    return {"card": A.POWERS[kind], "seat": seat, "left": left, "target": target if target >= 0 else None}


def _dining(s: ClanState, n: int) -> dict[str, JSON] | None:
    """The Dining phase's order (the leaderboard when it began: a Tribute may reorder the board
    meanwhile) and the place in it of the member dining next; None outside it."""
    paying_for_dining = s.phase == PAY and s.data.powers[s.pending[0]].phase == "dining"
    if s.phase not in (DINING, BLAME) and not paying_for_dining:
        return None
    return {"order": ["head" if m == n else m for m in s.dine_order], "next": s.dine_index}
