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


# ---- Runs are reproducible (issue 28) -------------------------------------------------------------

EPISODE_SETTINGS = {
    "temperature": 0.7, "seed": 11, "max_steps": 5, "lam": 0.5, "blend": "outcome", "model": "gpt-4o-mini",
    "model_provider": "openai", "user_model": "gpt-4o-mini", "user_model_provider": "openai",
    "recordings": "copy.json",  # the same recordings in another file (under tmp_path)
}


def test_info_run_records_every_setting_that_changes_an_episode(tmp_path):
    from tau_shaped.evaluation.runner import RUN_SETTINGS

    summary = run(config(tmp_path, num_trials=1, task_ids=["refund"], temperature=0.25, seed=7))
    (record,) = read_results(summary.path)
    recorded = record["info"]["run"]
    assert set(EPISODE_SETTINGS) | {"env", "task_split", "agent_strategy", "user_strategy"} <= set(RUN_SETTINGS)
    assert set(recorded) == set(RUN_SETTINGS)
    assert recorded["temperature"] == 0.25 and recorded["seed"] == 7 and recorded["recordings"] == RECORDINGS
    assert recorded["task_split"] == "test" and recorded["lam"] == 0.3 and recorded["max_steps"] == 30


@pytest.mark.parametrize("setting", sorted(EPISODE_SETTINGS))
def test_resume_refuses_a_change_of_any_setting_naming_its_option(tmp_path, setting):
    from tau_shaped.evaluation.runner import option_name

    first = run(config(tmp_path, num_trials=1, task_ids=["refund"]))
    before = first.path.read_bytes()
    value = EPISODE_SETTINGS[setting]
    if setting == "recordings":
        value = str(tmp_path / value)
        (tmp_path / "copy.json").write_bytes(open(RECORDINGS, "rb").read())
    with pytest.raises(RunError) as refused:
        run(config(tmp_path, num_trials=2, task_ids=["refund"], resume=str(first.path), **{setting: value}))
    message = str(refused.value)
    assert "\n" not in message and f"the file's run has {option_name(setting)} " in message
    assert first.path.read_bytes() == before  # nothing appended
    assert option_name("lam") == "--lambda" and option_name("task_split") == "--split"


def test_resume_with_the_same_settings_goes_on_and_zero_is_zero_point_zero(tmp_path):
    first = run(config(tmp_path, num_trials=1, task_ids=["refund"], temperature=0))
    second = run(config(tmp_path, num_trials=2, task_ids=["refund"], temperature=0.0, resume=str(first.path)))
    assert second.skipped == 1 and len(read_results(first.path)) == 2


def test_resume_from_the_cli_refuses_another_temperature_in_one_line(tmp_path):
    from typer.testing import CliRunner

    from tau_shaped.cli import app

    base = ["run", "--env", "tests.mini_domain:DOMAIN", "--agent-strategy", "replay", "--user-strategy", "scripted",
            "--recordings", RECORDINGS, "--task-ids", "refund", "--log-dir", str(tmp_path)]
    first = run(config(tmp_path, num_trials=1, task_ids=["refund"]))
    refused = CliRunner().invoke(app, base + ["--resume", str(first.path), "--temperature", "0.7"])
    assert refused.exit_code == 2 and refused.stdout == ""
    assert "the file's run has --temperature 0.0, this run 0.7" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1


def test_model_names_never_make_folders(tmp_path):
    from tau_shaped.evaluation.runner import default_path, name_part

    path = default_path(config(tmp_path, user_model="openai/stub-user", model="openrouter/meta/llama 3",
                               agent_strategy="tool-calling", user_strategy="llm"))  # the user model is named when it plays
    assert path.parent == tmp_path
    assert "_user-openai-stub-user-" in path.name and "-llama-3-" in path.name
    assert name_part("../../etc") == "..-..-etc" and name_part("..") == "x" and name_part("a/b\\c:d") == "a-b-c-d"
    assert len(name_part("m" * 500)) == 60
    summary = run(config(tmp_path, num_trials=1, task_ids=["refund"], user_model="openai/stub-user"))
    assert summary.path.parent == tmp_path and [p for p in tmp_path.iterdir() if p.is_dir()] == []
