"""The options for the team's rulings (A2 may_decline, A3 damage_order, A4 metamagic_damage; A27)
and the notation: actions by text, illegal actions with their reason."""

from __future__ import annotations

from pathlib import Path

import pytest

import tabletop
from tabletop.core.errors import IllegalAction, InvalidActionText, InvalidOptions
from tabletop.games.manasurge.data import DATA_FILE

from .helpers import act, kinds, legal, new, strikes


# -- A2: may_decline ----------------------------------------------------------------------------------
def test_with_may_decline_a_player_holding_a_valid_card_may_choose_to_be_struck() -> None:
    state = new(3, hands=[["5L", "8B"], ["6W", "1Q"], ["7F"]], options={"may_decline": True})
    act(state, "cast=5L", "cw")
    assert legal(state) == ["play=6W", "yield"]
    events = act(state, "yield")
    assert strikes(events) == [{"seat": 1, "last": 0, "bonus": 1}]


def test_with_may_decline_the_player_without_a_valid_card_is_still_struck_at_once() -> None:
    state = new(3, hands=[["5L", "8B"], ["1Q"], ["7F"]], options={"may_decline": True})
    events = act(state, "cast=5L", "cw")
    assert strikes(events)[0]["seat"] == 1


def test_a27_no_yield_after_choosing_to_play_again() -> None:
    """A27 can only arise if a player who chose to play again could then be struck by its own
    spell; with may_decline, `yield` is not offered in that extra play (`done` already declines
    it), so the struck player never made the last valid play (docs/rulings.md R-MS2, R-MS27)."""
    state = new(3, hands=[["3L", "8B"], ["5L", "6L", "1Q"], ["7F"]], options={"may_decline": True})
    act(state, "cast=3L", "cw")
    assert "yield" in state.view(1)["legal"]  # the spell reached seat 1: it may choose to be struck
    act(state, "play=5L", "again")
    assert state.view(1)["legal"] == ["play=6L"]
    with pytest.raises(IllegalAction):
        act(state, "yield")
    act(state, "play=6L")  # nothing valid is left to play again: the turn ends
    assert state.current_seat == 2 and "yield" in state.view(2)["legal"]


# -- A3: damage_order -----------------------------------------------------------------------------
@pytest.mark.parametrize(("order", "damage"), [("rulebook", 3), ("pnp", 2)])
def test_damage_order_pnp_returns_the_struck_players_shards_before_counting(order: str, damage: int) -> None:
    hands = [["3L", "8B"], ["5L", "1Q"], ["6L", "7F"]]
    state = new(3, hands=hands, options={"damage_order": order})
    act(state, "cast=3L", "cw", "play=5L", "play=6L", "done", "play=8B")  # seat 1 struck
    end = state.history[-1]
    assert end["struck"] == 1 and end["damage"] == damage and end["returned"] == 1


@pytest.mark.parametrize(("order", "damage"), [("rulebook", 3), ("pnp", 3)])
def test_under_pnp_shards_a_sanctuary_keeps_on_the_cards_still_count(order: str, damage: int) -> None:
    # the struck player's Shards go back before the count only if they go back at all
    hands = [["3L", "8B"], ["5L", "sanctuary", "1Q"], ["6L", "7F"]]
    state = new(3, hands=hands, options={"damage_order": order})
    act(state, "cast=3L", "cw", "play=5L", "again", "play=sanctuary", "play=6L", "done", "play=8B")
    end = state.history[-1]
    assert end["struck"] == 1 and end["damage"] == damage and end["returned"] == 0


# -- A4: metamagic_damage ------------------------------------------------------------------------
@pytest.mark.parametrize(("flag", "damage"), [(False, 1), (True, 2)])
def test_metamagic_damage_makes_shards_on_metamagic_cards_count(
    tmp_path: Path, flag: bool, damage: int
) -> None:
    # a designer's Tithe whose Shard does not count as damage by itself (effect shard_self)
    text = DATA_FILE.read_text(encoding="utf-8").replace('"shard_caster"', '"shard_self"')
    path = tmp_path / "tithe.toml"
    path.write_text(text, encoding="utf-8")
    game = tabletop.make("manasurge", players=3, data=str(path), metamagic_damage=flag)
    state = game.new_state(1, {"caster": 0, "hands": [["5L", "8B"], ["tithe", "1Q"], ["1F", "2F"]]})
    act(state, "cast=5L", "cw")
    assert state.view(None)["damage_now"] == 1
    events = act(state, "play=tithe")
    end = kinds(events, "spell-end")[0]
    assert end["damage"] == damage and end["kept"] == [1, 1, 0]


def test_a_designers_tithe_counting_as_damage_counts_once_with_or_without_the_option(tmp_path: Path) -> None:
    text = DATA_FILE.read_text(encoding="utf-8").replace('"shard_caster"', '"shard_self_damage"')
    path = tmp_path / "tithe.toml"
    path.write_text(text, encoding="utf-8")
    for flag in (False, True):
        game = tabletop.make("manasurge", players=3, data=str(path), metamagic_damage=flag)
        state = game.new_state(1, {"caster": 0, "hands": [["5L", "8B"], ["tithe", "1Q"], ["1F", "2F"]]})
        events = act(state, "cast=5L", "cw", "play=tithe")
        assert kinds(events, "spell-end")[0]["damage"] == 2


def test_the_options_are_validated() -> None:
    with pytest.raises(InvalidOptions):
        tabletop.make("manasurge", players=3, damage_order="later")
    with pytest.raises(InvalidOptions):
        tabletop.make("manasurge", players=3, max_rounds=0)
    with pytest.raises(InvalidOptions):
        tabletop.make("manasurge", players=3, colour="red")
    game = tabletop.make("manasurge")
    assert game.players == 4 and game.options["max_rounds"] == 200
    assert game.options["damage_order"] == "rulebook" and game.options["may_decline"] is False


def test_set_ups_are_checked() -> None:
    game = tabletop.make("manasurge", players=3)
    for bad in (
        {"caster": 3},
        {"shards": [1, 2]},
        {"shards": [-1, 0, 0]},
        {"hands": [["5L"], ["9L"], []]},
        {"hands": [["8L"], ["8L"], []]},
        {"deck": "5L"},
        {"colour": "red"},
    ):
        with pytest.raises(InvalidOptions):
            game.new_state(0, bad)


# -- notation -------------------------------------------------------------------------------------
def test_every_legal_action_has_one_text_that_parses_back() -> None:
    state = new(3, hands=[["3W", "8B"], ["5W", "1Q", "mirror"], ["7F"]])
    for _ in range(6):
        for action in state.legal_actions():
            assert state.game.parse_action(str(action)) == action
        if state.is_terminal():
            break
        act(state, str(state.legal_actions()[0]))


def test_unknown_texts_are_refused_and_illegal_actions_say_why() -> None:
    state = new(3, hands=[["5F", "8B"], ["4W", "6W"], ["7F"]])
    with pytest.raises(InvalidActionText):
        state.game.parse_action("play=9Z")
    with pytest.raises(IllegalAction, match="open"):
        act(state, "play=5F")
    act(state, "cast=5F", "cw")
    with pytest.raises(IllegalAction, match="rank 5 or higher"):
        act(state, "play=4W")
    with pytest.raises(IllegalAction, match="no 8L"):
        act(state, "play=8L")
    with pytest.raises(IllegalAction):
        state.apply(state.game.parse_action("play=6W"), seat=2)
