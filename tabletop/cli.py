"""The `tabletop` command: play, simulate, replay, review, list the games and print their rules.

Engine errors (``TabletopError``) become one red line and exit code 2 for bad
usage (unknown game, bad options or arguments) or 1 for everything else
(a corrupt record, a game that breaks), never a traceback.
"""

from __future__ import annotations

import importlib
import json
import secrets
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from .admin_cli import admin_app
from .agents.levels import LEVELS
from .core.errors import InvalidOptions, TabletopError, UnknownGame
from .core.protocol import JSON, Event, Game, OptionSpec, State
from .core.record import Record
from .core.registry import game_class, make, names
from .sim.pool import ADDRESS_HELP, BACKEND_HELP, Backend
from .sim.report import COMPLETED_HELP, print_summary
from .sim.simulate import check_bots
from .sim.simulate import simulate as run_simulation

app = typer.Typer(
    name="tabletop",
    help="Rules engines, bots and a simulator for Megalomania and other tabletop games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)

DEFAULT_GAME = "megalomania"
USAGE, FAILURE = 2, 1


class BadUsage(TabletopError):
    """Arguments that make no sense together (exit code 2)."""


def fail(message: str, code: int = FAILURE) -> NoReturn:
    """One red line on stderr, then exit with ``code``."""
    line = " ".join(str(message).split())
    Console(stderr=True, highlight=False, soft_wrap=True).print(f"[bold red]error:[/] {escape(line)}")
    raise typer.Exit(code)


@contextmanager
def friendly_errors() -> Iterator[None]:
    """Turn the engine's errors into :func:`fail`."""
    try:
        yield
    except (InvalidOptions, UnknownGame, BadUsage) as err:
        fail(str(err), USAGE)
    except TabletopError as err:
        fail(str(err), FAILURE)
    except KeyboardInterrupt:
        fail("interrupted", 130)


def make_game(name: str, players: int | None, option: Sequence[str] | None) -> Game[Any]:
    """The game with ``--players`` and ``--option KEY=VALUE`` applied (validated by the game)."""
    options: dict[str, Any] = {}
    for item in option or ():
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise BadUsage(f"--option takes KEY=VALUE, not {item!r}")
        options[key.strip()] = value.strip()
    if players is not None:
        options["players"] = players
    return make(name, **options)


def split_names(text: str | None) -> list[str]:
    return [name.strip() for name in (text or "random").split(",") if name.strip()]


def _lineup(bots: str | None, players: int) -> list[str]:
    try:
        return check_bots(split_names(bots), players)
    except ValueError as err:
        raise BadUsage(f"--bots: {err}") from None


@contextmanager
def progress_bar(label: str, total: int, quiet: bool) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr (only on a terminal, never with --json); yields its advance."""
    err_console = Console(stderr=True)
    with Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err_console,
        transient=True,
        disable=quiet or not err_console.is_terminal,
    ) as bar:
        task = bar.add_task("games", total=total)
        yield lambda k: bar.advance(task, k)


WORKERS_HELP = (
    "Worker processes, or Ray tasks at once (default: one per core, or every CPU of the Ray cluster); "
    "the results do not depend on it."
)
GameArg = Annotated[str, typer.Argument(help="A registered game (see `tabletop games`).")]
PlayersOpt = Annotated[int | None, typer.Option(help="Number of players (default: the game's).")]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="Another game option as KEY=VALUE (repeatable)."),
]
BackendOpt = Annotated[Backend, typer.Option(help=BACKEND_HELP)]
AddressOpt = Annotated[str | None, typer.Option(help=ADDRESS_HELP, show_default=False)]


def backend_address(backend: Backend, address: str | None) -> str | None:
    if address and backend != "ray":
        raise BadUsage(f"--address {address} is a Ray cluster's: add --backend ray")
    return address


# -------------------------------------------------------------------- play
@app.command()
def play(
    game: GameArg = DEFAULT_GAME,
    players: PlayersOpt = None,
    seat: Annotated[int, typer.Option(help="Your seat, 0 first.")] = 0,
    bots: Annotated[
        str | None,
        typer.Option(help="Bots for the other seats in seat order, comma-separated, or one for all."),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed of the deal (default: a random one, printed).")
    ] = None,
    difficulty: Annotated[
        str, typer.Option(help="How hard the bots play when --bots is not given: easy, normal or hard.")
    ] = "normal",
    save: Annotated[
        Path | None,
        typer.Option(help="Where the game is saved (default: the --resume file, else GAME.save.json)."),
    ] = None,
    resume: Annotated[Path | None, typer.Option(help="Continue the game saved in this file.")] = None,
    option: OptionOpt = None,
) -> None:
    """Play a game in the terminal against bots."""
    console = Console(highlight=False)
    with friendly_errors():
        made = make_game(game, players, option)
        n = made.players
        if not 0 <= seat < n:
            raise BadUsage(f"--seat must be from 0 to {n - 1} for {n} players, not {seat}")
        if difficulty not in LEVELS:
            raise BadUsage(f"--difficulty must be one of {', '.join(LEVELS)}, not {difficulty!r}")
        try:
            others = check_bots(split_names(bots) if bots else [difficulty], n - 1)
        except ValueError as err:
            raise BadUsage(f"--bots: {err}") from None
        if resume is not None and not resume.is_file():
            fail(f"cannot resume: no saved game at {resume}")
        if seed is None:
            seed = secrets.randbelow(1 << 32)
        # resuming saves back to the same file unless told otherwise
        save_path = save or resume or Path(f"{made.name}.save.json")
        if resume is None:
            console.print(f"Seed {seed} (play this deal again with --seed {seed}); saving to {save_path}")
        try:
            terminal = importlib.import_module("tabletop.terminal")
        except ImportError as err:
            fail(f"the terminal game is not available: {err}")
        try:
            terminal.run_game(
                made.name, dict(made.options), seat, others, seed, difficulty, save_path, resume
            )
        except ValueError as err:  # the terminal's refusals (a game it cannot draw, a bad save's seating)
            fail(str(err))
        if resume is None:
            console.print(f"Seed was {seed}; the game is saved in {save_path}")


# ---------------------------------------------------------------- simulate
SIMULATE_HELP = f"""Play bot games and summarize them: points, wins, game length, missions.

The same seed gives the same output with any number of workers and on any
backend (--backend ray: a local Ray, or a Ray cluster with --address), apart
from the timing (the last line; with --json, the "timing" key).

Missions (games whose states list missions_played and points, like Megalomania):
{COMPLETED_HELP}
"""


@app.command(help=SIMULATE_HELP)
def simulate(
    game: GameArg = DEFAULT_GAME,
    players: PlayersOpt = None,
    games: Annotated[int, typer.Option(min=1, help="How many games to play.")] = 100,
    seed: Annotated[
        int, typer.Option(help="Seed of the run; game i and its bots derive theirs from it.")
    ] = 1,
    bots: Annotated[
        str | None, typer.Option(help="One bot per seat, comma-separated, or one for all (default: random).")
    ] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print the summary as JSON on stdout.")] = False,
    workers: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="Worker processes (default 1), or Ray tasks at once (default: every CPU of the Ray "
            "cluster); the output does not depend on it.",
            show_default=False,
        ),
    ] = None,
    backend: BackendOpt = "process",
    address: AddressOpt = None,
    option: OptionOpt = None,
) -> None:
    with friendly_errors():
        made = make_game(game, players, option)
        seats = _lineup(bots, made.players)
        where = backend_address(backend, address)
        cores = workers or (None if backend == "ray" else 1)
        with progress_bar("simulating", games, quiet=json_output) as advance:
            summary = run_simulation(
                made.name, made.options, games, seed, seats, cores, advance, backend, where
            )
    if json_output:
        typer.echo(json.dumps(summary.to_json(), indent=2))
    else:
        print_summary(summary, Console())


# ------------------------------------------------------------------- arena
@app.command()
def arena(
    game: GameArg = DEFAULT_GAME,
    players: PlayersOpt = None,
    bots: Annotated[
        str, typer.Option(help="The line-up, one bot per seat, comma-separated (e.g. ismcts,heuristic).")
    ] = "heuristic,random",
    games: Annotated[int, typer.Option(min=1, help="Games (rounded up to whole seat rotations).")] = 400,
    seed: Annotated[
        int, typer.Option(help="Seed of the run: deal i and every bot derive theirs from it.")
    ] = 1,
    json_output: Annotated[bool, typer.Option("--json", help="Print the results as JSON on stdout.")] = False,
    workers: Annotated[int | None, typer.Option(min=1, help=WORKERS_HELP, show_default=False)] = None,
    backend: BackendOpt = "process",
    address: AddressOpt = None,
    option: OptionOpt = None,
) -> None:
    """Bots against bots with seat rotation and duplicate deals: points, win share, rating.

    The same seed gives the same results with any number of workers and on any backend
    (--backend ray: a local Ray, or a Ray cluster with --address)."""
    from .sim.arena import arena as run_arena
    from .sim.arena_report import print_arena

    with friendly_errors():
        made = make_game(game, players, option)
        lineup = _lineup(bots, made.players)
        total = -(-games // made.players) * made.players
        where = backend_address(backend, address)
        with progress_bar("arena", total, quiet=json_output) as advance:
            result = run_arena(made.name, made.options, lineup, games, seed, workers, advance, backend, where)
    if json_output:
        typer.echo(json.dumps(result.to_json(), indent=2))
    else:
        print_arena(result, Console())


# ----------------------------------------------------------------- balance
BALANCE_HELP = """Balance: play the baseline and each variant data file on the same seeds, and report.

Writes one self-contained HTML report (plots included; it opens offline), the same figures as
JSON, and the games as JSON lines, side by side (--out, default balance-GAME.html, .json, .jsonl).
Ctrl-C stops and keeps what is done; the same command again plays only the games still missing.
Figures: win share by seat and by starting seat, by content (corporations, wizards, characters,
scrolls, missions...), points, margins, game length and the game's own counts, with 95%
intervals; each variant's differences to the baseline, significant ones marked after Holm's
correction (docs/balance.md). The games may be played on a local Ray or a Ray cluster (--backend
ray, --address), with the same results.
"""


@app.command(help=BALANCE_HELP)
def balance(
    game: GameArg = DEFAULT_GAME,
    players: PlayersOpt = None,
    games: Annotated[int, typer.Option(min=1, help="Games per run (with --until: at most).")] = 200,
    bots: Annotated[
        str, typer.Option(help="One bot per seat, comma-separated, or one for all.")
    ] = "heuristic",
    variant: Annotated[
        list[str] | None,
        typer.Option(
            help="A variant as NAME=path.toml: an edited copy of the game's data file (repeatable)."
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the games: game i of every run is dealt from it.")] = 1,
    until: Annotated[
        float | None,
        typer.Option(help="Play until the chosen figures' 95% intervals are narrower than this (e.g. 0.05)."),
    ] = None,
    figure: Annotated[
        list[str] | None,
        typer.Option(
            help="Figures --until watches, as 'GROUP: LABEL' patterns (default 'win share by seat: *')."
        ),
    ] = None,
    out: Annotated[Path | None, typer.Option(help="The HTML report (default balance-GAME.html).")] = None,
    fresh: Annotated[bool, typer.Option(help="Start again: forget the games of the results file.")] = False,
    workers: Annotated[int | None, typer.Option(min=1, help=WORKERS_HELP, show_default=False)] = None,
    backend: BackendOpt = "process",
    address: AddressOpt = None,
    option: OptionOpt = None,
) -> None:
    from .sim.balance import BalanceError
    from .sim.balance_cli import run_command

    with friendly_errors():
        made = make_game(game, players, option)
        try:
            stopped = run_command(
                made.name,
                made.options,
                _lineup(bots, made.players),
                variant or [],
                games,
                seed,
                workers,
                until,
                figure or [],
                out,
                fresh,
                backend,
                backend_address(backend, address),
            )
        except BalanceError as err:
            raise BadUsage(str(err)) from None
    if stopped:
        raise typer.Exit(130)


# -------------------------------------------------------------------- tune
@app.command()
def tune(
    game: GameArg,
    spec: Annotated[Path, typer.Option(help="The tune spec (TOML): parameters, constraints, objectives.")],
    trials: Annotated[int, typer.Option(min=1, help="Trials of the study in all (a re-run goes on).")] = 50,
    games: Annotated[int, typer.Option(min=1, help="Games a trial, on the same seeds in every trial.")] = 200,
    out: Annotated[Path, typer.Option(help="The folder: best.toml, the report, the study.")] = Path("tuned"),
    players: PlayersOpt = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the games (default: the spec's, else 1).")] = None,
    confirm: Annotated[
        int | None,
        typer.Option(min=0, help="Games of the confirmation on fresh seeds (default --games; 0: none)."),
    ] = None,
    storage: Annotated[
        str | None, typer.Option(help="An Optuna storage URL (default sqlite:///OUT/study.db).")
    ] = None,
    fresh: Annotated[bool, typer.Option(help="Start the study again: forget its stored trials.")] = False,
    workers: Annotated[int | None, typer.Option(min=1, help=WORKERS_HELP, show_default=False)] = None,
    backend: BackendOpt = "process",
    address: AddressOpt = None,
    option: OptionOpt = None,
) -> None:
    """Search a data file's numbers for balance targets (an Optuna study; docs/tuning.md)."""
    try:
        from .sim.tune import TuneError
        from .sim.tune_cli import run_command
        from .sim.tune_spec import SpecError
    except ImportError as err:
        fail(f"tabletop tune needs Optuna ({err}): pip install -e '.[tune]'", USAGE)

    with friendly_errors():
        options = {k.strip(): v.strip() for k, _, v in (item.partition("=") for item in option or ())}
        try:
            stopped = run_command(
                game,
                spec,
                trials,
                games,
                out,
                players,
                options,
                seed,
                confirm,
                workers,
                backend,
                backend_address(backend, address),
                storage,
                fresh,
            )
        except (SpecError, TuneError) as err:
            raise BadUsage(str(err)) from None
    if stopped:
        raise typer.Exit(130)


# ------------------------------------------------------------------ replay
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


@app.command()
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


@app.command()
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
        count = advice.budget(record.game).review_playouts if playouts is None else playouts
        used = advice.review_seed(record) if seed is None else seed
        indices, sampled = advice.review_points(record, points)
        curve: dict[int, list[float]] = {}
        with progress_bar("reviewing", len(indices), as_json) as advance:
            for start in range(0, len(indices), 8):
                part = indices[start : start + 8]
                curve.update(advice.evaluate(record, part, count, used))
                advance(len(part))
        data = advice.finish(record, curve, count, used, sampled)
        if as_json:
            print(json.dumps(data, indent=1))
            return
        console.print(
            f"[bold]{escape(record.game)}[/], {len(record.actions)} actions: {count} playouts per decision, "
            f"seed {used}" + (", decisions sampled evenly" if sampled else "")
        )
        for table in review_tables(data, every):
            console.print(table)


# ------------------------------------------------------------------- games
def _allowed(spec: OptionSpec) -> str:
    if spec.choices is not None:
        return ", ".join(map(str, spec.choices))
    if spec.minimum is not None or spec.maximum is not None:
        low = "" if spec.minimum is None else spec.minimum
        high = "" if spec.maximum is None else spec.maximum
        return f"{low}..{high}"
    return ""


@app.command("games")
def list_games() -> None:
    """List the registered games and their options."""
    console = Console(highlight=False)
    with friendly_errors():
        for name in names():
            cls = game_class(name)
            table = Table(title=f"{name}: {cls.title}", title_justify="left")
            for column in ("option", "type", "default", "allowed", "meaning"):
                table.add_column(column, overflow="fold")
            for spec in cls.option_specs:
                table.add_row(spec.name, spec.type.__name__, repr(spec.default), _allowed(spec), spec.help)
            console.print(table)
        console.print("[dim]Set options with --players N and --option KEY=VALUE.[/]")


# ------------------------------------------------------------------- rules
@app.command("rules")
def rules_command(
    game: GameArg,
    glossary: Annotated[
        bool, typer.Option("--glossary/--no-glossary", help="Print the glossary after the rules.")
    ] = True,
) -> None:
    """Print a game's rules for players: a summary with its cards drawn, what the team designed
    marked provisional, and the glossary of its words (the web app's /rules/GAME)."""
    from .terminal.rules import render_rules

    with friendly_errors():
        name = game_class(game).name  # an unknown game is refused by name
        Console(highlight=False).print(render_rules(name, glossary))


# ------------------------------------------------------------------- tutorial
@app.command("tutorial")
def tutorial_command(
    game: GameArg,
    file: Annotated[
        Path | None, typer.Option(help="A draft script to check instead of the game's own.")
    ] = None,
) -> None:
    """Check a game's guided first game (its script, tabletop/words/tutorials/GAME.toml): read it,
    play it as a tutorial table does (the server's bots and seeds) and print each step with what
    happens between your moves; a problem is named with its step."""
    from .server.tutorials import TutorialBroken, report, walk
    from .words.tutorials import read_file, tutorial

    with friendly_errors():
        name = game_class(game).name  # an unknown game is refused by name
        script = tutorial(name) if file is None else read_file(file, name)
        try:
            found = walk(script)
        except TutorialBroken as err:
            fail(str(err))
        typer.echo("\n".join(report(found)))


# ------------------------------------------------------------------- serve
@app.command()
def serve(
    host: Annotated[
        str, typer.Option(help="Address to listen on (127.0.0.1: this machine only).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port to listen on.")] = 8000,
    db: Annotated[
        str, typer.Option(help="Database URL: sqlite:///FILE (the default) or postgresql://USER@HOST/DB.")
    ] = "sqlite:///tabletop.db",
    bot_delay: Annotated[
        float, typer.Option(min=0.0, help="Seconds a bot waits before it acts, so people can follow.")
    ] = 0.6,
    bot_workers: Annotated[
        str, typer.Option(help="Where bots think: 'process' (other cores) or 'thread'.")
    ] = "process",
    bot_count: Annotated[
        int,
        typer.Option(min=1, max=256, help="How many bot workers (one is kept for tables people play at)."),
    ] = 2,
    tables_per_minute: Annotated[
        int, typer.Option(min=0, help="Tables one address may create in a minute (0: no limit).")
    ] = 30,
    open_tables: Annotated[
        int, typer.Option(min=0, help="Unfinished tables one address may have created (0: no limit).")
    ] = 60,
    watch_tables: Annotated[
        int, typer.Option(min=0, help="Bot-only tables open on the server (0: no limit).")
    ] = 20,
    watch_tables_per_address: Annotated[
        int, typer.Option(min=0, help="Bot-only tables one address may have open (0: no limit).")
    ] = 2,
    sockets_per_address: Annotated[
        int, typer.Option(min=0, help="WebSockets open at once from one address (0: no limit).")
    ] = 60,
    joins_per_minute: Annotated[
        int,
        typer.Option(min=0, help="WebSockets one address may open to one table in a minute (0: no limit)."),
    ] = 30,
    socket_messages: Annotated[
        int, typer.Option(min=0, help="Messages a WebSocket may send in 10 seconds (0: no limit).")
    ] = 100,
    allow_origin: Annotated[
        list[str] | None,
        typer.Option(help="Another site whose pages may use this server (https://host[:port]); repeatable."),
    ] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            help="Behind a reverse proxy: the proxy addresses (comma-separated, or '*') trusted to "
            "give the client's address in X-Forwarded-For; limits count per address."
        ),
    ] = None,
    smtp: Annotated[
        str | None,
        typer.Option(
            help="The SMTP server mail goes through: smtp+starttls://USER@HOST:587, smtps://USER@HOST:465 "
            "or smtp://HOST:25 (password in TABLETOP_SMTP_PASSWORD). Without it, mail is off."
        ),
    ] = None,
    mail_from: Annotated[
        str, typer.Option(help="The sender of the mails.")
    ] = "tabletop <tabletop@localhost>",
    public_url: Annotated[
        str, typer.Option(help="This server's address as players reach it, for the links in mails.")
    ] = "",
    vapid_key: Annotated[
        str | None,
        typer.Option(help="Web Push's VAPID key file (PEM, made if missing; default: in the database)."),
    ] = None,
    log_format: Annotated[
        str,
        typer.Option(help="Log lines: 'text', or 'json' (one object a line, with request, table, seat ids)."),
    ] = "text",
) -> None:
    """Serve the lobby, the tables and the browser client: play online with friends and bots."""
    if log_format not in ("text", "json"):
        fail("--log-format takes 'text' or 'json'", USAGE)
    metrics_directory(bot_workers == "process")  # before anything imports prometheus-client
    try:
        from .server import Settings, create_app
        from .server.serving import serve as run_server
    except ImportError as err:
        fail(f"the server needs its dependencies (pip install -e .): {err}")
    if bot_workers not in ("process", "thread"):
        fail("--bot-workers takes 'process' or 'thread'", USAGE)
    settings = Settings(
        bot_delay=bot_delay,
        bot_workers=bot_workers,
        bot_threads=bot_count,
        tables_per_minute=tables_per_minute,
        open_tables=open_tables,
        watch_tables=watch_tables,
        watch_tables_per_address=watch_tables_per_address,
        sockets_per_address=sockets_per_address,
        joins_per_minute=joins_per_minute,
        socket_messages=socket_messages,
        allowed_origins=tuple(allow_origin or ()),
        public_url=public_url or f"http://{local_name(host)}:{port}",
        vapid_key_file=vapid_key,
    )
    if smtp:  # mail (issue 30: tabletop/server/mail.py)
        from os import environ

        from .server.mail import parse_smtp

        try:
            settings.smtp = parse_smtp(smtp, mail_from, environ.get("TABLETOP_SMTP_PASSWORD"))
        except ValueError as err:
            fail(f"--smtp: {err}", USAGE)
    if log_format == "json":
        from .server.logs import use_json

        use_json()
    application = create_app(db, settings)
    shown = local_name(host)
    Console(highlight=False, soft_wrap=True).print(
        f"tabletop is serving on [bold]http://{shown}:{port}/[/] (database {escape(db)}); Ctrl-C stops it"
    )
    run_server(application, host, port, forwarded_allow_ips, json_logs=log_format == "json")


def metrics_directory(workers: bool) -> None:
    """Prometheus' multi-process mode when bots think in worker processes (``workers``) (or the environment
    asks for it), so that their metrics reach /metrics (server/metrics.py): a directory of this
    server's own (inside PROMETHEUS_MULTIPROC_DIR when that is set), named in PROMETHEUS_MULTIPROC_DIR
    for it and its workers, and removed when it stops (docs/server.md, "Metrics")."""
    import atexit
    import os
    import shutil
    import signal
    import tempfile
    from types import FrameType

    if not workers and "PROMETHEUS_MULTIPROC_DIR" not in os.environ:
        return
    folder = tempfile.mkdtemp(prefix="tabletop-metrics-", dir=os.environ.get("PROMETHEUS_MULTIPROC_DIR"))
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = folder
    atexit.register(shutil.rmtree, folder, True)

    def stopped(number: int, _: FrameType | None) -> None:  # uvicorn raises SIGTERM again once stopped
        shutil.rmtree(folder, True)
        signal.signal(number, signal.SIG_DFL)
        signal.raise_signal(number)

    signal.signal(signal.SIGTERM, stopped)


def local_name(host: str) -> str:
    return "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host


db_app = typer.Typer(help="The server's database: its schema migrations.", no_args_is_help=True)
app.add_typer(db_app, name="db")
app.add_typer(admin_app, name="admin")  # moderation (issue 31): admin_cli.py


@db_app.command("upgrade")
def db_upgrade(
    db: Annotated[
        str, typer.Option(help="Database URL: sqlite:///FILE (the default) or postgresql://USER@HOST/DB.")
    ] = "sqlite:///tabletop.db",
) -> None:
    """Bring a database's schema up to date (`tabletop serve` does it too when it starts)."""
    try:
        from .server.storage import Storage
    except ImportError as err:
        fail(f"the server needs its dependencies (pip install -e .): {err}")
    storage = Storage(db)
    try:
        before, after = storage.create_schema()
    finally:
        storage.close()
    Console(highlight=False).print(f"database {escape(db)}: schema revision {before} -> {after}")


def main() -> None:
    """The `tabletop` entry point."""
    app()
