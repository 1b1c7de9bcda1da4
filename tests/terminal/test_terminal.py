"""The terminal front end: whole games, hidden information, bad input, saving and resuming."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop.core.record import Record
from tabletop.games.megalomania.cards import COLOUR_LETTERS, COLOURS, RANK_LETTERS, RANK_NAMES
from tabletop.terminal import render_final, render_hand, render_view, run_game
from tabletop.terminal.journal import RoundResult
from tabletop.words.megalomania import describe_action

from .helpers import console, play_through, resumed_as, saved_unfinished, saving_at

CODE = re.compile(r"\b[FAXDWKOE][bryu]\b")
CHIP = re.compile(r"(Farmer|Assassin|Explorer|Dwarf|Wizard|Knight|Oracle|Emperor) (\d+)")
HAND_ROW = re.compile(r"^│\s+(black|red|yellow|blue)\b(.*)$")


def text_of(renderable: Any, width: int = 120) -> str:
    con = console(width)
    con.print(renderable)
    return con.export_text()


def code(colour: str, rank: str) -> str:
    return RANK_LETTERS[RANK_NAMES.index(rank)] + COLOUR_LETTERS[COLOURS.index(colour)]


def hand_area(screen: str) -> list[str]:
    """The cards drawn in the 'Your hand' panel of a screen, as card texts."""
    lines = screen.splitlines()
    start = next(i for i, line in enumerate(lines) if "Your hand (" in line)
    cards = []
    for line in lines[start + 1 :]:
        if line.startswith("╰"):
            break
        row = HAND_ROW.match(line)
        if row:
            cards += [code(row.group(1), rank) for rank, _ in CHIP.findall(row.group(2))]
    return cards


def play(save: Path, answer: Callable[[str], str], *, players: int = 4, **given: Any) -> str:
    """Megalomania against random bots (``given``: the seed, a save to resume, the console)."""
    return play_through("megalomania", save, answer, players=players, **given)


class Follow:
    """The true state behind a running game, read back from its autosave (replaying only what is new)."""

    def __init__(self, save: Path) -> None:
        self.save, self.state, self.done = save, None, 0

    def __call__(self) -> Any:
        record = Record.load(self.save)
        if self.state is None or len(record.actions) < self.done:
            self.state, self.done = record.initial_state(), 0
        for text in record.actions[self.done :]:
            self.state.apply_text(text)
        self.done = len(record.actions)
        return self.state


def by_position(save: Path) -> Callable[[str], str]:
    """Answers in canonical text that depend only on the game position, never on the run."""
    follow = Follow(save)

    def answer(prompt: str) -> str:
        state = follow()
        return str(random.Random(follow.done).choice(state.legal_actions()))

    return answer


def final_state(save: Path) -> Any:
    return Record.load(save).replay()


@pytest.mark.parametrize("players", [2, 4])
def test_a_whole_game_by_numbers_finishes_with_a_ranking(tmp_path: Path, players: int) -> None:
    save = tmp_path / "game.json"
    out = play(save, lambda prompt: "1", players=players)
    state = final_state(save)
    assert state.is_terminal()
    assert "Final ranking" in out and "Game over." in out and "Scoresheet" in out
    assert "Round 1 is over" in out and "Round 1 scored" in out
    ranking = out[out.index("Final ranking") :]
    rows = re.findall(r"│ (\dst|\dnd|\drd|\dth) +│ (You|Seat \d) +│ +(-?\d+) │", ranking)
    assert len(rows) == players
    names = ["You"] + [f"Seat {s}" for s in range(1, players)]
    for place, name, score in rows:
        seat = names.index(name)
        assert int(place[0]) == state.ranking()[seat]
        assert int(score) == state.scores()[seat]


def test_a_whole_game_by_canonical_text(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    out = play(save, by_position(save), players=3, seed=9)
    assert final_state(save).is_terminal()
    assert "Final ranking" in out


def test_the_screen_never_shows_another_seats_hand(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    con = console()
    snapshots = 0
    follow = Follow(save)

    def answer(prompt: str) -> str:
        nonlocal snapshots
        screen = con.export_text(clear=True)
        state = follow()
        views = [state.view(s) for s in range(state.game.players)]
        mine = views[0]["seats"][0]["hand"]
        assert sorted(hand_area(screen)) == sorted(mine)
        hidden = {
            card
            for s in range(1, state.game.players)
            for card in views[s]["seats"][s]["hand"]
            if card not in views[0]["seats"][s]["known_cards"]
        }
        assert not hidden & set(CODE.findall(screen))  # card texts show only in your own actions
        snapshots += 1
        return "q" if snapshots == 60 else "1"

    play(save, answer, players=4, seed=21, con=con)
    assert snapshots == 60


def test_render_hand_shows_exactly_the_seats_own_cards() -> None:
    game = tabletop.make("megalomania", players=4)
    state = game.new_state(4)
    rng = random.Random(4)
    for _ in range(200):
        for seat in range(4):
            view = state.view(seat)
            assert sorted(hand_area(text_of(render_hand(view)))) == sorted(view["seats"][seat]["hand"])
            assert all("hand" not in entry for entry in view["seats"] if entry["seat"] != seat)
        state.apply(rng.choice(state.legal_actions()))


def test_invalid_input_is_refused_with_a_message_and_changes_nothing(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    plain = tmp_path / "plain.json"
    play(plain, lambda prompt: "q")
    answers = iter(["hello", "0", "99", "take=bogus", "Ku!", "lead=1", "", "q"])
    out = play(save, lambda prompt: next(answers))
    assert "'hello' is not an action or a command" in out
    assert "There is no choice 0" in out and "There is no choice 99" in out
    assert "'lead=1' is not possible now" in out
    assert "You cannot play a card now" in out
    assert Record.load(save).actions == Record.load(plain).actions


def test_an_illegal_card_is_explained(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    seen: list[str] = []
    follow = Follow(save)

    def answer(prompt: str) -> str:
        view = follow().view(0)
        if view["phase"] != "play" or not view["trick"]["plays"]:
            return "1"
        hand = view["seats"][0]["hand"]
        wrong = [c for c in hand if c not in view["legal"]]
        if not wrong or seen:
            return "q" if seen else "1"
        seen.append(wrong[0])
        return wrong[0]

    out = play(save, answer)
    assert seen, "no position where a held card could not be played"
    assert "breaks the rule" in out or "Wizard's power" in out


def test_save_quit_and_resume_end_as_the_uninterrupted_game(tmp_path: Path) -> None:
    whole = tmp_path / "whole.json"
    play(whole, by_position(whole), seed=33)

    parts = tmp_path / "parts.json"
    position = by_position(parts)
    out = play(parts, saving_at(position, save=20, leave=40), seed=33)
    record, seating = saved_unfinished(out, parts)
    assert record.actions
    assert seating is not None and seating.seat == 0 and seating.bots == ("random",) * 3
    assert json.loads(parts.read_text())["terminal"]["difficulty"] == "normal"
    resumed_as("megalomania", parts, whole, ["random"], position)  # the save's seed, seat and bots win
    assert final_state(parts).scores() == final_state(whole).scores()


def test_end_of_input_saves_and_returns(tmp_path: Path) -> None:
    save = tmp_path / "game.json"

    def eof(prompt: str) -> str:
        raise EOFError

    out = play(save, eof)
    assert "Game saved to" in out and save.exists()


def test_help_explains_notation_and_powers(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    answers = iter(["h", "q"])
    out = play(save, lambda prompt: next(answers))
    for words in ("lead=2", "colour=r", "return=Wr", "cube+", "take=crystals", "Emperor", "15"):
        assert words in out


def every_effect_view() -> dict[str, Any]:
    view = tabletop.make("megalomania", players=4).new_state(3).view(0)
    view.update(phase="after-play", to_act=0, legal=["power", "cube+", "cube-", "done"], explored="Xu")
    view["trick"] = {
        "leader": 1,
        "lead": "red",
        "farmer": 2,
        "dwarf": True,
        "wizard": True,
        "knight": True,
        "emperor": True,
        "plays": [
            {
                "seat": 1,
                "card": "Kr",
                "colour": "red",
                "value": 11,
                "power": False,
                "cubes": 2,
                "advantage": True,
            },
            {
                "seat": 2,
                "card": "Fy",
                "colour": "yellow",
                "value": 1,
                "power": True,
                "cubes": 0,
                "advantage": True,
            },
            {
                "seat": 3,
                "card": "Oy",
                "colour": "blue",
                "value": 11,
                "power": True,
                "cubes": -1,
                "advantage": True,
            },
            {
                "seat": 0,
                "card": "Wb",
                "colour": "black",
                "value": 7,
                "power": True,
                "cubes": 0,
                "advantage": False,
            },
        ],
    }
    return view


def test_a_view_with_every_effect_renders_them_all() -> None:
    view = every_effect_view()
    result = RoundResult(1, view["mission"], [(1, ["Kr", "Fy", "Oy", "Wb"])], [0, 3, 0, -2])
    out = text_of(render_view(view, last_round=result), width=140)
    for words in (
        "Farmer: Seat 2 will lead the next turn",
        "Dwarf: the LOWEST card takes this trick",
        "Wizard: the players after it must play their lowest card",
        "Knight: dominant cards played after it lose their advantage",
        "Emperor: no more powers or cubes this turn",
        "Explorer: found  blue Explorer 4  in the previous trick",
        "+2 cubes (printed 9)",
        "yellow Oracle, now blue",
        "-1 cube (printed 12)",
        "no dominant advantage (Knight)",
        "power used",
        "Taking it so far: Seat 1",
        "Round 1 is over",
        "Use the Wizard's power",
        "Add a cube (+1, value 8)",
        "Add a cube (-1, value 6)",
    ):
        assert words in out, words
    narrow = text_of(render_view(view, wide=False), width=80)
    assert "Dwarf: the LOWEST card" in narrow and "Your move" in narrow


def test_every_kind_of_action_is_described_in_words() -> None:
    view = every_effect_view()
    assert describe_action("Ku", view) == "Play the blue Knight (9)"
    assert (
        describe_action("Au!", view) == "Play the blue Assassin (2) by its power, on any colour (1 crystal)"
    )
    assert describe_action("power", view) == (
        "Use the Wizard's power: the players after you must play their lowest card"
    )
    assert describe_action("lead=0", view) == "Use the Farmer's power: you lead the next turn"
    assert describe_action("lead=2", view) == "Use the Farmer's power: Seat 2 leads the next turn"
    assert describe_action("colour=r", view) == "Use the Oracle's power: it becomes red"
    assert describe_action("return=Wr", view) == "Put the red Wizard (7) back into the previous trick"
    assert describe_action("take=crystals", view) == "Take 2 power crystals"
    assert describe_action("take=mixed", view) == "Take 1 power crystal and 5 cubes"
    assert describe_action("take=scroll", view) == "Take a scroll"


def test_the_final_table_ranks_every_seat() -> None:
    game = tabletop.make("megalomania", players=3)
    state = game.new_state(8)
    rng = random.Random(8)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    out = text_of(render_final(state.view(0)))
    for seat, score in enumerate(state.scores()):
        name = "You" if seat == 0 else f"Seat {seat}"
        assert re.search(rf"{name} +│ +{score} │ +{state.negative_points()[seat]} │", out)


def test_a_wrong_number_of_bots_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="need 3 bots"):
        run_game(
            "megalomania", {"players": 4}, 0, ["random"] * 2, 1, "", tmp_path / "g.json", None, console()
        )


def test_only_games_with_a_screen_are_drawn(tmp_path: Path) -> None:
    supported = "megalomania, summon7, clan, manasurge, megacorps"
    with pytest.raises(ValueError, match=f"plays {supported} only, not 'chess'"):
        run_game("chess", {}, 0, ["random"], 1, "", tmp_path / "g.json", None, console())
