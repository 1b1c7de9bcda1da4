"""The progress bar of the long commands (balance, tune): on stderr, only on a terminal, gone when
done; a task's description, its bar, games done of all, time spent and time left."""

from __future__ import annotations

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


def task_bar(err: Console) -> Progress:
    """A bar to use as a context manager; its tasks are added by the command's Progress."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    )
