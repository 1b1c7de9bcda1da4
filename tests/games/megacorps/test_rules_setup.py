"""Set-up (MC1, MC2, MC10-MC24): players, corporations, the cup draws, starting cards, the deck,
money, mercenaries and the company draft."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import tabletop
from tabletop.core.errors import InvalidOptions
from tabletop.games.megacorps.board import MARKERS
from tabletop.games.megacorps.state import MegaCorpsState

from .helpers import CORPS, act, hand, industry, kinds, legal, make, new, owner, phase, ruler, start


def fresh(players: int, seed: int) -> MegaCorpsState:
    state = start(make(players), seed)
    return state


# -- MC1, MC2: players and corporations -------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_three_to_six_players_may_play(players: int) -> None:
    state = fresh(players, 1)
    assert state.n == players and len(state.money) == players and phase(state) == "draft"


@pytest.mark.parametrize("players", [0, 1, 2, 7, 8])
def test_any_other_player_count_is_refused(players: int) -> None:
    with pytest.raises(InvalidOptions, match="3 to 6"):
        tabletop.make("megacorps", players=players)


def test_six_megacorps_one_per_player() -> None:
    game = make(6)
    names = [c.name for c in game.data.corporations]
    assert names == ["Mokia", "Globbo", "Nonintendo", "Lenogo", "The Mouse", "Windoze"]
    seen: Counter[tuple[str, ...]] = Counter()
    for seed in range(30):
        corps = fresh(6, seed).view(None)["corporations"]
        assert sorted(corps) == sorted(CORPS)  # six players: each MegaCorp once
        seen[tuple(corps)] += 1
    assert len(seen) > 1  # assigned at random from the seed (D1)
    for seed in range(30):
        assert len(set(fresh(3, seed).view(None)["corporations"])) == 3


def test_a_corporation_is_played_once_in_a_fixed_set_up() -> None:
    game = make(3)
    with pytest.raises(InvalidOptions, match="once"):
        game.new_state(0, {"corporations": ["mokia", "mokia", "globbo"]})
    with pytest.raises(InvalidOptions, match="corporations"):
        game.new_state(0, {"corporations": ["mokia", "globbo", "acme"]})


# -- MC10: printed owners ---------------------------------------------------------------------------
def test_printed_countries_start_with_their_megacorps() -> None:
    state = new(4, printed=True, corporations=["lenogo", "mokia", "nonintendo", "globbo"])
    assert [ruler(state, c) for c in ("chn", "eu", "jpn", "mer")] == [0, 1, 2, 3]
    assert all(ruler(state, c) == -1 for c in ("naf", "rus", "ind", "asn", "cal", "afr", "mag"))


def test_a_printed_country_of_a_megacorp_not_in_play_starts_uncontrolled() -> None:
    state = new(3, printed=True, corporations=["mouse", "windoze", "mokia"])
    assert ruler(state, "eu") == 2
    assert [ruler(state, c) for c in ("mer", "jpn", "chn")] == [-1, -1, -1]


# -- MC11, MC12: money ------------------------------------------------------------------------------
def test_money_is_unlimited_and_change_is_always_made() -> None:
    solar = industry(new(3), "sol")
    state = new(3, money=[10**9, 4, 0], companies=dict.fromkeys(solar[1:], 0))
    act(state, "0: payout sol", "0: pass")
    assert state.money[0] == 10**9 + 8 * (len(solar) - 1)  # two competitors; no bill limit
    act(state, f"1: buy {solar[0]}")
    assert state.money[1] == 0  # exactly the price, change made


def test_money_and_mercenaries_are_public_to_every_seat() -> None:
    state = new(4, money=[3, 14, 15, 92], mercs=[6, 5, 3, 5])
    for seat in (None, 0, 1, 2, 3):
        view = state.view(seat)
        assert view["money"] == [3, 14, 15, 92] and view["mercs"] == [6, 5, 3, 5]


# -- MC13, MC15: the Active Player and Paid cards apart from the Event cards --------------------------
def test_the_active_player_and_paid_cards_are_set_aside_from_the_event_cards() -> None:
    game = make(4)
    assert game.board.cards == sum(e.copies for e in game.data.events)
    assert {"active", "paid"}.isdisjoint(e.code for e in game.data.events)
    state = fresh(4, 5)
    view = state.view(None)
    assert view["paid"] == -1  # nobody holds the Paid card at first (A13)
    assert view["active"] == state.active
    total = sum(view["cards"]) + view["deck"] + view["box"]
    assert total == game.board.cards  # every event card dealt, in the deck or boxed


def test_the_event_cards_are_shuffled_from_the_seed() -> None:
    decks = {tuple(fresh(4, seed).deck) for seed in range(10)}
    assert len(decks) == 10
    assert fresh(4, 3).to_json() == fresh(4, 3).to_json()


# -- MC14: markers ----------------------------------------------------------------------------------
def test_boxes_hold_a_control_marker_or_a_nationalized_or_syndicalized_marker() -> None:
    assert set(MARKERS.values()) >= {"unowned", "nationalized", "syndicalized"}
    state = new(3, companies={"aer.jpn": "nationalized", "aer.eu": "syndicalized", "fin.chn": 1})
    shown = state.view(None)["companies"]
    assert (shown["aer.jpn"], shown["aer.eu"], shown["fin.chn"], shown["sof.oss"]) == (-2, -3, 1, -3)
    assert shown["nan.l5"] == -4 and shown["met.ast"] == -4  # not built yet
    assert state.view(None)["mercs"] == [1, 1, 1]  # mercenary counters, one each


# -- MC16-MC18: the cup draws -----------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_cup_draws_the_active_player_then_asean_and_africa_without_replacement(players: int) -> None:
    actives: set[int] = set()
    drawn: set[int] = set()
    active_drawn_too = False
    for seed in range(60):
        state = fresh(players, seed)
        asean, africa = ruler(state, "asn"), ruler(state, "afr")
        assert asean >= 0 and africa >= 0 and asean != africa  # A1: no replacement between them
        actives.add(state.active)
        drawn |= {asean, africa}
        active_drawn_too |= state.active in (asean, africa)  # the first marker went back in the cup
        assert state.seat == state.active  # the Active Player picks first (MC23)
    assert actives == drawn == set(range(players))
    assert active_drawn_too


def test_the_set_up_may_fix_the_draws() -> None:
    game = make(4)
    state = start(game, 0, {"active": 2, "drawn": [3, 1], "corporations": list(CORPS[2:])})
    assert state.active == 2 and ruler(state, "asn") == 3 and ruler(state, "afr") == 1
    with pytest.raises(InvalidOptions, match="active"):
        game.new_state(0, {"active": 4})


# -- MC19, MC20: starting cards, then the deck --------------------------------------------------------
@pytest.mark.parametrize(("players", "size"), [(3, 18), (4, 16), (5, 15), (6, 12)])
def test_starting_cards_by_countries_held_then_the_deck_is_counted_out(players: int, size: int) -> None:
    game = make(players)
    assert game.data.economy.deck[players] == size
    assert game.data.economy.setup_draws == (2, 1, 0)
    for seed in range(25):
        state = fresh(players, seed)
        for seat in range(players):
            held = sum(1 for o in state.country_owner if o == seat)
            assert len(state.hands[seat]) == (2, 1, 0, 0)[min(held, 3)], (seed, seat)
        assert len(state.deck) == size
        assert len(state.box) == game.board.cards - size - sum(len(h) for h in state.hands)
        assert state.view(0)["box"] == len(state.box)  # the rest stays in the box, unread


# -- MC21, MC22 -------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 6])
def test_each_player_starts_with_40_euros_and_one_mercenary(players: int) -> None:
    state = fresh(players, 2)
    assert state.money == [40] * players and state.mercs == [1] * players
    economy = state.game.data.economy
    assert (economy.start_money, economy.start_mercenaries, economy.start_companies) == (40, 1, 2)


# -- MC23, MC24: the draft, then round 1 ------------------------------------------------------------
def test_the_draft_goes_clockwise_from_the_active_player_twice_round_then_round_one_begins() -> None:
    game = make(4)
    state = start(game, 9, {"active": 2, "drawn": [0, 1]})
    deck = len(state.deck)
    cards = [len(h) for h in state.hands]
    asked = []
    picks = ["aer.jpn", "fin.swi", "def.chn", "med.naf", "aer.eu", "nan.jpn", "sol.afr", "oil.mag"]
    for company in picks:
        assert phase(state) == "draft"
        asked.append(state.current_seat)
        act(state, f"{state.current_seat}: take {company}")
    assert asked == [2, 3, 0, 1, 2, 3, 0, 1]  # not a snake
    assert [owner(state, c) for c in picks] == asked
    assert state.money == [40] * 4  # the draft costs nothing
    assert phase(state) == "turn" and state.round == 1 and state.current_seat == 2
    assert len(state.deck) == deck - 1
    assert [len(h) for h in state.hands] == [c + (s == 2) for s, c in enumerate(cards)]


def test_the_draft_offers_every_existing_free_company_without_antitrust() -> None:
    game = make(3)
    state = start(game, 4, {"active": 0, "corporations": ["nonintendo", "mokia", "mouse"]})
    choices = legal(state)
    assert "take aer.jpn" in choices
    assert {"take nan.l5", "take met.ast", "take sof.oss"}.isdisjoint(choices)
    assert len(choices) == sum(1 for o in state.owner if o == -1)
    events = act(state, "0: take aer.jpn", "1: take fin.swi", "2: take def.chn", "0: take aer.eu")
    assert ruler(state, "eu") == 1 and owner(state, "aer.eu") == 0  # no veto asked (A3)
    assert not kinds(events, "ask-permission")
    assert "take aer.jpn" not in legal(state)


def test_a_fixed_set_up_with_companies_skips_the_draft_and_the_active_player_draws() -> None:
    state = new(4, active=3, deck=["coup", "scandal"], hands=[["oversupply"], [], [], []])
    assert phase(state) == "turn" and state.round == 1 and state.current_seat == 3
    assert hand(state, 3) == ["coup"] and hand(state, 0) == ["oversupply"]
    assert [state.game.board.card_code(c) for c in state.deck] == ["scandal"]


def test_event_cards_in_hand_are_secret_and_their_number_public() -> None:
    state = new(3, hands=[["kleptocrats"], ["wikisyndicalism", "arms-race"], []], deck=["tech-boom", "coup"])
    assert state.view(0)["hand"] == ["kleptocrats", "tech-boom"]
    for seat in (None, 1, 2):
        view = state.view(seat)
        assert view["cards"] == [2, 2, 0] and view["deck"] == 1
        text = json.dumps(view)
        assert "kleptocrats" not in text and "tech-boom" not in text and "coup" not in text
    assert json.dumps(state.view(1)).count("wikisyndicalism") == 1  # his own hand only
