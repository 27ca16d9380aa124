"""A tool call's arguments (an object of scalars, mostly) are read by orjson (issue 33: a tenth
of json's cost with the repeated-key hook); wherever that fast reading answers, it is the value
``loads_json`` always gave, types included, and where the strict reading refuses the text (a
repeated key, NaN, a lone surrogate, an integer json keeps whole) it does not answer."""

from __future__ import annotations

import json

from hypothesis import example, given, settings
from hypothesis import strategies as st

from tau_shaped.env.json_input import _STRICT, InputError, _flat_object, json_problem, loads_json
from tests.typed_values import typed


def _strict(text):
    """What loads_json gave before the fast reading: the strict decoder and json_problem."""
    try:
        value = _STRICT.decode(text) if not text.startswith("\ufeff") else json.loads(text)
    except (ValueError, RecursionError):
        return "refused"
    return "refused" if json_problem(value) is not None else typed(value)


scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(),
                    st.text(alphabet=st.sampled_from('ab:\\"é\ud800 \n\x00'), max_size=4))
keys = st.text(alphabet=st.sampled_from("ab:é\\"), max_size=2)


def _texts(obj):
    text = json.dumps(obj, ensure_ascii=False)
    repeated = text.replace("{", '{"a": 0, ', 1) if obj else text
    return st.sampled_from([text, json.dumps(obj), text.replace(": ", ":"), repeated, f" {text}\n", "\ufeff" + text,
                            text.replace("1", "1" * 20), text.replace("0", "NaN")])


@settings(max_examples=1500, deadline=None)
@given(st.one_of(st.dictionaries(keys, scalars, max_size=4), st.lists(scalars, max_size=2), scalars).flatmap(_texts))
@example('{"a": 1, "a": 2}')
@example('{"a": "x:y", "b": 1}')
@example('{"a": 18446744073709551616}')
@example('{"a": 12.5, "b": 12345678901234567890}')
@example('{"a": NaN}')
@example('{"a": 1e999}')
@example('{"a": "\\ud800"}')
@example('{"a": [1]}')
def test_the_fast_reading_is_the_strict_one(text):
    fast = _flat_object(text)
    expected = _strict(text)
    if fast is not None:
        assert typed(fast) == expected
    try:
        got = typed(loads_json(text))
    except InputError:
        got = "refused"
    assert got == expected


def test_arguments_of_scalars_are_read_fast_and_others_strictly():
    assert _flat_object('{"order_id": "FD-10001", "amount": 12.5, "notify": true, "note": null, "n": 3}') == {
        "order_id": "FD-10001", "amount": 12.5, "notify": True, "note": None, "n": 3}
    for declined in ('{"a": 1, "a": 2}', '{"t": "12:30"}', '{"a": "\\n"}', '{"a": [1]}', "[1]", '{"a": 1e999}',
                     '{"a": 12345678901234567890123}'):
        assert _flat_object(declined) is None, declined
    assert loads_json('{"a": 12345678901234567890123}') == {"a": 12345678901234567890123}


def test_a_long_text_is_read_once_strictly(monkeypatch):
    from tau_shaped.env import json_input

    def tried(text):
        raise AssertionError("a task file's text read twice")

    monkeypatch.setattr(json_input, "_flat_object", tried)
    text = json.dumps({"tasks": [{"id": f"t-{n}", "instruction": "x" * 40} for n in range(100)]})
    assert len(text) > json_input._FLAT_TEXT
    assert loads_json(text)["tasks"][99]["id"] == "t-99"
