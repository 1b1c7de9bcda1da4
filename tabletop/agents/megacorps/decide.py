"""The MegaCorps heuristic's decisions (heuristic.py describes them), one method per phase.

Compiled with mypyc beside the rules (setup.py), with the reckoning it calls (position.py, worth.py,
countries.py, cards.py, trades.py): the heuristic values the position and every move it weighs at
each decision.  The bot class (heuristic.py) stays interpreted, so that any bot may derive from it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Final, cast

from ...core.protocol import JSON
from ...games.megacorps.actions import Action
from ...games.megacorps.game import MegaCorps
from .cards import CARD_MIN, PAYOUT_CARD_MIN, best_card_play, card_gain
from .countries import (
    WAR_MARGIN,
    WAR_MIN,
    attack_total,
    auction_bid,
    bank_mercenaries,
    defence_total,
    free_mercenaries,
    media_votes,
    near_monopoly,
    needs_permission,
    war_outcome,
    would_veto,
)
from .position import Model, intervened, paid_out, with_country
from .trades import ACCEPT_MIN, best_offer, next_offer_step, trade_gain
from .worth import CARD_VALUE, MERC_VALUE, Judge

# ---------------------------------------------------------------------------- tuning
MERC_PRICE: Final = 3  # what it asks for a mercenary from a player who is no threat


def _text(action: Action) -> str:
    return action.text


def pick(legal: Sequence[Action], text: str) -> Action | None:
    for a in legal:
        if a.text == text:
            return a
    return None


class Decider:
    """One decision of one seat, from its view: one method per phase."""

    def __init__(self, game: MegaCorps, view: dict[str, JSON], seat: int, legal: Sequence[Action]) -> None:
        self.game = game
        self.view = view
        self.seat = seat
        self.legal = legal
        self.m = Model.from_view(game, view)
        self.t = self.m.t
        self._judge: Judge | None = None
        self.decision = cast(dict[str, Any], view.get("decision") or {})

    @property
    def judge(self) -> Judge:
        """The seat's judge of this position, made once needed (not all decisions need one)."""
        judge = self._judge
        if judge is None:
            judge = self._judge = Judge(self.m, self.seat)
        return judge

    def decide(self) -> Action:
        if len(self.legal) == 1:
            return self.legal[0]
        phase = str(self.view["phase"])
        method = getattr(self, "on_" + phase.replace("-", "_"), None)
        if method is None:
            return self.fallback()
        found: Action | None = method()
        return found if found is not None else self.fallback()

    def fallback(self) -> Action:
        for word in ("pass", "done", "decline", "refuse", "allow", "abstain", "drop", "bid 0", "bank 0"):
            a = pick(self.legal, word)
            if a is not None:
                return a
        return min(self.legal, key=_text)

    # ---------------------------------------------------------------- scoring Actions
    def buy_gain(self, company: int) -> float:
        m, t, me = self.m, self.t, self.seat
        g = self.judge.bought_gain(me, company, t.price)
        if needs_permission(m, me, company) >= 0:
            if near_monopoly(m, me, company):
                return min(g, 0.0) - 1.0  # it will be vetoed
            g *= 0.7
        return g

    def mercenary_plan(self, free_first: bool) -> tuple[float, int]:
        """What buying mercenaries is worth (a war it makes possible next turn) and how many to buy
        from the bank.  ``free_first``: the free ones are still to come (at the turn)."""
        m, t, me = self.m, self.t, self.seat
        free = free_mercenaries(m, me) if free_first else 0
        price = t.economy.bank_mercenary_price
        limit = bank_mercenaries(m)
        if price > 0:
            limit = min(limit, m.money[me] // price)
        best, count = MERC_VALUE * free, 0
        for k, o in enumerate(m.country_owner):
            if o == me or t.neutral[k]:
                continue
            base = attack_total(m, me) + free - defence_total(m, k)
            need = max(0, WAR_MARGIN - base)
            if need > limit:
                continue
            outlook, _ = war_outcome(m, self.judge, me, k, free + need, need * price)
            value = 0.6 * outlook + MERC_VALUE * free
            if outlook >= WAR_MIN and value > best:
                best, count = value, need
        return best, count

    def turn_scores(self, include_cards: bool = True) -> list[tuple[float, Action]]:
        """Every Action of the turn (and card and offer) with its gain in standing."""
        return self.scores(include_cards, True)

    def scores(self, cards: bool, others: bool) -> list[tuple[float, Action]]:
        """``turn_scores`` of the event cards (``cards``) and of the rest (``others``), in the order
        of the legal actions."""
        m, t, me, judge = self.m, self.t, self.seat, self.judge
        scored: list[tuple[float, Action]] = []
        merc_plan: tuple[float, int] | None = None
        for a in self.legal:
            kind = a.kind
            if kind == "play":
                if not cards:
                    continue
                gain, _ = best_card_play(m, judge, me, a.arg)
                event = t.events[t.event_index[a.arg]]
                need = PAYOUT_CARD_MIN if event.effect == "payout" and m.deck > 2 else CARD_MIN
                g = gain if gain >= need else -math.inf
            elif not others:
                continue
            elif kind == "pass":
                g = 0.0
            elif kind == "buy":
                g = self.buy_gain(t.code_of_company[a.arg])
            elif kind == "payout":
                g = judge.paid_gain(me, t.industry_index[a.arg])
            elif kind == "intervene":
                g = judge.gain(intervened(m, me, t.code_of_company[a.arg]))
            elif kind == "mercs":
                if merc_plan is None:
                    merc_plan = self.mercenary_plan(True)
                g = merc_plan[0]
            elif kind == "war":
                k = t.country_index[a.arg]
                g = -1.0
                if attack_total(m, me) - defence_total(m, k) >= WAR_MARGIN:
                    outlook, _ = war_outcome(m, judge, me, k)
                    if outlook >= WAR_MIN:
                        g = outlook
            else:
                continue
            scored.append((g, a))
        return scored

    def on_turn(self) -> Action:
        """A card worth playing first, else the offer it would make, else the best Action: each
        weighed only when the one before is not taken."""
        m, me = self.m, self.seat
        cards = [(g, a) for g, a in self.scores(True, False) if g > -math.inf]
        if cards:
            return max(cards, key=lambda x: (x[0], x[1].text))[1]
        if self.view.get("offers_left") == self.t.economy.trade_offers:
            offer = best_offer(m, self.judge, me)
            if offer is not None:
                found = pick(self.legal, f"offer {offer.to}")
                if found is not None:
                    return found
        actions = self.scores(False, True)
        return max(actions, key=lambda x: (x[0], x[1].kind == "pass", x[1].text))[1]

    def on_draft(self) -> Action:
        t, me = self.t, self.seat
        return max(
            self.legal,
            key=lambda a: (self.judge.bought_gain(me, t.code_of_company[a.arg], 0), a.text),
        )

    def on_rebuy(self) -> Action:
        codes = self.t.code_of_company
        scored = [(0.0 if a.kind == "pass" else self.buy_gain(codes[a.arg]), a) for a in self.legal]
        return max(scored, key=lambda x: (x[0], x[1].kind == "pass", x[1].text))[1]

    def on_target(self) -> Action:
        m, me = self.m, self.seat
        discard = cast(list[str], self.view["discard"])
        code = discard[-1]
        return max(self.legal, key=lambda a: (card_gain(m, self.judge, me, code, a.arg), a.text))

    def on_veto(self) -> Action:
        company = self.t.code_of_company[str(self.decision["company"])]
        buyer = int(self.decision["buyer"])
        veto = would_veto(self.m, self.seat, buyer, company)
        return pick(self.legal, "veto" if veto else "allow") or self.fallback()

    def on_bank(self) -> Action:
        _, count = self.mercenary_plan(False)
        top = max(a.num for a in self.legal)
        return pick(self.legal, f"bank {min(count, top)}") or self.fallback()

    def on_price(self) -> Action:
        buyer = int(self.decision["buyer"])
        if self.threatens(buyer) or self.leader() == buyer:
            return pick(self.legal, "refuse") or self.fallback()
        prices = [a.num for a in self.legal if a.kind == "price"]
        price = min(MERC_PRICE, max(prices))
        return pick(self.legal, f"price {price}") or self.fallback()

    def on_pay(self) -> Action:
        price = int(self.decision["price"])
        value, _ = self.mercenary_plan(False)
        worth = 3 if value > MERC_VALUE else 1
        return pick(self.legal, "pay" if price <= worth else "decline") or self.fallback()

    def war_stake(self) -> tuple[float, int, int]:
        """How much more my standing is if the attacker wins than if the defender does (the winner's
        intervention aside); the attack and the defence so far."""
        m, t = self.m, self.t
        k = t.country_index[str(self.decision["country"])]
        attacker = int(self.decision["attacker"])
        attack, defence = int(self.decision["attack"]), int(self.decision["defence"])
        return self.judge.gain(with_country(m, k, attacker)), attack, defence

    def on_donate(self) -> Action:
        prefer_a, attack, defence = self.war_stake()
        attacker = int(self.decision["attacker"])
        defender = int(self.decision["defender"])
        if prefer_a <= -2.0 and attack > defence and attack - defence <= 1:
            return pick(self.legal, "aid d") or self.fallback()
        if prefer_a >= 2.0 and attack == defence:
            return pick(self.legal, "aid a") or self.fallback()
        leader = self.leader()
        if abs(prefer_a) < 2.0 and self.m.mercs[self.seat] >= 2:
            for side, receiver in (("a", attacker), ("d", defender)):
                if receiver >= 0 and receiver != leader:
                    found = pick(self.legal, f"sell {side} {MERC_PRICE}")
                    if found is not None:
                        return found
        return pick(self.legal, "done") or self.fallback()

    def on_sale(self) -> Action:
        prefer_a, attack, defence = self.war_stake()
        price = int(self.decision["price"])
        if self.seat == int(self.decision["attacker"]):  # one more mercenary carries the attack
            flips, stake = attack == defence, prefer_a
        else:  # one more holds the defence
            flips, stake = attack == defence + 1, -prefer_a
        worth = max(1.0, 0.5 * stake) if flips else 1.0
        return pick(self.legal, "pay" if price <= worth else "decline") or self.fallback()

    def on_war_gi(self) -> Action:
        m, t, me = self.m, self.t, self.seat
        best, choice = 0.0, pick(self.legal, "pass")
        for a in self.legal:
            if a.kind == "intervene":
                g = self.judge.gain(intervened(m, me, t.code_of_company[a.arg]))
                if g > best:
                    best, choice = g, a
        return choice or self.fallback()

    def on_bid(self) -> Action:
        m, t, me = self.m, self.t, self.seat
        k = t.country_index[str(self.decision["country"])]
        return pick(self.legal, f"bid {auction_bid(m, self.judge, me, k)}") or self.fallback()

    def on_vote(self) -> Action:
        m, me = self.m, self.seat
        votes = media_votes(m)
        players = self.judge.players
        mine = votes[me]
        rivals = sorted((o for o in players if o != me), key=lambda o: (-votes[o], o))
        if not rivals or mine >= votes[rivals[0]]:
            return pick(self.legal, f"vote {me}") or self.fallback()
        favourite = rivals[0]
        leader = self.leader()
        if favourite == leader and len(rivals) > 1 and votes[rivals[1]] + mine >= votes[favourite]:
            return pick(self.legal, f"vote {rivals[1]}") or self.fallback()
        return pick(self.legal, f"vote {me}") or self.fallback()

    def on_respond(self) -> Action:
        m, t, me = self.m, self.t, self.seat
        industry = t.industry_index[str(self.decision["industry"])]
        modifier = int(self.decision["modifier"])
        now = self.judge.gain(paid_out(m, me, industry, False, modifier))
        best, choice = CARD_VALUE + 1.0, pick(self.legal, "pass")
        for a in self.legal:
            if a.kind != "play":
                continue
            event = t.events[t.event_index[a.arg]]
            after = 0 if modifier == -event.amount else event.amount
            g = self.judge.gain(paid_out(m, me, industry, False, after)) - now
            if g > best:
                best, choice = g, a
        return choice or self.fallback()

    def on_compose(self) -> Action:
        to = int(self.decision["to"])
        offer = best_offer(self.m, self._judge, self.seat, only_to=to)  # a judge only if not kept
        if offer is None:
            return pick(self.legal, "drop") or self.fallback()
        give = cast(list[str], self.decision.get("give", []))
        ask = cast(list[str], self.decision.get("ask", []))
        step = next_offer_step(offer, give, ask, self.t.codes)
        return pick(self.legal, step) or pick(self.legal, "drop") or self.fallback()

    def on_answer(self) -> Action:
        giver = int(self.decision["from"])
        give = cast(list[str], self.decision.get("give", []))
        ask = cast(list[str], self.decision.get("ask", []))
        g = trade_gain(self.m, self.judge, self.seat, giver, give, ask)
        return pick(self.legal, "accept" if g >= ACCEPT_MIN else "decline") or self.fallback()

    # ---------------------------------------------------------------- helpers
    def leader(self) -> int:
        v = self.judge.base_values
        return max(self.judge.players, key=lambda s: (v[s], -s))

    def threatens(self, seat: int) -> bool:
        """Whether ``seat`` could win a war against one of my countries with one more mercenary."""
        m, me = self.m, self.seat
        attack = attack_total(m, seat) + 1
        return any(o == me and attack > defence_total(m, k) for k, o in enumerate(m.country_owner))
