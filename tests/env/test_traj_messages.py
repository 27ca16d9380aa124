"""Each fault of a ``traj`` is named by the message (and tool call) at fault, with the same text
whichever way the message is read (issue 33: the texts are built only for a fault)."""

from __future__ import annotations

import pytest

from tau_shaped.env.traj_format import TrajectoryError, parse_traj


def _call(function):
    return {"role": "assistant", "content": None, "tool_calls": [{"id": "c", "type": "function", "function": function}]}


OK = {"role": "user", "content": "hi"}


@pytest.mark.parametrize("traj, message", [
    ([OK, 5], "traj message 1: a message needs a string 'role'"),
    ([{"role": 3}], "traj message 0: a message needs a string 'role'"),
    ([OK, {"role": "user", "content": "a\ud800"}], "traj message 1: content: a lone surrogate (U+D800) at character 1: not valid Unicode"),
    ([OK, {"role": "assistant", "content": "x", "tool_calls": {"a": 1}}], "traj message 1: tool_calls must be a list, not dict"),
    ([OK, {"role": "assistant", "content": ["x"]}], "traj message 1: assistant content must be text"),
    ([OK, {"role": "bot", "content": "x"}], "traj message 1: unknown role 'bot'"),
    ([OK, _call({"arguments": "{}"})], "traj message 1, tool call 0: a tool call needs function.name"),
    ([OK, {"role": "assistant", "tool_calls": [7]}], "traj message 1, tool call 0: a tool call needs function.name"),
    ([OK, _call({"name": "f\ud800", "arguments": "{}"})],
     "traj message 1, tool call 0: function.name: a lone surrogate (U+D800) at character 1: not valid Unicode"),
    ([OK, _call({"name": "f", "arguments": "{\"a\": \"\ud800\"}"})],
     "traj message 1, tool call 0 (f): arguments: a lone surrogate (U+D800) at character 7: not valid Unicode"),
    ([OK, _call({"name": "f", "arguments": "[1]"})], "traj message 1, tool call 0 (f): arguments must be a JSON object"),
    ([OK, _call({"name": "f", "arguments": 3})], "traj message 1, tool call 0 (f): arguments must be a JSON object"),
    ([OK, _call({"name": "f", "arguments": "{\"a\": 1, \"a\": 2}"})],
     "traj message 1, tool call 0 (f): arguments: not JSON: key 'a' repeats in one object"),
    ([OK, _call({"name": "f", "arguments": {"a": float("nan")}})], "traj message 1, tool call 0 (f): arguments at kwargs.a: nan is not a JSON number"),
    ([OK, _call({"name": "f", "arguments": {1: "x"}})], "traj message 1, tool call 0 (f): arguments at kwargs: key 1 is not a string (int)"),
])
def test_each_fault_is_named(traj, message):
    with pytest.raises(TrajectoryError) as raised:
        parse_traj(traj)
    assert str(raised.value) == message


def test_arguments_given_as_text_or_as_an_object_read_alike():
    as_text = parse_traj([OK, _call({"name": "f", "arguments": "{\"order_id\": \"FD-1\", \"n\": 2}"})])
    as_object = parse_traj([OK, _call({"name": "f", "arguments": {"order_id": "FD-1", "n": 2}})])
    assert as_text.actions == as_object.actions
    assert as_text.actions[0].kwargs == {"order_id": "FD-1", "n": 2}
