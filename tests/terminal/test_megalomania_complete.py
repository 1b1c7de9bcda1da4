"""The terminal draws every phase of the complete Megalomania (scrolls, special deals, pairs) and
describes every action and event in words."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

import tabletop
from tabletop.games.megalomania.cards import CARD_TEXT
from tabletop.terminal import render_final, render_view
from tabletop.words.megalomania import describe_action, describe_event

CARDS = set(CARD_TEXT)


def text_of(renderable: object) -> str:
    con = Console(record=True, width=140, file=io.StringIO())
    con.print(renderable)
    return con.export_text()


@pytest.mark.parametrize(("players", "pairs"), [(2, False), (3, False), (4, True)])
def test_every_phase_renders_and_every_action_is_described(players: int, pairs: bool) -> None:
    game = tabletop.make("megalomania", players=players, pairs=pairs)
    phases: set[str] = set()
    kinds: set[str] = set()
    for seed in range(3):
        state, rng = game.new_state(seed), random.Random(seed)
        while not state.is_terminal():
            seat = state.current_seat
            view = state.view(seat)
            phases.add(view["phase"])
            if len(phases) > 2 and rng.random() < 0.1:
                text_of(render_view(view))
            for action in view["legal"]:
                words = describe_action(action, view)
                if action.rstrip("!") not in CARDS:
                    assert not words.startswith("Play "), f"{action} described as {words}"
            for event in state.apply(rng.choice(state.legal_actions())):
                kinds.add(event.kind)
                for me in range(players):
                    if event.visible(me):
                        describe_event(event.kind, event.data, me)
        out = text_of(render_final(state.view(0)))
        assert "Game over" in out
    assert {"scrolls", "resources", "play", "trick-end"} <= phases


def test_a_view_with_table_cards_piles_and_scrolls_shows_them() -> None:
    from tests.games.megalomania.tables import play, table

    s = table(
        [["Fu", "Fy", "Kb", "Eu"], ["Ab", "Ay", "Ob", "Xu"]],
        "black",
        mission=18,
        held=[[12], []],
        before=["scroll=12"],
        scrolls=[3, 19, 10],
    )
    out = text_of(render_view(s.view(0)))
    assert "Face up on the table" in out and "Face down on the table, unseen: 2 cards" in out
    assert "In force: scroll 12" in out
    play(s, "Kb")
    assert "1 face down" in text_of(render_view(s.view(1)))
