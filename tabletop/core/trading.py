"""The optional trading protocol of a game's state (MegaCorps' trade offers at any time).

Apart from protocol.py because it is a runtime-checkable ``typing.Protocol``, which a compiled
(mypyc) module cannot define: this module stays pure Python in every build (setup.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar, runtime_checkable

from .protocol import JSON, State

A = TypeVar("A")


@runtime_checkable
class Trading(Protocol[A]):
    """What a :class:`State` offers when players may make trade offers at any time (optional).

    Offers are part of the game.  Making one, withdrawing it, answering it and letting it expire are
    moves of the game: each is applied for the seat that makes it, ``apply(action, seat)`` (the
    receiver's for an expiry), checked by the rules (only its maker withdraws an offer, only its
    receiver answers it, a trade changes hands only once its receiver accepted it and only while
    it is possible), changes the state, and is recorded like any other action (``@seat text``), so
    a replay or a restart keeps every offer.  None of them is ever among ``legal_actions_for``: a
    front end builds them with the methods below from its own means of input (a composer, a
    button, a clock), never from a client's action text (``core.protocol.offered``).  Test with
    ``isinstance(state, Trading)``.
    """

    def offer_action(self, receiver: int, give: Sequence[str], ask: Sequence[str]) -> A:
        """The move offering ``give`` (from the seat that makes it) to ``receiver`` for ``ask``,
        each item one of the game's codes.  Raises :class:`IllegalAction` when the items cannot
        be written; whether the offer may be made is the rules' business when it is applied."""
        ...

    def withdraw_action(self, offer: int) -> A:
        """The move withdrawing the open offer numbered ``offer`` (its maker's)."""
        ...

    def answer_action(self, offer: int, accept: bool) -> A:
        """The move accepting or declining the open offer numbered ``offer`` (its receiver's)."""
        ...

    def expire_action(self, offer: int) -> A:
        """The move closing the open offer numbered ``offer`` when its time ran out: its
        receiver's neutral answer, applied for the receiver by a front end's clock."""
        ...

    def open_offers(self, seat: int | None) -> list[dict[str, JSON]]:
        """The offers open now as ``seat`` sees them (``None``: a spectator): each a JSON object with
        its ``id``, ``from``, ``to``, the items it gives and asks (only what ``seat`` may see) and
        its ``status`` (``open``, or ``accepted`` while it waits for a moment to be carried out).
        Like ``previews``, asked by front ends and not part of the view."""
        ...

    def trade_question(self, offer: int) -> State[A]:
        """A copy of this position in which the receiver of the open offer ``offer`` is asked to
        accept or decline exactly that trade, so that a bot answers with its usual code: its
        ``legal_actions_for(receiver)`` are the game's accept and decline.  The copy is for
        deciding only, never played on as the game; raises :class:`IllegalAction` when there is
        no such open offer."""
        ...
