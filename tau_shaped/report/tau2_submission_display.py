"""The terminal side of ``tau-shaped compare --format tau2-submission``: tau2's leaderboard
figures and the shaped ones written as two files of tau2's submission shape
(``tau2_submission``), and printed side by side, domain by domain, k by k, with what each
column leaves out."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from tau_shaped.evaluation.output_path import OutputPathError, output_problem, write_text_file
from tau_shaped.evaluation.results_file import ResultsFileError
from tau_shaped.report.tau2_submission import (KS, LEADERBOARD, DomainRun, Identity, SubmissionError, read_runs,
                                               column_notes, run_notes, shaped_sibling, submission, submission_text)


def _cell(run: DomainRun, column: str, k: int) -> str:
    """A figure to 2 places; over fewer tasks than the run has, how many it counts."""
    col = run.column(column)
    value = col.percent[k]
    if value is None:
        return "null"
    return f"{value:.2f}" + (f" ({col.tasks[k]} of {run.tasks} tasks)" if col.tasks[k] != run.tasks else "")


def figures_table(runs: List[DomainRun]) -> Table:
    """pass^k per domain per k: tau2's figure, the shaped one, and shaped minus tau2 where both
    count the same tasks."""
    table = Table(title="tau2 leaderboard figures (pass^k, %): tau2's reward vs shaped")
    table.add_column("domain", overflow="fold")
    table.add_column("k", justify="right")
    table.add_column("tau2", justify="right", overflow="fold")
    table.add_column("shaped", justify="right", overflow="fold")
    table.add_column("shaped − tau2", justify="right", overflow="fold")
    for n, run in enumerate(runs):
        for k in KS:
            tau2, shaped = run.tau2.percent[k], run.shaped.percent[k]
            if tau2 is None or shaped is None:
                delta = ""
            elif run.tau2.short[k] != run.shaped.short[k]:
                delta = "other tasks"
            else:
                delta = f"{shaped - tau2:+.2f}"
            table.add_row(run.domain if k == 1 else "", str(k), _cell(run, "tau2", k), _cell(run, "shaped", k), delta,
                          end_section=k == KS[-1] and n < len(runs) - 1)
    return table


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and a.samefile(b)
    except OSError:
        return False


def show_submission(files: List[Path], identity: Identity, output: Path, console: Optional[Console] = None) -> int:
    """Write ``output`` (tau2's figures) and its shaped sibling, print both side by side; a
    problem is one line on stderr (exit 2), nothing written."""
    errors = console or Console(stderr=True)
    console = console or Console()
    shaped_path = shaped_sibling(output)

    def fail(message: str) -> int:
        errors.print(f"[red]error:[/red] {escape(message)}", highlight=False, soft_wrap=True)
        return 2

    for target in (output, shaped_path):
        problem = output_problem(target, "--output")
        if problem:
            return fail(problem)
        clash = next((f for f in files if _same_file(Path(f), target)), None)
        if clash is not None:
            return fail(f"--output {output}: would overwrite the input {clash} ({target})")
    notes: List[str] = []
    try:
        runs = read_runs(files, notes)
    except (ResultsFileError, SubmissionError) as exc:
        return fail(str(exc))
    for note in notes:
        errors.print(f"note: {note}", highlight=False, soft_wrap=True, markup=False)
    tau2, shaped = submission(identity, runs, "tau2"), submission(identity, runs, "shaped")
    try:
        write_text_file(output, submission_text(tau2), "--output")
        write_text_file(shaped_path, submission_text(shaped), "--output")
    except OutputPathError as exc:
        return fail(str(exc))
    except OSError as exc:  # a folder that cannot be made, a full disk
        return fail(f"{exc.filename or output}: {exc.strerror or exc}")
    console.print(figures_table(runs))
    for run in runs:
        agent = f"; agent {', '.join(run.agents)}" if run.agents else ""
        console.print(f"{run.domain}: {run.path}: {run.tasks} tasks, {run.trials} trials{agent}", highlight=False,
                      markup=False, soft_wrap=True)
        notes = [("", note) for note in run_notes(run)]
        notes += [(f"{column}: ", note) for column in ("tau2", "shaped") for note in column_notes(run, column)]
        for prefix, note in notes:
            console.print(f"  {prefix}{note}", highlight=False, markup=False, soft_wrap=True)
    missing = [d for d in LEADERBOARD if d not in {r.domain for r in runs}]
    if missing:
        console.print(f"{', '.join(missing)}: no run given: null in both files", highlight=False, markup=False)
    agents = {a for run in runs for a in run.agents}
    if len(agents) > 1:
        console.print(f"note: the runs name {len(agents)} agents ({', '.join(sorted(agents))}); tau2's leaderboard "
                      "takes one agent and user simulator for every domain",
                      highlight=False, markup=False, soft_wrap=True)
    costs = [f"{run.domain} {'null (no simulation recorded agent_cost)' if run.cost is None else f'{run.cost:.6g}'}"
             for run in runs]
    console.print(f"cost (the mean agent_cost per simulation, USD): {'; '.join(costs)}", highlight=False, markup=False,
                  soft_wrap=True)
    console.print(f"wrote {output} (tau2's figures) and {shaped_path} (the shaped figures, the same shape)",
                  highlight=False, markup=False, soft_wrap=True)
    return 0
