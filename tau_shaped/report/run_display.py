"""What ``tau-shaped run`` shows: a progress bar with running pass rates and cost,
then pass^k for both rewards, and where the results went."""

from __future__ import annotations

from typing import Any, Dict

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Column, Table

from tau_shaped.evaluation.results_file import ResultsFileError
from tau_shaped.evaluation.run_models import uses_agent_model, uses_user_model
from tau_shaped.evaluation.run_stats import RunStats
from tau_shaped.evaluation.runner import RunConfig, RunError, RunSummary, run


def make_progress(console: Console) -> Progress:
    """The bar: episodes done of all, elapsed, the time remaining (ETA), running pass rates
    and cost, on one line from 80 columns up (a shorter bar, no label, when narrow); the
    stats fold onto more lines in a narrower terminal rather than push the bar out."""
    labelled = console.width >= 110
    columns = [TextColumn("[bold]{task.description}")] if labelled else []
    columns += [
        BarColumn(bar_width=max(5, min(40, console.width - (80 if labelled else 70)))),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
        TextColumn("{task.fields[stats]}", table_column=Column(overflow="fold")),
    ]
    return Progress(*columns, console=console)


def pass_k_table(summary: RunSummary) -> Table:
    table = Table(title="pass^k")
    table.add_column("k", justify="right", overflow="fold")
    table.add_column("legacy", justify="right", overflow="fold")
    table.add_column("shaped", justify="right", overflow="fold")
    for k in sorted(summary.legacy_pass_k):
        low, high = summary.shaped_pass_k[k], summary.shaped_pass_k_high.get(k, summary.shaped_pass_k[k])
        table.add_row(str(k), f"{summary.legacy_pass_k[k]:.3f}", f"{low:.3f}" + (f"–{high:.3f}" if high != low else ""))
    return table


def run_with_progress(config: RunConfig, console: Console = None, pass_k: bool = True) -> int:
    """Run ``config`` with the progress bar, then print pass^k (unless ``pass_k`` is False: the
    demo prints it once, in the comparison that follows) and where the results went."""
    console = console or Console(stderr=True)
    progress = make_progress(console)
    progress.disable = not console.is_terminal  # a log or a pipe gets no bar (outputs stay byte for byte the same)
    bar: Dict[str, Any] = {}

    def on_start(total: int, path: Any) -> None:
        console.print(f"run: {total} episode{'s' if total != 1 else ''} on {config.env}/{config.task_split} "
                      f"({describe_players(config)}); results: {path}", highlight=False,
                      soft_wrap=not console.is_terminal)  # a terminal folds it to its width; a log keeps one line

    # a log or a pipe gets one line an episode where a terminal gets the bar, when episodes call a
    # model (seconds each); a replay (the demo: hundreds of episodes a second or so) gets none
    lines = progress.disable and (uses_agent_model(config) or uses_user_model(config))

    def on_record(record: Dict[str, Any], stats: RunStats) -> None:
        if lines:
            console.print(f"episode {stats.finished}/{stats.total}: {episode_line(record)}; {stats.describe()}",
                          highlight=False, soft_wrap=True)
            return
        if progress.disable:
            return
        if "id" not in bar:
            bar["id"] = progress.add_task("episodes", total=stats.total, stats="")
        progress.update(bar["id"], completed=stats.finished, stats=stats.describe())

    try:
        with progress:
            summary = run(config, on_record=on_record, on_start=on_start)
    except (RunError, ResultsFileError, ValueError) as exc:
        console.print(f"[red]error:[/red] {exc}", highlight=False, soft_wrap=True)
        return 2
    for note in summary.notes:
        console.print(f"[yellow]repaired:[/yellow] {note}")
    if pass_k:
        console.print(pass_k_table(summary))
    if summary.skipped:
        console.print(f"resumed: {summary.skipped} episode(s) already done were skipped")
    console.print(f"results: {summary.path}")
    if summary.interrupted:
        console.print(f"interrupted: continue with --resume {summary.path}")
        return 130
    if summary.finished and summary.errors == summary.finished:
        console.print(f"[red]error:[/red] every episode of this run errored ({summary.errors}); the first: "
                      f"{_first_error(summary.path)}")
        return 1
    if summary.errors:
        console.print(f"[yellow]{summary.errors} episode(s) errored[/yellow]: --resume {summary.path} runs them again")
    return 0


def describe_players(config: RunConfig) -> str:
    """Who plays: the agent (its model and server) and the customer."""
    agent = f"agent {config.model}" if config.agent_strategy == "tool-calling" else f"agent {config.agent_strategy}"
    if config.agent_strategy == "tool-calling" and config.api_base:
        agent += f" at {config.api_base}"
    user = f"customer {config.user_model}" if config.user_strategy == "llm" else f"customer {config.user_strategy}"
    if config.user_strategy == "llm" and (config.user_api_base or config.api_base):
        user += f" at {config.user_api_base or config.api_base}"
    return f"{agent}, {user}"


def episode_line(record: Dict[str, Any]) -> str:
    """One finished episode in a few words: its task and trial, and both rewards (or its error)."""
    info = record.get("info") or {}
    where = f"task {info.get('task_key', record.get('task_id'))} trial {record.get('trial', 0)}"
    if info.get("error"):
        return f"{where} errored ({str(info['error']).splitlines()[0][:120]})"
    shaped = info.get("shaped") or {}
    value = shaped.get("reward")
    undecided = shaped.get("status") == "undetermined" or not isinstance(value, (int, float))
    shaped_text = "undetermined" if undecided else f"{float(value):.2f}"
    return f"{where}: legacy {float(record.get('reward') or 0.0):.0f}, shaped {shaped_text}"


def _first_error(path: Any) -> str:
    from tau_shaped.evaluation.results_file import read_results

    try:
        for record in reversed(read_results(path)):
            error = (record.get("info") or {}).get("error")
            if error:
                return str(error).splitlines()[0][:200]
    except ResultsFileError:
        pass
    return "(not recorded)"
