"""A record read from JSON whose five fields have exactly their JSON types is taken without
running the model's validation (issue 33: a tenth of reading a rollout's line); whatever the
record, ``_validate`` accepts and refuses what the model does, with the same message."""

from __future__ import annotations

import json

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tau_shaped.env.types import EnvRunResult
from tau_shaped.evaluation.results_file import ResultsFileError, _validate, plainly_valid

json_values = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30), st.floats(), st.text(max_size=4)),
                           lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=3), inner, max_size=3)),
                           max_leaves=8)
field = st.one_of(json_values, st.sampled_from([0, -1, 2**63 - 1, 2**63, -2**63, 10**400, 1.0, 0.5, float("nan"), float("inf"),
                                                True, [{}], [{"role": "user"}, {}], [{"a": 1}, 3], {}, {"task": {}}]))
keys = ["task_id", "reward", "info", "traj", "trial"]


def _outcome(record, decoded):
    try:
        _validate(record, "f: line 1", decoded=decoded)
        return "ok"
    except ResultsFileError as exc:
        return str(exc)


ints = st.one_of(st.integers(-10**20, 10**20), st.sampled_from([2**63, -2**63, 10**400]))
typed = st.fixed_dictionaries({"task_id": ints, "reward": st.one_of(st.floats(), ints), "info": st.dictionaries(st.text(max_size=3), json_values),
                               "traj": st.lists(st.one_of(st.dictionaries(st.text(max_size=3), json_values), json_values), max_size=3),
                               "trial": ints})


@settings(max_examples=600, deadline=None)
@given(typed, st.dictionaries(st.sampled_from(keys), field, max_size=2), st.lists(st.sampled_from(keys), max_size=2),
       st.dictionaries(st.sampled_from(["x", "score"]), field))
@example({"task_id": 1, "reward": 10**400, "info": {}, "traj": [], "trial": 0}, {}, [], {})
@example({"task_id": 1, "reward": 2**63, "info": {}, "traj": [], "trial": 0}, {}, [], {})
@example({"task_id": 1, "reward": float("nan"), "info": {}, "traj": [], "trial": 0}, {}, [], {})
@example({"task_id": True, "reward": 0.0, "info": {}, "traj": [], "trial": 0}, {}, [], {})
@example({"task_id": 1, "reward": 0.0, "info": {}, "traj": [{}, []], "trial": 0}, {}, [], {})
def test_a_decoded_record_is_judged_as_the_model_judges_it(record, replaced, dropped, extra):
    record = {**extra, **record, **replaced}
    for key in dropped:
        record.pop(key, None)
    json.loads(json.dumps(record))  # a record JSON can hold
    if plainly_valid(record):
        EnvRunResult.model_validate(record)  # taken as it is: the model takes it too
    assert _outcome(record, True) == _outcome(record, False)


def test_plain_records_are_recognised_and_others_are_validated():
    plain = {"task_id": 3, "reward": 1.0, "info": {"task": {}}, "traj": [{"role": "user", "content": "hi"}], "trial": 0}
    assert plainly_valid(plain)
    assert plainly_valid({**plain, "reward": 1})
    for odd in ({**plain, "reward": "1"}, {**plain, "task_id": 3.0}, {**plain, "traj": [{}, "x"]}, {**plain, "info": []},
                {k: v for k, v in plain.items() if k != "trial"}, {**plain, "reward": 10**30}, [plain]):
        assert not plainly_valid(odd)
    with pytest.raises(ResultsFileError, match=r"^f: line 1: reward: nan is not a finite number"):
        _validate({**plain, "reward": float("nan")}, "f: line 1", decoded=True)
    with pytest.raises(ResultsFileError, match=r"^f: line 1: traj\.1: "):
        _validate({**plain, "traj": [{}, "x"]}, "f: line 1", decoded=True)
