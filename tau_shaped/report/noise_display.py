"""``tau-shaped noise``: how verifier noise moves measured pass rates (rich tables)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

from rich.console import Console
from rich.table import Table

from tau_shaped.verifiers.noise.config import EXAMPLE_CONFIG, NoiseConfigError, load_noise_config
from tau_shaped.verifiers.noise.results_noise import NoiseReport, Spread, apply_noise
from tau_shaped.verifiers.noise.telemetry import TelemetryTrace, aggregate_rates
from tau_shaped.evaluation.results_file import ResultsFileError, read_results


def _fmt(spread: Spread) -> str:
    return f"{spread.mean:.3f} [{spread.low:.3f}, {spread.high:.3f}]"


def report_table(report: NoiseReport) -> Table:
    table = Table(title=f"Measured under noise: mean [95% percentile interval] over {report.seeds} seeds, {report.episodes} episodes")
    table.add_column("verdict", overflow="fold")
    table.add_column("metric", overflow="fold")
    table.add_column("clean", justify="right", overflow="fold")
    table.add_column("noisy", justify="right", overflow="fold")
    table.add_column("shift", justify="right", overflow="fold")
    for kind in report.kinds:
        rows = [("pass rate", kind.pass_rate)] + [(f"pass^{k}", s) for k, s in sorted(kind.pass_hat_k.items())]
        for i, (metric, spread) in enumerate(rows):
            table.add_row(kind.kind if i == 0 else "", metric, f"{spread.clean:.3f}", _fmt(spread), f"{spread.mean - spread.clean:+.3f}")
        table.add_row("", "abstained / flipped", "", f"{kind.abstain_rate:.1%} / {kind.flipped_rate:.1%}", "", end_section=True)
    return table


def rates_table(events: list) -> Table:
    table = Table(title="Verifier attempts per tier and slice")
    for name in ("tier", "slice", "attempts", "timeout", "spurious fail", "spurious pass", "abstain"):
        table.add_column(name, justify="right" if name not in ("tier", "slice") else "left", overflow="fold")
    for row in aggregate_rates(events):
        def pct(value: Optional[float]) -> str:
            return "-" if value is None else f"{value:.1%}"

        table.add_row(
            str(row["tier"]), str(row["slice"]), str(row["attempts"]), pct(row["timeout_rate"]),
            pct(row["spurious_fail_rate"]), pct(row["spurious_pass_rate"]), pct(row["abstain_rate"]),
        )
    return table


def show(results: Path, config_path: Optional[Path], seeds: int, trace: Optional[Path], console: Optional[Console] = None) -> int:
    errors = console or Console(stderr=True)  # errors on stderr, the tables on stdout
    console = console or Console()  # the terminal's width: the tables fold to fit it
    try:
        config = load_noise_config(config_path or EXAMPLE_CONFIG)
        records = read_results(results)
    except (NoiseConfigError, ResultsFileError) as exc:
        errors.print(f"[red]error:[/red] {exc}", highlight=False, soft_wrap=True)
        return 2
    if not records:
        errors.print(f"[red]error:[/red] {results}: no episodes", highlight=False, soft_wrap=True)
        return 2
    if seeds < 1:
        errors.print("[red]error:[/red] --seeds must be at least 1", highlight=False, soft_wrap=True)
        return 2
    if trace is not None and trace.exists():
        trace.unlink()  # one trace per invocation
    telemetry = TelemetryTrace(trace)
    report = apply_noise(records, config, seeds, telemetry)
    console.print(f"noise config: {config_path or EXAMPLE_CONFIG} (seed {config.seed})", highlight=False)
    console.print(report_table(report))
    console.print(rates_table(telemetry.events))
    if trace is not None:
        console.print(f"telemetry: {trace} ({len(telemetry.events)} events)", highlight=False)
    return 0
