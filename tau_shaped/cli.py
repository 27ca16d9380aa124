"""The ``tau-shaped`` command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import List, Optional

import typer

from tau_shaped.task_files import TaskFileError, load_tasks, task_json_schema

app = typer.Typer(help="tau-shaped: shaped rewards for tau-bench-style agent environments.", no_args_is_help=True)
tasks_app = typer.Typer(help="Author and check task files.", no_args_is_help=True)
app.add_typer(tasks_app, name="tasks")


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
    domain: Optional[str] = typer.Option(None, help="Domain name or module:ATTRIBUTE (default: the file's folder name)."),
) -> None:
    """Replay each task's ground truth and refuse tasks that cannot tell right from wrong (SPEC §6.2)."""
    from tau_shaped.domains import DomainNotFound, domain_for_file
    from tau_shaped.task_check import check_task

    failed = 0
    total = passed = 0
    for path in files:
        try:
            dom = domain_for_file(path, domain)
            tasks = load_tasks(path)
        except (TaskFileError, DomainNotFound) as exc:
            typer.echo(f"{path}: {exc}", err=True)
            failed += 1
            continue
        env = dom.make_env(tasks=tasks, task_index=0) if tasks else None
        for task in tasks:
            total += 1
            result = check_task(env, task)
            if result.ok:
                passed += 1
                continue
            failed += 1
            for problem in result.problems:
                typer.echo(f"{path}: task {task.id!r}: {problem}", err=True)
    typer.echo(f"{passed}/{total} task(s) pass the check")
    raise typer.Exit(1 if failed else 0)


@app.command("run")
def run_command(
    env: str = typer.Option("food_delivery", "--env", help="Domain name (or module:ATTRIBUTE)."),
    model: Optional[str] = typer.Option(None, "--model", help="The agent's model (litellm name)."),
    model_provider: Optional[str] = typer.Option(None, "--model-provider"),
    user_model: str = typer.Option("gpt-4o", "--user-model"),
    user_model_provider: Optional[str] = typer.Option(None, "--user-model-provider"),
    user_strategy: str = typer.Option("llm", "--user-strategy", help="llm or scripted."),
    agent_strategy: str = typer.Option("tool-calling", "--agent-strategy", help="tool-calling or replay."),
    temperature: float = typer.Option(0.0, "--temperature"),
    task_split: str = typer.Option("test", "--task-split"),
    start_index: int = typer.Option(0, "--start-index"),
    end_index: int = typer.Option(-1, "--end-index", help="Run all tasks if -1."),
    task_ids: Optional[List[str]] = typer.Option(None, "--task-ids", help="Task ids or indices: repeat the option or separate with commas."),
    num_trials: int = typer.Option(1, "--num-trials"),
    max_concurrency: int = typer.Option(1, "--max-concurrency"),
    seed: int = typer.Option(10, "--seed", help="Seeds task shuffling and is passed to the LLM."),
    shuffle: int = typer.Option(0, "--shuffle"),
    log_dir: str = typer.Option("results", "--log-dir"),
    blend: str = typer.Option("shaped", "--blend", help="shaped, outcome or gated."),
    lam: float = typer.Option(0.3, "--lambda", help="Weight of the process reward in the shaped blend."),
    max_steps: int = typer.Option(30, "--max-steps"),
    resume: Optional[str] = typer.Option(None, "--resume", help="A results file to continue."),
    recordings: Optional[str] = typer.Option(None, "--recordings", help="Recorded trajectories for --agent-strategy replay."),
) -> None:
    """Run an eval (tau-bench's run.py flags) with shaped rewards beside the legacy ones."""
    from tau_shaped.run_display import run_with_progress
    from tau_shaped.runner import RunConfig

    config = RunConfig(
        env=env, model=model, model_provider=model_provider, user_model=user_model,
        user_model_provider=user_model_provider, user_strategy=user_strategy,
        agent_strategy=agent_strategy, temperature=temperature, task_split=task_split,
        start_index=start_index, end_index=end_index, task_ids=task_ids, num_trials=num_trials,
        max_concurrency=max_concurrency, seed=seed, shuffle=shuffle, log_dir=log_dir, blend=blend,
        lam=lam, max_steps=max_steps, resume=resume, recordings=recordings,
    )
    raise typer.Exit(run_with_progress(config))


@app.command("score")
def score_command(
    file: Path = typer.Argument(..., help="A results file (tau-bench's JSON list or this project's JSON lines)."),
    env: str = typer.Option(..., "--env", help="The domain the results belong to."),
    task_split: str = typer.Option("test", "--task-split"),
    blend: str = typer.Option("shaped", "--blend"),
    lam: float = typer.Option(0.3, "--lambda"),
    output: Optional[Path] = typer.Option(None, "--output", "-o"),
) -> None:
    """Rescore a results file offline: add the shaped result to every record."""
    from tau_shaped.domains import DomainNotFound
    from tau_shaped.rescore import rescore

    try:
        target = rescore(file, env, task_split, blend, lam, output)
    except (TaskFileError, DomainNotFound, ValueError, KeyError) as exc:
        typer.echo(f"error: {str(exc).strip(chr(39))}", err=True)
        raise typer.Exit(2)
    typer.echo(f"rescored: {target}")


@app.command("compare")
def compare_command(
    files: List[Path] = typer.Argument(..., help="Results files with shaped results (runs or models to compare)."),
    report: Path = typer.Option(Path("results/report.html"), "--report", help="Where to write the HTML report."),
) -> None:
    """Legacy vs shaped side by side, in the terminal and as an HTML report."""
    from tau_shaped.compare_display import show

    raise typer.Exit(show(files, report))


@app.command("demo")
def demo_command(
    log_dir: Path = typer.Option(Path("results/demo"), "--log-dir", help="Where results and the report go."),
    num_trials: int = typer.Option(4, "--num-trials"),
) -> None:
    """The main job offline: replay the bundled food-delivery trajectories with a scripted
    user, score them legacy and shaped, and write the comparison report. No API key."""
    from tau_shaped.compare_display import show
    from tau_shaped.domains import load_domain
    from tau_shaped.run_display import run_with_progress
    from tau_shaped.runner import RunConfig

    domain = load_domain("food_delivery")
    recordings = Path(domain.task_files["test"]).parent / "recordings" / "test.json"
    path = log_dir / "replay-food_delivery-test.jsonl"
    if path.exists():
        path.unlink()  # a demo starts afresh
    config = RunConfig(
        env="food_delivery", agent_strategy="replay", user_strategy="scripted", recordings=str(recordings),
        num_trials=num_trials, log_dir=str(log_dir), resume=str(path),
    )
    status = run_with_progress(config)
    if status:
        raise typer.Exit(status)
    raise typer.Exit(show([path], log_dir / "report.html"))


@app.command("grader-test")
def grader_test_command(
    corpus: Path = typer.Option(Path("tests/grader"), "--corpus", help="Folder of labeled trajectory files."),
    env: str = typer.Option("food_delivery", "--env"),
    lam: float = typer.Option(0.3, "--lambda", help="Weight of the process reward in the shaped blend."),
    split: Optional[List[str]] = typer.Option(None, "--split", help="Task split(s) the corpus refers to (default: all)."),
) -> None:
    """Run the grader regression corpus: confusion table, every disagreement, the gaming probe."""
    from rich.console import Console

    from tau_shaped.domains import load_domain
    from tau_shaped.grader_display import print_report
    from tau_shaped.grader_suite import run_suite

    console = Console(width=140)
    try:
        report = run_suite(load_domain(env), corpus, splits=split or None, lam=lam)
    except (ValueError, LookupError) as exc:
        console.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2)
    print_report(console, report, lam)
    raise typer.Exit(0 if report.ok else 1)


@app.command("noise")
def noise_command(
    results: Path = typer.Argument(..., help="A results file (ours or tau-bench's, with shaped results)."),
    config: Optional[Path] = typer.Option(None, "--config", help="Noise configuration (YAML); default: the bundled example."),
    seeds: int = typer.Option(20, "--seeds", help="Replicates of the noise (confidence intervals are over these)."),
    trace: Optional[Path] = typer.Option(None, "--trace", help="Write the telemetry (one JSON line per verifier attempt) here."),
) -> None:
    """How a noisy verifier would move the measured legacy and shaped pass rates and pass^k."""
    from tau_shaped.noise_display import show

    raise typer.Exit(show(results, config, seeds, trace))


def main() -> None:  # pragma: no cover - console entry point
    app()


if __name__ == "__main__":  # pragma: no cover
    app()
