"""Response windows (R-MC34): which questions are windows about someone else's decision, and the
neutral answer that closes one when its time runs out: among the choices, and the answer a leaving
player's questions get (R-MC31), which hands nothing over."""

from __future__ import annotations

import random

from tabletop.games.megacorps.phases import (
    ANSWER,
    BID,
    DONATE,
    PHASE_NAMES,
    PRICE,
    RESPOND,
    SALE,
    TURN,
    VETO,
    VOTE,
)
from tabletop.games.megacorps.resolve import DEFAULT_ANSWER

from .helpers import make, start

# the neutral answer of each window, by phase (the answers a leaving player's questions get, R-MC31)
NEUTRAL = {
    "veto": "allow",
    "price": "refuse",
    "donate": "done",
    "sale": "decline",
    "war-gi": "pass",
    "answer": "decline",
    "respond": "pass",
    "bid": "bid 0",
    "vote": "abstain",
}


def test_each_window_closes_with_its_neutral_answer_and_a_seats_own_decisions_have_none() -> None:
    phases: set[str] = set()
    own = 0
    for seed in range(16):
        players = 3 + seed % 4
        state = start(make(players), seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            for seat in state.to_act():
                neutral = state.neutral_action(seat)
                phase = PHASE_NAMES[state.phase]
                if neutral is None:
                    # a decision of the seat's own turn (or its own war's), never a window
                    assert state.phase not in (BID, VOTE, RESPOND), phase
                    assert state.phase not in (VETO, PRICE, DONATE, SALE, ANSWER) or seat == state.turn, phase
                    own += 1
                    continue
                assert state.phase != TURN and str(neutral) == NEUTRAL[phase], (phase, neutral)
                assert neutral in state.legal_actions_for(seat)
                if state.phase not in (BID, VOTE, RESPOND):
                    assert seat != state.turn
                phases.add(phase)
                # the answer a leaving player's question gets (R-MC31): it hands nothing over
                assert str(neutral) == DEFAULT_ANSWER[state.phase], (phase, neutral)
            seat = rng.choice(state.to_act())
            state.apply(rng.choice(state.legal_actions_for(seat)), seat)
    assert own > 1000
    assert {"veto", "donate", "respond", "bid", "vote", "answer"} <= phases, phases
