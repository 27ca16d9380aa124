"""``tau-shaped domain``: a domain package's contract checked, and a new one written from the
template (``tau_shaped.tasks.domain_check``, ``tau_shaped.tasks.domain_template``)."""

from __future__ import annotations

import traceback
from pathlib import Path
from typing import List, Optional

import typer

from tau_shaped.cli.conventions import Command, Group

domain_app = typer.Typer(help="Domain packages: check one's contract, write a new one from the template.",
                         no_args_is_help=True, cls=Group)


@domain_app.command("check", cls=Command)
def domain_check(
    name: str = typer.Argument(..., help="The domain: a registered name (food_delivery, tau2:airline, ...) or "
                                         "module:ATTRIBUTE."),
    split: Optional[List[str]] = typer.Option(None, "--split", help="Task split(s) to check (default: all)."),
    sample: int = typer.Option(8, "--sample", min=1, help="Calls of each tool held to its declared effects."),
) -> None:
    """Prove a domain's contract, as Gymnasium's check_env does: typed and documented tools, their
    declared effects held on the ground truths' replays (a tool whose code raises anything but
    ToolError is a problem, not a refusal), tasks, policy rules, personas, grader corpus. One
    line per problem; exit 1 on any (and on a domain whose code does not load)."""
    from tau_shaped.env.json_input import one_line
    from tau_shaped.tasks.domain_check import check_domain
    from tau_shaped.tasks.domain_loading import DomainLoadError, load_named_domain
    from tau_shaped.tasks.domains import DomainNotFound

    try:
        domain = load_named_domain(name)
    except DomainNotFound as exc:
        typer.echo(f"domain check: {exc}", err=True)
        raise typer.Exit(1 if isinstance(exc, DomainLoadError) else 2) from None
    unknown = [s for s in split or [] if s not in domain.splits]
    if unknown:
        typer.echo(f"domain check: domain {domain.name} has no split {', '.join(unknown)} (splits: "
                   f"{', '.join(domain.splits)})", err=True)
        raise typer.Exit(2)
    try:
        report = check_domain(domain, splits=list(split) if split else None, sample=sample)
    except Exception as exc:  # noqa: BLE001 - the domain's code, run by the check, is foreign: a line, not a traceback
        frames = traceback.extract_tb(exc.__traceback__)
        where = f" at {frames[-1].filename}:{frames[-1].lineno}" if frames else ""
        typer.echo(f"domain check: {name}: the check stopped{where}: {type(exc).__name__}: {one_line(str(exc))[:300]}",
                   err=True)
        raise typer.Exit(1) from None
    for line in report.problems:
        typer.echo(f"{domain.name}: {line}")
    for line in report.notes:
        typer.echo(f"{domain.name}: note: {line}")
    verdict = "ok" if report.ok else f"{len(report.problems)} problem(s)"
    typer.echo(f"{report.summary()}: {verdict}")
    raise typer.Exit(0 if report.ok else 1)


@domain_app.command("new", cls=Command)
def domain_new(
    name: str = typer.Argument(..., help="The new domain's name: a Python identifier (acme_pizza); its package's too."),
    folder: Path = typer.Argument(..., help="An empty or new folder: the distribution (pyproject.toml and the package)."),
) -> None:
    """Write a new domain package from the documented template: its own distribution, with the
    entry point that registers it (pip install -e FOLDER, then tau-shaped domain check NAME)."""
    from tau_shaped.tasks.domain_template import TemplateError, write_domain

    try:
        written = write_domain(name, folder)
    except TemplateError as exc:
        typer.echo(f"domain new: {exc}", err=True)
        raise typer.Exit(2) from None
    typer.echo(f"wrote domain {name} in {written} (its README.md says what each file is): pip install -e {folder}, "
               f"then tau-shaped domain check {name}")
