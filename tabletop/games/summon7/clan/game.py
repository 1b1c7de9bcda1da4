"""The clan game as a registered game: options, metadata, fixed set-ups, parsing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....core.errors import InvalidOptions
from ....core.fields import checked_setup, setup_counts, setup_seat
from ....core.protocol import JSON, Event, Game, Metadata, OptionSpec
from ....core.rng import choice, shuffle
from ..game import DECISIONS_PER_PLAYER_ROUND, fill_deck
from ..state import sort_board
from .actions import CHARACTERS, HUMANS, LOCATIONS, POWERS, ClanAction, parse_action
from .data import MAX_PLAYERS, ClanData, load_clan
from .serialize import state_from_json
from .state import ClanState
from .view import ViewParts

_SETUP_KEYS = {
    "dealer", "characters", "head", "deck", "deck_only", "leadership", "pantry", "hands", "power_deck",
    "hungry", "meter", "city",
}  # fmt: skip


class Clan(Game[ClanAction]):
    name = "clan"
    title = "Summon 7: the clan game"
    option_specs = (
        OptionSpec(
            "players", int, 4, "number of players (household members)", minimum=2, maximum=MAX_PLAYERS
        ),
        OptionSpec(
            "pregame",
            int,
            100,
            "the leadership total that ends the pre-game of Summon 7 (0: no pre-game)",
            minimum=0,
            maximum=1000,
        ),
        OptionSpec(
            "head",
            int,
            150,
            "the Head of House's starting leadership",
            minimum=1,
            maximum=2000,
            advanced=True,
        ),
        OptionSpec(
            "rounds",
            int,
            12,
            "the main game ends after this many rounds at most",
            minimum=1,
            maximum=100,
            advanced=True,
        ),
        OptionSpec("data", str, "", "path of a clan content TOML file to use instead of the packaged one"),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.data: ClanData = load_clan(self.options["data"] or None)
        self.power_kind: tuple[int, ...] = self.data.power_kind
        self.power_ids: tuple[tuple[int, ...], ...] = tuple(
            tuple(c for c, k in enumerate(self.power_kind) if k == kind)
            for kind in range(len(self.data.powers))
        )
        self.view_parts = ViewParts(self.data, self.players)  # what every view of this game shares

    @property
    def metadata(self) -> Metadata:
        n = self.players
        # a round's Summon 7 decisions, plus every power card played and paid for, the city's
        # placements and captures, the draft and the dining: a generous bound
        cards = len(self.power_kind)
        per_round = n * DECISIONS_PER_PLAYER_ROUND + 12 * cards + 4 * n + 20
        pregame = self.data.pregame_round_limit * n * DECISIONS_PER_PLAYER_ROUND
        # everything is on the table; only the decks' order is unknown
        return self.carried_rng_metadata(
            hidden_information=False,
            max_decisions=n
            + (pregame if self.options["pregame"] else 0)
            + self.options["rounds"] * per_round,
        )

    def parse_action(self, text: str) -> ClanAction:
        return parse_action(text)

    def new_state(self, seed: int, setup: Mapping[str, JSON] | None = None) -> ClanState:
        """A new game.  ``setup`` may fix: ``dealer`` (the first dealer), ``characters`` (one id per
        seat: no choosing), ``head`` (with characters), ``deck`` and ``deck_only`` (as Summon 7),
        ``leadership``, ``hungry`` (one flag per seat, then the Head), ``meter``, ``pantry``
        ({human: count}; with no pre-game, instead of the starting pantry), ``hands`` (power card
        ids per seat, e.g. [["ward"], []]), ``power_deck`` (the cards on top, the first drawn first)
        and ``city`` ({location: {human: count}})."""
        setup = checked_setup(seed, setup, _SETUP_KEYS)
        n = self.players
        s = ClanState(self)
        s.seed = seed
        dealer = setup_seat(setup, "dealer", n, s._rng)
        s.table.dealer = dealer
        # the leaderboard: the Head of House on top (150), then the players from the first dealer
        s.board = [n] + [(dealer + k) % n for k in range(n)]
        fill_deck(s.table, setup.get("deck"), bool(setup.get("deck_only", False)), s._rng)
        self._power_deck(s, setup)
        self._city(s, setup.get("city"))
        if "leadership" in setup:
            s.leadership = setup_counts(setup["leadership"], n, "leadership")
            s.board = sort_board(s.board, [*s.leadership, s.head_score])
        if "hungry" in setup:
            hungry = setup["hungry"]
            if (
                not isinstance(hungry, list)
                or len(hungry) != n + 1
                or not all(type(x) is bool for x in hungry)
            ):
                raise InvalidOptions(
                    f"set-up hungry needs {n + 1} true/false values (the seats, then the Head)"
                )
            s.hungry = list(hungry)
        if "meter" in setup:
            s.meter = setup_counts([setup["meter"]], 1, "meter")[0]
        if "pantry" in setup:
            s.pantry = _by_name(setup["pantry"], HUMANS, "pantry")
        s.turn = (dealer + 1) % n
        characters = setup.get("characters")
        if characters is None:
            if "head" in setup:
                raise InvalidOptions("set-up head needs characters too")
            return s
        if (
            not isinstance(characters, list)
            or len(characters) != n
            or not all(c in CHARACTERS for c in characters)
        ):
            raise InvalidOptions(f"set-up characters needs one of {', '.join(CHARACTERS)} per seat")
        s.characters = [CHARACTERS.index(c) for c in characters]
        head = setup.get("head")
        events: list[Event] = []
        if head is None:
            s._choose_head(events)
        elif head not in CHARACTERS:
            raise InvalidOptions(f"set-up head must be one of {', '.join(CHARACTERS)}")
        else:
            s.head = CHARACTERS.index(head)
        if len(set([*s.characters, s.head])) != n + 1:
            raise InvalidOptions("set-up characters (and the head) must all differ")
        s.begin(events, keep_pantry="pantry" in setup)
        return s

    def _power_deck(self, s: ClanState, setup: dict[str, Any]) -> None:
        hands = setup.get("hands", [[] for _ in range(self.players)])
        if not isinstance(hands, list) or len(hands) != self.players:
            raise InvalidOptions(f"set-up hands needs one list of power cards per seat ({self.players})")
        top = setup.get("power_deck", [])
        if not isinstance(top, list):
            raise InvalidOptions("set-up power_deck must list power cards, the first drawn first")
        used = [0] * len(self.power_ids)

        def take(name: Any) -> int:
            if name not in POWERS:
                raise InvalidOptions(f"set-up: {name!r} is not a power card ({', '.join(POWERS)})")
            kind = POWERS.index(name)
            if used[kind] >= len(self.power_ids[kind]):
                raise InvalidOptions(f"set-up: there are only {len(self.power_ids[kind])} {name} cards")
            used[kind] += 1
            return self.power_ids[kind][used[kind] - 1]

        for seat, hand in enumerate(hands):
            if not isinstance(hand, list):
                raise InvalidOptions("set-up hands needs a list of power cards per seat")
            s.hands[seat] = sorted(take(name) for name in hand)
        chosen = [take(name) for name in top]
        rest = [c for kind, ids in enumerate(self.power_ids) for c in ids[used[kind] :]]
        shuffle(s._rng(), rest)
        s.power_deck = rest + list(reversed(chosen))

    def _city(self, s: ClanState, given: Any) -> None:
        if given is None:
            for loc, place in enumerate(self.data.locations):
                rng = s._rng()
                for _ in range(min(s.scaled(place.start), s.scaled(place.most))):
                    s.city[loc][choice(rng, place.humans)] += 1
            return
        if not isinstance(given, dict) or not set(given) <= set(LOCATIONS):
            raise InvalidOptions(f"set-up city maps locations ({', '.join(LOCATIONS)}) to humans")
        for name, humans in given.items():
            s.city[LOCATIONS.index(name)] = _by_name(humans, HUMANS, f"city {name}")

    def state_from_json(self, data: Mapping[str, JSON]) -> ClanState:
        return state_from_json(self, data)


def _by_name(value: Any, names: tuple[str, ...], what: str) -> list[int]:
    if not isinstance(value, dict) or not set(value) <= set(names):
        raise InvalidOptions(f"set-up {what} maps human types ({', '.join(names)}) to counts")
    counts = [0] * len(names)
    for name, count in value.items():
        if type(count) is not int or count < 0:
            raise InvalidOptions(f"set-up {what}: {name} needs a count of 0 or more")
        counts[names.index(name)] = count
    return counts
