"""The questions open at a table: which seats are asked what, since when, and what stays secret.

Several seats may be asked at once (``State.to_act()``: sealed bids, votes).  Each is asked its
own choices (``legal_actions_for(seat)``).  A seat's question keeps the step it was first asked
at (``Prompt.since``) while it stays open with the same choices, so that an answer sent before
another seat's answer arrived is not refused as stale; and it keeps the time it was asked
(``Prompt.at``), which its clock counts from (clocks.py).
"""

from __future__ import annotations

from typing import Any

from ..core.protocol import Event, State


class Prompt:
    """A question open to one seat: the step it was first asked at, when, its choices' texts, and
    the neutral answer closing it when it is a response window (``State.neutral_action``)."""

    __slots__ = ("at", "legal", "neutral", "since")

    def __init__(self, since: int, legal: list[str], at: float, neutral: str | None = None) -> None:
        self.since = since
        self.legal = legal
        self.at = at
        self.neutral = neutral


def asked(
    state: State[Any], before: dict[int, Prompt], step: int, mover: int | None, at: float
) -> dict[int, Prompt]:
    """Each seat asked in ``state`` (at ``step``) and its question, after ``mover``'s action at
    time ``at`` (None: the set-up), given the questions open ``before`` it.

    A seat other than the mover that was asked before and is asked the same choices keeps its
    question; every other seat's question is new, but one still asked of a seat that did not move
    (its choices changed by a trade) keeps its clock."""
    found: dict[int, Prompt] = {}
    for seat in state.to_act():
        legal = [str(a) for a in state.legal_actions_for(seat)]
        kept = before.get(seat)
        if kept is not None and seat != mover and kept.legal == legal:
            found[seat] = kept
        else:
            neutral = state.neutral_action(seat)
            since = kept.at if kept is not None and seat != mover else at
            found[seat] = Prompt(step, legal, since, None if neutral is None else str(neutral))
    return found


def sealed_choice(state: State[Any], seat: int, text: str) -> bool:
    """Whether ``seat`` answering ``text`` in ``state`` (before it is applied) makes one of several
    choices asked at once and kept secret until all are in (a sealed bid or vote): a question of
    several seats, and ``text`` one of its choices, not a move made outside it (a trade offer)."""
    asked = state.to_act()
    return len(asked) > 1 and seat in asked and text in {str(a) for a in state.legal_actions_for(seat)}


def hidden_action(sealed: bool, events: list[Event]) -> bool:
    """Whether an action's text must stay with its own seat: what the others learn of an action is
    what its events tell them.  So the text is kept from them when the action was a sealed choice
    (one of several seats asked at once), when it made something happen that only some seats may
    see (a card laid face down, given or drawn: its text may name it), and when it made nothing
    happen at all that they could see (an item put into an offer being composed, which only its
    author sees until it is sent)."""
    return sealed or not events or any(e.visible_to is not None for e in events)
