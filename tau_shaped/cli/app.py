"""The ``tau-shaped`` command line: one Typer app, each verb group in its own module."""

from __future__ import annotations

import typer

from tau_shaped.cli.conventions import Command, Group
from tau_shaped.cli.eval_commands import (
    TaskIdsCommand,
    compare_command,
    demo_command,
    run_command,
    score_command,
)
from tau_shaped.cli.domain_commands import domain_app
from tau_shaped.cli.grader_commands import grader_test_command
from tau_shaped.cli.noise_commands import noise_command
from tau_shaped.cli.results_commands import results_app
from tau_shaped.cli.rules_commands import rules_app
from tau_shaped.cli.tasks_commands import tasks_app
from tau_shaped.cli.view_commands import view_command

HELP = "tau-shaped: shaped rewards for tau-bench-style agent environments."

app = typer.Typer(help=HELP, no_args_is_help=True, cls=Group)
app.add_typer(tasks_app, name="tasks")
app.add_typer(rules_app, name="rules")
app.add_typer(results_app, name="results")
app.add_typer(domain_app, name="domain")
app.command("run", cls=TaskIdsCommand)(run_command)
app.command("score", cls=Command)(score_command)
app.command("compare", cls=Command)(compare_command)
app.command("demo", cls=Command)(demo_command)
app.command("grader-test", cls=Command)(grader_test_command)
app.command("noise", cls=Command)(noise_command)
app.command("view", cls=Command)(view_command)


def package_version() -> str:
    """The installed distribution's version; the package's own when it is not installed."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("tau-shaped")
    except PackageNotFoundError:
        from tau_shaped import __version__

        return __version__


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"tau-shaped {package_version()}")
        raise typer.Exit(0)


@app.callback(help=HELP)
def root(
    version: bool = typer.Option(False, "--version", callback=_print_version, is_eager=True,
                                 help="Print the version and exit."),
) -> None:
    """The verbs below; ``--version`` prints the version."""


def main() -> None:  # pragma: no cover - console entry point
    app()
