"""The City phase, the Power phase's draft and the power cards (rules: "CITY PHASE", "POWER PHASE";
rulings C13-C24)."""

from __future__ import annotations

from collections import Counter

from tabletop.games.summon7.cards import VALUES
from tabletop.games.summon7.clan import city
from tabletop.games.summon7.clan.actions import HUMANS, LOCATIONS
from tabletop.games.summon7.clan.city import OUR_HOUSE
from tabletop.games.summon7.table import ACTIVE, BUSTED

from .helpers import advance_to, clan, hand, kinds, phase, play


# -- the City phase ---------------------------------------------------------------------------------
def test_clans_act_in_order_of_house_score_each_with_its_ranks_allotment() -> None:
    for seed in range(8):
        s = clan(3, dealer=2, deck=[5, 12, 7, 5], seed=seed)
        events = play(s, "hit", "hold", "hold")  # seat 0 busts; the house scores 19
        events += advance_to(s, "draft")
        city = kinds(events, "city")[0]
        assert city["scores"] == sorted(city["scores"], reverse=True)
        assert city["scores"][city["order"].index("our house")] == 19
        placed = Counter(e["clan"] for e in kinds(events, "place"))
        captured = Counter(e["clan"] for e in kinds(events, "capture"))
        for rank, name in enumerate(city["order"]):
            assert placed[name] == s.data.rank_meeples[rank]
            assert captured[name] <= s.scaled(s.data.rank_claim[rank])
        assert len(s.pool) == s.data.rank_cards[city["order"].index("our house")]


def test_on_equal_house_scores_the_players_house_goes_first() -> None:
    s = clan(2, deck=[5, 7])
    play(s, "hold", "hold")
    s.scores_now = [30, 30, 30]
    clans = [OUR_HOUSE, 1, 2]
    assert sorted(clans, key=lambda c: (-s.scores_now[c], c)) == [0, 1, 2]


def test_a_meeple_goes_into_the_first_slot_bumping_the_others_right() -> None:
    s = clan(2, deck=[5, 7])
    play(s, "hold", "hold")
    s.meeples = [[1, 2], [], [], []]  # the Market (three slots) holds two rival meeples
    s.meeples_left = [5, 5, 5]
    events: list = []
    city.place(s, OUR_HOUSE, 0, events)
    assert s.meeples[0] == [0, 1, 2] and "bumped" not in events[-1].data
    city.place(s, 1, 0, events)  # a fourth meeple pushes the last one out of the city
    assert s.meeples[0] == [1, 0, 1]
    assert events[-1].data == {"clan": "House Vask", "location": "market", "bumped": "House Morrow"}


def test_humans_are_captured_only_where_the_house_has_a_meeple() -> None:
    for seed in range(6):
        s = clan(2, deck=[5, 7], seed=seed)
        play(s, "hold", "hold")
        advance_to(s, "capture")
        if phase(s) != "capture":
            continue
        legal = {str(a) for a in s.legal_actions()}
        expected = {
            f"capture={LOCATIONS[loc]}/{HUMANS[h]}"
            for loc, row in enumerate(s.meeples)
            if OUR_HOUSE in row
            for h, count in enumerate(s.city[loc])
            if count
        }
        assert legal == expected and legal
        action = sorted(legal)[0]
        loc, human = action[8:].split("/")
        before = (s.pantry[HUMANS.index(human)], s.city[LOCATIONS.index(loc)][HUMANS.index(human)])
        events = play(s, action)
        assert kinds(events, "capture")[0] == {"clan": "our house", "location": loc, "human": human}
        assert s.pantry[HUMANS.index(human)] == before[0] + 1
        taken = [e for e in kinds(events, "capture") if (e["location"], e["human"]) == (loc, human)]
        assert s.city[LOCATIONS.index(loc)][HUMANS.index(human)] == before[1] - len(taken)  # rivals too


def test_the_city_restocks_up_to_each_locations_most() -> None:
    s = clan(4, deck=[5, 7, 9, 11])
    events = play(s, "hold", "hold", "hold", "hold")
    city = kinds(events, "city")[0]
    assert len(city["restocked"]) == len(LOCATIONS)
    for loc, place in enumerate(s.data.locations):
        assert all(human in [HUMANS[h] for h in place.humans] for human in city["restocked"][loc])
        assert sum(s.city[loc]) <= s.scaled(place.most)


def test_the_meeples_go_home_after_the_city_phase() -> None:
    s = clan(2, deck=[5, 7])
    play(s, "hold", "hold")
    advance_to(s, "draft")
    assert s.meeples == [[] for _ in LOCATIONS]


# -- the draft -----------------------------------------------------------------------------------------
def test_the_winner_claims_first_then_the_held_by_leadership_and_the_busted_draw_at_random() -> None:
    s = clan(4, dealer=3, deck=[5, 12, 3, 4, 5], leadership=[0, 0, 10, 20])
    play(s, "hit", "hold", "hold", "hold")  # seat 0 busts; seat 1 wins with 12
    advance_to(s, "draft")
    while len(s.pool) < 5:  # five cards, to see the order come round again
        s.pool.append(s.power_deck.pop())
    s.pool.sort()
    turns, gifts = [], []
    while phase(s) == "draft":
        turns.append(s.current_seat)
        events = play(s, str(s.legal_actions()[0]))
        gifts += kinds(events, "gift")
    assert turns == [1, 3, 2, 1]  # the winner; seats 3 (20) and 2 (10); the winner again
    assert [g["seat"] for g in gifts] == [0]
    assert [len(h) for h in s.hands] == [1, 2, 1, 1] and not s.pool


def test_a_claim_takes_the_named_card_into_the_hand() -> None:
    s = clan(2, deck=[5, 7], power_deck=["ward", "tribute", "calm"])
    play(s, "hold", "hold")
    advance_to(s, "draft")
    pool = [str(a) for a in s.legal_actions()]
    assert pool and all(a.startswith("claim=") for a in pool)
    play(s, pool[-1])
    assert pool[-1][6:] in hand(s, 1)


# -- the power cards --------------------------------------------------------------------------------------
def test_a_ward_discards_a_busting_card_for_its_cost_in_humans() -> None:
    s = clan(2, deck=[5, 7, 5], hands=[["ward"], []], pantry={"peasant": 2})
    events = play(s, "hit")
    assert phase(s) == "ward" and [str(a) for a in s.legal_actions()] == ["play=ward", "bust"]
    events = play(s, "play=ward")
    assert kinds(events, "pay") == [{"seat": 0, "human": "peasant"}]
    assert kinds(events, "warded") == [{"seat": 0, "value": 5}]
    assert s.table.values(0) == [5] and s.table.status[0] == ACTIVE
    assert s.pantry[0] == 1 and not s.hands[0] and len(s.power_discard) == 1
    assert [VALUES[c] for c in s.table.discard] == [5] and s.current_seat == 1


def test_a_ward_may_be_declined_and_needs_a_human_to_pay() -> None:
    s = clan(2, deck=[5, 7, 5], hands=[["ward"], []], pantry={"peasant": 1})
    play(s, "hit", "bust")
    assert s.table.status[0] == BUSTED and hand(s, 0) == ["ward"]
    s = clan(2, deck=[5, 7, 5], hands=[["ward"], []], pantry={})
    play(s, "hit")
    assert s.table.status[0] == BUSTED and phase(s) == "home"


def test_a_hex_deals_another_player_a_card_and_the_turn_goes_on() -> None:
    s = clan(2, deck=[5, 7, 7], hands=[["hex"], []], pantry={"peasant": 1})
    assert "play=hex@1" in [str(a) for a in s.legal_actions()]
    events = play(s, "play=hex@1")
    assert kinds(events, "bust") == [{"seat": 1, "value": 7, "total": 14}]
    assert s.current_seat == 0 and phase(s) == "home" and s.pantry[0] == 0


def test_a_hexed_player_may_ward() -> None:
    s = clan(2, deck=[5, 7, 7], hands=[["hex"], ["ward"]], pantry={"peasant": 3})
    play(s, "play=hex@1")
    assert phase(s) == "ward" and s.current_seat == 1
    play(s, "play=ward")
    assert s.table.status[1] == ACTIVE and s.current_seat == 0 and phase(s) == "home"


def test_a_boast_adds_to_the_total() -> None:
    s = clan(2, deck=[5, 7], hands=[["boast"], []], pantry={"soldier": 1})
    play(s, "play=boast", "hold", "hold")
    assert s.leadership == [10, 0] and s.history[-1]["totals"] == [10, 7]


def test_the_player_chooses_which_humans_pay_when_it_matters() -> None:
    s = clan(2, deck=[5, 7], hands=[["boast"], []], pantry={"peasant": 1, "priest": 1})
    play(s, "play=boast")
    assert phase(s) == "pay" and [str(a) for a in s.legal_actions()] == ["pay=peasant", "pay=priest"]
    play(s, "pay=priest")
    assert s.pantry == [1, 0, 0, 0] and s.bonus[0] == 5 and phase(s) == "home"


def test_no_card_without_the_humans_to_pay_for_it() -> None:
    s = clan(2, deck=[5, 7], hands=[["boast", "hex"], []], pantry={})
    assert [str(a) for a in s.legal_actions()] == ["hit", "hold"]


def test_city_cards_are_played_by_the_winner_before_placing() -> None:
    s = clan(2, deck=[5, 7], hands=[[], ["bribe", "raid"]], pantry={"peasant": 4})
    play(s, "hold", "hold")
    assert phase(s) == "city-cards" and s.current_seat == 1
    assert [str(a) for a in s.legal_actions()] == ["play=bribe", "play=raid", "done"]
    meeples, claim = s.meeples_left[0], s.claim_left[0]
    play(s, "play=raid")
    assert s.claim_left[0] == claim + 2
    play(s, "play=bribe")
    assert s.meeples_left[0] == meeples + 1 and phase(s) != "city-cards"


def pay_up(s: object) -> None:
    """Pay a pending cost with the first humans offered."""
    while phase(s) == "pay":  # type: ignore[arg-type]
        play(s, str(s.legal_actions()[0]))  # type: ignore[arg-type, attr-defined]


def test_scraps_feed_without_eating_tribute_gains_leadership_calm_lowers_the_meter() -> None:
    s = clan(
        2,
        deck=[5, 7],
        hands=[[], ["scraps", "tribute", "calm"]],
        pantry={"peasant": 5, "soldier": 1},
        meter=30,
    )
    play(s, "hold", "hold")
    advance_to(s, "dining")  # the Head of House (first on the board) has eaten its soldier
    assert s.current_seat == 1
    assert {"play=scraps", "play=tribute", "play=calm", "eat"} <= {str(a) for a in s.legal_actions()}
    lead = s.leadership[1]
    play(s, "play=tribute")
    pay_up(s)
    assert s.leadership[1] == lead + 8
    play(s, "play=calm")
    pay_up(s)
    assert s.meter == 15
    pantry = list(s.pantry)
    events = play(s, "play=scraps")
    assert kinds(events, "scraps") == [{"seat": 1}] and s.fed[1]
    assert s.pantry == pantry or s.pantry[0] == pantry[0] - 1  # fed without eating (seat 0 ate after)


def test_calm_is_not_offered_with_the_meter_at_zero() -> None:
    s = clan(
        2,
        deck=[5, 7],
        hands=[[], ["calm"]],
        pantry={"peasant": 5, "soldier": 1},
        power_deck=["ward", "hex", "boast"],
    )
    assert s._playable(1, "dining") == []
    play(s, "hold", "hold")
    events = advance_to(s, "home")
    assert s.round == 2 and "calm" in hand(s, 1)
    assert not [e for e in kinds(events, "play") if e["card"] == "calm"]


def test_a_rival_goes_where_most_humans_are_preferring_a_new_location_and_takes_the_most_numerous() -> None:
    s = clan(2, deck=[5, 7])
    play(s, "hold", "hold")
    s.city = [[1, 0, 0, 0], [0, 0, 3, 0], [0, 0, 0, 2], [1, 1, 0, 0]]
    s.meeples = [[], [], [], []]
    assert city.rival_place(s, 1) == 1  # the Cathedral: three priests
    s.meeples[1] = [1]
    assert city.rival_place(s, 1) == 2  # it is at the Cathedral already: the Barracks next
    s.meeples = [[], [1], [], [1]]
    s.order, s.claim_left, s.cursor = [1, 0], [0, 1, 0], 0
    events: list = []
    city.capture_next(s, events)
    assert kinds(events, "capture")[0] == {"clan": "House Vask", "location": "cathedral", "human": "priest"}
