"""The clan game's encoding (docs/envs.md): its actions in a fixed order (seats limited to the player
count) and its open table, the Summon 7 part written by :class:`~.summon7.TableWriter`.  Humans,
characters, locations, power cards and rival houses are the game's own data (its ``data`` option
may name another file), so the enumeration and the layout are made from it."""

from __future__ import annotations

from array import array
from typing import Any

from ..games.summon7.clan.phases import PHASE_NAMES
from .encoding import Buffer, Encoding, View, me_of, names_index, tally
from .summon7 import TableWriter

STAGES = names_index(("choose", "pre-game", "main"))
PHASES = names_index(PHASE_NAMES)
END = names_index(("takeover", "uprising", "rounds"))


def action_texts(game: Any) -> list[str]:
    """Every clan action a game can offer, in a fixed order (docs/notation.md's texts)."""
    data, seats = game.data, range(game.players)
    humans = [h.id for h in data.humans]
    powers = [q.id for q in data.powers]
    locations = [loc.id for loc in data.locations]
    return [
        *(f"choose={c.id}" for c in data.characters),
        "hit", "hold", "bust", "done", "eat",
        *(f"play={q}" for q in powers),
        *(f"play={q}@{s}" for q in powers for s in seats),
        *(f"pay={h}" for h in humans),
        *(f"place={loc}" for loc in locations),
        *(f"capture={loc}/{h}" for loc in locations for h in humans),
        *(f"claim={q}" for q in powers),
        *(f"blame={s}" for s in seats),
    ]  # fmt: skip


class ClanEncoding(Encoding[Any]):
    def __init__(self, game: Any) -> None:
        super().__init__(game, action_texts(game))
        n = self.players
        self.data = data = game.data
        self.humans = names_index([x.id for x in data.humans])
        self.human_list = [x.id for x in data.humans]
        self.characters = names_index([x.id for x in data.characters])
        self.powers = names_index([x.id for x in data.powers])
        h, p, loc = len(self.humans), len(self.powers), len(data.locations)
        self.clans = names_index(("our house", *data.rivals))
        lay = self.layout
        self.stage = lay.add("stage", len(STAGES), "choose, pre-game, main")
        self.phase = lay.add("phase", len(PHASES), "the phase (one-hot)")
        self.round = lay.add("round", 2, "main round / rounds, pre-game round / 100")
        self.table = TableWriter(lay, game)
        self.character = lay.add(
            "character", (n + 1) * len(self.characters), "per seat, then the Head: character"
        )
        self.leadership = lay.add("leadership", n + 1, "per seat, then the Head: leadership / 200", high=50.0)
        self.flags = lay.add("seat_flags", (n + 1) * 3, "per seat, then the Head: hungry, challenger, fed")
        self.bonus = lay.add("bonus", n, "per seat: bonus to its total / 10", low=-10.0, high=10.0)
        self.hand = lay.add("hand", n * p, "per seat: power cards held of each kind / 3", high=10.0)
        self.board = lay.add("board", n + 1, "per seat, then the Head: place on the board / players")
        self.house = lay.add(
            "house", 3, "House total / 1000, house score / 100, meter / 500", low=-100, high=100
        )
        self.city_seat = lay.add("city_seat", n, "the seat that won the city (one-hot, egocentric)")
        # from here to power_deck: public parts that change a few times a round, kept (see write)
        self.reached = lay.add("meter_reached", len(data.uprising), "each uprising threshold reached")
        self.pantry = lay.add("pantry", h, "humans of each type in the pantry / 5", high=20.0)
        self.city_humans = lay.add("city_humans", loc * h, "per location: humans of each type / 5", high=20.0)
        self.meeples = lay.add(
            "city_meeples", loc * len(self.clans), "per location: meeples of each clan / slots"
        )
        self.clan_rows = lay.add(
            "clans",
            len(self.clans) * 3,
            "per clan: score / 100, meeples left / 3, claims left / 5",
            low=-100,
            high=100,
        )
        self.pool = lay.add("pool", p, "power cards of each kind in the draft pool / 3", high=10.0)
        self.deck = lay.add("power_deck", p + 1, "power deck by kind / copies, discard pile / 24", high=10.0)
        self.paying = lay.add(
            "paying", p + n + 1, "a card being paid for: kind, seat (egocentric), cost left / 5"
        )
        self.warding = lay.add("warding", n, "the seat a Ward may save (one-hot, egocentric)")
        self.end = lay.add("end", len(END) + 1, "over: takeover, uprising, rounds; usurper is me")
        self.copies = [max(1, q.copies) for q in data.powers]
        # the city (humans, then meeples) and the houses' rows, side by side, are kept: they
        # change only in City phases
        self.kept = (self.city_humans, self.pool)
        self._last: tuple[Any, Buffer] = (None, array("f"))
        self.power_list = list(self.powers)

    def write(self, view: View, b: Buffer) -> None:
        # caps are written as conditional expressions: cheaper than calls of min and max
        me = me_of(view)
        n = self.players
        b[self.stage + STAGES[view["stage"]]] = 1.0
        b[self.phase + PHASES[view["phase"]]] = 1.0
        x = view["round"] / max(1, view["rounds"])
        b[self.round] = x if x < 1.0 else 1.0
        x = view["pregame_round"] / 100
        b[self.round + 1] = x if x < 1.0 else 1.0
        self.table.write(view, b, me)
        np_ = len(self.powers)
        nch, characters, powers = len(self.characters), self.characters, self.powers
        character_at, leadership, flags = self.character, self.leadership, self.flags
        bonus_at, hand_at = self.bonus, self.hand
        for entry in view["seats"]:
            k = (entry["seat"] - me) % n
            character = entry["character"]
            if character is not None:
                b[character_at + k * nch + characters[character["id"]]] = 1.0
            x = entry["leadership"] / 200
            b[leadership + k] = x if x < 50.0 else 50.0
            if entry["hungry"]:
                b[flags + 3 * k] = 1.0
            if entry["challenger"]:
                b[flags + 3 * k + 1] = 1.0
            bonus = entry["bonus"]
            if bonus:
                x = bonus / 10
                b[bonus_at + k] = -10.0 if x < -10.0 else x if x < 10.0 else 10.0
            hand = entry["hand"]
            if hand:
                base = hand_at + k * np_
                for power, count in tally(hand).items():
                    x = count / 3
                    b[base + powers[power]] = x if x < 10.0 else 10.0
        head = view["head"]
        if head["character"] is not None:
            b[character_at + n * nch + characters[head["character"]["id"]]] = 1.0
        x = head["leadership"] / 200
        b[leadership + n] = x if x < 50.0 else 50.0
        if head["hungry"]:
            b[flags + 3 * n] = 1.0
        for m, fed in enumerate(view["fed"]):
            if fed:
                b[flags + 3 * (n if m == n else (m - me) % n) + 2] = 1.0
        board = self.board
        for place, member in enumerate(view["board"]):
            b[board + (n if member == "head" else (member - me) % n)] = (place + 1) / (n + 1)
        house = self.house
        x = view["house_total"] / 1000
        b[house] = x if x < 100.0 else 100.0
        x = view["house_score"] / 100
        b[house + 1] = -100.0 if x < -100.0 else x if x < 100.0 else 100.0
        x = view["meter"]["value"] / 500
        b[house + 2] = -100.0 if x < -100.0 else x if x < 100.0 else 100.0
        city_seat = view["city_seat"]
        if isinstance(city_seat, int):
            b[self.city_seat + (city_seat - me) % n] = 1.0
        self._public(view, b)
        paying = view["paying"]
        if paying is not None:
            b[self.paying + self.powers[paying["card"]]] = 1.0
            b[self.paying + np_ + (paying["seat"] - me) % n] = 1.0
            b[self.paying + np_ + n] = min(paying["left"] / 5, 1.0)
        if isinstance(view["warding"], int):
            b[self.warding + (view["warding"] - me) % n] = 1.0
        end = view.get("end")
        if end in END:
            b[self.end + END[end]] = 1.0
        if view.get("usurper") == me:
            b[self.end + len(END)] = 1.0

    def forget(self) -> None:
        self._last = (None, array("f"))

    def _public(self, view: View, b: Buffer) -> None:
        """The meter's thresholds, the pantry, the city, the clans, the draft pool and the power
        deck: the same for every seat.  The encoding of the city and the clans is kept and copied
        while they equal the last ones (compared in C, as JSON values; the game's views share one
        object for each while it does not change, which compares at once)."""
        at = self.reached
        for threshold in view["meter"]["thresholds"]:
            if threshold["reached"]:
                b[at] = 1.0
            at += 1
        at, humans = self.pantry, self.humans
        for human, count in view["pantry"].items():
            if count:
                x = count / 5
                b[at + humans[human]] = x if x < 20.0 else 20.0
        city, clans = view["city"], view["clans"]
        start, end = self.kept
        last, block = self._last
        if (
            last is not None
            and (city is last[0] or city == last[0])
            and (clans is last[1] or clans == last[1])
        ):
            b[start:end] = block
        else:
            self._city(city, b)
            for row in clans:
                c = self.clan_rows + 3 * self.clans[row["name"]]
                b[c] = max(-100.0, min(row["score"] / 100, 100.0))
                b[c + 1] = min(row["meeples_left"] / 3, 100.0)
                b[c + 2] = min(row["claim_left"] / 5, 100.0)
            self._last = ((city, clans), b[start:end])
        pool = view["pool"]
        if pool:
            for power, count in tally(pool).items():
                b[self.pool + self.powers[power]] = min(count / 3, 10.0)
        at = self.deck
        counts = view["power_deck"]
        if list(counts) == self.power_list:  # the view lists them in the data's order
            for count, copies in zip(counts.values(), self.copies, strict=True):
                if count:
                    x = count / copies
                    b[at] = x if x < 10.0 else 10.0
                at += 1
        else:
            for power, count in counts.items():
                k = self.powers[power]
                b[at + k] = min(count / self.copies[k], 10.0)
        x = view["power_discard"] / 24
        b[self.deck + len(self.powers)] = x if x < 10.0 else 10.0

    def _city(self, city: list[Any], b: Buffer) -> None:
        nh, nc = len(self.humans), len(self.clans)
        for i, location in enumerate(city):
            humans = location["humans"]
            if list(humans) == self.human_list:  # the view lists them in the data's order
                at = self.city_humans + i * nh
                b[at : at + nh] = array("f", [min(count * 0.2, 20.0) for count in humans.values()])
            else:
                for human, count in humans.items():
                    b[self.city_humans + i * nh + self.humans[human]] = min(count / 5, 20.0)
            if location["meeples"]:
                share = 1 / max(1, location["slots"])
                for clan, count in tally(location["meeples"]).items():
                    b[self.meeples + i * nc + self.clans[clan]] = min(count * share, 1.0)
