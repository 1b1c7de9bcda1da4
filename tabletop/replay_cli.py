"""``tabletop replay`` and ``tabletop review``: a game record read back, action by action, or
reviewed by a bot (the turning points and each seat's chances)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from .cli_common import BadUsage, fail, friendly_errors, progress_bar
from .core.protocol import JSON, Event, State
from .core.record import Record


def _value_text(value: JSON) -> str:
    if isinstance(value, list):
        return ",".join(_value_text(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, separators=(",", ":"))
    return str(value)


def event_text(event: Event) -> Text:
    fields = " ".join(f"{k}={_value_text(v)}" for k, v in event.data.items())
    private = "" if event.visible_to is None else f" (seen by {_value_text(list(event.visible_to))})"
    return Text.assemble("      ", (event.kind, "cyan"), ": ", fields, (private, "dim"))


def results_table(state: State[Any]) -> Table:
    over = state.is_terminal()
    table = Table(box=None, title="Final scores" if over else "Scores so far", title_justify="left")
    table.add_column("seat")
    table.add_column("points", justify="right")
    if over:
        table.add_column("place", justify="right")
    ranking = state.ranking() if over else []
    for s, points in enumerate(state.scores()):
        table.add_row(f"seat {s}", str(points), *([str(ranking[s])] if over else []))
    return table


def _wait_for_enter(console: Console) -> bool:
    """False when the reader wants to stop stepping (q, or the end of input)."""
    console.print("[dim]Enter: next action, q: play the rest[/]", end="")
    try:
        answer = sys.stdin.readline()
    except KeyboardInterrupt:
        raise typer.Exit(130) from None
    return bool(answer) and answer.strip().lower() != "q"


def replay(
    file: Annotated[Path, typer.Argument(help="A saved game record (JSON).")],
    step: Annotated[bool, typer.Option(help="Wait for Enter between actions (on a terminal).")] = False,
    seat: Annotated[
        int | None, typer.Option(help="Also show what this seat saw (its hand, its private draws).")
    ] = None,
) -> None:
    """Replay a saved game, checking every action against the rules."""
    console = Console(highlight=False, soft_wrap=True)
    with friendly_errors():
        if not file.is_file():
            fail(f"no such record: {file}")
        record = Record.load(file)
        state = record.initial_state(record.make_game())
        n = state.get_game().players
        if seat is not None and not 0 <= seat < n:
            raise BadUsage(f"--seat must be from 0 to {n - 1} for {n} players, not {seat}")
        options = ", ".join(f"{k}={v!r}" for k, v in record.options.items())
        console.print(
            f"[bold]{escape(record.game)}[/] ({escape(options)}), seed {record.seed}, "
            f"{len(record.actions)} actions" + (f", as seen by seat {seat}" if seat is not None else "")
        )
        stepping = step and sys.stdin.isatty()
        for event in state.opening_events():
            if event.visible(seat):
                console.print(event_text(event))
        to_act = state.current_seat
        for index, text, after, events in record.steps():
            console.print(Text.assemble((f"{index + 1:5} ", "dim"), f"seat {to_act}  ", (text, "bold")))
            for event in events:
                if event.visible(seat):
                    console.print(event_text(event))
            to_act, state = after.current_seat, after
            if stepping and index + 1 < len(record.actions):
                stepping = _wait_for_enter(console)
        if not state.is_terminal():
            console.print(
                f"[yellow]The record stops before the end of the game ({len(record.actions)} actions).[/]"
            )
        console.print(results_table(state))


# ------------------------------------------------------------------ review
def _percent(chance: float) -> str:
    return f"{round(chance * 100)}%"


def review_tables(data: dict[str, Any], every: int) -> list[Table]:
    """A review (``advice.review``) as two tables: each seat's chance per decision (every
    ``every``-th point, and the last), and the turning points."""
    players = int(data["players"])
    chances = Table(box=None, title="Chance of winning after each decision", title_justify="left")
    chances.add_column("step", justify="right")
    chances.add_column("by")
    chances.add_column("action")
    for seat in range(players):
        chances.add_column(f"seat {seat}", justify="right")
    points = data["points"]
    for k, point in enumerate(points):
        if k % every and k != len(points) - 1:
            continue
        by = "end" if point["seat"] is None else f"seat {point['seat']}"
        chances.add_row(
            str(point["step"]), by, point["action"] or "", *(_percent(c) for c in point["chances"])
        )
    turning = Table(box=None, title="Turning points", title_justify="left")
    for column in ("step", "by", "played", "chance", "the bot preferred", "chance instead"):
        turning.add_column(
            column, justify="right" if column in ("step", "chance", "chance instead") else "left"
        )
    for turn in sorted(data["turning"], key=lambda t: t["step"]):
        same = turn["preferred"] == turn["action"]
        turning.add_row(
            str(turn["step"]),
            f"seat {turn['seat']}",
            turn["label"],
            f"{_percent(turn['before'])} -> {_percent(turn['after'])}",
            "the same" if same else turn["preferred_label"],
            "" if same else _percent(turn["instead"]),
        )
    return [chances, turning]


def review(
    file: Annotated[Path, typer.Argument(help="A saved game or a finished game's record (JSON).")],
    playouts: Annotated[
        int | None, typer.Option(min=1, help="Playouts per decision (default: the game's, as the server).")
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="The playouts' seed (default: the record's, as the server).")
    ] = None,
    points: Annotated[
        int | None,
        typer.Option(min=1, help="Decisions evaluated at most, evenly spaced (default: the game's)."),
    ] = None,
    every: Annotated[int, typer.Option(min=1, help="Print every k-th decision's chances.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print the review as JSON.")] = False,
) -> None:
    """Review a finished game: each seat's estimated chance of winning after every decision and
    the turning points, with the move the normal bot preferred (the replay page's review)."""
    from .agents import advice

    console = Console(highlight=False, soft_wrap=True)
    with friendly_errors():
        if not file.is_file():
            fail(f"no such record: {file}")
        record = Record.load(file)
        if not record.replay().is_terminal():
            raise BadUsage(f"{file} stops before the end of the game: a review is of a finished game")
        reading = advice.Reading.of(record, playouts, seed)
        indices, sampled = advice.review_points(record, points)
        curve: dict[int, list[float]] = {}
        with progress_bar("reviewing", len(indices), as_json) as advance:
            for start in range(0, len(indices), 8):
                part = indices[start : start + 8]
                curve.update(advice.evaluate(reading, part))
                advance(len(part))
        data = advice.finish(reading, curve, sampled)
        if as_json:
            print(json.dumps(data, indent=1))
            return
        console.print(
            f"[bold]{escape(record.game)}[/], {len(record.actions)} actions: {reading.playouts} playouts "
            f"per decision, seed {reading.seed}" + (", decisions sampled evenly" if sampled else "")
        )
        for table in review_tables(data, every):
            console.print(table)


# ------------------------------------------------------------------- games
