"""Helpers shared by the terminal's tests: a recording console, saving and quitting at given
prompts then resuming, and the final screen's ranking."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from typer.testing import CliRunner

from tabletop.cli import app
from tabletop.core.record import Record
from tabletop.terminal import run_game
from tabletop.terminal.saving import Seating, load_game


def console(width: int = 120, height: int | None = None) -> Console:
    """A console that keeps what it prints (``export_text``) and writes nothing out."""
    return Console(record=True, width=width, height=height, file=io.StringIO())


def play_through(
    game: str,
    save: Path,
    answer: Callable[[str], str],
    *,
    players: int,
    seed: int = 5,
    resume: Path | None = None,
    con: Console | None = None,
    **options: Any,
) -> str:
    """``game`` through ``run_game``: seat 0 answers with ``answer``, random bots play the other
    seats, saving to ``save`` (resumed from ``resume``); what the console showed."""
    con = con or console()
    bots = ["random"] * (players - 1)
    run_game(game, {"players": players, **options}, 0, bots, seed, "normal", save, resume, con, answer)
    return con.export_text()


def played_by_the_command(tmp_path: Path, game: str, players: int, typed: str) -> str:
    """``tabletop play`` of ``game`` (seed 3, random bots) with ``typed`` as its input ends a
    whole game, saved: its output."""
    save = tmp_path / f"{game}.json"
    args = ["play", game, "--players", str(players), "--seed", "3", "--bots", "random", "--save", str(save)]
    result = CliRunner().invoke(app, args, input=typed)
    assert result.exit_code == 0, result.output
    assert Record.load(save).replay().is_terminal()
    return result.output


def saving_at(answer: Callable[[str], str], save: int, leave: int) -> Callable[[str], str]:
    """``answer``, but "s" (save) at the ``save``-th prompt and "q" (save and quit) at the ``leave``-th."""
    prompts = 0

    def answered(prompt: str) -> str:
        nonlocal prompts
        prompts += 1
        if prompts == save:
            return "s"
        return "q" if prompts == leave else answer(prompt)

    return answered


def saved_unfinished(out: str, save: Path) -> tuple[Record, Seating | None]:
    """The run said it saved to ``save`` and quit with the game not over: the saved record and seats."""
    assert f"Saved to {save}" in out and "Game saved to" in out
    record, seating = load_game(save)
    assert not record.replay().is_terminal()
    return record, seating


def resumed_as(game: str, save: Path, whole: Path, bots: list[str], answer: Callable[[str], str]) -> None:
    """Resumed from ``save`` with other arguments (the save's win), the game ends as ``whole`` did."""
    con = console()
    run_game(game, {"players": 2}, 1, bots, 999, "normal", save, save, con, answer)
    assert Record.load(save).actions == Record.load(whole).actions
    assert "Final ranking" in con.export_text()


def check_ranking(
    shown: str, title: str, labels: Sequence[str], scores: Sequence[int], winners: Sequence[int], first: str
) -> None:
    """The final screen ``shown``: titled, with each seat's row (found by its label, a pattern)
    holding its score and, for the winners only, ``first``."""
    assert "Final ranking" in shown and "Game over." in shown and title in shown
    for seat, label in enumerate(labels):
        row = next(line for line in shown.splitlines() if re.search(rf"│ {label} +│", line))
        assert f" {scores[seat]} " in row
        assert (first in row) == (seat in winners)
