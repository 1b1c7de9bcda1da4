"""``tabletop balance``: the run with a progress bar, the report written, a few lines of findings."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.progress import Progress as Bar
from rich.progress import TaskID

from .balance import BalanceError, Outcome, Progress, Store, plan, run_balance
from .balance_report import build, findings, write
from .bars import task_bar


class BarProgress(Progress):
    """Rich's progress bar on stderr, with the time left (only on a terminal)."""

    def __init__(self, bar: Bar, runs: int) -> None:
        self.bar, self.runs = bar, runs
        self.task: TaskID | None = None

    def batch(self, games: int, target: int) -> None:
        label = f"{self.runs} run{'s' if self.runs > 1 else ''} to {target} games"
        if self.task is None:
            self.task = self.bar.add_task(label, total=games)
        else:
            done = next(t.completed for t in self.bar.tasks if t.id == self.task)
            self.bar.update(self.task, total=done + games, description=label)

    def advance(self, games: int) -> None:
        if self.task is not None:
            self.bar.advance(self.task, games)


def parse_variants(items: Sequence[str]) -> list[tuple[str, str]]:
    found = []
    for item in items:
        name, sep, path = item.partition("=")
        if not sep or not name.strip() or not path.strip():
            raise BalanceError(f"--variant takes NAME=path.toml, not {item!r}")
        found.append((name.strip(), path.strip()))
    return found


def paths(out: Path | None, game: str) -> tuple[Path, Path, Path]:
    """The report, its JSON figures and the results file, side by side."""
    html = out or Path(f"balance-{game}.html")
    if html.suffix.lower() not in (".html", ".htm"):
        html = html.with_name(html.name + ".html")
    return html, html.with_suffix(".json"), html.with_suffix(".jsonl")


def run_command(
    game: str,
    options: dict[str, Any],
    bots: Sequence[str],
    variants: Sequence[str],
    games: int,
    seed: int,
    workers: int | None,
    until: float | None,
    figures: Sequence[str],
    out: Path | None,
    fresh: bool,
    backend: str = "process",
    address: str | None = None,
) -> bool:
    """Play, write the report; True when Ctrl-C stopped the games (the report has what was done)."""
    spec = plan(
        game,
        options,
        bots,
        seed,
        parse_variants(variants),
        games,
        until,
        figures,
        workers,  # None: every core, or every CPU of the Ray cluster
        backend,
        address,
    )
    html, json_path, results = paths(out, spec.game)
    store = Store(results, spec, fresh)
    console, err = Console(highlight=False, soft_wrap=True), Console(stderr=True)
    kept = len(store.common())
    if kept:
        console.print(f"{kept} games per run already played, from {escape(str(results))}")
    with task_bar(err) as bar:
        outcome: Outcome = run_balance(spec, store, BarProgress(bar, len(spec.runs)))
    if not outcome.games:
        console.print("No game was played in every run: nothing to report yet.")
        return outcome.interrupted
    figures_found = build(outcome)
    write(figures_found, html, json_path)
    console.print(
        f"[bold]{escape(figures_found.title)}[/]: {len(outcome.games)} games per run "
        f"({outcome.played} played now, {outcome.elapsed:.1f} s), stopped by {escape(outcome.why)}"
    )
    for line in findings(figures_found):
        console.print(escape(line))
    console.print(
        f"Report: {escape(str(html))}; figures: {escape(str(json_path))}; games: {escape(str(results))}"
    )
    if outcome.interrupted:
        console.print("[yellow]Stopped by Ctrl-C: the same command plays the games still missing.[/]")
    return outcome.interrupted
