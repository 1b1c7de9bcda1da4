"""Megalomania as a registered game: options, metadata, set-ups, parsing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.errors import InvalidOptions
from ...core.fields import checked_setup, setup_seat
from ...core.protocol import JSON, Game, Metadata, OptionSpec
from ...core.rng import shuffle
from .actions import Action, parse_action
from .cards import parse_card
from .data import Mission, Scroll, load_missions, load_scrolls
from .deals import EVEN
from .rules import ROUNDS
from .serialize import state_from_json
from .state import MegalomaniaState


class Megalomania(Game[Action]):
    name = "megalomania"
    title = "Megalomania"
    option_specs = (
        OptionSpec("players", int, 4, "number of players", minimum=2, maximum=4),
        OptionSpec("data", str, "", "path of a missions TOML file to use instead of the packaged one"),
        OptionSpec(
            "pairs", bool, False, "play in pairs (4 players): partners sit opposite and add up their points"
        ),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.missions: dict[int, Mission] = load_missions(self.options["data"] or None)
        self.scroll_data: dict[int, Scroll] = load_scrolls()
        n = self.players
        if self.pairs and n != 4:
            raise InvalidOptions(f"the pairs game needs 4 players (pairs of opposite seats), not {n}")
        # the missions whose players list this count (docs/rulings.md M2)
        self.mission_pool = [m.number for m in self.missions.values() if n in m.players]
        if len(self.mission_pool) < ROUNDS:
            raise InvalidOptions(f"only {len(self.mission_pool)} missions for {n} players; 12 needed")

    @property
    def pairs(self) -> bool:
        return bool(self.options["pairs"])

    @property
    def metadata(self) -> Metadata:
        n = self.players
        # an upper bound: the scroll phase and its effects, two resource choices each, eight
        # hidden choices each, then per card the play, its powers and cubes, an assist, and the
        # trick-end questions
        per_round = 40 + 12 * n + 8 * n * 35
        return self.carried_rng_metadata(hidden_information=True, max_decisions=ROUNDS * per_round)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def new_state(self, seed: int, setup: Mapping[str, JSON] | None = None) -> MegalomaniaState:
        """A new game.  ``setup`` may fix: dealer, missions (deck order), scrolls (deck order),
        held (the scrolls each seat holds at the start), start_round (1-12) and deals
        ({round: [[cards of seat 0], ...]}, each seat's cards in the order they are dealt: for
        missions 13, 18 and 19 the first half goes face up, face down, or to the pile)."""
        setup = checked_setup(seed, setup, {"dealer", "missions", "scrolls", "held", "start_round", "deals"})
        n = self.players
        state = MegalomaniaState(self)
        state.seed = seed
        dealer = setup_seat(setup, "dealer", n, state._rng)
        missions = self._deck(setup.get("missions"), self.mission_pool, "missions", state)
        held = self._held(setup.get("held"))
        in_hands = [x for xs in held for x in xs]
        pool = [x for x in self.scroll_data if x not in in_hands]
        scrolls = self._deck(setup.get("scrolls"), pool, "scrolls", state)
        state.scrolls = held
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
            shuffle(state._rng(), deck)
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

    def _held(self, given: Any) -> list[list[int]]:
        n = self.players
        if given is None:
            return [[] for _ in range(n)]
        if (
            not isinstance(given, list)
            or len(given) != n
            or not all(isinstance(xs, list) and all(x in self.scroll_data for x in xs) for xs in given)
            or len({x for xs in given for x in xs}) != sum(len(xs) for xs in given)
        ):
            raise InvalidOptions(f"set-up held lists the distinct scrolls (1-20) each of the {n} seats holds")
        if any(x in (5, 17) for xs in given for x in xs):
            raise InvalidOptions("scrolls 5 and 17 act when drawn: draw them from the deck instead")
        return [list(xs) for xs in given]

    def _deals(self, deals: Any, missions: list[int], start: int) -> dict[int, list[list[int]]]:
        if not isinstance(deals, dict):
            raise InvalidOptions("set-up deals map a round number to each seat's cards")
        fixed: dict[int, list[list[int]]] = {}
        n = self.players
        for key, hands in deals.items():
            round_no = int(key)
            index = round_no - start
            if not 0 <= index < len(missions):
                raise InvalidOptions(f"set-up deals name round {key}, which is not played")
            mission = self.missions[missions[index]]
            per_player = mission.cards
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
            if mission.deal in EVEN and len(cards[0]) % 2:
                raise InvalidOptions(
                    f"round {key}'s deal (mission {mission.number}) needs an even number of cards"
                )
            fixed[round_no - 1] = cards  # the rest stays undealt
        return fixed

    def state_from_json(self, data: Mapping[str, JSON]) -> MegalomaniaState:
        return state_from_json(self, data)
