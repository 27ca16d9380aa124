"""``tau-shaped grader-test``: the grader regression corpus and the gaming probe."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from tau_shaped.cli.conventions import DEFAULT_ENV, LAMBDA_HELP, env_help


def grader_test_command(
    corpus: Optional[Path] = typer.Option(None, "--corpus", help="Folder of labeled trajectory files (default: the "
                                          "corpus the domain ships, from any working folder).", show_default=False),
    env: str = typer.Option(DEFAULT_ENV, "--env", help=env_help()),
    lam: float = typer.Option(0.3, "--lambda", help=LAMBDA_HELP),
    split: Optional[List[str]] = typer.Option(None, "--split", help="Task split(s) the corpus refers to (default: all; "
                                              "the domain's default split, test, where task ids repeat across splits)."),
) -> None:
    """Run the grader regression corpus: confusion table, every disagreement, the gaming probe."""
    from rich.console import Console

    from tau_shaped.cli.progress import progress_bar
    from tau_shaped.report.grader_display import print_report
    from tau_shaped.tasks.domain_loading import load_named_domain
    from tau_shaped.tasks.grader_suite import run_suite

    console = Console()  # the terminal's width; the tables fold to fit it
    try:
        domain = load_named_domain(env)  # the domain's own code failing to load: one line naming its file and line
        with progress_bar("grading", "trajectories") as progress:
            report = run_suite(domain, corpus, splits=split or None, lam=lam, on_progress=progress)
    except (ValueError, LookupError) as exc:  # DomainNotFound and DomainLoadError are LookupErrors
        Console(stderr=True, width=console.width).print(f"[red]error:[/red] {exc}", highlight=False, soft_wrap=True)
        raise typer.Exit(2)
    if report.split_note:  # no --split, and the ids repeat across splits: which split was taken
        console.print(f"scored against {report.split_note}", highlight=False, soft_wrap=True)
    print_report(console, report, lam)
    raise typer.Exit(0 if report.ok else 1)
