"""``tau-shaped tasks``: author and check task files (SPEC §6)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import List, Optional

import typer

from tau_shaped.tasks.files import TaskFileError, load_tasks, task_json_schema

tasks_app = typer.Typer(help="Author and check task files.", no_args_is_help=True)


@tasks_app.command("schema")
def tasks_schema() -> None:
    """Print the JSON Schema of a task file (for editors)."""
    typer.echo(json.dumps(task_json_schema(), indent=2, sort_keys=True))


@tasks_app.command("validate")
def tasks_validate(files: List[Path] = typer.Argument(..., help="Task files to validate.")) -> None:
    """Validate task files against the schema; exit 1 naming every error."""
    failed = False
    for path in files:
        try:
            tasks = load_tasks(path)
        except TaskFileError as exc:
            failed = True
            typer.echo(str(exc), err=True)
            continue
        typer.echo(f"{path}: {len(tasks)} task(s) valid")
    raise typer.Exit(1 if failed else 0)


@tasks_app.command("check")
def tasks_check(
    files: List[Path] = typer.Argument(..., help="Task files to check."),
    domain: Optional[str] = typer.Option(None, "--env", "--domain",
                                         help="Domain name or module:ATTRIBUTE (default: the file's folder name)."),
    workers: Optional[int] = typer.Option(None, min=1, help="Processes to check with (default: every core)."),
) -> None:
    """Replay each task's ground truth and refuse tasks that cannot tell right from wrong (SPEC §6.2)."""
    from tau_shaped.tasks.check_runner import check_files

    failed = 0
    total = passed = 0
    for checked in check_files(files, domain, workers):
        path = checked.path
        if checked.error is not None:
            typer.echo(checked.error if checked.error.startswith(str(path)) else f"{path}: {checked.error}", err=True)
            failed += 1
            continue
        for result in checked.checks:
            total += 1
            for note in result.notes:
                typer.echo(f"{path}: task {result.task_id!r}: {note}")
            if result.ok:
                passed += 1
                continue
            failed += 1
            for problem in result.problems:
                typer.echo(f"{path}: task {result.task_id!r}: {problem}", err=True)
    typer.echo(f"{passed}/{total} task(s) pass the check")
    raise typer.Exit(1 if failed else 0)
