"""Issue 27: the OpenRLHF reward server survives 1,000 hostile requests on 127.0.0.1.

The server runs in its own process (so its memory is its own); a seeded mix of the issue's
payloads is posted: label domains ``"os:abort"``, ``"os:getpid"``, ``"os:system"``, brackets
nested 100,000 deep (as the completion, as the body, as a label), a ``<tool_call>`` whose
arguments nest 50,000 deep, 5 MB bodies, malformed JSON, wrong types, bad headers, a GET, and
honest requests between them. Every request gets an HTTP answer with a one-line JSON body, the
honest ones are scored, the server is still up at the end, and its resident memory after
warm-up stays within a small bound.

Issue 44, on a server with small limits: a label number no float holds is a 400, a connection past
the cap a 503 with Retry-After, a slow-loris client a 408 in time, a body sent past the limit a 413
the client gets to read, a chunked body a 411 (the load test is test_reward_server_load.py)."""

from __future__ import annotations

import http.client
import json
import random
import select
import socket
import threading
import time
from pathlib import Path

import pytest

from tests.integrations.training.training_kit import GT, GT_ACTIONS, GT_TEXTS, TASK, reward_server_process

REQUESTS = 1000
RSS_GROWTH_MB = 48  # after warm-up: what a flat server may still vary by (allocator arenas of 5 MB bodies)

LABEL = json.dumps({"task_id": TASK, "actions": GT_ACTIONS[:-1], "user_replies": GT.user_replies})
DEEP = "[" * 100_000 + "]" * 100_000
DEEP_TOOL_CALL = ('<tool_call>{"name": "get_order_details", "arguments": ' + '{"a": ' * 50_000 + "1" + "}" * 50_000
                  + "}</tool_call>")


def body(query, label=LABEL, prompt="P:"):
    return json.dumps({"query": [prompt + query], "prompts": [prompt], "labels": [label]}).encode()


BIG_BODY = body("I can refund $16.90 to your card. " * (5 * 1024 * 1024 // 34))  # 5 MB
# kind -> (method, body bytes or None, extra headers, the statuses it may get)
KINDS = {
    "honest": ("POST", body(GT_TEXTS[-1]), {}, {200}),
    "honest_wrong": ("POST", body("Sorry, I cannot help."), {}, {200}),
    "domain_os_abort": ("POST", body("hi", json.dumps({"task_id": TASK, "domain": "os:abort"})), {}, {400}),
    "domain_os_getpid": ("POST", body("hi", json.dumps({"task_id": TASK, "domain": "os:getpid"})), {}, {400}),
    "domain_os_system": ("POST", body("hi", {"task_id": TASK, "domain": "os:system"}), {}, {400}),
    "deep_completion": ("POST", body(DEEP), {}, {200}),
    "deep_tool_call": ("POST", body(DEEP_TOOL_CALL), {}, {200}),
    "deep_body": ("POST", DEEP.encode(), {}, {400}),
    "deep_label": ("POST", body("hi", '{"task_id": ' + DEEP + "}"), {}, {400}),
    "five_mb_body": ("POST", BIG_BODY, {}, {200}),
    "malformed_json": ("POST", b'{"query": ["x"], "labels": [', {}, {400}),
    "not_utf8": ("POST", b'{"query": ["\xff"]}', {}, {400}),
    "body_a_list": ("POST", b'["query", "labels"]', {}, {400}),
    "query_not_a_list": ("POST", json.dumps({"query": "x", "labels": [TASK]}).encode(), {}, {400}),
    "query_of_numbers": ("POST", json.dumps({"query": [1], "labels": [TASK]}).encode(), {}, {400}),
    "labels_a_dict": ("POST", json.dumps({"query": ["x"], "labels": {"a": 1}}).encode(), {}, {400}),
    "lam_a_list": ("POST", body("hi", {"task_id": TASK, "lam": [1]}), {}, {400}),
    "lam_4000_digits": ("POST", body("hi", {"task_id": TASK, "lam": 10 ** 3999}), {}, {400}),
    "lam_nan": ("POST", body("hi", {"task_id": TASK, "lam": float("nan")}), {}, {400}),
    "fallback_infinity": ("POST", body("hi", {"task_id": TASK, "fallback": float("-inf")}), {}, {400}),
    "request_line_garbage": ("RAW", b"GARBAGE\r\n\r\n", {}, {400}),
    "unknown_task": ("POST", body("hi", "no-such-task"), {}, {400}),
    "bad_content_length": ("POST", b"{}", {"Content-Length": "lots"}, {400}),
    "get": ("GET", None, {}, {405}),
}


def _rss_kb(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def _send(port, kind):
    method, payload, headers, _ = KINDS[kind]
    if method == "RAW":  # bytes no HTTP client would send
        return _raw(port, payload)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        if "Content-Length" in headers:  # a header http.client would compute: sent by hand
            conn.putrequest(method, "/get_reward")
            for name, value in headers.items():
                conn.putheader(name, value)
            conn.endheaders(payload)
        else:
            conn.request(method, "/get_reward", body=payload, headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def _raw(port, payload, timeout=30):
    """(status, body) of the answer to raw bytes sent on a new connection."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(payload)
        response = http.client.HTTPResponse(sock)
        response.begin()
        return response.status, response.read()


@pytest.fixture(scope="module")
def server():
    with reward_server_process() as served:
        yield served


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the server's memory from /proc")
def test_reward_server_survives_1000_hostile_requests_answering_each_with_flat_memory(server):
    proc, port = server
    rng = random.Random(27)
    hostile = [k for k in KINDS if not k.startswith("honest")]
    order = ["honest", "five_mb_body", "deep_completion"] + [
        rng.choice(["honest", "honest_wrong"]) if rng.random() < 0.12 else rng.choice(hostile) for _ in range(REQUESTS - 3)]
    seen = {}
    warm_rss = None
    for i, kind in enumerate(order):
        if i == 200:
            warm_rss = _rss_kb(proc.pid)
        status, raw = _send(port, kind)
        answer = json.loads(raw)
        assert status in KINDS[kind][3], (i, kind, status, raw[:300])
        if status == 200:
            assert set(answer) == {"rewards", "scores", "extra_logs"}
            unreadable = kind in ("deep_completion", "deep_tool_call", "five_mb_body")  # the policy's failure: 0
            assert answer["extra_logs"]["abstain"] == [0.0], (kind, answer)
            assert answer["extra_logs"]["parse_fault"] == [1.0 if unreadable else 0.0], (kind, answer)
            if unreadable:
                assert answer["rewards"] == [0.0], (kind, answer)
            if kind == "honest":
                assert answer["extra_logs"]["legacy"] == [1.0]
        else:
            assert set(answer) == {"error"} and "\n" not in answer["error"] and answer["error"], (kind, answer)
            if kind.startswith("domain_os"):
                assert "label 'domain'" in answer["error"] and "unknown domain" in answer["error"]
        seen[kind] = seen.get(kind, 0) + 1
        assert proc.poll() is None, f"the server died at request {i} ({kind})"
    assert sum(seen.values()) == REQUESTS and set(seen) == set(KINDS)  # every kind was sent, every request answered
    growth_mb = (_rss_kb(proc.pid) - warm_rss) / 1024
    assert growth_mb < RSS_GROWTH_MB, f"the server's memory grew {growth_mb:.0f} MB after warm-up"
    status, raw = _send(port, "honest")  # still up, still right
    assert status == 200 and json.loads(raw)["extra_logs"]["legacy"] == [1.0]


def test_a_body_over_the_size_limit_is_a_413_and_the_server_stays_up():
    from tau_shaped.integrations.training.openrlhf_adapter import RewardServer

    srv = RewardServer("127.0.0.1", 0, max_body_bytes=1000).start()
    try:
        port = srv.httpd.server_address[1]
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.putrequest("POST", "/get_reward")
        conn.putheader("Content-Length", "5000000")
        conn.endheaders()
        response = conn.getresponse()
        assert response.status == 413 and "1,000-byte limit" in json.loads(response.read())["error"]
        conn.close()
        assert _send(port, "malformed_json")[0] == 400
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def small_server():
    """A server with small limits: 3 connections, a 10,000-byte body, 1 s to send a request."""
    from tau_shaped.integrations.training.openrlhf_adapter import RewardServer

    srv = RewardServer("127.0.0.1", 0, max_connections=3, max_body_bytes=10_000, request_timeout=1.0).start()
    yield srv
    srv.stop()


def _wait_for(condition, seconds=5.0):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


@pytest.mark.parametrize("field, value", [("lam", "1" + "0" * 3999), ("lam", "-1" + "0" * 400), ("lam", "NaN"),
                                          ("lam", "1e999"), ("lam", "true"), ("lam", '"0.5"'), ("fallback", "-Infinity"),
                                          ("fallback", "false"), ("fallback", '"-1"')])
def test_a_label_number_no_float_holds_is_a_400_naming_it(small_server, field, value):
    port = small_server.httpd.server_address[1]
    label = '{"task_id": "%s", "%s": %s}' % (TASK, field, value)  # the number as JSON text: 1e999 reads as infinity
    payload = '{"query": ["P:hi"], "prompts": ["P:"], "labels": [%s]}' % label
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("POST", "/get_reward", body=payload.encode(), headers={"Content-Type": "application/json"})
    response = conn.getresponse()
    answer = json.loads(response.read())
    conn.close()
    assert response.status == 400 and f"label '{field}'" in answer["error"] and "\n" not in answer["error"], answer


def test_a_label_number_a_float_holds_still_scores(small_server):
    from tau_shaped.integrations.training.openrlhf_adapter import rewards_for

    at_one = rewards_for(["P:" + GT_TEXTS[-1]], ["P:"], [{"task_id": TASK, "actions": GT_ACTIONS[:-1],
                                                           "user_replies": GT.user_replies, "lam": 1}])
    at_default = rewards_for(["P:" + GT_TEXTS[-1]], ["P:"], [{"task_id": TASK, "actions": GT_ACTIONS[:-1],
                                                               "user_replies": GT.user_replies}])
    assert at_one["extra_logs"] == at_default["extra_logs"] and at_one["rewards"] != at_default["rewards"]


def test_a_connection_past_the_cap_is_a_503_with_retry_after_then_served_once_one_frees():
    from tau_shaped.integrations.training.openrlhf_adapter import RewardServer

    srv = RewardServer("127.0.0.1", 0, max_connections=3, request_timeout=30.0).start()  # an idle client stays put
    port = srv.httpd.server_address[1]
    try:
        idle = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(3)]  # they hold every slot
        _wait_for(lambda: srv.connections == 3)
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("POST", "/get_reward", body=KINDS["honest"][1], headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        assert response.status == 503 and response.getheader("Retry-After") == "1"
        assert "3 connections" in json.loads(response.read())["error"]
        conn.close()
        for sock in idle:
            sock.close()
        _wait_for(lambda: srv.connections == 0)
        status, raw = _send(port, "honest_wrong")
        assert status == 200 and json.loads(raw)["extra_logs"]["outcome"] == [0.0]
    finally:
        srv.stop()


def test_clients_past_the_cap_all_at_once_get_503s_and_200s_never_a_reset():
    from tau_shaped.integrations.training.openrlhf_adapter import RewardServer

    srv = RewardServer("127.0.0.1", 0, max_connections=2).start()
    port, statuses, errors, lock = srv.httpd.server_address[1], [], [], threading.Lock()

    def client():
        for _ in range(3):
            try:
                status, raw = _send(port, "honest")
            except OSError as exc:
                with lock:
                    errors.append(type(exc).__name__)
                continue
            with lock:
                statuses.append(status)
            assert status != 200 or json.loads(raw)["extra_logs"]["legacy"] == [1.0]

    threads = [threading.Thread(target=client) for _ in range(16)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        srv.stop()
    assert errors == [] and len(statuses) == 48 and set(statuses) <= {200, 503} and 200 in statuses, (errors, statuses)


@pytest.mark.parametrize("stalls_in", ["headers", "body"])
def test_a_slow_loris_client_is_answered_408_within_the_timeout_and_holds_no_worker(small_server, stalls_in):
    port = small_server.httpd.server_address[1]
    head = b"POST /get_reward HTTP/1.1\r\nHost: x\r\nContent-Length: 900\r\n"
    head, drip = (head, b"X-Drip: 1\r\n") if stalls_in == "headers" else (head + b"\r\n", b" ")
    received = []

    def slow_client():
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(head)
            started = time.monotonic()
            while time.monotonic() - started < 8:  # a byte every 0.1 s: never silent for long
                if select.select([sock], [], [], 0.1)[0]:
                    break
                try:
                    sock.sendall(drip)
                except OSError:
                    break
            chunks = []
            try:
                while chunk := sock.recv(65536):
                    chunks.append(chunk)
            except OSError:
                pass
            received.append((time.monotonic() - started, b"".join(chunks)))

    thread = threading.Thread(target=slow_client)
    thread.start()
    try:
        _wait_for(lambda: small_server.connections >= 1)
        status, raw = _send(port, "honest")  # served while the slow client is still sending
        assert status == 200 and json.loads(raw)["extra_logs"]["legacy"] == [1.0]
    finally:
        thread.join(timeout=15)
    took, answer = received[0]
    assert answer.startswith(b"HTTP/1.0 408 "), answer[:200]
    assert "did not arrive within 1 s" in json.loads(answer.split(b"\r\n\r\n", 1)[1])["error"]
    assert took < 4.0


def test_a_body_sent_past_the_limit_is_read_and_answered_413_not_reset(small_server):
    port = small_server.httpd.server_address[1]
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("POST", "/get_reward", body=b"x" * (8 * 1024 * 1024))  # more than the socket buffers hold
    response = conn.getresponse()
    assert response.status == 413 and "10,000-byte limit" in json.loads(response.read())["error"]
    conn.close()


def test_a_chunked_body_is_a_411(small_server):
    port = small_server.httpd.server_address[1]
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("POST", "/get_reward", body=iter([b'{"query": ', b"[]}"]), encode_chunked=True)
    response = conn.getresponse()
    assert response.status == 411 and "Content-Length" in json.loads(response.read())["error"]
    conn.close()
