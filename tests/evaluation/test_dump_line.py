"""``dump_line`` encodes a line whole when its text has ``NaN`` or ``Infinity`` anywhere (Python's
json reads bare ones); it looks for them by each capital letter's position (issue 33: ``in``
cost 26 us a 16 KB line), which must find exactly what ``in`` finds."""

from __future__ import annotations

import json

from hypothesis import example, given, settings
from hypothesis import strategies as st

from tau_shaped.evaluation.line_scan import split_record
from tau_shaped.evaluation.record_scorer import _may_hold_nan, dump_line


@settings(max_examples=1000, deadline=None)
@given(st.text(alphabet="NaIfinty x\"", max_size=40))
@example("NNaN")
@example("IInfinity")
@example("Infinit")
@example("aN")
@example("Na")
@example("xNaNx")
def test_the_scan_finds_what_in_finds(text):
    expected = "NaN" in text or "Infinity" in text
    assert _may_hold_nan(text) is expected
    assert _may_hold_nan(text.encode("utf-8")) is expected


def test_a_line_mentioning_nan_is_encoded_whole_and_others_spliced():
    def line(content):
        record = {"info": {"task": {"id": "t"}}, "reward": 0.0, "task_id": 1,
                  "traj": [{"content": content, "role": "user"}], "trial": 0}
        return json.dumps(record, ensure_ascii=False, sort_keys=True).encode("utf-8")

    for content, whole in (("a NaN here", True), ("Infinity", True), ("Nan, Inf", False), ("NNaN", True)):
        raw = line(content).replace(b'"role": "user"', b'"role":  "user"')  # a layout json.dumps would not keep
        record, spans = split_record(raw)
        scored = {**record, "info": {**record["info"], "shaped": {"reward": 1.0}}}
        written = dump_line(scored, raw, spans, ["info"])
        assert (b'"role":  "user"' not in written) is whole, content
        assert json.loads(written) == scored
