"""ManaSurge's players, components and set-up (MS1-MS15, MS17, MS18; rulings A1, A22-A25, A28).
Clauses are in /work/shared/rules/manasurge-clauses.md; the team's rulings in docs/rulings.md."""

from __future__ import annotations

import tomllib
from collections import Counter

import pytest

import tabletop
from tabletop.core.errors import InvalidOptions
from tabletop.games.manasurge.cards import CARDS, NO_SUIT, SPELLS
from tabletop.games.manasurge.data import DATA_FILE

from .helpers import ALL_CARDS, act, hand, kinds, new, rest, seats, spell


# -- MS1: 3 to 5 players -------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5])
def test_three_to_five_players_may_play(players: int) -> None:
    state = tabletop.make("manasurge", players=players).new_state(0)
    assert len(state.view(None)["seats"]) == players  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [1, 2, 6, 7])
def test_any_other_player_count_is_refused(players: int) -> None:
    with pytest.raises(InvalidOptions):
        tabletop.make("manasurge", players=players)


# -- MS2-MS5, MS9: the cards ---------------------------------------------------------------------
def test_sixty_spells_twelve_of_each_of_the_five_suits() -> None:
    game = tabletop.make("manasurge", players=3)
    cards = game.cards
    assert SPELLS == 60
    assert Counter(cards.suit[c] for c in range(SPELLS)) == {s: 12 for s in range(5)}
    names = [s.name for s in game.data.suits]
    assert names == ["Blades", "Fireball", "Frost Wave", "Lightning", "Quake"]


def test_each_suit_ranks_1_2_3_3_4_4_5_5_6_6_7_8() -> None:
    cards = tabletop.make("manasurge", players=3).cards
    for suit in range(5):
        ranks = sorted(cards.rank[c] for c in range(SPELLS) if cards.suit[c] == suit)
        assert ranks == [1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8]


def test_spells_are_the_numbered_cards_each_with_rank_suit_name_and_power() -> None:
    game = tabletop.make("manasurge", players=3)
    texts = game.data.to_json()["suits"]
    for c in range(SPELLS):
        assert game.cards.rank[c] >= 1 and game.cards.suit[c] != NO_SUIT
        assert game.cards.text(c) == f"{game.cards.rank[c]}{'BFWLQ'[game.cards.suit[c]]}"
    assert all(entry["name"] and entry["text"] for entry in texts.values())


def test_twelve_unique_metamagic_cards_of_their_own_suit_without_rank() -> None:
    game = tabletop.make("manasurge", players=3)
    meta = game.data.metamagic
    assert CARDS - SPELLS == 12 == len(meta)
    assert len({m.code for m in meta}) == len({m.name for m in meta}) == len({m.effect for m in meta}) == 12
    for c in range(SPELLS, CARDS):
        assert game.cards.rank[c] == -1 and game.cards.suit[c] == NO_SUIT
    named = {m.name for m in meta}
    assert {"Dark Mirror", "Mystic Ward"} <= named  # the two names the rulebook prints


def test_six_unique_wizards_that_never_go_in_the_deck() -> None:
    game = tabletop.make("manasurge", players=5, wizards=True)
    wizards = game.data.wizards
    assert len(wizards) == 6 == len({w.code for w in wizards}) == len({w.name for w in wizards})
    state = game.new_state(3)
    everything = state.deck + [c for h in state.hands for c in h]
    assert sorted(everything) == list(range(72))  # only spell and metamagic cards are dealt


def test_the_data_records_the_printed_shard_tokens_and_the_supply_never_runs_out() -> None:
    raw = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))
    tokens = raw["constants"]["shard_tokens"]
    assert tokens["ones"] + 5 * tokens["fives"] == 90
    # A22: 90 Shards already taken, yet the opening still takes one from the supply
    state = new(3, shards=[30, 30, 30], hands=[["5L", "1B"], ["6L"], ["7L"]])
    act(state, "cast=5L", "cw")
    assert spell(state)[0]["shards"] == 1
    assert sum(seats(state, "shards")) == 90


# -- MS10-MS12, A1: shuffle, deal 5, one mixed deck ------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5])
def test_five_cards_dealt_to_each_player_the_rest_is_one_mixed_deck(players: int) -> None:
    state = tabletop.make("manasurge", players=players).new_state(11, {"caster": 0})
    assert seats(state, "hand") == [5] * players
    assert len(state.deck) == 72 - 5 * players
    assert sorted(state.deck + [c for h in state.hands for c in h]) == list(range(72))
    assert state.view(None)["deck"] == 72 - 5 * players
    # A1: the metamagic cards not dealt stay in the draw deck
    dealt_meta = sum(1 for h in state.hands for c in h if c >= SPELLS)
    assert sum(1 for c in state.deck if c >= SPELLS) == 12 - dealt_meta


def test_the_72_cards_are_shuffled_from_the_seed() -> None:
    game = tabletop.make("manasurge", players=3)
    deals = {tuple(tuple(h) for h in game.new_state(seed, {"caster": 0}).hands) for seed in range(12)}
    assert len(deals) == 12
    assert game.new_state(5).hands == game.new_state(5).hands
    # metamagic cards end up in hands too: they are shuffled in, not kept apart
    assert any(c >= SPELLS for seed in range(12) for h in game.new_state(seed).hands for c in h)


# -- MS13, MS14: the supply and a random first Caster --------------------------------------------
def test_a_random_player_is_the_first_caster_and_everyone_starts_without_shards() -> None:
    game = tabletop.make("manasurge", players=4)
    casters = set()
    for seed in range(40):
        view = game.new_state(seed).view(None)
        casters.add(view["caster"])
        assert view["to_act"] == view["caster"] and view["phase"] == "open"
        assert [s["shards"] for s in view["seats"]] == [0, 0, 0, 0]  # type: ignore[index, union-attr]
    assert casters == {0, 1, 2, 3}


# -- MS17, A23: the deck runs out ----------------------------------------------------------------
def test_an_empty_deck_is_refilled_by_shuffling_the_discard_pile_even_mid_draw() -> None:
    # seat 0 has 5 damage cards: at the end of its opening turn it is reborn, discarding 2B and 3B
    fixed = [["1B", "2B", "3B"], ["foresight", "1F"]]
    damage = [["4B", "5B", "6B", "7B", "8B"], [], []]
    state = new(3, hands=[*fixed, rest(*fixed, *damage, ["1W"])], damage=damage, deck=["1W"])
    events = act(state, "cast=1B", "cw")
    assert kinds(events, "rebirth")[0]["discarded"] == ["2B", "3B"]
    events = act(state, "play=foresight")
    assert kinds(events, "reshuffle") == [{"cards": 2}]
    assert [e["drawn"] for e in kinds(events, "effect")] == [2]  # Foresight's effect tells its draw
    mine = hand(state, 1)
    assert "1W" in mine and len(set(mine) & {"2B", "3B"}) == 1
    assert len(state.deck) == 1 and state.view(None)["discard"] == []


def test_with_deck_and_discard_pile_empty_only_what_exists_is_drawn() -> None:
    fixed = [["1B", "2B"], ["foresight", "1F"]]
    state = new(3, hands=[*fixed, rest(*fixed, ["1W"])], deck=["1W"])
    events = act(state, "cast=1B", "cw", "play=foresight")
    assert [e["drawn"] for e in kinds(events, "effect")] == [1]  # Foresight's effect tells its draw
    assert sorted(hand(state, 1)) == ["1F", "1W"]
    assert state.deck == [] and state.discard == []


# -- MS18, A30: the hand limit -------------------------------------------------------------------
def test_the_hand_limit_is_five() -> None:
    state = new(4)
    assert seats(state, "limit") == [5, 5, 5, 5]
    assert state.game.data.constants.hand_limit == 5 == state.game.data.constants.deal


# -- A24, A25: what each seat sees ---------------------------------------------------------------
def test_hands_are_hidden_and_their_sizes_public_damage_cards_are_seen_by_nobody() -> None:
    state = new(3, hands=[["5L", "6L"], ["7L", "mirror", "1B"], ["8L"]], damage=[[], ["2Q", "3Q"], []])
    own = state.view(1)
    assert sorted(own["hand"]) == ["1B", "7L", "mirror"]  # type: ignore[arg-type]
    assert "hand" not in state.view(None)
    assert seats(state, "hand") == [2, 3, 1] and seats(state, "damage") == [0, 2, 0]
    for seat in (None, 0, 1, 2):
        text = repr(state.view(seat))
        assert "2Q" not in text and "3Q" not in text  # not even the owner sees them
    assert "7L" not in repr(state.view(0))


def test_damage_is_drawn_face_down_and_the_discard_pile_is_face_up() -> None:
    state = new(3, hands=[["5L", "1B"], ["1F"], ["1W"]], deck=["2Q", "3Q"])
    events = act(state, "cast=5L", "cw")  # seat 1 cannot play: struck at once
    assert not [e for e in events if e.kind == "drew"]  # nobody is told the damage cards' faces
    assert "2Q" not in repr([e.data for e in events])
    assert kinds(events, "spell-end")[0]["damage"] == 1 and seats(state, "damage")[1] == 1
    assert state.view(2)["discard"] == ["5L"]


def test_every_card_text_names_one_of_the_72_cards() -> None:
    game = tabletop.make("manasurge", players=3)
    assert sorted(game.cards.text(c) for c in range(72)) == sorted(ALL_CARDS)
