"""What every interleaved benchmark in bench/ shares: the machine line, progress on stderr, the
timing options, and the main that parses them, measures and prints a table or JSON."""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from collections.abc import Callable, Mapping
from dataclasses import asdict, astuple, dataclass, field
from typing import Any, Generic, TypeVar

from rich.table import Table

R = TypeVar("R")  # a frozen dataclass of rates, the first of them the one that ranks runs

LOAD_AT_START = os.getloadavg()[0]  # well above 0: other work was running and may slow the runs


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def machine() -> str:
    system = f"{platform.system()} {platform.machine()}"
    return f"Python {platform.python_version()} on {system}, {os.cpu_count()} CPUs"


@dataclass
class Result(Generic[R]):
    """One engine's (or environment's) timed runs, or why it could not run."""

    engine: str
    ours: bool = False
    version: str = ""
    players: int = 0
    error: str | None = None
    runs: list[R] = field(default_factory=list)

    @property
    def best(self) -> R | None:
        """The fastest run by the first rate: other work can only slow a run down."""
        return max(self.runs, key=lambda r: astuple(r)[0], default=None)


Cell = Callable[[Result[Any], Any], str]  # a result and its best run: one cell of the table


def print_results(
    console: Any, title: str, named: str, results: list[Result[Any]], cells: Mapping[str, Cell]
) -> None:
    """A table ``title``: one row a result, its name under ``named``, then ``cells`` (by column,
    right-aligned) of its best run, or dashes; then why any result could not run."""
    table = Table(title=title)
    table.add_column(named, no_wrap=True)
    for column in cells:
        table.add_column(column, justify="right")
    for r in results:
        best = r.best
        table.add_row(r.engine, *(cell(r, best) if best is not None else "-" for cell in cells.values()))
    console.print(table)
    for r in results:
        if r.error:
            console.print(f"{r.engine}: {r.error}", markup=False)


def report(
    args: argparse.Namespace, statistic: str, results: list[Result[Any]], listed: str, named: str
) -> dict[str, Any]:
    """The head of a ``--json`` report: the machine, the settings, and every result's runs under
    ``listed``, each result's name under ``named``."""
    return {
        "machine": machine(),
        "load_average_at_start": LOAD_AT_START,
        "settings": {k: v for k, v in vars(args).items() if k != "json"},
        "statistic": statistic,
        listed: [
            {
                named: r.engine,
                "ours": r.ours,
                "version": r.version,
                "players": r.players,
                "error": r.error,
                "best": asdict(b) if (b := r.best) else None,
                "runs": [asdict(run) for run in r.runs],
            }
            for r in results
        ],
    }


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def parser(doc: str | None, seconds: float, each: str) -> argparse.ArgumentParser:
    """A parser with the options of interleaved timed runs; ``each`` names what is timed."""
    p = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    p.add_argument("--seconds", type=float, default=seconds, help="wall time of each timed run")
    p.add_argument("--repeats", type=int, default=3, help=f"timed runs per {each}")
    p.add_argument("--warmup", type=float, default=1.0, help=f"untimed seconds per {each} first")
    p.add_argument("--seed", type=int, default=0, help="seed of the random players")
    p.add_argument("--json", action="store_true", help="print JSON instead of tables")
    return p


def main(
    p: argparse.ArgumentParser,
    measure: Callable[[argparse.Namespace], Any],
    as_json: Callable[[argparse.Namespace, Any], dict[str, Any]],
    print_table: Callable[[argparse.Namespace, Any], None],
) -> None:
    """Parse, check, measure, then print the results as JSON or as tables."""
    args = p.parse_args()
    if args.repeats < 1 or args.seconds <= 0:
        p.error("--repeats must be at least 1 and --seconds positive")
    results = measure(args)
    if args.json:
        print(json.dumps(as_json(args, results), indent=2))
    else:
        print_table(args, results)
