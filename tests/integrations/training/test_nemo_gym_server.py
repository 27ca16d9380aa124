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

class Loop:
    """One event loop in a thread, serving every app under uvicorn on 127.0.0.1 and running the
    test's requests: NeMo-Gym's servers share one global aiohttp client, bound to one loop."""

    def __init__(self):
        import asyncio
        import threading

        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.servers = []

    def run(self, coro, timeout=120):
        import asyncio

        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def serve(self, app, port):
        import asyncio
        import socket

        import uvicorn

        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", port))
        server = uvicorn.Server(uvicorn.Config(app, log_level="critical"))
        server.install_signal_handlers = lambda: None  # not the main thread
        self.servers.append(server)

        async def start():
            asyncio.ensure_future(server.serve(sockets=[sock]))
            while not server.started:
                await asyncio.sleep(0.02)

        self.run(start(), timeout=60)

    def close(self):
        import asyncio

        for server in self.servers:
            server.should_exit = True

        async def drain():
            await asyncio.sleep(0.3)

        self.run(drain())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)


@pytest.fixture(scope="module")
def served():
    """NeMo-Gym's servers in this process on 127.0.0.1, each set up as NeMo-Gym sets up a server,
    and a ``ServerClient`` whose config names them (no head server needed): our resources server
    for food_delivery and for the mini domain, NeMo-Gym's ``VLLMModel`` (Responses API over the
    project's chat-completions stub, ``tests/stub_openai_server.py``) and its ``SimpleAgent``."""
    if sys.version_info < (3, 12):
        pytest.skip("the nemo-gym extra needs Python >= 3.12 (nemo-gym requires it)")
    pytest.importorskip("nemo_gym", reason=NO_NEMO_GYM)
    from omegaconf import OmegaConf

    from nemo_gym.config_types import BaseServerConfig
    from nemo_gym.server_utils import ServerClient
    from responses_api_agents.simple_agent.app import SimpleAgent, SimpleAgentConfig
    from responses_api_models.vllm_model.app import VLLMModel, VLLMModelConfig
    from tests.stub_openai_server import StubServer

    stub = StubServer().__enter__()
    classes = ng.server_classes()
    specs = {
        "tau_fd": ("resources_servers", classes["TauShapedResourcesServer"], classes["TauShapedResourcesServerConfig"],
                   {}),
        "tau_mini": ("resources_servers", classes["TauShapedResourcesServer"],
                     classes["TauShapedResourcesServerConfig"], {"tau_domain": "tests.mini_domain:DOMAIN"}),
        "stub_model": ("responses_api_models", VLLMModel, VLLMModelConfig,
                       {"base_url": stub.url, "api_key": "stub-key", "model": "stub",
                        "return_token_id_information": False, "uses_reasoning_parser": False}),
        "agent": ("responses_api_agents", SimpleAgent, SimpleAgentConfig,
                  {"resources_server": {"type": "resources_servers", "name": "tau_mini"},
                   "model_server": {"type": "responses_api_models", "name": "stub_model"}, "max_steps": 10}),
    }
    import socket

    ports = {}
    for name in specs:  # a free port each, named in the config before any server starts
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            ports[name] = probe.getsockname()[1]
    global_config = OmegaConf.create({name: {kind: {"impl": {"host": "127.0.0.1", "port": ports[name],
                                                             "entrypoint": "app.py"}}}
                                      for name, (kind, _, _, _) in specs.items()})
    patch = pytest.MonkeyPatch()
    patch.setenv("NEMO_GYM_CONFIG_DICT", OmegaConf.to_yaml(global_config))  # else NeMo-Gym parses argv
    client = ServerClient(head_server_config=BaseServerConfig(host="127.0.0.1", port=1), global_config_dict=global_config)
    loop = Loop()
    for name, (kind, cls, config_cls, extra) in specs.items():
        config = config_cls(name=name, host="127.0.0.1", port=ports[name], entrypoint="app.py", **extra)
        server = cls(config=config, server_client=client)
        app = server.setup_webserver()
        server.setup_exception_middleware(app)
        loop.serve(app, ports[name])
    yield client, stub, loop
    loop.close()
    stub.__exit__(None, None, None)
    patch.undo()


def test_nemo_gym_server_client_path_seeds_calls_tools_and_verifies(served):
    """NeMo-Gym's ``ServerClient`` (what its agents use) on loopback: seed the session, play the
    ground truth through the tool endpoints (each output the env's), verify the response."""
    client, _, loop = served
    name = "tau_fd"
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
        # a row without a task id is refused with a 4xx (FastAPI's validation), not a traceback
        refused = await client.post(server_name=name, url_path="/verify", json={"responses_create_params": {"input": []}})
        assert 400 <= refused.status < 500
        return output, await get_response_json(verified)

    output, result = loop.run(rollout())
    tool_outputs = [o["output"] for o in output[1::2]]
    assert tool_outputs[GT.actions.index(next(a for a in GT.actions if a.name == "respond"))] in GT.user_replies
    assert any('"order_id"' in t for t in tool_outputs)  # a real tool result from the session's database
    assert result["reward"] == pytest.approx(EXPECTED_SHAPED) and result["abstain"] is False
    assert len(result["step_rewards"]) == len(GT.actions)
    assert math.fsum(result["step_rewards"]) == pytest.approx(result["reward"], abs=1e-12)
    assert result["reward_components"]["outcome"] == 1.0


def test_nemo_gym_simple_agent_runs_a_rollout_against_the_stub_model_and_our_server(served):
    """NeMo-Gym's own rollout: ``SimpleAgent``'s ``/run`` seeds our server, calls the model (its
    ``VLLMModel`` over the project's stub: two tool calls, then text), runs each tool call on our
    server, and verifies: the reward and per-turn rewards equal the offline episode's."""
    from tau_shaped.integrations.training.text_turns import TextEpisode

    client, stub, loop = served
    replies = {"refund": ["Thanks! ###STOP###"]}
    (row,) = ng.dataset_rows("tests.mini_domain:DOMAIN", task_ids=["refund"], user_replies=replies)

    async def run():
        from nemo_gym.server_utils import get_response_json

        result = await client.post(server_name="agent", url_path="/run", json=row)
        assert result.status == 200, await result.text()
        return await get_response_json(result)

    result = loop.run(run())
    calls = [o for o in result["response"]["output"] if o["type"] == "function_call"]
    outputs = [o["output"] for o in result["response"]["output"] if o["type"] == "function_call_output"]
    assert [c["name"] for c in calls] == ["get_order", "issue_refund"] and "customer_id" in outputs[0]
    assert stub.requests[0]["messages"][0]["content"] == "Be careful."  # the policy, not the instruction

    episode = TextEpisode("tests.mini_domain:DOMAIN", "test")  # the same actions, offline
    episode.start("refund", user_replies=replies["refund"])
    first = [episode.act({"role": "assistant", "content": None, "tool_calls": [
        {"id": c["call_id"], "type": "function", "function": {"name": c["name"], "arguments": c["arguments"]}}]}).reward
        for c in calls]
    last = episode.act({"role": "assistant", "content": "I refunded 12.50 to your wallet."}).reward
    offline = episode.components
    episode.close()
    assert result["reward"] == pytest.approx(offline["score"]) and result["abstain"] is False
    assert result["step_rewards"] == pytest.approx([math.fsum(first), last])  # one per model call
    assert result["reward_components"]["outcome"] == offline["outcome"] == 1.0
