"""MegaCorps' encoding (docs/envs.md).

Actions are a verb, a code and a number; the enumeration lists every verb with every code it can
take (companies, countries, industries, event cards, sides, ``merc``) and every number in a bounded
range: seats, the bank's mercenaries, prices up to the data's ``max_price``, trade amounts, and
bids.  Bids are exact from 0 to 511; above, they are bucketed by 64 (``bid 512`` stands for 512 to
575, ``bid 576`` for 576 to 639, ... up to 4095) and ``bid 4096`` for 4096 and more.  A bucket's
index is legal when any bid in it is (bids are legal from 0 to the seat's money, so the bucket's
first amount, which its index plays, is legal too).  ``leave`` and the moves about offers
made at any time (``propose``, ``withdraw 4``, ``accept 4``...) are never legal actions, so they are
not enumerated.
"""

from __future__ import annotations

from array import array
from typing import Any

from ..games.megacorps.actions import BARE
from ..games.megacorps.board import DORMANT, NATIONALIZED, SYNDICALIZED, UNOWNED
from ..games.megacorps.data import GOVERNMENTS
from ..games.megacorps.phases import PHASE_NAMES
from ..games.megacorps.trade import AMOUNTS
from .encoding import Buffer, Encoding, UnknownAction, View, me_of, names_index, tally

PHASES = names_index(PHASE_NAMES)
GOVERNMENT = names_index(GOVERNMENTS)
MARKERS = {UNOWNED: 0, NATIONALIZED: 1, SYNDICALIZED: 2, DORMANT: 3}
EXACT_BIDS = 512
BUCKET = 64
LAST_BUCKET = 4096
ROUND_NUMBERS = (("round", 10), ("offers_left", 3), ("draft_left", 3), ("deck", 60), ("box", 5))
DECISION_SEATS = ("buyer", "seller", "attacker", "defender", "from", "to")
DECISION_NUMBERS = ("price", "lent", "lap", "attack", "defence", "modifier", "mine")


def one_hot(size: int, at: int) -> bytes:
    """The float32 bytes of ``size`` numbers, 1 at ``at``, 0 elsewhere."""
    block = array("f", bytes(4 * size))
    block[at] = 1.0
    return block.tobytes()


def bid_bucket(amount: int) -> int:
    """The amount whose index stands for a bid of ``amount``."""
    if amount < EXACT_BIDS:
        return amount
    if amount >= LAST_BUCKET:
        return LAST_BUCKET
    return EXACT_BIDS + (amount - EXACT_BIDS) // BUCKET * BUCKET


def action_texts(game: Any) -> list[str]:
    board = game.board
    economy = game.data.economy
    n = game.players
    companies = list(board.company_code)
    countries = [c.code for c in board.countries]
    industries = [i.code for i in board.industries]
    events = [e.code for e in board.events]
    top = economy.max_price
    texts = sorted(BARE - {"leave"})
    for verb in ("take", "buy", "intervene"):
        texts += [f"{verb} {c}" for c in companies]
    texts += [f"payout {i}" for i in industries]
    texts += [f"war {c}" for c in countries]
    texts += [f"play {e}" for e in events]
    texts += [f"target {code}" for code in (*companies, *countries, *industries)]
    texts += ["aid a", "aid d"]
    texts += [f"offer {s}" for s in range(n)] + [f"vote {s}" for s in range(n)]
    texts += [f"bank {k}" for k in range(len(companies) + 1)]
    texts += [f"price {p}" for p in range(top + 1)]
    texts += [f"sell {side} {p}" for side in "ad" for p in range(1, top + 1)]
    bids = [*range(EXACT_BIDS), *range(EXACT_BIDS, LAST_BUCKET, BUCKET), LAST_BUCKET]
    texts += [f"bid {b}" for b in bids]
    for verb in ("give", "ask"):
        texts += [f"{verb} {a}" for a in AMOUNTS]
        texts += [f"{verb} {code}" for code in ("merc", *companies, *countries)]
    texts += [f"give {e}" for e in events]
    return texts


class MegaCorpsEncoding(Encoding[Any]):
    def __init__(self, game: Any) -> None:
        super().__init__(game, action_texts(game))
        n = self.players
        board = game.board
        self.companies = names_index(board.company_code)
        self.countries = names_index([c.code for c in board.countries])
        self.owned = names_index([c.code for c in board.countries if not c.neutral])
        self.industries = names_index([i.code for i in board.industries])
        self.events = names_index([e.code for e in board.events])
        self.copies = [max(1, e.copies) for e in board.events]
        self.corporations = names_index([c.code for c in game.data.corporations])
        self.max_price = float(game.data.economy.max_price)
        nc, nk, ni, ne = len(self.companies), len(self.countries), len(self.industries), len(self.events)
        lay = self.layout
        self.phase = lay.add("phase", len(PHASES), "the phase (one-hot)")
        self.round = lay.add(
            "round", 5, "round / 10, offers left / 3, draft left / 3, deck / 60, box / 5", high=10.0
        )
        self.seats = lay.add(
            "seat_flags",
            6 * n,
            "per seat: asked now, its turn, active, holds Paid, left, winner (egocentric)",
        )
        self.numbers = lay.add(
            "seat_numbers", 3 * n, "per seat: money / 100, mercenaries / 5, cards / 5", high=100.0
        )
        self.corps = lay.add("corporation", n * len(self.corporations), "per seat: its corporation (one-hot)")
        self.flags = lay.add("flags", 2, "an industry paid out by an Action this round, clones in play")
        self.discard = lay.add("discard", ne, "event cards of each kind in the discard pile / copies")
        self.owner = lay.add(
            "company_owner", nc * (n + 4), "per company: its owner (egocentric seat, or unowned, "
            "nationalized, syndicalized, not built; one-hot)",
        )  # fmt: skip
        self.country = lay.add(
            "country_owner", len(self.owned) * (n + 1), "per non-neutral country: owner or none"
        )
        self.government = lay.add("government", nk * len(GOVERNMENT), "per country: its government (one-hot)")
        self.decision = lay.add(
            "decision", ne + nc + nk + ni + 2,
            "the decision's card, company, country, industry (one-hot each), side a/d",
        )  # fmt: skip
        self.who = lay.add(
            "decision_seats", len(DECISION_SEATS) * n, "buyer, seller, attacker, defender, from, to"
        )
        self.amounts = lay.add(
            "decision_numbers", len(DECISION_NUMBERS) + n, "price / max price, mercenaries lent / 5, "
            "lap / 3, attack / 20, defence / 20, payout modifier / 5, my sealed choice / 100, "
            "payout per seat / 20", low=-10.0, high=100.0,
        )  # fmt: skip
        self.decided = lay.add("decided", n, "seats whose sealed choice is in (egocentric)")
        self.offer = lay.add(
            "offer", 2 * (3 + nc + nk + ne), "the offer: given, then asked: money / 20, mercenaries / 3, "
            "a card, each company, each country, each event card", high=100.0,
        )  # fmt: skip
        self.hand = lay.add("hand", ne, "my event cards by kind / copies")
        self.known = lay.add("known", n * ne, "per seat: event cards I know it holds")
        if self.country != self.owner + nc * (n + 4) or self.government != self.country + len(self.owned) * (
            n + 1
        ):
            raise AssertionError("the board's three sections must be side by side")
        # where each key of a decision goes: seats (one-hot, egocentric), numbers (scaled), codes
        self.decision_seats = {key: self.who + i * n for i, key in enumerate(DECISION_SEATS)}
        scales = (self.max_price, 5, 3, 20, 20, 5, 100)
        self.decision_numbers = {key: (self.amounts + i, scales[i]) for i, key in enumerate(DECISION_NUMBERS)}
        d = self.decision
        self.decision_codes = {
            "card": (d, self.events),
            "company": (d + ne, self.companies),
            "country": (d + ne + nc, self.countries),
            "industry": (d + ne + nc + nk, self.industries),
        }
        self.side = d + ne + nc + nk + ni
        self.company_list = list(self.companies)
        self.owned_list = list(self.owned)
        self.country_list = list(self.countries)
        # per observing seat, per owner (a seat, or a marker: -4..-1): the bytes of a company's
        # one-hot block, and of a country's (-1: nobody); per government, its one-hot block
        self.owner_blocks = [
            {o: one_hot(n + 4, (o - me) % n if o >= 0 else n + MARKERS[o]) for o in (*MARKERS, *range(n))}
            for me in range(n)
        ]
        self.country_blocks = [{o: one_hot(n + 1, (o - me) % n if o >= 0 else n) for o in range(-1, n)}
                               for me in range(n)]  # fmt: skip
        self.government_blocks = {g: one_hot(len(GOVERNMENT), k) for g, k in GOVERNMENT.items()}

    def index_outside(self, text: str) -> int:
        verb, _, amount = text.partition(" ")
        if verb == "bid" and amount.isdigit():
            return self.index[f"bid {bid_bucket(int(amount))}"]
        return super().index_outside(text)

    def write(self, view: View, b: Buffer) -> None:
        me = me_of(view)
        n = self.players
        b[self.phase + PHASES[view["phase"]]] = 1.0
        # caps are written as conditional expressions: cheaper than calls of min
        at = self.round
        for key, scale in ROUND_NUMBERS:
            x = view[key] / scale
            b[at] = x if x < 10.0 else 10.0
            at += 1
        s = self.seats
        for seat in view["to_act"]:
            b[s + (seat - me) % n] = 1.0
        for key, at in (("turn", s + n), ("active", s + 2 * n), ("paid", s + 3 * n)):
            seat = view[key]
            if isinstance(seat, int) and seat >= 0:
                b[at + (seat - me) % n] = 1.0
        at = s + 4 * n
        for seat, gone in enumerate(view["left"]):
            if gone:
                b[at + (seat - me) % n] = 1.0
        at = s + 5 * n
        for seat in view["winners"]:
            b[at + (seat - me) % n] = 1.0
        nums, corps, corporations = self.numbers, self.corps, self.corporations
        width = len(corporations)
        money, mercs, cards, played = view["money"], view["mercs"], view["cards"], view["corporations"]
        for seat in range(n):
            r = (seat - me) % n
            at = nums + 3 * r
            x = money[seat] / 100
            b[at] = x if x < 100.0 else 100.0
            x = mercs[seat] / 5
            b[at + 1] = x if x < 100.0 else 100.0
            x = cards[seat] / 5
            b[at + 2] = x if x < 100.0 else 100.0
            b[corps + r * width + corporations[played[seat]]] = 1.0
        if view["payout_done"]:
            b[self.flags] = 1.0
        if view["clones"]:
            b[self.flags + 1] = 1.0
        events, copies = self.events, self.copies
        discard = view["discard"]
        if discard:
            for code, count in tally(discard).items():
                k = events[code]
                b[self.discard + k] = count / copies[k]
        self._board(view, me, b)
        decision = view["decision"]
        if decision:
            self._decision(decision, me, b)
        hand = view.get("hand")
        if hand:
            for code, count in tally(hand).items():
                k = events[code]
                b[self.hand + k] = count / copies[k]
        known = view.get("known")
        if known:
            ne = len(events)
            for seat, code in known:
                b[self.known + ((seat - me) % n) * ne + events[code]] = 1.0

    def _board(self, view: View, me: int, b: Buffer) -> None:
        """Owners and governments: three sections side by side, all one-hot blocks.  When the
        view lists companies and countries in board order (the game's views do), each block's
        bytes are looked up and the three sections written at once."""
        owners, countries, governments = view["companies"], view["countries"], view["governments"]
        in_order = list(owners) == self.company_list and list(countries) == self.owned_list
        if in_order and list(governments) == self.country_list:
            blocks = b"".join(
                (
                    b"".join(map(self.owner_blocks[me].__getitem__, owners.values())),
                    b"".join(map(self.country_blocks[me].__getitem__, countries.values())),
                    b"".join(map(self.government_blocks.__getitem__, governments.values())),
                )
            )
            b[self.owner : self.government + len(self.countries) * len(GOVERNMENT)] = array("f", blocks)
            return
        n = self.players
        for code, owner in owners.items():
            base = self.owner + self.companies[code] * (n + 4)
            b[base + ((owner - me) % n if owner >= 0 else n + MARKERS[owner])] = 1.0
        for code, owner in countries.items():
            base = self.country + self.owned[code] * (n + 1)
            b[base + ((owner - me) % n if owner >= 0 else n)] = 1.0
        ng = len(GOVERNMENT)
        index = self.countries
        for code, government in governments.items():
            b[self.government + index[code] * ng + GOVERNMENT[government]] = 1.0

    def _decision(self, d: View, me: int, b: Buffer) -> None:
        """The decision's keys, each written where it goes (a decision has a few of them)."""
        n = self.players
        seats, numbers, codes = self.decision_seats, self.decision_numbers, self.decision_codes
        for key, value in d.items():
            if key in seats:
                if isinstance(value, int) and value >= 0:
                    b[seats[key] + (value - me) % n] = 1.0
            elif key in numbers:
                if isinstance(value, int):
                    at, scale = numbers[key]
                    x = value / scale
                    b[at] = -10.0 if x < -10.0 else x if x < 100.0 else 100.0
            elif key in codes:
                at, index = codes[key]
                b[at + index[value]] = 1.0
            elif key == "side":
                b[self.side + (0 if value == "a" else 1)] = 1.0
            elif key == "paid":
                if isinstance(value, list):
                    at = self.amounts + len(DECISION_NUMBERS)
                    for seat, amount in enumerate(value):
                        x = amount / 20
                        b[at + (seat - me) % n] = -10.0 if x < -10.0 else x if x < 100.0 else 100.0
            elif key == "decided":
                for seat in value:
                    b[self.decided + (seat - me) % n] = 1.0
            elif key in ("give", "ask") and value:
                width = 3 + len(self.companies) + len(self.countries) + len(self.events)
                self._items(value, self.offer + (0 if key == "give" else width), b)

    def _items(self, items: list[str], base: int, b: Buffer) -> None:
        nc, nk = len(self.companies), len(self.countries)
        mercs = 0
        for item in items:
            if item.isdigit():
                b[base] = min(int(item) / 20, 100.0)
            elif item == "merc":
                mercs += 1
            elif item == "card":
                b[base + 2] = 1.0
            elif item in self.companies:
                b[base + 3 + self.companies[item]] = 1.0
            elif item in self.countries:
                b[base + 3 + nc + self.countries[item]] = 1.0
            elif item in self.events:
                b[base + 3 + nc + nk + self.events[item]] = 1.0
            else:
                raise UnknownAction(f"megacorps: an offer's item {item!r} is not known")
        b[base + 1] = min(mercs / 3, 100.0)
