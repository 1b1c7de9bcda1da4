"""The data file: the packaged cards, its validation, and a designer's edited copy changing play
(rulings A29, A4's data flag; the file's own header lists the effects)."""

from __future__ import annotations

from pathlib import Path

import pytest

import tabletop
from tabletop.core.errors import InvalidOptions
from tabletop.games.manasurge.data import DATA_FILE, load_data

from ..data_files import missing_and_broken_refused, refused_naming_the_file
from .helpers import act, edited, kinds, legal, new, phase

TEXT = DATA_FILE.read_text(encoding="utf-8")


# -- the packaged file ----------------------------------------------------------------------------
def test_the_packaged_file_marks_what_is_printed_and_what_is_designed() -> None:
    data = load_data()
    assert [s.provisional for s in data.suits] == [True, True, True, False, True]  # Lightning printed
    assert [m.provisional for m in data.metamagic if m.code == "mirror"] == [False]
    assert all(w.provisional for w in data.wizards)
    assert data.constants.win_shards == {3: 12, 4: 12, 5: 10}
    assert data.constants.ranks == (1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8)
    c = data.constants
    assert (c.opening_shard, c.resonate_shard, c.last_play_bonus, c.mana_surge_shards) == (1, 1, 1, 2)
    assert (c.rebirth_damage, c.rebirth_shard_cost, c.deal) == (5, 1, 5)


def test_the_texts_for_a_front_end() -> None:
    shown = load_data().to_json()
    assert set(shown) == {"suits", "metamagic", "wizards"}
    assert shown["suits"]["L"]["name"] == "Lightning" and shown["suits"]["L"]["trigger"] == "resonate"
    assert shown["metamagic"]["mirror"]["name"] == "Dark Mirror"
    assert "trigger" not in shown["metamagic"]["ward"]
    assert len(shown["wizards"]) == 6


# -- validation -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("old", "new_text", "words"),
    [
        ("[constants]", "[constantz]", "[constants]"),
        ("deal = 5", "deal = 0", "deal"),
        ("hand_limit = 5", "hand_limit = 25", "hand_limit"),
        ("opening_shard = 1", 'opening_shard = "one"', "opening_shard"),
        ("win_shards = { 3 = 12, 4 = 12, 5 = 10 }", "win_shards = { 3 = 12, 4 = 12 }", "win_shards"),
        ("ranks = [1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8]", "ranks = [1, 2, 3]", "ranks"),
        ('effect = "strict"', 'effect = "sharpen"', "sharpen"),
        ('trigger = "round"', 'trigger = "always"', "trigger"),
        ('letter = "B"', 'letter = "b"', "capital"),
        ('letter = "F"', 'letter = "B"', "differ"),
        ('code = "ward"', 'code = "Ward"', "lower-case"),
        ('code = "ward"', 'code = "mirror"', "differ"),
        ('code = "ward"', 'code = "wa=rd"', "letters or digits"),
        ("params = { amount = 2 }", "params = { amount = 50 }", "amount"),
        ('name = "Blades"', "name = 3", "name"),
        ("provisional = true  # the name", 'provisional = "yes"  # the name', "provisional"),
        ('effect = "copy_last"', 'effect = "hand_limit"', "hand_limit"),
        ('effect = "play_again"\ntrigger = "resonate"', 'effect = "play_again"\ntrigger = "end"', "trigger"),
        ('effect = "extra_damage"\ntrigger = "end"', 'effect = "extra_damage"\ntrigger = "round"', "trigger"),
        ('name = "Silence"', 'name = "Haste"', "share a name"),
        ('name = "Phoenix"', 'name = "Hoarder"', "share a name"),
    ],
)
def test_a_bad_entry_is_refused_naming_the_file_and_the_problem(
    tmp_path: Path, old: str, new_text: str, words: str
) -> None:
    refused_naming_the_file("manasurge", edited(tmp_path, (old, new_text)), words)


def test_the_counts_of_entries_are_checked(tmp_path: Path) -> None:
    start = TEXT.index("[[suit]]")
    end = TEXT.index("[[suit]]", start + 1)
    path = tmp_path / "four.toml"
    path.write_text(TEXT[:start] + TEXT[end:], encoding="utf-8")
    with pytest.raises(InvalidOptions, match=r"exactly 5 \[\[suit\]\]"):
        tabletop.make("manasurge", players=3, data=str(path))


def test_a_missing_or_broken_file_is_refused(tmp_path: Path) -> None:
    missing_and_broken_refused("manasurge", tmp_path, "[constants\n", "cannot read", "cannot read")


# -- a designer's edited copy changes play ----------------------------------------------------------
def test_an_edited_fireball_amount_changes_the_damage(tmp_path: Path) -> None:
    path = edited(
        tmp_path, ('params = { amount = 2 }\ntext = "When', 'params = { amount = 5 }\ntext = "When')
    )
    state = new(3, hands=[["5F", "8B"], ["1Q"], ["6F"]], options={"data": path})
    events = act(state, "cast=5F", "cw")
    assert kinds(events, "spell-end")[0]["damage"] == 1 + 5


def test_an_edited_target_changes_when_the_game_is_won(tmp_path: Path) -> None:
    path = edited(tmp_path, ("win_shards = { 3 = 12,", "win_shards = { 3 = 2,"))
    state = new(3, hands=[["5L", "8B"], ["1Q"], ["6F"]], options={"data": path})
    assert state.view(None)["target"] == 2
    events = act(state, "cast=5L", "cw")
    assert kinds(events, "game-over")[0]["winners"] == [0]


def test_an_edited_suit_effect_changes_the_rule_of_the_round(tmp_path: Path) -> None:
    # Quake made a plain suit: ranks go up again
    path = edited(tmp_path, ('effect = "descend"', 'effect = "none"'))
    state = new(3, hands=[["5Q", "8B"], ["3F", "6F"], ["7F"]], options={"data": path})
    act(state, "cast=5Q", "cw")
    assert legal(state) == ["play=6F"]


def test_an_edited_suit_may_take_another_suits_power(tmp_path: Path) -> None:
    # Frost Wave given Lightning's power: resonating plays again instead of giving
    path = edited(tmp_path, ('effect = "give_card"', 'effect = "play_again"'))
    state = new(3, hands=[["3W", "8B"], ["5W", "6W"], ["7F"]], options={"data": path})
    act(state, "cast=3W", "cw", "play=5W")
    assert phase(state) == "again"


def test_an_edited_metamagic_card_and_constants_change_play(tmp_path: Path) -> None:
    path = edited(
        tmp_path,
        ('effect = "reverse"', 'effect = "shard_self"'),
        ("mana_surge_shards = 2", "mana_surge_shards = 4"),
        ("opening_shard = 1", "opening_shard = 3"),
    )
    state = new(3, hands=[["5L", "8B"], ["ward"], ["6F", "7F"]], options={"data": path})
    events = act(state, "cast=5L")
    assert kinds(events, "cast")[0]["shards"] == 3
    events = act(state, "cw", "play=ward")
    assert kinds(events, "effect")[0]["effect"] == "shard_self"
    assert kinds(events, "surge")[0]["shards"] == 4
    assert state.current_seat == 2  # no reversal


def test_edited_ranks_rename_the_cards(tmp_path: Path) -> None:
    path = edited(
        tmp_path,
        ("ranks = [1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8]", "ranks = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]"),
    )
    game = tabletop.make("manasurge", players=3, data=path)
    assert "12L" in game.cards.kind_of_text and "9B" in game.cards.kind_of_text
    state = new(3, hands=[["9L", "8B"], ["12F"], ["10F"]], options={"data": path})
    act(state, "cast=9L", "cw")
    assert legal(state) == ["play=12F"]
