"""What the simulator records of each game beyond its scores: the game's own counts (facts), and
what each seat held or did (labels: one per seat of a kind; items: several per seat of a kind).

A final state may say it itself (``game_facts()``, ``seat_labels()``: MegaCorps does).  For the
other games a :class:`Watcher` reads it from the opening state, the events of every step (only
when it ``watches``) and the final state, through the states' public fields:

- every game: ``starting seat`` (1: the first to act, 2: the next clockwise ...), where the state
  does not give it;
- Summon 7: rounds, hands, busts, rounds nobody won, shared rounds;
- the clan game: each seat's character; rounds of the pre-game and the main game, busts, how the
  game ended, Uprising thresholds reached;
- Megalomania: the scrolls each seat drew (or held at the start) and those it played; scrolls
  played (its missions come from the mission hook, missions.py);
- ManaSurge: each seat's wizard, the metamagic cards in its opening hand and those it played;
  games ended by the spell limit.

:data:`RATIOS` names the measures that are one fact over another (busts per round...).
Labels are codes or ids, never display names, so that a variant's data file may rename things.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.protocol import Event

Facts = dict[str, int]
Labels = dict[str, list[str]]  # kind -> one label per seat
Items = dict[str, list[list[str]]]  # kind -> the labels of each seat (none, one or several)

_GAMES = Path(__file__).resolve().parents[1] / "games"
# each game's packaged data file: what its `data` option replaces
DATA_FILES = {
    "megalomania": _GAMES / "megalomania" / "data" / "missions.toml",
    "summon7": _GAMES / "summon7" / "data" / "deck.toml",
    "clan": _GAMES / "summon7" / "data" / "clan.toml",
    "manasurge": _GAMES / "manasurge" / "data" / "manasurge.toml",
    "megacorps": _GAMES / "megacorps" / "data" / "megacorps.toml",
}


@dataclass(frozen=True, slots=True)
class Ratio:
    """A measure that is one fact summed over the games divided by another."""

    name: str
    numerator: str
    denominator: str
    share: bool  # a proportion (at most 1), else a mean


RATIOS: dict[str, tuple[Ratio, ...]] = {
    "summon7": (
        Ratio("busts per round", "busts", "rounds", False),
        Ratio("share of hands busted", "busts", "hands", True),
    ),
    "clan": (Ratio("busts per main-game round", "main-game busts", "main-game rounds", False),),
    "megacorps": (Ratio("share of wars won by the attacker", "wars won", "wars", True),),
}


def order_from(first: int, n: int) -> list[str]:
    """Each seat's place in the turn order when seat ``first`` acts first ("1", "2", ...)."""
    return [str((seat - first) % n + 1) for seat in range(n)]


class Watcher:
    """The default: what the final state says of itself (``game_facts()``, ``seat_labels()``)."""

    watches = False  # True: see() wants the events of every step

    def start(self, state: Any) -> None:
        """The state a game starts from, before the first action."""

    def see(self, events: Sequence[Event]) -> None:
        """The events of one step (only when ``watches``)."""

    def facts(self, state: Any) -> Facts | None:
        found = getattr(state, "game_facts", None)
        return {str(k): int(v) for k, v in found().items()} if callable(found) else None

    def labels(self, state: Any) -> Labels | None:
        found = getattr(state, "seat_labels", None)
        if not callable(found):
            return None
        return {str(k): [str(x) for x in v] for k, v in found().items()}

    def items(self, state: Any) -> Items | None:
        return None


class Summon7Watcher(Watcher):
    def __init__(self) -> None:
        self.order: list[str] = []

    def start(self, state: Any) -> None:
        n = int(state.n)
        self.order = order_from((int(state.table.dealer) + 1) % n, n)  # the dealer's left acts first

    def facts(self, state: Any) -> Facts:
        history: list[Any] = list(state.history)
        n = int(state.n)
        return {
            "rounds": len(history),
            "hands": n * len(history),
            "busts": sum(sum(1 for b in h["busted"] if b) for h in history),
            "rounds nobody won": sum(1 for h in history if not h["winners"]),
            "shared rounds": sum(1 for h in history if len(h["winners"]) > 1),
        }

    def labels(self, state: Any) -> Labels:
        return {"starting seat": list(self.order)}


END_REASONS = {"takeover": 1, "uprising": 2, "rounds": 3}  # the clan state's END_REASONS


class ClanWatcher(Summon7Watcher):
    def facts(self, state: Any) -> Facts:
        main = [h for h in state.history if h["stage"] == "main"]
        end = int(state.end)
        return {
            "pre-game rounds": int(state.pregame_round),
            "main-game rounds": len(main),
            "main-game busts": sum(sum(1 for b in h["busted"] if b) for h in main),
            "ended by a takeover": int(end == END_REASONS["takeover"]),
            "ended by the uprising": int(end == END_REASONS["uprising"]),
            "ended at the round limit": int(end == END_REASONS["rounds"]),
            "uprising thresholds reached": int(state.fired),
        }

    def labels(self, state: Any) -> Labels:
        characters = state.data.characters
        return {
            "starting seat": list(self.order),
            "character": [str(characters[c].id) if c >= 0 else "none" for c in state.characters],
        }


class MegalomaniaWatcher(Watcher):
    watches = True

    def __init__(self) -> None:
        self.order: list[str] = []
        self.held: list[list[str]] = []
        self.played: list[list[str]] = []
        self.names: dict[int, str] = {}

    def scroll(self, number: int) -> str:
        return f"{number} {self.names.get(number, '')}".strip()

    def start(self, state: Any) -> None:
        n = int(state.n)
        self.names = {int(k): str(v.name) for k, v in state.game.scroll_data.items()}
        self.order = order_from((int(state.dealer) + 1) % n, n)  # the dealer's left leads
        self.held = [[self.scroll(int(x)) for x in hand] for hand in state.scrolls]
        self.played = [[] for _ in range(n)]

    def see(self, events: Sequence[Event]) -> None:
        for event in events:
            kind = event.kind
            if kind in ("scroll", "scroll-drawn", "scroll-shown"):
                seat, scroll = int(str(event.data["seat"])), self.scroll(int(str(event.data["scroll"])))
                if kind == "scroll":
                    self.played[seat].append(scroll)
                if kind != "scroll" or scroll.startswith("17 "):  # 17 is played as it is drawn
                    self.held[seat].append(scroll)

    def facts(self, state: Any) -> Facts:
        return {"scrolls played": sum(len(p) for p in self.played)}

    def labels(self, state: Any) -> Labels:
        return {"starting seat": list(self.order)}

    def items(self, state: Any) -> Items:
        return {"scroll drawn": self.held, "scroll played": self.played}


class ManaSurgeWatcher(Watcher):
    watches = True

    def __init__(self) -> None:
        self.order: list[str] = []
        self.wizards: list[str] = []
        self.dealt: list[list[str]] = []
        self.played: list[list[str]] = []
        self.codes: set[str] = set()
        self.limit = 0

    def start(self, state: Any) -> None:
        n, game = int(state.n), state.game
        self.order = order_from(int(state.caster), n)  # the first Caster opens the first spell
        wizards = game.data.wizards
        self.wizards = [str(wizards[w].code) if w >= 0 else "" for w in state.wizards]
        metamagic = game.data.metamagic
        self.codes = {str(m.code) for m in metamagic}
        meta = game.cards.meta  # per card id: its index among the metamagic cards, -1 for a spell
        self.dealt = [
            sorted({str(metamagic[meta[c]].code) for c in hand if meta[c] >= 0}) for hand in state.hands
        ]
        self.played = [[] for _ in range(n)]
        self.limit = 0

    def see(self, events: Sequence[Event]) -> None:
        for event in events:
            if event.kind == "play" and event.data.get("card") in self.codes:
                self.played[int(str(event.data["seat"]))].append(str(event.data["card"]))
            elif event.kind == "game-over":
                self.limit = int(bool(event.data.get("limit")))

    def facts(self, state: Any) -> Facts:
        return {"metamagic cards played": sum(len(p) for p in self.played), "ended at the limit": self.limit}

    def labels(self, state: Any) -> Labels:
        labels = {"starting seat": list(self.order)}
        if all(self.wizards):
            labels["wizard"] = list(self.wizards)
        return labels

    def items(self, state: Any) -> Items:
        return {
            "metamagic in the opening hand": self.dealt,
            "metamagic played": [sorted(set(p)) for p in self.played],
        }


WATCHERS: dict[str, type[Watcher]] = {
    "summon7": Summon7Watcher,
    "clan": ClanWatcher,
    "megalomania": MegalomaniaWatcher,
    "manasurge": ManaSurgeWatcher,
}


def watcher_for(game_name: str) -> Watcher:
    """A fresh watcher for one game of ``game_name``."""
    return WATCHERS.get(game_name, Watcher)()
