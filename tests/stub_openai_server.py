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


def completion(message: Dict[str, Any]) -> Dict[str, Any]:
    """A chat completion of ``message``, its finish reason the one its tool calls imply."""
    return _reply(message, "tool_calls" if message.get("tool_calls") else "stop")


def stream_events(reply: Dict[str, Any]) -> bytes:
    """``reply`` (a chat completion) as the server-sent events of a ``stream: true`` request:
    one delta with the whole message, the finish reason, the usage, then ``[DONE]``."""
    choice = reply["choices"][0]
    delta = {"role": "assistant", "content": choice["message"].get("content")}
    if choice["message"].get("tool_calls"):
        delta["tool_calls"] = [dict(c, index=i) for i, c in enumerate(choice["message"]["tool_calls"])]
    chunks = [{"choices": [{"index": 0, "delta": delta, "finish_reason": None}]},
              {"choices": [{"index": 0, "delta": {}, "finish_reason": choice["finish_reason"]}]},
              {"choices": [], "usage": reply["usage"]}]
    return b"".join(b"data: " + json.dumps(dict(c, id=reply["id"], object="chat.completion.chunk", created=0,
                                                 model=reply["model"])).encode() + b"\n\n" for c in chunks) \
        + b"data: [DONE]\n\n"


class StubServer:
    """``respond`` (optional) replaces the scripted policies: it gets the request's body and
    returns the JSON reply to send (it may block, to play a server that never answers), or an
    HTTP status (an int) to fail the request with. A ``stream: true`` request is answered as
    server-sent events (:func:`stream_events`), as verifiers' chat harness asks."""

    def __init__(self, respond: Optional[Callable[[Dict[str, Any]], Any]] = None) -> None:
        self.requests: List[Dict[str, Any]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's naming
                length = int(self.headers.get("Content-Length", 0))
                body = json.loads(self.rfile.read(length) or b"{}")
                outer.requests.append(body)
                if respond is not None:
                    reply = respond(body)
                else:
                    policy = agent_policy if body.get("tools") else user_policy
                    reply = policy(body.get("messages", []))
                if isinstance(reply, int):  # the model server fails: an HTTP error, no completion
                    error = {"error": {"message": "the stub fails this request", "type": "server_error"}}
                    return self._send(reply, "application/json", json.dumps(error).encode())
                if body.get("stream"):
                    return self._send(200, "text/event-stream", stream_events(reply))
                return self._send(200, "application/json", json.dumps(reply).encode())

            def _send(self, status: int, kind: str, data: bytes) -> None:
                self.send_response(status)
                self.send_header("Content-Type", kind)
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
