"""What every ``tabletop`` command shares: exit codes, one red line for an error, the engine's
errors turned into it, and the database option of the server's commands."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from .core.errors import InvalidOptions, TabletopError, UnknownGame

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


DEFAULT_DB = "sqlite:///tabletop.db"
Db = Annotated[
    str, typer.Option(help="Database URL: sqlite:///FILE (the default) or postgresql://USER@HOST/DB.")
]


def limit(help: str) -> Any:
    """A server limit's option: a count, 0 for no limit."""
    return typer.Option(min=0, help=f"{help} (0: no limit).")


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
