"""``tau-shaped audit FILE``: where a results file's own reward and the shaped verdict disagree,
grouped by the rule that decides, with the known false-positive classes named (issue 46). A file
not scored yet is scored first as ``score`` scores it (same formats, same options), into a
temporary file."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any, Dict, List, Optional

import typer

from tau_shaped.cli.conventions import DEFAULT_ENV, SPLIT_HELP, env_help


def _scored(records: List[Dict[str, Any]]) -> bool:
    """Every record has its shaped result, but for those whose episode errored in the run (which
    ``score`` keeps as they are): such a file is read as it is, not scored again."""
    from tau_shaped.evaluation.metrics import run_error

    shaped = [isinstance((r.get("info") or {}).get("shaped"), dict) for r in records]
    return any(shaped) and all(has or run_error(r) for has, r in zip(shaped, records))


def _stored(file: Path, notes: List[str]) -> Optional[List[Dict[str, Any]]]:
    """The records of a tau-bench or tau-shaped results file, read once; None for another format
    (a tau2 run, which names its domain itself)."""
    from tau_shaped.evaluation.results_file import read_results
    from tau_shaped.evaluation.results_formats import RECORDS_FORMATS, format_of

    fmt = None if file.is_dir() else format_of(file)
    return read_results(file, notes) if fmt is not None and fmt.name in RECORDS_FORMATS else None


def _named_env(records: List[Dict[str, Any]]) -> Optional[str]:
    """The registered domain the records name (``info.run.env``, a scored tau2 record's
    ``info.source.env``), else None: data never names a module to import."""
    from tau_shaped.report.verdict_words import run_env
    from tau_shaped.tasks.domains import available_domains

    named = run_env(records)
    return named if named in available_domains() else None


def _records(file: Path, stored: Optional[List[Dict[str, Any]]], env: str, task_split: str, tasks: Optional[Path],
             workers: int, notes: List[str]) -> List[Dict[str, Any]]:
    """The file's records with their shaped results: ``stored`` as they are when scored, else the
    file scored by ``score``'s machinery first."""
    from tau_shaped.evaluation.results_file import read_results
    from tau_shaped.evaluation.results_formats import RECORDS_FORMATS
    from tau_shaped.evaluation.score_options import ScoreOptions
    from tau_shaped.evaluation.scoring_backends import plan_scoring

    if stored is not None and _scored(stored):
        return stored
    with tempfile.TemporaryDirectory(prefix="tau-shaped-audit-") as folder:
        options = ScoreOptions(env=env, task_split=task_split, output=Path(folder) / "scored.json", workers=workers,
                               notes=notes, tasks=tasks)
        job = plan_scoring(file, "local", options)
        if tasks is not None and any(f.name not in RECORDS_FORMATS for _, f in job.inputs):
            raise ValueError("--tasks is for tau-bench and tau-shaped results files")
        return read_results(job.run(), notes)


def audit_command(
    file: Path = typer.Argument(..., help="A results file: tau-bench's JSON list, this project's JSON lines, or a "
                                "tau2 run (its results JSON or folder); scored first when it is not."),
    env: Optional[str] = typer.Option(None, "--env", help=env_help("the file's run (info.run.env)"),
                                      show_default=False),
    task_split: str = typer.Option("test", "--split", help=SPLIT_HELP + " The records' tasks are looked up in it."),
    tasks: Optional[Path] = typer.Option(None, "--tasks", help="A task file of your own, as score takes it."),
    tau2_data: Optional[Path] = typer.Option(None, "--tau2-data", help="A tau2-bench checkout or its data folder, "
                                             "as score takes it."),
    workers: int = typer.Option(1, "--workers", "-w", min=0, help="Processes to score an unscored file on "
                                "(0: every core)."),
    as_json: bool = typer.Option(False, "--json", help="Print the audit as JSON (sorted keys) instead of tables."),
) -> None:
    """Every record whose file reward (tau-bench's, tau2's own) and shaped verdict disagree,
    grouped by the deciding rule, with the step, the quoted text and the policy line; tau2's
    known false-positive classes named (inaction scored 1, missing transfer, unconfirmed write,
    wrong amount said)."""
    from tau_shaped.evaluation.error_text import error_text
    from tau_shaped.evaluation.output_path import unreadable
    from tau_shaped.evaluation.results_file import ResultsFileError
    from tau_shaped.integrations import registrations  # noqa: F401 - registers tau2's runs
    from tau_shaped.report.audit import audit_records
    from tau_shaped.report.audit_display import audit_json, print_audit
    from tau_shaped.report.verdict_words import run_env
    from tau_shaped.tasks.domain_loading import load_named_domain
    from tau_shaped.tasks.domains import DomainNotFound
    from tau_shaped.tasks.files import TaskFileError, load_tasks

    problem = None if file.is_dir() else unreadable(file)
    if problem:
        typer.echo(f"error: {problem}", err=True)
        raise typer.Exit(2)
    notes: List[str] = []
    try:
        stored = _stored(file, notes)
        if env is None:
            env = _named_env(stored) if stored is not None else None
            if env is None and stored is not None:
                # a tau-bench file (as tau-bench or ``score`` writes it) names no domain: its policy
                # lines and classes would be another domain's; never a guess
                raise ValueError(f"{file}: its records name no domain (info.run.env): give --env (tau-bench's "
                                 "files: --env airline or --env retail)")
            env = env or DEFAULT_ENV  # a tau2 run names its domain itself
        if tau2_data is not None:
            from tau_shaped.integrations.tau2.data_dir import use_data_dir

            use_data_dir(tau2_data)
        load_named_domain(env)
        if tasks is not None:
            load_tasks(tasks)
        records = _records(file, stored, env, task_split, tasks, workers, notes)
        audit = audit_records(records, run_env(records) or env, file=str(file))
    except (ResultsFileError, TaskFileError, DomainNotFound, ValueError, KeyError) as exc:
        typer.echo(f"error: {error_text(exc)}", err=True)
        raise typer.Exit(2)
    except OSError as exc:
        typer.echo(f"error: {exc.filename or file}: {exc.strerror or exc}", err=True)
        raise typer.Exit(2)
    for note in notes[:10]:
        typer.echo(f"note: {note}", err=True)
    if as_json:
        typer.echo(audit_json(audit), nl=False)
    else:
        print_audit(audit)
