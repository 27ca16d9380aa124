"""``tau-shaped results``: results files themselves (tau-bench's JSON list as JSON lines)."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from tau_shaped.cli.conventions import Command, Group

results_app = typer.Typer(help="Results files: write a JSON-list results file (tau-bench's, score's) as JSON lines.",
                          no_args_is_help=True, cls=Group)


@results_app.command("to-jsonl", cls=Command)
def to_jsonl_command(
    file: Path = typer.Argument(..., help="A results file (a JSON list, as tau-bench and score write it)."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Where to write (default: FILE with .jsonl)."),
) -> None:
    """Write the records of FILE as JSON lines, which run --resume can append to."""
    from tau_shaped.evaluation.results_file import ResultsFileError, to_jsonl

    target = output or file.with_name(file.name.rsplit(".", 1)[0] + ".jsonl")
    try:
        count = to_jsonl(file, target)
    except ResultsFileError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2)
    typer.echo(f"wrote {count} record(s) to {target}")


@results_app.command("noise-floor", cls=Command)
def noise_floor_command(
    files: List[Path] = typer.Argument(..., help="Results files with shaped results (runs to compare; the first is the baseline)."),
    as_json: bool = typer.Option(False, "--json", help="Print the noise floor as JSON (every figure, flipping task ids, the method)."),
) -> None:
    """The noise floor compare shows: 95% bootstrap intervals over tasks (2000 resamples, seeded) for pass^k and the
    mean rewards per domain, the tasks that flip between trials, and each run against the first: the difference with
    its minimum detectable difference (95% confidence, 80% power, from the paired task-level variance; see
    docs/noise_floor.md)."""
    import json

    from rich.console import Console

    from tau_shaped.evaluation.results_file import ResultsFileError
    from tau_shaped.report.comparison import summarize_files
    from tau_shaped.report.noise_floor_view import noise_data, print_noise
    from tau_shaped.report.run_labels import run_labels

    skipped: List[str] = []
    try:
        summaries = summarize_files(files, skipped)
    except ResultsFileError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2)
    for note in skipped:
        typer.echo(f"note: {note}", err=True)
    labels = run_labels([s.path for s in summaries])
    if as_json:
        typer.echo(json.dumps(noise_data(summaries, labels), indent=1, ensure_ascii=False))
    else:
        print_noise(Console(), summaries, labels)
