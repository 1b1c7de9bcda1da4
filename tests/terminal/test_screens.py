"""The terminal front end for Summon 7 and the clan game (terminal/screens.py and their screens):
whole games, the log, bad input, help, saving and resuming."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop.core.record import Record
from tabletop.terminal import clan as clan_screen
from tabletop.terminal import summon7 as summon7_screen
from tabletop.terminal.frames import won_text
from tabletop.terminal.prompt import interpret
from tabletop.words import wording

from .helpers import console, play_through, resumed_as, saved_unfinished, saving_at

OPTIONS: dict[str, dict[str, Any]] = {"summon7": {}, "clan": {"pregame": 30}}


def play(game: str, save: Path, answer: Callable[[str], str], *, players: int = 3, **given: Any) -> str:
    """``game`` with its OPTIONS against random bots (``given``: the seed, a save to resume, the console)."""
    return play_through(game, save, answer, players=players, **OPTIONS[game], **given)


def by_position(save: Path) -> Callable[[str], str]:
    """Answers in canonical text that depend only on the position (read back from the autosave)."""

    def answer(prompt: str) -> str:
        state = Record.load(save).replay()
        return str(random.Random(len(Record.load(save).actions)).choice(state.legal_actions()))

    return answer


@pytest.mark.parametrize(("game", "players"), [("summon7", 2), ("summon7", 4), ("clan", 2), ("clan", 3)])
def test_a_whole_game_by_numbers_ends_with_the_ranking(tmp_path: Path, game: str, players: int) -> None:
    save = tmp_path / "game.json"
    out = play(game, save, lambda prompt: "1", players=players)
    state = Record.load(save).replay()
    assert state.is_terminal()
    assert "Final ranking" in out and "Game over." in out
    assert "Your turn:" in out and "Since your last turn" in out
    for seat, points in enumerate(state.scores()):
        label = "You" if seat == 0 else f"Seat {seat}"
        assert any(label in line and f" {points} " in line for line in out.splitlines() if "│" in line)


@pytest.mark.parametrize("game", ["summon7", "clan"])
def test_the_screen_shows_the_table_and_the_log(tmp_path: Path, game: str) -> None:
    save = tmp_path / "game.json"
    answers = iter(["1", "1", "1", "1", "q"])
    out = play(game, save, lambda prompt: next(answers))
    if game == "summon7":
        assert "SUMMON 7" in out and "Leadership" in out and "House total" in out and "Next card" in out
        assert "bust chance" in out
    else:
        assert "SUMMON 7 · THE CLAN" in out and "Character" in out
        assert "Each player chooses a character card." in out and "Be The" in out


def test_the_clan_screen_shows_the_house_and_the_city(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    seen: list[str] = []
    con = console()

    def answer(prompt: str) -> str:
        screen = con.export_text(clear=True)
        if "The city" in screen and "The house" in screen:
            seen.append(screen)
        return "q" if len(seen) >= 3 else "1"

    play("clan", save, answer, con=con)
    assert seen, "never reached the main game"
    screen = seen[-1]
    for words in ("Head of House", "Pantry", "Uprising Meter", "the Market", "Meeples (first slot first)"):
        assert words in screen


def test_bad_input_is_refused_with_a_message_and_changes_nothing(tmp_path: Path) -> None:
    save, plain = tmp_path / "game.json", tmp_path / "plain.json"
    play("summon7", plain, lambda prompt: "q")
    answers = iter(["hello", "0", "99", "HIT!", "place=market", "", "q"])
    out = play("summon7", save, lambda prompt: next(answers))
    assert "'hello' is not possible now" in out and "There is no choice 0" in out
    assert "There is no choice 99" in out and "'place=market' is not possible now" in out
    assert Record.load(save).actions == Record.load(plain).actions


def test_an_action_may_be_typed_in_any_case() -> None:
    view = {"legal": ["hit", "hold"]}
    assert interpret("HOLD", view).action == "hold"  # type: ignore[union-attr]
    assert interpret("2", view).action == "hold"  # type: ignore[union-attr]
    assert interpret("  ", view) is None


@pytest.mark.parametrize("game", ["summon7", "clan"])
def test_save_quit_and_resume_end_as_the_uninterrupted_game(tmp_path: Path, game: str) -> None:
    whole = tmp_path / "whole.json"
    play(game, whole, by_position(whole), seed=8)
    parts = tmp_path / "parts.json"
    position = by_position(parts)
    out = play(game, parts, saving_at(position, save=5, leave=15), seed=8)
    _, seating = saved_unfinished(out, parts)
    assert seating is not None
    resumed_as(game, parts, whole, ["heuristic"], position)


@pytest.mark.parametrize("game", ["summon7", "clan"])
def test_help_explains_the_rules_and_the_notation(tmp_path: Path, game: str) -> None:
    answers = iter(["h", "q"])
    out = play(game, tmp_path / "game.json", lambda prompt: next(answers))
    assert "hit" in out and "hold" in out and "Commands" in out
    if game == "clan":
        for words in ("play=hex@2", "capture=market/peasant", "Ward", "Tribute", "Head of House"):
            assert words in out


@pytest.mark.parametrize("game", ["summon7", "clan"])  # ManaSurge: tests/terminal/test_manasurge_screen.py
def test_every_event_and_action_of_random_games_has_words(game: str) -> None:
    screen = summon7_screen if game == "summon7" else clan_screen
    words = wording(game)
    silent = {"card"} if game == "summon7" else set()
    for seed in range(6):
        state = tabletop.make(game, players=3, **OPTIONS[game]).new_state(seed)
        rng = random.Random(seed)
        for event in state.opening_events():
            words.describe_event(event.kind, event.data, 0, None)
        while not state.is_terminal():
            seat = state.current_seat
            view = state.view(seat)
            for text in view["legal"]:
                assert words.describe_action(text, view) != text or text in ("hit", "hold")
            for event in state.apply(rng.choice(state.legal_actions())):
                line = words.describe_event(event.kind, event.data, 0, None)
                assert line is not None or event.kind in silent - {"card"}, event.kind
        final = console()
        final.print(screen.render_final(state.view(0), ["You", "Seat 1", "Seat 2"]))
        assert "Final ranking" in final.export_text()


@pytest.mark.parametrize(
    ("winners", "me", "said"),
    [
        ([1], 1, "Game over. You win!"),
        ([2], 1, "Game over. Winner: Cleo"),
        ([0, 1], 1, "Game over. Winners: Ana and you"),
        ([0, 2], None, "Game over. Winners: Ana and Cleo"),
    ],
)
def test_the_verdict_names_the_winners_and_the_reader_as_you(
    winners: list[int], me: int | None, said: str
) -> None:
    assert won_text(winners, me, ["Ana", "Ben", "Cleo"]).plain == said
