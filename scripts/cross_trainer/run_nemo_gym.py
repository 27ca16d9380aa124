"""NeMo-Gym's own path on the rows read back from parquet (run in a Python >= 3.12 venv with the
nemo-gym extra): NeMo-Gym's servers on 127.0.0.1 as its tests set them up (no head server): our
resources server, NeMo-Gym's ``VLLMModel`` (Responses API over chat completions) in front of a local
model server that writes each row's turns, and its ``SimpleAgent``. One ``/run`` per row: the agent
seeds our server, calls the model, runs each tool call on our server (live session), and verifies.

The model server plays a vLLM server with a Hermes tool parser: a turn holding tool calls is
answered with structured ``tool_calls`` (read by tau-shaped's one reader), a message to the customer
as a call of the ``respond`` tool (NeMo-Gym's convention: the customer answers as its output), and
text in no readable call format (or the completion itself when it is not a call) as plain content,
which ends ``SimpleAgent``'s rollout and is read again by the server's ``verify``."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any, Dict, List, Optional

try:
    from scripts.cross_trainer.common import main, result
    from scripts.cross_trainer.episodes import message_turns
except ImportError:  # run as a file
    from common import main, result  # type: ignore[no-redef]
    from episodes import message_turns  # type: ignore[no-redef]


def as_model_reply(turn: Any, index: int, completion: bool) -> Dict[str, Any]:
    """What a vLLM server with a Hermes parser returns for ``turn`` (text or an assistant message)."""
    from tau_shaped.env.model_output import read_model_output

    if isinstance(turn, dict):
        if turn.get("tool_calls"):
            return {"role": "assistant", "content": None, "tool_calls": turn["tool_calls"]}
        turn = turn.get("content") or ""
    try:
        message = read_model_output(turn)
    except Exception:  # past the reading limits or in no known format: the text as it was written
        return {"role": "assistant", "content": turn}
    calls = message.get("tool_calls") or []
    if calls and all((c.get("function") or {}).get("name") != "invalid_tool_call" for c in calls):
        return {"role": "assistant", "content": None, "tool_calls": [
            {"id": f"call_{index}_{i}", "type": "function", "function": {
                "name": c["function"]["name"], "arguments": c["function"]["arguments"]}} for i, c in enumerate(calls)]}
    if completion or calls:  # the completion as a model wrote it; a broken call is text for the parser too
        return {"role": "assistant", "content": turn}
    return {"role": "assistant", "content": None, "tool_calls": [
        {"id": f"call_{index}_r", "type": "function", "function": {"name": "respond",
                                                                   "arguments": json.dumps({"content": turn})}}]}


class ScriptedModel:
    """Chat completions for the row being run (``row``): the n-th model call gets the n-th turn."""

    def __init__(self) -> None:
        from tests.stub_openai_server import StubServer, _reply

        self.row: Optional[Dict[str, Any]] = None
        self.calls = 0

        def respond(body: Dict[str, Any]) -> Dict[str, Any]:
            message = self.next_reply()
            return _reply(message, "tool_calls" if message.get("tool_calls") else "stop")

        self.server = StubServer(respond=respond).__enter__()  # the tests' loopback chat server, serving this row's turns
        self.url = self.server.url

    def start(self, row: Dict[str, Any]) -> None:
        self.row, self.calls = row, 0

    def next_reply(self) -> Dict[str, Any]:
        turns = message_turns(self.row)
        n, self.calls = self.calls, self.calls + 1
        if n >= len(turns):
            return {"role": "assistant", "content": "Goodbye."}  # text: the rollout ends
        return as_model_reply(turns[n], n, completion=n == len(self.row["turns"]))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def score(rows: List[Dict[str, Any]], parquet: Path) -> Dict[str, List[Dict[str, Any]]]:
    import os

    from omegaconf import OmegaConf

    from nemo_gym.config_types import BaseServerConfig
    from nemo_gym.server_utils import ServerClient, get_response_json
    from responses_api_agents.simple_agent.app import SimpleAgent, SimpleAgentConfig
    from responses_api_models.vllm_model.app import VLLMModel, VLLMModelConfig
    from tau_shaped.integrations.training import nemo_gym_server as ng
    from tests.integrations.training.test_nemo_gym_server import Loop

    model = ScriptedModel()
    classes = ng.server_classes()
    specs = {
        "tau_fd": ("resources_servers", classes["TauShapedResourcesServer"], classes["TauShapedResourcesServerConfig"], {}),
        "model": ("responses_api_models", VLLMModel, VLLMModelConfig,
                  {"base_url": model.url, "api_key": "scripted", "model": "scripted",
                   "return_token_id_information": False, "uses_reasoning_parser": False}),
        "agent": ("responses_api_agents", SimpleAgent, SimpleAgentConfig,
                  {"resources_server": {"type": "resources_servers", "name": "tau_fd"},
                   "model_server": {"type": "responses_api_models", "name": "model"}, "max_steps": 30}),
    }
    ports = {name: _free_port() for name in specs}
    global_config = OmegaConf.create({name: {kind: {"impl": {"host": "127.0.0.1", "port": ports[name],
                                                             "entrypoint": "app.py"}}}
                                      for name, (kind, _, _, _) in specs.items()})
    os.environ["NEMO_GYM_CONFIG_DICT"] = OmegaConf.to_yaml(global_config)  # else NeMo-Gym parses argv
    client = ServerClient(head_server_config=BaseServerConfig(host="127.0.0.1", port=1), global_config_dict=global_config)
    loop = Loop()
    try:
        for name, (kind, cls, config_cls, extra) in specs.items():
            config = config_cls(name=name, host="127.0.0.1", port=ports[name], entrypoint="app.py", **extra)
            server = cls(config=config, server_client=client)
            app = server.setup_webserver()
            server.setup_exception_middleware(app)
            loop.serve(app, ports[name])
        results = []
        for row in rows:
            replies = row["extra_info"].get("user_replies")
            (data,) = ng.dataset_rows(task_ids=[row["task_id"]],
                                      user_replies=None if replies is None else {row["task_id"]: list(replies)})
            model.start(row)

            async def run(data=data):
                answer = await client.post(server_name="agent", url_path="/run", json=data)
                assert answer.status == 200, await answer.text()
                return await get_response_json(answer)

            verified = loop.run(run())
            got = {"score": verified["reward"], **verified["reward_components"],
                   "abstain": 1.0 if verified["abstain"] else 0.0}
            entry = result(row, got, "expected_episode")
            if verified["abstain"]:
                entry["why"] = verified.get("abstain_reason")
            results.append(entry)
    finally:
        loop.close()
        model.server.__exit__()
    return {"nemo_gym": results}


if __name__ == "__main__":
    main(score)
