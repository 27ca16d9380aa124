"""tau2 results files as simulations.

A tau2 run saves one JSON document, its ``Results`` model: ``info`` (the
environment, agent and user), ``tasks`` and ``simulations``. A JSON list of
simulation objects, and JSON lines of them, are read too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, List, Optional, Tuple, Union

from tau2.data_model.simulation import Results, SimulationRun
from tau2.data_model.tasks import Task


def _simulations(items: Any, path: Path) -> List[SimulationRun]:
    if not isinstance(items, list):
        raise ValueError(f"{path}: expected a list of simulations")
    return [SimulationRun.model_validate(item) for item in items]


def read_tau2_results_full(path: Union[str, Path]) -> Tuple[List[SimulationRun], List[Task], Optional[str]]:
    """The simulations, the tasks (empty if the file has none) and the domain (None if unknown)."""
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    stripped = text.lstrip()
    if stripped.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError:  # JSON lines: one simulation a line
            lines = [line for line in text.splitlines() if line.strip()]
            return _simulations([json.loads(line) for line in lines], path), [], None
        if "simulations" in data:
            results = Results.model_validate(data)
            domain = results.info.environment_info.domain_name if results.info else None
            return list(results.simulations), list(results.tasks), domain
        return _simulations([data], path), [], None
    return _simulations(json.loads(text), path), [], None


def read_tau2_results(path: Union[str, Path]) -> List[SimulationRun]:
    """The simulations of a tau2 results file (see :func:`read_tau2_results_full`)."""
    return read_tau2_results_full(path)[0]
