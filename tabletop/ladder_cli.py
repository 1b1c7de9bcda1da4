"""``tabletop ladder``: the named bots (people's levels among them) rated against each other in one
run, printed as a table and written as JSON (sim/ladder.py; the server shows the files it ships,
tabletop/server/ladder/, on the leaderboard page)."""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from .cli_common import BadUsage, friendly_errors, progress_bar
from .core.registry import make
from .sim.ladder import ENTRANTS, LadderError, LadderResult, round_games, table_size


def seconds_text(seconds: float) -> str:
    return "< 0.001" if seconds < 0.001 else f"{seconds:.3f}"


def fixed(value: float, digits: int) -> str:
    """``value`` with ``digits`` decimals as the leaderboard page writes it (JavaScript's
    ``toFixed``: the float's exact value, a tie rounded up), so the table printed here and the page
    agree to the digit."""
    return str(Decimal(value).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP))


def print_ladder(result: LadderResult, console: Console) -> None:
    console.print(
        f"[bold]{result.title}[/]: {result.players} players a table, {result.games} games "
        f"({result.deals} deals x {result.players} seatings), seed {result.seed}; "
        f"entrants: {', '.join(result.entrants)}"
    )
    table = Table()
    columns = ("level", "rating", "95%", "win share", "95% ", "games", "s a decision")
    for column in columns:
        table.add_column(column, justify="left" if column == "level" else "right")
    for rung in result.rungs:  # the figures the JSON file keeps, as the page shows them
        kept = rung.to_json()
        rating, (low, high) = kept["rating"], kept["rating_95"]
        share, (share_low, share_high) = kept["win_share"], kept["win_share_95"]
        table.add_row(
            rung.bot,
            fixed(rating, 0),
            f"{fixed(low, 0)}-{fixed(high, 0)}",
            fixed(share, 2),
            f"{fixed(share_low, 2)}-{fixed(share_high, 2)}",
            str(rung.games),
            seconds_text(kept["seconds_per_decision"]),
        )
    console.print(table)
    console.print(
        "[dim]Rating: Bradley-Terry from who finished ahead of whom at a table, Elo scale, mean 1500 "
        "(200 apart: the stronger ahead 3 times in 4); interval: bootstrap over the deals. Win share: "
        f"first places per game (ties split), par {1 / result.players:.2f}; interval: Wilson 95%.[/]"
    )
    console.print(f"{result.machine}; {result.elapsed:.1f} s. Again: {result.command()}")


def ladder(
    game: Annotated[str, typer.Argument(help="A registered game (see `tabletop games`).")],
    players: Annotated[
        int | None, typer.Option(help="Players at a table (default: 4, or the game's most if fewer).")
    ] = None,
    games: Annotated[
        int, typer.Option(min=1, help="Games, at least (rounded up to whole passes of the line-ups).")
    ] = 200,
    seed: Annotated[int, typer.Option(help="Seed of the run: every deal and bot derive theirs from it.")] = 1,
    workers: Annotated[
        int, typer.Option(min=1, help="Worker processes (1 for hard's figures: it uses every core).")
    ] = 1,
    entrants: Annotated[
        str, typer.Option(help="The bots rated, comma-separated (at least --players of them).")
    ] = ",".join(ENTRANTS),
    out: Annotated[
        Path | None,
        typer.Option(
            help="The JSON file (default ladder-GAME.json; shown online: tabletop/server/ladder/GAME.json)."
        ),
    ] = None,
) -> None:
    """The ladder: random, heuristic, easy, normal and hard rated against each other.

    A table seats --players of the entrants (default 4, or the game's most if fewer); the line-ups go
    through every combination of entrants, each on a deal played once per seat rotation (duplicate
    deals), so every entrant plays every seat against every other equally often.  The games are
    rounded up to whole passes of the combinations.  Prints each entrant's rating (Bradley-Terry, Elo
    scale, mean 1500, 95% bootstrap interval over the deals), win share (95% Wilson interval), games
    and mean seconds a decision, and writes them as JSON (--out).

    `hard` thinks for a set time on every core: for its figures, play on one worker (--workers 1) on
    an otherwise idle machine.  The same seed gives the same games with any number of workers, but
    for a bot that thinks for a set time.
    """
    from .sim.ladder import ladder as run_ladder

    with friendly_errors():
        names = [name.strip() for name in entrants.split(",") if name.strip()]
        try:
            made = make(game)
            low, high = made.player_range()
            total = round_games(games, len(names), table_size(low, high, players, len(names)))
        except LadderError as err:
            raise BadUsage(str(err)) from None
        with progress_bar("ladder", total, quiet=False) as advance:
            try:
                result = run_ladder(made.name, players, games, seed, workers, names, advance)
            except LadderError as err:
                raise BadUsage(str(err)) from None
        print_ladder(result, Console())
        path = out or Path(f"ladder-{result.game}.json")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(result.to_json(), indent=2) + "\n")
    Console(highlight=False).print(f"Written: {path}")
