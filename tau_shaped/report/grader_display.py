"""``tau-shaped grader-test``: the confusion table, the gaming probe per task, every disagreement (rich)."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from tau_shaped.tasks.grader_suite import CLASSES, SuiteReport
from tau_shaped.reward.result import BLENDS


def print_report(console: Console, report: SuiteReport, lam: float) -> None:
    table = Table(title=f"grader corpus: {report.total} trajectories {dict(sorted(report.kinds.items()))}")
    table.add_column("expected \\ actual")
    for c in CLASSES:
        table.add_column(c, justify="right")
    for e in CLASSES:
        table.add_row(e, *[str(report.confusion.get((e, a), 0)) for a in CLASSES])
    console.print(table)

    probe = Table(title=f"gaming probe (lambda {lam:g}): checkpoint steps without the outcome, per task and blend: "
                        "bound (every checkpoint, outcome 0) / best in corpus / least correct")
    probe.add_column("task")
    for blend in BLENDS:
        probe.add_column(blend, justify="right")
    for task_id, rows in sorted(report.gaming_by_task.items()):
        cells = []
        for blend in BLENDS:
            row = rows.get(blend)
            if row is None:
                cells.append("-")
                continue
            best = "-" if row.best is None else f"{row.best:.3f}"
            style = "" if row.margin > 0 else "[red]"
            cells.append(f"{style}{row.bound:.3f} / {best} / {row.correct:.3f}")
        probe.add_row(task_id, *cells)
    console.print(probe)
    for blend, (margin, bound, task_id) in sorted(report.gaming.items()):
        console.print(f"gaming probe, {blend}: smallest margin of a correct trajectory over a checkpoint-only one "
                      f"{margin:.3f} ({task_id}, checkpoint-only bound {bound:.3f})")
    for where, problem in report.disagreements:
        console.print(f"[red]disagreement[/red] {where}: {problem}")
    for failure in report.gaming_failures:
        console.print(f"[red]gaming[/red] {failure}")
    agreed = report.total - len(report.disagreements)
    console.print(f"{agreed}/{report.total} agree; gaming probe {'failed' if report.gaming_failures else 'passed'}")
