"""The small protocol every game implements.

A :class:`Game` is the rules with validated options; it makes states.  A
:class:`State` is one position: who acts, what they may do, what happens when
they do it.  ``apply`` mutates the state in place (``clone`` first to keep the
original), as OpenSpiel does: it keeps play fast and gives one model
everywhere.  Agents and front ends see only ``view(seat)``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar, cast

from .errors import IllegalAction, InvalidActionText, InvalidOptions

JSON = Any  # a value made of dict, list, str, int, float, bool and None


class Event:
    """Something that happened, and who may see it (``visible_to`` None: everybody).

    ``data``'s keys are the game's own but for ``kind``, ``step`` and ``words``, which front ends
    add when they send an event on (its kind, the step it happened at, its line in words).

    A read-only value (nothing changes an event once made).  A plain class with slots rather than
    a frozen dataclass: games make several per action, and this is three times cheaper to make."""

    __slots__ = ("data", "kind", "visible_to")

    def __init__(
        self, kind: str, data: Mapping[str, JSON], visible_to: tuple[int, ...] | None = None
    ) -> None:
        self.kind = kind
        self.data = data
        self.visible_to = visible_to

    def visible(self, seat: int | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_json(self) -> dict[str, JSON]:
        return {"kind": self.kind, **self.data}

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Event)
            and self.kind == other.kind
            and self.data == other.data
            and self.visible_to == other.visible_to
        )

    __hash__ = None  # type: ignore[assignment]  # data is a mapping: events are not hashable

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {dict(self.data)!r}, visible_to={self.visible_to!r})"


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One game option: its type, default, and allowed values.

    ``help`` is what a player reads where the option is set (the lobby, ``tabletop options``): plain
    words for a player's option.  ``advanced`` marks a designer's option (another reading of an
    unclear rule, a safety limit, a balance figure): the lobby folds those away, under "Advanced",
    and their help may speak the designers' language (docs/rulings.md)."""

    name: str
    type: type
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    advanced: bool = False

    def validate(self, value: Any) -> Any:
        if self.type is int and isinstance(value, str) and value.lstrip("-").isdigit():
            value = int(value)
        if self.type is bool and isinstance(value, str):
            if value.lower() not in ("true", "false", "1", "0", "yes", "no"):
                raise InvalidOptions(f"option {self.name!r} takes true or false, not {value!r}")
            value = value.lower() in ("true", "1", "yes")
        if not isinstance(value, self.type) or (isinstance(value, bool) and self.type is int):
            raise InvalidOptions(f"option {self.name!r} takes {self.type.__name__}, not {value!r}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise InvalidOptions(f"option {self.name!r} must be one of {allowed}, not {value!r}")
        if self.minimum is not None and cast(int, value) < self.minimum:
            raise InvalidOptions(f"option {self.name!r} must be at least {self.minimum}, not {value}")
        if self.maximum is not None and cast(int, value) > self.maximum:
            raise InvalidOptions(f"option {self.name!r} must be at most {self.maximum}, not {value}")
        return value


def validate_options(specs: Sequence[OptionSpec], given: Mapping[str, Any]) -> dict[str, Any]:
    """Defaults filled in, types checked, unknown names refused."""
    known = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise InvalidOptions(
            f"unknown option(s) {', '.join(unknown)}; this game takes {', '.join(known) or 'none'}"
        )
    return {name: spec.validate(given.get(name, spec.default)) for name, spec in known.items()}


A = TypeVar("A")


@dataclass(frozen=True)
class Metadata:
    """What a game is, computed from its options."""

    name: str
    title: str
    players: int
    min_players: int
    max_players: int
    hidden_information: bool
    chance: str  # how randomness enters: "carried-rng" or "chance-nodes"
    max_decisions: int
    options: Mapping[str, Any] = field(default_factory=dict)


class State(ABC, Generic[A]):
    """One position of a game.  Seats are numbered 0..players-1, clockwise."""

    __slots__ = ()

    # -- the rules it is played under -----------------------------------------
    @abstractmethod
    def get_game(self) -> Game[A]:
        """The game (rules and options) this state is a position of.

        A method, not a ``game`` attribute of this base class: each game's state keeps its own
        game in an attribute typed with its own class, and a compiled (mypyc) class may not narrow
        an attribute's type in a subclass."""

    # -- whose turn, what can be done -------------------------------------
    @property
    @abstractmethod
    def current_seat(self) -> int | None:
        """The seat that acts now; ``None`` once the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[A]:
        """Every action the current seat may take; empty only at the end."""

    def to_act(self) -> tuple[int, ...]:
        """The seats whose decision the game waits for now, ``current_seat`` first.

        One seat in most positions.  Several when their choices are simultaneous and secret (the
        sealed bids of an auction): each may answer in any order (``apply(action, seat)``), none
        sees another's choice before the game reveals them, and a driver that asks one seat at a
        time simply answers ``current_seat`` until the game moves on."""
        seat = self.current_seat
        return () if seat is None else (seat,)

    def legal_actions_for(self, seat: int) -> list[A]:
        """The choices of the decision ``seat`` is asked now; empty when it is not asked."""
        return self.legal_actions() if seat == self.current_seat else []

    def neutral_action(self, seat: int) -> A | None:
        """The answer that closes ``seat``'s question when its time runs out, if that question is
        a response window about someone else's decision (the rules' neutral answer: no veto, no
        donation, a zero bid, no vote, an offer declined).  None, the default, for a decision of
        the seat's own, which a front end hands to a bot when the seat's time runs out."""
        return None

    @abstractmethod
    def apply(self, action: A, seat: int | None = None) -> list[Event]:
        """Play ``action`` (for ``seat`` if given) in place; return what happened.

        Raises :class:`IllegalAction` with a reason, leaving the state
        unchanged, when the action is not legal now or not this seat's turn.
        """

    def advance(self, action: A, seat: int | None = None) -> None:
        """``apply`` for a caller that throws the events away (search, random play, simulations,
        the environments): the same change of state, the same :class:`IllegalAction` on an action
        that is not legal now, but nothing returned, as OpenSpiel's ``apply_action``.  A game may
        skip making the events here (Megalomania skips its most frequent ones); by default it is
        ``apply``."""
        self.apply(action, seat)

    def refusal(self, action: A, seat: int) -> str:
        """Why ``action`` is not among ``seat``'s choices now, in words that depend only on what
        ``seat`` may see (the same in every world ``sample_world(seat)`` could draw): what
        :func:`offered` answers a seat that sends it.  By default the reason ``apply`` gives on a
        copy; an action ``apply`` would take although it is no choice (``leave``, a game's moves at
        any time) gets a plain "not one of your choices".  A game may answer more cheaply."""
        copy = self.clone()
        try:
            copy.apply(action, seat)
        except IllegalAction as err:
            return str(err)
        return f"{action} is not one of your choices now"

    def opening_events(self) -> list[Event]:
        """What the set-up of a fresh state made happen (the first deal...), for logs."""
        return []

    def apply_text(self, text: str, seat: int | None = None) -> list[Event]:
        return self.apply(self.get_game().parse_action(text), seat)

    def check_seat(self, seat: int | None) -> None:
        current = self.current_seat
        if current is None:
            raise IllegalAction("the game is over")
        if seat is not None and seat != current:
            raise IllegalAction(f"it is seat {current}'s turn, not seat {seat}'s")

    # -- the end --------------------------------------------------------------
    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[int]:
        """Points per seat so far (final once terminal)."""

    @abstractmethod
    def ranking(self) -> list[int]:
        """Final place per seat, 1 best; tied seats share a place."""

    def returns(self) -> list[float]:
        """Per-seat outcome in [-1, 1] from the final ranking, for agents."""
        ranks = self.ranking()
        n = len(ranks)
        if n < 2:
            return [0.0] * n
        return [1.0 - 2.0 * (r - 1) / (n - 1) for r in ranks]

    # -- what a seat sees ---------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> dict[str, JSON]:
        """A JSON-ready description of what ``seat`` may see (``None``: spectator).  It may share
        parts with other views (of other seats, of other positions of the same game: a game may
        keep parts that do not change), never with the state, so treat it as read-only."""

    def views(self, seats: Sequence[int | None]) -> list[dict[str, JSON]]:
        """``view(seat)`` for each of ``seats``, equal to it.  A game may share the work between
        them (a server sends every seat its view after each action); the views may then share
        parts, so treat them as read-only."""
        return [self.view(seat) for seat in seats]

    def previews(self, seat: int) -> dict[str, JSON] | None:
        """What ``seat``'s choices now would do, keyed by the action's text (some or all of
        ``legal_actions_for(seat)``), for a front end to show before the person chooses: MegaCorps
        previews the payouts, war totals and prices of its turn's Actions.  ``None``, the default,
        when the game previews nothing for ``seat`` now.  Only what ``seat`` may see goes in, as in
        its view; but it is not part of ``view(seat)``, which agents and environments read at every
        step and need not pay for: a front end asks for it (:func:`with_previews`)."""
        return None

    @abstractmethod
    def sample_world(self, seat: int, rng: random.Random) -> State[A]:
        """A full state consistent with everything ``seat`` has seen."""

    # -- copies and files -----------------------------------------------------------
    @abstractmethod
    def clone(self) -> State[A]: ...

    @abstractmethod
    def to_json(self) -> dict[str, JSON]: ...

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles (and copies) go through the saved form, which a compiled state, whose fields
        are not a ``__dict__``, needs; the same in both builds."""
        return (restore_state, (self.get_game(), self.to_json()))


class QuietState(State[A]):
    """A state whose ``advance`` skips the events nobody reads: while it plays, ``quiet`` is true,
    and the rules leave out their most frequent events (search and random play throw them away).

    ``quiet`` is no part of the position: the subclass's ``__init__`` sets it false, a copy starts
    false, and the JSON does not hold it."""

    __slots__ = ("quiet",)

    quiet: bool

    def advance(self, action: A, seat: int | None = None) -> None:
        self.quiet = True
        try:
            self.apply(action, seat)
        finally:
            self.quiet = False


def restore_state(game: Game[Any], data: Mapping[str, JSON]) -> State[Any]:
    """A pickled state back: ``game.state_from_json`` (module level, for pickle to find)."""
    return game.state_from_json(data)


def with_previews(state: State[Any], seat: int | None, view: dict[str, JSON]) -> dict[str, JSON]:
    """``view`` (``seat``'s, from ``state.view`` or ``state.views``) as a front end shows it to a
    person: with the game's ``previews`` for ``seat`` as its last key when it has any now, in a new
    dict (views are read-only); else ``view`` itself."""
    found = None if seat is None else state.previews(seat)
    return view if found is None else {**view, "previews": found}


def spectator_view(view: dict[str, JSON]) -> dict[str, JSON]:
    """A position's public ``view`` as a spectator's: no seat, no choices."""
    view["seat"] = None
    view["legal"] = []
    return view


def interned(text: object, by_text: Mapping[str, A]) -> A | None:
    """The action ``by_text`` holds for ``text`` (spaces around it allowed), None for another text:
    how a game with interned actions begins to parse one.  :class:`InvalidActionText` when
    ``text`` is no text at all."""
    if not isinstance(text, str):
        raise InvalidActionText(f"an action is text, not {type(text).__name__}")
    return by_text.get(text.strip())


def offered(state: State[A], seat: int, text: str) -> A:
    """The action ``text`` names if it is one of ``seat``'s choices now (in
    ``legal_actions_for(seat)``), as a front end must check what a person or a client sends: a
    client can do only what it is offered.  Else :class:`InvalidActionText` (no action of the
    game) or :class:`IllegalAction` (not a choice of ``seat`` now), with a reason that depends only
    on what ``seat`` may see; nothing changes.  Moves a seat makes outside its questions (leaving, a
    trade offer) are not choices: each has its own way in, never this one."""
    if state.is_terminal():
        raise IllegalAction("the game is over")
    action = state.get_game().parse_action(text)
    asked = state.to_act()
    if seat not in asked:
        waits = ", ".join(f"seat {s}" for s in asked)
        raise IllegalAction(f"the game waits for {waits}, not for seat {seat}")
    wanted = str(action)
    for choice in state.legal_actions_for(seat):
        if str(choice) == wanted:
            return choice
    raise IllegalAction(state.refusal(action, seat))


class Game(ABC, Generic[A]):
    """A game's rules under one set of validated options."""

    name: ClassVar[str]
    title: ClassVar[str]
    option_specs: ClassVar[tuple[OptionSpec, ...]]

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, Any] = validate_options(self.option_specs, options)

    @property
    @abstractmethod
    def metadata(self) -> Metadata: ...

    @property
    def players(self) -> int:
        return int(self.options["players"])

    def _players_option(self) -> OptionSpec:
        return next(s for s in self.option_specs if s.name == "players")

    def player_range(self) -> tuple[int, int]:
        """The fewest and the most players the ``players`` option allows."""
        seats = self._players_option()
        low, high = seats.minimum, seats.maximum
        assert low is not None and high is not None, "the players option has a range"
        return low, high

    def check_players(self, options: Mapping[str, Any]) -> None:
        """Refuse a player count out of range in a player's words ("ManaSurge is for 3 to 5
        players, not 2"), before the options are validated (which would name the option's limit)."""
        low, high = self.player_range()
        players = options.get("players", self._players_option().default)
        if isinstance(players, int) and not isinstance(players, bool) and not low <= players <= high:
            raise InvalidOptions(f"{self.title} is for {low} to {high} players, not {players}")

    def carried_rng_metadata(self, hidden_information: bool, max_decisions: int) -> Metadata:
        """The metadata of a game whose randomness its states carry, for as many players as its
        ``players`` option allows."""
        low, high = self.player_range()
        return Metadata(
            self.name,
            self.title,
            self.players,
            low,
            high,
            hidden_information,
            "carried-rng",
            max_decisions,
            dict(self.options),
        )

    @abstractmethod
    def new_state(self, seed: int, setup: Mapping[str, JSON] | None = None) -> State[A]:
        """The state at the start of a game, from a seed and an optional fixed set-up."""

    @abstractmethod
    def state_from_json(self, data: Mapping[str, JSON]) -> State[A]:
        """Read back ``State.to_json``; raises ``CorruptRecord`` on bad data."""

    @abstractmethod
    def parse_action(self, text: str) -> A:
        """The action whose canonical text is ``text``; raises ``InvalidActionText``."""

    def upgrade_record(self, seed: int, setup: Mapping[str, JSON] | None, entries: list[str]) -> list[str]:
        """A record's entries (``core.record``) as today's rules write them, for a record written by
        older ones that wrote some moves differently; raises ``CorruptRecord`` when one cannot be
        read.  By default the entries themselves: nothing a game wrote has changed."""
        return entries

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"tabletop.make({self.name!r}, {args})"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its class and options: made again where it is unpickled (its content, read
        from data files, is not pickled with it)."""
        return (remake_game, (type(self), dict(self.options)))


def remake_game(kind: type[Game[Any]], options: dict[str, Any]) -> Game[Any]:
    """A pickled game back, from its class and options (module level, for pickle to find)."""
    return kind(**options)
