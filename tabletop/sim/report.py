"""A :class:`Summary` as Rich tables, for ``tabletop simulate``."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from .summary import Summary

COMPLETED_HELP = (
    "A seat completes a round's mission when its points for that round are nonzero "
    "(for a negative fixed mission: when the loss applies; for a variable mission: "
    "when it counts at least one unit)."
)


def _options_text(summary: Summary) -> str:
    shown = {
        k: v for k, v in summary.options.items() if k != "players" and v not in ("", None) and v is not False
    }
    return "".join(f", {k}={v}" for k, v in shown.items())


def seats_table(summary: Summary) -> Table:
    table = Table(title="Final points per seat", title_justify="left")
    for name in ("seat", "bot", "mean", "std dev", "min", "max", "wins", "win share"):
        table.add_column(name, justify="left" if name == "bot" else "right")
    for s in summary.seats:
        table.add_row(
            str(s.seat),
            s.bot,
            f"{s.mean:.2f}",
            f"{s.stdev:.2f}",
            str(s.min),
            str(s.max),
            f"{s.wins:.2f}",
            f"{s.win_share:.1%}",
        )
    return table


def missions_table(summary: Summary) -> Table | None:
    if summary.missions is None:
        return None
    table = Table(title="Missions", title_justify="left", caption=COMPLETED_HELP, caption_justify="left")
    table.add_column("#", justify="right")
    table.add_column("task", overflow="fold", ratio=1)
    table.add_column("played", justify="right")
    table.add_column("per game", justify="right")
    table.add_column("completed", justify="right")
    table.add_column("rate", justify="right")
    table.add_column("mean pts", justify="right")
    for m in summary.missions:
        table.add_row(
            str(m.mission),
            m.task,
            str(m.played),
            f"{m.played / summary.games:.2f}",
            str(m.completed),
            f"{m.completion_rate:.1%}",
            f"{m.mean_points:+.2f}",
        )
    return table


def facts_table(summary: Summary) -> Table | None:
    if not summary.facts:
        return None
    table = Table(title="Per game", title_justify="left")
    for name in ("fact", "mean", "min", "max"):
        table.add_column(name, justify="left" if name == "fact" else "right")
    for f in summary.facts:
        table.add_row(f.name, f"{f.mean:.2f}", str(f.min), str(f.max))
    return table


def labels_table(summary: Summary) -> Table | None:
    if not summary.labels:
        return None
    table = Table(
        title="Win share by what a seat had (a seat with several of a kind counts once each)",
        title_justify="left",
        caption="par: the share if every seat won equally often; 95% Wilson interval",
        caption_justify="left",
    )
    for name in ("kind", "label", "seats", "wins", "win share", "interval", "par"):
        table.add_column(name, justify="left" if name in ("kind", "label") else "right")
    for x in summary.labels:
        interval = f"{x.low:.1%}-{x.high:.1%}"
        table.add_row(
            x.kind, x.label, str(x.seated), f"{x.wins:.1f}", f"{x.win_share:.1%}", interval, f"{x.par:.1%}"
        )
    return table


def print_summary(summary: Summary, console: Console) -> None:
    """Everything but the last line is a function of the seed; the last line is the timing."""
    console.print(
        f"[bold]{summary.game}[/bold]: {summary.players} players{_options_text(summary)}, "
        f"{summary.games} games, seed {summary.seed}; bots: {', '.join(summary.bots)}"
    )
    console.print(seats_table(summary))
    length = summary.length
    console.print(
        f"Game length in decisions: mean {length.mean:.1f}, min {length.min}, max {length.max}",
        highlight=False,
    )
    if summary.round_length is not None:
        rounds = summary.round_length
        console.print(
            f"Game length in rounds: mean {rounds.mean:.1f}, min {rounds.min}, max {rounds.max}",
            highlight=False,
        )
    if summary.margin is not None:
        m = summary.margin
        console.print(f"Winner's margin: mean {m.mean:.1f}, min {m.min}, max {m.max}", highlight=False)
    facts = facts_table(summary)
    if facts is not None:
        console.print(facts)
    labels = labels_table(summary)
    if labels is not None:
        console.print(labels)
    missions = missions_table(summary)
    if missions is not None:
        console.print(missions)
    timing = summary.timing
    console.print(
        f"Timing: {summary.games} games in {timing.elapsed_seconds:.2f} s "
        f"({timing.games_per_second:.1f} games per second)",
        highlight=False,
    )
