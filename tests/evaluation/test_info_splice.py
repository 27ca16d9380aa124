"""``score`` writes a scored line's new ``info`` with the members it did not change taken from
the text the line held (issue 33: ``info.task`` is ~3 KB, repeated by every rollout of a task):
each such text is encoded once, as ``json.dumps`` encodes its value. Wherever the splice
answers, its bytes are ``json.dumps(info, ensure_ascii=False, sort_keys=True)``'s (what the
whole encoding wrote before); where the line's ``info`` is not laid out so (a repeated key, a
key written with escapes, a key nested in an earlier member, spaces) or the new value cannot be
encoded, it declines and the whole encoding decides, as before."""

from __future__ import annotations

import json

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tau_shaped.evaluation.line_scan import spliced_info, split_record
from tau_shaped.evaluation.record_scorer import dump_line
from tau_shaped.evaluation.results_file import finite_json

KEYS = ["task", "task_key", "rollout", "shaped", "a", "é", 'q"', "b\\n"]


def _line(info, ascii_only=False, sort=True):
    head = json.dumps({"info": info}, ensure_ascii=ascii_only, sort_keys=sort)[:-1]
    return (head + ', "reward": 0.0, "task_id": 1, "traj": [{"content": "hi", "role": "user"}], "trial": 0}').encode("utf-8")


def _whole(info):
    return finite_json(info, ensure_ascii=False, sort_keys=True).encode("utf-8")


def _scored(info, shaped):
    new = dict(info)  # as RecordScorer.score makes it: the line's own objects, and new members
    new.setdefault("task_key", "k-1")
    new["shaped"] = shaped
    return new


def _nested_keys(value, depth=0):
    """The keys of the objects inside ``value``'s members."""
    found = set(value) if isinstance(value, dict) and depth else set()
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else []
    for child in children:
        found |= _nested_keys(child, depth + 1)
    return found


scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**18, 10**18), st.floats(allow_nan=False, allow_infinity=False),
                    st.text(max_size=5), st.sampled_from(["é—\u2028", "\x00\x1f\x7f", '", "task_key": ', "\\", "NaN"]))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(st.sampled_from(KEYS), inner, max_size=3)),
                      max_leaves=12)


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(st.sampled_from(KEYS), values, max_size=5), values, st.booleans(), st.booleans())
@example({"task": {"task_key": 1, "x": [1]}, "task_key": "t"}, {"reward": 1.0}, False, True)
@example({"rollout": "a", "task": {"rollout": {"task": 2}}}, [1], True, True)
@example({}, {"r": "é"}, False, True)
def test_a_spliced_info_is_the_whole_encoding(info, shaped, ascii_only, sort):
    raw = _line(info, ascii_only, sort)
    split = split_record(raw)
    if split is None:
        return
    record, spans = split
    new = _scored(record["info"], shaped)
    for _ in range(2):  # the second time from the texts already encoded
        spliced = spliced_info(raw, spans, new)
        assert spliced is None or spliced == _whole(new)
        if sort and not ascii_only and b"NaN" not in raw and b"Infinity" not in raw and not _nested_keys(info) & set(info):
            assert spliced == _whole(new)  # json.dumps' own layout, no member's key inside another: spliced
        written = dump_line({**record, "info": new}, raw, spans, ["info"])
        assert written == (json.dumps({**record, "info": new}, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")


def test_a_member_the_scorer_replaced_is_encoded_from_its_new_value():
    info = {"rollout": "r", "shaped": {"reward": 0.0}, "task": {"id": "t"}}
    raw = _line(info)
    record, spans = split_record(raw)
    new = {**record["info"], "shaped": {"reward": 1.0}, "task": {"id": "t"}}  # equal text, another object: encoded
    new["task"]["id"] = "changed"
    assert spliced_info(raw, spans, new) == _whole(new)
    assert b'"changed"' in spliced_info(raw, spans, new)


@pytest.mark.parametrize("odd", [
    b'{"info": {"a": 1, "a": 2}, "reward": 0.0, "task_id": 1, "traj": [], "trial": 0}',  # a repeated key
    b'{"info": {"\\u0061": 1}, "reward": 0.0, "task_id": 1, "traj": [], "trial": 0}',  # a key written with an escape
    b'{"info": {"a":1}, "reward": 0.0, "task_id": 1, "traj": [], "trial": 0}',  # no space after the colon
    b'{"info": {"a": {"b": 1}, "b": 2}, "reward": 0.0, "task_id": 1, "traj": [], "trial": 0}',  # the next key nested first
    b'{"info": {"a": 1 , "b": 2}, "reward": 0.0, "task_id": 1, "traj": [], "trial": 0}',
])
def test_odd_layouts_are_declined_or_spliced_exactly(odd):
    record, spans = split_record(odd)
    new = _scored(record["info"], {"reward": 1.0})
    spliced = spliced_info(odd, spans, new)
    assert spliced is None or spliced == _whole(new)
    assert dump_line({**record, "info": new}, odd, spans, ["info"]) == (
        json.dumps({**record, "info": new}, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")
    if b'"a": 1, "a": 2' in odd or b"\\u0061" in odd or b'"a":1' in odd or b"1 ," in odd:
        assert spliced is None


def test_what_cannot_be_encoded_is_left_to_the_whole_encoding():
    raw = _line({"task": {"id": "t"}})
    record, spans = split_record(raw)
    assert spliced_info(raw, spans, _scored(record["info"], {"reward": float("nan")})) is None  # finite_json nulls it
    assert spliced_info(raw, spans, _scored(record["info"], {"e": "\ud800"})) is None  # not UTF-8: the whole encoding fails
    assert spliced_info(raw, spans, {**record["info"], 3: "x"}) is None  # a key that is not a string
    assert spliced_info(raw, {"info": spans["info"]}, _scored(record["info"], {})) is None  # spans not from split_record
    with pytest.raises(UnicodeEncodeError):  # as before: the fault is reported for the record
        dump_line({**record, "info": _scored(record["info"], {"e": "\ud800"})}, raw, spans, ["info"])
    nan = dump_line({**record, "info": _scored(record["info"], {"reward": float("nan")})}, raw, spans, ["info"])
    assert b'"shaped": {"reward": null}' in nan


def test_the_table_of_encoded_texts_stays_bounded(monkeypatch):
    from tau_shaped.evaluation import line_scan

    monkeypatch.setattr(line_scan._ENCODED, "limit", 4096)
    for n in range(300):  # every line's task another text
        info = {"task": {"instruction": f"task {n} " + "x" * 64}, "task_key": f"t-{n}"}
        raw = _line(info)
        record, spans = split_record(raw)
        new = _scored(record["info"], {"reward": n})
        assert spliced_info(raw, spans, new) == _whole(new)
        assert line_scan._ENCODED.held <= 4096
    assert sum(2 * len(text) for text in line_scan._ENCODED) <= 4096
