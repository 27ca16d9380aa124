"""``tau-shaped tasks``: author and check task files (SPEC §6)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Iterator, List, Optional, Tuple

import typer

from tau_shaped.cli.conventions import DEFAULT_ENV, LOAD_ENV_HELP, Command, Group, env_help, load_kinds_of
from tau_shaped.tasks.files import TaskFileError, load_tasks, task_json_schema

tasks_app = typer.Typer(help="Author and check task files: their schema, validation and the ground-truth check.",
                        no_args_is_help=True, cls=Group)


@tasks_app.command("schema", cls=Command)
def tasks_schema(env: Optional[str] = typer.Option(None, "--env", help=LOAD_ENV_HELP, show_default=False)) -> None:
    """Print the JSON Schema of a task file (for editors): with --env, the check kinds that domain
    registers listed too."""
    load_kinds_of(env, "tasks schema")
    typer.echo(json.dumps(task_json_schema(), indent=2, sort_keys=True))


@tasks_app.command("validate", cls=Command)
def tasks_validate(files: List[Path] = typer.Argument(..., help="Task files to validate."),
                   env: Optional[str] = typer.Option(None, "--env", help=LOAD_ENV_HELP, show_default=False)) -> None:
    """Validate task files against the schema; exit 1 naming every error. With --env, the check
    kinds that domain registers are accepted."""
    load_kinds_of(env, "tasks validate")
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


@tasks_app.command("check", cls=Command)
def tasks_check(
    files: Optional[List[Path]] = typer.Argument(None, help="Task files to check (none: the --env domain's own splits)."),
    domain: Optional[str] = typer.Option(None, "--env", help=env_help("a task file's folder name"),
                                         show_default=False),
    split: Optional[List[str]] = typer.Option(None, "--split", help="With no files: the domain's split(s) to check (default: all)."),
    workers: Optional[int] = typer.Option(None, "--workers", min=1, help="Processes to check with (default: every core)."),
) -> None:
    """Replay each task's ground truth and refuse tasks that cannot tell right from wrong (SPEC §6.2).

    With no files, checks the tasks the --env domain ships (tau2:airline, tau-bench's retail, ...)."""
    from tau_shaped.cli.progress import progress_bar
    from tau_shaped.tasks.check_runner import source_label, split_source
    from tau_shaped.tasks.domain_loading import load_named_domain
    from tau_shaped.tasks.domains import DomainNotFound

    if not files:
        domain = domain or DEFAULT_ENV
        try:
            splits = list(split) if split else load_named_domain(domain).splits
        except DomainNotFound as exc:
            typer.echo(f"tasks check: {exc}", err=True)
            raise typer.Exit(2) from None
        files = [split_source(name) for name in splits]
    elif split:
        typer.echo("tasks check: --split is for a domain's own tasks, not with files", err=True)
        raise typer.Exit(2)
    groups = [(domain, list(files))] if domain else _by_domain(list(files))
    for group_domain, group_files in groups:
        unloadable = _domain_error(group_domain, group_files[0])
        if unloadable:
            typer.echo(f"tasks check: {unloadable}", err=True)
            raise typer.Exit(1)

    failed = 0
    total = passed = 0
    lines: List[Tuple[str, bool]] = []  # (line, on stderr) while a bar is drawn, written after it
    summaries: List[str] = []  # a domain split's ground truths as their customer answers them
    baselines: List[Any] = []  # each task's idle and stalling agent verdicts (issue 46)

    with progress_bar("checking", "tasks") as progress:
        def say(line: str, err: bool) -> None:
            if progress is None:
                typer.echo(line, err=err)
            else:
                lines.append((line, err))

        for group_domain, checked in _checked(groups, workers, progress):
            path = source_label(checked.path, group_domain)
            if checked.error is not None:
                say(checked.error if checked.error.startswith(str(path)) else f"{path}: {checked.error}", True)
                failed += 1
                continue
            for result in checked.checks:
                total += 1
                say(f"{path}: task {result.task_id!r}: {result.perturbation_summary}", False)  # what it was judged on
                for note in result.notes:
                    say(f"{path}: task {result.task_id!r}: {note}", False)
                if result.ok:
                    passed += 1
                    continue
                failed += 1
                for problem in result.problems:
                    say(f"{path}: task {result.task_id!r}: {problem}", True)
            summaries += _score_summary(path, checked.scores)
            baselines += [result.baseline for result in checked.checks]
    for line, err in lines:
        typer.echo(line, err=err)
    for line in summaries:
        typer.echo(line)
    if any(baselines):
        from tau_shaped.tasks.idle_baseline import summary_line
        typer.echo(summary_line(baselines))
    typer.echo(f"{passed}/{total} task(s) pass the check")
    raise typer.Exit(1 if failed else 0)


def _domain_error(name: Optional[str], first: Path) -> Optional[str]:
    """Why the domain ``name`` (else the one ``first``'s folder names) cannot check its tasks: its
    code or its rule file fails to load (one line naming the file); None when it loads, or when
    it is no domain at all (each file's line says so)."""
    from tau_shaped.reward.policy_rules import PolicyRuleError
    from tau_shaped.tasks.domain_loading import DomainLoadError, load_named_domain
    from tau_shaped.tasks.domains import DomainNotFound, domain_for_file

    try:
        loaded = load_named_domain(name) if name else domain_for_file(first)
        loaded.policy_rules
    except (DomainLoadError, PolicyRuleError) as exc:
        return str(exc)
    except (DomainNotFound, KeyError):
        return None
    return None


def _score_summary(path: str, scores: List[Any]) -> List[str]:
    """``N/M`` of a domain split's ground truths scoring shaped 1.0 against their customer (the
    persona, else a yes to each question), then each that does not, with why (rule ids)."""
    if not scores:
        return []
    out = [f"{path}: {sum(s.full for s in scores)}/{len(scores)} ground truth(s) score 1.0 against their customer "
           "(outcome and legacy 1, every gate and rule kept)"]
    for s in scores:
        if not s.full:
            out.append(f"{path}: task {s.task_id!r}: ground truth falls short: {', '.join(s.shortfalls)}")
    return out


def _by_domain(files: List[Path]) -> List[Tuple[Optional[str], List[Path]]]:
    """Task files with no --env, in runs of one domain: a file's folder names its domain (a
    domain package's ``tasks`` folder: the package's); a folder that names no domain is checked
    as the default domain, with a one-line note saying so."""
    from tau_shaped.tasks.domains import DomainNotFound, domain_for_file

    groups: List[Tuple[Optional[str], List[Path]]] = []
    for path in files:
        try:
            domain_for_file(path)
            chosen: Optional[str] = None  # the folder's domain: check_files finds it again
        except DomainNotFound:
            chosen = DEFAULT_ENV
            typer.echo(f"note: {path}: its folder names no domain: checked as {DEFAULT_ENV} (--env to choose)", err=True)
        if groups and groups[-1][0] == chosen:
            groups[-1][1].append(path)
        else:
            groups.append((chosen, [path]))
    return groups


def _checked(groups: List[Tuple[Optional[str], List[Path]]], workers: Optional[int],
             progress: Optional[Callable[[int, Optional[int]], None]]) -> Iterator[Tuple[Optional[str], Any]]:
    """``check_files`` over each run of files of one domain, in file order, one progress count."""
    from tau_shaped.tasks.check_runner import check_files

    before = 0
    for domain, files in groups:
        def told(done: int, total: Optional[int], at: int = before) -> None:
            if progress is not None:
                progress(at + done, total if len(groups) == 1 else None)

        for checked in check_files(files, domain, workers, on_progress=told):
            before += len(checked.checks)
            yield domain, checked


@tasks_app.command("draft", cls=Command)
def tasks_draft(
    files: Optional[List[Path]] = typer.Argument(None, help="Task files to draft (none: the --env domain's --split)."),
    domain: Optional[str] = typer.Option(None, "--env", help=env_help("a task file's folder name"), show_default=False),
    split: Optional[str] = typer.Option(None, "--split", help="With no files: the domain's split (default: test)."),
    task_ids: Optional[List[str]] = typer.Option(None, "--task", help="Only these task ids (repeated or comma-separated)."),
    output: Optional[Path] = typer.Option(None, "-o", "--output", help="Write the drafted task file here (default: stdout)."),
    perturb: bool = typer.Option(True, "--perturb/--no-perturb", help="Try each drafted task's perturbations (the notes)."),
) -> None:
    """Draft each task's reward_overrides from its ground truth: a task file to review, notes on stderr."""
    from tau_shaped.evaluation.output_path import output_problem, write_text_file
    from tau_shaped.tasks.task_draft import DraftError, run_draft

    problem = output_problem(output, "-o") if output else None
    if problem:
        typer.echo(f"tasks draft: {problem}", err=True)
        raise typer.Exit(2)
    try:
        text, notes = run_draft(files or [], domain, split, task_ids, DEFAULT_ENV, perturb=perturb)
    except DraftError as exc:
        typer.echo(f"tasks draft: {exc}", err=True)
        raise typer.Exit(1) from None
    for line in notes:
        typer.echo(line, err=True)
    if output:
        write_text_file(output, text, "-o")
    else:
        typer.echo(text, nl=False)
