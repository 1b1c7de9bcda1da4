"""The arena's results as a Rich table."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from .arena import ArenaResult


def print_arena(result: ArenaResult, console: Console) -> None:
    n = len(result.lineup)
    console.print(
        f"[bold]{result.game}[/]: {n} players, {result.games} games "
        f"({result.games // n} deals x {n} seatings), seed {result.seed}; "
        f"line-up: {', '.join(result.lineup)}"
    )
    table = Table()
    for column in ("bot", "seats played", "mean points", "win share", "95% interval", "rating"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for bot in result.bots:
        table.add_row(
            bot.bot,
            str(bot.seats),
            f"{bot.mean_points:+.2f}",
            f"{bot.win_share:.3f}",
            f"{bot.win_low:.3f}-{bot.win_high:.3f}",
            f"{bot.rating:.0f}",
        )
    console.print(table)
    console.print(
        "[dim]Win share: first places (shared ties split) per seat played; interval: Wilson 95%, "
        "treating seats as independent (duplicate deals make it conservative for comparisons). "
        "Rating: Bradley-Terry from every pair's finishing order, Elo scale, mean 1500.[/]"
    )
    console.print(f"Timing: {result.elapsed:.1f} s")
