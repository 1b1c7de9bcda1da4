"""ManaSurge's bots: legal whole games, decisions from the seat's view only, a few of the heuristic's
rules, and the search plug-ins."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop import make
from tabletop.agents import make_agent, observe
from tabletop.agents.ismcts import ISMCTS
from tabletop.agents.manasurge.heuristic import ManaSurgeHeuristic, parse
from tabletop.agents.manasurge.search import SpellEvaluation, manasurge_rollout
from tabletop.games.manasurge.state import ManaSurgeState

from .helpers import play_legally, redealt_decisions, search_on_a_redeal


def dealt(hands: list[list[str]], *played: str, **setup: Any) -> Any:
    """A game of ``len(hands)`` seats with seat 0 the Caster, ``hands`` dealt (and any other
    ``setup``), after the ``played`` actions."""
    s = make("manasurge", players=len(hands)).new_state(0, {"caster": 0, "hands": hands, **setup})
    for text in played:
        s.apply_text(text)
    return s


def heuristic_text(s: Any, seat: int) -> str:
    return str(ManaSurgeHeuristic(0).act(observe(s, seat)))


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("wizards", [False, True])
def test_the_heuristic_plays_whole_games_legally(players: int, wizards: bool) -> None:
    g = make("manasurge", players=players, wizards=wizards)
    phases: set[str] = set()
    for seed in range(6):
        s = g.new_state(seed)
        bots = [make_agent("heuristic", seat) for seat in range(players)]
        while not s.is_terminal():
            seat = s.current_seat
            assert seat is not None
            obs = observe(s, seat)
            phases.add(str(obs.view["phase"]))
            action = bots[seat].act(obs)
            assert action in s.legal_actions()
            s.apply(action, seat)
        assert s.winners
    assert {"open", "direction", "play", "between"} <= phases


def test_the_bots_against_random_bots_with_every_option() -> None:
    g = make(
        "manasurge", players=4, wizards=True, may_decline=True, metamagic_damage=True, damage_order="pnp"
    )
    rng = random.Random(3)
    for seed in range(4):
        s = g.new_state(seed)
        mine, search = ManaSurgeHeuristic(seed), ISMCTS(seed, iterations=8)
        while not s.is_terminal():
            seat = s.current_seat
            assert seat is not None
            if seat in (seed % 4, (seed + 1) % 4):
                bot = mine if seat == seed % 4 else search
                action = bot.act(observe(s, seat))
                assert action in s.legal_actions()
            else:
                action = rng.choice(s.legal_actions())
            s.apply(action, seat)


@pytest.mark.parametrize("players", [3, 5])
def test_the_heuristic_decides_the_same_whatever_the_hidden_cards(players: int) -> None:
    g = make("manasurge", players=players, wizards=True)
    compared, differed = redealt_decisions(g, ManaSurgeHeuristic, 3, random.Random(players))
    assert compared > 50 and differed > compared // 2  # the others really held other cards


def test_the_heuristic_opens_with_a_strong_card() -> None:
    s = dealt([["1B", "3W", "4L", "8F", "2W"], [], []])
    assert heuristic_text(s, 0) == "cast=8F"


def test_the_heuristic_plays_the_lowest_valid_card_and_keeps_metamagic() -> None:
    s = dealt([["4F", "1B"], ["ward", "7B", "5B", "2L", "silence"], []], "cast=4F", "cw")
    assert heuristic_text(s, 1) == "play=5B"


def test_the_heuristic_resonates_when_it_can() -> None:
    s = dealt([["4F", "1B"], ["5B", "6F", "2L", "8Q", "3W"], []], "cast=4F", "cw")
    assert heuristic_text(s, 1) == "play=6F"


def test_the_heuristic_gives_its_worst_card_to_the_leader() -> None:
    hands = [["5W", "1Q"], ["6W", "1B", "7F", "8L", "mirror"], [], []]
    s = dealt(hands, "cast=5W", "cw", "play=6W", shards=[0, 1, 5, 2])  # 6W resonates: Frost Wave's gift
    assert s.view(1)["phase"] == "give"
    assert heuristic_text(s, 1) == "give=1B@2"


@pytest.mark.parametrize(("last", "choice"), [("mirror", "hold"), ("2F", "draw")])
def test_the_heuristic_holds_a_hand_one_card_from_a_mana_surge(last: str, choice: str) -> None:
    # the Caster opens 8F with a second card left; seat 1 cannot answer and is struck
    s = dealt([["8F", last], ["1B", "2B", "3B", "1W", "2W"], ["1L", "2L", "3L", "1Q", "2Q"]], "cast=8F", "cw")
    view = s.view(0)
    assert view["phase"] == "between" and view["to_act"] == 0 and view["hand"] == [last]
    assert heuristic_text(s, 0) == choice


def test_cards_parse_from_their_texts() -> None:
    assert parse("5L").rank == 5 and parse("5L").suit == "L"
    assert parse("mirror").meta and not parse("12B").meta and parse("12B").rank == 12


def test_the_rollout_is_legal_and_the_evaluation_stops_at_the_spell_end() -> None:
    g = make("manasurge", players=4, wizards=True)
    rng = random.Random(1)
    evaluation = SpellEvaluation()
    for seed in range(10):
        s = g.new_state(seed)
        marker = evaluation.start(s)
        spells = 0
        while not s.is_terminal():
            assert not evaluation.done(s, marker)
            action = manasurge_rollout(s, rng)
            assert action in s.legal_actions()
            s.apply(action)
            if evaluation.done(s, marker):
                rewards = evaluation.rewards(s, marker)
                assert len(rewards) == 4 and all(-1.0 <= r <= 1.0 for r in rewards)
                if not s.is_terminal():
                    assert len(s.history) == marker[0] + 1
                    struck, damage = s.history[-1]["struck"], s.history[-1]["damage"]
                    assert isinstance(struck, int) and isinstance(damage, int)
                    net = [float(now - before) for now, before in zip(s.shards, marker[1], strict=True)]
                    net[struck] -= 0.3 * damage
                    best = max(range(4), key=lambda seat: net[seat])
                    assert rewards[best] == max(rewards)
                    assert min(rewards) < 0 < max(rewards) or net.count(net[0]) == 4
                marker = evaluation.start(s)
                spells += 1
        assert spells == len(s.history)


def test_the_search_finishes_a_game() -> None:
    g = make("manasurge", players=3, wizards=True)
    s = g.new_state(7)
    bots = [ISMCTS(seed=1, iterations=20), make_agent("heuristic", 1), make_agent("random", 2)]
    play_legally(s, bots)
    assert s.winners


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_search_decides_the_same_on_the_true_cards_and_on_redealt_ones(players: int) -> None:
    g = make("manasurge", players=players, wizards=True)
    for seed in range(4):
        s = g.new_state(seed)
        seat, redealt = search_on_a_redeal(s, seed, 0.6, iterations=60)
        assert isinstance(redealt, ManaSurgeState)
        assert redealt.hands != s.hands and redealt.hands[seat] == s.hands[seat]
