"""The `data` option of Summon 7 (its deck) and of the clan game (its content): a designer's copy is
played, a wrong one is refused with the file, the entry and the problem named."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest

import tabletop
from tabletop.agents import make_agent, observe
from tabletop.core.errors import InvalidOptions
from tabletop.games.summon7.cards import CARD_VALUE, COPIES, NUM_CARDS
from tabletop.games.summon7.clan.state import ClanState
from tabletop.games.summon7.data import DECK_FILE
from tabletop.games.summon7.state import Summon7State

CLAN_FILE = Path(tabletop.__file__).parent / "games" / "summon7" / "data" / "clan.toml"


def deck_file(tmp_path: Path, copies: list[int], name: str = "deck.toml") -> Path:
    text = DECK_FILE.read_text(encoding="utf-8")
    path = tmp_path / name
    path.write_text(re.sub(r"(?m)^copies = .*$", f"copies = {copies}", text), encoding="utf-8")
    return path


def play_out(state: Summon7State | ClanState, bot: str = "random", seed: int = 1) -> None:
    agents = [make_agent(bot, seed + s) for s in range(state.game.players)]
    while not state.is_terminal():
        seat = state.current_seat
        assert seat is not None
        state.apply(agents[seat].act(observe(state, seat)), seat)


TWICE_THE_TWELVES = [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 24]


def test_the_packaged_deck_is_unchanged_and_a_copy_of_it_plays_the_same_game() -> None:
    assert (NUM_CARDS, list(COPIES)) == (79, [1, 1, *range(2, 13)])
    packaged = tabletop.make("summon7", players=3).new_state(5)
    copy = tabletop.make("summon7", players=3, data=str(DECK_FILE)).new_state(5)
    assert packaged.to_json() == copy.to_json()


def test_a_designers_deck_is_dealt_viewed_saved_and_played(tmp_path: Path) -> None:
    path = deck_file(tmp_path, TWICE_THE_TWELVES)
    game = tabletop.make("summon7", players=4, data=str(path))
    assert game.options["data"] == str(path) and game.deck.size == 91
    state = game.new_state(3, {"deck": [12] * 20})  # more twelves than the printed deck holds
    assert isinstance(state, Summon7State)
    every = state.table.deck + state.table.discard + [c for hand in state.table.cards for c in hand]
    assert sorted(every) == list(game.deck.cards)
    assert Counter(CARD_VALUE[c] for c in every) == {v: n for v, n in enumerate(TWICE_THE_TWELVES) if n}
    view = state.view(0)
    assert sum(view["deck_values"]) == view["deck"] == 87 and view["deck_values"][12] == 20
    again = game.state_from_json(state.to_json())
    assert again.to_json() == state.to_json()
    world = state.sample_world(1, random.Random(2))
    assert sorted(CARD_VALUE[c] for c in world.table.deck) == sorted(CARD_VALUE[c] for c in state.table.deck)
    assert set(world.table.deck) <= set(game.deck.cards)
    play_out(state, "heuristic")
    assert max(state.leadership) >= 100 or state.round == 100


def test_a_deck_without_a_value_cannot_be_asked_for_it(tmp_path: Path) -> None:
    game = tabletop.make("summon7", players=2, data=str(deck_file(tmp_path, [0, *range(1, 13)])))
    assert game.deck.copies[0] == 0
    with pytest.raises(InvalidOptions, match="only 0 card"):
        game.new_state(0, {"deck": [0]})
    play_out(game.new_state(1))


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("copies = [1, 2]", r"'copies' must list 13 counts"),
        ("copies = [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, -1]", r"'copies', value 12: .* not -1"),
        ("copies = [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 41]", r"value 12: .* from 0 to 40"),
        ("copies = [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 'x']", r"value 12"),
        ("copies = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]", r"at least 12 cards"),
        ("provisional = false", r"lacks 'copies'"),
        ("copies = [1]\ncolour = 'red'", r"unknown field\(s\) colour"),
        ("copies = [", r"is not valid TOML"),
    ],
)
def test_a_wrong_deck_is_refused_naming_the_file_and_the_problem(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "bad-deck.toml"
    path.write_text(content + "\n", encoding="utf-8")
    with pytest.raises(InvalidOptions, match=message) as found:
        tabletop.make("summon7", data=str(path))
    assert str(path) in str(found.value)
    with pytest.raises(InvalidOptions, match="cannot read the Summon 7 deck"):
        tabletop.make("summon7", data=str(tmp_path / "missing.toml"))


def clan_file(tmp_path: Path, old: str, new: str, count: int = 1) -> Path:
    text = CLAN_FILE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "clan.toml"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return path


def test_the_clan_game_plays_a_designers_content(tmp_path: Path) -> None:
    path = clan_file(tmp_path, 'amount = 8\ntext = "Gain 8 leadership."', 'amount = 30\ntext = "Gain 30."')
    game = tabletop.make("clan", players=3, pregame=0, data=str(path))
    assert game.data.powers[game.data.power_index("tribute")].amount == 30
    assert tabletop.make("clan").data.powers[6].amount == 8  # the packaged content is untouched
    state = game.new_state(4)
    assert isinstance(state, ClanState) and state.data is game.data
    play_out(state)
    assert game.state_from_json(state.to_json()).to_json() == state.to_json()


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('id = "peasant"', 'id = "serf"', r"character glutton: 'peasant' is not a human type"),
        ('id = "glutton"', 'id = "gourmand"', r"the characters must keep the packaged ids, in order"),
        ("slots = 3", "slots = 0", r"location market: 'slots' must be 1 or more, not 0"),
        ("start = 3", "start = 9", r"location market: 'start' \(9\) must be at most 'most' \(6\)"),
        ("cost = 1", 'cost = "one"', r"power card ward: 'cost' must be a whole number, not 'one'"),
        ('phase = "home"', 'phase = "night"', r"power card ward: phase 'night' is not one of"),
        ("score_per_player = [6, 18]", "score_per_player = [18, 6]", r"\[rivals\]: 'score_per_player'"),
        ("claim = [5, 4, 3]", "claim = [5, 4]", r"\[ranks\]: 'claim' needs 3 entries"),
        ('effect = "riot"', 'effect = "party"', r"uprising threshold 2: effect 'party'"),
        ("hungry_penalty = 10", "hungry_penalty = -1", r"\[house\]: 'hungry_penalty' must be 0 or more"),
    ],
)
def test_a_wrong_clan_file_is_refused_naming_the_entry(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    path = clan_file(tmp_path, old, new)
    with pytest.raises(InvalidOptions, match=message) as found:
        tabletop.make("clan", data=str(path))
    assert str(path) in str(found.value)
