"""An honest clan-game baseline, from the seat's view only.

It plays the Home phase as the Summon 7 heuristic does (counting the deck, and knowing that a
hungry player is dealt two cards), keeps the house fed (captures and pays with the humans the
household needs, eats before spending), and uses its power cards when they are plainly useful: a
Ward against a bust, a Boast when holding, a Hex on a rival about to pass it, Scraps when its dish
is missing, Tribute and Calm out of a surplus.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...games.summon7.clan.actions import DATA
from ..base import Agent, Observation
from ..summon7.heuristic import Seat, bust_chance, deck_counts, race_boldness, should_hit

# the draft: what a card is worth to the bot, roughly in points
CARD_VALUE = {"ward": 9, "scraps": 8, "tribute": 7, "boast": 6, "hex": 5, "raid": 5, "bribe": 3, "calm": 3}
View = Mapping[str, Any]


def demand(view: View) -> dict[str, int]:
    """Humans of each type the household needs at the next dinner (the Head of House included)."""
    need: dict[str, int] = {h: 0 for h in view["pantry"]}
    for seat in view["seats"]:
        if seat["character"] is not None:
            need[seat["character"]["diet"]] += 1
    head = view["head"]["character"]
    if head is not None:
        need[head["diet"]] += 1
    return need


def surplus(view: View) -> dict[str, int]:
    need = demand(view)
    return {h: count - need[h] for h, count in view["pantry"].items()}


def spare_humans(view: View) -> int:
    """Humans in the pantry beyond the next dinner's needs."""
    return sum(max(0, x) for x in surplus(view).values())


class ClanHeuristic(Agent[Any]):
    name = "clan-heuristic"

    def act(self, obs: Observation[Any]) -> Any:
        view, me = obs.view, obs.seat
        legal = {str(a): a for a in obs.legal}
        if len(legal) == 1:
            return next(iter(legal.values()))
        phase = view["phase"]
        choice = {
            "choose": self._choose,
            "home": self._home,
            "ward": self._ward,
            "pay": self._pay,
            "city-cards": self._city_cards,
            "place": self._place,
            "capture": self._capture,
            "draft": self._claim,
            "dining": self._dine,
            "blame": self._blame,
        }[str(phase)](view, me, list(legal))
        return legal[choice]

    # -------------------------------------------------------------- choosing
    def _choose(self, view: View, me: int, legal: list[str]) -> str:
        """The diet the others have not taken, and the city offers most of."""
        taken: dict[str, int] = {}
        for seat in view["seats"]:
            if seat["character"] is not None:
                taken[seat["character"]["diet"]] = taken.get(seat["character"]["diet"], 0) + 1
        offer: dict[str, int] = {}
        for place in view["city"]:
            for human, count in place["humans"].items():
                offer[human] = offer.get(human, 0) + count
        diets = {c.id: DATA.humans[c.diet].id for c in DATA.characters}
        return max(legal, key=lambda a: (-taken.get(diets[a[7:]], 0), offer.get(diets[a[7:]], 0), a))

    # ------------------------------------------------------------ Home phase
    def _home(self, view: View, me: int, legal: list[str]) -> str:
        seats = view["seats"]
        mine = seats[me]
        others = [Seat(s["status"], s["total"]) for s in seats if s["seat"] != me]
        counts = deck_counts(view)
        main = view["stage"] == "main"
        lead = [s["leadership"] for s in seats]
        goal = int(view["head"]["leadership"]) + 1 if main else int(view["pregame_target"])
        boldness = race_boldness(me, lead, goal)
        if main:
            # holding is worth more than in plain Summon 7: the house score, a claim in the draft,
            # and nothing fed to the Uprising Meter (unless we lead, and would gain by its end)
            boldness -= 0.08
            meter = view["meter"]
            last = meter["thresholds"][-1]["at"]
            if mine["leadership"] < max(lead) and last - meter["value"] < 2 * mine["total"] + 20:
                boldness -= 0.1
        hit = "hit" in legal and should_hit(
            mine["cards"], mine["total"], others, counts, hungry=mine["hungry"], boldness=boldness
        )
        spare = spare_humans(view)
        if not hit and "play=boast" in legal and spare > 0:
            return "play=boast"
        if spare > 0:
            # Hex the player still in the round who is ahead of us and likely to bust
            best: tuple[float, str] | None = None
            for action in legal:
                if not action.startswith("play=hex@"):
                    continue
                target = seats[int(action.split("@")[1])]
                if target["total"] <= mine["total"] and target["leadership"] <= mine["leadership"]:
                    continue
                p = bust_chance(target["cards"], counts, hungry=target["hungry"])
                if p >= 0.3 and (best is None or p > best[0]):
                    best = (p, action)
            if best is not None:
                return best[1]
        return "hit" if hit else "hold"

    def _ward(self, view: View, me: int, legal: list[str]) -> str:
        return "play=ward" if view["seats"][me]["total"] >= 8 or spare_humans(view) > 0 else "bust"

    def _pay(self, view: View, me: int, legal: list[str]) -> str:
        """Dumpster the human the household needs least."""
        extra = surplus(view)
        return max(legal, key=lambda a: (extra[a[4:]], a))

    # ------------------------------------------------------------ City phase
    def _city_cards(self, view: View, me: int, legal: list[str]) -> str:
        if "play=raid" in legal:
            return "play=raid"
        if "play=bribe" in legal and spare_humans(view) > 0:
            return "play=bribe"
        return "done"

    def _wanted(self, view: View, me: int) -> dict[str, float]:
        """How much the house wants each human type: what dinner lacks, our own dish first."""
        extra = surplus(view)
        diet = view["seats"][me]["character"]["diet"]
        return {h: max(0, -x) + (0.5 if h == diet else 0) + 0.1 for h, x in extra.items()}

    def _place(self, view: View, me: int, legal: list[str]) -> str:
        wanted = self._wanted(view, me)
        by_id = {place["id"]: place for place in view["city"]}

        def worth(action: str) -> tuple[float, str]:
            place = by_id[action[6:]]
            ours = place["meeples"].count("our house")
            value = sum(min(count, 2) * wanted[h] for h, count in place["humans"].items())
            return (value / (1 + 2 * ours) + 0.2 * place["slots"], action)

        return max(legal, key=worth)

    def _capture(self, view: View, me: int, legal: list[str]) -> str:
        wanted = self._wanted(view, me)
        return max(legal, key=lambda a: (wanted[a.split("/")[1]], a))

    # ----------------------------------------------------------- Power phase
    def _claim(self, view: View, me: int, legal: list[str]) -> str:
        def worth(action: str) -> tuple[float, str]:
            card = action[6:]
            value = float(CARD_VALUE.get(card, 0))
            if card == "calm":
                nxt = [t["at"] for t in view["meter"]["thresholds"] if not t["reached"]]
                if nxt and nxt[0] - view["meter"]["value"] < 25:
                    value += 6
            return (value, action)

        return max(legal, key=worth)

    # ---------------------------------------------------------- Dining phase
    def _dine(self, view: View, me: int, legal: list[str]) -> str:
        diet = view["seats"][me]["character"]["diet"]
        pantry = view["pantry"]
        spare = spare_humans(view)
        if "play=scraps" in legal and (pantry[diet] == 0 or surplus(view)[diet] < 0):
            return "play=scraps"
        if "play=calm" in legal and spare >= 1:
            nxt = [t["at"] for t in view["meter"]["thresholds"] if not t["reached"]]
            if nxt and nxt[0] - view["meter"]["value"] <= 15:
                return "play=calm"
        if "play=tribute" in legal and spare >= 2:
            return "play=tribute"
        return "eat"

    def _blame(self, view: View, me: int, legal: list[str]) -> str:
        seats = view["seats"]
        others = [a for a in legal if int(a[6:]) != me] or legal
        return max(others, key=lambda a: (len(seats[int(a[6:])]["hand"]), seats[int(a[6:])]["leadership"], a))
