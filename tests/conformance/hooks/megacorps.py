"""MegaCorps' hooks."""

from __future__ import annotations

from typing import Any

from tabletop.core.protocol import JSON, Game
from tabletop.games.megacorps import phases as mc_phases

from .base import GameHooks

# The 21 event cards are the only hidden things besides sealed bids and votes: in hands, the deck,
# the box (unused) and the discard pile.


def _mc_places(state: Any) -> list[tuple[str, list[int]]]:
    places = [("deck", list(state.deck)), ("box", list(state.box)), ("discard pile", list(state.discard))]
    places += [(f"hand of seat {i}", list(h)) for i, h in enumerate(state.hands)]
    return places


def _mc_quick_conserved(state: Any) -> bool:
    every = state.deck + state.box + state.discard
    for hand in state.hands:
        every += hand
    return len(every) == state.game.board.cards and len(set(every)) == len(every)


def _mc_known_to_others(state: Any, seat: int) -> set[int]:
    known = state.known
    return {known[i + 2] for i in range(0, len(known), 3) if known[i + 1] == seat}


def _mc_hidden(state: Any, seat: int) -> tuple[str, ...]:
    """The event codes in ``seat``'s hand that no other seat has been shown."""
    shown = _mc_known_to_others(state, seat)
    return tuple(sorted(state.game.board.card_code(c) for c in state.hands[seat] if c not in shown))


_MC_PUBLIC = frozenset(
    (
        "game", "players", "round", "phase", "to_act", "turn", "active", "active_passed", "corporations",
        "money", "mercs", "cards", "left", "deck", "box", "discard", "paid", "payout_done", "clones",
        "companies", "countries", "governments", "offers_left", "draft_left", "winners", "decision",
        "seat", "hand", "known", "legal",
    )
)  # fmt: skip


def _mc_private_leaks(view: dict[str, JSON], other: int) -> list[str]:
    leaks = [f"key {key!r}" for key in view if key not in _MC_PUBLIC]
    if view.get("seat") is None and ("hand" in view or "known" in view):
        leaks.append("a spectator's view holds a hand")
    decision = view.get("decision") or {}
    if "mine" in decision and view.get("seat") != other and view.get("seat") is None:
        leaks.append("a spectator sees a sealed choice")
    if view.get("phase") == "compose" and view.get("seat") != view.get("turn") and "give" in decision:
        leaks.append("an offer being composed shows to another seat")
    return leaks


def _mc_sample_problems(world: Any, true: Any, seat: int) -> list[str]:
    problems = []
    for o in range(true.n):
        if len(world.hands[o]) != len(true.hands[o]):
            problems.append(f"seat {o}'s hand holds another number of cards")
    if sorted(world.hands[seat]) != sorted(true.hands[seat]):
        problems.append("the sampling seat's own hand changed")
    if len(world.deck) != len(true.deck) or world.discard != true.discard:
        problems.append("the deck's size or the discard pile changed")
    known = true.known
    for i in range(0, len(known), 3):
        if known[i] == seat and known[i + 2] not in world.hands[known[i + 1]]:
            problems.append(f"seat {known[i + 1]} lost a card seat {seat} knows it holds")
    if true.phase in mc_phases.SEALED and world.sealed[seat] != true.sealed[seat]:
        problems.append("the sampling seat's own sealed choice changed")
    for name in (
        "money",
        "mercs",
        "owner",
        "country_owner",
        "government",
        "phase",
        "seat",
        "pending",
        "turn",
    ):
        if getattr(world, name) != getattr(true, name):
            problems.append(f"the {name} changed")
    return problems


_MC_GARBAGE = (
    "buy", "buy 4", "payout", "war", "war 3", "bid", "bid x", "bid -1", "vote", "vote me", "give",
    "sell a", "sell x 3", "sell a x", "take", "offer", "offer x", "price", "PASS", "pass now",
    "allow it", "aid", "aid 3", "@1", "bank", "mercs 3",
)  # fmt: skip


def _mc_forged(game: Game[Any]) -> tuple[str, ...]:
    """Each verb with the codes and numbers it takes (every company, country, industry and event
    card), and the moves taken outside the questions: ``leave``, and trades at any time, every
    event card given or asked, money, mercenaries, companies, countries, with every seat and one
    past the last: the first online table's trade carried out at once (``swap``, no longer a move:
    it must not parse) and offers (``propose``, with ``withdraw``, ``accept``, ``decline`` and
    ``expire`` of an offer's number)."""
    board: Any = game.board  # type: ignore[attr-defined]
    companies, countries = sorted(board.code_of_company), sorted(board.country_index)
    industries, events = sorted(board.industry_index), sorted(board.event_index)
    every = [*companies, *countries, *industries, *events, "a", "d", "merc"]
    numbers = (0, 1, 2, 5, 20, 99, 10**6)
    found = ["leave", "pass", "mercs", "allow", "veto", "refuse", "pay", "decline", "done", "abstain"]
    found += ["send", "drop", "accept"]
    found += [f"{verb} {code}" for verb in ("take", "buy", "intervene", "target") for code in every]
    found += [f"war {code}" for code in (*countries, *companies[:2], *events[:2])]
    found += [f"payout {code}" for code in (*industries, *countries[:2])]
    found += [f"play {code}" for code in (*events, *companies[:2], "merc")]
    found += [f"aid {code}" for code in ("a", "d", "merc", countries[0])]
    found += [f"{verb} {k}" for verb in ("offer", "bank", "price", "bid", "vote") for k in numbers]
    found += [f"{verb} {item}" for verb in ("give", "ask") for item in (*every, *numbers)]
    found += [f"sell {side} {k}" for side in ("a", "d") for k in numbers]
    for seat in range(game.players + 1):
        sides = ["1/-", "5/-", "-/5", "999/-", "merc/-", "-/merc", "merc+merc+merc/-", "5+merc/-"]
        sides += [f"{code}/-" for code in events] + [f"{code}+zzz/-" for code in events]
        sides += [f"-/{code}" for code in events] + [f"{events[0]}+{code}/-" for code in events[1:]]
        sides += [f"{code}/-" for code in (*companies, *countries)]
        sides += [f"-/{code}" for code in (*companies, *countries)]
        sides += [f"5+{events[0]}/{countries[0]}", f"-/{companies[0]}+{countries[0]}"]
        found += [f"swap {seat} {side}" for side in sides]  # the first online table's trade
        found += [f"propose {seat} {side}" for side in sides]  # offers made at any time
    found += [f"{verb} {k}" for verb in ("withdraw", "accept", "decline", "expire") for k in (0, 1, 2, 3, 99)]
    return tuple(found)


MEGACORPS = GameHooks(
    all_cards=frozenset(range(21)),
    card_places=_mc_places,
    hidden_holding=_mc_hidden,
    hidden_count=lambda state, seat: len(_mc_hidden(state, seat)),
    private_leaks=_mc_private_leaks,
    mid_round=lambda state: state.phase == mc_phases.TURN and state.round >= 2,
    sample_problems=_mc_sample_problems,
    quick_conserved=_mc_quick_conserved,
    garbage_actions=_MC_GARBAGE,
    forged_actions=_mc_forged,
)
