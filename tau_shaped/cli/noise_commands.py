"""``tau-shaped noise``: what a noisy verifier does to measured pass rates."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer


def noise_command(
    results: Path = typer.Argument(..., help="A results file (ours or tau-bench's, with shaped results)."),
    config: Optional[Path] = typer.Option(None, "--config", help="Noise configuration (YAML); default: the bundled example."),
    seeds: int = typer.Option(20, "--seeds", help="Replicates of the noise (confidence intervals are over these)."),
    trace: Optional[Path] = typer.Option(None, "--trace", help="Write the telemetry (one JSON line per verifier attempt) here."),
) -> None:
    """How a noisy verifier would move the measured legacy and shaped pass rates and pass^k."""
    from tau_shaped.report.noise_display import show

    raise typer.Exit(show(results, config, seeds, trace))
