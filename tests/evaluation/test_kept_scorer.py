"""A scorer kept across calls (issue 33): a GRPO loop scoring a batch every step pays each
task's set-up (rule binding, probes, ground truth) once per run, not once per step, and
scores the same bytes as a fresh scorer each time."""

from __future__ import annotations

import json

import pytest

from tau_shaped.evaluation.batch import score_batch
from tau_shaped.evaluation.record_scorer import RecordScorer
from tau_shaped.evaluation.results_file import read_results
from tau_shaped.reward import shaped_env
from tau_shaped.reward.scoring import score_trajectory


def _count_binds(monkeypatch):
    calls = []
    real = shaped_env.bind

    def counting(rule_set, task, initial):
        calls.append(task.id)
        return real(rule_set, task, initial)

    monkeypatch.setattr(shaped_env, "bind", counting)
    return calls


def test_a_kept_scorer_sets_each_task_up_once_across_steps_and_scores_the_same(grpo_batch, monkeypatch):
    records = read_results(grpo_batch)
    fresh = [json.dumps(r, sort_keys=True) for r in score_batch(records, "food_delivery", "train")]
    binds = _count_binds(monkeypatch)
    kept = RecordScorer("food_delivery", "train")
    for step in range(3):  # three GRPO steps over the same prompts
        out = [json.dumps(r, sort_keys=True) for r in score_batch(records, "food_delivery", "train", scorer=kept)]
        assert out == fresh, step
    tasks = {r["info"]["task_key"] for r in records}
    assert sorted(binds) == sorted(tasks)  # once per task, not once per step or rollout
    assert kept.env.ground_truth_cache.misses == len(tasks)


def test_prepare_sets_tasks_up_before_their_rollouts(grpo_batch, monkeypatch):
    records = read_results(grpo_batch)
    kept = RecordScorer("food_delivery", "train")
    tasks = sorted({r["info"]["task_key"] for r in records})
    assert kept.prepare(tasks) == len(tasks)
    binds = _count_binds(monkeypatch)
    misses = kept.env.ground_truth_cache.misses
    list(score_batch(records, "food_delivery", "train", scorer=kept))
    assert binds == [] and kept.env.ground_truth_cache.misses == misses


def test_score_rollout_is_score_trajectory_with_the_scorers_blend(grpo_batch):
    records = read_results(grpo_batch)[:16]
    kept = RecordScorer("food_delivery", "train", blend="gated", lam=0.5)
    env = kept.env
    for record in records:
        key = record["info"]["task_key"]
        got = kept.score_rollout(key, traj=record["traj"])
        assert got == kept.score_rollout(record["task_id"], traj=record["traj"])  # by id or by index
        assert got == score_trajectory(env, kept.by_id[key], traj=record["traj"], blend="gated", lam=0.5)
    truth = kept.tasks[0]
    by_actions = kept.score_rollout(truth.id, actions=[{"name": a.name, "kwargs": a.kwargs} for a in truth.actions],
                                    user_replies=["Yes, please go ahead."] * 8)
    assert by_actions.status == "ok" and by_actions.outcome_reward == 1.0
    assert kept.score_rollout(truth.id, traj=[{"role": "assistant", "tool_calls": "nonsense"}]).status == "input_invalid"
    with pytest.raises(KeyError, match="not a task"):
        kept.score_rollout("no-such-task", traj=[])
    with pytest.raises(KeyError, match="not a task"):
        kept.score_rollout(10**6, traj=[])


def test_a_scorer_of_another_setting_is_refused(grpo_batch):
    kept = RecordScorer("food_delivery", "train", blend="shaped", lam=0.3)
    with pytest.raises(ValueError, match="blend outcome"):
        list(score_batch(read_results(grpo_batch), "food_delivery", "train", blend="outcome", scorer=kept))
    with pytest.raises(ValueError, match="food_delivery test"):
        list(score_batch(read_results(grpo_batch), "food_delivery", "test", scorer=kept))
    # a scorer of a task file (score --tasks) is not one of the split that file came from, nor the reverse
    from tau_shaped.tasks.domains import load_domain

    task_file = load_domain("food_delivery").task_files["train"]
    with pytest.raises(ValueError, match=f"not food_delivery the task file {task_file.resolve()} with"):
        list(score_batch(read_results(grpo_batch), "food_delivery", "train", scorer=kept, tasks=task_file))
    of_file = RecordScorer("food_delivery", "train", tasks=task_file)
    with pytest.raises(ValueError, match="not food_delivery train with"):
        list(score_batch(read_results(grpo_batch), "food_delivery", "train", scorer=of_file))


def test_a_kept_scorer_keeps_the_worlds_built_for_a_run_on_workers(grpo_batch, grpo_reference, tmp_path):
    """score_file on forked workers with a kept scorer: the worlds the parent built before
    forking stay in the kept scorer's env (the next step starts warm); the output unchanged."""
    from tau_shaped.evaluation.batch import score_file

    kept = RecordScorer("food_delivery", "train")
    out = tmp_path / "out.jsonl"
    score_file(grpo_batch, "food_delivery", "train", output=out, workers=2, scorer=kept)
    assert out.read_bytes() == grpo_reference
    seeds = {kept.seed_of(kept.by_id[json.loads(line)["info"]["task_key"]]) for line in grpo_reference.splitlines()}
    assert seeds <= set(kept.env._initial_states)
