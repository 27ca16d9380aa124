"""The terminal side of ``tau-shaped compare``."""

from __future__ import annotations

from pathlib import Path
from typing import List

from rich.console import Console
from rich.table import Table

from tau_shaped.report.comparison import summarize
from tau_shaped.report.html_report import write_report
from tau_shaped.evaluation.results_file import ResultsFileError


def show(files: List[Path], report: Path, console: Console = None) -> int:
    console = console or Console(width=140)
    try:
        summaries = [summarize(Path(f)) for f in files]
    except ResultsFileError as exc:
        console.print(f"[red]error:[/red] {exc}")
        return 2
    overall = Table(title="legacy vs shaped")
    for col in ("run", "episodes", "legacy pass", "shaped pass", "legacy pass^k", "shaped pass^k", "agree"):
        overall.add_column(col)
    for s in summaries:
        ks = sorted(s.legacy_pass_k)
        agree = s.agreement.get((0, 0), 0) + s.agreement.get((1, 1), 0)
        overall.add_row(
            s.path.name, str(len(s.records)), f"{s.legacy_rate:.3f}", f"{s.shaped_rate:.3f}",
            " ".join(f"{k}:{s.legacy_pass_k[k]:.2f}" for k in ks),
            " ".join(f"{k}:{s.shaped_pass_k[k]:.2f}" for k in ks),
            f"{agree}/{len(s.records)}",
        )
    console.print(overall)
    for s in summaries:
        a = s.agreement
        grid = Table(title=f"{s.path.name}: agreement")
        grid.add_column("")
        grid.add_column("shaped 0")
        grid.add_column("shaped 1")
        grid.add_row("legacy 0", str(a.get((0, 0), 0)), str(a.get((0, 1), 0)))
        grid.add_row("legacy 1", str(a.get((1, 0), 0)), str(a.get((1, 1), 0)))
        console.print(grid)
        if s.disagreements:
            why = Table(title=f"{s.path.name}: disagreements")
            for col in ("task", "trial", "legacy", "shaped", "reason"):
                why.add_column(col)
            for row in s.disagreements:
                why.add_row(*[str(x) for x in row])
            console.print(why)
        if s.process_rewards:
            pr = sorted(s.process_rewards)
            console.print(f"process reward: min {pr[0]:.2f}, median {pr[len(pr) // 2]:.2f}, max {pr[-1]:.2f}")
    target = write_report(summaries, report)
    console.print(f"report: {target.resolve()}")
    return 0
