"""NeMo-Gym (issue 43): the resources server's scoring of a Responses output, per-step rewards
aligned with assistant turns, abstaining, and (with the nemo-gym extra, Python >= 3.12) the
server itself on 127.0.0.1 through NeMo-Gym's own ``ServerClient`` and ``SimpleAgent``.

A ground-truth trajectory is written as NeMo-Gym's ``SimpleAgent`` records it: one model call a
turn, a function call and its output, text to the customer through the ``respond`` tool.
"""

import json
import math
import sys

import pytest

from tau_shaped.integrations.training import nemo_gym_server as ng
from tests.integrations.training.training_kit import EXPECTED_SHAPED, GT, TASK

NO_NEMO_GYM = ("nemo-gym (the nemo-gym extra, Python >= 3.12) is not installed: it pins openai<=2.7.2 and "
               "mcp<2, so CI leaves it out")


def gt_output(actions=GT.actions, replies=GT.user_replies, reply_texts=True):
    """The Responses output items of the ground truth, one assistant turn per action."""
    out, said = [], iter(replies)
    for i, action in enumerate(actions):
        name = "respond" if action.name == "respond" else action.name
        out.append({"type": "function_call", "call_id": f"c{i}", "name": name, "arguments": json.dumps(action.kwargs)})
        output = next(said, "###STOP###") if name == "respond" else "(tool output)"
        out.append({"type": "function_call_output", "call_id": f"c{i}", "output": output if reply_texts else ""})
    return out


def test_the_ground_truth_scores_the_shaped_reward_with_one_step_reward_per_assistant_turn():
    scored = ng.score_response(TASK, gt_output(), user_replies=GT.user_replies)
    assert scored["abstain"] is False and scored["reward"] == pytest.approx(EXPECTED_SHAPED)
    assert len(scored["step_rewards"]) == len(GT.actions)  # one per model call
    assert math.fsum(scored["step_rewards"]) == pytest.approx(scored["reward"], abs=1e-12)
    assert scored["reward_components"]["outcome"] == 1.0 and scored["reward_components"]["legacy"] == 1.0
    assert scored["step_rewards"][0] != scored["step_rewards"][-1]  # dense credit, then the terminal rest


def test_a_turn_of_two_calls_is_one_step_reward_and_text_messages_go_to_the_customer():
    out = gt_output()
    merged = [out[0], out[2], out[1], out[3]] + out[4:]  # the first two tool calls in one model call
    if GT.actions[0].name == "respond" or GT.actions[1].name == "respond":
        pytest.skip("the ground truth does not open with two tool calls")
    scored = ng.score_response(TASK, merged, user_replies=GT.user_replies)
    assert len(scored["step_rewards"]) == len(GT.actions) - 1
    assert math.fsum(scored["step_rewards"]) == pytest.approx(scored["reward"], abs=1e-12)
    # text as a message item instead of the respond tool: the customer's replies come from the row
    as_text = [{"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": a.kwargs["content"]}]}
               if a.name == "respond" else item for a, item in zip(GT.actions, out[::2])]
    outputs = [o for o in out[1::2]]
    items = []
    for a, item, o in zip(GT.actions, as_text, outputs):
        items += [item] + ([] if a.name == "respond" else [o])
    text_scored = ng.score_response(TASK, items, user_replies=GT.user_replies)
    assert text_scored["reward"] == pytest.approx(EXPECTED_SHAPED)


def test_abstentions_give_zero_step_rewards_and_say_why(monkeypatch):
    empty = ng.score_response(TASK, [{"type": "reasoning", "summary": []}])
    assert empty["abstain"] is True and "empty response" in empty["abstain_reason"] and empty["step_rewards"] == []
    broken = ng.score_response(TASK, "not a list", fallback=-1.0)
    assert broken["abstain"] is True and broken["reward"] == -1.0 and broken["reward_components"]["outcome"] == -1.0

    from tau_shaped.integrations.training import text_turns

    real = text_turns.components

    def faulty(result, fallback=0.0, **kwargs):
        return real(None, fallback, **kwargs)  # a verifier fault: no result

    monkeypatch.setattr(text_turns, "components", faulty)
    fault = ng.score_response(TASK, gt_output(), user_replies=GT.user_replies)
    assert fault["abstain"] is True and fault["abstain_reason"] == "verifier fault"
    assert len(fault["step_rewards"]) == len(GT.actions) and set(fault["step_rewards"]) == {0.0}


def test_hostile_output_items_are_read_without_a_traceback():
    items = [None, 7, {"type": "function_call", "name": 3}, {"type": "function_call", "call_id": "x",
             "name": "get_order_details", "arguments": "{not json"}, {"type": "message", "content": 5}]
    scored = ng.score_response(TASK, items)
    assert set(scored) >= {"reward", "reward_components", "step_rewards", "abstain"}
    assert len(scored["step_rewards"]) == 1  # the one readable call is one turn


def test_dataset_rows_give_the_policy_the_customer_and_responses_tools():
    (row,) = ng.dataset_rows(task_ids=[TASK], user_replies={TASK: GT.user_replies})
    system, user = row["responses_create_params"]["input"]
    assert system["role"] == "system" and user["role"] == "user" and row["task_id"] == TASK
    tools = row["responses_create_params"]["tools"]
    assert tools[-1]["name"] == "respond" and all(t["type"] == "function" and "parameters" in t for t in tools)
    assert row["user_replies"] == GT.user_replies


def test_live_sessions_step_tool_calls_and_stay_bounded(monkeypatch):
    monkeypatch.setattr(ng, "MAX_SESSIONS", 2)
    sessions = ng.Sessions("food_delivery", "test")
    for sid in ("a", "b", "c"):
        sessions.seed(sid, TASK, GT.user_replies)
    assert list(sessions.live) == ["b", "c"]  # the oldest closed
    first = GT.actions[0]
    assert "error" not in sessions.call("c", first.name, first.kwargs)[:10]
    assert sessions.call("a", first.name, first.kwargs).startswith("error: no episode")
    for sid in ("b", "c"):
        sessions.close(sid)


# -- the NeMo-Gym server (nemo-gym extra) ---------------------------------------------------------

@pytest.fixture(scope="module")
def served():
    """Our server under uvicorn on 127.0.0.1, set up as NeMo-Gym sets up a server, and a
    ``ServerClient`` whose config names it (no head server needed)."""
    if sys.version_info < (3, 12):
        pytest.skip("the nemo-gym extra needs Python >= 3.12 (nemo-gym requires it)")
    pytest.importorskip("nemo_gym", reason=NO_NEMO_GYM)
    import socket
    import threading
    import time

    import uvicorn
    from omegaconf import OmegaConf

    from nemo_gym.config_types import BaseServerConfig
    from nemo_gym.server_utils import ServerClient

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    names = {"tau_shaped_resources": port}
    global_config = OmegaConf.create({name: {"resources_servers": {"tau_shaped": {
        "host": "127.0.0.1", "port": p, "entrypoint": "app.py"}}} for name, p in names.items()})
    client = ServerClient(head_server_config=BaseServerConfig(host="127.0.0.1", port=1), global_config_dict=global_config)
    classes = ng.server_classes()
    config = classes["TauShapedResourcesServerConfig"](name="tau_shaped_resources", host="127.0.0.1", port=port,
                                                        entrypoint="app.py")
    server = classes["TauShapedResourcesServer"](config=config, server_client=client)
    app = server.setup_webserver()
    server.setup_exception_middleware(app)
    runner = uvicorn.Server(uvicorn.Config(app, log_level="critical"))
    thread = threading.Thread(target=runner.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(100):
        if runner.started:
            break
        time.sleep(0.05)
    yield client, "tau_shaped_resources"
    runner.should_exit = True
    thread.join(timeout=10)


def test_nemo_gym_server_client_path_seeds_calls_tools_and_verifies(served):
    """NeMo-Gym's ``ServerClient`` (what its agents use) on loopback: seed the session, play the
    ground truth through the tool endpoints (each output the env's), verify the response."""
    import asyncio

    client, name = served
    (row,) = ng.dataset_rows(task_ids=[TASK], user_replies={TASK: GT.user_replies})

    async def rollout():
        from nemo_gym.server_utils import get_response_json

        seeded = await client.post(server_name=name, url_path="/seed_session", json=row)
        assert seeded.status == 200, await seeded.text()
        cookies = seeded.cookies
        output = []
        for i, action in enumerate(GT.actions):
            tool = "respond" if action.name == "respond" else action.name
            reply = await client.post(server_name=name, url_path=f"/{tool}", json=action.kwargs, cookies=cookies)
            cookies = reply.cookies or cookies
            text = (await reply.content.read()).decode()
            output += [{"type": "function_call", "call_id": f"c{i}", "name": tool, "arguments": json.dumps(action.kwargs),
                        "id": f"fc{i}", "status": "completed"},
                       {"type": "function_call_output", "call_id": f"c{i}", "output": text}]
        response = {"id": "resp", "created_at": 0, "model": "stub", "object": "response", "output": output,
                    "parallel_tool_calls": False, "tool_choice": "auto", "tools": row["responses_create_params"]["tools"]}
        verified = await client.post(server_name=name, url_path="/verify", json=row | {"response": response},
                                     cookies=cookies)
        assert verified.status == 200, await verified.text()
        return output, await get_response_json(verified)

    output, result = asyncio.run(rollout())
    tool_outputs = [o["output"] for o in output[1::2]]
    assert tool_outputs[GT.actions.index(next(a for a in GT.actions if a.name == "respond"))] in GT.user_replies
    assert any('"order_id"' in t for t in tool_outputs)  # a real tool result from the session's database
    assert result["reward"] == pytest.approx(EXPECTED_SHAPED) and result["abstain"] is False
    assert len(result["step_rewards"]) == len(GT.actions)
    assert math.fsum(result["step_rewards"]) == pytest.approx(result["reward"], abs=1e-12)
    assert result["reward_components"]["outcome"] == 1.0


def test_nemo_gym_verify_refuses_a_row_without_a_task_id_with_a_4xx(served):
    import asyncio

    client, name = served

    async def verify():
        r = await client.post(server_name=name, url_path="/verify", json={"responses_create_params": {"input": []}})
        return r.status

    assert 400 <= asyncio.run(verify()) < 500
