"""Score the test domain's sample trajectories offline: legacy vs shaped, side by side.

    python scripts/demo_mini_domain.py

No API key, no network: a stand-in for the full eval until the food-delivery
domain ships.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402

from tau_shaped import score_trajectory  # noqa: E402
from tests.mini_domain import make_env  # noqa: E402


def main() -> int:
    env = make_env()
    index = {task.id: i for i, task in enumerate(env.tasks)}
    samples = json.loads((ROOT / "tests" / "mini_domain" / "trajectories.json").read_text())
    table = Table(title="tau-shaped on the test domain: legacy vs shaped")
    for column in ("task", "trajectory", "legacy", "outcome", "process", "shaped", "why"):
        table.add_column(column)
    for sample in samples:
        r = score_trajectory(env, index[sample["task"]], sample["actions"])
        if r.status != "ok":
            print(f"{sample['task']}: {r.status}: {r.error}", file=sys.stderr)
            return 1
        why = "; ".join(
            [f"gate {g.id} at step {g.step}" for g in r.gate_violations]
            + [f"invariant {i['id']} total {i['total']}" for i in r.invariants if not i["holds"]]
            + [f"{d.path}: expected {d.expected!r}, got {d.actual!r}" for d in r.canonical_diff[:1]]
        )
        table.add_row(
            sample["task"], sample["label"], f"{r.legacy_reward:.0f}", f"{r.outcome_reward:.0f}",
            f"{r.process_reward:.2f}", f"{r.reward:.2f}", why,
        )
    Console(width=160).print(table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
