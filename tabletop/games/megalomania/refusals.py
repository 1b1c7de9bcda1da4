"""Why an action is not legal now, in words, for the IllegalAction a player reads: only an action
refused gets here, so the state's own module keeps the rules that play."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions as A
from . import deals
from .actions import Action, Kind
from .cards import ASSASSIN, CARD_NAME, COLOURS, rank_of
from .phases import AFTER, PHASE_NAMES, PLAY, RESOURCES_PHASE, SCROLLS

if TYPE_CHECKING:
    from .state import MegalomaniaState


def why_illegal(st: MegalomaniaState, action: object) -> str:
    """Why ``action`` is not legal now, in words: the card rules first (following, the Assassin's
    power, the Emperor), then the scrolls and resources; else the actions that are legal."""
    if not isinstance(action, Action):
        raise TypeError(f"{action!r} is not a Megalomania action")  # a wrong type: no move at all
    phase = PHASE_NAMES[st.phase]
    legal = ", ".join(map(str, st.legal_actions()))
    s = st.turn
    if action.kind in (Kind.PLAY, Kind.PLAY_POWER) and st.phase == PLAY:
        c = action.arg
        if not st.hands[s] >> c & 1:
            return f"seat {s} does not hold the {CARD_NAME[c]}; legal: {legal}"
        if st.mission_data.deal == deals.LAID:
            return f"mission 15: the next card of the laid-out sequence is played; legal: {legal}"
        if action.kind == Kind.PLAY_POWER:
            if rank_of(c) != ASSASSIN and st.effect != 20:
                return f"only an Assassin can be played by its power ('!'); legal: {legal}"
            if st.emperor:
                return "the Emperor's power forbids powers for the rest of this turn"
            if not st.crystals[s]:
                return "playing a card by the Assassin's power needs a power crystal"
            return f"the {CARD_NAME[c]} may be played normally (no '!'); legal: {legal}"
        lead = COLOURS[st.t_colours[0]]
        if st.wizard:
            return f"a Wizard's power forces the lowest card of the colour to play; legal: {legal}"
        return (
            f"the {CARD_NAME[c]} does not follow the rule: follow {lead}, else play "
            f"{COLOURS[st.dom]} (dominant); legal: {legal}"
        )
    if action.kind in (Kind.POWER, Kind.POWER_AS, Kind.LEAD, Kind.COLOUR) and st.phase == AFTER:
        if st.emperor:
            return "the Emperor's power forbids powers and cubes for the rest of this turn"
        if not st.crystals[s]:
            return "a power needs a power crystal, and you have none"
    if action.kind in (Kind.CUBE_UP, Kind.CUBE_DOWN) and st.phase == AFTER and not st.cubes[s]:
        return "you have no cubes left"
    if action.kind == Kind.USE and st.phase != SCROLLS:
        return f"a scroll is used only in the scroll phase, before resources; legal: {legal}"
    if action.kind == Kind.TAKE and action.arg == A.SCROLL and st.phase == RESOURCES_PHASE:
        if st.effect == 9 and st.effect_seat == s:
            return "scroll 9 forbids taking a scroll this round"
        return "the scroll deck is empty"
    return f"{action} is not legal now (phase {phase}, seat {s}); legal: {legal}"
