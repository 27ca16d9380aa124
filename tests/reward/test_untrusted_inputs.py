"""Issue 15: untrusted input never gives a traceback, a hang or a silent wrong answer.

Task files, policy-rule files, trajectories and paths come from outside. Each limit below is
one clear line naming the file or the record: a file's size, its encoding, its nesting, an
integer Python cannot convert, a path filter nested thousands deep, a tool's argument keys.
Then fuzzing: mutated bytes of real task files load or are refused with such a line, and any
JSON-ish trajectory scores ``ok`` or ``input_invalid``, never an exception (SPEC §8).
"""

from __future__ import annotations

import codecs
import json
from pathlib import Path
from typing import Any, List

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tau_shaped import Action, load_domain, score_trajectory
from tau_shaped.env.json_input import MAX_DEPTH, MAX_FILE_BYTES
from tau_shaped.env.traj_format import TrajectoryError, parse_actions, parse_traj
from tau_shaped.reward.paths import PathError, parse_path
from tau_shaped.reward.policy_rules import PolicyRuleError, load_rules
from tau_shaped.tasks.files import TaskFileError, load_tasks
from tests.mini_domain import TASKS_FILE
from tests.prop_strategies import prop_settings

ROOT = Path(__file__).resolve().parents[2]
REAL_FILES = [TASKS_FILE, ROOT / "tests" / "food_delivery_rule_tasks.json"]
DOMAIN_RULES = ROOT / "tau_shaped_domains" / "food_delivery" / "policy_rules.json"
TASK = '{"id": "a", "user_id": "u", "instruction": "x", "actions": []'
DEEP = 100_000


def nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth - 1):
        value = [value]
    return value


def refused(path: Path, needle: str) -> str:
    """The task loader's and the rule loader's message for ``path``: one line, naming it."""
    with pytest.raises(TaskFileError) as info:
        load_tasks(path)
    message = str(info.value)
    assert message.startswith(f"{path}: ") and "\n" not in message and needle in message, message
    with pytest.raises(PolicyRuleError) as rules_info:
        load_rules(path)
    rules_message = str(rules_info.value)
    assert rules_message.startswith(f"{path}: ") and "\n" not in rules_message and needle in rules_message
    return message


# ---- files: size, encoding, nesting, numbers ------------------------------------------------


def test_a_file_over_64_mib_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "big.json"
    with path.open("wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)  # sparse: nothing is written
    refused(path, "larger than the 64 MiB")


@pytest.mark.parametrize("encode, needle", [
    (lambda t: t.encode("utf-16"), "UTF-16 (little-endian byte-order mark)"),
    (lambda t: codecs.BOM_UTF16_BE + t.encode("utf-16-be"), "UTF-16 (big-endian byte-order mark)"),
    (lambda t: t.encode("utf-16-le"), "UTF-16, little-endian, without a byte-order mark"),
    (lambda t: t.encode("utf-16-be"), "UTF-16, big-endian, without a byte-order mark"),
    (lambda t: t.encode("utf-32"), "UTF-32"),
    (lambda t: t.replace("x", "caf\u00e9").encode("latin-1"), "byte 0xe9 at offset"),
    (lambda t: b"\xff" + t.encode(), "byte 0xff at offset 0 (line 1)"),
])
def test_a_file_not_in_utf8_is_named_as_such(tmp_path, encode, needle):
    path = tmp_path / "tasks.json"
    path.write_bytes(encode(f"[{TASK}}}]"))
    message = refused(path, "not UTF-8")
    assert needle in message


def test_a_utf8_byte_order_mark_is_skipped(tmp_path):
    path = tmp_path / "tasks.json"
    path.write_bytes(codecs.BOM_UTF8 + TASKS_FILE.read_bytes())
    assert len(load_tasks(path)) == len(load_tasks(TASKS_FILE))


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 1000, DEEP])
def test_nesting_over_64_levels_is_named(tmp_path, depth):
    """65 levels (the task list counts as one) parse but are refused; 100,000 would exhaust
    Python's recursion in ``json``: the same one line, not a RecursionError."""
    path = tmp_path / "tasks.json"
    path.write_text(f"[{TASK}, \"outputs\": {'[' * (depth - 2)}{']' * (depth - 2)}}}]")
    refused(path, f"nested more than {MAX_DEPTH} levels deep")


def test_64_levels_are_allowed(tmp_path):
    path = tmp_path / "tasks.json"
    path.write_text(f"[{TASK}, \"bucket\": \"x\", \"outputs\": {json.dumps(nested(MAX_DEPTH - 2))}}}]")
    with pytest.raises(TaskFileError, match=r"outputs\[0\]: Input should be a valid string"):
        load_tasks(path)  # past the nesting check: the schema's own error


@pytest.mark.parametrize("text, needle", [
    (f"[{TASK}, \"seed\": {'7' * 5000}}}]", "an integer of more than 4300 digits"),
    (f"[{TASK}, \"seed\": NaN}}]", "NaN is not a JSON value"),
    (f"[{TASK}, \"outputs\": [1e999]}}]", "at $[0].outputs[0]: inf is not a JSON number"),
    (f"[{TASK}, \"id\": \"b\"}}]", "key 'id' repeats in one object"),
    (f"[{TASK}, \"bucket\": \"\\ud800\"}}]", "at $[0].bucket: a lone surrogate (U+D800)"),
    ("[{", "not JSON: Expecting property name"),
])
def test_numbers_and_json_python_would_take_silently_are_named(tmp_path, text, needle):
    """An integer past Python's 4,300-digit conversion limit is named, not a ValueError;
    NaN, 1e999 (infinity), a repeated key (json keeps the last) and a lone surrogate are
    refused rather than read into a wrong value."""
    path = tmp_path / "tasks.json"
    path.write_text(text)
    refused(path, needle)


def test_a_missing_file_and_a_folder_are_one_line(tmp_path):
    refused(tmp_path / "nope.json", "cannot read")
    refused(tmp_path, "cannot read")


# ---- paths ------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", [
    "orders[?x=" + "[" * 3000 + "]",
    "orders[?x=" + '{"a":' * 3000 + "1" + "}" * 3000 + "]",
    "orders[?x=" + "9" * 5000 + "]",
])
def test_a_path_filter_nested_3000_deep_is_a_path_error(path):
    with pytest.raises(PathError, match="filter at 6"):
        parse_path(path)


def test_a_deep_path_filter_in_a_task_file_names_the_task(tmp_path):
    gate = {"id": "g", "when": {"state": "orders[?x=" + "[" * 3000 + "]", "exists": True}}
    path = tmp_path / "tasks.json"
    path.write_text(json.dumps([{**json.loads(TASK + "}"), "reward_overrides": {"safety_gates": [gate]}}]))
    with pytest.raises(TaskFileError, match=r"task 'a' at \$\[0\]\.reward_overrides\.safety_gates\[0\]\.when\.state"):
        load_tasks(path)


def test_a_filter_literal_that_is_not_json_stays_a_bare_string():
    assert parse_path("orders[?status=NaN]").segments[-1].value == "NaN"
    assert parse_path("orders[?id=FD-1]").segments[-1].value == "FD-1"


# ---- trajectories -----------------------------------------------------------------------------

DOMAIN = load_domain("food_delivery")
FIXED = {t.id: t for t in load_tasks(ROOT / "tests" / "food_delivery_rule_tasks.json")}
ENV = DOMAIN.make_env(tasks=list(FIXED.values()), task_index=0)
TASK_UNDER_TEST = FIXED["fd-missing-1"]
TOOL_NAMES = sorted(ENV.tools_map)


def invalid(result: Any, needle: str) -> None:
    assert result.status == "input_invalid" and result.reward is None, (result.status, result.error)
    assert needle in result.error and "\n" not in result.error, result.error


def call(name: str, arguments: Any) -> dict:
    return {"role": "assistant", "content": None,
            "tool_calls": [{"id": "c", "type": "function", "function": {"name": name, "arguments": arguments}}]}


def test_tool_arguments_nested_100000_deep_are_input_invalid_for_that_record():
    text = '{"order_id": ' + "[" * DEEP + "]" * DEEP + "}"
    invalid(score_trajectory(ENV, TASK_UNDER_TEST, traj=[call("get_order_details", text)]),
            "traj message 0, tool call 0 (get_order_details): arguments: nested more than 64 levels deep")
    as_object = {"order_id": nested(DEEP)}
    invalid(score_trajectory(ENV, TASK_UNDER_TEST, traj=[call("get_order_details", as_object)]),
            "nested more than 64 levels deep")
    invalid(score_trajectory(ENV, TASK_UNDER_TEST, [{"name": "get_order_details", "kwargs": as_object}]),
            "step 0 (get_order_details): arguments at kwargs.order_id[0]")


def test_an_integer_too_long_to_convert_names_the_record():
    text = '{"amount": ' + "1" * 5000 + "}"
    invalid(score_trajectory(ENV, TASK_UNDER_TEST, traj=[{"role": "user", "content": "hi"}, call("issue_refund", text)]),
            "traj message 1, tool call 0 (issue_refund): arguments: not JSON: an integer of more than 4300 digits")
    invalid(score_trajectory(ENV, TASK_UNDER_TEST, [{"name": "issue_refund", "kwargs": {"amount": 10 ** 5000}}]),
            "step 0 (issue_refund): arguments at kwargs.amount: an integer of more than 4300 digits")


@pytest.mark.parametrize("key, shown", [(1, "key 1 is not a string (int)"), (("a",), "key ('a',) is not a string (tuple)"),
                                        (None, "key None is not a string")])
def test_tool_kwargs_with_a_key_that_is_not_a_string_name_the_key(key, shown):
    result = score_trajectory(ENV, TASK_UNDER_TEST, [Action(name="respond", kwargs={"content": "Hi"}),
                                                     {"name": "get_order_details", "kwargs": {key: "FD-10013"}}])
    invalid(result, f"step 1 (get_order_details): arguments at kwargs: {shown}")
    with pytest.raises(TrajectoryError, match="is not a string"):
        parse_traj([call("get_order_details", {key: "FD-10013"})])


@pytest.mark.parametrize("kwargs, needle", [
    ({"amount": float("nan")}, "kwargs.amount: nan is not a JSON number"),
    ({"amount": float("inf")}, "kwargs.amount: inf is not a JSON number"),
    ({"reason": {1, 2}}, "kwargs.reason: a set is not a JSON value"),
    ({"reason": "\ud83d"}, "kwargs.reason: a lone surrogate (U+D83D)"),
])
def test_tool_kwargs_that_are_not_json_are_input_invalid(kwargs, needle):
    invalid(score_trajectory(ENV, TASK_UNDER_TEST, [{"name": "issue_refund", "kwargs": kwargs}]), needle)


@pytest.mark.parametrize("traj, needle", [
    ([{"role": "assistant", "tool_calls": 5}], "traj message 0: tool_calls must be a list"),
    ([{"role": "assistant", "tool_calls": [call("x", "{}")["tool_calls"][0], 7]}], "traj message 0, tool call 1"),
    ([call("get_order_details", '{"order_id": NaN}')], "NaN is not a JSON value"),
    ([call("get_order_details", '{"a": 1, "a": 2}')], "key 'a' repeats"),
    ([{"role": "user", "content": "bad \ud800"}], "traj message 0: content: a lone surrogate"),
])
def test_malformed_traj_messages_are_input_invalid(traj, needle):
    invalid(score_trajectory(ENV, TASK_UNDER_TEST, traj=traj), needle)


@pytest.mark.parametrize("extra, needle", [
    ({"user_replies": 5}, "user_replies must be a list"),
    ({"user_replies": [3]}, "user reply 0: must be a string or null"),
    ({"user_replies": ["\udc00"]}, "user reply 0: a lone surrogate"),
    ({"first_user_message": ["hi"]}, "first_user_message must be a string"),
])
def test_malformed_replies_are_input_invalid(extra, needle):
    invalid(score_trajectory(ENV, TASK_UNDER_TEST, [Action(name="respond", kwargs={"content": "Hi"})], **extra), needle)


def test_parse_actions_raises_only_trajectory_errors():
    with pytest.raises(TrajectoryError, match="nested more than 64"):
        parse_actions([{"name": "x", "kwargs": {"a": nested(DEEP)}}])


# ---- fuzzing: task files ----------------------------------------------------------------------

STRUCTURE = b'{}[]":,\\0123456789.eE-+ntf \n'


@st.composite
def mutated(draw: Any, data: bytes) -> bytes:
    """``data`` with a few edits: bytes replaced (often a structural one by another), bytes
    inserted or deleted, or the file cut short."""
    out = bytearray(data)
    structural = [i for i, b in enumerate(data) if b in b'{}[]":,']
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["structure", "structure", "byte", "insert", "delete", "cut"]))
        if not out:
            break
        if kind == "structure":
            i = min(draw(st.sampled_from(structural)), len(out) - 1)
            out[i] = draw(st.sampled_from(STRUCTURE))
        elif kind == "byte":
            out[draw(st.integers(0, len(out) - 1))] = draw(st.integers(0, 255))
        elif kind == "insert":
            i = draw(st.integers(0, len(out)))
            out[i:i] = draw(st.binary(min_size=1, max_size=8) | st.sampled_from([b"[" * 70, b"9" * 4400, b"NaN", b"\\ud800"]))
        elif kind == "delete":
            i = draw(st.integers(0, len(out) - 1))
            del out[i:i + draw(st.integers(1, 16))]
        else:
            del out[draw(st.integers(0, len(out))):]
    return bytes(out)


@pytest.mark.parametrize("source", REAL_FILES, ids=[p.name for p in REAL_FILES])
def test_fuzzed_task_files_load_or_are_refused_one_line_per_error(tmp_path, source):
    """Any mutation of a real task file either loads (a list of tasks) or raises
    ``TaskFileError`` naming the file, each problem on one line; nothing else escapes."""
    path = tmp_path / "fuzzed.json"

    @prop_settings(200)
    @given(mutated(source.read_bytes()))
    def check(data: bytes) -> None:
        path.write_bytes(data)
        try:
            tasks = load_tasks(path)
        except TaskFileError as exc:
            lines = str(exc).split("\n")
            assert lines[0].startswith(f"{path}: ")
            assert exc.errors and all("\n" not in e and "\r" not in e for e in exc.errors)
            assert len(lines) == (1 if len(exc.errors) == 1 else 1 + min(len(exc.errors), 50) + (len(exc.errors) > 50))
        else:
            assert isinstance(tasks, list)

    check()


def test_fuzzed_rule_files_load_or_are_refused_in_one_line(tmp_path):
    """The same for the domain's policy-rule file: a rule set, or one ``PolicyRuleError`` line."""
    path = tmp_path / "rules.json"

    @prop_settings(100)
    @given(mutated(DOMAIN_RULES.read_bytes()))
    def check(data: bytes) -> None:
        path.write_bytes(data)
        try:
            load_rules(path)
        except PolicyRuleError as exc:
            assert str(exc).startswith(f"{path}: ") and "\n" not in str(exc)

    check()


# ---- fuzzing: trajectories --------------------------------------------------------------------

KEYS = st.sampled_from(["order_id", "customer_id", "amount", "method", "reason", "email", "item_id", "content",
                        "substitute_id", "address_id", "driver_id", "first_name"]) | st.text(max_size=6)
PLAUSIBLE = st.sampled_from(["FD-10013", "FD-10014", "CU-1001", "CU-1132", "original_payment", "wallet_credit", 2.63,
                             5.26, 0, -1, "yes", "rosa.usman1148@example.com", ""])
WEIRD = (st.floats() | st.sampled_from(["\ud800", "a\udfffb"])  # NaN, infinities, lone surrogates
         | st.sampled_from([4400, 5000]).map(lambda digits: 10 ** digits))  # past Python's int-to-text limit
SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12)
VALID = st.recursive(SCALARS | PLAUSIBLE, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
                     max_leaves=12)
JSONISH = st.recursive(
    SCALARS | PLAUSIBLE | WEIRD,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4)
    | st.dictionaries(st.integers() | st.none() | st.tuples(st.integers()), inner, min_size=1, max_size=2),
    max_leaves=12,
)
KWARGS = (st.dictionaries(KEYS, PLAUSIBLE | SCALARS, max_size=4) | st.dictionaries(KEYS, PLAUSIBLE | VALID, max_size=4)
          | st.dictionaries(KEYS, JSONISH, max_size=4))


def _as_text(arguments: dict) -> str:
    """Arguments as an OpenAI tool call writes them, NaN and all; what json cannot write out
    becomes an integer too long to read back."""
    try:
        return json.dumps(arguments, default=str)
    except (ValueError, TypeError):  # an integer too long to write out, a tuple key
        return '{"amount": ' + "9" * 4400 + "}"


TOOL_NAME = st.sampled_from(TOOL_NAMES)
CALL = st.fixed_dictionaries({"function": st.fixed_dictionaries(
    {"name": TOOL_NAME, "arguments": KWARGS | KWARGS.map(_as_text) | st.text(max_size=20) | JSONISH})})
USER_TEXT = st.sampled_from(["Yes", "No, wait", "No problem, go ahead.", "sure", "", "Not now"]) | st.text(max_size=40)
AGENT_TEXT = st.sampled_from(["I can refund $5.26 to your card. Is that OK?", "Done.", "I am transferring you."]) | st.text(max_size=40)
MESSAGES = st.one_of(
    st.fixed_dictionaries({"role": st.just("user"), "content": USER_TEXT}),
    st.fixed_dictionaries({"role": st.just("assistant"), "content": AGENT_TEXT}),
    st.fixed_dictionaries({"role": st.just("assistant"), "content": st.none(), "tool_calls": st.lists(CALL, min_size=1, max_size=2)}),
    st.fixed_dictionaries({"role": st.just("assistant"), "content": st.none(), "tool_calls": st.lists(CALL, min_size=1, max_size=2)}),
    st.fixed_dictionaries({"role": st.sampled_from(["tool", "system"]), "content": st.text(max_size=10)}),
    st.fixed_dictionaries({"role": st.sampled_from(["user", "assistant", "robot"]) | JSONISH},
                          optional={"content": JSONISH, "tool_calls": st.lists(CALL | JSONISH, max_size=2) | JSONISH}),
)
TRAJS = st.lists(MESSAGES, max_size=8) | st.lists(MESSAGES, max_size=8) | JSONISH


def _never_raises(result: Any) -> None:
    assert result.status in ("ok", "input_invalid"), (result.status, result.error)
    if result.status == "input_invalid":
        assert result.reward is None and result.error and "\n" not in result.error
    else:
        json.dumps(result.to_dict(), allow_nan=False)  # a result is JSON, NaN-free


@prop_settings(200)
@given(TRAJS)
def test_fuzzed_traj_scores_ok_or_input_invalid(traj: Any) -> None:
    """Whatever JSON-ish value is given as ``traj``: status ok or input_invalid, never an
    exception, never internal_error."""
    _never_raises(score_trajectory(ENV, TASK_UNDER_TEST, traj=traj))


ACTION = st.one_of(
    st.fixed_dictionaries({"name": TOOL_NAME, "kwargs": KWARGS}),
    st.fixed_dictionaries({"name": TOOL_NAME, "kwargs": KWARGS}),
    st.fixed_dictionaries({"name": st.just("respond"), "kwargs": st.fixed_dictionaries({"content": AGENT_TEXT})}),
    st.fixed_dictionaries({"name": TOOL_NAME | st.text(max_size=4) | JSONISH, "kwargs": KWARGS | JSONISH}),
)
ACTIONS = st.lists(ACTION, max_size=6) | st.lists(ACTION, max_size=6) | JSONISH
REPLIES: Any = st.none() | st.lists(st.none() | USER_TEXT, max_size=4) | st.lists(st.none() | USER_TEXT, max_size=4) | JSONISH


@prop_settings(200)
@given(ACTIONS, REPLIES)
def test_fuzzed_actions_score_ok_or_input_invalid(actions: Any, replies: Any) -> None:
    _never_raises(score_trajectory(ENV, TASK_UNDER_TEST, actions, user_replies=replies))


def test_the_fuzzers_reach_scoring() -> None:
    """The strategies are not all refused at the door: a well-formed draw scores ok."""
    ok: List[str] = []
    traj = [{"role": "user", "content": "hi"}, call("get_order_details", {"order_id": "FD-10013"}),
            {"role": "assistant", "content": "Done."}]
    ok.append(score_trajectory(ENV, TASK_UNDER_TEST, traj=traj).status)
    assert ok == ["ok"]
