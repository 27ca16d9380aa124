"""``tau-shaped grader-test``: the grader regression corpus and the gaming probe."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer


def grader_test_command(
    corpus: Path = typer.Option(Path("tests/grader"), "--corpus", help="Folder of labeled trajectory files."),
    env: str = typer.Option("food_delivery", "--env"),
    lam: float = typer.Option(0.3, "--lambda", help="Weight of the process reward in the shaped blend."),
    split: Optional[List[str]] = typer.Option(None, "--split", help="Task split(s) the corpus refers to (default: all)."),
) -> None:
    """Run the grader regression corpus: confusion table, every disagreement, the gaming probe."""
    from rich.console import Console

    from tau_shaped.tasks.domains import load_domain
    from tau_shaped.report.grader_display import print_report
    from tau_shaped.tasks.grader_suite import run_suite

    console = Console()  # the terminal's width; the tables fold to fit it
    try:
        report = run_suite(load_domain(env), corpus, splits=split or None, lam=lam)
    except (ValueError, LookupError) as exc:
        console.print(f"[red]error:[/red] {exc}", highlight=False, soft_wrap=True)
        raise typer.Exit(2)
    print_report(console, report, lam)
    raise typer.Exit(0 if report.ok else 1)
