"""The missions' deals: dealing, the hidden choices before play (laying out, splitting, handing
over), the swap with the opposite player, and what the special deals do during play (a turned
card sets each turn's dominant colour, face-down cards join the hand, hands pass to the right).

Every choice that the rulebook makes simultaneously is asked seat by seat, from the dealer's
left; what a seat chose is hidden from the others (views, events, sampling) until it is revealed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...core.protocol import Event
from ...core.rng import below, shuffle
from . import actions as A
from . import knowledge
from .actions import Action, Kind
from .cards import ALL_CARDS, CARD_TEXT, COLOURS, NUM_CARDS, bits, colour_of, mask_of, texts
from .phases import HAND_OVER, LAY, SPLIT_PHASE

if TYPE_CHECKING:
    from .state import MegalomaniaState

# Final: the compiled rules compare with the text itself rather than look the name up each time
PLAIN: Final = "plain"
OPEN_THREE: Final = "open-three"  # 13: half face up on the table, half in the hand
TURNED: Final = "turned-dominant"  # 14: a card turned from the undealt pile sets each turn's dominant
LAID: Final = "laid-out"  # 15: cards laid out face down in the order they will be played
COVERED: Final = "covered-four"  # 18: face-up cards on face-down ones; a played one frees the one below
PERSONAL: Final = "personal-pile"  # 19: half in hand, half a face-down pile drawn after each play
SWAP_OPPOSITE: Final = "swap-opposite"  # 20, 21: hands go to the opposite player
PASS_RIGHT: Final = "pass-right"  # 22: after every turn, hands go to the right
SPLIT: Final = "split-piles"  # 24: two piles, the right-hand player picks one at random
HAND_THREE: Final = "hand-three-right"  # 25: three chosen cards to the right
# deals whose first half goes somewhere else
HALVED: Final[tuple[str, ...]] = (OPEN_THREE, COVERED, PERSONAL)
EVEN: Final[tuple[str, ...]] = (*HALVED, SPLIT)  # fixed deals for these need an even number of cards
_DECK: Final = tuple(range(NUM_CARDS))  # in order, before the shuffle


def deal(st: MegalomaniaState, fixed: list[list[int]] | None) -> None:
    """Deal the round's cards by the mission's rule, one at a time clockwise from the dealer's
    left (a fixed deal lists each seat's cards in the order they are dealt)."""
    n, mission = st.n, st.mission_data
    if fixed is None:
        deck = list(_DECK)
        shuffle(st._rng(), deck)
        dealt: list[list[int]] = [[] for _ in range(n)]
        for k in range(n):  # the k-th seat from the dealer's left gets every n-th card from the k-th
            # (deck[k : mission.cards * n : n], by index: the compiled code slices with a step slowly)
            dealt[(st.dealer + 1 + k) % n] = [deck[k + n * j] for j in range(mission.cards)]
    else:
        dealt = [list(cards) for cards in fixed]
    for masks in (st.hands, st.open, st.down, st.out, st.split, st.handing):
        knowledge.clear(masks)  # (in place: see knowledge.reset)
    in_hands = 0
    for s, cards in enumerate(dealt):
        half = len(cards) // 2
        first = second = 0  # the masks of the first and the second half dealt
        for i, c in enumerate(cards):
            if i < half:
                first |= 1 << c
            else:
                second |= 1 << c
        in_hands |= first | second
        if mission.deal == OPEN_THREE:
            st.open[s], st.hands[s] = first, first | second
        elif mission.deal == COVERED:
            st.down[s], st.open[s], st.hands[s] = first, second, second
        elif mission.deal == PERSONAL:
            st.down[s], st.hands[s] = first, second
        else:
            st.hands[s] = first | second
    st.stock = ALL_CARDS & ~in_hands
    st.round_cards = len(dealt[0])
    st.turned.clear()
    for laid in st.laid:
        laid.clear()
    knowledge.reset(st)


def deal_events(st: MegalomaniaState) -> list[Event]:
    """Each seat's own hand (private) and the face-up table cards (public)."""
    events = [
        Event("hand", {"seat": s, "cards": texts(st.hands[s] & ~st.open[s])}, (s,)) for s in range(st.n)
    ]
    if any(st.open) or any(st.down):
        table = {
            "table": [texts(m) for m in st.open],
            "face_down": [m.bit_count() for m in st.down],
        }
        events.append(Event("table", table))
    return events


# -- before play ----------------------------------------------------------------------------------
def before_play(st: MegalomaniaState, events: list[Event]) -> None:
    """After scrolls and resources: the mission's hidden choices or swap, then the first turn."""
    kind = st.deal
    if kind in (LAID, SPLIT, HAND_THREE):
        st.phase = {LAID: LAY, SPLIT: SPLIT_PHASE, HAND_THREE: HAND_OVER}[kind]
        st.queue = [(st.dealer + 1 + k) % st.n for k in range(st.n)]
        st.turn = st.queue[0]
        return
    if kind == SWAP_OPPOSITE and st.n == 4:
        knowledge.move_hands(st, [(a + 2) % 4 for a in range(4)])
        events.append(Event("swap-opposite", {}))
        events += [Event("hand", {"seat": s, "cards": texts(st.hands[s])}, (s,)) for s in range(st.n)]
    st.begin_play(events)


def _goal(st: MegalomaniaState, s: int) -> int:
    """How many cards seat ``s`` chooses in this step."""
    size = (st.hands[s] & ~st.open[s]).bit_count()
    if st.phase == LAY:
        return size
    return size // 2 if st.phase == SPLIT_PHASE else min(3, size)


def chosen(st: MegalomaniaState, s: int) -> int:
    if st.phase == LAY:
        return mask_of(st.laid[s])
    return st.split[s] if st.phase == SPLIT_PHASE else st.handing[s]


def choice_options(st: MegalomaniaState, s: int) -> list[Action]:
    group = A.LAY if st.phase == LAY else A.PILE if st.phase == SPLIT_PHASE else A.GIVE
    return [group[c] for c in bits(st.hands[s] & ~st.open[s] & ~chosen(st, s))]


def apply_choice(st: MegalomaniaState, action: Action, events: list[Event]) -> None:
    s, c = st.turn, action.arg
    if action.kind == Kind.LAY:
        st.laid[s].append(c)
        left = st.hands[s] & ~mask_of(st.laid[s])
        if left.bit_count() == 1:  # the last card has only one place
            st.laid[s].append(left.bit_length() - 1)
    elif action.kind == Kind.PILE:
        st.split[s] = st.split[s] | 1 << c  # (not |=: see knowledge.leave)
    else:
        st.handing[s] = st.handing[s] | 1 << c
    events.append(Event(action.kind.name.lower(), {"seat": s, "card": CARD_TEXT[c]}, (s,)))
    if chosen(st, s).bit_count() < _goal(st, s):
        return
    step = "lay-out" if st.phase == LAY else "split" if st.phase == SPLIT_PHASE else "hand-over"
    events.append(Event("ready", {"seat": s, "choice": step}))
    st.queue.pop(0)
    if st.queue:
        st.turn = st.queue[0]
        return
    if st.phase == SPLIT_PHASE:
        _pick_piles(st, events)
    elif st.phase != LAY:
        _hand_over(st, events)
    st.begin_play(events)


def _pick_piles(st: MegalomaniaState, events: list[Event]) -> None:
    """Mission 24: the player on each seat's right picks one of its two piles at random."""
    n = st.n
    for s in range(n):
        first = st.split[s]
        second = st.hands[s] & ~first
        keep_first = below(st._rng(), 2) == 0
        kept, aside = (first, second) if keep_first else (second, first)
        knowledge.leave(st, s, aside, seen_by=(s,))
        st.out[s] = aside
        st.split[s] = 0
        picker = (s - 1) % n
        events.append(Event("pile-picked", {"seat": s, "picker": picker, "kept": kept.bit_count()}))
        events.append(
            Event("hand", {"seat": s, "cards": texts(kept), "set_aside": texts(aside)}, (s,)),
        )


def _hand_over(st: MegalomaniaState, events: list[Event]) -> None:
    """Mission 25: every seat hands its chosen cards to the player on its right, all at once."""
    n = st.n
    given = list(st.handing)
    for s in range(n):
        knowledge.leave(st, s, given[s], seen_by=(s, (s - 1) % n))
    for s in range(n):
        right = (s - 1) % n
        knowledge.arrive(st, right, given[s], seen_by=(s,))
        events.append(Event("handed", {"seat": s, "to": right, "cards": texts(given[s])}, (s, right)))
    st.handing = [0] * n
    events.append(Event("handed-over", {"cards": [m.bit_count() for m in given]}))


# -- during play ------------------------------------------------------------------------------------
def turn_dominant(st: MegalomaniaState, events: list[Event]) -> None:
    """Mission 14: before each turn the top undealt card is turned; its colour is dominant."""
    if st.deal != TURNED or not st.stock or 1 in st.round_effects():
        return  # scroll 1 fixed the dominant colour for the round (docs/rulings.md)
    pool = list(bits(st.stock))
    c = pool[below(st._rng(), len(pool))]
    st.stock &= ~(1 << c)
    st.turned.append(c)
    st.dom = colour_of(c)
    events.append(Event("turned", {"card": CARD_TEXT[c], "dominant": COLOURS[st.dom]}))


def draw_after_play(st: MegalomaniaState, s: int, from_table: bool, events: list[Event]) -> None:
    """Missions 18 and 19: a face-down card joins the hand (nobody has seen it; the face-down
    cards are in no known order, so it is drawn at random)."""
    kind = st.deal
    if not st.down[s] or not ((kind == COVERED and from_table) or (kind == PERSONAL and not from_table)):
        return
    pool = list(bits(st.down[s]))
    c = pool[below(st._rng(), len(pool))]
    st.down[s] = st.down[s] & ~(1 << c)  # (not &=: see knowledge.leave)
    knowledge.arrive(st, s, 1 << c)
    if not st.quiet:
        events.append(Event("draw", {"seat": s}))
        events.append(Event("drawn", {"seat": s, "card": CARD_TEXT[c]}, (s,)))


def pass_right(st: MegalomaniaState, events: list[Event]) -> None:
    """Mission 22: after every turn each player hands all remaining cards to the right."""
    n = st.n
    knowledge.move_hands(st, [(a - 1) % n for a in range(n)])
    events.append(Event("pass-right", {}))
    events += [Event("hand", {"seat": s, "cards": texts(st.hands[s])}, (s,)) for s in range(n)]
