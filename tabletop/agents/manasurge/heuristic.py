"""An honest ManaSurge baseline, from the seat's view only (``obs.view``, ``obs.legal``).

The rules it plays by, each a few lines below:

- open with a strong card (one the next players can hardly answer: high, or low under Quake) of a
  suit whose rule suits the rest of the hand (more cards of that suit to resonate with), and send
  the spell toward the player most worth striking (fewest cards, Shards on the spell, the leader);
- play the valid card that moves the bar least, resonating when it can, keeping metamagic cards
  for when nothing else is valid (or when the hand is nearly empty and a Mana Surge is near);
- counter-spell (or reverse) when that sends the spell to a player more worth striking;
- play again (Lightning, Haste) when another card resonates cheaply or the hand is nearly empty;
- give its worst card to the leader (Frost Wave), purge its worst cards, and between spells hold a
  hand that is one card from a Mana Surge.

Only public game data is read besides the view: the suits' and metamagic cards' effects.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...core.protocol import JSON
from ...games.manasurge.data import ManaData
from ...games.manasurge.game import ManaSurge
from ..base import Agent, Observation

UP, DOWN, STRICT = "up", "down", "strict"
META_KEEP = 2.5  # what keeping a metamagic card in hand is worth, against a numbered play
# what a metamagic card is worth when played, by effect, before the situation is counted
META_VALUE = {
    "copy_last": 0.5,
    "shard_self": 1.5,
    "shard_self_damage": 1.2,
    "shard_last": -0.3,
    "shard_caster": -0.3,
    "extra_damage": 0.5,
    "silence": 0.5,
    "sanctuary": 0.3,
    "reverse": 0.3,
    "play_again": 0.0,
    "discard": 0.4,
    "draw": -0.2,
    "move_caster": 0.0,
    "reset_rank": -1.0,
    "none": 0.0,
}


@dataclass(frozen=True)
class Card:
    text: str
    rank: int  # -1 for a metamagic card
    suit: str  # the suit's letter; "" for a metamagic card

    @property
    def meta(self) -> bool:
        return self.rank < 0


def parse(text: str) -> Card:
    """``5L`` is a spell (rank, suit letter); anything else is a metamagic card's code."""
    if len(text) >= 2 and text[-1].isupper() and text[:-1].isdigit():
        return Card(text, int(text[:-1]), text[-1])
    return Card(text, -1, "")


def mode_of(effect: str) -> str:
    return DOWN if effect == "descend" else STRICT if effect == "strict" else UP


def invalid_share(rank: int, mode: str, ranks: Sequence[int]) -> float:
    """The share of the deck's ranks that could not follow ``rank`` (metamagic cards aside)."""
    if mode == DOWN:
        return sum(1 for r in ranks if r > rank) / len(ranks)
    if mode == STRICT:
        return sum(1 for r in ranks if r <= rank) / len(ranks)
    return sum(1 for r in ranks if r < rank) / len(ranks)


class Table:
    """What the heuristic reads from one view."""

    def __init__(self, view: dict[str, JSON], seat: int, data: ManaData) -> None:
        self.view, self.me, self.data = view, seat, data
        self.n = int(view["players"])
        self.seats: list[Any] = list(view["seats"])
        self.hand = [parse(t) for t in view.get("hand", [])]
        self.ranks = data.constants.ranks
        self.suit_effect = {p.code: p.effect for p in data.suits}
        self.meta_effect = {p.code: p.effect for p in data.metamagic}
        self.suit: str = str(view["suit"]) if view.get("suit") else ""
        self.mode = mode_of(self.suit_effect.get(self.suit, ""))
        numbered = [e for e in view["spell"] if "rank" in e]
        self.high = max((int(e["rank"]) for e in numbered), default=0)
        self.low = min((int(e["rank"]) for e in numbered), default=0)
        last: Any = numbered[-1] if numbered else None
        self.last_rank = int(last["rank"]) if last else -1
        self.last_suit = str(last["suit"]) if last else ""
        self.last_mine = bool(last) and last["seat"] == seat
        self.caster_mine = any(e["caster"] and e["seat"] == seat for e in view["spell"])
        self.started = bool(numbered)
        self.free = bool(view.get("free_rank"))
        self.silenced = bool(view.get("silenced"))
        self.step = 1 if view.get("direction") != "ccw" else -1

    # ------------------------------------------------------------------ reading
    def valid(self, card: Card) -> bool:
        if card.meta:
            return not self.silenced
        if self.free or not self.started:
            return True
        if self.mode == DOWN:
            return card.rank <= self.low
        if self.mode == STRICT:
            return card.rank > self.high or (card.rank == self.high and card.suit == self.suit)
        return card.rank >= self.high

    def move(self, card: Card) -> int:
        """How far a numbered card moves the bar (what later players must beat)."""
        if not self.started:
            return 0
        if self.mode == DOWN:
            return max(0, self.low - card.rank)
        return max(0, card.rank - self.high)

    def worth_striking(self, seat: int) -> float:
        """How much the bot wants the spell to reach ``seat`` next: a short hand cannot answer,
        Shards on the spell are lost when struck, and the leader is the one to stop."""
        if seat == self.me:
            return -99.0
        s = self.seats[seat]
        lead = max(x["shards"] for x in self.seats if x["seat"] != self.me)
        value = (6 - s["hand"]) * 0.6 + 0.5 * s["on_spell"] + 0.15 * s["shards"]
        if s["shards"] == lead and lead > 0:
            value += 1.0
        return float(value)

    def card_value(self, card: Card) -> float:
        """What a card is worth kept in hand, for what to give or discard: metamagic most,
        then high ranks (most suits climb)."""
        return 10.0 if card.meta else float(card.rank)


# ---------------------------------------------------------------------- the decisions
def choose_cast(t: Table, legal: dict[str, Any]) -> str:
    def score(text: str) -> tuple[float, str]:
        card = parse(text.partition("=")[2])
        effect = t.suit_effect.get(card.suit, "")
        mode = mode_of(effect)
        rest = list(t.hand)
        rest.remove(card)
        same = sum(1 for c in rest if c.suit == card.suit)
        if mode == DOWN:
            mine = sum(1 for c in rest if c.meta or c.rank <= card.rank)
        else:
            mine = sum(1 for c in rest if c.meta or c.rank >= card.rank)
        value = 4.0 * invalid_share(card.rank, mode, t.ranks) + 0.4 * mine + 0.6 * same
        if effect == "extra_damage":
            value += 0.5
        elif effect == "play_again":
            value += 0.3 * same
        if not rest:
            value += 3.0  # the last card: a Mana Surge
        return value, text

    return max(legal, key=score)


def choose_direction(t: Table) -> str:
    cw, ccw = t.worth_striking((t.me + 1) % t.n), t.worth_striking((t.me - 1) % t.n)
    return "ccw" if ccw > cw else "cw"


def counter_gain(t: Table) -> float:
    """What reversing the spell now is worth: the seat behind against the seat ahead."""
    return t.worth_striking((t.me - t.step) % t.n) - t.worth_striking((t.me + t.step) % t.n)


def play_score(t: Table, card: Card) -> float:
    near_surge = len(t.hand) <= 2
    if card.meta:
        effect = t.meta_effect.get(card.text, "none")
        value = META_VALUE.get(effect, 0.0) - (0.5 if near_surge else META_KEEP)
        if effect == "copy_last":
            if t.last_suit == t.suit:
                value += 2.0  # the copy resonates
            value += 0.3 * max(0.0, counter_gain(t))
        elif (effect == "shard_last" and t.last_mine) or (effect == "shard_caster" and t.caster_mine):
            value += 1.8  # the Shard lands on my own card
        elif effect == "sanctuary":
            value += 0.5 * t.seats[t.me]["on_spell"]
        elif effect == "reverse":
            value += 0.4 * counter_gain(t)
        return value
    value = -0.6 * t.move(card) - 0.05 * card.rank * (1 if t.mode != DOWN else -1)
    if card.suit == t.suit:
        value += 2.0
        if t.suit_effect.get(card.suit) in ("play_again", "give_card"):
            value += 0.4
    if t.started and card.rank == t.last_rank:
        value += 0.3 * max(0.0, counter_gain(t))
    nxt = t.seats[(t.me + t.step) % t.n]
    if nxt["hand"] <= 2:  # a short hand ahead: a high bar may well strike it
        after = max(t.high, card.rank) if t.mode != DOWN else min(t.low, card.rank)
        value += 1.5 * invalid_share(after, t.mode, t.ranks)
    return value


def choose_play(t: Table, legal: dict[str, Any]) -> str:
    plays = [text for text in legal if text.startswith("play=")]
    if not plays:
        return next(iter(legal))  # only "yield" (the option may_decline)
    return max(plays, key=lambda text: (play_score(t, parse(text[5:])), text))


def choose_again(t: Table) -> bool:
    options = [c for c in t.hand if t.valid(c)]
    if not options:
        return False
    if len(t.hand) <= 2:
        return True  # one or two more plays to a Mana Surge
    return any(not c.meta and c.suit == t.suit and t.move(c) <= 2 for c in options)


def choose_give(t: Table, legal: dict[str, Any]) -> str:
    worst = min(t.hand, key=lambda c: (t.card_value(c), c.text))
    if len(t.hand) > 1 and t.card_value(worst) > 4:
        return "done"
    others = [s for s in t.seats if s["seat"] != t.me]
    leader = max(others, key=lambda s: (s["shards"], -s["hand"], -s["seat"]))
    text = f"give={worst.text}@{leader['seat']}"
    return text if text in legal else "done"


def choose_discard(t: Table, legal: dict[str, Any]) -> str:
    left = int(t.view.get("discards_left", 0))
    worst = min(t.hand, key=lambda c: (t.card_value(c), c.text))
    if len(t.hand) <= left or t.card_value(worst) <= 3:
        text = f"discard={worst.text}"
        if text in legal:
            return text
    return "done"


def choose_between(t: Table) -> str:
    hand = t.hand
    caster = t.view.get("caster") == t.me
    metas = sum(1 for c in hand if c.meta)
    if len(hand) == 1:
        card = hand[0]
        if card.meta or caster or card.rank >= max(t.ranks) - 1:
            return "hold"
    if len(hand) == 2 and (metas == 2 or (caster and metas == 1)):
        return "hold"
    return "draw"


class ManaSurgeHeuristic(Agent[Any]):
    name = "manasurge-heuristic"

    def act(self, obs: Observation[Any]) -> Any:
        legal = {str(a): a for a in obs.legal}
        if len(legal) == 1:
            return obs.legal[0]
        game = obs.game
        assert isinstance(game, ManaSurge)
        t = Table(obs.view, obs.seat, game.data)
        phase = obs.view["phase"]
        if phase == "open":
            choice = choose_cast(t, legal)
        elif phase == "direction":
            choice = choose_direction(t)
        elif phase == "play":
            choice = choose_play(t, legal)
        elif phase == "counter":
            choice = "counter" if counter_gain(t) > 0.5 else "done"
        elif phase == "again":
            choice = "again" if choose_again(t) else "done"
        elif phase == "give":
            choice = choose_give(t, legal)
        elif phase == "discard":
            choice = choose_discard(t, legal)
        elif phase == "between":
            choice = choose_between(t)
        else:
            choice = ""
        return legal.get(choice, obs.legal[0])
