"""The noise floor as ``compare`` shows it (issue 46; docs/noise_floor.md): each run's 95%
bootstrap intervals per domain, the tasks that flip between its trials, and between runs the
difference with its minimum detectable difference. As plain data (the report's JSON) and as
terminal tables; the statistics are ``evaluation.noise_floor``'s."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from rich import box
from rich.table import Table

from tau_shaped.evaluation.noise_floor import LEVEL, POWER, RESAMPLES, SEED, Interval, PairNoise, RunNoise
from tau_shaped.report.comparison import FileSummary, pair_noises

HOW = (f"95% intervals: {RESAMPLES} bootstrap resamples of the tasks (each with all its trials), seeded ({SEED}); "
       f"minimum detectable difference: the true difference a two-sided test at {LEVEL:.0%} confidence finds with "
       f"{POWER:.0%} power, 2.80 × the standard error of the paired task-level difference (from the spread of each "
       "task's trials; one trial a task: from the spread of the per-task differences). See docs/noise_floor.md.")


def interval_text(iv: Optional[Interval]) -> str:
    """``0.420 [0.330, 0.510]``; a range (trials with no verdict) ``0.400–0.440 [...]``; none: ``–``."""
    if iv is None:
        return "–"
    estimate = f"{iv.low:.3f}" + (f"–{iv.high:.3f}" if f"{iv.high:.3f}" != f"{iv.low:.3f}" else "")
    return f"{estimate} [{iv.ci_low:.3f}, {iv.ci_high:.3f}]"


def _number(value: Optional[float], signed: bool = False) -> str:
    if value is None:
        return "–"
    return f"{value:+.3f}" if signed else f"{value:.3f}"


def run_rows(noise: RunNoise) -> List[List[str]]:
    """(metric, legacy, shaped) rows: pass^k for each k, then the mean rewards."""
    rows = [[f"pass^{k}", interval_text(noise.legacy_pass_k[k]), interval_text(noise.shaped_pass_k[k])]
            for k in sorted(noise.legacy_pass_k)]
    rows.append(["mean reward", interval_text(noise.legacy_reward), interval_text(noise.shaped_reward)])
    return rows


SHOWN_IDS = 30  # task ids a terminal line lists (the report lists them all)


def flips_text(noise: RunNoise, shown: Optional[int] = None) -> str:
    """The tasks that flip between trials, legacy and shaped, with their ids (``shown``: at most
    that many each, then how many more)."""
    if noise.trials < 2 and not noise.legacy_flips and not noise.shaped_flips:
        return "tasks that flip between trials: none can (one trial a task)"
    parts = []
    for name, ids in (("legacy", noise.legacy_flips), ("shaped", noise.shaped_flips)):
        listed = ids if shown is None else ids[:shown]
        more = f" and {len(ids) - len(listed)} more" if len(ids) > len(listed) else ""
        parts.append(f"{name} {len(ids)} of {noise.tasks}" + (f" ({', '.join(listed)}{more})" if ids else ""))
    return "tasks that flip between trials: " + "; ".join(parts)


def rerun_text(noise: RunNoise) -> str:
    """The minimum detectable difference against a re-run of the same configuration."""
    mdd = noise.rerun_mdd
    if all(v is None for v in mdd.values()):
        return "minimum detectable difference against a re-run: not measurable with one trial a task"
    return ("minimum detectable difference against a re-run of this configuration: "
            + ", ".join(f"{metric} {_number(value)}" for metric, value in mdd.items()))


def _table(title: str, width: int) -> Table:
    if width < 60:
        return Table(title=title, box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    return Table(title=title)


def run_table(label: str, noise: RunNoise, width: int) -> Table:
    table = _table(f"{label}: {noise.domain}, {noise.tasks} tasks × {noise.trials} trial{'s' if noise.trials != 1 else ''}: "
                   "estimate [95% interval]", width)
    for name in ("metric", "legacy", "shaped"):
        table.add_column(name, overflow="fold")
    for row in run_rows(noise):
        table.add_row(*row)
    return table


def pair_rows(pair: PairNoise) -> List[List[str]]:
    """(metric, B - A, minimum detectable difference, paired tasks) rows."""
    return [[d.metric, _number(d.difference, signed=True), _number(d.mdd), str(d.tasks) + (" (spread of the differences)" if d.basis == "tasks" else "")]
            for d in pair.differences]


def pair_table(label_a: str, label_b: str, pair: PairNoise, width: int) -> Table:
    title = f"{label_b} − {label_a}: {pair.domain}"
    if pair.only_a or pair.only_b:
        title += f" ({pair.only_a} tasks only in {label_a}, {pair.only_b} only in {label_b}: left out)"
    table = _table(title, width)
    table.add_column("metric", overflow="fold")
    table.add_column("difference", justify="right", overflow="fold")
    table.add_column("minimum detectable difference", justify="right", overflow="fold")
    table.add_column("paired tasks", justify="right", overflow="fold")
    for row in pair_rows(pair):
        table.add_row(*row)
    return table


def noise_data(summaries: List[FileSummary], labels: List[str]) -> Dict[str, Any]:
    """The noise floor as plain data (the report's JSON): each run's domains, and each run
    after the first against the first."""
    runs = [{"label": label, "domains": [n.as_dict() for n in s.noise]} for label, s in zip(labels, summaries)]
    pairs = [{"a": labels[0], "b": label, "domains": [p.as_dict() for p in pair_noises(summaries[0], s)]}
             for label, s in zip(labels[1:], summaries[1:])]
    return {"method": HOW, "resamples": RESAMPLES, "seed": SEED, "level": LEVEL, "power": POWER, "runs": runs, "pairs": pairs}


def print_noise(console: Any, summaries: List[FileSummary], labels: List[str]) -> None:
    """The noise floor in the terminal: each run's tables, then each run against the first."""
    width = console.width
    console.print()
    console.print("noise floor", style="bold")
    console.print(HOW, highlight=False)
    for label, s in zip(labels, summaries):
        for noise in s.noise:
            console.print(run_table(label, noise, width))
            console.print(flips_text(noise, SHOWN_IDS), highlight=False)
            console.print(rerun_text(noise), highlight=False)
    for label, s in zip(labels[1:], summaries[1:]):
        pairs = pair_noises(summaries[0], s)
        if not pairs:
            console.print(f"{label} and {labels[0]} share no domain: no difference to measure", highlight=False)
        for pair in pairs:
            console.print(pair_table(labels[0], label, pair, width))
