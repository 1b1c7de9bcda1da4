"""Set-up, rounds, dealing, resources, scrolls held, and the winner (rulebook pp. 5-9, 15)."""

from __future__ import annotations

import random

import pytest

from tabletop import make
from tabletop.core.errors import IllegalAction
from tabletop.games.megalomania.actions import PASS
from tabletop.games.megalomania.cards import (
    ALL_CARDS,
    CARD_VALUE,
    COLOUR_LETTERS,
    COLOURS,
    RANK_LETTERS,
    RANK_NAMES,
    VALUES,
    card_list,
    parse_card,
    value_of,
)
from tabletop.games.megalomania.rules import DOMINANT_BY_ROUND
from tabletop.games.megalomania.state import OVER, MegalomaniaState

from .tables import A, B, C, D, play, start, table, take

BLACK, RED, YELLOW, BLUE = range(4)


def random_game(players: int, seed: int) -> list[MegalomaniaState]:
    """The state at the start of each round's play, for a random game."""
    game = make("megalomania", players=players)
    s = game.new_state(seed)
    rng = random.Random(seed)
    starts = [s.clone()]
    while not s.is_terminal():
        before = s.round
        s.apply(rng.choice(s.legal_actions()))
        if s.round != before and not s.is_terminal():
            starts.append(s.clone())
    return [*starts, s]


def test_dominant_colour_schedule() -> None:
    assert DOMINANT_BY_ROUND == (
        BLACK, RED, YELLOW, BLUE, YELLOW, RED, BLUE, BLACK, RED, YELLOW, BLACK, BLUE,
    )  # fmt: skip
    *rounds, _end = random_game(4, 1)
    assert [s.dominant for s in rounds] == list(DOMINANT_BY_ROUND)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_twelve_rounds_twelve_distinct_missions_dealer_moves_left(players: int) -> None:
    *rounds, end = random_game(players, 7)
    assert len(rounds) == 12 and end.is_terminal() and len(end.points) == 12
    assert len(set(end.missions_played)) == 12
    first = rounds[0].dealer
    assert [s.dealer for s in rounds] == [(first + r) % players for r in range(12)]


def test_first_dealer_is_drawn_at_random() -> None:
    dealers = {make("megalomania").new_state(seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}


# the game help's table: "15 Emperor, 12 Oracle, 9 Knight, 7 Wizard, 6 Dwarf, 4 Explorer,
# 2 Assassin, 1 Farmer", the same in each of the four colours
GAME_HELP_VALUES = {
    "Farmer": 1, "Assassin": 2, "Explorer": 4, "Dwarf": 6,
    "Wizard": 7, "Knight": 9, "Oracle": 12, "Emperor": 15,
}  # fmt: skip


def test_card_values_are_the_game_helps() -> None:
    assert dict(zip(RANK_NAMES, VALUES, strict=True)) == GAME_HELP_VALUES
    assert len(card_list(ALL_CARDS)) == 32 and len(COLOURS) == 4
    for name, value in GAME_HELP_VALUES.items():
        letter = RANK_LETTERS[RANK_NAMES.index(name)]
        for colour in COLOUR_LETTERS:
            c = parse_card(letter + colour)
            assert value_of(c) == CARD_VALUE[c] == value, (name, colour)
    # a played card enters the trick at its printed value
    s = table([["Ey"], ["Wy"]], "black")
    play(s, "Ey")
    assert s.t_values == [15]


@pytest.mark.parametrize("players", [2, 4])
def test_missions_and_scrolls_are_shuffled(players: int) -> None:
    game = make("megalomania", players=players)
    pool = game.mission_pool  # type: ignore[attr-defined]
    mission_orders, scroll_orders = set(), set()
    for seed in range(8):
        s = game.new_state(seed)
        missions = (s.mission, *s.mission_deck)  # the first is already flipped
        assert sorted(missions) == sorted(pool)  # a permutation of the player count's set
        assert sorted(s.scroll_deck) == list(range(1, 21))  # nothing drawn yet
        mission_orders.add(missions)
        scroll_orders.add(tuple(s.scroll_deck))
    assert len(mission_orders) == 8 and len(scroll_orders) == 8  # each seed its own order
    assert tuple(sorted(pool)) not in mission_orders and tuple(range(1, 21)) not in scroll_orders
    again = game.new_state(3)
    assert (again.mission, *again.mission_deck) in mission_orders  # seeded: reproducible


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_gives_the_missions_cards_and_keeps_the_rest_undealt(players: int) -> None:
    for s in random_game(players, 3)[:-1]:
        per = s.mission_data.cards
        # face-down table cards (missions 18, 19) are dealt too; face-up ones are in the hand
        assert [(h | d).bit_count() for h, d in zip(s.hands, s.down, strict=True)] == [per] * players
        assert s.stock.bit_count() == 32 - per * players
        union = s.stock
        for h in [*s.hands, *s.down]:
            assert not union & h
            union |= h
        assert union == ALL_CARDS


def test_resources_chosen_from_the_dealers_left_then_the_dealers_left_leads() -> None:
    s = make("megalomania").new_state(0, {"dealer": 2, "missions": [1]})
    order = []
    for _ in range(4):
        order.append(s.current_seat)
        s.apply_text("take=crystals")
    assert order == [3, 0, 1, 2]
    assert s.current_seat == 3 and s.leader == 3


def test_the_four_resource_combinations() -> None:
    s = make("megalomania").new_state(0, {"dealer": 3, "missions": [1], "scrolls": [7, 8]})
    play(s, "take=crystals", "take=cubes", "take=mixed", "take=scroll")  # type: ignore[arg-type]
    assert s.crystals == [2, 0, 1, 0]
    assert s.cubes == [0, 10, 5, 0]
    assert s.scrolls == [[], [], [], [7]]
    assert s.scroll_deck == [8]


def test_one_resource_choice_only() -> None:
    s = make("megalomania").new_state(0, {"dealer": 3, "missions": [1]})
    s.apply_text("take=crystals")
    assert s.current_seat == B
    with pytest.raises(IllegalAction):
        s.apply_text("take=cubes", seat=A)


def test_no_scroll_to_take_when_the_deck_is_empty() -> None:
    s = make("megalomania").new_state(0, {"dealer": 3, "missions": [1], "scrolls": [5]})
    s.apply_text("take=scroll")
    assert "take=scroll" not in {str(a) for a in s.legal_actions()}


def test_scroll_is_hidden_from_the_others_and_kept_to_the_end() -> None:
    s = make("megalomania", players=2).new_state(0, {"dealer": 1, "missions": [12, 17], "scrolls": [9]})
    events = s.apply_text("take=scroll")
    drawn = [e for e in events if e.kind == "scroll-drawn"]
    assert drawn and drawn[0].visible_to == (A,)
    assert s.view(A)["seats"][A]["scroll_numbers"] == [9]  # type: ignore[index]
    assert "scroll_numbers" not in s.view(B)["seats"][A]  # type: ignore[index,operator]
    assert s.view(B)["seats"][A]["scrolls"] == 1  # type: ignore[index]
    rng = random.Random(0)
    while not s.is_terminal():
        legal = s.legal_actions()
        s.apply(PASS if PASS in legal else rng.choice(legal))  # A never uses the scroll
    assert s.scrolls[A] == [9]


def test_unused_scroll_gives_two_points_at_the_end() -> None:
    s = table([["Ku"], ["Ey"]], "yellow", resources=["scroll", "crystals"], mission=3)
    play(s, "Ku", "Ey")  # the last card of a turn: no Emperor's power to decide on
    assert s.phase == OVER
    assert s.points == [[0, 1]]  # mission 3: B took one blue card
    assert s.scores() == [0 + 2, 1]


def end_state(points: list[list[int]], scrolls: list[list[int]], pairs: bool = False) -> MegalomaniaState:
    s = make("megalomania", players=len(scrolls), pairs=pairs).new_state(0)
    s.points, s.scrolls, s.phase = points, scrolls, OVER
    s.bonus = [[0] * len(scrolls) for _ in points]
    return s


def test_winner_has_most_points() -> None:
    s = end_state([[5, 3, 0, 1], [0, 0, 4, 0]], [[], [], [], []])
    assert s.scores() == [5, 3, 4, 1]
    assert s.ranking() == [1, 3, 2, 4]


def test_tie_broken_by_fewer_negative_points() -> None:
    # A: 6 - 2 = 4 with 2 negative points; B: 4 with none
    s = end_state([[6, 4, 0, 0], [-2, 0, 0, 0]], [[], [], [], []])
    assert s.scores()[:2] == [4, 4]
    assert s.ranking()[:2] == [2, 1]


def test_then_by_holding_no_unused_scroll() -> None:
    # A: 2 + scroll bonus 2 = 4; B: 4, no scroll; no negative points: B wins the tie
    s = end_state([[2, 4, 0, 0]], [[3], [], [], []])
    assert s.scores()[:2] == [4, 4]
    assert s.ranking()[:2] == [2, 1]


def test_fewer_negative_points_come_before_holding_no_scroll() -> None:
    # A: 5 - 1 + scroll bonus 2 = 6, 1 negative point, holds a scroll;
    # B: 9 - 3 = 6, 3 negative points, no scroll: the negative points decide first, so A wins
    s = end_state([[5, 9, 0, 0], [-1, -3, 0, 0]], [[3], [], [], []])
    assert s.scores()[:2] == [6, 6] and s.negative_points()[:2] == [1, 3]
    assert s.ranking()[:2] == [1, 2]


def test_scroll_5_kept_alone_is_an_unused_scroll_for_the_bonus_and_the_tie() -> None:
    """Annex, scroll 5: "this Scroll is considered as an unused Scroll" (docs/rulings.md M30.5).
    C draws 5 from a deck holding nothing else, so 5 is all C holds at the end."""
    s = start([["Xu"], ["Ar"], ["Fu"]], "black", leader=C, mission=3, scrolls=[5])
    take(s, ["crystals", "crystals", "scroll"])
    assert s.scrolls == [[], [], [5]] and s.scroll_deck == []
    play(s, "Fu", "Xu", "Ar")  # A's Explorer takes the two blue cards: 2 points (mission 3)
    assert s.phase == OVER and s.points == [[2, 0, 0]]
    assert s.scores() == [2, 0, 0 + 2]  # C: the unused-scroll bonus for scroll 5
    assert s.ranking() == [1, 3, 2]  # A and C tie on 2, no negative points: C holds a scroll


def test_full_tie_shares_the_place() -> None:
    s = end_state([[3, 3, 1, 0]], [[], [], [], []])
    assert s.ranking() == [1, 1, 3, 4]


def test_options_are_validated() -> None:
    from tabletop.core.errors import InvalidOptions, UnknownGame

    with pytest.raises(InvalidOptions, match="at most 4"):
        make("megalomania", players=5)
    with pytest.raises(InvalidOptions, match="unknown option"):
        make("megalomania", colours=5)
    with pytest.raises(UnknownGame):
        make("chess")
    with pytest.raises(InvalidOptions, match="start_round"):
        make("megalomania").new_state(0, {"start_round": 13})
    with pytest.raises(InvalidOptions, match="twice"):
        make("megalomania", players=2).new_state(0, {"missions": [1], "deals": {"1": [["Ku"], ["Ku"]]}})
    for dealer in (True, 4, "1"):  # a seat is a whole number in range (true could not be saved)
        with pytest.raises(InvalidOptions, match="dealer must be a seat from 0 to 3"):
            make("megalomania").new_state(0, {"dealer": dealer})
    assert make("megalomania").new_state(0, {"dealer": 3}).to_json()["dealer"] == 3
    _ = (C, D)


def test_user_data_file_changes_the_points(tmp_path: object) -> None:
    from pathlib import Path

    from tabletop.games.megalomania.data import DATA_DIR

    path = Path(str(tmp_path)) / "missions.toml"
    text = (DATA_DIR / "missions.toml").read_text().replace("points = 5\n", "points = 50\n", 1)
    path.write_text(text)
    game = make("megalomania", data=str(path))
    assert game.missions[1].points == 50  # type: ignore[attr-defined]


# -- the pairs game (docs/rulings.md M29)
def test_pairs_needs_four_players() -> None:
    from tabletop.core.errors import InvalidOptions

    with pytest.raises(InvalidOptions, match="pairs game needs 4 players"):
        make("megalomania", players=3, pairs=True)
    assert make("megalomania", pairs=True).pairs  # type: ignore[attr-defined]


def test_pairs_rank_by_the_pairs_summed_points() -> None:
    # seats 0+2 make 5 + 0, seats 1+3 make 3 + 1: the first pair wins, each seat keeps its score
    s = end_state([[5, 3, 0, 1]], [[], [], [], []], pairs=True)
    assert s.scores() == [5, 3, 0, 1] and s.pair_scores() == [5, 4]
    assert s.ranking() == [1, 3, 1, 3] and s.returns() == [1.0, -1.0, 1.0, -1.0]
    view = s.view(None)
    assert view["pairs"] and view["pair_scores"] == [5, 4] and view["ranking"] == [1, 3, 1, 3]
    assert [e["score"] for e in view["seats"]] == [5, 3, 0, 1]


def test_pairs_tie_broken_by_fewer_negative_points_then_a_full_tie_shares_first() -> None:
    s = end_state([[6, 4, 0, 0], [-2, 0, 0, 0]], [[], [], [], []], pairs=True)
    assert s.pair_scores() == [4, 4] and s.ranking() == [3, 1, 3, 1]
    s = end_state([[2, 1, 0, 1]], [[], [], [], []], pairs=True)
    assert s.ranking() == [1, 1, 1, 1] and s.returns() == [0.0] * 4


def test_pairs_third_tie_break_fewer_partners_holding_an_unused_scroll() -> None:
    # A+C: 2 + scroll bonus 2, and 0 = 4; B+D: 4 and 0 = 4; no negative points: B+D hold no
    # scroll, so B+D win
    s = end_state([[2, 4, 0, 0]], [[3], [], [], []], pairs=True)
    assert s.pair_scores() == [4, 4] and s.ranking() == [3, 1, 3, 1]
    assert s.returns() == [-1.0, 1.0, -1.0, 1.0]
    # both A and C hold one (0 + 2 each); of B+D only B does (2 + 2, and 0): B+D have fewer
    s = end_state([[0, 2, 0, 0]], [[3], [4], [6], []], pairs=True)
    assert s.pair_scores() == [4, 4] and s.ranking() == [3, 1, 3, 1]
