"""Issue 27: model text never crashes the reward. Every reward function returns promptly (seconds at most), with
its documented fault value, on ``"[" * 100000 + "]" * 100000``, a JSON object nested 100,000 deep,
a ``<tool_call>`` whose arguments nest 50,000 deep, and a 5 MB completion; text within the limits
is read exactly as before (the old regex reader is the reference)."""

from __future__ import annotations

import asyncio
import json
import re
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.env.model_output import INVALID_TOOL_CALL, UnknownToolCallFormat, read_assistant_text
from tau_shaped.env.model_text import PARSE_FAULTS, ModelTextFault, ReadLimits, json_depth, parse_json, set_read_limits
from tau_shaped.integrations.training.openrlhf_adapter import rewards_for
from tau_shaped.integrations.training.reward_functions import ShapedReward
from tau_shaped.integrations.training.skyrl_adapter import text_env_class
from tau_shaped.integrations.training.stepwise import StepwiseEnv, is_policy_failure
from tau_shaped.integrations.training.text_turns import FAULTS, acquire_env, release_env
from tau_shaped.integrations.training.trl_adapter import trl_reward_funcs
from tau_shaped.integrations.training.verifiers_adapter import STATE_KEY, EpisodeMethods
from tau_shaped.integrations.training.verl_adapter import compute_score
from tests.integrations.training.training_kit import GT, GT_ACTIONS, TASK, action_text

FIVE_MB = 5 * 1024 * 1024
DEEP_BRACKETS = "[" * 100_000 + "]" * 100_000
DEEP_OBJECT = '{"a": ' * 100_000 + "1" + "}" * 100_000
DEEP_ARGUMENTS = '{"a": ' * 50_000 + "1" + "}" * 50_000
DEEP_TOOL_CALL = '<tool_call>{"name": "get_order_details", "arguments": ' + DEEP_ARGUMENTS + "}</tool_call>"
BIG_TEXT = "I can refund $16.90 to your card, arriving by 7:30 pm. " * (FIVE_MB // 56)
BIG_TOOL_CALLS = ('<tool_call>{"name": "get_order_details", "arguments": {"order_id": "FD-10045"}}</tool_call>'
                  * (FIVE_MB // 90))
PAYLOADS = {"deep_brackets": DEEP_BRACKETS, "deep_object": DEEP_OBJECT, "deep_tool_call": DEEP_TOOL_CALL,
            "5mb_text": BIG_TEXT, "5mb_tool_calls": BIG_TOOL_CALLS}


@pytest.fixture(scope="module", autouse=True)
def warm():
    """Envs built and caches filled first: the timing is of scoring, not of loading a domain."""
    compute_score("tau_shaped/food_delivery", "hello", TASK)
    trl_reward_funcs(["shaped"])[0](prompts=[""], completions=["hello"], task_id=[TASK])
    release_env("food_delivery", "test", acquire_env("food_delivery", "test"))


# A bound on wall time that catches what it guards (a regex gone quadratic: 17 s on the payload
# below; a parse that hangs) with room for a loaded two-core CI machine running two jobs at once:
# the scoring itself takes milliseconds (scripts/bench_trainer_reward.py measures it).
PROMPT = 5.0


def _timed(call):
    started = time.perf_counter()
    out = call()
    return out, time.perf_counter() - started


# -- each reward function, each payload: within PROMPT seconds, its fault value ----------------------------


@pytest.mark.parametrize("name", PAYLOADS)
def test_trl_reward_function_scores_hostile_text_as_the_policys_failure_promptly(name):
    func = trl_reward_funcs(["shaped"])[0]
    before = PARSE_FAULTS["trl"]
    out, took = _timed(lambda: func(prompts=[""], completions=[PAYLOADS[name]], task_id=[TASK]))
    assert took < PROMPT and len(out) == 1
    assert out[0] == 0.0 and PARSE_FAULTS["trl"] == before + 1  # a failure, counted; not left out
    assert func.faults == 0 and func.reward_function.undetermined == 0


@pytest.mark.parametrize("name", PAYLOADS)
def test_trl_conversational_completion_scores_hostile_text_as_a_failure_promptly(name):
    func = trl_reward_funcs(["shaped"])[0]
    before = PARSE_FAULTS["trl"]
    as_content = [{"role": "assistant", "content": PAYLOADS[name]}]
    as_arguments = [{"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "get_order_details", "arguments": PAYLOADS[name]}}]}]
    out, took = _timed(lambda: func(prompts=[[{"role": "user", "content": "hi"}]] * 2,
                                    completions=[as_content, as_arguments], task_id=[TASK, TASK]))
    assert took < PROMPT and len(out) == 2
    assert out[1] == 0.0  # arguments too deep or too long: the policy's failure either way
    # the content is read by the one reader, as a text completion is: past the size or depth limit
    # (deep brackets and objects, a deep tool call) a parse fault, else scored
    content_faults = 1 if (name != "5mb_text" or len(BIG_TEXT) > ReadLimits().max_chars) else 0
    assert PARSE_FAULTS["trl"] == before + 1 + content_faults
    assert out[0] == func(prompts=[""], completions=[PAYLOADS[name]], task_id=[TASK])[0]
    assert out[0] is not None


@pytest.mark.parametrize("name", PAYLOADS)
def test_verl_compute_score_is_a_counted_failure_promptly_on_hostile_text(name):
    before, parse = FAULTS["verl"], PARSE_FAULTS["verl"]
    out, took = _timed(lambda: compute_score("tau_shaped/food_delivery", PAYLOADS[name], TASK,
                                             {"fallback": -1.0, "actions": GT_ACTIONS[:-1]}))
    assert took < PROMPT
    # the policy's failure: 0, not the fallback of an abstention; counted as a parse fault, no verifier fault
    assert (out["abstain"], out["parse_fault"], out["score"], out["outcome"]) == (0.0, 1.0, 0.0, 0.0)
    assert FAULTS["verl"] == before and PARSE_FAULTS["verl"] == parse + 1


@pytest.mark.parametrize("name", PAYLOADS)
def test_openrlhf_rewards_for_is_a_counted_failure_promptly_on_hostile_text(name):
    before = PARSE_FAULTS["openrlhf"]
    out, took = _timed(lambda: rewards_for(["PROMPT" + PAYLOADS[name]], ["PROMPT"],
                                           [json.dumps({"task_id": TASK, "fallback": -1.0})]))
    assert took < PROMPT
    assert out["rewards"] == [0.0] and out["extra_logs"]["abstain"] == [0.0]
    assert out["extra_logs"]["parse_fault"] == [1.0]
    assert PARSE_FAULTS["openrlhf"] == before + 1


@pytest.mark.parametrize("name", PAYLOADS)
def test_trajectory_reward_scores_hostile_actions_and_messages_as_a_failure_promptly(name):
    func = ShapedReward()
    respond = {"actions": [{"name": "respond", "kwargs": {"content": PAYLOADS[name]}}]}
    call = {"traj": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": None, "tool_calls": [
        {"id": "c", "type": "function", "function": {"name": "get_order_details", "arguments": PAYLOADS[name]}}]}]}
    (a, b), took = _timed(lambda: (func.score(respond, TASK), func.score(call, TASK)))
    assert took < PROMPT and is_policy_failure(b) and func.from_result(b) == 0.0
    assert is_policy_failure(a) == (len(PAYLOADS[name]) > ReadLimits().max_chars)
    assert isinstance(func.from_result(a), float) and func.faults == 0


@pytest.mark.parametrize("name", PAYLOADS)
def test_skyrl_step_ends_the_episode_as_the_policys_failure_promptly_on_hostile_text(name):
    env = text_env_class()(env_config={"fallback": -1.0}, extras={"extra_info": {"task_id": TASK,
                                                                                   "user_replies": GT.user_replies}})
    env.init()
    out, took = _timed(lambda: env.step(PAYLOADS[name]))
    env.close()
    assert took < PROMPT and out["done"] is True
    values = out["metadata"]["components"]
    assert (values["abstain"], values["parse_fault"], values["score"], out["reward"]) == (0.0, 1.0, 0.0, 0.0)


@pytest.mark.parametrize("name", PAYLOADS)
def test_verifiers_env_response_and_rubric_never_raise_on_hostile_native_tool_calls(name):
    methods = EpisodeMethods()
    state = asyncio.run(methods.setup_state({"info": json.dumps({"task_id": TASK})}))
    message = {"role": "assistant", "content": None, "tool_calls": [
        {"id": "c", "type": "function", "function": {"name": "get_order_details", "arguments": PAYLOADS[name]}}]}
    reply, took = _timed(lambda: asyncio.run(methods.env_response([message], state)))
    assert took < PROMPT and reply == [] and "final_env_response" in state
    values = state[STATE_KEY].components  # the episode's: the policy's failure, no abstention
    assert (values["abstain"], values["parse_fault"], values["score"]) == (0.0, 1.0, 0.0)


QUADRATIC_FOR_THE_OLD_REGEX = "<tool_call>x" + " " * 200_000 + "y"  # 40,000 spaces took the old regex 17 s


def test_a_tool_call_body_of_spaces_is_read_in_linear_time_and_scored():
    out, took = _timed(lambda: compute_score("tau_shaped/food_delivery", QUADRATIC_FOR_THE_OLD_REGEX, TASK))
    assert took < PROMPT and out["abstain"] == 0.0  # within the limits: an invalid tool call, scored
    message, took = _timed(lambda: read_assistant_text(QUADRATIC_FOR_THE_OLD_REGEX))
    assert took < 0.5 and message["tool_calls"][0]["function"]["name"] == INVALID_TOOL_CALL
    assert json.loads(message["tool_calls"][0]["function"]["arguments"])["__unparsed_arguments__"] == \
        "x" + " " * 200_000 + "y"


def test_stepwise_env_step_is_a_parse_fault_past_the_limits_and_runs_nothing():
    env = acquire_env("food_delivery", "test")
    try:
        stepwise = StepwiseEnv(env)
        stepwise.reset(TASK, options={"user_replies": GT.user_replies})
        before = PARSE_FAULTS["stepwise"]
        obs, reward, terminated, truncated, info = stepwise.step({"role": "assistant", "tool_calls": [
            {"id": "c", "type": "function", "function": {"name": "get_order_details",
                                                         "arguments": '{"a": ' * 65 + "1" + "}" * 65}}]})
        assert truncated and not info["abstain"] and "ReadLimits.max_depth" in info["parse_fault"]
        assert is_policy_failure(info["shaped"]) and info["episode_reward"] == 0.0
        assert reward == 0.0 and obs["new_messages"] == [] and len(env.actions) == 0
        assert PARSE_FAULTS["stepwise"] == before + 1
    finally:
        release_env("food_delivery", "test", env)


# -- the limits: documented, configurable, each named in its fault --------------------------------


def test_each_limit_is_named_in_its_one_line_fault():
    limits = ReadLimits(max_chars=100, max_depth=3, max_tool_calls=2)
    with pytest.raises(ModelTextFault, match="max_chars"):
        read_assistant_text("x" * 101, limits)
    with pytest.raises(ModelTextFault, match="max_depth"):
        read_assistant_text('[[[["x"]]]]', limits)
    with pytest.raises(ModelTextFault, match="max_tool_calls"):
        read_assistant_text("<tool_call>{}</tool_call>" * 3, limits)
    assert read_assistant_text('[[["x"]]]', limits)["content"] == '[[["x"]]]'  # at the limits: read
    assert len(read_assistant_text("<tool_call>{}</tool_call>" * 2, limits)["tool_calls"]) == 2
    with pytest.raises(ModelTextFault, match="max_seconds"):
        read_assistant_text("<tool_call>{}</tool_call>", ReadLimits(max_seconds=-1.0))


def test_the_process_limits_are_configurable():
    text = "hello " * 50
    previous = set_read_limits(ReadLimits(max_chars=100))
    try:
        assert compute_score("tau_shaped/food_delivery", text, TASK)["parse_fault"] == 1.0
    finally:
        set_read_limits(previous)
    assert compute_score("tau_shaped/food_delivery", text, TASK)["parse_fault"] == 0.0


def test_a_brace_inside_a_json_string_is_not_nesting():
    text = json.dumps({"name": "respond", "kwargs": {"content": "[" * 5000 + "{" * 5000}})
    assert json_depth(text) == 2
    assert read_assistant_text(text)["tool_calls"][0]["function"]["name"] == "respond"


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.integers() | st.text(alphabet='[]{}"\\ab', max_size=6),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(alphabet='[]{}"\\', max_size=3),
                                                                                 inner, max_size=3), max_leaves=20))
def test_json_depth_is_the_nesting_of_any_json_value(value):
    def depth(v):
        if isinstance(v, dict):
            return 1 + max(map(depth, v.values()), default=0)
        if isinstance(v, list):
            return 1 + max(map(depth, v), default=0)
        return 0

    assert json_depth(json.dumps(value)) == depth(value)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='[]{}"\\a:, ', max_size=60))
def test_the_depth_scan_never_undercounts_what_json_loads_would_recurse_into(text):
    reference, in_string, escaped, deepest = 0, False, False, 0
    for ch in text:  # JSON's own reading: brackets outside strings
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            reference += 1
            deepest = max(deepest, reference)
        elif ch in "]}":
            reference -= 1
    assert json_depth(text) >= deepest  # conservative: an unclosed string's brackets count
    if not in_string:
        assert json_depth(text) == deepest


# -- within the limits: read exactly as the regex reader did --------------------------------------

_OLD_TOOL_CALL = re.compile(r"<tool_call>\s*(.*?)\s*(?:</tool_call>|$)", re.S)


def _old_loads(text):
    try:
        return json.loads(text)
    except ValueError:
        return None


def _old_call(index, obj, raw):
    name, args = INVALID_TOOL_CALL, {"__unparsed_arguments__": raw}
    if isinstance(obj, dict) and isinstance(obj.get("name"), str) and obj["name"]:
        payload = obj.get("arguments", obj.get("kwargs", {}))
        if isinstance(payload, str):
            try:
                payload = json.loads(payload)
            except json.JSONDecodeError:
                payload = {"__unparsed_arguments__": payload}
        name = obj["name"]
        args = payload if isinstance(payload, dict) else {"__unparsed_arguments__": json.dumps(payload)}
    return {"id": f"call_{index}", "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}


def old_parse_assistant_text(text):
    """text_turns.parse_assistant_text before issue 27 (regex, unbounded): the format's reference."""
    blocks = list(_OLD_TOOL_CALL.finditer(text))
    if blocks:
        calls = [_old_call(i, _old_loads(m.group(1)), m.group(1)) for i, m in enumerate(blocks)]
        remainder = _OLD_TOOL_CALL.sub("", text).strip()
        return {"role": "assistant", "content": remainder or None, "tool_calls": calls}
    stripped = text.strip()
    if stripped[:1] in ("{", "["):
        parsed = _old_loads(stripped)
        items = parsed if isinstance(parsed, list) else [parsed]
        if items and all(isinstance(o, dict) and "name" in o for o in items):
            return {"role": "assistant", "content": None,
                    "tool_calls": [_old_call(i, o, json.dumps(o)) for i, o in enumerate(items)]}
    return {"role": "assistant", "content": text}


FRAGMENTS = ["<tool_call>", "</tool_call>", " ", "\n", "\t", "\u00a0", "\u2003", "hi", "{", "}", "[", "]", '"', ":", ",",
             '{"name": "get_order_details", "arguments": {"order_id": "FD-10045"}}',
             '{"name": "x", "arguments": "{\\"a\\": 1}"}', '{"name": "x", "kwargs": [1]}', '{"name": ""}',
             '[{"name": "a"}, {"name": "b", "arguments": "not json"}]', "null", "12"]


def _opens_as_a_json_call(text):
    return text.strip().startswith(('{"name"', '[{"name"'))


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(FRAGMENTS), max_size=12).map("".join))
def test_text_within_the_limits_is_read_as_the_regex_reader_read_it(text):
    """Every call the regex reader found is read the same; what it sent to the customer still is,
    unless it was a call it could not see: a Hermes block whose opening tag the template wrote (a
    ``</tool_call>`` no tag opened), or a whole text opening as a JSON call (``{"name"``), broken
    (an invalid call, scored) or naming a call in no known format (a counted fault)."""
    old = old_parse_assistant_text(text)
    try:
        new = read_assistant_text(text)
    except UnknownToolCallFormat:
        assert "tool_calls" not in old and text.strip()[:1] in ("{", "[")
        return
    if "tool_calls" in old or new == old:
        assert new == old
        return
    assert "tool_calls" in new and "tool_calls" not in old
    if "<tool_call>" not in text and "</tool_call>" in text:
        assert new == old_parse_assistant_text("<tool_call>" + text)
    else:
        assert _opens_as_a_json_call(text) and [c["function"]["name"] for c in new["tool_calls"]] == [INVALID_TOOL_CALL]


@pytest.mark.parametrize("text", [action_text(a) for a in GT_ACTIONS] + [
    "<tool_call>\n{\"name\": \"a\"}\n</tool_call>\ntrailing words\n", "<tool_call> {\"name\": \"a\"} \n",
    "before <tool_call>{\"name\": \"a\", \"arguments\": {}}</tool_call> between <tool_call>broken</tool_call> after"])
def test_the_ground_truth_and_edge_texts_read_as_before(text):
    assert read_assistant_text(text) == old_parse_assistant_text(text)


def test_parse_json_past_the_depth_is_a_fault_and_not_json_is_the_default():
    with pytest.raises(ModelTextFault):
        parse_json(DEEP_BRACKETS)
    assert parse_json("{broken", default="d") == "d"
    assert parse_json('{"n": ' + "7" * 5000 + "}", default="d") == "d"  # past Python's digit limit: not JSON
    assert parse_json('{"a": [1, {"b": null}]}') == {"a": [1, {"b": None}]}


# -- any model output: no exception leaves a reward function -------------------------------------

ANY_COMPLETION = st.one_of(
    st.lists(st.sampled_from(FRAGMENTS + ["[" * 70, "]" * 70, "\ud800", "\x00"]), max_size=10).map("".join),
    st.text(max_size=40), st.none(), st.integers(), st.floats(allow_nan=True),
    st.lists(st.one_of(st.none(), st.integers(), st.dictionaries(st.sampled_from(["role", "content", "tool_calls"]),
                                                                 st.one_of(st.none(), st.text(max_size=5), st.integers()),
                                                                 max_size=3)), max_size=3))


@settings(max_examples=60, deadline=None)
@given(ANY_COMPLETION)
def test_no_completion_makes_a_reward_function_raise(completion):
    out = trl_reward_funcs(["shaped"])[0](prompts=[""], completions=[completion], task_id=[TASK])
    assert len(out) == 1 and (out[0] is None or 0.0 <= out[0] <= 1.3)
    values = compute_score("tau_shaped/food_delivery", completion, TASK)
    assert set(values) == {"score", "outcome", "process", "safety", "legacy", "abstain", "undetermined", "infra_fault",
                           "parse_fault"}
    if isinstance(completion, str):
        assert rewards_for([completion], [""], [TASK])["extra_logs"]["abstain"][0] in (0.0, 1.0)
