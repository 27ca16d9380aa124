"""What ``tau-shaped run`` shows: a progress bar with running pass rates and cost,
then pass^k for both rewards, and where the results went."""

from __future__ import annotations

from typing import Any, Dict

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from tau_shaped.evaluation.results_file import ResultsFileError
from tau_shaped.evaluation.runner import RunConfig, RunError, RunStats, run


def run_with_progress(config: RunConfig, console: Console = None) -> int:
    console = console or Console(stderr=True)
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("{task.fields[stats]}"),
        console=console,
    )
    bar: Dict[str, Any] = {}

    def on_record(record: Dict[str, Any], stats: RunStats) -> None:
        if "id" not in bar:
            bar["id"] = progress.add_task("episodes", total=stats.total, stats="")
        progress.update(bar["id"], completed=stats.finished, stats=stats.describe())

    try:
        with progress:
            summary = run(config, on_record=on_record)
    except (RunError, ResultsFileError, ValueError) as exc:
        console.print(f"[red]error:[/red] {exc}")
        return 2
    for note in summary.notes:
        console.print(f"[yellow]repaired:[/yellow] {note}")
    table = Table(title="pass^k")
    table.add_column("k")
    table.add_column("legacy")
    table.add_column("shaped (outcome)")
    for k in sorted(summary.legacy_pass_k):
        table.add_row(str(k), f"{summary.legacy_pass_k[k]:.3f}", f"{summary.shaped_pass_k.get(k, 0.0):.3f}")
    console.print(table)
    if summary.skipped:
        console.print(f"resumed: {summary.skipped} episode(s) already done were skipped")
    console.print(f"results: {summary.path}")
    if summary.interrupted:
        console.print(f"interrupted: continue with --resume {summary.path}")
        return 130
    if summary.finished and summary.errors == summary.finished:
        console.print(f"[red]error:[/red] every episode of this run errored ({summary.errors}); the first: "
                      f"{_first_error(summary.path)}")
        return 1
    if summary.errors:
        console.print(f"[yellow]{summary.errors} episode(s) errored[/yellow]: --resume {summary.path} runs them again")
    return 0


def _first_error(path: Any) -> str:
    from tau_shaped.evaluation.results_file import read_results

    try:
        for record in reversed(read_results(path)):
            error = (record.get("info") or {}).get("error")
            if error:
                return str(error).splitlines()[0][:200]
    except ResultsFileError:
        pass
    return "(not recorded)"
