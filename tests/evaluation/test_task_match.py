"""A record is scored against the env task its ``info.task`` is: the same instruction and
ground-truth actions as ``task_fingerprint`` writes them (issue 33: the texts are compared, and
only a text that differs is hashed, as before). Whatever the record holds, the match, the
refusal and any fault are the fingerprint's."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.evaluation.record_scorer import RecordScorer, task_fingerprint
from tau_shaped.evaluation.results_file import ResultsFileError

SCORER = RecordScorer("food_delivery", "train")
TASK = SCORER.tasks[0]
RECORDED = {"instruction": TASK.instruction, "actions": [a.model_dump() for a in TASK.actions], "user_id": TASK.user_id,
            "outputs": list(TASK.outputs)}


def _outcome(recorded):
    record = {"task_id": 0, "reward": 0.0, "info": {"task": recorded}, "traj": [], "trial": 0}
    try:
        return SCORER.task_index(record, "f: line 1")
    except ResultsFileError as exc:
        return str(exc)
    except Exception as exc:  # noqa: BLE001 - compared with what the fingerprint raises
        return type(exc).__name__


def _mutations():
    first = RECORDED["actions"][0]["kwargs"]
    key = next(iter(first))
    return st.sampled_from([
        ("same", lambda r: r),
        ("a number for a text", lambda r: r["actions"][0]["kwargs"].__setitem__(key, 1)),
        ("1.0 for 1", lambda r: r["actions"][0]["kwargs"].__setitem__(key, 1.0)),
        ("keys reordered", lambda r: r["actions"][0].update(dict(reversed(list(r["actions"][0].items()))))),
        ("an extra key", lambda r: r.__setitem__("bucket", "x")),
        ("a lone surrogate", lambda r: r.__setitem__("instruction", r["instruction"] + "\ud800")),
        ("an action dropped", lambda r: r["actions"].pop()),
        ("kwargs as a tuple list", lambda r: r["actions"][0].__setitem__("kwargs", list(first.items()))),
    ])


@settings(max_examples=60, deadline=None)
@given(_mutations())
def test_the_match_is_the_fingerprints(mutation):
    _, change = mutation
    recorded = copy.deepcopy(RECORDED)
    change(recorded)
    try:
        same = task_fingerprint(recorded) == task_fingerprint(TASK)
    except UnicodeEncodeError:
        assert _outcome(recorded) == "UnicodeEncodeError"
        return
    outcome = _outcome(recorded)
    if same:
        assert outcome == 0
    else:
        assert isinstance(outcome, str) and "info.task is not task" in outcome


def test_a_recorded_task_matches_its_env_task_and_a_changed_one_does_not():
    assert _outcome(copy.deepcopy(RECORDED)) == 0
    changed = copy.deepcopy(RECORDED)
    changed["actions"][0]["name"] = "another_tool"
    assert _outcome(changed).startswith("f: line 1: info.task is not task ")
    with pytest.raises(UnicodeEncodeError):
        task_fingerprint({**RECORDED, "instruction": "\ud800"})
    assert _outcome({**RECORDED, "instruction": "\ud800"}) == "UnicodeEncodeError"


def _json_values():
    scalars = (st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from([0.0, -0.0, 1.0, 1e-7, 1e16, 2.5])
               | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=4))
    return st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                        | st.dictionaries(st.text(max_size=3), inner, max_size=3), max_leaves=8)


def _task_with_value(value):
    """A task of the env's whose first action's first argument holds ``value`` (JSON values as a
    task file may hold them), with the record that states it."""
    task = TASK.model_copy(deep=True)
    key = next(iter(task.actions[0].kwargs))
    task.actions[0].kwargs[key] = value
    return task, key


@settings(max_examples=300, deadline=None)
@given(_json_values(), _json_values())
def test_values_strictly_equal_to_the_tasks_are_its_text_and_no_others(held, stated):
    """Whatever JSON values a task file and a record hold in the same place (``1`` vs ``1.0`` vs
    ``True``, ``0.0`` vs ``-0.0``, NaN, keys in another order), the record is matched to the
    task exactly when their fingerprints agree (a shortcut that compared values with ``==``
    would match ``1`` to ``1.0``)."""
    task, key = _task_with_value(held)
    scorer = RecordScorer("food_delivery", "train")
    scorer.tasks = [task]
    scorer.by_id = {}
    recorded = copy.deepcopy(RECORDED)
    recorded["actions"][0]["kwargs"][key] = stated
    record = {"task_id": 0, "reward": 0.0, "info": {"task": recorded}, "traj": [], "trial": 0}
    same = task_fingerprint(recorded) == task_fingerprint(task)
    try:
        outcome = scorer.task_index(record, "f: line 1")
    except ResultsFileError as exc:
        outcome = str(exc)
    assert (outcome == 0) is same, (held, stated)


def test_a_task_text_found_before_is_matched_by_its_bytes_and_another_text_is_checked():
    """``task_text`` (the bytes a line's ``info.task`` was read from): bytes found to be the
    task before match it again without the fingerprint; any other bytes are fingerprinted, so
    a changed task is still refused, and text of another task is not taken for this one."""
    import json

    scorer = RecordScorer("food_delivery", "train")
    same = json.dumps(RECORDED, ensure_ascii=False, sort_keys=True).encode("utf-8")
    record = {"task_id": 0, "reward": 0.0, "info": {"task": json.loads(same)}, "traj": [], "trial": 0}
    assert scorer.task_index(record, "f: line 1", task_text=same) == 0
    assert scorer._matched[0] == same
    assert scorer.task_index(record, "f: line 2", task_text=same) == 0  # by its bytes
    changed = copy.deepcopy(RECORDED)
    changed["instruction"] += " (edited)"
    changed["actions"] = changed["actions"][:-1] if len(changed["actions"]) > 1 else []
    text = json.dumps(changed, ensure_ascii=False, sort_keys=True).encode("utf-8")
    bad = {**record, "info": {"task": json.loads(text)}}
    with pytest.raises(ResultsFileError):
        scorer.task_index(bad, "f: line 3", task_text=text)
    assert scorer._matched[0] == same  # a refused text is never kept
    other = {**record, "task_id": 1}  # task 1's record carrying task 0's bytes: fingerprinted, refused
    if _fingerprint_differs(scorer, 1):
        with pytest.raises(ResultsFileError):
            scorer.task_index(other, "f: line 4", task_text=same)


def _fingerprint_differs(scorer, index):
    return task_fingerprint(scorer.tasks[index]) != task_fingerprint(TASK)
