"""``tau-shaped results``: results files themselves (tau-bench's JSON list as JSON lines)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

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
