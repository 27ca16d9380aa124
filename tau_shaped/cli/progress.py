"""Progress of a long command on stderr: items done, rate and time left (rich).

Drawn only when stderr is a terminal: in a log or a pipe nothing is written, so a command's
outputs are byte for byte the same with or without it (``tasks check``, ``grader-test``,
``score``; ``run`` draws its own bar, with its running pass rates, the same way).
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Callable, ContextManager, Iterator, Optional

Update = Callable[[int, Optional[int]], None]


@contextmanager
def progress_bar(label: str, unit: str) -> Iterator[Optional[Update]]:
    """A callback ``(done, total)`` drawing a bar with rate and ETA on stderr while the block
    runs (total None: not known yet); None when stderr is not a terminal (logs and pipes stay
    clean, and no total is counted for nobody). The callback may be called from any thread.
    Where rich would find no terminal anyway (stderr is no tty and neither ``TTY_COMPATIBLE``
    nor ``FORCE_COLOR`` is set), rich is not imported: a scorer in a pipe starts ~20 ms sooner."""
    if not _may_be_terminal():
        yield None
        return
    from rich.console import Console

    console = Console(stderr=True)
    if not console.is_terminal:
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    columns = [TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.fields[rate]}"),
               TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn()]
    with Progress(*columns, console=console, transient=False) as progress:
        task = progress.add_task(label, total=None, rate="")

        def update(done: int, total: Optional[int]) -> None:
            speed = progress.tasks[0].speed
            progress.update(task, completed=done, total=total, rate=f"{speed:,.0f} {unit}/s" if speed else "")

        yield update


def _may_be_terminal() -> bool:
    """Whether rich's ``Console(stderr=True).is_terminal`` may say yes: only by those two
    variables or a stderr that is a tty (what it reads, besides cases that say no)."""
    if "TTY_COMPATIBLE" in os.environ or "FORCE_COLOR" in os.environ:
        return True
    isatty = getattr(sys.stderr, "isatty", None)
    try:
        return bool(isatty()) if isatty is not None else False
    except ValueError:  # a closed stream: rich says no too
        return False


def score_progress(label: str = "scoring") -> ContextManager[Optional[Update]]:
    """``score``'s bar: records."""
    return progress_bar(label, "records")
