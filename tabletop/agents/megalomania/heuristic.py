"""An honest Megalomania baseline: play toward the round's mission, from the seat's view only.

Each turn it asks one question, "do I want this trick?", from the mission, the tricks it has
taken and the cards in the trick, then plays the card (and the power or cubes) that gets or
avoids the trick as cheaply as it can see.  It does not count cards or model the others.

Scrolls: it keeps one for the end bonus and uses a spare one from a fixed preference; the
questions a scroll or a special deal asks get simple answers (lay out the strongest cards first,
split into two even piles, hand over the strongest cards, steal or decide a trick it wants).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.protocol import JSON
from ...games.megalomania.actions import PASS, Action, Kind
from ...games.megalomania.cards import (
    COLOURS,
    DWARF,
    EMPEROR,
    KNIGHT,
    WIZARD,
    colour_of,
    parse_card,
    rank_of,
    value_of,
)
from ...games.megalomania.rules import trick_winner
from ..base import Agent, Observation

WANT, NEUTRAL, AVOID = 1, 0, -1


def trick_desire(mission: int, taken: int, left: int, cards: Sequence[int], mine: Sequence[int]) -> int:
    """Whether a seat wants the trick made of ``cards``, given ``taken`` tricks so far.

    ``left`` counts the tricks still to play this round, this one included; ``mine`` are the
    cards already in the seat's tricks.
    """
    colours = {colour_of(c) for c in cards}
    if mission in (5, 15, 18, 22, 11):
        return WANT
    if mission in (24, 25):
        return AVOID
    if mission == 3:
        return WANT if 3 in colours else NEUTRAL
    if mission == 4:
        return WANT if 2 in colours else NEUTRAL
    if mission == 9:
        return AVOID if 1 in colours else NEUTRAL
    if mission == 10:
        return AVOID if 0 in colours else NEUTRAL
    if mission == 19:
        return WANT if any(rank_of(c) in (DWARF, WIZARD) for c in cards) else NEUTRAL
    if mission == 6:
        return AVOID if any(rank_of(c) in (DWARF, WIZARD) for c in cards) else NEUTRAL
    if mission == 7:
        return WANT if sum(map(value_of, cards)) <= 25 else AVOID
    if mission in (2, 8):
        have = {colour_of(c) for c in mine}
        completes = len(have | colours) == 4 and len(have) < 4
        if mission == 2:
            return AVOID if completes else NEUTRAL
        return WANT if colours - have else NEUTRAL
    targets = {1: 3, 13: 1, 14: 2}
    if mission in targets:
        return WANT if taken < targets[mission] else AVOID
    if mission == 16:
        return AVOID if taken >= 3 else NEUTRAL
    if mission == 17:
        return AVOID if taken == 1 else (WANT if taken >= 2 and left > 1 else NEUTRAL)
    if mission == 12:
        return AVOID if taken % 2 == 0 else WANT
    return WANT if mission in (20, 21, 23) else NEUTRAL


# scrolls in the order the bot likes to use them (it keeps one for the end bonus)
SCROLL_PREFERENCE = (12, 3, 15, 9, 18, 19, 10, 11, 16, 8, 7, 17, 1, 14, 20, 2, 4, 13, 6)


def _preferred(numbers: list[int]) -> int:
    return min(numbers, key=lambda x: SCROLL_PREFERENCE.index(x) if x in SCROLL_PREFERENCE else 99)


class MegalomaniaHeuristic(Agent[Action]):
    """Greedy toward the mission; uses powers and cubes when they change who takes the trick."""

    name = "heuristic"

    def act(self, obs: Observation[Action]) -> Action:
        view, legal = obs.view, obs.legal
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        if phase == "resources":
            return self._resources(view, legal)
        if phase == "scrolls":
            return self._scroll_phase(view, legal)
        if phase == "scroll-effect":
            return self._scroll_effect(view, legal)
        if phase in ("lay-out", "split", "hand-over"):
            return self._choose(view, phase, legal)
        if phase == "explorer-return":
            return min(legal, key=lambda a: value_of(a.arg))
        if phase == "trick-end":
            return self._trick_end(view, obs.seat, legal)
        if phase == "assist":
            return PASS
        if phase == "play":
            plays = [a for a in legal if a.kind in (Kind.PLAY, Kind.PLAY_POWER)]
            return self._play(view, obs.seat, plays)
        return self._after(view, obs.seat, legal)

    # -- resources -----------------------------------------------------------------------------
    def _resources(self, view: Mapping[str, JSON], legal: list[Action]) -> Action:
        me = _me(view)
        by_text = {str(a): a for a in legal}
        if not me["scroll_numbers"] and "take=scroll" in by_text:
            return by_text["take=scroll"]  # an unused scroll is 2 points at the end
        for text in ("take=mixed", "take=crystals", "take=cubes"):
            if text in by_text:
                return by_text[text]
        return legal[0]

    # -- scrolls ---------------------------------------------------------------------------------
    def _scroll_phase(self, view: Mapping[str, JSON], legal: list[Action]) -> Action:
        usable = [a.arg for a in legal if a.kind == Kind.USE]
        if len(_me(view)["scroll_numbers"]) < 2 or not usable:
            return PASS  # keep the only scroll: 2 points at the end
        best = _preferred(usable)
        return next(a for a in legal if a.kind == Kind.USE and a.arg == best)

    def _scroll_effect(self, view: Mapping[str, JSON], legal: list[Action]) -> Action:
        kind = legal[0].kind
        if kind in (Kind.ECHO, Kind.KEEP):
            best = _preferred([a.arg for a in legal])
            return next(a for a in legal if a.arg == best)
        if kind == Kind.GIVE:  # give away the weakest card
            return min(legal, key=lambda a: value_of(a.arg))
        if kind == Kind.LEADER:
            return next(a for a in legal if a.arg == view["seat"])
        if kind == Kind.DOMINANT:  # the colour it holds most of
            hand = [parse_card(c) for c in _me(view)["hand"] + _me(view)["table"]]
            return max(legal, key=lambda a: sum(1 for c in hand if colour_of(c) == a.arg))
        return legal[0]

    def _choose(self, view: Mapping[str, JSON], phase: str, legal: list[Action]) -> Action:
        dominant = COLOURS.index(view["dominant"])

        def strength(action: Action) -> int:
            return value_of(action.arg) + (20 if colour_of(action.arg) == dominant else 0)

        if phase == "split":  # two even piles: every other card by strength
            me = _me(view)
            ranked = sorted((parse_card(c) for c in me["hand"]), key=lambda c: strength(Action(Kind.PILE, c)))
            wanted = set(ranked[::2])
            return next((a for a in legal if a.arg in wanted), legal[0])
        return max(legal, key=strength)  # lay out the strongest first; hand over the strongest

    def _trick_end(self, view: Mapping[str, JSON], seat: int, legal: list[Action]) -> Action:
        cards = [parse_card(p["card"]) for p in view["trick"]["plays"]]
        desire = self._desire(view, seat, cards)
        for action in legal:
            if action.kind == Kind.STEAL and desire == WANT:
                return action
            if action.kind == Kind.DECIDE and desire == (WANT if action.arg == 0 else AVOID):
                return action
        return PASS

    # -- card play -------------------------------------------------------------------------------
    def _play(self, view: Mapping[str, JSON], seat: int, legal: list[Action]) -> Action:
        plays = _plays(view)
        last = len(plays) == view["players"] - 1
        dominant = COLOURS.index(view["dominant"])

        def wins(action: Action) -> bool:
            card = action.arg
            colours = [p[0] for p in plays] + [colour_of(card)]
            values = [p[1] for p in plays] + [value_of(card)]
            adv = [p[2] for p in plays] + [not view["trick"]["knight"]]
            return trick_winner(colours, values, adv, dominant, view["trick"]["dwarf"]) == len(plays)

        def strength(action: Action) -> int:
            card = action.arg
            return value_of(card) + (20 if colour_of(card) == dominant else 0)

        desire = self._desire(view, seat, [parse_card(p["card"]) for p in view["trick"]["plays"]])
        if desire == WANT:
            winners = [a for a in legal if wins(a)]
            if winners:  # the last player takes it as cheaply as possible
                return min(winners, key=strength) if last else max(winners, key=strength)
            return min(legal, key=strength)
        losers = [a for a in legal if not wins(a)]
        if losers:  # shed the highest card that does not take the trick
            return max(losers, key=strength) if desire == AVOID else min(losers, key=strength)
        return min(legal, key=strength)

    def _desire(self, view: Mapping[str, JSON], seat: int, trick: list[int]) -> int:
        me = _me(view)
        mine = [parse_card(c) for t in view["tricks"] if t["winner"] == seat for c in t["cards"]]
        held = me["cards"] + len(me["table"]) + me["face_down"]
        left = held + (1 if view["phase"] not in ("play", "trick-end") else 0)
        return trick_desire(view["mission"]["number"], me["tricks"], left, trick, mine)

    # -- powers and cubes after playing ----------------------------------------------------------
    def _after(self, view: Mapping[str, JSON], seat: int, legal: list[Action]) -> Action:
        plays = view["trick"]["plays"]
        cards = [parse_card(p["card"]) for p in plays]
        desire = self._desire(view, seat, cards)
        winning = _winner(view) == len(plays) - 1
        by_kind = {a.kind: a for a in legal}
        done = by_kind[Kind.DONE]
        own = parse_card(plays[-1]["card"])
        if desire == WANT and not winning:
            if (
                Kind.POWER in by_kind
                and rank_of(own) == DWARF
                and _winner(view, dwarf=True) == len(plays) - 1
            ):
                return by_kind[Kind.POWER]
            if Kind.CUBE_UP in by_kind and _cubes_to_change(view, +1) is not None:
                return by_kind[Kind.CUBE_UP]
        if desire == AVOID and winning:
            colours = [a for a in legal if a.kind == Kind.COLOUR]
            if colours:
                return colours[0]
            if Kind.CUBE_DOWN in by_kind and _cubes_to_change(view, -1) is not None:
                return by_kind[Kind.CUBE_DOWN]
        if desire == WANT and winning and Kind.POWER in by_kind and rank_of(own) in (EMPEROR, KNIGHT):
            return by_kind[Kind.POWER]  # Emperor or Knight: keep the trick from being taken back
        return done


def _me(view: Mapping[str, JSON]) -> dict[str, Any]:
    seat = view["seat"]
    entry: dict[str, Any] = view["seats"][seat]
    return entry


def _plays(view: Mapping[str, JSON]) -> list[tuple[int, int, bool]]:
    return [(COLOURS.index(p["colour"]), p["value"], p["advantage"]) for p in view["trick"]["plays"]]


def _winner(view: Mapping[str, JSON], dwarf: bool = False, bonus: int = 0) -> int:
    """Who takes the trick as it stands; ``bonus`` changes the last card's value, ``dwarf`` the rule."""
    plays = _plays(view)
    colours = [p[0] for p in plays]
    values = [p[1] for p in plays]
    values[-1] += bonus
    adv = [p[2] for p in plays]
    lowest = view["trick"]["dwarf"] or dwarf
    return trick_winner(colours, values, adv, COLOURS.index(view["dominant"]), lowest)


def _cubes_to_change(view: Mapping[str, JSON], direction: int, most: int = 6) -> int | None:
    """The fewest cubes that change whether the last card takes the trick (None: too many)."""
    me = len(view["trick"]["plays"]) - 1
    winning = _winner(view) == me
    for k in range(1, min(most, _me(view)["cubes"]) + 1):
        if (_winner(view, bonus=direction * k) == me) != winning:
            return k
    return None
