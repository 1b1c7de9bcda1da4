"""MegaCorps as a registered game: options, metadata, the set-up (random or fixed), parsing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.errors import InvalidActionText, InvalidOptions
from ...core.fields import checked_setup
from ...core.protocol import JSON, Game, Metadata, OptionSpec
from ...core.rng import below, shuffle
from . import flow
from .actions import PROPOSE, Action, Menu, parse, parse_propose
from .board import MARKERS, Board
from .data import GOVERNMENTS, MegaData, load_data
from .legacy import LEGACY, upgrade
from .serialize import state_from_json
from .state import MegaCorpsState

SETUP_KEYS = (
    "corporations",
    "active",
    "drawn",
    "hands",
    "deck",
    "companies",
    "countries",
    "governments",
    "money",
    "mercs",
    "paid",
    "clones",
)


class MegaCorps(Game[Action]):
    name = "megacorps"
    title = "MegaCorps"
    option_specs = (
        OptionSpec("players", int, 4, "number of players", minimum=3, maximum=6),
        OptionSpec(
            "data",
            str,
            "",
            "path of a MegaCorps board and cards TOML file to use instead of the packaged one",
        ),
    )

    def __init__(self, **options: Any) -> None:
        self.check_players(options)
        super().__init__(**options)
        self.data: MegaData = load_data(self.options["data"])
        economy = self.data.economy
        if not economy.min_players <= self.players <= economy.max_players:
            most, least = economy.max_players, economy.min_players
            raise InvalidOptions(f"this MegaCorps data is for {least} to {most} players, not {self.players}")
        self.board = Board(self.data)
        industries = [i.code for i in self.board.industries]
        self.menu = Menu(self.board.company_code, self.board.country_code, industries)

    @property
    def metadata(self) -> Metadata:
        economy = self.data.economy
        n = self.players
        deck = economy.deck[n]
        # per turn: every event card, the offers with their items and answers, one Action with its
        # sub-decisions (a war's donation laps, every seller asked)
        per_turn = (
            self.board.cards * 3
            + economy.trade_offers * (economy.trade_items + 3)
            + 40 * n * economy.donation_laps
        )
        return self.carried_rng_metadata(
            hidden_information=True, max_decisions=n * economy.start_companies + deck * n * per_turn
        )

    def parse_action(self, text: str) -> Action:
        found = parse(text)
        if found is None:
            words = text.split() if isinstance(text, str) else []
            if words and words[0] == PROPOSE:
                try:
                    parse_propose(words[1:])
                except ValueError as err:
                    raise InvalidActionText(f"{text!r} is not a MegaCorps offer: {err}") from None
            shown = text if isinstance(text, str) else type(text).__name__
            raise InvalidActionText(f"{shown!r} is not a MegaCorps action (see docs/notation.md)")
        return found

    def state_from_json(self, data: Mapping[str, JSON]) -> MegaCorpsState:
        return state_from_json(self, data)

    def upgrade_record(self, seed: int, setup: Mapping[str, JSON] | None, entries: list[str]) -> list[str]:
        """Records of the online table from before offers were moves of the game: a trade accepted
        at any time was one entry, ``[@receiver] swap <offerer> <given>/<asked>``; it is now the
        offer and its acceptance, ``@offerer propose <receiver> ...`` then ``@receiver accept N``,
        which reach the same position (legacy.py)."""
        if not any(LEGACY in entry for entry in entries):
            return entries
        return upgrade(self.new_state(seed, setup), entries)

    def new_state(self, seed: int, setup: Mapping[str, JSON] | None = None) -> MegaCorpsState:
        """A new game (set-up steps 1-9).  ``setup`` may fix, for tests and tutorials:
        ``corporations`` (codes per seat), ``active`` (the first Active Player), ``drawn`` (the
        seats drawn for ASEAN and the African Federation), ``hands`` (event codes per seat, instead
        of the starting draws), ``deck`` (event codes, the first drawn first: the whole deck),
        ``companies`` (company code to a seat or a marker; the draft is then skipped),
        ``countries`` (country code to a seat or -1), ``governments`` (country code to a type),
        ``money`` and ``mercs`` (per seat), ``paid`` (a seat), ``clones`` (true)."""
        given = checked_setup(seed, setup, SETUP_KEYS)
        state = MegaCorpsState(self)
        state.seed = seed
        rng = state.rng()
        n, board, economy = self.players, self.board, self.data.economy
        corps = [c.code for c in self.data.corporations]
        chosen = given.get("corporations")
        if chosen is None:
            order = list(range(len(corps)))
            shuffle(rng, order)
            state.corps = order[:n]
        else:
            if not isinstance(chosen, list) or len(chosen) != n or not all(c in corps for c in chosen):
                raise InvalidOptions(f"set-up corporations needs {n} of {', '.join(corps)}")
            if len(set(chosen)) != n:
                raise InvalidOptions("set-up corporations: each corporation is played once")
            state.corps = [corps.index(c) for c in chosen]
        # printed owners (MC10), then the cup: the Active Player, then ASEAN and Africa (MC17, MC18)
        for seat, corp in enumerate(state.corps):
            home = self.data.corporations[corp].country
            if home:
                state.country_owner[board.country_index[home]] = seat
        state.active = _seat(given.get("active", below(rng, n)), n, "active")
        drawn = given.get("drawn")
        if drawn is None:
            drawn = rng.sample(range(n), min(n, len(economy.drawn_countries)))
        if not isinstance(drawn, list) or len(drawn) > len(economy.drawn_countries):
            raise InvalidOptions("set-up drawn lists the seats drawn for the drawn countries")
        for code, seat in zip(economy.drawn_countries, drawn, strict=False):
            state.country_owner[board.country_index[code]] = _seat(seat, n, "drawn")
        _deal_events(self, state, given, rng)
        state.money = [economy.start_money] * n
        state.mercs = [economy.start_mercenaries] * n
        _fixed_board(self, state, given)
        if "companies" in given:
            flow.begin_round(state, [])
        else:
            flow.begin_draft(state)
        return state


def _seat(value: Any, n: int, what: str) -> int:
    if type(value) is not int or not 0 <= value < n:
        raise InvalidOptions(f"set-up {what}: a seat from 0 to {n - 1}, not {value!r}")
    return value


def _deal_events(game: MegaCorps, state: MegaCorpsState, given: dict[str, Any], rng: Any) -> None:
    """Starting draws by countries held (MC19), then the deck counted out, the rest boxed (MC20)."""
    board, economy, n = game.board, game.data.economy, game.players
    cards = list(range(board.cards))
    shuffle(rng, cards)  # the top of the pile is the end of the list

    def take(code: Any, what: str) -> int:
        kind = board.event_index.get(code) if isinstance(code, str) else None
        if kind is None:
            raise InvalidOptions(f"set-up {what}: {code!r} is not an event card")
        for c in cards:
            if board.card_kind[c] == kind:
                cards.remove(c)
                return c
        raise InvalidOptions(f"set-up {what}: no {code} card is left to place")

    hands = given.get("hands")
    if hands is not None:
        if not isinstance(hands, list) or len(hands) != n or not all(isinstance(h, list) for h in hands):
            raise InvalidOptions("set-up hands needs one list of event codes per seat")
        state.hands = [[take(code, f"hands of seat {s}") for code in hands[s]] for s in range(n)]
    deck = given.get("deck")
    if deck is not None:
        if not isinstance(deck, list):
            raise InvalidOptions("set-up deck lists event codes, the first drawn first")
        state.deck = list(reversed([take(code, "deck") for code in deck]))
    draws = economy.setup_draws
    if hands is None:
        for seat in flow.clockwise(state, state.active):
            held = sum(1 for o in state.country_owner if o == seat)
            for _ in range(draws[min(held, len(draws) - 1)]):
                if not cards:
                    raise InvalidOptions("too few event cards for the starting draws")
                state.hands[seat].append(cards.pop())
    if deck is None:
        size = economy.deck[n]
        if len(cards) < size:
            raise InvalidOptions(f"too few event cards left for a deck of {size}")
        state.deck = cards[len(cards) - size :]
        cards = cards[: len(cards) - size]
    state.box = cards


def _fixed_board(game: MegaCorps, state: MegaCorpsState, given: dict[str, Any]) -> None:
    board, n = game.board, game.players
    markers = {name: value for value, name in MARKERS.items()}
    for code, who in _table(given, "companies").items():
        if code not in board.code_of_company:
            raise InvalidOptions(f"set-up companies: no company {code!r}")
        value = markers.get(who) if isinstance(who, str) else _seat(who, n, f"companies {code}")
        if value is None:
            raise InvalidOptions(f"set-up companies {code}: a seat or one of {', '.join(markers)}")
        state.owner[board.code_of_company[code]] = value
    for code, who in _table(given, "countries").items():
        if code not in board.country_index or board.neutral[board.country_index[code]]:
            raise InvalidOptions(f"set-up countries: {code!r} is not a country that can be owned")
        state.country_owner[board.country_index[code]] = (
            -1 if who == -1 else _seat(who, n, f"countries {code}")
        )
    for code, name in _table(given, "governments").items():
        if code not in board.country_index or name not in GOVERNMENTS[:4]:
            raise InvalidOptions(f"set-up governments: {code!r} to {name!r} is not possible")
        state.government[board.country_index[code]] = GOVERNMENTS.index(name)
    for key in ("money", "mercs"):
        if key in given:
            values = given[key]
            if (
                not isinstance(values, list)
                or len(values) != n
                or not all(type(v) is int and v >= 0 for v in values)
            ):
                raise InvalidOptions(f"set-up {key} needs {n} amounts of 0 or more")
            setattr(state, key, list(values))
    if "paid" in given:
        state.paid = _seat(given["paid"], n, "paid")
    if given.get("clones"):
        state.clones = True


def _table(given: dict[str, Any], key: str) -> dict[str, Any]:
    value = given.get(key, {})
    if not isinstance(value, dict):
        raise InvalidOptions(f"set-up {key} maps codes to owners")
    return value
