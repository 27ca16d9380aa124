"""A ``traj``'s first message read once for the lines that open with the same text
(``traj_opening``): the record of every line is still the one ``json.loads`` gives, a line the
reader declined (a long integer, a trailing comma, whitespace where a run writes none) is still
declined, the value given is each line's own copy, and the output's NaN scan still finds a
``NaN`` anywhere but in the kept text."""

from __future__ import annotations

import json

import pytest

from tau_shaped.evaluation import traj_opening
from tau_shaped.evaluation.line_scan import split_record
from tau_shaped.evaluation.record_scorer import _may_hold_nan
from tests.typed_values import typed

SYSTEM = {"role": "system", "content": "Policy.\nIf asked, say NO. Ümlaut — “quotes”, 12345 and 0.5"}


def _line(traj, ascii_only=True, info=None) -> bytes:
    record = {"info": info or {"task": {"id": "t1"}}, "reward": 1.0, "task_id": 3, "traj": traj, "trial": 0}
    return json.dumps(record, ensure_ascii=ascii_only).encode("utf-8")


@pytest.fixture(autouse=True)
def _fresh():
    traj_opening.forget()
    yield
    traj_opening.forget()


def _read(raw: bytes):
    found = split_record(raw)
    assert found is not None
    assert typed(found[0]) == typed(json.loads(raw))
    return found


@pytest.mark.parametrize("ascii_only", [True, False])
def test_lines_opening_alike_read_as_json_does(ascii_only):
    first = _read(_line([SYSTEM, {"role": "user", "content": "hi"}], ascii_only))
    assert first[1].clean is None  # read whole: its opening is learned now
    assert len(traj_opening._KEPT) == 1
    for traj in ([SYSTEM, {"role": "user", "content": "a\u00e9"}, {"role": "assistant", "content": None}],
                 [SYSTEM, [1, 2.5, -0.0, True, None]], [SYSTEM, "x"], [SYSTEM, 7]):
        record, spans = _read(_line(traj, ascii_only))
        assert spans.clean is not None  # its opening was not read again
        raw = _line(traj, ascii_only)
        assert raw[spans.clean[0]:spans.clean[1]] == traj_opening._KEPT[0][0]


def test_each_line_gets_its_own_copy_of_the_opening():
    _read(_line([SYSTEM, 1]))
    a, _ = _read(_line([SYSTEM, 2]))
    b, _ = _read(_line([SYSTEM, 3]))
    assert a["traj"][0] == b["traj"][0] == SYSTEM and a["traj"][0] is not b["traj"][0]
    a["traj"][0]["content"] = "changed"
    c, _ = _read(_line([SYSTEM, 4]))
    assert c["traj"][0] == SYSTEM


@pytest.mark.parametrize("tail", [b"]", b" ]", b" 1]", b"\n1]", b"1, ]", b"1 ]", b"1]\n"])
def test_an_array_the_whole_reader_declines_is_declined(tail):
    _read(_line([SYSTEM, 1]))
    opened = json.dumps(SYSTEM).encode()
    raw = b'{"info": {"a": 1}, "reward": 1.0, "traj": [' + opened + b", " + tail + b', "trial": 0}'
    found = split_record(raw)
    try:
        whole = json.loads(raw)
    except json.JSONDecodeError:
        assert found is None  # not JSON: the reader's own path names it
        return
    if tail.startswith((b" ", b"\n")) or tail.endswith(b"\n"):
        assert found is None  # whitespace a run does not write: read whole, as before
    else:
        assert found is not None and typed(found[0]) == typed(whole)


@pytest.mark.parametrize("where", ["before", "after"])
def test_a_long_integer_outside_the_opening_is_still_declined(where):
    _read(_line([SYSTEM, 1]))
    big = 10 ** 20
    raw = _line([SYSTEM, big]) if where == "after" else _line([SYSTEM, 1], info={"n": big})
    assert split_record(raw) is None  # orjson would read it as a float: the whole reader reads it


def test_openings_that_are_not_kept():
    nested = {"role": "system", "content": [{"type": "text", "text": "x"}]}
    long_number = {"role": "system", "content": "x", "n": 10 ** 19}
    nan_word = {"role": "system", "content": "NaN is not a number"}
    for opening in (nested, long_number, nan_word):
        traj_opening.forget()
        raw = _line([opening, 1])
        found = split_record(raw)
        if found is not None:
            assert typed(found[0]) == typed(json.loads(raw))
        assert traj_opening._KEPT == []


def test_learning_is_bounded_when_openings_differ():
    for n in range(40):
        _read(_line([{"role": "system", "content": f"prompt {n}"}, 1]))
    # learned at the 1st, 17th and 33rd lines that opened with no kept text
    assert [json.loads(t)["content"] for t, _ in traj_opening._KEPT] == ["prompt 32", "prompt 16", "prompt 0"]


def test_nan_is_found_outside_the_kept_opening():
    _read(_line([SYSTEM, 1]))
    for raw in (_line([SYSTEM, "NaN"]), _line([SYSTEM, 1], info={"Infinity": 1}),
                _line([SYSTEM, 1]).replace(b'"trial": 0', b'"trial": NaN')):
        found = split_record(raw)
        spans = found[1] if found is not None else None
        assert _may_hold_nan(raw, getattr(spans, "clean", None))
    clean = _line([SYSTEM, "no such words"])
    assert not _may_hold_nan(clean, split_record(clean)[1].clean)
