"""The ``tau-shaped`` command line: one Typer app, each verb group in its own module."""

from __future__ import annotations

import typer

from tau_shaped.cli.eval_commands import compare_command, demo_command, run_command, score_command
from tau_shaped.cli.grader_commands import grader_test_command
from tau_shaped.cli.noise_commands import noise_command
from tau_shaped.cli.results_commands import results_app
from tau_shaped.cli.rules_commands import rules_app
from tau_shaped.cli.tasks_commands import tasks_app

app = typer.Typer(help="tau-shaped: shaped rewards for tau-bench-style agent environments.", no_args_is_help=True)
app.add_typer(tasks_app, name="tasks")
app.add_typer(rules_app, name="rules")
app.add_typer(results_app, name="results")
app.command("run")(run_command)
app.command("score")(score_command)
app.command("compare")(compare_command)
app.command("demo")(demo_command)
app.command("grader-test")(grader_test_command)
app.command("noise")(noise_command)


def main() -> None:  # pragma: no cover - console entry point
    app()
