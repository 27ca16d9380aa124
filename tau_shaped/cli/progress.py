"""Progress of a long command on stderr: records done, rate and time left (rich)."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator, Optional


@contextmanager
def score_progress(label: str = "scoring") -> Iterator[Optional[Callable[[int, Optional[int]], None]]]:
    """A callback ``(done, total)`` drawing a bar with rate and ETA on stderr while the block
    runs; None when stderr is not a terminal (logs and pipes stay clean, and no total is
    counted for nobody)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    console = Console(stderr=True)
    if not console.is_terminal:
        yield None
        return
    columns = [TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.fields[rate]}"),
               TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn()]
    with Progress(*columns, console=console, transient=False) as progress:
        task = progress.add_task(label, total=None, rate="")

        def update(done: int, total: Optional[int]) -> None:
            speed = progress.tasks[0].speed
            progress.update(task, completed=done, total=total, rate=f"{speed:,.0f} records/s" if speed else "")

        yield update
