"""Issue 44: the OpenRLHF reward server under load, on 127.0.0.1, in its own process.

64 clients post 20 honest requests each at once: none is dropped (reset, refused or answered other
than 200: the listen backlog was 5, and 35 of 2,000 were reset at 32 clients), each answer is the
one ``rewards_for`` gives, no connect waits for a SYN sent again (a SYN dropped from a full listen
queue is retried after 1 s: the connect alone shows it, whatever the scorer's queue), and the p99 latency stays within 10x of the idle p99 measured just before against
the same server, idle taken as at least ``IDLE_FLOOR_S`` (a hang guard: 64 clients at once queue
for a CPU-bound scorer, and on a loaded machine that queue alone reached 0.9 s). A 64 MB body costs
the server at most ~2x its size in memory (it was 3x: the body as bytes, as text and parsed)."""

from __future__ import annotations

import http.client
import json
import threading
import time
from pathlib import Path

import pytest

from tau_shaped.integrations.training.openrlhf_adapter import rewards_for
from tests.integrations.training.training_kit import GT, GT_ACTIONS, GT_TEXTS, TASK, reward_server_process

CLIENTS, REQUESTS_EACH = 64, 20
IDLE_REQUESTS = 30
IDLE_FLOOR_S = 0.3  # 10x of it, 3 s: a hang, not a queue (a loaded CI machine queued 64 clients to 0.9 s)
LATENCY_FACTOR = 10
SYN_RETRY_S = 0.9  # Linux sends a dropped SYN again after 1 s
BIG_BODY_MB = 64
MEMORY_FACTOR = 2.25

LABEL = json.dumps({"task_id": TASK, "actions": GT_ACTIONS[:-1], "user_replies": GT.user_replies})
QUERY, PROMPT = "P:" + GT_TEXTS[-1] + "<|im_end|>", "P:"
HONEST = json.dumps({"query": [QUERY], "prompts": [PROMPT], "labels": [LABEL]}).encode()


@pytest.fixture(scope="module")
def server():
    with reward_server_process() as served:
        yield served


def post(port, body=HONEST, timeout=60.0, connects=None):
    """(status, seconds, answer) of one request on its own connection, as OpenRLHF's client sends it;
    ``connects``: where the connect's own seconds go."""
    started = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.connect()
        if connects is not None:
            connects.append(time.perf_counter() - started)
        conn.request("POST", "/get_reward", body=body, headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        raw = response.read()
        return response.status, time.perf_counter() - started, json.loads(raw)
    finally:
        conn.close()


def p99(seconds):
    ordered = sorted(seconds)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def test_64_clients_at_once_lose_no_request_and_wait_within_10x_of_idle(server):
    proc, port = server
    expected = rewards_for([QUERY], [PROMPT], [LABEL])
    for _ in range(3):  # warm-up: the scorer's caches
        assert post(port)[0] == 200
    idle = [post(port)[1] for _ in range(IDLE_REQUESTS)]

    answers, latencies, failures, connects = [], [], [], []
    lock, go = threading.Lock(), threading.Event()

    def client():
        go.wait()
        for _ in range(REQUESTS_EACH):
            try:
                status, took, answer = post(port, connects=connects)
            except OSError as exc:  # a reset, a refusal, a timeout: a dropped request
                with lock:
                    failures.append(type(exc).__name__)
                continue
            with lock:
                (answers if status == 200 else failures).append(answer if status == 200 else status)
                latencies.append(took)

    threads = [threading.Thread(target=client) for _ in range(CLIENTS)]
    for thread in threads:
        thread.start()
    go.set()
    for thread in threads:
        thread.join()

    assert failures == [], f"{len(failures)} of {CLIENTS * REQUESTS_EACH} dropped: {sorted(set(map(str, failures)))}"
    assert len(answers) == CLIENTS * REQUESTS_EACH and all(a == expected for a in answers)
    # the stall a full listen queue makes: a SYN dropped and sent again a second later, seen in the
    # connect alone (the kernel answers a SYN whatever the server's CPU is doing; latency under a
    # loaded CI machine's queueing cannot tell it apart)
    # (its p99: a full queue at 64 clients at once delays dozens of connects, where a thread kept
    # waiting for the GIL among 64 delays a few)
    slow = p99(connects)
    assert slow < SYN_RETRY_S, f"p99 connect {slow * 1000:.0f} ms: SYNs dropped from a full listen queue"
    idle_p99, loaded_p99 = p99(idle), p99(latencies)
    bound = LATENCY_FACTOR * max(idle_p99, IDLE_FLOOR_S)
    assert loaded_p99 <= bound, f"p99 {loaded_p99 * 1000:.0f} ms under load, idle p99 {idle_p99 * 1000:.0f} ms"
    assert proc.poll() is None


def _status_kb(pid, key):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key):
            return int(line.split()[1])
    raise AssertionError(f"no {key}")


@pytest.mark.skipif(not Path("/proc/self/clear_refs").exists(), reason="reads the server's peak memory from /proc")
def test_a_64_mb_body_costs_the_server_at_most_about_twice_its_size(server):
    proc, port = server
    assert post(port)[0] == 200
    body = json.dumps({"query": [PROMPT + "I can refund $16.90 to your card. " * (BIG_BODY_MB * 2**20 // 34)],
                       "prompts": [PROMPT], "labels": [LABEL]}).encode()
    Path(f"/proc/{proc.pid}/clear_refs").write_text("5")  # the peak (VmHWM) restarts from the resident size now
    before_kb = _status_kb(proc.pid, "VmRSS:")
    status, _, answer = post(port, body, timeout=120)
    extra = (_status_kb(proc.pid, "VmHWM:") - before_kb) * 1024
    assert status == 200 and answer["rewards"] == [0.0] and answer["extra_logs"]["parse_fault"] == [1.0]  # past ReadLimits
    assert extra <= MEMORY_FACTOR * len(body), f"{extra / len(body):.2f}x the body's {len(body):,} bytes"
