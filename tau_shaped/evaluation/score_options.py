"""What ``tau-shaped score`` was asked, as one value handed to a results format and a scoring
backend (``results_formats.py``, ``scoring_backends.py``), and the one-line error of a request
that cannot be run (an unknown format or backend, options a backend does not take)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, List, Optional

#: ``on_progress(done, total)``: records scored so far, and how many there are (None: not known yet).
Progress = Callable[[int, Optional[int]], None]


class ScoringError(ValueError):
    """A scoring request that cannot be run: no format reads the file, no such backend, or a
    backend that does not run this format or take these options. The message is one line."""


@dataclass(frozen=True)
class ScoreOptions:
    """The options of one scoring run (``tau-shaped score``'s, one field each).

    ``env``: the domain the records are scored in; ``task_split``: the split their tasks are
    looked up in; ``tasks``: a task file of one's own to look them up in instead, by id
    (``--tasks``; ``RecordScorer``'s ``tasks``); ``blend``/``lam``: the shaped blend (SPEC §7); ``output``: where to write
    (None: the backend's default beside the input); ``workers``: processes or actors (0: every
    core); ``output_format``: ``jsonl``, ``parquet``, ... (None: told by the output's name);
    ``address``: a cluster to run on (a backend that runs elsewhere); ``fresh_tasks``: a format
    that embeds its tasks (tau2's) scores against the domain's instead; ``notes``: where
    problems that did not stop the run are appended, one line each; ``on_progress``: called as
    records are scored."""

    env: str
    task_split: str = "test"
    blend: str = "shaped"
    lam: float = 0.3
    output: Optional[Path] = None
    workers: int = 0
    output_format: Optional[str] = None
    address: Optional[str] = None
    fresh_tasks: bool = False
    notes: List[str] = field(default_factory=list)
    on_progress: Optional[Progress] = None
    tasks: Optional[Path] = None
