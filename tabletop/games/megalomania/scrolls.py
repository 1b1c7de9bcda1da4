"""The twenty scrolls: the scroll phase, each effect as a small function, and the resource phase
and trick-time moments where the lasting effects act (docs/rulings.md, M27-M31).

The scroll phase comes after the deal and before resource selection.  It is offered seat by seat
from the dealer's left to the seats holding a scroll they can use; a seat may pass; the first
scroll used ends the phase (one scroll per round), except that the scroll kept from scroll 8 may
be used at once.  Scrolls drawn this round are never usable in it: they are drawn in the resource
phase, which comes after.  Scrolls 5 and 17 act when drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from ...core.protocol import Event
from . import actions as A
from . import knowledge
from .actions import REFUSE_TRICK, RESOURCE_AMOUNTS, RESOURCES, SCROLL, TAKE_TRICK, Action, Kind
from .cards import CARD_TEXT, COLOUR_MASK, COLOURS, bits, colour_of
from .deals import LAID, before_play, deal, deal_events
from .missions import score_round
from .phases import RESOURCES_PHASE, SCROLL_STEP, SCROLLS
from .rules import trick_winner

if TYPE_CHECKING:
    from .state import MegalomaniaState

# Final, as in cards.py: the compiled rules use the values without a look-up by name
ACTS_WHEN_DRAWN: Final[tuple[int, ...]] = (5, 17)
# effects that act later in the round
LASTING: Final[tuple[int, ...]] = (3, 6, 9, 10, 11, 12, 14, 15, 16, 18, 19, 20)
CRYSTALS_IN_BOX: Final = 10  # the rulebook's "Components"
CUBES_IN_BOX: Final = 45
SCROLL_17_POINTS: Final = 3
ASK_NAMES: Final[tuple[str | None, ...]] = (
    None, "dominant", "call", "give", "give-back", "echo", "keep", "swap", "leader", "decide", "steal",
)  # fmt: skip
ASK_NONE: Final = 0
ASK_DOMINANT: Final = 1
ASK_CALL: Final = 2
ASK_GIVE: Final = 3
ASK_RETURN: Final = 4
ASK_ECHO: Final = 5
ASK_KEEP: Final = 6
ASK_SWAP: Final = 7
ASK_LEADER: Final = 8
ASK_DECIDE: Final = 9
ASK_STEAL: Final = 10


# -- which scrolls may be used now ---------------------------------------------------------------
def usable(st: MegalomaniaState, seat: int, x: int) -> bool:
    """Whether scroll ``x`` (or its effect, for scroll 7) can do anything now (docs/rulings.md M31)."""
    if x == 5:
        return False  # acts when drawn, then stays unused to the end
    if x == 2:
        return any(st.hands[o] & ~st.open[o] for o in range(st.n) if o != seat)
    if x == 7:
        return bool(echo_choices(st, seat))
    if x == 8:
        return bool(st.scroll_deck)
    if x == 11:
        return st.mission_data.kind == "fixed"
    if x == 14:
        return st.deal != LAID
    return True


def echo_choices(st: MegalomaniaState, seat: int) -> list[int]:
    """Scroll 7: the scrolls used in an earlier round whose effect can be used again now (not one
    of this round's: 8 keeping 7 to echo 8 would chain scrolls in one round; M30)."""
    this_round = {x for _, scroll, effect in st.round_scrolls for x in (scroll, effect)}
    return sorted({y for y in st.used if y not in (5, 7) and y not in this_round and usable(st, seat, y)})


def begin(st: MegalomaniaState, events: list[Event]) -> None:
    """The scroll phase: the seats holding a usable scroll, from the dealer's left."""
    n = st.n
    order = [(st.dealer + 1 + k) % n for k in range(n)]
    st.queue = [s for s in order if any(usable(st, s, x) for x in st.scrolls[s])]
    st.scroll_only = 0
    if st.queue:
        st.phase, st.turn = SCROLLS, st.queue[0]
    else:
        begin_resources(st, events)


def phase_options(st: MegalomaniaState, s: int) -> list[Action]:
    held = sorted(x for x in st.scrolls[s] if usable(st, s, x) and st.scroll_only in (0, x))
    return [A.USE[x] for x in held] + [A.PASS]


def apply_phase(st: MegalomaniaState, action: Action, events: list[Event]) -> None:
    s = st.turn
    if action.kind == Kind.PASS:
        events.append(Event("scroll-pass", {"seat": s}))
        st.queue.pop(0)
        st.scroll_only = 0
        if st.queue:
            st.turn = st.queue[0]
        else:
            begin_resources(st, events)
        return
    x = action.arg
    st.scrolls[s].remove(x)
    st.used.append(x)
    st.round_scrolls.append([s, x, x])
    st.queue, st.scroll_only = [], 0
    events.append(Event("scroll", {"seat": s, "scroll": x, "name": st.game.scroll_data[x].name}))
    start_effect(st, s, x, events)


def _ask(st: MegalomaniaState, s: int, what: int) -> None:
    st.phase, st.asking, st.turn = SCROLL_STEP, what, s


def _done(st: MegalomaniaState, events: list[Event]) -> None:
    """An effect is resolved: the scroll kept from scroll 8 may follow, else resources."""
    st.asking = ASK_NONE
    if st.scroll_only:
        user = st.round_scrolls[-1][0]
        st.phase, st.queue, st.turn = SCROLLS, [user], user
    else:
        begin_resources(st, events)


# -- the effects ------------------------------------------------------------------------------------
def start_effect(st: MegalomaniaState, s: int, effect: int, events: list[Event]) -> None:
    if effect in LASTING:
        st.effect, st.effect_seat, st.effect_arg, st.effect_spent = effect, s, -1, False
    handler = _START.get(effect)
    if handler is None or not handler(st, s, events):
        _done(st, events)


def _redeal(st: MegalomaniaState, s: int, events: list[Event]) -> bool:
    """4: the cards are dealt again; the mission and the dealer stay."""
    deal(st, None)
    events.append(Event("redeal", {"seat": s}))
    events += deal_events(st)
    return False


def _points(st: MegalomaniaState, s: int, events: list[Event]) -> bool:
    """17 (acts when drawn, or echoed): 3 points."""
    st.round_bonus[s] += SCROLL_17_POINTS
    events.append(Event("scroll-points", {"seat": s, "points": SCROLL_17_POINTS}))
    return False


def _crystal(st: MegalomaniaState, s: int, events: list[Event]) -> bool:
    """18: one more crystal, usable on the others' cards too (the assist step, powers.py)."""
    st.crystals[s] += 1
    return False


def _draw_three(st: MegalomaniaState, s: int, events: list[Event]) -> bool:
    """8: draw three scrolls (fewer if the deck runs out), keep one."""
    st.drawn = st.scroll_deck[:3]
    del st.scroll_deck[:3]
    events.append(Event("scrolls-drawn", {"seat": s, "count": len(st.drawn)}))
    events.append(Event("scrolls-seen", {"seat": s, "scrolls": list(st.drawn)}, (s,)))
    _ask(st, s, ASK_KEEP)
    return True


def _asks(what: int) -> Callable[[MegalomaniaState, int, list[Event]], bool]:
    def start(st: MegalomaniaState, s: int, events: list[Event]) -> bool:
        _ask(st, s, what)
        return True

    return start


_START: dict[int, Callable[[MegalomaniaState, int, list[Event]], bool]] = {
    1: _asks(ASK_DOMINANT),
    2: _asks(ASK_CALL),
    4: _redeal,
    7: _asks(ASK_ECHO),
    8: _draw_three,
    13: _asks(ASK_SWAP),
    17: _points,
    18: _crystal,
    19: _asks(ASK_LEADER),
}


def acquire(st: MegalomaniaState, s: int, x: int, events: list[Event]) -> None:
    """Seat ``s`` takes scroll ``x`` into its hand; 5 and 17 act at once."""
    while True:
        if x == 17:  # flipped and active instantly
            st.used.append(17)
            st.round_scrolls.append([s, 17, 17])
            events.append(Event("scroll", {"seat": s, "scroll": 17, "name": st.game.scroll_data[17].name}))
            _points(st, s, events)
            return
        st.scrolls[s].append(x)
        if x != 5:
            events.append(Event("scroll-drawn", {"seat": s, "scroll": x}, (s,)))
            return
        # 5: shown, kept unused to the end, and another drawn at once
        events.append(Event("scroll-shown", {"seat": s, "scroll": 5}))
        if not st.scroll_deck:
            return
        x = st.scroll_deck.pop(0)


# -- the follow-up choices of an effect -------------------------------------------------------------
def _hand(st: MegalomaniaState, s: int) -> int:
    return st.hands[s] & ~st.open[s]


def step_options(st: MegalomaniaState, s: int) -> list[Action]:
    ask = st.asking
    if ask in (ASK_DOMINANT, ASK_CALL):  # 2: "he cannot declare the dominant colour"
        group = A.DOMINANT if ask == ASK_DOMINANT else A.CALL
        return [group[c] for c in range(4) if c != st.dom]
    if ask == ASK_GIVE:  # a card of the called colour if any, else any card
        hand = _hand(st, s)
        same = hand & COLOUR_MASK[st.call]
        return [A.GIVE[c] for c in bits(same or hand)]
    if ask == ASK_RETURN:
        return [A.GIVE[c] for c in bits(_hand(st, s))]
    if ask == ASK_ECHO:
        return [A.ECHO[y] for y in echo_choices(st, s)]
    if ask == ASK_KEEP:
        return [A.KEEP[y] for y in sorted(st.drawn)]
    if ask == ASK_SWAP:
        return [A.SWAP[o] for o in range(st.n) if o != s]
    if ask == ASK_LEADER:
        return [A.LEADER[o] for o in range(st.n)]
    return []


def apply_step(st: MegalomaniaState, action: Action, events: list[Event]) -> None:
    s, kind, arg = st.turn, action.kind, action.arg
    if kind == Kind.DOMINANT:  # 1
        st.dom = arg
        events.append(Event("dominant", {"seat": s, "dominant": COLOURS[arg]}))
    elif kind == Kind.CALL:  # 2
        st.call = arg
        events.append(Event("call", {"seat": s, "colour": COLOURS[arg]}))
        n = st.n  # the others, in turn from the dealer's left (the annex's example: A, C, D)
        st.queue = [o for o in ((st.dealer + 1 + k) % n for k in range(n)) if o != s and _hand(st, o)]
        if st.queue:
            _ask(st, st.queue[0], ASK_GIVE)
            return
    elif kind == Kind.GIVE:
        _exchange(st, s, arg, events)
        if st.asking != ASK_NONE:
            return
    elif kind == Kind.ECHO:  # 7
        st.round_scrolls[-1][2] = arg
        events.append(Event("echo", {"seat": s, "scroll": arg, "name": st.game.scroll_data[arg].name}))
        start_effect(st, s, arg, events)
        return
    elif kind == Kind.KEEP:  # 8
        st.drawn.remove(arg)
        st.gone[s] += st.drawn
        st.drawn = []
        events.append(Event("scroll-kept", {"seat": s}))
        acquire(st, s, arg, events)
        if arg in st.scrolls[s] and usable(st, s, arg):
            st.scroll_only = arg  # "he may activate the selected scroll in the given round"
    elif kind == Kind.SWAP:  # 13
        to = list(range(st.n))
        to[s], to[arg] = arg, s
        knowledge.move_hands(st, to)
        events.append(Event("swap", {"seat": s, "with": arg}))
        events += [Event("hand", {"seat": o, "cards": texts_of(st, o)}, (o,)) for o in (s, arg)]
    elif kind == Kind.LEADER:  # 19
        st.effect_arg = arg
        events.append(Event("leader", {"seat": s, "leader": arg}))
    _done(st, events)


def texts_of(st: MegalomaniaState, s: int) -> list[str]:
    return [CARD_TEXT[c] for c in bits(_hand(st, s))]


def _exchange(st: MegalomaniaState, s: int, c: int, events: list[Event]) -> None:
    """2: each other player hands the caller a card of the called colour (any card without
    one); the caller gives one back (perhaps the same).  Only the two see the cards."""
    caller, giver = st.round_scrolls[-1][0], st.queue[0]
    if st.asking == ASK_GIVE:
        knowledge.leave(st, giver, 1 << c, seen_by=(giver, caller))
        if colour_of(c) != st.call:
            st.pvoid[caller][giver] |= 1 << st.call
        knowledge.arrive(st, caller, 1 << c, seen_by=(giver,))
        events.append(Event("exchange", {"seat": giver, "to": caller}))
        events.append(Event("give", {"seat": giver, "to": caller, "card": CARD_TEXT[c]}, (giver, caller)))
        _ask(st, caller, ASK_RETURN)
        return
    knowledge.leave(st, caller, 1 << c, seen_by=(caller, giver))
    knowledge.arrive(st, giver, 1 << c, seen_by=(caller,))
    events.append(Event("exchange", {"seat": caller, "to": giver}))
    events.append(Event("give", {"seat": caller, "to": giver, "card": CARD_TEXT[c]}, (caller, giver)))
    st.queue.pop(0)
    if st.queue:
        _ask(st, st.queue[0], ASK_GIVE)
    else:
        st.call, st.asking = -1, ASK_NONE


# -- resources (6, 9, 15) ---------------------------------------------------------------------------
def begin_resources(st: MegalomaniaState, events: list[Event]) -> None:
    st.asking = ASK_NONE
    if st.effect == 6:
        events.append(Event("no-resources", {"seat": st.effect_seat}))
        before_play(st, events)
        return
    st.queue = [(st.dealer + 1 + k) % st.n for k in range(st.n)]
    st.phase, st.turn = RESOURCES_PHASE, st.queue[0]


def resource_options(st: MegalomaniaState, s: int) -> list[Action]:
    doubled = st.effect == 9 and st.effect_seat == s  # two combinations, no scroll
    if doubled and st.resource[s] >= 0:
        return [A.TAKE[r] for r in range(3) if r != st.resource[s]]
    options = [A.TAKE[r] for r in range(3)]
    if st.scroll_deck and not doubled:
        options.append(A.TAKE[SCROLL])
    return options


def take(st: MegalomaniaState, s: int, choice: int, events: list[Event]) -> None:
    crystals, cubes = RESOURCE_AMOUNTS[choice]
    st.crystals[s] = st.crystals[s] + crystals  # (not +=: see knowledge.leave)
    st.cubes[s] = st.cubes[s] + cubes
    first = st.resource[s] < 0
    if first:
        st.resource[s] = choice
    else:
        st.resource2[s] = choice
    if not st.quiet:
        events.append(Event("resources", {"seat": s, "choice": RESOURCES[choice]}))
    if choice == SCROLL:
        acquire(st, s, st.scroll_deck.pop(0), events)
    if st.effect == 9 and s == st.effect_seat and first:
        return  # the second combination
    st.queue.pop(0)
    if st.queue:
        st.turn = st.queue[0]
        return
    if st.effect == 15:
        _others_resources(st, events)
    before_play(st, events)


def _others_resources(st: MegalomaniaState, events: list[Event]) -> None:
    """Scroll 15: once all have chosen, the user also receives every other player's combination,
    as far as the box holds (10 crystals, 45 cubes: M30)."""
    user = st.effect_seat
    others = [RESOURCE_AMOUNTS[st.resource[o]] for o in range(st.n) if o != user and st.resource[o] >= 0]
    crystals = min(sum(c for c, _ in others), CRYSTALS_IN_BOX - sum(st.crystals))
    cubes = min(sum(q for _, q in others), CUBES_IN_BOX - sum(st.cubes))
    st.crystals[user] += crystals
    st.cubes[user] += cubes
    events.append(Event("scroll-gain", {"seat": user, "crystals": crystals, "cubes": cubes}))


# -- at trick time (10, 16) ---------------------------------------------------------------------------
def can_declare(st: MegalomaniaState, s: int) -> bool:
    """16, when leading: declare the colour that decides the trick instead of the lead."""
    return (
        st.effect == 16
        and st.effect_seat == s
        and not st.effect_spent
        and len(st.t_cards) == 1
        and st.t_seats[0] == s
    )


def declare(st: MegalomaniaState, s: int, colour: int, events: list[Event]) -> None:
    st.declared, st.effect_spent = colour, True
    events.append(Event("declare", {"seat": s, "colour": COLOURS[colour]}))


def decide_pending(st: MegalomaniaState) -> bool:
    """16: once all the cards of a turn are down, its user may decide who takes the trick."""
    return st.effect == 16 and not st.effect_spent


def steal_pending(st: MegalomaniaState) -> bool:
    """10: when another player takes a trick, its user may steal it."""
    return st.effect == 10 and not st.effect_spent and st.t_seats[st.t_winner] != st.effect_seat


def trick_end_options(st: MegalomaniaState) -> list[Action]:
    if st.asking == ASK_DECIDE:
        mine = st.t_seats[st.t_winner] == st.effect_seat
        return [A.DECIDE[REFUSE_TRICK if mine else TAKE_TRICK], A.PASS]
    return [A.STEAL, A.PASS]


def winner_without(st: MegalomaniaState, j: int) -> int:
    """The card that takes the trick if card ``j`` were not in it (16, refusing a trick)."""
    others = [k for k in range(len(st.t_cards)) if k != j]
    lead = st.declared if st.declared >= 0 else st.t_colours[0]
    best = trick_winner(
        [st.t_colours[k] for k in others],
        [st.t_values[k] for k in others],
        [st.t_adv[k] for k in others],
        st.dom,
        st.dwarf,
        lead,
    )
    return others[best]


def apply_trick_end(st: MegalomaniaState, action: Action, events: list[Event]) -> None:
    user = st.effect_seat
    if st.asking == ASK_DECIDE:
        if action.kind == Kind.DECIDE:
            st.effect_spent = True
            mine = st.t_seats.index(user)
            st.t_winner = mine if action.arg == TAKE_TRICK else winner_without(st, mine)
            events.append(Event("decide", {"seat": user, "winner": st.t_seats[st.t_winner]}))
        st.asking = ASK_NONE
        st.close_trick(events)
        return
    st.asking = ASK_NONE
    winner = st.t_seats[st.t_winner]
    owner = winner
    if action.kind == Kind.STEAL:
        st.effect_spent = True
        owner = user
        events.append(Event("steal", {"seat": user, "from": winner}))
    st.record_trick(owner, winner, events)


# -- scoring (3, 11, 12) ----------------------------------------------------------------------------
def score(st: MegalomaniaState) -> tuple[list[int], list[int]]:
    """The round's mission points and scroll points, per seat."""
    mission = st.mission_data
    tricks = st.tricks_by_seat()
    points = score_round(mission, tricks)
    user = st.effect_seat
    if st.effect == 11 and mission.kind == "fixed":  # one trick fewer, if that serves him better
        for j in range(len(tricks[user])):
            fewer = list(tricks)
            fewer[user] = tricks[user][:j] + tricks[user][j + 1 :]
            other = score_round(mission, fewer)
            if other[user] > points[user]:
                points = other
    if st.effect == 3 and points[user] > 0:
        points[user] *= 2
    bonus = list(st.round_bonus)
    if st.effect == 12:
        bonus[user] += len(tricks[user])
    return points, bonus
