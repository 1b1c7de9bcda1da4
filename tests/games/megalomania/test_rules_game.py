"""Set-up, rounds, dealing, resources, scrolls held, and the winner (rulebook pp. 5-9, 15)."""

from __future__ import annotations

import random

import pytest

from tabletop import make
from tabletop.core.errors import IllegalAction
from tabletop.games.megalomania.actions import PASS
from tabletop.games.megalomania.cards import ALL_CARDS
from tabletop.games.megalomania.rules import DOMINANT_BY_ROUND
from tabletop.games.megalomania.state import OVER, MegalomaniaState

from .tables import A, B, C, D, play, table

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
