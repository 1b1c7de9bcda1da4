"""MegaCorps' actions and events in words.

Everything here reads a seat's view or the events that seat may see, never the state.  Names and
texts (corporations, industries, countries, event cards) come from the packaged data file
(data/megacorps.toml); a code the data does not know is written as it is.  A company is written
``Japan's Aerospace company``; money as plain numbers (``for 4``), ``Euros`` in an offer's items.
Private events (a drawn card, a sealed bid or vote, the cards in an offer) are worded only for the
seats allowed to see them: for any other reader ``describe_event`` gives None.

The words live in these modules: names.py (names, an offer's items, what the view shows computed as
the rules do), actions.py (``describe_action``), events.py (``describe_event``), offers.py (offers
made at any time) and asked.py (why a window is asked of everybody, and the payout window's question).
"""

from __future__ import annotations

from .actions import describe_action as describe_action
from .asked import EVERYONE_ASKED as EVERYONE_ASKED
from .asked import everyone_asked as everyone_asked
from .asked import respond_prompt as respond_prompt
from .events import describe_event as describe_event
from .names import *  # noqa: F403  (the names, texts and counts of names.py's __all__)
