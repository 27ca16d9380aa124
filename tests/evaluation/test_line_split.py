"""The JSON-lines reader that reads a line in pieces (issue 33: ``traj`` by orjson, the rest by
json's scanner): wherever it answers, the record is the one ``json.loads`` gives (types
included: an integer stays an integer, a repeated key keeps its last value) and each span is
the text of its value; where orjson would read differently it declines, and the whole-line
scanner reads the line as before. The bytes ``score`` writes are then the same."""

from __future__ import annotations

import json

from hypothesis import example, given, settings
from hypothesis import strategies as st

from tau_shaped.evaluation.line_scan import scan_record, split_record
from tau_shaped.evaluation.record_scorer import dump_line
from tests.typed_values import typed


def _same_as_whole_line(raw: bytes) -> None:
    split = split_record(raw)
    if split is None:
        return
    record, spans = split
    whole = scan_record(raw.decode("utf-8"))
    assert whole is not None
    assert typed(record) == typed(json.loads(raw.decode("utf-8")))
    assert typed(record) == typed(whole[0])
    text = raw.decode("utf-8")
    for key, (start, end) in spans.items():
        assert typed(json.loads(raw[start:end])) == typed(record[key])
        first, last = whole[1][key]
        assert raw[start:end] == text[first:last].encode("utf-8")  # the same text, as bytes
    assert _written(record, raw, spans) == _written(whole[0], text, whole[1])


def _written(record, text, spans):
    """What ``score`` writes for the line (or the fault it reports: a lone surrogate in a
    value it encodes again cannot be UTF-8, whichever way the line was read)."""
    scored = {**record, "info": {"shaped": {"reward": 1.0}, "was": record.get("info")}}  # as scoring changes it
    try:
        return dump_line(scored, text, spans, ["info"])
    except UnicodeEncodeError as exc:
        return type(exc).__name__


scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**25, 10**25), st.floats(allow_nan=True),
                    st.text(max_size=6), st.sampled_from(["traj", '"traj": ', "\ud800", "é—", "NaN"]))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(["traj", "trial", "a", 'x"traj', "é"]), inner, max_size=3)),
    max_leaves=10)
tail_values = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20), st.floats(allow_nan=False),
                        st.sampled_from([0.0, -0.0, 1e22, 5e-324, 1.5]))


@settings(max_examples=500, deadline=None)
@given(values, values, st.lists(st.tuples(st.sampled_from(["trial", "reward", "z", "traj", "info"]), tail_values), max_size=3),
       st.booleans(), st.sampled_from(["", " ", "\r"]))
@example({"task": {"traj": [1]}}, [{"role": "user", "content": "a, \"trial\": 1}"}], [("trial", 3)], False, "")
@example({"a": 1}, [18446744073709551616, -9223372036854775809], [("trial", 3)], False, "")
@example({"a": 1}, ["\ud800"], [("trial", 3)], False, "")
@example({"a": 1}, [[[[[[[[[]]]]]]]]], [], True, "")
def test_a_line_read_in_pieces_is_the_line_json_reads(info, traj, tail, ascii_only, pad):
    head = {"info": info, "reward": 0.0, "task_id": 7}
    body = json.dumps(head, ensure_ascii=ascii_only, sort_keys=True)[:-1] + ', "traj": ' + json.dumps(traj, ensure_ascii=ascii_only)
    body += "".join(f", {json.dumps(k)}: {json.dumps(v)}" for k, v in tail) + "}" + pad
    try:
        raw = body.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate written raw: not UTF-8, never a line
        return
    _same_as_whole_line(raw)


def test_run_layout_is_read_in_pieces_and_odd_layouts_are_declined():
    line = {"info": {"task_key": "fd-1", "é": "—"}, "reward": 1.0, "task_id": 3, "traj": [{"role": "user", "content": "hi"}],
            "trial": 2}
    raw = json.dumps(line, ensure_ascii=False, sort_keys=True).encode("utf-8")
    assert split_record(raw) is not None
    _same_as_whole_line(raw)
    record, spans = split_record(raw)
    scored = {**record, "info": {**record["info"], "shaped": {"reward": 1.24}}}
    written = dump_line(scored, raw, spans, ["info"])  # spliced: the line's bytes around the new info
    assert written == (json.dumps(scored, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")
    assert written.endswith(raw[raw.index(b', "reward"'):] + b"\n")
    for odd in (raw.replace(b'"traj": ', b'"traj":'),                    # no space after the colon
                raw.replace(b', "trial": 2}', b' , "trial": 2}'),        # a space before the comma
                raw.replace(b'"trial": 2}', b'"trial": 2, "trial": 4}'),  # a repeated key
                raw.replace(b'"trial": 2', b'"trial": 12345678901234567890'),  # too long for orjson's integers
                raw.replace(b'"content": "hi"', b'"content": 99999999999999999999'),
                raw.replace(b'"content": "hi"', b'"content": NaN'),
                raw.replace(b'"content": "hi"', b'"content": "\\ud800"'),
                raw.replace(b'"reward": 1.0', b'"traj": 5, "reward": 1.0')):
        assert split_record(odd) is None, odd
        whole = scan_record(odd.decode("utf-8"))
        assert whole is None or whole[0] == json.loads(odd)
