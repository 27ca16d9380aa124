"""What every ``run_<library>.py`` shares: the repository on ``sys.path``, the rows read back from the
parquet file, the per-row result a runner writes (``row_id``, ``got``, ``expected``) as JSON."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Callable, Dict, List

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

KEYS = ("score", "outcome", "process", "safety", "legacy", "abstain", "undetermined", "parse_fault")


def result(row: Dict[str, Any], got: Dict[str, Any], expected_key: str = "expected") -> Dict[str, Any]:
    return {"row_id": row["row_id"], "got": {k: float(got[k]) for k in KEYS if k in got and got[k] is not None},
            "expected": row[expected_key]}


def main(score: Callable[[List[Dict[str, Any]], Path], Dict[str, List[Dict[str, Any]]]]) -> None:
    """``--parquet P --out O``: ``score(rows, parquet path)`` gives ``{library: [results]}``, written to O."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--parquet", required=True, type=Path)
    parser.add_argument("--out", required=True, type=Path)
    args = parser.parse_args()
    from tests.integrations.training.completion_set import read_parquet

    rows = read_parquet(args.parquet)
    args.out.write_text(json.dumps(score(rows, args.parquet)))
