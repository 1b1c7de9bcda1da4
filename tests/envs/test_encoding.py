"""The encodings themselves (no extra needed): the fixed action enumeration covers every legal
action and maps back to it, observations keep to their bounds and come from the view alone (a
re-deal of what the seat cannot see changes nothing), and the layout is what docs/envs.md says."""

from __future__ import annotations

import random
import re
from pathlib import Path

import numpy as np
import pytest

import tabletop
from tabletop.core.registry import names
from tabletop.envs import ENCODINGS, UnknownAction, encoding_for
from tabletop.envs.megacorps import bid_bucket

from .helpers import CASE_IDS, CASES, positions

DOCS = Path(__file__).resolve().parents[2] / "docs" / "envs.md"


def test_every_game_has_an_encoding() -> None:
    assert set(names()) <= set(ENCODINGS)


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
def test_every_legal_action_maps_to_an_index_and_back(name: str, players: int) -> None:
    """Over random games, each legal action of the seat to act (and of every other seat asked at
    once) has an index, the index gives the action back, and the mask marks exactly those."""
    enc = encoding_for(name, players=players)
    low, high = enc.bounds()
    for seed in range(3):
        for state in positions(name, players, seed):
            for seat in state.to_act():
                legal = state.legal_actions_for(seat)
                indexes = set()
                for action in legal:
                    index = enc.index_of(str(action))
                    back = enc.action(index)
                    assert str(back) == str(action) or _bucketed(name, str(action), str(back))
                    indexes.add(index)
                view = state.view(seat)
                mask = enc.mask(view["legal"]) if "legal" in view else None
                if mask is not None and view["legal"]:
                    assert set(np.flatnonzero(mask)) == indexes
                obs = enc.observation(view)
                assert obs.shape == (enc.size,) and obs.dtype == np.float32
                assert np.all(obs >= low) and np.all(obs <= high)


def _bucketed(name: str, text: str, back: str) -> bool:
    """A MegaCorps bid above the exact range comes back as its bucket's first amount."""
    verb, _, amount = text.partition(" ")
    return name == "megacorps" and verb == "bid" and back == f"bid {bid_bucket(int(amount))}"


def test_megacorps_bids_are_exact_up_to_511_then_bucketed() -> None:
    enc = encoding_for("megacorps", players=4)
    assert enc.action(enc.index_of("bid 511")).text == "bid 511"
    assert enc.index_of("bid 600") == enc.index_of("bid 576") != enc.index_of("bid 640")
    assert enc.action(enc.index_of("bid 600")).text == "bid 576"
    assert enc.action(enc.index_of("bid 99999")).text == "bid 4096"
    with pytest.raises(UnknownAction):
        enc.index_of("leave")
    with pytest.raises(UnknownAction):
        enc.action(enc.num_actions)


# games with hidden information (the open games, Summon 7 and the clan game, hide only the deck's
# order) at two table sizes each
LEAK_CASES = [("megalomania", 4), ("megalomania", 2), ("manasurge", 4), ("manasurge", 3), ("megacorps", 4),
              ("megacorps", 6), ("summon7", 4), ("clan", 3)]  # fmt: skip


@pytest.mark.parametrize(("name", "players"), LEAK_CASES, ids=[f"{n}-{p}p" for n, p in LEAK_CASES])
def test_the_observation_does_not_change_when_hidden_cards_are_dealt_again(name: str, players: int) -> None:
    """The vector comes from ``view(seat)`` only: for many positions, every seat's observation of a
    world re-dealt by ``sample_world`` for that seat equals its observation of the true state."""
    enc = encoding_for(name, players=players)
    checked = 0
    for seed in range(2):
        rng = random.Random(seed)
        for step, state in enumerate(positions(name, players, seed, every=3)):
            seat = step % players
            truth = enc.observation(state.view(seat))
            for _ in range(2):
                world = state.sample_world(seat, rng)
                assert np.array_equal(enc.observation(world.view(seat)), truth), (
                    f"{name} {players}p seed {seed} step {3 * step}: seat {seat}'s observation changed"
                )
            checked += 1
    assert checked > 20


@pytest.mark.parametrize(("name", "players"), [("clan", 3), ("clan", 5), ("megacorps", 3), ("megacorps", 6)])
def test_parts_kept_from_earlier_views_encode_as_afresh(name: str, players: int) -> None:
    """Encoders that copy a part while it is unchanged (MegaCorps' board, the clan game's city)
    give every seat the vector they would give with nothing kept."""
    enc = encoding_for(name, players=players)
    for seed in range(2):
        for state in positions(name, players, seed):
            for seat in range(players):
                view = state.view(seat)
                warm = enc.observation(view)
                enc.forget()
                assert np.array_equal(warm, enc.observation(view))


@pytest.mark.parametrize("name", sorted(ENCODINGS))
def test_the_layout_is_contiguous_and_documented(name: str) -> None:
    enc = encoding_for(name)
    offset = 0
    for section in enc.layout.sections:
        assert section.offset == offset and section.size > 0 and section.low < section.high
        offset += section.size
    assert offset == enc.size
    docs = DOCS.read_text(encoding="utf-8")
    for section in enc.layout.sections:
        assert f"`{section.name}`" in docs, f"docs/envs.md: describe {name}'s section {section.name}"


def test_an_encoding_is_made_once_per_game_and_options() -> None:
    assert encoding_for("summon7", players=3) is encoding_for(tabletop.make("summon7", players=3))
    assert encoding_for("summon7", players=3) is not encoding_for("summon7", players=4)


EXTREME = [
    ("summon7", {"players": 2, "target": 1}),
    ("summon7", {"players": 6, "target": 1000, "max_rounds": 3}),
    ("clan", {"players": 5, "head": 2000, "pregame": 0, "rounds": 2}),
    ("manasurge", {"players": 5, "wizards": True, "may_decline": True}),
    ("megalomania", {"players": 4, "pairs": True}),
]


@pytest.mark.parametrize(("name", "options"), EXTREME, ids=[f"{n}-{o}" for n, o in EXTREME])
def test_observations_keep_to_their_bounds_with_unusual_options(
    name: str, options: dict[str, object]
) -> None:
    """Nothing clips a vector afterwards: numbers that can grow are capped where they are written."""
    enc = encoding_for(name, **options)
    low, high = enc.bounds()
    game = tabletop.make(name, **options)
    for seed in range(3):
        state, rng = game.new_state(seed), random.Random(seed)
        while True:
            for seat in range(game.players):
                obs = enc.observation(state.view(seat))
                assert np.all(obs >= low) and np.all(obs <= high), f"{name} {options} seed {seed} seat {seat}"
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))


def test_summon7_scales_by_a_designers_deck(tmp_path: Path) -> None:
    """The deck's values are shares of the game's own deck (its ``data`` option), not the printed one."""
    printed = Path(tabletop.__file__).parent / "games" / "summon7" / "data" / "deck.toml"
    text = printed.read_text(encoding="utf-8")
    path = tmp_path / "deck.toml"
    copies = [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 24]
    path.write_text(re.sub(r"(?m)^copies = .*$", f"copies = {copies}", text), encoding="utf-8")
    enc = encoding_for("summon7", players=3, data=str(path))
    state = tabletop.make("summon7", players=3, data=str(path)).new_state(1)
    obs = enc.observation(state.view(0))
    deck_values = enc.layout.section("deck_values")
    shares = obs[deck_values.offset : deck_values.offset + deck_values.size]
    view = state.view(0)
    assert shares[12] == pytest.approx(view["deck_values"][12] / 24)
    low, high = enc.bounds()
    assert np.all(obs >= low) and np.all(obs <= high)
