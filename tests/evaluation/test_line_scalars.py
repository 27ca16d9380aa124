"""The scalar members around ``traj`` in a line ``run`` wrote (``reward``, ``task_id``,
``trial``...) are read without json's scanner (issue 33), each exactly as json reads it: an
integer where the number has neither a fraction nor an exponent, a float otherwise."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.evaluation.line_scan import split_record

TEXTS = ["0", "-0", "7", "-12", "123456789012345678", "-123456789012345678", "0.0", "-0.0", "1.5", "1E5", "1e5", "1e-5",
         "-1.5E+3", "2.5e-308", "1.7976931348623157e308", "1e308", "4.9e-324", "0.1", "true", "false", "null", "1.00000000000000001"]


def _typed(value):
    return type(value).__name__, repr(value)


def _line(before: str, after: str) -> bytes:
    return ('{"info": {"a": 1}, "reward": ' + before + ', "task_id": 2, "traj": [], "trial": ' + after + '}').encode()


@pytest.mark.parametrize("text", TEXTS)
def test_a_scalar_member_is_what_json_reads(text):
    record, spans = split_record(_line(text, text))
    expected = json.loads(_line(text, text))
    assert _typed(record["reward"]) == _typed(expected["reward"])
    assert _typed(record["trial"]) == _typed(expected["trial"])
    raw = _line(text, text)
    assert raw[slice(*spans["trial"])] == text.encode()


@settings(max_examples=500, deadline=None)
@given(st.one_of(st.integers(-10**18 + 1, 10**18 - 1).map(str), st.floats(allow_nan=False, allow_infinity=False).map(repr),
                 st.from_regex(r"-?(0|[1-9][0-9]{0,5})(\.[0-9]{1,17})?([eE][-+]?[0-9]{1,3})?", fullmatch=True)))
def test_any_number_member_is_what_json_reads(text):
    raw = _line(text, "0")
    split = split_record(raw)
    expected = json.loads(raw)
    if split is not None:
        assert _typed(split[0]["reward"]) == _typed(expected["reward"])
