"""Per-game knowledge the conformance suite needs and the protocol does not give.

The protocol says nothing about cards, so checks that count them (conservation), look at
one seat's hidden holding (do samples vary? do they guess the truth?), look for another
seat's secrets in a view, or replay a round with sampled cards ask a small hook, registered
here under the game's name.  A game without hooks still runs every other check; the checks
that cannot do without a hook are skipped with a message saying so.

To cover a new game, add a :class:`GameHooks` to ``HOOKS``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from tabletop.core.errors import IllegalAction
from tabletop.core.protocol import JSON, Game, State
from tabletop.games.manasurge import state as ms_state
from tabletop.games.manasurge.cards import CARDS as MS_CARDS
from tabletop.games.megacorps import phases as mc_phases
from tabletop.games.megalomania import actions as mm_actions
from tabletop.games.megalomania import knowledge as mm_knowledge
from tabletop.games.megalomania import state as mm_state
from tabletop.games.megalomania import view as mm_view
from tabletop.games.summon7 import state as s7_state
from tabletop.games.summon7.cards import NUM_CARDS as S7_CARDS
from tabletop.games.summon7.cards import VALUES as S7_VALUES
from tabletop.games.summon7.clan import actions as clan_actions
from tabletop.games.summon7.clan import phases as clan_phases
from tabletop.games.summon7.clan.data import load_clan


@dataclass(frozen=True)
class GameHooks:
    # Every card of the game, each listed once (as the game's own card ids).
    all_cards: frozenset[Any]
    # (place name, cards there) for every place a card can be: each card must be in exactly one.
    card_places: Callable[[State[Any]], list[tuple[str, list[Any]]]]
    # What ``seat`` holds that some other seat cannot see (compared between samples).
    hidden_holding: Callable[[State[Any], int], Hashable]
    # How many of ``seat``'s cards the other seats cannot see.
    hidden_count: Callable[[State[Any], int], int]
    # Descriptions of whatever of ``other``'s private information shows in ``view`` (a view
    # built for another seat or for the spectator).  Empty when nothing leaks.
    private_leaks: Callable[[dict[str, JSON], int], list[str]]
    # A state in the middle of a round, good for sampling (some tricks played, cards still hidden).
    mid_round: Callable[[State[Any]], bool]
    # Extra consistency of a sampled world with the true state, seen by ``seat``: problems found.
    sample_problems: Callable[[State[Any], State[Any], int], list[str]] | None = None
    # A fast test that every card is in exactly one place (``card_places`` then explains a failure).
    quick_conserved: Callable[[State[Any]], bool] | None = None
    # Could the seats have played as they did, had they held the sampled cards?  Given a sampled
    # world, the true state, the true state at the start of the round and the actions since,
    # replay those actions with the sampled hidden cards put back in time; return the problems
    # (an action that would have been illegal, a different result).  Arguments: world, true
    # state, round start, actions since, seat.  ``replay_from`` tells the states a replay may
    # start from (the test keeps the last one seen, and the actions since).
    replay_problems: Callable[[State[Any], State[Any], State[Any], list[str], int], list[str]] | None = None
    replay_from: Callable[[State[Any]], bool] | None = None
    # Texts close to the game's actions that must not parse (InvalidActionText).
    garbage_actions: tuple[str, ...] = ()
    # Texts that parse, which random play seldom or never offers a seat: the game's actions with
    # every argument it has (each card, code, seat, a few numbers), and the moves the rules take
    # outside a seat's questions (MegaCorps' ``leave`` and trades).  test_refusals sends them to
    # every seat in sampled worlds: the answer must not depend on what the seat cannot see.
    forged_actions: Callable[[Game[Any]], tuple[str, ...]] | None = None
    # Option sets to run the suite with besides each player count (each names its players).
    extra_options: tuple[dict[str, Any], ...] = ()
    # Whether the seats' views at the start differ from seed to seed.  A game that deals hidden
    # hands shows every seed a different start; a game that opens with a few face-up cards (or
    # with a choice before any deal) may start alike from two seeds: its games must still differ.
    varied_start: bool = True


# -- Megalomania --------------------------------------------------------------------------


def _mm_bits(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def _mm_places(state: Any) -> list[tuple[str, list[int]]]:
    """Where each of the 32 cards is: the places serialize._check counts.  (An Explorer's find
    waiting for its return is in the explorer's hand only, no longer in the previous trick.)"""
    places = [(f"hand of seat {i}", _mm_bits(h)) for i, h in enumerate(state.hands)]
    places += [(f"face-down cards of seat {i}", _mm_bits(m)) for i, m in enumerate(state.down)]
    places += [(f"cards set aside by seat {i}", _mm_bits(m)) for i, m in enumerate(state.out)]
    places.append(("undealt stock", _mm_bits(state.stock)))
    places.append(("turned cards", list(state.turned)))
    places.append(("trick in play", list(state.t_cards)))
    for k, (winner, cards) in enumerate(state.round_tricks):
        places.append((f"trick {k + 1} of the round (taken by seat {winner})", list(cards)))
    return places


def _mm_quick_conserved(state: Any) -> bool:
    seen = state.stock
    count = state.stock.bit_count()
    for mask in (*state.hands, *state.down, *state.out):
        seen |= mask
        count += mask.bit_count()
    played = list(state.t_cards) + list(state.turned)
    for _, cards in state.round_tricks:
        played += cards
    for c in played:
        seen |= 1 << c
    return seen == 0xFFFFFFFF and count + len(played) == 32


def _mm_hidden(state: Any, seat: int) -> int:
    """The cards of ``seat``'s hand that no other seat can place (a seat knows what it handed on)."""
    told = 0
    for row in state.told:
        told |= row[seat]
    return int(state.hands[seat] & ~state.known[seat] & ~state.open[seat] & ~told)


def _mm_private_leaks(view: dict[str, JSON], other: int) -> list[str]:
    if view.get("phase") == "over":
        return []
    entry = view["seats"][other]
    return [f"seats[{other}][{key!r}]" for key in mm_view.PRIVATE if key in entry]


def _mm_mid_round(state: Any) -> bool:
    """After the first trick, in a round where a hand is not known to its giver (22, 20, 21)."""
    return (
        state.phase == mm_state.PLAY
        and len(state.round_tricks) == 1
        and not state.t_cards
        and state.mission_data.deal not in ("pass-right", "swap-opposite")
    )


def _mm_sample_problems(world: Any, true: Any, seat: int) -> list[str]:
    problems = []
    for o in range(true.n):
        seen = mm_knowledge.visible(world, seat, o)
        unknown = world.hands[o] & ~seen
        if o != seat and unknown & world.forbidden[o]:
            problems.append(f"seat {o} got cards it showed out of: {_mm_bits(unknown & world.forbidden[o])}")
        if world.hands[o].bit_count() != true.hands[o].bit_count():
            problems.append(
                f"seat {o} holds {world.hands[o].bit_count()} cards, not {true.hands[o].bit_count()}"
            )
        if world.known[o] != true.known[o] or world.hands[o] & world.known[o] != world.known[o]:
            problems.append(f"seat {o}'s publicly known cards changed")
        if world.open[o] != true.open[o] or world.told[seat][o] != true.told[seat][o]:
            problems.append(f"seat {o}'s face-up cards, or what seat {seat} knows of its hand, changed")
        if o != seat and world.hands[o] & seen != true.hands[o] & seen:
            problems.append(f"seat {o}'s cards that seat {seat} can place changed")
        for name in ("down", "out", "split", "handing"):
            if getattr(world, name)[o].bit_count() != getattr(true, name)[o].bit_count():
                problems.append(f"seat {o}'s {name} holds another number of cards")
        if len(world.laid[o]) != len(true.laid[o]) or len(world.scrolls[o]) != len(true.scrolls[o]):
            problems.append(f"seat {o}'s laid-out cards or scrolls changed in number")
    if world.hands[seat] != true.hands[seat] or world.out[seat] != true.out[seat]:
        problems.append("the sampling seat's own hand or set-aside cards changed")
    if world.laid[seat] != true.laid[seat] or world.scrolls[seat] != true.scrolls[seat]:
        problems.append("the sampling seat's own laid-out cards or scrolls changed")
    if sorted(world.mission_deck) != sorted(true.mission_deck):
        problems.append("the mission deck holds other missions")
    if world.turned != true.turned or world.used != true.used:
        problems.append("the turned cards or the used scrolls changed")
    return problems


_MM_REPLAYABLE = ("plain", "open-three", "swap-opposite", "split-piles", "hand-three-right")


def _mm_replay_problems(world: Any, true: Any, round_start: Any, actions: list[str], seat: int) -> list[str]:
    """Put the sampled unknown cards of the other seats back into the hands at the start of the
    round's play, replay the actions since: each must be legal, and the replay must end in the
    sampled world.  Only where no card moves unseen between seats during play (the deals in
    _MM_REPLAYABLE), and only within one round's play."""
    if round_start.round != true.round or true.mission_data.deal not in _MM_REPLAYABLE:
        return []
    if true.phase not in (
        mm_state.PLAY,
        mm_state.AFTER,
        mm_state.RETURN,
        mm_state.ASSIST,
        mm_state.TRICK_END,
    ):
        return []
    start = round_start.clone()
    for o in range(true.n):
        if o != seat:
            true_unknown = true.hands[o] & ~mm_knowledge.visible(true, seat, o)
            sampled_unknown = world.hands[o] & ~mm_knowledge.visible(world, seat, o)
            start.hands[o] = (start.hands[o] & ~true_unknown) | sampled_unknown
    start.stock = world.stock
    start.out = list(world.out)
    start._legal = None
    if not _mm_quick_conserved(start):
        return ["the sampled cards do not fit back into the round's deal"]
    for k, text in enumerate(actions):
        try:
            start.apply(start.game.parse_action(text))
        except IllegalAction as err:
            return [f"with the sampled cards, the round's action {k} ({text}) would be illegal: {err}"]
    problems = []
    for name in ("hands", "stock", "forbidden", "must", "known", "round_tricks", "t_cards"):
        if getattr(start, name) != getattr(world, name):
            problems.append(f"replaying the round with the sampled cards gives other {name}")
    return problems


_MM_GARBAGE = (
    "play", "lead=", "take=", "take=gold", "lead=9", "lead=-1", "lead=x", "colour=", "colour=purple",
    "colour=bb", "return=", "return=Zz", "Zz", "Zz!", "K", "Kuu", "Ku!!", "Ku?", "cube", "cube+1",
    "power!", "Done", "DONE", "take=Scroll", "scroll=0", "scroll=21", "scroll=x", "echo=", "keep=99",
    "power=F", "power=A", "power=O", "power=Q", "swap=4", "leader=-1", "decide=maybe", "declare=",
    "give=", "lay=Zz", "pile=K", "PASS", "steal!", "last=1",
)  # fmt: skip


def _mm_forged(game: Game[Any]) -> tuple[str, ...]:
    """Every Megalomania action: each card, seat, colour, resource and scroll in each kind."""
    a = mm_actions
    groups = (
        a.PLAY, a.PLAY_POWER, a.RETURN, a.GIVE, a.LAY, a.PILE, a.LEAD, a.SWAP, a.LEADER, a.COLOUR,
        a.DOMINANT, a.CALL, a.DECLARE, a.TAKE, a.DECIDE, a.USE[1:], a.ECHO[1:], a.KEEP[1:],
        tuple(a.POWER_AS.values()), (a.POWER, a.CUBE_UP, a.CUBE_DOWN, a.DONE, a.PASS, a.LAST, a.STEAL),
    )  # fmt: skip
    return tuple(str(action) for group in groups for action in group)


MEGALOMANIA = GameHooks(
    all_cards=frozenset(range(32)),
    card_places=_mm_places,
    hidden_holding=_mm_hidden,
    hidden_count=lambda state, seat: _mm_hidden(state, seat).bit_count(),
    private_leaks=_mm_private_leaks,
    mid_round=_mm_mid_round,
    sample_problems=_mm_sample_problems,
    quick_conserved=_mm_quick_conserved,
    replay_problems=_mm_replay_problems,
    replay_from=lambda state: state.phase == mm_state.PLAY and not state.round_tricks and not state.t_cards,
    garbage_actions=_MM_GARBAGE,
    forged_actions=_mm_forged,
    extra_options=({"players": 4, "pairs": True},),
)


# -- Summon 7 -----------------------------------------------------------------------------
# Every dealt card is face up: nothing is private, and a sample only re-orders the deck.


def _s7_places(state: Any) -> list[tuple[str, list[int]]]:
    t = state.table
    places = [("deck", list(t.deck)), ("discard pile", list(t.discard))]
    places += [(f"cards of seat {i}", list(c)) for i, c in enumerate(t.cards)]
    return places


def _s7_quick_conserved(state: Any) -> bool:
    t = state.table
    every = t.deck + t.discard
    for hand in t.cards:
        every += hand
    return len(every) == S7_CARDS and len(set(every)) == S7_CARDS


def _s7_values(cards: list[int]) -> list[int]:
    return sorted(S7_VALUES[c] for c in cards)


def _s7_sample_problems(world: Any, true: Any, seat: int) -> list[str]:
    problems = []
    w, t = world.table, true.table
    if [[S7_VALUES[c] for c in h] for h in w.cards] != [[S7_VALUES[c] for c in h] for h in t.cards]:
        problems.append("the cards on the table changed")
    if _s7_values(w.discard) != _s7_values(t.discard):
        problems.append("the discard pile changed")
    if _s7_values(w.deck) != _s7_values(t.deck):
        problems.append("the deck holds other values")
    if w.status != t.status or (w.dealer, w.turn) != (t.dealer, t.turn):
        problems.append("the round's statuses, dealer or turn changed")
    return problems


SUMMON7 = GameHooks(
    all_cards=frozenset(range(S7_CARDS)),
    card_places=_s7_places,
    hidden_holding=lambda state, seat: (),
    hidden_count=lambda state, seat: 0,
    private_leaks=lambda view, other: [],
    mid_round=lambda state: state.phase == s7_state.PLAY and sum(map(len, state.table.cards)) > state.n,
    sample_problems=_s7_sample_problems,
    quick_conserved=_s7_quick_conserved,
    garbage_actions=("Hit", "HOLD", "hit!", "hit=1", "stand", "pass", "hit hold", "h"),
    forged_actions=lambda game: ("hit", "hold"),
    varied_start=False,
)


# -- the clan game ------------------------------------------------------------------------
# Summon 7 cards as ("summon", id), power cards as ("power", id).  Everything is open: a sample
# only re-orders the two decks (and relabels alike cards).


def _clan_places(state: Any) -> list[tuple[str, list[tuple[str, int]]]]:
    places = [(name, [("summon", c) for c in cards]) for name, cards in _s7_places(state)]
    power = [("power deck", state.power_deck), ("power discard", state.power_discard), ("pool", state.pool)]
    power += [(f"power hand of seat {i}", h) for i, h in enumerate(state.hands)]
    return places + [(name, [("power", c) for c in cards]) for name, cards in power]


def _clan_quick_conserved(state: Any) -> bool:
    if not _s7_quick_conserved(state):
        return False
    every = state.power_deck + state.power_discard + state.pool
    for hand in state.hands:
        every += hand
    count = len(state.game.power_kind)
    return len(every) == count and len(set(every)) == count


def _clan_sample_problems(world: Any, true: Any, seat: int) -> list[str]:
    problems = _s7_sample_problems(world, true, seat)
    kinds = true.game.power_kind
    for name in ("power_deck", "power_discard", "pool"):
        if sorted(kinds[c] for c in getattr(world, name)) != sorted(kinds[c] for c in getattr(true, name)):
            problems.append(f"the {name} holds other power cards")
    if [[kinds[c] for c in h] for h in world.hands] != [[kinds[c] for c in h] for h in true.hands]:
        problems.append("a hand of power cards changed")
    for name in ("pantry", "city", "meeples", "leadership", "hungry", "meter", "phase", "turn", "pending"):
        if getattr(world, name) != getattr(true, name):
            problems.append(f"the {name} changed")
    return problems


def _clan_forged(game: Game[Any]) -> tuple[str, ...]:
    """Every clan game action: each character, power card (on each seat), human, location..."""
    a = clan_actions
    groups = (a.CHOOSE, a.PLAY, *a.PLAY_AT, a.PAY, a.PLACE, *a.CAPTURE, a.CLAIM, a.BLAME)
    plain = (a.HIT, a.HOLD, a.BUST, a.DONE, a.EAT)
    return tuple(str(action) for group in (*groups, plain) for action in group)


CLAN = GameHooks(
    all_cards=frozenset(
        [("summon", c) for c in range(S7_CARDS)] + [("power", c) for c in range(len(load_clan().power_kind))]
    ),
    card_places=_clan_places,
    hidden_holding=lambda state, seat: (),
    hidden_count=lambda state, seat: 0,
    private_leaks=lambda view, other: [],
    mid_round=lambda state: state.main and state.phase == clan_phases.TURN,
    sample_problems=_clan_sample_problems,
    quick_conserved=_clan_quick_conserved,
    garbage_actions=(
        "Hit",
        "choose=",
        "choose=dracula",
        "play=",
        "play=joker",
        "play=hex@",
        "play=hex@x",
        "pay=",
        "pay=elf",
        "place=",
        "place=moon",
        "capture=market",
        "capture=market/",
        "capture=moon/peasant",
        "capture=market/elf",
        "claim=",
        "claim=joker",
        "blame=",
        "blame=x",
        "blame=-1",
        "eat!",
        "Done",
    ),
    forged_actions=_clan_forged,
    varied_start=False,
)

# -- ManaSurge ----------------------------------------------------------------------------
# Hands are hidden (a giver knows the cards it gave while they stay), damage piles are seen by
# nobody, the spell in play and the discard pile are open.

_MS_PUBLIC_SEAT_KEYS = {"seat", "shards", "hand", "damage", "limit", "wizard", "on_spell"}


def _ms_places(state: Any) -> list[tuple[str, list[int]]]:
    places = [("deck", list(state.deck)), ("discard pile", list(state.discard))]
    places.append(("spell in play", list(state.spell.cards)))
    places += [(f"hand of seat {i}", list(h)) for i, h in enumerate(state.hands)]
    places += [(f"damage of seat {i}", list(d)) for i, d in enumerate(state.damage)]
    return places


def _ms_quick_conserved(state: Any) -> bool:
    every = state.deck + state.discard + state.spell.cards
    for pile in (*state.hands, *state.damage):
        every += pile
    return len(every) == MS_CARDS and len(set(every)) == MS_CARDS


def _ms_kinds(state: Any, cards: list[int]) -> list[int]:
    return sorted(state.game.cards.kind[c] for c in cards)


def _ms_hidden(state: Any, seat: int) -> tuple[int, ...]:
    """The kinds in ``seat``'s hand that no other seat gave it (those a giver can place)."""
    given = {card for giver, receiver, card in state.gifts if receiver == seat and giver != seat}
    return tuple(_ms_kinds(state, [c for c in state.hands[seat] if c not in given]))


def _ms_private_leaks(view: dict[str, JSON], other: int) -> list[str]:
    entry = view["seats"][other]
    leaks = [f"seats[{other}][{key!r}]" for key in entry if key not in _MS_PUBLIC_SEAT_KEYS]
    if view.get("seat") != other and str(other) in (view.get("known") or {}) and view.get("seat") is None:
        leaks.append("a spectator's view names cards in a hand")
    return leaks


def _ms_sample_problems(world: Any, true: Any, seat: int) -> list[str]:
    problems = []
    for o in range(true.n):
        if len(world.hands[o]) != len(true.hands[o]) or len(world.damage[o]) != len(true.damage[o]):
            problems.append(f"seat {o}'s hand or damage pile holds another number of cards")
    if _ms_kinds(world, world.hands[seat]) != _ms_kinds(true, true.hands[seat]):
        problems.append("the sampling seat's own hand changed")
    if world.spell.cards != true.spell.cards or world.spell.shards != true.spell.shards:
        problems.append("the spell in play changed")
    if _ms_kinds(world, world.discard) != _ms_kinds(true, true.discard) or len(world.deck) != len(true.deck):
        problems.append("the discard pile or the deck's size changed")
    for giver, receiver, card in true.gifts:
        if giver == seat and card not in world.hands[receiver]:
            problems.append(f"seat {receiver} lost the card seat {seat} gave it")
    for name in ("shards", "wizards", "caster", "turn", "direction", "phase", "steps", "between"):
        if getattr(world, name) != getattr(true, name):
            problems.append(f"the {name} changed")
    return problems


_MS_GARBAGE = (
    "play", "play=", "play=9L", "play=5X", "play=Mirror", "cast=mirror", "cast=", "give=5L",
    "give=5L@", "give=5L@x", "give=5L@9", "discard=", "discard=zz", "CW", "left", "Done", "counter!",
    "again=1", "draw=2", "pass", "yield=1", "5L",
)  # fmt: skip

MANASURGE = GameHooks(
    all_cards=frozenset(range(MS_CARDS)),
    card_places=_ms_places,
    hidden_holding=_ms_hidden,
    hidden_count=lambda state, seat: len(_ms_hidden(state, seat)),
    private_leaks=_ms_private_leaks,
    mid_round=lambda state: state.phase == ms_state.PLAY and len(state.spell.cards) >= 2,
    sample_problems=_ms_sample_problems,
    quick_conserved=_ms_quick_conserved,
    garbage_actions=_MS_GARBAGE,
    forged_actions=lambda game: tuple(game.actions.by_text),  # type: ignore[attr-defined]
    extra_options=(
        {"players": 4, "wizards": True},
        {"players": 3, "damage_order": "pnp", "may_decline": True, "metamagic_damage": True},
    ),
)

# -- MegaCorps ------------------------------------------------------------------------------
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

HOOKS: dict[str, GameHooks] = {
    "megalomania": MEGALOMANIA,
    "summon7": SUMMON7,
    "clan": CLAN,
    "manasurge": MANASURGE,
    "megacorps": MEGACORPS,
}


def conservation_problems(hooks: GameHooks, state: State[Any]) -> list[str]:
    """Cards missing or found in two places; empty when every card is in exactly one place."""
    if hooks.quick_conserved is not None and hooks.quick_conserved(state):
        return []
    where: dict[Any, list[str]] = {}
    for place, cards in hooks.card_places(state):
        for card in cards:
            where.setdefault(card, []).append(place)
    problems = [f"card {c!r} is in {len(p)} places: {', '.join(p)}" for c, p in where.items() if len(p) > 1]
    missing = hooks.all_cards - set(where)
    if missing:
        problems.append(f"cards lost: {sorted(missing, key=repr)}")
    extra = set(where) - hooks.all_cards
    if extra:
        problems.append(f"cards that do not exist: {sorted(extra, key=repr)}")
    return problems
