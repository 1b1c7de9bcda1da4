"""The advice estimator (issue 28, tabletop/agents/advice.py): deterministic for a seed, sane (a won
position is the winner's, the chances sum to 1, a known-bad move lowers its player's chance), hints
among the seat's own choices and the same in worlds the seat cannot tell apart, the search's root
statistics consistent with its decision, and reviews deterministic.  Small playout counts."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop import make
from tabletop.agents import advice, make_agent, observe
from tabletop.agents.ismcts import ISMCTS, ranked
from tabletop.agents.levels import agent_for
from tabletop.core.protocol import State
from tabletop.core.record import Record, play_out
from tabletop.core.registry import names


def midgame(game: str, seed: int = 1, steps: int = 12, **options: Any) -> State[Any]:
    """A position after ``steps`` decisions of the heuristic bots, where the seat asked has a choice."""
    state = make(game, **options).new_state(seed)
    bots = [make_agent("heuristic", s) for s in range(state.get_game().players)]
    done = 0
    while done < steps or len(state.legal_actions()) < 2:
        seat = state.current_seat
        assert seat is not None
        state.advance(bots[seat].act(observe(state, seat)))
        done += 1
    return state


def summon7_ahead(target: int) -> State[Any]:
    """Summon 7, two players: seat 1 held at 12, seat 0 has 9 and 5 and is asked, alone and ahead."""
    state = make("summon7", players=2, target=target).new_state(0, {"dealer": 1, "deck": [9, 12, 5]})
    state.apply_text("hit")
    state.apply_text("hold")
    assert state.current_seat == 0
    return state


@pytest.mark.parametrize("game", names())
def test_chances_are_deterministic_for_a_seed_and_sum_to_one(game: str) -> None:
    state = midgame(game)
    seat = state.current_seat
    assert seat is not None
    before = state.to_json()
    first = advice.chances(state, seat, 4, seed=7)
    assert first == advice.chances(state, seat, 4, seed=7)
    assert state.to_json() == before  # the position is not changed
    assert len(first) == state.get_game().players
    assert sum(first) == pytest.approx(1.0)
    assert all(0.0 <= c <= 1.0 for c in first)


def test_a_finished_game_is_its_winners_and_ties_share() -> None:
    record = Record("summon7", {"players": 3}, 5)
    state = play_out(
        record.initial_state(), lambda s: random.Random(len(record.actions)).choice(s.legal_actions())
    )
    ranks = state.ranking()
    found = advice.chances(state, 0, 10, seed=1)
    first = [s for s, r in enumerate(ranks) if r == 1]
    assert found == [1 / len(first) if s in first else 0.0 for s in range(3)]


def test_a_won_position_gives_its_winner_about_one_and_a_bad_move_lowers_the_movers_chance() -> None:
    state = summon7_ahead(target=1)  # the round decides the game: holding wins it
    game = state.get_game()
    hold, hit = game.parse_action("hold"), game.parse_action("hit")
    assert advice.chances(state, 0, 50, seed=3, action=hold) == [1.0, 0.0]
    hitting = advice.chances(state, 0, 50, seed=3, action=hit)
    assert 0.6 < hitting[0] < 0.97  # a 9 or a 5 busts: hitting on a winning total is a mistake
    assert sum(hitting) == pytest.approx(1.0)
    choices = advice.hint(state, 0, seed=4, playouts=50)
    assert [c["action"] for c in choices] == ["hold", "hit"]
    assert choices[0]["chance"] == 1.0 and choices[1]["chance"] < 0.97
    assert choices[0]["label"] == "Hold at 14" and choices[1]["label"].startswith("Hit")


def test_the_search_exposes_its_root_without_changing_its_decision() -> None:
    for seed in range(3):
        state = midgame("megalomania", seed=seed, steps=5 + seed)
        seat = state.current_seat
        assert seat is not None
        obs = observe(state, seat)
        bot = agent_for("normal", seed)
        chosen = bot.act(obs)
        assert isinstance(bot, ISMCTS) and bot.last_root is not None
        stats = ranked(bot.last_root, obs.legal)
        assert stats[0][0] is chosen  # the decision is the most visited action
        assert [v for _, v, _ in stats] == sorted((v for _, v, _ in stats), reverse=True)
        assert sum(v for _, v, _ in stats) == bot.last_iterations
        assert agent_for("normal", seed).act(obs) == chosen  # and the same as before


@pytest.mark.parametrize("game", ["megalomania", "manasurge"])
def test_a_hint_is_the_seats_own_choices_and_the_same_in_worlds_it_cannot_tell_apart(game: str) -> None:
    state = midgame(game, seed=2, steps=9)
    seat = state.current_seat
    assert seat is not None
    found = advice.hint(state, seat, seed=11, playouts=3)
    legal = {str(a) for a in state.legal_actions_for(seat)}
    assert 1 <= len(found) <= advice.HINT_CHOICES and {c["action"] for c in found} <= legal
    assert found[0]["action"] == str(agent_for("normal", advice.derive(11, 3)).act(observe(state, seat)))
    for k in range(2):  # hands the seat cannot see dealt again
        world = state.sample_world(seat, random.Random(k))
        assert world.to_json() != state.to_json() and world.view(seat) == state.view(seat)
        assert advice.hint(world, seat, seed=11, playouts=3) == found


def test_a_review_is_deterministic_for_a_seed_and_evaluates_at_most_its_points() -> None:
    record = Record("summon7", {"players": 2, "target": 20}, 9)
    bots = [make_agent("heuristic", s) for s in range(2)]
    play_out(
        record.initial_state(),
        lambda s: bots[s.current_seat or 0].act(observe(s, s.current_seat or 0)),
        record,
    )
    first = advice.review(record, playouts=3, most=10)
    assert first == advice.review(record, playouts=3, most=10)
    assert first["seed"] == advice.review_seed(record)
    assert advice.review(record, playouts=3, most=10, seed=1) != first
    points = first["points"]
    choices = [d.index + 1 for d in advice.decisions(record) if d.options > 1]
    assert len(points) == min(10, len(choices)) + 1 and first["sampled"] == (len(choices) > 10)
    assert [p["step"] for p in points[:-1]] == sorted({p["step"] for p in points[:-1]})
    assert {p["step"] for p in points[:-1]} <= set(choices)
    assert points[-1]["chances"] == advice.outcome(record.replay())
    steps = {p["step"] for p in points}
    for turn in first["turning"]:
        assert turn["step"] in steps
        assert 0.0 <= turn["instead"] <= 1.0
    # the review computed in parts is the same (the server's way)
    indices, sampled = advice.review_points(record, 10)
    reading = advice.Reading(record, 3, first["seed"])
    halves = advice.evaluate(reading, indices[:4]) | advice.evaluate(reading, indices[4:])
    assert advice.finish(reading, halves, sampled) == first
