"""``tabletop tune``: the study with a progress bar, the kept files, the confirmation and the report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.progress import Progress as Bar
from rich.progress import TaskID

from . import balance
from .bars import task_bar
from .tune import Progress, TuneError, open_study, run_tune, storage_url, write_best
from .tune_report import confirm, write_report
from .tune_spec import load


class TuneBar(Progress):
    """Games played (the bar and the time left), trials done and the best so far (its label)."""

    def __init__(self, bar: Bar) -> None:
        self.bar = bar
        self.task: TaskID | None = None

    def start(self, games: int, done: int, target: int) -> None:
        self.task = self.bar.add_task(f"trials {done}/{target}", total=max(1, games))

    def advance(self, games: int) -> None:
        if self.task is not None:
            self.bar.advance(self.task, games)

    def trial(self, done: int, target: int, best: str) -> None:
        if self.task is not None:
            self.bar.update(self.task, description=f"trials {done}/{target}, {best}")


class ConfirmBar(balance.Progress):
    def __init__(self, bar: Bar) -> None:
        self.bar = bar
        self.task: TaskID | None = None

    def batch(self, games: int, target: int) -> None:
        self.task = self.bar.add_task(f"confirming on fresh seeds, {target} games a run", total=max(1, games))

    def advance(self, games: int) -> None:
        if self.task is not None:
            self.bar.advance(self.task, games)


def run_command(
    game: str,
    spec_path: Path,
    trials: int,
    games: int,
    out: Path,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    confirm_games: int | None = None,
    workers: int | None = 1,
    backend: str = "process",
    address: str | None = None,
    storage: str | None = None,
    fresh: bool = False,
) -> bool:
    """Tune, keep, confirm, report; True when Ctrl-C stopped it (the same command goes on)."""
    if trials < 1 or games < 1:
        raise TuneError("a tune needs at least one trial of at least one game")
    spec = load(spec_path, game, players, options, seed)
    out.mkdir(parents=True, exist_ok=True)
    url = storage_url(out, storage)
    study = open_study(spec, games, url, fresh)
    console, err = Console(highlight=False, soft_wrap=True), Console(stderr=True)
    already = sum(1 for t in study.trials if t.state.is_finished())
    if already:
        console.print(f"Going on with the study in {escape(url)} ({already} trials stored)")
    with task_bar(err) as bar:
        outcome = run_tune(spec, study, games, trials, backend, workers, address, TuneBar(bar))
    console.print(
        f"[bold]{escape(spec.game)}[/]: {outcome.trials_played} trials played now ({outcome.played} games, "
        f"{outcome.elapsed:.1f} s); stopped by {escape(outcome.why)}"
    )
    kept = write_best(spec, study, out)
    if not kept:
        console.print("No trial completed yet: nothing to keep.")
        return outcome.interrupted
    for name, path, t in kept:
        scores = ", ".join(f"{o.name} {v:.4g}" for o, v in zip(spec.objectives, t.values, strict=True))
        params = ", ".join(f"{k}={v}" for k, v in t.params.items())
        console.print(
            f"{escape(name)}: trial {t.number} ({escape(params)}): {escape(scores)} -> {escape(str(path))}"
        )
    confirmation = None
    stopped = outcome.interrupted
    if not stopped and (confirm_games is None or confirm_games > 0):
        runs = [(name, path) for name, path, _ in kept[:5]]
        try:
            with task_bar(err) as bar:
                confirmation = confirm(
                    spec, runs, out, confirm_games or games, workers, backend, address, ConfirmBar(bar)
                )
        except KeyboardInterrupt:
            stopped = True
    if confirmation is not None:
        games_run = len(confirmation.figures.outcome.games)
        console.print(f"Confirmation on fresh seeds (seed {confirmation.seed}, {games_run} games a run):")
        for o in spec.objectives:
            line = ", ".join(
                f"{r.run} {r.score:.4g}{' (met)' if r.met and o.kind != 'direction' else ''}"
                for r in confirmation.rows
                if r.objective == o.name
            )
            console.print(f"  {escape(o.name)} ({escape(o.describe())}): {escape(line)}")
    page = write_report(outcome, kept, confirmation, out)
    console.print(f"Report: {escape(str(page))}")
    if stopped:
        console.print("[yellow]Stopped by Ctrl-C: the same command goes on with the study.[/]")
    return stopped
