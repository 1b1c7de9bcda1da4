"""The optional trading protocol of a game's state (MegaCorps' trade offers at any time).

Apart from protocol.py because it is a runtime-checkable ``typing.Protocol``, which a compiled
(mypyc) module cannot define: this module stays pure Python in every build (setup.py).
"""

from __future__ import annotations

from typing import Protocol, TypeVar, runtime_checkable

from .protocol import State

A = TypeVar("A")


@runtime_checkable
class Trading(Protocol[A]):
    """What a :class:`State` offers when players may trade outside their turn (optional).

    A front end keeps the offers themselves outside the game: composing, sending, withdrawing,
    declining one changes nothing in the game.  When the receiver accepts, one action carries the
    whole offer out; it is applied for the receiver (``apply(action, seat=receiver)``), accepted
    from that seat even when it is asked nothing, and recorded like any other (``@seat text``).
    Like leaving, it is never among ``legal_actions`` or ``legal_actions_for``, so that no bot or
    random player plays it by chance.  ``apply`` refuses it (``IllegalAction`` with the reason,
    the state unchanged) unless ``trade_open()`` and the offer is still possible.  Test with
    ``isinstance(state, Trading)``.
    """

    def trade_action(self, offerer: int, receiver: int, give: list[str], ask: list[str]) -> A:
        """The action that carries out ``offerer``'s offer to ``receiver`` when ``receiver``
        accepts it: ``give`` goes from the offerer to the receiver, ``ask`` back, each item one of
        the game's codes.  Raises :class:`IllegalAction` with the reason when the offer is
        malformed or not possible in this position (an item its giver does not hold, too many
        items, a seat that left, the offerer trading with himself, nothing at all...).  It does
        not require ``trade_open()``: an offer accepted while something is being decided may be
        carried out at the next moment a trade is open, if it is still possible then."""
        ...

    def trade_open(self) -> bool:
        """Whether a trade may be carried out now (no decision in progress depends on what it
        would move; the game is neither over nor being set up)."""
        ...

    def trade_question(self, action: A, receiver: int) -> State[A]:
        """A copy of this position in which ``receiver`` is asked to accept or decline exactly
        the offer ``action`` carries out, so that a bot answers with its usual code: its
        ``legal_actions_for(receiver)`` are the game's accept and decline.  The copy is for
        deciding only, never played on as the game; raises :class:`IllegalAction` like
        ``trade_action`` when the offer is not possible."""
        ...
