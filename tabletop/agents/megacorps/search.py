"""MegaCorps plug-ins for the search bot: a cheap rollout policy, a one-lap evaluation, and the
actions the tree considers.

The rollout is the heuristic (heuristic.py) cut down to what is cheap to read from a full state:
pay out the industry where the seat gains most against its rivals when that gain is large, else
buy the company that adds most to its payouts, steal in its Kleptocracies, go to war with a clear
margin, play a payout card for a large gain; veto a near-monopoly, bid a little, vote for itself,
and decline what costs money (mercenaries' prices, sales).  It never composes a trade (an offer
the tree began is finished as the heuristic would, and answered by the change in the receiver's
standing).  A tenth of its turns are a random choice among its few candidates.

The evaluation stops when every seat has had one turn more (one lap of the table from the
decision) or at the end of the game.  Each seat's reward is its standing, the heuristic's worth
(money plus what its holdings will still earn) against the best rival's and the rivals' mean,
squashed into [-1, 1] by a scale that shrinks as the game nears its end; at the end, the same with
the final money.

The tree considers, at the root, the heuristic's best few Actions (and the event cards and the
trade offer it would make), a few sensible bids, prices and gifts; deeper down, the rollout's
best few.  So a trade offer in the search is one of a small generated set (the heuristic's), and
the bot still faces every offer people make.

They read full states, which is fine: the search only ever holds worlds it sampled itself.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ...core.protocol import State
from ...core.rng import choice
from ...games.megacorps import trade
from ...games.megacorps.actions import Action
from ...games.megacorps.board import UNOWNED
from ...games.megacorps.data import DEMOCRACY, KLEPTOCRACY
from ...games.megacorps.phases import (
    ANSWER,
    BID,
    COMPOSE,
    DONATE,
    DRAFT,
    OVER,
    PAY,
    PRICE,
    REBUY,
    RESPOND,
    SALE,
    TARGET,
    TURN,
    VETO,
    VOTE,
    WAR_GI,
)
from ...games.megacorps.state import MegaCorpsState
from .cards import card_gain
from .countries import MONOPOLY, auction_bid
from .decide import Decider
from .position import Model, tables_of
from .trades import best_offer, next_offer_step, trade_gain
from .worth import PAYOUT_CHANCE, Judge, industry_stats, utility, values

EXPLORE = 0.1  # the rollout's share of random choices among its candidates
ROOT_WIDTH = 6  # the heuristic's best Actions the root considers (besides cards, an offer, pass)
TREE_WIDTH = 3  # the rollout's best Actions a deeper node considers (besides pass)
PAYOUT_MIN = 6.0  # the rollout pays out an industry for at least this gain against its rivals
SCALE = 6.0  # the standing that counts as a clear lead at the end of the game ...
SCALE_PER_ROUND = 1.5  # ... and this much more for every round left
CACHE_SIZE = 2048

PASS = Action("pass")
_CACHE: dict[tuple[Any, ...], list[Action]] = {}


# ---------------------------------------------------------------------------- cheap scores


def _own_share(deck: int, held: int) -> float:
    """The payouts an industry can expect still, roughly: its final one and a share of the
    Payout Actions (more when the seat is in it, as it will call it)."""
    return 1.0 + PAYOUT_CHANCE * deck * (0.3 if held else 0.08)


def cheap_turn_scores(
    state: MegaCorpsState, m: Model, seat: int, stats: tuple[list[int], list[list[int]]] | None = None
) -> list[tuple[float, Action]]:
    """The turn's Actions worth a look, each with a rough gain in money against the rivals."""
    t = m.t
    rates, held = stats or industry_stats(m)
    players = m.players()
    others = [o for o in players if o != seat]
    deck = m.deck
    table = t.table
    scored: list[tuple[float, Action]] = [(0.0, PASS)]
    # pay out
    if m.paid != seat and not m.payout_done and others:
        best, choice = -math.inf, -1
        for i, row in enumerate(held):
            mine = row[seat]
            if mine == 0:
                continue
            rival = max(row[o] for o in others)
            g = rates[i] * (mine - 0.5 * rival - 0.5 * sum(row[o] for o in others) / len(others))
            if g > best:
                best, choice = g, i
        if choice >= 0 and best >= PAYOUT_MIN:
            scored.append((best, Action("payout", t.industries[choice])))
    # buy
    price = t.price
    if m.money[seat] >= price:
        vetoed = state.vetoed
        for c, o in enumerate(m.owner):
            if o != UNOWNED or c in vetoed:
                continue
            i = t.industry[c]
            h = held[i][seat]
            rate = rates[i]
            # in an industry it is in, an unowned competitor fewer
            more = table[max(0, table.index(rate) - 1)] * (h + 1) - rate * h if h else rate
            g = more * _own_share(deck, h + 1) - price
            holder = m.country_owner[t.country[c]]
            if h and holder >= 0 and holder != seat:
                g *= 0.5  # the owner may veto it
            scored.append((g, Action("buy", t.codes[c])))
    # intervene and go to war
    attack = sum(t.force[k] for k, o in enumerate(m.country_owner) if o == seat) + m.mercs[seat]
    for k, o in enumerate(m.country_owner):
        if t.neutral[k]:
            continue
        if o == seat:
            government = m.government[k]
            for c in t.of_country[k]:
                victim = m.owner[c]
                if victim >= 0 and victim != seat:
                    worth = rates[t.industry[c]] * _own_share(deck, held[t.industry[c]][victim])
                    if government == KLEPTOCRACY:
                        g = 2 * worth
                    else:
                        g = 0.3 * worth - (2 if government == DEMOCRACY else 0)
                    scored.append((g, Action("intervene", t.codes[c])))
        elif m.mercs[seat] > 0:
            defence = t.defense[k] + (m.mercs[o] if o >= 0 else 0)
            if attack - defence >= 2:
                prize = sum(
                    rates[t.industry[c]] for c in t.of_country[k] if m.owner[c] >= 0 and m.owner[c] != seat
                )
                bonus = 0.6 if m.government[k] == KLEPTOCRACY else 0.2
                scored.append((2.0 + bonus * prize, Action("war", t.countries[k])))
    return scored


def _payout_card(
    state: MegaCorpsState, m: Model, seat: int, stats: tuple[list[int], list[list[int]]] | None = None
) -> Action | None:
    """A payout card worth playing now, if the seat holds one."""
    board = state.game.board
    for card in state.hands[seat]:
        event = board.events[board.card_kind[card]]
        if event.effect != "payout":
            continue
        rates, held = stats or industry_stats(m)
        others = [o for o in m.players() if o != seat]
        for code in event.industries:
            i = m.t.industry_index[code]
            h = held[i]
            if others and rates[i] * (h[seat] - max(h[o] for o in others)) >= 2 * PAYOUT_MIN:
                return Action("play", event.code)
    return None


def _best_target(state: MegaCorpsState, seat: int, rng: random.Random) -> Action:
    legal = state.legal_actions()
    board = state.game.board
    event = board.events[board.card_kind[state.card]] if state.card >= 0 else None
    if event is not None and event.effect == "payout":
        m = Model.of_state(state)
        rates, held = industry_stats(m)
        t = m.t
        index = t.industry_index
        return max(legal, key=lambda a: (rates[index[a.arg]] * held[index[a.arg]][seat], a.text))
    return choice(rng, legal)


def _cheap_bid(state: MegaCorpsState, seat: int, rng: random.Random) -> int:
    t = tables_of(state.game)
    k = state.target
    prize = sum(3 for c in t.of_country[k] if state.owner[c] >= 0 and state.owner[c] != seat)
    top = min(state.money[seat], 4 + prize)
    return rng.randint(0, max(0, top))


def _draft(state: MegaCorpsState, trade_items: list[int], cards_shown: bool) -> list[str]:
    return trade.describe(state, trade_items, cards_shown)


def _offer_step(state: MegaCorpsState, seat: int) -> str:
    """The next step of the heuristic's offer being composed (cached by the public position)."""
    key = ("compose", *_public_key(state, seat))
    found = _CACHE.get(key)
    if found is None:
        m = Model.of_state(state)
        offer = best_offer(m, Judge(m, seat), seat, only_to=state.offer_to)
        if offer is None:
            step = "drop"
        else:
            give = _draft(state, state.draft_give, True)
            ask = _draft(state, state.draft_ask, False)
            step = next_offer_step(offer, give, ask, m.t.codes)
        found = _remember(key, [Action(*_split(step))])
    return found[0].text


def _split(text: str) -> tuple[str, str, int]:
    verb, _, rest = text.partition(" ")
    if rest.isdigit():
        return verb, "", int(rest)
    return verb, rest, -1


def _answer(state: MegaCorpsState, seat: int) -> Action:
    m = Model.of_state(state)
    give = _draft(state, state.draft_give, True)
    ask = _draft(state, state.draft_ask, False)
    g = trade_gain(m, Judge(m, seat), seat, state.turn, give, ask)
    return Action("accept") if g >= 0.5 else Action("decline")


def megacorps_rollout(state: State[Any], rng: random.Random) -> Any:
    """The heuristic's choice, cut down (see the module's text)."""
    assert isinstance(state, MegaCorpsState)
    phase = state.phase
    seat = state.current_seat
    assert seat is not None
    if phase == TURN:
        m = Model.of_state(state)
        stats = industry_stats(m)
        card = _payout_card(state, m, seat, stats)
        if card is not None:
            return card
        scored = cheap_turn_scores(state, m, seat, stats)
        if rng.random() < EXPLORE:
            scored.sort(key=lambda x: -x[0])
            return choice(rng, scored[: TREE_WIDTH + 1])[1]
        return max(scored, key=lambda x: x[0])[1]
    if phase == DRAFT:
        m = Model.of_state(state)
        scored = [(g + m.t.price, a) for g, a in cheap_turn_scores(state, m, seat) if a.kind == "buy"]
        return Action("take", max(scored, key=lambda x: x[0])[1].arg)
    if phase in (RESPOND, REBUY):
        return PASS
    if phase == VETO:
        t = tables_of(state.game)
        industry = t.industry[state.target]
        mine = sum(1 for c in t.of_industry[industry] if state.owner[c] == state.turn)
        return Action("veto") if mine + 1 >= MONOPOLY else Action("allow")
    if phase == PRICE:
        return Action("refuse")
    if phase in (PAY, SALE):
        return Action("decline")
    if phase == DONATE:
        return Action("done")
    if phase == BID:
        return Action("bid", num=_cheap_bid(state, seat, rng))
    if phase == VOTE:
        return Action("vote", num=seat)
    if phase == TARGET:
        return _best_target(state, seat, rng)
    if phase == WAR_GI:
        legal = state.legal_actions()
        return legal[0]
    if phase == COMPOSE:
        return Action(*_split(_offer_step(state, seat)))
    if phase == ANSWER:
        return _answer(state, seat)
    return Action("bank", num=0)  # BANK: the rollout buys no mercenaries


# ---------------------------------------------------------------------------- the tree's actions


def _public_key(state: MegaCorpsState, seat: int, hand: bool = True) -> tuple[Any, ...]:
    """What a decision of ``seat`` may depend on: the public position and (``hand``) its own
    event cards."""
    board = state.game.board
    return (
        state.n,
        state.game.options.get("data", ""),
        seat,
        state.phase,
        state.turn,
        state.target,
        state.offers_left,
        state.paid,
        state.payout_done,
        len(state.deck),
        state.clones,
        tuple(state.owner),
        tuple(state.country_owner),
        tuple(state.government),
        tuple(state.money),
        tuple(state.mercs),
        tuple(len(h) for h in state.hands),
        tuple(sorted(board.card_kind[c] for c in state.hands[seat])) if hand else (),
        tuple(state.left),
        tuple(state.discard[-1:]),
        state.payout_industry,
        state.payout_modifier,
        tuple(state.pending),
        tuple(state.vetoed),
        state.offer_to,
        tuple(state.draft_give),
        tuple(state.draft_ask),
    )


def _remember(key: tuple[Any, ...], found: list[Action]) -> list[Action]:
    if len(_CACHE) >= CACHE_SIZE:
        _CACHE.clear()
    _CACHE[key] = found
    return found


def _texts(legal: list[Action], wanted: list[str]) -> list[Action]:
    found = {a.text: a for a in legal}
    out: list[Action] = []
    for text in wanted:
        a = found.get(text)
        if a is not None and a not in out:
            out.append(a)
    return out


def root_candidates(state: MegaCorpsState, legal: list[Action], seat: int) -> list[Action]:
    """The heuristic's best few choices of ``seat`` (from its view of the sampled world, which is
    its view of the real one)."""
    key = ("root", *_public_key(state, seat))
    found = _CACHE.get(key)
    if found is not None:
        return found
    decider = Decider(state.game, state.view(seat), seat, legal)
    phase = state.phase
    out: list[Action]
    if phase == TURN:
        scored = decider.turn_scores()
        cards = [a for g, a in scored if a.kind == "play" and g > -math.inf]
        actions = sorted(((g, a) for g, a in scored if a.kind != "play"), key=lambda x: (-x[0], x[1].text))
        out = cards + [a for _, a in actions[:ROOT_WIDTH]]
        if state.offers_left == state.game.data.economy.trade_offers:
            offer = best_offer(decider.m, decider.judge, seat)
            if offer is not None:
                out += _texts(legal, [f"offer {offer.to}"])
        out += _texts(legal, ["pass"])
    elif phase in (DRAFT, REBUY):
        codes = decider.t.code_of_company
        scored = [(decider.buy_gain(codes[a.arg]) if a.kind != "pass" else 0.0, a) for a in legal]
        scored.sort(key=lambda x: (-x[0], x[1].text))
        out = [a for _, a in scored[:ROOT_WIDTH]] + _texts(legal, ["pass"])
    elif phase == TARGET:
        code = state.game.board.card_code(state.card) if state.card >= 0 else ""
        m, judge = decider.m, decider.judge
        scored = [(card_gain(m, judge, seat, code, a.arg) if code else 0.0, a) for a in legal]
        scored.sort(key=lambda x: (-x[0], x[1].text))
        out = [a for _, a in scored[:4]]
    elif phase == BID:
        m = decider.m
        b = auction_bid(m, decider.judge, seat, state.target)
        money = m.money[seat]
        out = _texts(legal, [f"bid {x}" for x in (b, 0, b // 2, min(money, b + 3), min(money, 2 * b + 2))])
    elif phase == PRICE:
        out = _texts(legal, [decider.decide().text, "refuse", "price 0", "price 2", "price 4", "price 8"])
    elif phase == DONATE:
        out = _texts(legal, [decider.decide().text, "done", "aid a", "aid d"])
    elif phase == COMPOSE:
        out = _texts(legal, [decider.decide().text, "drop"])
    else:
        out = list(legal)
    return _remember(key, out or list(legal))


def tree_candidates(state: MegaCorpsState, legal: list[Action], seat: int) -> list[Action]:
    """A deeper node's few choices: the rollout's best few."""
    phase = state.phase
    if phase in (TURN, DRAFT):
        key = ("tree", *_public_key(state, seat, hand=False))
        found = _CACHE.get(key)
        if found is None:
            m = Model.of_state(state)
            scored = cheap_turn_scores(state, m, seat)
            scored.sort(key=lambda x: (-x[0], x[1].text))
            if phase == TURN:
                found = [a for _, a in scored[:TREE_WIDTH]] + [PASS]
            else:
                found = [Action("take", a.arg) for _, a in scored if a.kind == "buy"][:TREE_WIDTH]
            _remember(key, found)
        if phase == TURN:
            card = _payout_card(state, Model.of_state(state), seat)
            if card is not None:
                found = [*found, card]
        return found
    if phase == BID:
        money = state.money[seat]
        return _texts(legal, ["bid 0", f"bid {min(money, 5)}", f"bid {min(money, 12)}"]) or legal
    if phase == PRICE:
        return _texts(legal, ["refuse", "price 3"]) or legal
    if phase == DONATE:
        return _texts(legal, ["done", "aid a", "aid d"]) or legal
    if phase == REBUY:
        return _texts(legal, ["pass"]) or legal
    if phase in (COMPOSE, TARGET):
        return root_candidates(state, legal, seat)
    return legal


class LapEvaluation:
    """Stop when every seat has had one more turn (``laps`` laps of the table), or at the end.
    Reward each seat's standing, squashed into [-1, 1]."""

    def __init__(self, laps: int = 1) -> None:
        self.laps = laps

    @staticmethod
    def progress(state: MegaCorpsState) -> int:
        """Turns begun since the start, roughly (the draft counts as round 0)."""
        n = state.n
        return state.round * n + (state.turn - state.active) % n

    def start(self, state: State[Any]) -> int:
        assert isinstance(state, MegaCorpsState)
        return self.progress(state)

    def done(self, state: State[Any], marker: int) -> bool:
        assert isinstance(state, MegaCorpsState)
        return state.phase == OVER or self.progress(state) >= marker + self.laps * state.n

    def rewards(self, state: State[Any], marker: int) -> list[float]:
        assert isinstance(state, MegaCorpsState)
        m = Model.of_state(state)
        players = m.players()
        if state.phase == OVER:
            v = [float(x) for x in state.money]
            scale = SCALE
        else:
            v = values(m)
            scale = SCALE + SCALE_PER_ROUND * len(state.deck)
        out = [-1.0] * state.n
        for s in players:
            out[s] = math.tanh(utility(v, s, players) / scale)
        return out

    def candidates(self, state: State[Any], seat: int, legal: list[Any], depth: int) -> list[Any]:
        """The actions the tree considers (see the module's text)."""
        assert isinstance(state, MegaCorpsState)
        if len(legal) <= 2:
            return legal
        found = root_candidates(state, legal, seat) if depth == 0 else tree_candidates(state, legal, seat)
        allowed = set(legal)
        return [a for a in found if a in allowed] or legal


def plugins() -> tuple[Any, LapEvaluation]:
    """What ISMCTS plugs in for MegaCorps (see ismcts.PLUGINS)."""
    return megacorps_rollout, LapEvaluation(1)
