"""Mutation testing of the reward code with mutmut; prints the mutation score.

    python scripts/mutation_test.py [--max-children N]

The mutated modules and pytest options are in pyproject.toml ([tool.mutmut]).
Score = killed / (killed + survived + no tests + timeouts), counting every
mutant that no test exercised as a survivor. Too slow for CI (minutes to an
hour on 2 cores); run it before changing the reward code, and list the
survivors judged equivalent in the change's note.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--max-children", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--skip-run", action="store_true", help="only summarize the last run's results")
    args = parser.parse_args()
    env = {**os.environ}
    if not args.skip_run:
        subprocess.run(["mutmut", "run", "--max-children", str(args.max_children)], cwd=ROOT, env=env, check=False)
    listing = subprocess.run(["mutmut", "results", "--all", "true"], cwd=ROOT, env=env, capture_output=True, text=True)
    counts: dict = {}
    survivors = []
    for line in listing.stdout.splitlines():
        match = re.match(r"\s*(\S+): (.+)$", line)
        if not match:
            continue
        name, status = match.groups()
        counts[status] = counts.get(status, 0) + 1
        if status in ("survived", "no tests"):
            survivors.append(f"{status}: {name}")
    killed = counts.get("killed", 0)
    considered = killed + counts.get("survived", 0) + counts.get("no tests", 0) + counts.get("timeout", 0)
    if not considered:
        print("no mutants found: run without --skip-run first", file=sys.stderr)
        return 2
    print(f"mutants: {counts}")
    print(f"mutation score: {killed}/{considered} = {killed / considered:.1%}")
    for line in survivors:
        print(f"  {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
