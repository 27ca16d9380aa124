"""The same 46 completions through every trainer library's own path: 0 differences from offline (issue 43).

Builds the fixed set (``tests/integrations/training/completion_set.py``), writes it to a parquet
file, runs each library's runner (``scripts/cross_trainer/run_<library>.py``) in the venv that has
the library, reads back each runner's JSON results and prints one table: library, rows compared,
differences from the offline scorer, abstained, parse faults. Exits 1 if any library differs (or a
runner failed), 0 otherwise; a library whose venv or package is missing is "not run: <why>".

    python scripts/cross_trainer_agreement.py [--main-python P] [--verl-venv V] [--verifiers-venv V]
                                              [--nemo-gym-venv V] [--openrlhf-venv V]
                                              [--keep DIR [--reuse LIBRARY]]

Each venv option defaults to the environment variable ``TAU_SHAPED_VERL_VENV``,
``TAU_SHAPED_VERIFIERS_VENV``, ``TAU_SHAPED_NEMO_GYM_VENV``, ``TAU_SHAPED_OPENRLHF_VENV``, else
``.venv-verl``, ``.venv-verifiers``, ``.venv-nemo-gym``, ``.venv-openrlhf`` in the repository.

OpenRLHF: ``pip install openrlhf`` builds flash-attn against torch (no CPU build), but its
executors are plain Python. The OpenRLHF venv is one layered on the main venv (a ``.pth`` file in
its site-packages naming the main venv's) with OpenRLHF's wheel and pylatexenc installed
``--no-deps``; there its real ``MultiTurnAgentExecutor`` (over our agent instance) and
``SingleTurnAgentExecutor`` (posting to our reward server) run, beside its two contracts (the reward
server's HTTP request, the agent instance driven by hand). Without that venv the contracts run in
the main venv and the executors are "not run".
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

RUNNERS = ROOT / "scripts" / "cross_trainer"
# (runner, the venv option that names its Python, the module it needs)
LIBRARIES: List[Tuple[str, str, str]] = [
    ("run_trl.py", "main_python", "trl"),
    ("run_verl.py", "verl_venv", "verl"),
    ("run_openrlhf.py", "openrlhf_venv", "openrlhf.utils.agent"),
    ("run_verifiers.py", "verifiers_venv", "verifiers.v1"),
    ("run_nemo_gym.py", "nemo_gym_venv", "nemo_gym"),
    ("run_skyrl.py", "main_python", "skyrl_gym"),
]


def python_of(option: str, args: argparse.Namespace) -> Path:
    if option == "main_python":
        return Path(args.main_python)
    return Path(getattr(args, option)) / "bin" / "python"


def why_not(python: Path, module: str) -> Optional[str]:
    """Why the runner cannot run with ``python`` (None if it can)."""
    if not python.exists():
        return f"no Python at {python}"
    probe = subprocess.run([str(python), "-c", f"import {module}"], capture_output=True, text=True, cwd=str(ROOT),
                           timeout=600)
    if probe.returncode != 0:
        last = (probe.stderr.strip().splitlines() or ["?"])[-1]
        return f"{module} does not import there ({last[:120]})"
    return None


def run(runner: str, python: Path, parquet: Path, out: Path) -> Tuple[Optional[Dict[str, Any]], str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PATH": f"{python.parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run([str(python), str(RUNNERS / runner), "--parquet", str(parquet), "--out", str(out)],
                          capture_output=True, text=True, cwd=str(ROOT), env=env, timeout=3600)
    if done.returncode != 0 or not out.exists():
        return None, (done.stderr.strip().splitlines() or ["no output"])[-1][:200]
    return json.loads(out.read_text()), ""


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--main-python", default=str(ROOT / ".venv" / "bin" / "python"),
                        help="the Python of the venv with trl, skyrl-gym and datasets (default: .venv)")
    for library, install in (("verl", 'pip install -e ".[verl]"'), ("verifiers", 'pip install -e ".[verifiers]"'),
                             ("nemo-gym", 'pip install -e ".[nemo-gym]"'),
                             ("openrlhf", ("a venv layered on the main one, with OpenRLHF's wheel and pylatexenc "
                                           "installed --no-deps"))):
        variable = f"TAU_SHAPED_{library.upper().replace('-', '_')}_VENV"
        default = os.environ.get(variable) or str(ROOT / f".venv-{library}")
        parser.add_argument(f"--{library}-venv", default=default,
                            help=f"the venv with {library} ({install}); default ${variable}, "
                                 f"else .venv-{library} in the repository")
    parser.add_argument("--keep", type=Path, help="keep the parquet file and the runners' JSON results here")
    parser.add_argument("--reuse", action="append", default=[], metavar="LIBRARY",
                        help="take LIBRARY's results from run_LIBRARY.json (or its shards' run_LIBRARY.shardK.json: "
                             "run_verifiers.py --shard K/N) in --keep's folder, written by an earlier run of its runner "
                             "on the same set, instead of running it again (verifiers 0.4 starts a harness process per "
                             "rollout: about an hour for the set on a loaded 2-core machine)")
    args = parser.parse_args(argv)

    from tests.integrations.training.completion_set import rows, summarize, write_parquet

    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        parquet = folder / "completion_set.parquet"
        built = rows()
        if args.reuse and parquet.exists():  # the reused results were read from this file: it must hold this set
            from tests.integrations.training.completion_set import read_parquet

            kept_rows = read_parquet(parquet)
            if [(r["row_id"], r["expected"], r["expected_episode"]) for r in kept_rows] != [
                    (r["row_id"], r["expected"], r["expected_episode"]) for r in built]:
                parser.error(f"{parquet} does not hold this set: run without --reuse")
        else:
            write_parquet(built, parquet)
        lines: List[Tuple[str, Any]] = []
        failed = False
        for runner, option, module in LIBRARIES:
            name = runner[4:-3]
            if name in args.reuse:  # run_<name>.json, or its shards' run_<name>.shard<k>.json
                kept = sorted(folder.glob(runner[:-3] + ".json")) + sorted(folder.glob(runner[:-3] + ".shard*.json"))
                if not kept:
                    lines.append((name, f"not run: --reuse {name} but {folder} has no {runner[:-3]}*.json"))
                    continue
                merged: Dict[str, List[Any]] = {}
                for path in kept:
                    for library, per_row in json.loads(path.read_text()).items():
                        merged.setdefault(library, []).extend(per_row)
                for library, per_row in merged.items():
                    summary = summarize(library, per_row)
                    lines.append((library + " (reused)", summary))
                    failed = failed or summary["differences"] > 0
                continue
            python = python_of(option, args)
            reason = why_not(python, module)
            if reason is not None and name == "openrlhf":  # its contracts run without it, in the main venv
                why = f"it needs flash-attn, which has no CPU build; see --openrlhf-venv: {reason}"
                lines.append(("openrlhf executors", f"not run: openrlhf is not installed ({why})"))
                python, module = Path(args.main_python), "tau_shaped.integrations.training.openrlhf_adapter"
                reason = why_not(python, module)
            if reason is not None:
                lines.append((runner[4:-3], f"not run: {reason}"))
                continue
            results, error = run(runner, python, parquet, folder / (runner[:-3] + ".json"))
            if results is None:
                lines.append((runner[4:-3], f"FAILED: {error}"))
                failed = True
                continue
            for library, per_row in results.items():
                summary = summarize(library, per_row)
                lines.append((library, summary))
                failed = failed or summary["differences"] > 0
    print(f"{'library':<32} {'rows':>5} {'differences':>12} {'abstained':>10} {'parse faults':>13}")
    for library, line in lines:
        if isinstance(line, str):
            print(f"{library:<32} {line}")
            continue
        print(f"{library:<32} {line['rows']:>5} {line['differences']:>12} {line['abstained']:>10} {line['parse_faults']:>13}")
        for diff in line["diffs"]:
            print(f"    {diff['row_id']}: {', '.join(diff['keys'])} got {diff['got']} offline {diff['expected']}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
