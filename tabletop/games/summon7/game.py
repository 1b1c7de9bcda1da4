"""Summon 7 as a registered game: options, metadata, fixed set-ups, parsing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.errors import InvalidOptions
from ...core.fields import checked_setup, setup_counts, setup_seat
from ...core.protocol import JSON, Game, Metadata, OptionSpec
from ...core.rng import shuffle
from .actions import Action, parse_action
from .cards import MAX_VALUE, PRINTED_DECK, Deck, load_deck
from .serialize import state_from_json
from .state import Summon7State
from .table import Table

# a player can be dealt at most 13 cards without a duplicate value, so at most 13 hits and a hold
DECISIONS_PER_PLAYER_ROUND = MAX_VALUE + 2


class Summon7(Game[Action]):
    name = "summon7"
    title = "Summon 7"
    option_specs = (
        OptionSpec("players", int, 4, "number of players", minimum=2, maximum=6),
        OptionSpec("target", int, 100, "the leadership total that ends the game", minimum=1, maximum=1000),
        OptionSpec(
            "max_rounds",
            int,
            100,
            "a safety limit: the game also ends after this many rounds (not in the rules)",
            minimum=1,
            maximum=1000,
            advanced=True,
        ),
        OptionSpec("data", str, "", "path of a Summon 7 deck TOML file to use instead of the packaged one"),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.deck: Deck = load_deck(self.options["data"])

    @property
    def metadata(self) -> Metadata:
        n = self.players
        # every dealt card is face up; only the deck's order is unknown
        return self.carried_rng_metadata(
            hidden_information=False,
            max_decisions=self.options["max_rounds"] * n * DECISIONS_PER_PLAYER_ROUND,
        )

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def new_state(self, seed: int, setup: Mapping[str, JSON] | None = None) -> Summon7State:
        """A new game.  ``setup`` may fix: ``dealer`` (the first dealer's seat), ``deck`` (the
        values on top of the deck, the first dealt first), ``deck_only`` (true: the deck holds
        only those cards, every other card starts in the discard pile), ``leadership`` (one
        total per seat) and ``house_total``."""
        setup = checked_setup(seed, setup, {"dealer", "deck", "deck_only", "leadership", "house_total"})
        n = self.players
        state = Summon7State(self)
        state.seed = seed
        dealer = setup_seat(setup, "dealer", n, state._rng)
        fill_deck(state.table, setup.get("deck"), bool(setup.get("deck_only", False)), state._rng, self.deck)
        state.leadership = setup_counts(setup.get("leadership", [0] * n), n, "leadership", "totals")
        house = setup.get("house_total", 0)
        if type(house) is not int or house < 0:
            raise InvalidOptions("set-up house_total must be an integer of 0 or more")
        state.house_total = house
        state.start(seed, dealer)
        return state

    def state_from_json(self, data: Mapping[str, JSON]) -> Summon7State:
        return state_from_json(self, data)


def fill_deck(table: Table, top: Any, only: bool, rng: Any, deck: Deck = PRINTED_DECK) -> None:
    """The deck at the start (``deck``'s cards): shuffled, under the values ``top`` (dealt first to
    last); with ``only``, nothing under them, every other card in the discard pile."""
    if top is None:
        if only:
            raise InvalidOptions("set-up deck_only needs a deck")
        table.deck = list(deck.cards)
        shuffle(rng(), table.deck)
        return
    if not isinstance(top, list):
        raise InvalidOptions(f"set-up deck must list card values (0 to {MAX_VALUE}), the first dealt first")
    try:
        chosen = deck.ids_for_values(top)
    except ValueError as err:
        raise InvalidOptions(f"set-up deck: {err}") from None
    taken = set(chosen)
    rest = [c for v in range(MAX_VALUE + 1) for c in deck.ids_of[v] if c not in taken]
    if only:
        table.discard = rest
        table.deck = list(reversed(chosen))
    else:
        shuffle(rng(), rest)
        table.deck = rest + list(reversed(chosen))  # the top card is the last
