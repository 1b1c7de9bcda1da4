"""Megalomania's encoding (docs/envs.md): its interned actions in a fixed order (cards x the six
card verbs, seats, colours, resources, scrolls, the plain words) and the table as card bit sets."""

from __future__ import annotations

from array import array
from typing import Any

from ..games.megalomania import actions as M
from ..games.megalomania.actions import RESOURCES
from ..games.megalomania.cards import CARD_TEXT, COLOURS
from ..games.megalomania.phases import PHASE_NAMES
from ..games.megalomania.scrolls import ASK_NAMES
from .encoding import Buffer, Encoding, View, me_of, names_index

CARDS = names_index(CARD_TEXT)
NC = len(CARD_TEXT)
COLOUR = names_index(COLOURS)
PHASES = names_index(PHASE_NAMES)
ASKS = {name: i for i, name in enumerate(ASK_NAMES) if name is not None}
RESOURCE = names_index(RESOURCES)
SCROLLS = 21  # scrolls 1-20; slot 0 unused
PER_SEAT = 12  # numbers per seat, see SEAT_NUMBERS
SEAT_NUMBERS = (
    "cards in hand / 8, face down / 8, set aside / 8, crystals / 5, cubes / 10, scrolls / 3, "
    "discarded scrolls / 3, laid / 8, pile / 8, giving / 8, tricks / 8, score / 20"
)


def action_texts(players: int) -> list[str]:
    """Every Megalomania action, in a fixed order (seats limited to the player count)."""
    groups: list[tuple[M.Action, ...]] = [
        M.PLAY, M.PLAY_POWER, M.RETURN, M.GIVE, M.LAY, M.PILE,
        M.LEAD[:players], M.SWAP[:players], M.LEADER[:players],
        M.COLOUR, M.DOMINANT, M.CALL, M.DECLARE, M.TAKE, M.DECIDE,
        M.USE[1:], M.ECHO[1:], M.KEEP[1:], tuple(M.POWER_AS.values()),
        (M.POWER, M.CUBE_UP, M.CUBE_DOWN, M.DONE, M.PASS, M.LAST, M.STEAL),
    ]  # fmt: skip
    return [str(a) for group in groups for a in group]


class MegalomaniaEncoding(Encoding[Any]):
    def __init__(self, game: Any) -> None:
        super().__init__(game, action_texts(game.players))
        n = self.players
        self.missions = {number: i for i, number in enumerate(sorted(game.missions))}
        nm = len(self.missions)
        lay = self.layout
        self.phase = lay.add("phase", len(PHASES), "the phase (one-hot)")
        self.round = lay.add("round", 2, "round / 12, cards dealt each / 8")
        self.dealer = lay.add("dealer", n, "the dealer (one-hot, egocentric)")
        self.to_act = lay.add("to_act", n, "the seat to act (one-hot, egocentric)")
        self.queue = lay.add("queue", n, "seats still to act in this step (egocentric)")
        self.dominant = lay.add("dominant", 8, "the dominant colour now, and the round's (one-hot each)")
        self.mission = lay.add(
            "mission", nm + 1, "the round's mission (one-hot), its points / 10", low=-10.0, high=10.0
        )
        self.played = lay.add("missions_played", nm, "missions played so far")
        self.turned = lay.add("turned", NC, "cards turned this round (mission 14)")
        self.asking = lay.add(
            "asking", len(ASKS) + 4, "the scroll question asked (one-hot), the called colour"
        )
        self.effect = lay.add(
            "scroll_effect", SCROLLS + 2 * n + 1, "the round's lasting scroll, its seat, its leader, spent"
        )
        self.round_scrolls = lay.add("round_scrolls", n * SCROLLS, "per seat: scrolls used this round")
        self.used = lay.add(
            "used_scrolls",
            SCROLLS + 3,
            "scrolls used this game (by number 1-20), scrolls drawn / 3, "
            "missions left / 24, scrolls left / 20",
        )
        self.trick = lay.add(
            "trick", 3 * n + 4 + 8 + n, "leader, taking, Farmer's choice (seats), lead colour, Dwarf, "
            "Wizard, Knight, Emperor played, declared colour, deferred seat"
        )  # fmt: skip
        self.plays = lay.add(
            "trick_plays", n * (n + NC + 4 + 4), "per play in order: seat, card, colour, value / 10, power, "
            "cubes / 5, advantage", low=-10.0, high=10.0,
        )  # fmt: skip
        self.won = lay.add("tricks_won", n * NC, "per seat: cards in the tricks it took this round")
        self.explored = lay.add("explored", NC + 1, "the Explorer's card (one-hot), undealt / 32")
        self.seats = lay.add("seat_numbers", n * PER_SEAT, f"per seat: {SEAT_NUMBERS}", low=-50.0, high=50.0)
        self.resources = lay.add("resources", n * 10, "per seat: its resource and second resource (one-hot)")
        self.table = lay.add("table_cards", n * NC, "per seat: cards face up on the table")
        self.known = lay.add("known_cards", n * NC, "per seat: cards shown to all")
        self.shown = lay.add("shown_scroll", n, "per seat: holds scroll 5 (shown when drawn)")
        self.bonus = lay.add("round_bonus", n, "per seat: bonus points this round / 10", low=-10.0, high=10.0)
        self.hand = lay.add("hand", NC, "my hand")
        self.mine = lay.add("my_cards", 4 * NC, "my laid-out cards, first pile, cards to give, set aside")
        self.scrolls = lay.add("my_scrolls", 3 * SCROLLS, "my scrolls, my discarded scrolls, scrolls I drew")
        self.knows = lay.add(
            "knows", n * (NC + 4), "per seat: cards I know it holds, colours I know it lacks"
        )

    def write(self, view: View, b: Buffer) -> None:
        me = me_of(view)
        n = self.players
        cards = CARDS
        b[self.phase + PHASES[view["phase"]]] = 1.0
        b[self.round] = view["round"] / 12
        b[self.round + 1] = min(view["cards_each"] / 8, 1.0)
        b[self.dealer + (view["dealer"] - me) % n] = 1.0
        acting = view["to_act"]
        if isinstance(acting, int):
            b[self.to_act + (acting - me) % n] = 1.0
        for seat in view["queue"]:
            b[self.queue + (seat - me) % n] = 1.0
        if view["dominant"] is not None:
            b[self.dominant + COLOUR[view["dominant"]]] = 1.0
        if view["round_dominant"] is not None:
            b[self.dominant + 4 + COLOUR[view["round_dominant"]]] = 1.0
        mission = view["mission"]
        if mission:
            b[self.mission + self.missions[mission["number"]]] = 1.0
            b[self.mission + len(self.missions)] = max(-10.0, min(mission["points"] / 10, 10.0))
        for number in view["missions_played"]:
            b[self.played + self.missions[number]] = 1.0
        for text in view["turned"]:
            b[self.turned + cards[text]] = 1.0
        if view["asking"] is not None:
            b[self.asking + ASKS[view["asking"]]] = 1.0
        if view["call"] is not None:
            b[self.asking + len(ASKS) + COLOUR[view["call"]]] = 1.0
        effect = view["scroll_effect"]
        if effect is not None:
            b[self.effect + effect["scroll"]] = 1.0
            b[self.effect + SCROLLS + (effect["seat"] - me) % n] = 1.0
            if effect["leader"] is not None:
                b[self.effect + SCROLLS + n + (effect["leader"] - me) % n] = 1.0
            if effect["spent"]:
                b[self.effect + SCROLLS + 2 * n] = 1.0
        for entry in view["round_scrolls"]:
            b[self.round_scrolls + ((entry["seat"] - me) % n) * SCROLLS + entry["scroll"]] = 1.0
        for number in view["used_scrolls"]:
            b[self.used + number] = 1.0
        b[self.used + SCROLLS] = min(view["drawn_scrolls"] / 3, 1.0)
        decks = view["decks"]
        b[self.used + SCROLLS + 1] = min(decks["missions"] / 24, 1.0)
        b[self.used + SCROLLS + 2] = min(decks["scrolls"] / 20, 1.0)
        self._trick(view["trick"], me, b)
        for trick in view["tricks"]:
            base = self.won + ((trick["winner"] - me) % n) * NC
            for text in trick["cards"]:
                b[base + cards[text]] = 1.0
        if view["explored"] is not None:
            b[self.explored + cards[view["explored"]]] = 1.0
        b[self.explored + NC] = view["undealt"] / 32
        bonus = view["round_bonus"]
        for entry in view["seats"]:
            self._seat(entry, (entry["seat"] - me) % n, b)
        for seat in range(n):
            b[self.bonus + (seat - me) % n] = max(-10.0, min(bonus[seat] / 10, 10.0))
        mine = view["seats"][me] if view.get("seat") is not None else None
        if mine is not None and "hand" in mine:
            self._private(mine, me, b)

    def _trick(self, trick: View, me: int, b: Buffer) -> None:
        n = self.players
        t = self.trick
        for key, at in (
            ("leader", t),
            ("taking", t + n),
            ("farmer", t + 2 * n),
            ("deferred", t + 3 * n + 12),
        ):
            seat = trick[key]
            if isinstance(seat, int) and seat >= 0:
                b[at + (seat - me) % n] = 1.0
        if trick["lead"] is not None:
            b[t + 3 * n + COLOUR[trick["lead"]]] = 1.0
        for i, key in enumerate(("dwarf", "wizard", "knight", "emperor")):
            if trick[key]:
                b[t + 3 * n + 4 + i] = 1.0
        if trick["declared"] is not None:
            b[t + 3 * n + 8 + COLOUR[trick["declared"]]] = 1.0
        width = n + NC + 8
        for i, play in enumerate(trick["plays"][:n]):
            base = self.plays + i * width
            b[base + (play["seat"] - me) % n] = 1.0
            b[base + n + CARDS[play["card"]]] = 1.0
            b[base + n + NC + COLOUR[play["colour"]]] = 1.0
            b[base + n + NC + 4] = max(-10.0, min(play["value"] / 10, 10.0))
            if play["power"]:
                b[base + n + NC + 5] = 1.0
            b[base + n + NC + 6] = max(-10.0, min(play["cubes"] / 5, 10.0))
            if play["advantage"]:
                b[base + n + NC + 7] = 1.0

    def _seat(self, entry: View, r: int, b: Buffer) -> None:
        base = self.seats + r * PER_SEAT
        e = entry
        b[base : base + PER_SEAT] = array(
            "f",
            [
                e["cards"] * 0.125, e["face_down"] * 0.125, e["set_aside"] * 0.125,
                min(e["crystals"] * 0.2, 50.0), min(e["cubes"] * 0.1, 50.0), min(e["scrolls"] / 3, 50.0),
                min(e["discarded_scrolls"] / 3, 50.0), e["laid"] * 0.125, e["pile"] * 0.125,
                e["giving"] * 0.125, e["tricks"] * 0.125, max(-50.0, min(e["score"] * 0.05, 50.0)),
            ],
        )  # fmt: skip
        resource, second = e["resource"], e["resource2"]
        b[self.resources + r * 10 + (4 if resource is None else RESOURCE[resource])] = 1.0
        if second is not None:
            b[self.resources + r * 10 + 5 + RESOURCE[second]] = 1.0
        if e["table"]:
            for text in e["table"]:
                b[self.table + r * NC + CARDS[text]] = 1.0
        if e["known_cards"]:
            for text in e["known_cards"]:
                b[self.known + r * NC + CARDS[text]] = 1.0
        if e["shown_scrolls"]:
            b[self.shown + r] = 1.0

    def _private(self, mine: View, me: int, b: Buffer) -> None:
        n = self.players
        for text in mine["hand"]:
            b[self.hand + CARDS[text]] = 1.0
        for i, key in enumerate(("laid_cards", "pile_cards", "giving_cards", "set_aside_cards")):
            for text in mine[key]:
                b[self.mine + i * NC + CARDS[text]] = 1.0
        for i, key in enumerate(("scroll_numbers", "discarded_scroll_numbers", "drawn_scrolls")):
            for number in mine[key]:
                b[self.scrolls + i * SCROLLS + number] = 1.0
        width = NC + 4
        for seat, known in enumerate(mine["knows"]):
            base = self.knows + ((seat - me) % n) * width
            for text in known:
                b[base + CARDS[text]] = 1.0
        for seat, lacking in enumerate(mine["knows_no"]):
            base = self.knows + ((seat - me) % n) * width + NC
            for colour in lacking:
                b[base + COLOUR[colour]] = 1.0
