"""The clan game's phases, their names, and the names of the game's ends (state.py re-exports
them)."""

from __future__ import annotations

(CHOOSE, TURN, WARD, PAY, CITY_CARDS, PLACE, CAPTURE, DRAFT, DINING, BLAME, OVER) = range(11)
PHASE_NAMES = (
    "choose", "home", "ward", "pay", "city-cards", "place", "capture", "draft", "dining", "blame", "over",
)  # fmt: skip
END_REASONS = ("", "takeover", "uprising", "rounds")
