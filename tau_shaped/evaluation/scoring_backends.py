"""Scoring backends: what runs a results file's scoring (``tau-shaped score --backend``), found
by name in a registry, and the plan that pairs one with the file's format.

A backend is a :class:`ScoringBackend`: its ``name``, the output formats it writes
(``--format``), which results formats it ``runs``, the options it refuses (``check``) or fills
in (``prepare``), the files it reads from the path given (``inputs``: a folder may be many), and
``run``. Bundled here: ``local`` (this machine: each format scores itself, on worker
processes). The integrations register theirs on import (``tau_shaped.integrations.registrations``:
``ray``, a Ray Dataset on an actor pool).

:func:`plan_scoring` is ``score`` without a branch on formats or backends: the backend by
name, its options checked, each input's format asked of ``results_formats.format_of``, the
pair refused in one line when the backend does not run that format, each input checked by its
format; :meth:`ScoringJob.run` then runs it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, replace
from pathlib import Path
from typing import ClassVar, Dict, FrozenSet, List, Optional, Tuple, Type, TypeVar, Union

from tau_shaped.evaluation.named_registry import register_named
from tau_shaped.evaluation.results_formats import ResultsFormat, format_of
from tau_shaped.evaluation.score_options import Progress, ScoreOptions, ScoringError


class ScoringBackend(ABC):
    """What runs the scoring of one request (one instance registered per backend)."""

    name: ClassVar[str]
    output_formats: ClassVar[FrozenSet[str]] = frozenset({"jsonl"})  # the --format values it writes

    @abstractmethod
    def runs(self, fmt: ResultsFormat) -> bool:
        """Whether this backend scores files of ``fmt``."""

    def refusal(self, fmt: ResultsFormat) -> str:
        """The one line that refuses a file of ``fmt`` it does not run."""
        return f"--backend {self.name} does not score {fmt.what}"

    def check(self, options: ScoreOptions) -> None:
        """Refuse, in one line, options this backend does not take."""

    def prepare(self, path: Path, options: ScoreOptions) -> ScoreOptions:
        """The options as this backend runs them (a default filled in)."""
        return options

    def inputs(self, path: Path, options: ScoreOptions) -> List[Path]:
        """The results files read from ``path`` (each one's format is asked separately)."""
        return [path]

    @abstractmethod
    def run(self, job: "ScoringJob") -> Path:
        """Score ``job`` and return the output's path."""


@dataclass(frozen=True)
class ScoringJob:
    """A checked request: the path given, the backend, each input with its format, the options."""

    path: Path
    backend: ScoringBackend
    inputs: Tuple[Tuple[Path, ResultsFormat], ...]
    options: ScoreOptions

    @property
    def notes_limit(self) -> Optional[int]:
        """How many notes to print (None: every one): the least any input's format asks."""
        limits = [fmt.notes_limit for _, fmt in self.inputs if fmt.notes_limit is not None]
        return min(limits) if limits else None

    def run(self, on_progress: Optional[Progress] = None) -> Path:
        """Run it; ``on_progress(done, total)`` as records are scored (when given)."""
        job = self if on_progress is None else replace(self, options=replace(self.options, on_progress=on_progress))
        return self.backend.run(job)


class LocalBackend(ScoringBackend):
    """This machine: each format scores itself (``ResultsFormat.score``), records formats on
    ``--workers`` processes."""

    name = "local"

    def runs(self, fmt: ResultsFormat) -> bool:
        return True

    def check(self, options: ScoreOptions) -> None:
        if (options.output_format is not None and options.output_format not in self.output_formats) or options.address:
            raise ScoringError("--format parquet and --ray-address need --backend ray")

    def prepare(self, path: Path, options: ScoreOptions) -> ScoreOptions:
        if options.output_format == "jsonl" and options.output is None:
            from tau_shaped.evaluation.records_out import default_output

            return replace(options, output=default_output(path, ".shaped.jsonl"))
        return options

    def run(self, job: ScoringJob) -> Path:
        ((path, fmt),) = job.inputs
        return fmt.score(path, job.options)


B = TypeVar("B", bound=Union[ScoringBackend, Type[ScoringBackend]])
_BACKENDS: Dict[str, ScoringBackend] = {}


def register_backend(backend: B) -> B:
    """Register a backend (an instance, or a class: then usable as a class decorator). A second
    backend of a registered name is refused; registering the same instance again does nothing."""
    register_named(_BACKENDS, backend, ScoringBackend, "scoring backend")
    return backend


def unregister_backend(name: str) -> None:
    """Forget the backend ``name`` (a test's toy backend, when the test ends)."""
    _BACKENDS.pop(name, None)


def registered_backends() -> List[ScoringBackend]:
    return [_BACKENDS[name] for name in sorted(_BACKENDS)]


def plan_scoring(path: Union[str, Path], backend: str, options: ScoreOptions) -> ScoringJob:
    """``path`` and the backend named ``backend`` checked together (the module's docstring);
    every refusal is a ScoringError (or a format's own one-line error) naming the file or option."""
    path = Path(path)
    chosen = _BACKENDS.get(backend)
    written = sorted(set().union(*(b.output_formats for b in _BACKENDS.values())))
    if chosen is None or (options.output_format is not None and options.output_format not in written):
        raise ScoringError(f"--backend is {' or '.join(sorted(_BACKENDS))}, --format {' or '.join(written)}")
    chosen.check(options)
    if options.output_format == "jsonl" and options.output is not None and options.output.suffix.lower() != ".jsonl":
        raise ScoringError("--format jsonl needs an output name ending in .jsonl")
    options = chosen.prepare(path, options)
    inputs = []
    for file in chosen.inputs(path, options):
        fmt = format_of(file)
        if not chosen.runs(fmt):
            refusal = chosen.refusal(fmt)
            raise ScoringError(refusal if file == path else f"{file}: {refusal}")
        inputs.append((file, fmt))
    for file, fmt in inputs:
        fmt.check(file, options)
    return ScoringJob(path, chosen, tuple(inputs), options)


def score_results(path: Union[str, Path], options: ScoreOptions, backend: str = "local") -> Path:
    """Plan and run: ``path`` scored by the backend named ``backend``; the output's path."""
    return plan_scoring(path, backend, options).run()


register_backend(LocalBackend())
