"""The fixed set of 46 completions (``completion_set``) after a parquet round trip, through the
libraries of this venv (issue 43): TRL's reward functions called as ``GRPOTrainer._calculate_rewards``
calls them (text and conversational), verl's ``compute_score`` (tau-shaped's, on the rows as verl's
dataset hands them), OpenRLHF's reward-server request, skyrl-gym's env. Each
gives what the offline scorer gives: 0 differences. ``scripts/cross_trainer_agreement.py`` runs the
same set through verl, verifiers 0.4, NeMo-Gym (in their own venvs) and OpenRLHF's agent instance.
"""

from __future__ import annotations

import importlib.util
import json
import sys

import pytest

from tests.integrations.training import completion_set as cs
from tests.integrations.training.completion_set import ROOT

sys.path.insert(0, str(ROOT / "scripts" / "cross_trainer"))


def _need(*modules):
    """Skip, naming the extra, where a library the set runs through is not installed."""
    extras = {"datasets": "trl", "pyarrow": "trl", "trl": "trl", "skyrl_gym": "skyrl"}
    for module in modules:
        if importlib.util.find_spec(module) is None:
            pytest.skip(f'needs {module}: pip install -e ".[{extras[module]}]"')


SINGLE_TURN = ("trl_text", "trl_conversational", "verl_compute_score", "openrlhf_reward_server")
EPISODES = ("skyrl_gym",)  # OpenRLHF's agent hands torch tensors (3 s of torch import): the script runs it


@pytest.fixture(scope="module")
def rows(tmp_path_factory):
    _need("datasets", "pyarrow")
    built = cs.rows()
    back = cs.read_parquet(cs.write_parquet(built, tmp_path_factory.mktemp("set") / "set.parquet"))
    return built, back


@pytest.fixture(scope="module")
def results(rows):
    _need("trl", "skyrl_gym")
    import run_openrlhf
    import run_skyrl
    import run_trl

    from tau_shaped.integrations.training.verl_adapter import compute_score

    _, back = rows
    out = run_trl.score(back, None, trainer_path=False)
    out["verl_compute_score"] = [run_trl.result(r, compute_score(r["data_source"], r["completion"],
                                                                 r["reward_model"]["ground_truth"], r["extra_info"]))
                                 for r in back]
    out["openrlhf_reward_server"] = [run_openrlhf.result(r, g) for r, g in zip(back, run_openrlhf.reward_server(back))]
    out.update(run_skyrl.score(back, None))
    return {library: {r["row_id"]: r for r in per_row} for library, per_row in out.items()}


def test_the_set_is_46_rows_of_four_buckets_and_its_actions_went_through_arrow(rows):
    built, back = rows
    assert len(built) == len(back) == cs.SIZE == 46 and len({r["row_id"] for r in built}) == 46
    assert {r["task_id"].rsplit("-", 1)[0] for r in built} == {"fd-missing", "fd-cancel", "fd-cap", "fd-address"}
    # the premise: the actions column is a list, and Arrow filled each action's kwargs with the others' keys
    first = back[0]["actions"][0]
    assert isinstance(back[0]["actions"], list) and first["kwargs"]["order_id"] is None
    assert back[-2]["user_replies"] is None and back[-2]["case"] == "no_user_replies"
    assert sum(1 for r in back if len(r["completion"]) >= 300 * 1024) == 4


def test_the_offline_values_rank_the_completions_as_a_reader_would(rows):
    """The expected values are the scorer's (not written down): every correct format of a task is
    its ground truth's reward; every other completion earns less; the breach fails safety."""
    built, _ = rows
    for task in cs.TASKS:
        mine = {r["case"]: r["expected"] for r in built if r["task_id"] == task and r["case"] in cs.CASES}
        correct = {mine[c]["score"] for c in ("hermes", "structured", "json_arguments", "think_prefixed")}
        assert len(correct) == 1 and mine["hermes"]["outcome"] == 1.0 and mine["hermes"]["legacy"] == 1.0, task
        for case in ("wrong_method", "safety_breach", "refusal", "empty", "garbage", "malformed", "huge"):
            assert mine[case]["score"] < mine["hermes"]["score"] and mine[case]["outcome"] == 0.0, (task, case)
        assert mine["safety_breach"]["safety"] == 0.0 and mine["wrong_method"]["safety"] == 1.0, task


@pytest.mark.parametrize("library", SINGLE_TURN + EPISODES)
def test_every_library_gives_the_offline_values_after_parquet(results, library):
    summary = cs.summarize(library, list(results[library].values()))
    assert summary["rows"] == (45 if library == "trl_conversational" else 46)
    assert summary["differences"] == 0, summary["diffs"]


def test_the_row_without_user_replies_abstains_in_every_single_turn_adapter(results, rows):
    """No answer to the confirmation recorded (SPEC §10): undetermined, no reward (abstain 1.0,
    undetermined 1.0), never the 1.24 the same completion earns with its replies. The episode
    stacks play the task's persona customer, who answers: decided, as offline."""
    row_id = f"{cs.NO_REPLIES_TASK}/no_user_replies"
    with_replies = f"{cs.NO_REPLIES_TASK}/hermes"
    for library in ("trl_text", "verl_compute_score", "openrlhf_reward_server"):
        got = results[library][row_id]["got"]
        assert (got["abstain"], got["undetermined"]) == (1.0, 1.0), (library, got)
        assert results[library][with_replies]["got"]["score"] == pytest.approx(1.24), library
    for library in EPISODES:
        got = results[library][row_id]
        assert got["got"]["abstain"] == 0.0 and got["got"]["score"] == pytest.approx(got["expected"]["score"])


def test_the_300_kb_row_is_a_counted_parse_fault_in_every_adapter(results):
    """Past the reading limit: the policy's failure (0.0, parse_fault 1.0), never an abstention;
    the same correct call without the rambling is full credit."""
    for library, per_row in results.items():
        for task in cs.TASKS:
            got = per_row[f"{task}/huge"]["got"]
            assert (got["score"], got["abstain"], got["parse_fault"]) == (0.0, 0.0, 1.0), (library, task, got)
    assert sum(1 for per_row in results.values() for r in per_row.values() if r["got"].get("parse_fault")) == 4 * len(results)


def test_a_difference_is_caught():
    """The comparison can fail: one component off, or an abstention where a verdict was due."""
    expected = {"score": 1.24, "outcome": 1.0, "process": 0.8, "safety": 1.0, "legacy": 1.0, "abstain": 0.0,
                "parse_fault": 0.0}
    assert cs.differs(dict(expected), expected) == []
    assert cs.differs({**expected, "process": 0.7}, expected) == ["process"]
    assert cs.differs({**expected, "abstain": 1.0}, expected) == ["abstain"]
    assert cs.differs({k: v for k, v in expected.items() if k != "parse_fault"}, expected) == ["parse_fault"]
    summary = cs.summarize("x", [{"row_id": "r", "got": {**expected, "score": 0.0}, "expected": expected}])
    assert summary["differences"] == 1 and json.dumps(summary)


def test_nemo_gym_verify_reports_a_parse_fault_among_its_components():
    """Regression (found by this set): NeMo-Gym's ``verify`` had no ``parse_fault`` in
    ``reward_components``, so a 300 KB turn's 0.0 could not be told from a wrong answer's."""
    from tau_shaped.integrations.training import nemo_gym_server as ng

    huge = next(r for r in cs.rows() if r["row_id"] == "fd-missing-3/huge")
    prefix = [{"type": "function_call", "call_id": f"c{i}", "name": a["name"], "arguments": json.dumps(a["kwargs"])}
              for i, a in enumerate(huge["actions"]) if a["name"] != "respond"]
    outputs = [{"type": "function_call_output", "call_id": p["call_id"], "output": "{}"} for p in prefix]
    items = [x for pair in zip(prefix, outputs) for x in pair]
    faulty = ng.score_response("fd-missing-3", items + [{"type": "message", "role": "assistant", "content": [
        {"type": "output_text", "text": huge["completion"]}]}], user_replies=huge["user_replies"])
    assert faulty["abstain"] is False and faulty["reward"] == 0.0 and faulty["reward_components"]["parse_fault"] == 1.0
    fine = ng.score_response("fd-missing-3", items, user_replies=huge["user_replies"])
    assert fine["reward_components"]["parse_fault"] == 0.0


def test_verifiers_04_reports_a_parse_fault_among_its_metrics():
    """Regression (found by this set): verifiers 0.4's ``components`` metric had no ``parse_fault``."""
    try:
        import verifiers.v1 as vf
    except ImportError:
        pytest.skip("verifiers 0.4 (the verifiers extra) is not installed")
    import asyncio

    from tau_shaped.integrations.training import verifiers_adapter as va
    from tau_shaped.integrations.training.text_turns import TextEpisode

    classes = va.v1()
    values = {}
    for case in ("huge", "hermes"):
        row = next(r for r in cs.rows() if r["row_id"] == f"fd-missing-3/{case}")
        episode = TextEpisode(adapter="verifiers")
        episode.start("fd-missing-3", user_replies=row["user_replies"])
        for turn in row["turns"] + [row["completion"]]:
            if episode.act(turn).done:
                break
        key = va.SERVER.add(va.LiveEpisode(episode))
        try:
            task = classes["TauShapedTask"](classes["TauShapedData"](id="fd-missing-3", name="fd-missing-3",
                                                                     episode_key=key), vf.TaskConfig())
            values[case] = asyncio.run(task.components(None))
        finally:
            va.SERVER.drop(key)
            episode.close()
    assert values["huge"]["parse_fault"] == 1.0 and values["huge"]["abstain"] == 0.0
    assert values["hermes"]["parse_fault"] == 0.0 and values["hermes"]["outcome"] == 1.0
