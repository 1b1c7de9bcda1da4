"""Why a seat is asked a question it may have nothing to answer with (issue 29): MegaCorps asks some
windows of every seat that could hold the card they are about, whatever it holds, so that being
asked tells nobody who holds it.  A front end says so next to the question, in these words (the
browser reads them in the table's content, ``content()["asked"]``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

# by the view's phase: the windows asked of everybody to keep a holder secret
EVERYONE_ASKED = {
    "respond": "Everyone holding an event card is asked, so nobody learns who holds Oversupply or Shortages.",
}
RESPOND_PLAY = "This industry is about to pay out: play Oversupply or Shortages from your hand, or pass."
RESPOND_NEITHER = "This industry is about to pay out: you hold neither Oversupply nor Shortages, so pass."


def everyone_asked(phase: str) -> str:
    """Why every seat is asked in this window ("" when it is not such a window)."""
    return EVERYONE_ASKED.get(phase, "")


def respond_prompt(legal: Sequence[str]) -> str:
    """The payout window's question to a seat with ``legal`` choices: play a card, or only pass."""
    return RESPOND_PLAY if any(text.startswith("play ") for text in legal) else RESPOND_NEITHER


def asked_content() -> Mapping[str, Any]:
    """The words a table's content carries for the browser."""
    return {"why": dict(EVERYONE_ASKED), "respond": {"play": RESPOND_PLAY, "neither": RESPOND_NEITHER}}
