"""Helpers for MegaCorps' rule tests: exact positions from set-ups, actions by text for given
seats, events, and the board read from the game's data (never the provisional numbers by hand)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tabletop
from tabletop.core.protocol import Event
from tabletop.games.megacorps.data import DATA_FILE
from tabletop.games.megacorps.game import MegaCorps
from tabletop.games.megacorps.phases import PHASE_NAMES
from tabletop.games.megacorps.state import MegaCorpsState

from ..data_files import edited_copy

CORPS = ("mokia", "globbo", "nonintendo", "lenogo", "mouse", "windoze")
# turn cards that do nothing unless played: the default deck is the first three not in a hand
QUIET = ("coup", "scandal", "people-power", "privatization", "general-strike", "antitrust-ruling")
TEXT = DATA_FILE.read_text(encoding="utf-8")
# three players, seat 0's turn with companies to buy, countries to attack and industries to pay
# out, event cards in every hand: the fixed position the front ends' tests draw
FIXED: dict[str, Any] = {
    "corporations": ["mouse", "windoze", "mokia"],
    "active": 0,
    "drawn": [1, 2],
    "hands": [["kleptocrats", "oversupply"], ["elections"], ["shortages"]],
    "deck": ["tech-boom", "coup", "scandal", "people-power", "privatization"],
    "companies": {"aer.naf": 0, "med.naf": 0, "med.jpn": 1, "def.chn": 1, "def.eu": 2, "bio.eu": 0},
    "countries": {"rus": 0},
    "mercs": [2, 2, 2],
}


def make(players: int = 4, data: str = "") -> MegaCorps:
    """The game, typed (``tabletop.make`` returns any game)."""
    game = tabletop.make("megacorps", players=players, **({"data": data} if data else {}))
    assert isinstance(game, MegaCorps)
    return game


def start(game: MegaCorps, seed: int, setup: dict[str, Any] | None = None) -> MegaCorpsState:
    """``game.new_state``, typed: with no set-up, a random one from the seed (in the draft)."""
    state = game.new_state(seed, setup)
    assert isinstance(state, MegaCorpsState)
    return state


def new(
    players: int = 4,
    *,
    seed: int = 0,
    data: str = "",
    active: int = 0,
    companies: dict[str, Any] | None = None,
    countries: dict[str, int] | None = None,
    printed: bool = False,
    deck: list[str] | None = None,
    hands: list[list[str]] | None = None,
    **setup: Any,
) -> MegaCorpsState:
    """A game past its draft, round 1 begun (the Active Player has drawn the deck's first card).

    Every country starts unowned unless ``printed`` (then the printed owners, MC10) and besides
    those in ``countries``; nobody holds a card but per ``hands``; the deck is ``deck`` (default:
    three quiet cards not in a hand, so three rounds)."""
    game = make(players, data)
    table: dict[str, int] = {}
    if not printed:
        table = {c.code: -1 for c in game.data.countries if not c.neutral}
    table.update(countries or {})
    if deck is None:
        held = {code for h in hands or [] for code in h}
        deck = [code for code in QUIET if code not in held][:3]
    fixed: dict[str, Any] = {
        "corporations": list(setup.pop("corporations", CORPS[:players])),
        "active": active,
        "drawn": setup.pop("drawn", []),
        "hands": hands if hands is not None else [[] for _ in range(players)],
        "deck": deck,
        "companies": companies or {},
        "countries": table,
        **setup,
    }
    return start(game, seed, fixed)


def act(state: MegaCorpsState, *moves: str) -> list[Event]:
    """Apply each ``"seat: action"`` in order, for that seat (in any order among sealed choices);
    return the events of all of them."""
    events: list[Event] = []
    for move in moves:
        seat, _, text = move.partition(":")
        events += state.apply(state.game.parse_action(text.strip()), int(seat))
    return events


def kinds(events: list[Event], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in events if e.kind == kind]


def phase(state: MegaCorpsState) -> str:
    return PHASE_NAMES[state.phase]


def legal(state: MegaCorpsState, seat: int | None = None) -> list[str]:
    asked = state.current_seat if seat is None else seat
    assert asked is not None
    return [str(a) for a in state.legal_actions_for(asked)]


def owner(state: MegaCorpsState, company: str) -> int:
    """A company's box: a seat, or -1 unowned, -2 nationalized, -3 syndicalized, -4 not built."""
    return state.owner[state.game.board.code_of_company[company]]


def ruler(state: MegaCorpsState, country: str) -> int:
    return state.country_owner[state.game.board.country_index[country]]


def industry(state: MegaCorpsState, code: str) -> list[str]:
    """The companies of an industry, in board order (the data decides which exist)."""
    board = state.game.board
    return [board.company_code[c] for c in board.companies_of_industry[board.industry_index[code]]]


def located(state: MegaCorpsState, country: str) -> list[str]:
    """The companies in a country's row."""
    board = state.game.board
    return [board.company_code[c] for c in board.companies_of_country[board.country_index[country]]]


def country(state: MegaCorpsState, code: str) -> Any:
    """The data of a country (its Defense, Force, government...)."""
    return state.game.data.countries[state.game.board.country_index[code]]


def hand(state: MegaCorpsState, seat: int) -> list[str]:
    return [state.game.board.card_code(c) for c in state.hands[seat]]


def settle(state: MegaCorpsState) -> list[Event]:
    """Every holder asked in a payout's event window passes."""
    events: list[Event] = []
    while phase(state) == "respond":
        events += act(state, f"{state.seat}: pass")
    return events


def edited(tmp_path: Path, *changes: tuple[str, str], add: str = "", name: str = "edit.toml") -> str:
    """A copy of the packaged data with each (old, new) text replaced once and ``add`` appended;
    its path."""
    return edited_copy(TEXT, tmp_path, *changes, add=add, name=name)


HOLDINGS = ("money", "mercs", "hands", "deck", "discard", "owner", "country_owner", "government")


def holdings(state: MegaCorpsState) -> dict[str, Any]:
    """What the players hold and the board shows (not whose turn it is, nor any count kept aside)."""
    saved = state.to_json()
    return {key: saved[key] for key in (*HOLDINGS, "paid", "clones", "left")}
