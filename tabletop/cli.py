"""The `tabletop` command: play, simulate, replay, review, list the games and print their rules.

Engine errors (``TabletopError``) become one red line and exit code 2 for bad
usage (unknown game, bad options or arguments) or 1 for everything else
(a corrupt record, a game that breaks), never a traceback.
"""

from __future__ import annotations

import importlib
import json
import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from .admin_cli import admin_app
from .agents.levels import LEVELS
from .bot_cli import bot_app
from .cli_common import USAGE, BadUsage, fail, friendly_errors, progress_bar
from .core.protocol import Game, OptionSpec
from .core.registry import game_class, make, names
from .ladder_cli import ladder
from .replay_cli import replay, review
from .serve_cli import db_app, serve
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
WorkersOpt = Annotated[int | None, typer.Option(min=1, help=WORKERS_HELP, show_default=False)]
BotsOpt = Annotated[str, typer.Option(help="One bot per seat, comma-separated, or one for all.")]
SeedOpt = Annotated[int, typer.Option(help="Seed of the run: every deal and bot derive theirs from it.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the results as JSON on stdout.")]


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
    seed: SeedOpt = 1,
    bots: BotsOpt = "random",
    json_output: JsonOpt = False,
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
    bots: BotsOpt = "heuristic,random",
    games: Annotated[int, typer.Option(min=1, help="Games (rounded up to whole seat rotations).")] = 400,
    seed: SeedOpt = 1,
    json_output: JsonOpt = False,
    workers: WorkersOpt = None,
    backend: BackendOpt = "process",
    address: AddressOpt = None,
    option: OptionOpt = None,
) -> None:
    """Bots against bots with seat rotation and duplicate deals: points, win share, rating.

    The same seed gives the same results with any number of workers and on any backend
    (--backend ray: a local Ray, or a Ray cluster with --address); a bot that thinks for a time
    (hard) does so where it reaches its iteration cap first."""
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
    bots: BotsOpt = "heuristic",
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
    workers: WorkersOpt = None,
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
    workers: WorkersOpt = None,
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


app.command()(replay)
app.command()(review)
app.command()(serve)
app.command()(ladder)  # the levels rated against each other (issue 34): ladder_cli.py
app.add_typer(db_app, name="db")
app.add_typer(admin_app, name="admin")  # moderation (issue 31): admin_cli.py
app.add_typer(bot_app, name="bot")  # bots online with an API token (issue 32): bot_cli.py


def main() -> None:
    """The `tabletop` entry point."""
    app()
