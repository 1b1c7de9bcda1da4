"""The wizards (MS6, MS15, MS18, MS67, MS68; rulings A14, A28, A30).  The six wizards' powers are
the team's provisional designs (data/manasurge.toml), tested as designed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop.core.errors import InvalidOptions
from tabletop.games.manasurge.data import DATA_FILE

from .helpers import act, hand, kinds, new, phase, seats, strikes


def wizards(*codes: str) -> dict[str, Any]:
    return {"options": {"wizards": True}, "wizards": list(codes)}


# -- MS67: an option, off by default ------------------------------------------------------------
def test_wizards_are_off_by_default() -> None:
    state = tabletop.make("manasurge", players=3).new_state(0)
    assert seats_of(state) == [None, None, None]


def seats_of(state: Any) -> list[Any]:
    return [s["wizard"] for s in state.view(None)["seats"]]


def test_set_up_wizards_need_the_option_and_each_is_dealt_once() -> None:
    with pytest.raises(InvalidOptions):
        new(3, wizards=["hoarder", "phoenix", "quickener"])
    with pytest.raises(InvalidOptions):
        new(3, **wizards("hoarder", "hoarder", "quickener"))
    with pytest.raises(InvalidOptions):
        new(3, **wizards("hoarder", "wizard", "quickener"))


# -- MS15, A28: one each, at random, the others unused ---------------------------------------------
def test_one_wizard_dealt_at_random_to_each_player_the_others_unused() -> None:
    game = tabletop.make("manasurge", players=4, wizards=True)
    seen: set[str] = set()
    deals = set()
    for seed in range(30):
        dealt = seats_of(game.new_state(seed))
        assert len(set(dealt)) == 4 and None not in dealt
        seen |= set(dealt)
        deals.add(tuple(dealt))
    assert seen == {w.code for w in game.data.wizards} and len(deals) > 10
    assert game.new_state(7).view(None)["seats"] == game.new_state(7).view(None)["seats"]


# -- MS18, A14, A30: the Hoarder's hand limit of 6 -------------------------------------------------
def test_the_hoarder_draws_to_six_between_rounds() -> None:
    state = new(3, hands=[["5L", "1B"], ["5W", "2Q"], ["6W"]], **wizards("hoarder", "phoenix", "quickener"))
    assert seats(state, "limit") == [6, 5, 5]
    act(state, "cast=5L", "cw", "play=5W", "counter")  # seat 0 struck; seat 2 is the new Caster
    assert state.view(None)["between"] == [2, 0, 1]
    act(state, "hold", "draw")
    assert seats(state, "hand")[0] == 6


def test_the_hoarders_mana_surge_fills_to_six() -> None:
    state = new(3, hands=[["3F", "8B"], ["5F"], ["6F", "7F"]], **wizards("phoenix", "hoarder", "quickener"))
    events = act(state, "cast=3F", "cw", "play=5F")
    assert kinds(events, "draw")[0]["count"] == 6 and seats(state, "hand")[1] == 6


def test_a_hoarder_caster_without_a_numbered_card_draws_to_six() -> None:
    setup = wizards("hoarder", "phoenix", "quickener")
    state = new(3, hands=[["mirror", "ward"], ["5W"], ["6W"]], deck=["1B", "2B", "3B", "4B", "5B"], **setup)
    assert sorted(hand(state, 0)) == ["1B", "2B", "3B", "4B", "mirror", "ward"]


# -- MS68: the other powers --------------------------------------------------------------------------
def test_the_trickster_may_counter_with_a_rank_one_away() -> None:
    hands = [["5F", "8B"], ["6W", "1Q"], ["7W", "1L"], ["8W"]]
    state = new(4, hands=hands, **wizards("hoarder", "trickster", "phoenix", "quickener"))
    act(state, "cast=5F", "cw", "play=6W")
    assert phase(state) == "counter"
    act(state, "done", "play=7W")  # seat 2 is no Trickster: 7 against 6 is no Counter-Spell
    assert phase(state) == "play" and state.current_seat == 3


def test_the_phoenix_is_reborn_without_losing_a_shard() -> None:
    hands = [["5F", "8B"], ["1Q"], ["6F"]]
    damage = [[], ["1B", "2B", "3B"], []]
    state = new(3, hands=hands, damage=damage, shards=[0, 4, 0], **wizards("hoarder", "phoenix", "quickener"))
    events = act(state, "cast=5F", "cw")
    assert kinds(events, "rebirth")[0]["lost"] == 0 and seats(state, "shards")[1] == 4


def test_the_quickener_is_reborn_at_three_damage_cards() -> None:
    hands = [["5F", "8B"], ["1Q"], ["6F"]]
    damage = [[], ["1B", "2B"], ["1W", "2W"]]
    setup = wizards("hoarder", "quickener", "phoenix")
    state = new(3, hands=hands, damage=damage, shards=[0, 4, 0], **setup)
    events = act(state, "cast=5F", "cw")  # seat 1 struck: 1 + Fireball's 2 damage, 5 in all
    assert [e["seat"] for e in kinds(events, "rebirth")] == [1]
    state = new(3, hands=[["5L", "8B"], ["1Q"], ["6F"]], damage=[[], ["1B", "2B"], []], **setup)
    events = act(state, "cast=5L", "cw")  # 1 damage: 3 cards, enough for the Quickener only
    assert [e["seat"] for e in kinds(events, "rebirth")] == [1] and seats(state, "damage")[1] == 0
    state = new(
        3,
        hands=[["5L", "8B"], ["1Q"], ["6F"]],
        damage=[[], ["1B", "2B"], []],
        **wizards("hoarder", "phoenix", "quickener"),
    )
    events = act(state, "cast=5L", "cw")  # the same, without the Quickener: no Rebirth at 3
    assert not kinds(events, "rebirth") and seats(state, "damage")[1] == 3


def test_the_channeler_surges_for_three() -> None:
    state = new(3, hands=[["3F", "8B"], ["5F"], ["6F", "7F"]], **wizards("hoarder", "channeler", "quickener"))
    events = act(state, "cast=3F", "cw", "play=5F")
    assert kinds(events, "surge")[0]["shards"] == 3 and seats(state, "shards")[1] == 3


@pytest.mark.parametrize(("wizard", "kept"), [("stoneskin", 1), ("phoenix", 0)])
def test_stoneskin_keeps_one_of_its_shards_when_struck(wizard: str, kept: int) -> None:
    hands = [["5L", "8B"], ["6L", "1Q"], ["7F"]]
    state = new(3, hands=hands, **wizards("hoarder", wizard, "quickener"))
    events = act(state, "cast=5L", "cw", "play=6L", "play=7F", "play=8B")  # seat 1 struck
    end = kinds(events, "spell-end")[0]
    assert end["struck"] == 1 and end["damage"] == 2  # its own Shard still counted as damage
    assert end["returned"] == 1 - kept and end["kept"][1] == kept and seats(state, "shards")[1] == kept


DESIGNED = Path(__file__).with_name("designed_wizards.toml")


def designer_file(tmp_path: Path) -> str:
    """The packaged cards with the Quickener and Stoneskin swapped for two other designs: the
    effects a designer may choose from are implemented even when the packaged cards do not use them."""
    text = DATA_FILE.read_text(encoding="utf-8")
    cut = text.index('[[wizard]]\ncode = "quickener"')
    rest = text[cut:]
    rest = rest[rest.index("[[wizard]]", 1) :]  # drop the Quickener
    rest = rest[: rest.index('[[wizard]]\ncode = "stoneskin"')]  # and the Stoneskin
    path = tmp_path / "designed.toml"
    path.write_text(text[:cut] + rest + DESIGNED.read_text(encoding="utf-8"), encoding="utf-8")
    return str(path)


def test_a_designers_closer_takes_one_more_shard_for_the_last_valid_play(tmp_path: Path) -> None:
    game = tabletop.make("manasurge", players=3, wizards=True, data=designer_file(tmp_path))
    setup = {
        "caster": 0,
        "hands": [["5L", "8B"], ["1Q"], ["6F"]],
        "wizards": ["closer", "phoenix", "hoarder"],
    }
    state = game.new_state(1, setup)
    events = act(state, "cast=5L", "cw")
    assert strikes(events) == [{"seat": 1, "last": 0, "bonus": 2}]
    assert seats(state, "shards")[0] == 3


@pytest.mark.parametrize(("cast", "damage"), [("cast=5F", 1), ("cast=5L", 0)])
def test_a_designers_tough_wizard_takes_two_less_damage_never_below_none(
    tmp_path: Path, cast: str, damage: int
) -> None:
    game = tabletop.make("manasurge", players=3, wizards=True, data=designer_file(tmp_path))
    opening = cast.partition("=")[2]
    setup = {
        "caster": 0,
        "hands": [[opening, "8B"], ["1Q"], ["6F"]],
        "wizards": ["hoarder", "tough", "closer"],
    }
    events = act(game.new_state(1, setup), cast, "cw")  # 1 (+ Fireball's 2), less 2
    assert kinds(events, "spell-end")[0]["damage"] == damage
