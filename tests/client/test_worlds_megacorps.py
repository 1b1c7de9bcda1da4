"""MegaCorps' worlds built from a seat's view (tabletop/client/worlds/megacorps.py): they show
exactly that view, sample what the true state samples, and so a search bot decides online as it
decides in the server; in response windows and sealed steps every seat asked is checked.

A few steps' samples once kept what no view showed; the view shows it now (:data:`SHOWN`, checked
in the positions where it differed).  Offers made at any time and the Active Player card passed
early still are in no view (the tests marked xfail at the end): hidden-information issues of the
game, reported, not worked around."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tabletop import make
from tabletop.agents import observe
from tabletop.client import NoWorlds, observation
from tabletop.client.observe import world
from tabletop.core.protocol import State
from tabletop.games.megacorps import trade
from tabletop.games.megacorps.actions import Action
from tabletop.games.megacorps.phases import (
    COMPOSE,
    DONATE,
    OVER,
    PAY,
    PHASE_NAMES,
    RESPOND,
    SALE,
    TURN,
    VETO,
    WAR_GI,
)
from tabletop.games.megacorps.state import MegaCorpsState

from .helpers import positions, search_alike, turn_of
from .test_observe import canonical

# What a sample keeps from the true state in these steps that the view once did not show, and
# shows now (the decision's fields): who is still to be asked in a payout window (``to_ask``) and
# whether the payout is the Action's or an event card's (``action``: the turn ends, the Paid card
# moves, or not); which of a seller's Defense companies a price is for (``company``: a seller with
# two is asked twice); the companies already vetoed this turn (``vetoed``: the buyer may not try
# them again); whether anything changed in the donation lap (``lap_changed``: another lap
# follows); the amounts of an offer's money while its maker composes it (``money_items``: an offer
# holds eight items at most).
SHOWN: list[tuple[int, str]] = [
    (RESPOND, "pending"),
    (RESPOND, "payout_after"),
    (PAY, "target"),
    (PAY, "sellers"),
    (VETO, "vetoed"),
    (DONATE, "lap_changed"),
    (SALE, "lap_changed"),
    (COMPOSE, "money items"),
]
# positions where a sample kept one of them before the view showed it: (players, seed, step, seat)
ONCE_UNSETTLED = [(3, 0, 91, 1), (3, 1, 76, 0), (3, 1, 123, 2), (3, 0, 160, 1), (3, 2, 111, 2), (3, 4, 20, 2)]
ONCE_UNSETTLED += [(3, 1, 29, 1), (4, 5, 57, 2)]


def in_events(state: State[Any], seat: int) -> str:
    """``canonical`` (the shared helper) as ``seat`` may compare it:

    - each card's id read as its event: copies of an event are alike, the view shows events only,
      and no rule reads which copy lies where (a sample pools the unseen cards sorted, and ids grow
      with events); hands as sets (the view shows the seat's own in order, a sample deals the
      others again), the companies vetoed as a set (the rules only ask whether one is in it);
    - what ``seat`` knows of other hands, not what the others know (a sample keeps the others'
      facts with the true cards: reported, see ``test_a_sample_keeps_what_other_seats_know``);
    - without the simulator's records (``first_active``, ``start_owner``, ``tally``: read by its
      reports only, never by the rules), and without a past war's or payout's figures, stale once
      it is over (the next war or payout sets them before reading them);
    - an offer's money as its total once sent (handed over at once), and as its amounts while it is
      composed (they count towards its items)."""
    assert isinstance(state, MegaCorpsState)
    data: dict[str, Any] = json.loads(canonical(state))
    kind = state.game.board.card_kind
    data["hands"] = [sorted(kind[c] for c in hand) for hand in data["hands"]]
    for pile in ("deck", "box", "discard"):
        data[pile] = [kind[c] for c in data[pile]]
    data["card"] = kind[data["card"]] if data["card"] >= 0 else -1
    known = data["known"]
    data["known"] = sorted(
        [known[i + 1], kind[known[i + 2]]] for i in range(0, len(known), 3) if known[i] == seat
    )
    data["vetoed"] = sorted(data["vetoed"])
    for name in ("first_active", "start_owner", "tally", "seed"):
        del data[name]
    phase = state.phase
    if phase not in (DONATE, SALE, WAR_GI):
        del data["war_defender"], data["laps"]
    if phase != WAR_GI:
        del data["war_totals"]
    if phase not in (DONATE, SALE):
        del data["lap_changed"]
    if phase != RESPOND:
        del data["payout_after"]
    for name in ("draft_give", "draft_ask"):
        items = data[name]
        money = [i - trade.MONEY for i in items if i >= trade.MONEY]
        cards = [kind[i - trade.CARD] for i in items if trade.CARD <= i < trade.MERC]
        rest = sorted(i for i in items if i < trade.CARD or trade.MERC <= i < trade.MONEY)
        amounts: Any = sorted(money) if phase == COMPOSE else sum(money)
        data[name] = [amounts, sorted(cards), rest]
    return json.dumps(data, sort_keys=True)


def played(players: int, seed: int, every: int = 1) -> list[tuple[MegaCorpsState, int, int]]:
    """``positions`` (the shared helper) of a random game, typed."""
    found = []
    for state, seat, step in positions("megacorps", players, seed, every):
        assert isinstance(state, MegaCorpsState)
        found.append((state, seat, step))
    return found


def asked(game_seeds: list[tuple[int, int]], every: int = 1) -> list[tuple[MegaCorpsState, int, int]]:
    """(state, seat, step) along random games, each seat asked (``to_act``) in turn."""
    found = []
    for players, seed in game_seeds:
        for state, _, step in played(players, seed, every):
            found += [(state, seat, step) for seat in state.to_act()]
    return found


GAMES = [(3, 0), (4, 1), (5, 2), (6, 3)]


def test_megacorps_worlds_show_the_view_and_sample_what_the_true_state_samples() -> None:
    phases: set[int] = set()
    for state, seat, step in asked(GAMES):
        phases.add(state.phase)
        obs, theirs = observation(turn_of(state, seat, step)), observe(state, seat)
        assert obs.view == theirs.view and obs.legal == theirs.legal
        built = world(obs.game, seat, obs.view)  # (it checks the view itself, as a bot's does)
        assert built.view(seat) == state.view(seat)
        other = (seat + 1 + step % (state.n - 1)) % state.n  # a seat not asked: its view too
        assert world(obs.game, other, state.view(other)).view(other) == state.view(other)
        for k in range(2 if step % 3 else 1):
            ours, true = obs.sample_world(random.Random(k)), theirs.sample_world(random.Random(k))
            assert in_events(ours, seat) == in_events(true, seat), f"step {step}, seat {seat}"
            assert ours.view(seat) == true.view(seat)
    assert phases == set(range(len(PHASE_NAMES))) - {OVER}  # every step a seat is asked in


def test_the_end_shows_every_seat_its_view() -> None:
    for players, seed in GAMES[:3]:
        state = make("megacorps", players=players).new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        for seat in range(players):
            assert world(state.get_game(), seat, state.view(seat)).view(seat) == state.view(seat)


def test_a_search_bot_decides_online_as_it_decides_in_the_server() -> None:
    phases: set[int] = set()
    checked = 0
    for state, seat, step in asked([(4, 11), (5, 12)], every=3)[:160:2]:
        if len(state.legal_actions_for(seat)) < 2:
            continue
        phases.add(state.phase)
        assert search_alike(state, seat, step)
        checked += 1
    assert checked >= 30 and len(phases) >= 4


def shown_fields(state: MegaCorpsState, seat: int, name: str) -> tuple[Any, Any]:
    """``name`` in the samples of the world built from ``seat``'s view and of the true state."""
    ours = world(state.get_game(), seat, state.view(seat)).sample_world(seat, random.Random(0))
    true = state.sample_world(seat, random.Random(0))
    assert isinstance(ours, MegaCorpsState)
    if name == "money items":
        return [sorted(i for i in s.draft_give + s.draft_ask if i >= trade.MONEY) for s in (ours, true)]  # type: ignore[return-value]
    if name == "vetoed":
        return sorted(ours.vetoed), sorted(true.vetoed)
    return getattr(ours, name), getattr(true, name)


@pytest.mark.parametrize(("phase", "name"), SHOWN)
def test_the_view_settles_what_a_sample_keeps(phase: int, name: str) -> None:
    checked = 0
    for players, seed in [(3, seed) for seed in range(6)] + [(4, seed) for seed in range(4)]:
        for state, _, step in played(players, seed):
            if state.phase == phase:
                for seat in state.to_act():
                    ours, true = shown_fields(state, seat, name)
                    assert ours == true, f"positions('megacorps', {players}, {seed})[{step}], seat {seat}"
                    checked += 1
    assert checked > 0


@pytest.mark.parametrize(("players", "seed", "step", "seat"), ONCE_UNSETTLED)
def test_the_positions_once_unsettled_sample_what_the_true_state_samples(
    players: int, seed: int, step: int, seat: int
) -> None:
    state, asked_seat, at = played(players, seed)[step]
    assert at == step and seat == asked_seat and state.phase in {phase for phase, _ in SHOWN}
    for k in range(3):
        ours = world(state.get_game(), seat, state.view(seat)).sample_world(seat, random.Random(k))
        assert in_events(ours, seat) == in_events(state.sample_world(seat, random.Random(k)), seat)


def test_a_sample_points_what_other_seats_know_at_its_own_cards() -> None:
    """``known`` holds what every seat learnt of other hands (offers' cards, trades); a sample deals
    the hands ``seat`` cannot see again, so a fact of another viewer about them names a card of the
    holder's new hand (``seat`` knows a card was seen, never which): the sample is a valid state,
    with as many facts per viewer and holder as the truth, and the seat's own facts unchanged."""
    checked = 0
    for state, seat, _ in asked([(3, 0), (4, 1)]):
        facts = [tuple(state.known[i : i + 3]) for i in range(0, len(state.known), 3)]
        if all(seat in fact[:2] for fact in facts):
            continue
        sampled = state.sample_world(seat, random.Random(0))
        assert isinstance(sampled, MegaCorpsState)
        state.get_game().state_from_json(sampled.to_json())  # no CorruptRecord: the facts hold
        again = [tuple(sampled.known[i : i + 3]) for i in range(0, len(sampled.known), 3)]
        assert [f for f in again if seat in f[:2]] == [f for f in facts if seat in f[:2]]
        assert sorted(f[:2] for f in again) == sorted(f[:2] for f in facts)
        checked += 1
    assert checked > 0


# ---------------------------------------------------------------------------- issues found
# Each test below fails today (xfail, strict): a sample keeps something the view does not show.


def with_an_offer() -> tuple[MegaCorpsState, int, int]:
    """A position of a random game after its turn's player offered an event card to the next seat
    at any time (``propose``): the position, the maker, the step."""
    for state, seat, step in played(4, 1):
        plays = [text for text in state.legal_texts_for(seat) if text.startswith("play ")]
        if state.phase == TURN and plays:
            state.apply(state.offer_action((seat + 1) % 4, [plays[0].split()[1]], []), seat)
            return state, seat, step + 1
    raise AssertionError("no event card to offer")


@pytest.mark.xfail(strict=True, raises=NoWorlds, reason="offers made at any time are not in the view")
def test_offers_made_at_any_time_are_in_the_view() -> None:
    """An offer made at any time is in no view (``open_offers`` only, which an online Turn does not
    carry), yet its promised card may not be played: the maker's legal actions lose ``play
    <card>``, so no world without the offer shows the maker's view."""
    state, seat, step = with_an_offer()
    observation(turn_of(state, seat, step)).sample_world(random.Random(0))


@pytest.mark.xfail(strict=True, reason="offers made at any time are not in the view")
def test_a_sample_keeps_only_offers_the_view_shows() -> None:
    """A seat not party to an offer made at any time: its view shows no offer, its sample keeps it."""
    state, seat, _ = with_an_offer()
    other = (seat + 2) % 4
    ours = world(state.get_game(), other, state.view(other)).sample_world(other, random.Random(0))
    assert isinstance(ours, MegaCorpsState)
    assert len(ours.offers) == len(state.sample_world(other, random.Random(0)).offers)


def test_the_view_shows_the_active_player_card_passed() -> None:
    """When the Active Player leaves, the card passes to the next seat at once and not again at
    the round's end (``passed``, R-MC31): the view says so (``active_passed``), and the world's
    sample keeps it as the true state's does."""
    for state, _, _ in played(4, 1):
        if state.phase == TURN and state.round == 2 and state.turn != state.active:
            state.apply(Action("leave"), state.active)
            seat = state.seat
            ours = world(state.get_game(), seat, state.view(seat)).sample_world(seat, random.Random(0))
            assert isinstance(ours, MegaCorpsState)
            assert ours.passed == state.sample_world(seat, random.Random(0)).passed is True
            return
    raise AssertionError("no Active Player left in round 2")


def test_an_offers_money_items_show_to_its_maker_alone() -> None:
    """While an offer is composed, its maker's view alone shows it, with its money as added."""
    checked = 0
    for state, _, _ in played(3, 1):
        if state.phase == COMPOSE:
            money = [i - trade.MONEY for i in state.draft_give + state.draft_ask if i >= trade.MONEY]
            assert state.view(state.turn)["decision"]["money_items"] == money
            for seat in [None, *(s for s in range(state.n) if s != state.turn)]:
                assert "money_items" not in state.view(seat)["decision"]
            checked += 1
    assert checked > 0
