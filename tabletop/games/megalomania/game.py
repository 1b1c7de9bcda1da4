"""Megalomania as a registered game: options, metadata, set-ups, parsing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.errors import InvalidOptions
from ...core.protocol import JSON, Game, Metadata, OptionSpec
from .actions import Action, parse_action
from .cards import mask_of, parse_card
from .data import Mission, Scroll, load_missions, load_scrolls
from .rules import ROUNDS
from .serialize import state_from_json
from .state import MegalomaniaState


class Megalomania(Game[Action]):
    name = "megalomania"
    title = "Megalomania"
    option_specs = (
        OptionSpec("players", int, 4, "number of players", minimum=2, maximum=4),
        OptionSpec("data", str, "", "path of a missions TOML file to use instead of the packaged one"),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.missions: dict[int, Mission] = load_missions(self.options["data"] or None)
        self.scroll_data: dict[int, Scroll] = load_scrolls()
        n = self.players
        # Missions with a special deal come with the complete game (see docs/rulings.md).
        self.mission_pool = [m.number for m in self.missions.values() if m.deal == "plain" and n in m.players]
        if len(self.mission_pool) < ROUNDS:
            raise InvalidOptions(f"only {len(self.mission_pool)} missions for {n} players; 12 needed")

    @property
    def metadata(self) -> Metadata:
        n = self.players
        # resources + (card, up to 4 power/cube decisions, done) per card, as an upper bound
        per_round = n + 8 * n * 25
        return Metadata(
            name=self.name,
            title=self.title,
            players=n,
            min_players=2,
            max_players=4,
            hidden_information=True,
            chance="carried-rng",
            max_decisions=ROUNDS * per_round,
            options=dict(self.options),
        )

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def new_state(self, seed: int, setup: Mapping[str, JSON] | None = None) -> MegalomaniaState:
        """A new game.  ``setup`` may fix: dealer, missions (deck order), scrolls (deck order),
        start_round (1-12) and deals ({round: [[cards of seat 0], ...]})."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InvalidOptions(f"a seed is an integer, not {seed!r}")
        setup = dict(setup or {})
        unknown = set(setup) - {"dealer", "missions", "scrolls", "start_round", "deals"}
        if unknown:
            raise InvalidOptions(f"unknown set-up key(s): {', '.join(sorted(unknown))}")
        n = self.players
        state = MegalomaniaState(self)
        state.seed = seed
        dealer = setup.get("dealer")
        if dealer is None:
            dealer = state._rng().randrange(n)
        elif not isinstance(dealer, int) or not 0 <= dealer < n:
            raise InvalidOptions(f"set-up dealer must be a seat from 0 to {n - 1}")
        missions = self._deck(setup.get("missions"), self.mission_pool, "missions", state)
        scrolls = self._deck(setup.get("scrolls"), list(self.scroll_data), "scrolls", state)
        start = setup.get("start_round", 1)
        if not isinstance(start, int) or not 1 <= start <= ROUNDS:
            raise InvalidOptions(f"set-up start_round must be from 1 to {ROUNDS}")
        state.round = start - 1
        state.setup_deals = self._deals(setup.get("deals") or {}, missions, start)
        state.start(seed, dealer, missions, scrolls)
        return state

    def _deck(self, given: Any, pool: list[int], what: str, state: MegalomaniaState) -> list[int]:
        if given is None:
            deck = list(pool)
            state._rng().shuffle(deck)
            return deck
        if (
            not isinstance(given, list)
            or not all(isinstance(x, int) and x in pool for x in given)
            or len(set(given)) != len(given)
        ):
            raise InvalidOptions(
                f"set-up {what} must list distinct numbers from: {', '.join(map(str, sorted(pool)))}"
            )
        return list(given)

    def _deals(self, deals: Any, missions: list[int], start: int) -> dict[int, list[int]]:
        if not isinstance(deals, dict):
            raise InvalidOptions("set-up deals map a round number to each seat's cards")
        fixed: dict[int, list[int]] = {}
        n = self.players
        for key, hands in deals.items():
            round_no = int(key)
            index = round_no - start
            if not 0 <= index < len(missions):
                raise InvalidOptions(f"set-up deals name round {key}, which is not played")
            per_player = self.missions[missions[index]].cards
            if not isinstance(hands, list) or len(hands) != n:
                raise InvalidOptions(f"round {key}'s deal needs one hand per seat ({n})")
            cards = [[parse_card(t) for t in hand] for hand in hands]
            flat = [c for hand in cards for c in hand]
            if len(set(flat)) != len(flat):
                raise InvalidOptions(f"round {key}'s deal gives a card twice")
            # a puzzle may deal fewer cards than the mission, but the same number to all
            if len({len(hand) for hand in cards}) != 1 or not 1 <= len(cards[0]) <= per_player:
                raise InvalidOptions(
                    f"round {key}'s deal must give every seat the same number of cards, "
                    f"from 1 to the mission's {per_player}"
                )
            masks = [mask_of(hand) for hand in cards]
            masks.append(((1 << 32) - 1) & ~mask_of(flat))  # the rest stays undealt
            fixed[round_no - 1] = masks
        return fixed

    def state_from_json(self, data: Mapping[str, JSON]) -> MegalomaniaState:
        return state_from_json(self, data)
