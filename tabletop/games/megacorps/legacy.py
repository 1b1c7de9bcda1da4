"""Records written by older rules, in today's words (``Game.upgrade_record``).

Before offers made at any time were moves of the game (R-MC33), the online table kept them outside
it and recorded only a trade accepted, as one entry applied for the receiver: ``[@receiver] swap
<offerer> <given>/<asked>``.  Such an entry becomes the offer and its acceptance, ``@offerer propose
<receiver> <given>/<asked>`` and ``@receiver accept N``: a swap was carried out only between actions
and only while every item was held by its giver, which is exactly when an offer made then is
accepted and carried out at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.errors import CorruptRecord, TabletopError
from ...core.record import parse_entry
from .actions import parse_propose

if TYPE_CHECKING:
    from .state import MegaCorpsState

LEGACY = "swap "


def upgrade(state: MegaCorpsState, entries: list[str]) -> list[str]:
    """``entries`` replayed from ``state`` (the game's start), each legacy swap written anew."""
    game = state.game
    found: list[str] = []
    for index, text in enumerate(entries):
        seat, action = parse_entry(text)
        new = [text]
        if action.startswith(LEGACY):
            words = action.split()
            receiver = state.current_seat if seat is None else seat
            if len(words) != 3 or receiver is None or not words[1].isdigit():
                raise CorruptRecord(f"action {index} ({text!r}) is not a trade this version can read")
            try:
                offer = parse_propose([str(receiver), words[2]])
            except ValueError as err:
                raise CorruptRecord(f"action {index} ({text!r}) is not a trade: {err}") from None
            new = [f"@{words[1]} {offer}", f"@{receiver} accept {state.next_offer}"]
        try:
            for entry in new:
                written, move = parse_entry(entry)
                state.apply(game.parse_action(move), written)
        except TabletopError as err:
            raise CorruptRecord(f"action {index} ({text!r}) does not replay: {err}") from None
        found += new
    return found
