"""``tau-shaped grader-test``: the confusion table, the gaming probe per task, every disagreement (rich)."""

from __future__ import annotations

from rich.console import Console
from rich.measure import Measurement
from rich.table import Table

from tau_shaped.tasks.grader_suite import CLASSES, SuiteReport
from tau_shaped.reward.result import BLENDS


def _natural_width(console: Console, table: Table) -> int:
    return Measurement.get(console, console.options.update_width(10_000), table).maximum


def probe_table(report: SuiteReport, lam: float, sep: str = " / ") -> Table:
    """Per task and blend: bound / best in corpus / least correct (red when the margin is gone)."""
    probe = Table(title=f"gaming probe (lambda {lam:g}): checkpoint steps without the outcome, per task and blend: "
                        "bound (every checkpoint, outcome 0) / best in corpus / least correct")
    probe.add_column("task", overflow="fold")
    for blend in BLENDS:
        probe.add_column(blend, justify="right", overflow="fold")
    for task_id, rows in sorted(report.gaming_by_task.items()):
        cells = []
        for blend in BLENDS:
            row = rows.get(blend)
            if row is None:
                cells.append("-")
                continue
            best = "-" if row.best is None else f"{row.best:.3f}"
            style = "" if row.margin > 0 else "[red]"
            cells.append(f"{style}{row.bound:.3f}{sep}{best}{sep}{row.correct:.3f}")
        probe.add_row(task_id, *cells)
    return probe


def print_report(console: Console, report: SuiteReport, lam: float) -> None:
    kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(report.kinds.items()))
    console.print(f"grader corpus: {report.total} trajectories ({kinds})", highlight=False)
    table = Table(title="confusion")
    table.add_column("expected \\ actual", overflow="fold")
    for c in CLASSES:
        table.add_column(c, justify="right", overflow="fold")
    for e in CLASSES:
        table.add_row(e, *[str(report.confusion.get((e, a), 0)) for a in CLASSES])
    console.print(table)

    probe = probe_table(report, lam)
    if _natural_width(console, probe) > console.width:  # narrow: the cells without spaces
        probe = probe_table(report, lam, sep="/")
    console.print(probe)
    for blend, (margin, bound, task_id) in sorted(report.gaming.items()):
        console.print(f"gaming probe, {blend}: smallest margin of a correct trajectory over a checkpoint-only one "
                      f"{margin:.3f} ({task_id}, checkpoint-only bound {bound:.3f})")
    for where, problem in report.disagreements:
        console.print(f"[red]disagreement[/red] {where}: {problem}", soft_wrap=True)  # one line each, to grep
    for failure in report.gaming_failures:
        console.print(f"[red]gaming[/red] {failure}", soft_wrap=True)
    agreed = report.total - len(report.disagreements)
    console.print(f"{agreed}/{report.total} agree; gaming probe {'failed' if report.gaming_failures else 'passed'}")
