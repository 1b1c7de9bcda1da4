"""The Megalomania heuristic: legal, mission-minded, and using cubes and powers to change a trick."""

from __future__ import annotations

import random

import pytest

from tabletop import make
from tabletop.agents import make_agent, observe
from tabletop.agents.base import UnknownAgent
from tabletop.agents.heuristics import HeuristicRollout
from tabletop.agents.levels import INFORMED, agent_for
from tabletop.agents.megalomania.heuristic import AVOID, WANT, MegalomaniaHeuristic, trick_desire
from tabletop.agents.parallel import ParallelISMCTS, cores
from tabletop.core.registry import names
from tabletop.games.megalomania.cards import parse_card

from ..games.megalomania.tables import play, table
from .helpers import play_legally


def cards(*texts: str) -> list[int]:
    return [parse_card(t) for t in texts]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_plays_whole_games_legally(players: int) -> None:
    game = make("megalomania", players=players)
    s = game.new_state(players)
    bots = [MegalomaniaHeuristic(seat) for seat in range(players)]
    play_legally(s, bots)


def test_desire_follows_the_mission() -> None:
    assert trick_desire(5, 0, 8, cards("Ku"), []) == WANT
    assert trick_desire(24, 0, 8, cards("Ku"), []) == AVOID
    assert trick_desire(1, 3, 4, cards("Ku"), []) == AVOID  # exactly 3: has them already
    assert trick_desire(1, 2, 4, cards("Ku"), []) == WANT
    assert trick_desire(9, 0, 8, cards("Ku", "Fr"), []) == AVOID  # a red card costs a point
    assert trick_desire(7, 0, 8, cards("Eu", "Ou"), []) == AVOID  # 27 > 25
    assert trick_desire(2, 0, 8, cards("Ku", "Fr"), cards("Ay", "Ab")) == AVOID  # would hold all four


def test_adds_cubes_to_take_a_wanted_trick() -> None:
    s = table([["Oy"], ["Ky"]], "red", resources=["scroll", "cubes"], mission=5)
    play(s, "Oy", "Ky")  # B's Knight (9) against the Oracle (12): three cubes would do
    bot = MegalomaniaHeuristic(0)
    for _ in range(4):
        action = bot.act(observe(s, 1))
        if str(action) == "done":
            break
        s.apply(action)
    assert s.t_values[1] == 13  # beats 12 (equal would lose to the first played)


def test_uses_the_oracle_to_escape_an_unwanted_trick() -> None:
    # mission 9: each red card taken costs a point; D's red Oracle would take four
    s = table([["Fr"], ["Xr"], ["Wr"], ["Or"]], "blue", resources=["scroll"] * 3 + ["crystals"], mission=9)
    play(s, "Fr", "Xr", "Wr", "Or")
    action = MegalomaniaHeuristic(0).act(observe(s, 3))
    assert str(action).startswith("colour=")
    s.apply(action)
    assert s.round_tricks[-1][0] == 2


def test_takes_a_first_scroll_for_its_end_bonus() -> None:
    s = make("megalomania").new_state(0, {"dealer": 3, "missions": [1]})
    assert str(MegalomaniaHeuristic(0).act(observe(s, 0))) == "take=scroll"


def test_levels_and_names() -> None:
    assert agent_for("easy").name == "heuristic"
    assert type(agent_for("normal")).__name__ == "ISMCTS"
    hard = make_agent("hard")
    assert isinstance(hard, ParallelISMCTS) and hard.name == "parallel-ismcts"
    assert (hard.budget.seconds, hard.budget.iterations, hard.workers) == (1.0, 3_000, cores())
    assert isinstance(hard.rollout, HeuristicRollout)  # hard finishes by the heuristic's play
    assert hard.rollout.games == INFORMED and set(names()) > INFORMED  # where it measured stronger
    normal = agent_for("normal")
    assert normal.rollout is None  # type: ignore[attr-defined]  # normal by the game's cheap one
    assert agent_for("hard", workers=1).workers == 1  # type: ignore[attr-defined]
    with pytest.raises(UnknownAgent):
        agent_for("impossible")
    with pytest.raises(UnknownAgent):
        make_agent("nobody")


def test_heuristic_beats_random_over_a_few_deals() -> None:
    from tabletop.sim.arena import arena

    result = arena("megalomania", {"players": 4}, ["heuristic", "random", "random", "random"], 48, seed=3)
    heuristic = next(b for b in result.bots if b.bot == "heuristic")
    random_bot = next(b for b in result.bots if b.bot == "random")
    assert heuristic.mean_points > random_bot.mean_points
    _ = random
