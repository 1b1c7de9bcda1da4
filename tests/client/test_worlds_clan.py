"""The clan game's worlds built from a seat's view (tabletop/client/worlds/clan.py): they show
exactly that view, their samples are the true state's samples for the same generator, and so a
search bot decides online as it decides in the server.

Three unfinished steps hold what only their view fields tell (``step`` picks the positions in
them, all checked, and ``test_the_unfinished_steps_are_met_and_sampled_alike`` makes sure each is
met): a Hex being paid for keeps its target (``paying["target"]``); while a bust waits for a Ward,
a Hex's player's turn may go on after it (``ward_back_to``); the Dining phase feeds the members
in the order the leaderboard had when it began, which a Tribute may change meanwhile
(``dining``: the order, and the member dining next)."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

from tabletop.core.protocol import State
from tabletop.games.summon7.clan.powers import HEX

from .helpers import Position, samples_alike, search_alike
from .helpers import positions as shared_positions

OPTIONS = {"pregame": 25, "rounds": 3}  # a short game: every phase, in a fraction of a second
_RETURN = 1  # home.RETURN: after a Ward decision, back to the player who played a Hex


def positions(players: int, seed: int, every: int = 1) -> list[Position]:
    """helpers.positions of a short clan game."""
    return shared_positions("clan", players, seed, every, **OPTIONS)


def step(state: Any) -> str | None:
    """The unfinished step (module docstring) the position is in, if any."""
    phase = state.view(None)["phase"]
    if phase == "pay" and state.pending[0] == HEX:
        return "hex-target"
    if phase == "ward" and state.ward[1] == _RETURN:
        return "hex-ward"
    if state.dine_order and phase in ("dining", "blame", "pay") and state.dine_order != state.board:
        return "dining-order"
    return None


def canonical(state: Any) -> str:
    """The state's JSON without what cannot affect play: the rules reset each of these before
    they use it again, so the world gives their reset values and the true state its leftovers."""
    data = state.to_json()
    data.pop("history")  # the view (and the rules: the last round's winners) has the last round only
    phase = state.view(None)["phase"]
    paying = state.data.powers[state.pending[0]].phase if state.pending else ""
    if phase in ("city-cards", "place", "capture") or paying == "city":
        data["cursor"] %= max(1, len(data["order"]))  # read modulo the turn order; city_start resets it
    else:
        del data["cursor"]
    if phase != "draft":  # draft_start sets these
        for name in ("claimers", "draft_busted", "draft_step", "draft_index"):
            del data[name]
    if phase not in ("dining", "blame") and paying != "dining":  # dining_start sets these
        del data["dine_order"], data["dine_index"]
    if phase not in ("home", "ward") and paying != "home":  # the table's turn: start_round sets it
        del data["table"]["turn"]
    return json.dumps(data, sort_keys=True)


def check(state: State[Any], seat: int, step: int) -> bool:
    """The world shows the view; True when its samples are the true state's too."""
    return samples_alike(state, seat, step, canonical)


@cache
def checked_phases(players: int) -> frozenset[str]:
    """Check the positions of four random games; the phases met."""
    phases: set[str] = set()
    checked = 0
    for seed in range(4):
        for state, seat, at in positions(players, seed=10 * players + seed):
            assert check(state, seat, at), (players, seed, at)
            phases.add(state.view(None)["phase"])
            checked += 1
    assert checked >= 100
    return frozenset(phases)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_clan_worlds_from_the_view_sample_what_the_true_state_samples(players: int) -> None:
    assert checked_phases(players) >= {"choose", "home", "pay", "place", "capture", "draft", "dining"}


def test_every_phase_is_checked() -> None:
    """Over the player counts, the positions checked meet every phase but the end."""
    phases = frozenset().union(*(checked_phases(players) for players in (2, 3, 4, 5)))
    assert phases >= {
        "choose",
        "home",
        "ward",
        "pay",
        "city-cards",
        "place",
        "capture",
        "draft",
        "dining",
        "blame",
    }


def test_a_search_bot_decides_online_as_it_decides_in_the_server() -> None:
    checked = 0
    for players, seed in ((3, 5), (4, 6)):
        for state, seat, at in positions(players, seed=seed, every=7)[:12]:
            if len(state.legal_actions()) < 2:
                continue
            assert search_alike(state, seat, at)
            checked += 1
    assert checked >= 8


@pytest.mark.parametrize(
    ("kind", "players", "seed"),
    [("hex-target", 4, 19), ("hex-target", 4, 20), ("hex-ward", 3, 16), ("dining-order", 3, 2)],
)
def test_the_unfinished_steps_are_met_and_sampled_alike(kind: str, players: int, seed: int) -> None:
    """Each unfinished step (module docstring) is met, and there the world's samples are the true
    state's: the view says what the step holds."""
    found = [(state, seat, at) for state, seat, at in positions(players, seed) if step(state) == kind]
    assert found
    assert all(check(state, seat, at) for state, seat, at in found)
