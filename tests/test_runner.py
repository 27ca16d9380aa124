"""`tau-shaped run` offline: replay agent, scripted user, append-only results, resume."""

import json

import pytest

from tau_shaped.evaluation.results_file import ResultsFileError, read_results
from tau_shaped.evaluation.runner import RunConfig, RunError, run
from tests.conftest import ROOT

RECORDINGS = str(ROOT / "tests" / "mini_domain" / "recordings.json")


def config(tmp_path, **kw):
    base = dict(
        env="tests.mini_domain:DOMAIN",
        agent_strategy="replay",
        user_strategy="scripted",
        recordings=RECORDINGS,
        log_dir=str(tmp_path),
        num_trials=2,
    )
    base.update(kw)
    return RunConfig(**base)


def test_replay_run_scores_legacy_and_shaped(tmp_path):
    summary = run(config(tmp_path))
    records = read_results(summary.path)
    assert len(records) == 10 and {r["trial"] for r in records} == {0, 1}
    by_task = {r["info"]["task_key"]: r for r in records if r["trial"] == 0}
    assert by_task["courier"]["reward"] == 0.0 and by_task["courier"]["info"]["shaped"]["outcome_reward"] == 1.0
    assert by_task["refund"]["info"]["shaped"]["outcome_reward"] == 1.0
    assert by_task["substitution"]["info"]["shaped"]["gate_violations"][0]["id"] == "allergen_substitute"
    assert by_task["fraud"]["reward"] == 1.0
    assert by_task["plain"]["reward"] == 1.0
    # tau-bench's EnvRunResult fields, the traj as chat messages
    assert set(records[0]) == {"task_id", "reward", "info", "traj", "trial"}
    assert any(m.get("tool_calls") for m in by_task["courier"]["traj"])
    assert summary.legacy_pass_k[1] == pytest.approx(2 / 5) and summary.shaped_pass_k[1] == pytest.approx(4 / 5)


def test_task_ids_by_id_index_or_comma_list(tmp_path):
    summary = run(config(tmp_path, num_trials=1, task_ids=["courier,1", "4"]))
    assert sorted(r["info"]["task_key"] for r in read_results(summary.path)) == ["courier", "plain", "refund"]


def test_max_steps_truncates_but_scores(tmp_path):
    summary = run(config(tmp_path, num_trials=1, task_ids=["courier"], max_steps=1))
    (record,) = read_results(summary.path)
    assert record["info"]["truncated"] is True and record["info"]["steps"] == 1
    assert record["info"]["shaped"]["status"] == "ok" and record["info"]["shaped"]["process_reward"] > 0


def test_interrupted_run_resumes_without_loss_or_double(tmp_path):
    calls = []

    def stop_after_three(record, stats):
        calls.append(record)
        if len(calls) == 3:
            raise KeyboardInterrupt

    first = run(config(tmp_path), on_record=stop_after_three)
    assert first.interrupted and len(read_results(first.path)) == 3
    # a crash mid-write leaves a partial last line: it is ignored, not fatal
    with open(first.path, "a") as handle:
        handle.write('{"task_id": 0, "rew')
    second = run(config(tmp_path, resume=str(first.path)))
    assert second.skipped == 3
    text = first.path.read_text()
    first.path.write_text(text.replace('{"task_id": 0, "rew', ""))
    records = read_results(first.path)
    pairs = [(r["info"]["task_key"], r["trial"]) for r in records]
    assert len(pairs) == 10 and len(set(pairs)) == 10


@pytest.mark.parametrize(
    "kw, needle",
    [
        ({"env": "nope"}, "unknown domain 'nope'"),
        ({"task_ids": ["zzz"]}, "unknown task id 'zzz'"),
        ({"agent_strategy": "magic"}, "unknown agent strategy"),
        ({"agent_strategy": "tool-calling"}, "--model is required"),
        ({"blend": "x"}, "unknown blend"),
    ],
)
def test_bad_config_one_line(tmp_path, kw, needle):
    with pytest.raises((RunError, ValueError)) as info:
        run(config(tmp_path, **kw))
    assert needle in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize(
    "content, needle",
    [
        ("[{\"task_id\": \"x\"}]", "record 0: task_id"),
        ('{"task_id": 1, "reward": 1, "info": {}, "traj": [], "trial": 0}\nnot json\n', "line 2: not valid JSON"),
        ("[1, 2", "not valid JSON"),
    ],
)
def test_malformed_results_files(tmp_path, content, needle):
    path = tmp_path / "r.json"
    path.write_text(content)
    with pytest.raises(ResultsFileError) as info:
        read_results(path)
    assert needle in str(info.value) and str(path) in str(info.value)


def test_concurrent_run_gives_the_sequential_results(tmp_path):
    def verdicts(path):
        return sorted(
            (r["info"]["task_key"], r["trial"], r["reward"], json.dumps(r["info"]["shaped"], sort_keys=True))
            for r in read_results(path)
        )

    sequential = run(config(tmp_path / "a", num_trials=3))
    concurrent = run(config(tmp_path / "b", num_trials=3, max_concurrency=4))
    assert verdicts(sequential.path) == verdicts(concurrent.path)


def test_an_episode_turn_with_two_calls_is_judged_one_step_a_turn():
    """play_episode (the run loop) records a turn that did two things for the shaped reward, as
    a scored traj would show it (wiki.md: "Each turn, either call one tool or write to the
    customer, never both")."""
    from tau_shaped.evaluation.agents.base import Agent, Turn, message_to_actions, play_episode
    from tau_shaped.tasks.domains import load_domain

    env = load_domain("food_delivery").make_env(task_split="test")
    task_index = next(i for i, t in enumerate(env.tasks) if t.id == "fd-question-3")
    gt = env.tasks[task_index].actions
    assert gt[0].name != "respond" and gt[1].name != "respond"

    def message(*actions):
        if actions[0].name == "respond":
            return {"role": "assistant", "content": actions[0].kwargs["content"]}
        return {"role": "assistant", "content": None, "tool_calls": [
            {"id": f"c{i}", "type": "function", "function": {"name": a.name, "arguments": json.dumps(a.kwargs)}}
            for i, a in enumerate(actions)]}

    class Scripted(Agent):
        def __init__(self, messages):
            self.messages = list(messages)

        def next_turn(self, messages):
            if not self.messages:
                return Turn(message={"role": "assistant", "content": ""}, actions=[])
            m = self.messages.pop(0)
            return Turn(message=m, actions=message_to_actions(m))

    verdicts = {}
    for joined, script in ((False, [message(a) for a in gt]), (True, [message(gt[0], gt[1])] + [message(a) for a in gt[2:]])):
        play_episode(Scripted(script), env, task_index)
        assert [a.name for a in env.actions] == [a.name for a in gt]
        verdicts[joined] = [(v.id, v.step) for v in env.calculate_reward_shaped().rule_violations]
    assert verdicts == {False: [], True: [("fd.turn.one_step_at_a_time", 0)]}
