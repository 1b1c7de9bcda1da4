"""An honest Summon 7 baseline: count the deck, then hit or hold, from the seat's view only.

Every card that is not in the deck lies face up (on the table or in the discard pile), so the
deck's make-up is public (``view["deck_values"]``) and the chance that the next card busts is
exact.  The bot hits while the round cannot be won by holding, holds when the next card is too
likely to bust for the total at stake, and pushes a little harder when the others still in the
round may go higher.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.protocol import JSON
from ..base import Agent, Observation


@dataclass(frozen=True)
class Seat:
    status: str  # active, held or busted
    total: int


def deck_counts(view: Mapping[str, JSON]) -> list[int]:
    """The values the next card may have: the deck's, or the discard pile's once the deck is out
    (it is shuffled to form the new deck)."""
    deck = list(view["deck_values"])
    if sum(deck):
        return deck
    return list(view["discard"])


def bust_chance(mine: Sequence[int], counts: Sequence[int], hungry: bool = False) -> float:
    """The chance that the next card dealt busts ``mine`` (two cards for a hungry player, who must
    keep a bust card if either is one)."""
    total = sum(counts)
    if not total:
        return 1.0
    held = set(mine)
    p = sum(counts[v] for v in held) / total
    return 1.0 - (1.0 - p) ** 2 if hungry else p


def should_hit(
    mine: Sequence[int],
    total: int,
    others: Sequence[Seat],
    counts: Sequence[int],
    *,
    hungry: bool = False,
    boldness: float = 0.0,
) -> bool:
    """Hit or hold, from the cards on the table.  ``boldness`` raises the bust chance the bot
    accepts (a player behind in the race takes more risk)."""
    if not sum(counts):
        return False
    best_held = max((o.total for o in others if o.status == "held"), default=-1)
    active = [o for o in others if o.status == "active"]
    if total < best_held:
        return True  # holding now cannot win the round
    if not active:
        return False  # holding wins (or ties) the round now
    p = bust_chance(mine, counts, hungry)
    # what the others still in the round may reach: the more of them, the higher the bar
    bar = max(max(o.total for o in active), best_held)
    behind = total <= bar
    limit = 0.22 + 0.06 * min(len(active), 4) + (0.12 if behind else 0.0) + boldness
    if total >= 40:
        limit -= 0.12
    return p < limit


def race_boldness(me: int, leadership: Sequence[int], target: int) -> float:
    """More risk when another player is close to the target and far ahead of us."""
    leader = max(leadership)
    if leader < target * 0.7 or leadership[me] == leader:
        return 0.0
    return min(0.15, (leader - leadership[me]) / target * 0.3)


class Summon7Heuristic(Agent[Any]):
    name = "summon7-heuristic"

    def act(self, obs: Observation[Any]) -> Any:
        view = obs.view
        legal = {str(a): a for a in obs.legal}
        if "hit" not in legal:
            return legal["hold"]
        seats: list[Any] = view["seats"]
        me = seats[obs.seat]
        others = [Seat(s["status"], s["total"]) for s in seats if s["seat"] != obs.seat]
        boldness = race_boldness(obs.seat, [s["leadership"] for s in seats], int(view["target"]))
        hit = should_hit(me["cards"], me["total"], others, deck_counts(view), boldness=boldness)
        return legal["hit" if hit else "hold"]
