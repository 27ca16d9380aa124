"""A local OpenAI-compatible chat server on 127.0.0.1 that plays a scripted policy.

The agent (requests that carry ``tools``) refunds order O1 as wallet credit in
one turn of two tool calls, then says so; the user simulator (requests without
tools) states the problem, then ends the conversation with ###STOP###.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Dict, List, Optional


def _reply(message: Dict[str, Any], finish: str) -> Dict[str, Any]:
    return {
        "id": "chatcmpl-stub",
        "object": "chat.completion",
        "created": 0,
        "model": "stub",
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
        "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
    }


def _call(call_id: str, name: str, args: Dict[str, Any]) -> Dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}


def agent_policy(messages: List[Dict[str, Any]]) -> Dict[str, Any]:
    last = messages[-1]
    if last["role"] == "user" and not any(m["role"] == "tool" for m in messages):
        calls = [
            _call("c1", "get_order", {"order_id": "O1"}),
            _call("c2", "issue_refund", {"order_id": "O1", "amount": 12.5, "method": "wallet_credit"}),
        ]
        return _reply({"role": "assistant", "content": None, "tool_calls": calls}, "tool_calls")
    return _reply({"role": "assistant", "content": "I refunded 12.50 to your wallet."}, "stop")


def user_policy(messages: List[Dict[str, Any]]) -> Dict[str, Any]:
    spoken = sum(1 for m in messages if m["role"] == "assistant")
    text = "My order O1 was missing a dish worth 12.50." if spoken == 0 else "Thanks! ###STOP###"
    return _reply({"role": "assistant", "content": text}, "stop")


class StubServer:
    """``respond`` (optional) replaces the scripted policies: it gets the request's body and
    returns the JSON reply to send (it may block, to play a server that never answers)."""

    def __init__(self, respond: Optional[Callable[[Dict[str, Any]], Any]] = None) -> None:
        self.requests: List[Dict[str, Any]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's naming
                length = int(self.headers.get("Content-Length", 0))
                body = json.loads(self.rfile.read(length) or b"{}")
                outer.requests.append(body)
                if respond is not None:
                    data = json.dumps(respond(body)).encode()
                else:
                    policy = agent_policy if body.get("tools") else user_policy
                    data = json.dumps(policy(body.get("messages", []))).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> "StubServer":
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
