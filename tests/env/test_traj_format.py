"""Scoring tau-bench's `traj` (OpenAI chat messages) and malformed input (SPEC §8)."""

import json

import pytest

from tau_shaped import Action, score_trajectory
from tau_shaped.env.traj_format import parse_traj
from tests.mini_domain import make_env


def call(name, args, raw=False):
    return {"id": f"c-{name}", "type": "function", "function": {"name": name, "arguments": args if raw else json.dumps(args)}}


TRAJ = [
    {"role": "system", "content": "policy"},
    {"role": "user", "content": "My order O1 is missing a dish."},
    {"role": "assistant", "content": None, "tool_calls": [call("get_order", {"order_id": "O1"})]},
    {"role": "tool", "tool_call_id": "c-get_order", "name": "get_order", "content": "{...}"},
    {"role": "assistant", "content": "I can refund 12.50 as wallet credit. OK?"},
    {"role": "user", "content": "Yes please."},
    {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            call("issue_refund", {"order_id": "O1", "amount": 12.5, "method": "wallet_credit"}),
            call("get_order", {"order_id": "O1"}),
        ],
    },
    {"role": "tool", "tool_call_id": "c-issue_refund", "name": "issue_refund", "content": "ok"},
    {"role": "assistant", "content": "Done."},
]


def test_parse_traj_all_tool_calls_and_replies():
    parsed = parse_traj(TRAJ)
    assert [a.name for a in parsed.actions] == ["get_order", "respond", "issue_refund", "get_order", "respond"]
    assert parsed.first_user_message == "My order O1 is missing a dish."
    assert parsed.user_replies == ["Yes please.", None]


def test_score_traj_equals_score_actions():
    env = make_env()
    by_traj = score_trajectory(env, 1, traj=TRAJ)
    by_actions = score_trajectory(env, 1, parse_traj(TRAJ).actions, user_replies=["Yes please."], first_user_message=TRAJ[1]["content"])
    assert by_traj.outcome_reward == 1.0 and by_traj.legacy_reward == 0.0
    assert by_traj.model_dump() == by_actions.model_dump()


@pytest.mark.parametrize(
    "traj, needle",
    [
        ([{"content": "x"}], "traj message 0"),
        ([{"role": "assistant", "tool_calls": [call("get_order", "{bad", raw=True)]}], "traj message 0, tool call 0"),
        ([{"role": "assistant", "tool_calls": [call("get_order", "[1]", raw=True)]}], "JSON object"),
        ([{"role": "user", "content": "a"}, {"role": "robot"}], "traj message 1"),
        ("not a list", "list"),
    ],
)
def test_malformed_traj_is_input_invalid(traj, needle):
    result = score_trajectory(make_env(), 0, traj=traj)
    assert result.status == "input_invalid" and result.reward is None
    assert needle in result.error


@pytest.mark.parametrize(
    "actions, needle",
    [
        ([{"name": "", "kwargs": {}}], "step 0"),
        ([Action(name="get_order", kwargs={"order_id": "O1"}), {"name": "x", "kwargs": 3}], "step 1"),
        ([{"name": "respond", "kwargs": {}}], "step 0: a respond action"),
    ],
)
def test_malformed_actions_name_the_step(actions, needle):
    result = score_trajectory(make_env(), 0, actions)
    assert result.status == "input_invalid" and result.reward is None and needle in result.error


def test_both_or_neither_trajectory_forms_refused():
    assert score_trajectory(make_env(), 0).status == "input_invalid"
    assert score_trajectory(make_env(), 0, [], traj=[]).status == "input_invalid"


def test_factory_env_is_reused():
    calls = []

    def factory():
        calls.append(1)
        return make_env()

    for _ in range(3):
        score_trajectory(factory, 0, [])
    assert len(calls) == 1


def test_empty_trajectory():
    result = score_trajectory(make_env(), 0, [])
    assert result.status == "ok" and result.step_rewards == [] and result.process_reward == 0.0
    assert result.outcome_reward == 0.0


def _call(name, **kwargs):
    return {"id": name, "type": "function", "function": {"name": name, "arguments": json.dumps(kwargs)}}


def test_parse_traj_records_turns_that_did_more_than_one_thing():
    """wiki.md "Each turn, either call one tool or write to the customer, never both": a message
    with several calls, or text beside a call, is recorded per action it gave; a plain call or a
    plain message is not."""
    traj = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": None, "tool_calls": [_call("a")]},
        {"role": "tool", "content": "ok"},
        {"role": "assistant", "content": "   ", "tool_calls": [_call("b")]},  # blank text: no text
        {"role": "tool", "content": "ok"},
        {"role": "assistant", "content": None, "tool_calls": [_call("c"), _call("d")]},
        {"role": "assistant", "content": "Done, refunding now.", "tool_calls": [_call("e")]},
        {"role": "assistant", "content": "Anything else?"},
        {"role": "user", "content": "no"},
    ]
    parsed = parse_traj(traj)
    assert [a.name for a in parsed.actions] == ["a", "b", "c", "d", "e", "respond"]
    assert parsed.combined_turns == {2: "message 5: 2 tool calls", 3: "message 5: 2 tool calls", 4: "message 6: text and a tool call"}
    assert parsed.unanswered == []


def test_parse_traj_records_a_question_nobody_answered():
    traj = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "Shall I refund $5?"},
        {"role": "assistant", "content": None, "tool_calls": [_call("refund")]},
        {"role": "assistant", "content": "Anything else?"},
        {"role": "user", "content": "no thanks"},
        {"role": "assistant", "content": "Bye"},
    ]
    parsed = parse_traj(traj)
    assert [a.name for a in parsed.actions] == ["respond", "refund", "respond", "respond"]
    assert parsed.unanswered == [0]  # the last message was not answered either, but nothing follows it
    assert parsed.user_replies == [None, "no thanks", None]


def test_messages_with_no_user_reply_after_the_first_still_record_the_question_nobody_answered():
    """A completion that asks and acts at once (TRL's conversational completions hold no user
    turn after the first) shows the agent went on from its question: the messages are the
    conversation, so the question was answered by nobody, which is no yes (SPEC §10)."""
    traj = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "Shall I refund $5?"},
        {"role": "assistant", "content": None, "tool_calls": [_call("refund")]},
    ]
    parsed = parse_traj(traj)
    assert parsed.unanswered == [0] and parsed.user_replies == [None]
    assert parsed.from_messages


def test_a_long_text_is_checked_for_lone_surrogates_on_every_line():
    """The last long text found valid is not encoded again (rollouts share their system
    prompt); any other text, a long one with a lone surrogate included, still is."""
    from tau_shaped.env.traj_format import TrajectoryError, parse_traj

    prompt = "Policy — " + "x" * 2000
    for _ in range(2):
        parse_traj([{"role": "system", "content": prompt}, {"role": "user", "content": "hi"}])
    bad = prompt[:-1] + "\ud800"
    with pytest.raises(TrajectoryError, match="lone surrogate"):
        parse_traj([{"role": "system", "content": bad}, {"role": "user", "content": "hi"}])
    parse_traj([{"role": "system", "content": prompt}, {"role": "user", "content": "hi"}])
    with pytest.raises(TrajectoryError, match="lone surrogate"):
        parse_traj([{"role": "system", "content": prompt}, {"role": "user", "content": "hi \ud800"}])
