"""Rollouts that make the same tool calls share one replay (``reward/replay_memo``), and
rollouts that leave the same state share its verdicts (``reward/state_memo``; issue 33).

A rollout given a kept replay or kept state verdicts must score exactly as its own replay
would: the same result, field for field, whatever it says around the calls, whatever came
before it, and never a replay or a state of another task, world, seed or call sequence. Each
test scores the same rollouts on an env that keeps them and on one that keeps none
(``ReplayMemo(0)``, ``StateMemo(0)``) and compares."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Dict, List, Tuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tau_shaped.env.traj_format import parse_traj
from tau_shaped.evaluation.results_file import read_results
from tau_shaped.reward.replay_memo import MAX_TOUCHED, SIGHTINGS, ReplayMemo
from tau_shaped.reward.scoring import replay_memo, score_trajectory, state_memo
from tau_shaped.reward.state_memo import MAX_CONTENT_BYTES, StateMemo
from tau_shaped.tasks.domains import load_domain

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def domain():
    return load_domain("food_delivery")


@pytest.fixture(scope="module")
def tasks(domain):
    return domain.tasks("train")[:24]


def _env(domain, tasks, keep: bool):
    env = domain.make_env(tasks=tasks, task_index=0)
    if not keep:
        env.__dict__["_replay_memo"] = ReplayMemo(0)
        env.__dict__["_state_memo"] = StateMemo(0)
    return env


def _same(kept_env, plain_env, task, traj, seed=None) -> Dict[str, Any]:
    got = score_trajectory(kept_env, task, traj=traj, seed=seed).to_dict()
    want = score_trajectory(plain_env, task, traj=traj, seed=seed).to_dict()
    assert got == want
    return got


def _reworded(traj: List[Dict[str, Any]], tag: str) -> List[Dict[str, Any]]:
    """The same calls with every text changed: the agent's words and the user's replies."""
    out = []
    for msg in traj:
        msg = dict(msg)
        if msg["role"] == "assistant" and not msg.get("tool_calls"):
            msg["content"] = f"{msg['content']} ({tag})" if tag != "plain" else "Let me check that for you."
        elif msg["role"] == "user" and out and any(m["role"] == "assistant" for m in out):
            msg["content"] = {"yes": "Yes, go ahead.", "no": "No, please don't.", "plain": "ok"}[tag]
        out.append(msg)
    return out


def test_the_grpo_batch_scores_the_same_with_its_replays_shared(grpo_batch, domain):
    records = read_results(grpo_batch)
    tasks = domain.tasks("train")
    kept, plain = _env(domain, tasks, True), _env(domain, tasks, False)
    replayed = 0
    for record in records:  # each record, then the same calls reworded three ways
        task = tasks[record["task_id"]]
        first = _same(kept, plain, task, record["traj"])
        memo = replay_memo(kept)
        for sighting, tag in enumerate(("yes", "no", "plain", "yes", "no"), start=2):
            hits = memo.hits
            _same(kept, plain, task, _reworded(record["traj"], tag))
            if first["status"] != "input_invalid" and sighting > SIGHTINGS:  # a malformed call is never replayed
                assert memo.hits == hits + 1  # once kept, a sequence finds its replay
                replayed += 1
    assert replayed >= (6 - SIGHTINGS - 1) * 80
    assert replay_memo(plain).hits == 0 and state_memo(plain).hits == 0
    assert state_memo(kept).hits >= 30  # the valid alternatives and the idle rollouts reach states seen before


def test_what_a_shared_replay_gives_is_each_rollouts_own(grpo_batch, domain):
    """The words differ, so the verdicts read from words must differ where the words do."""
    records = read_results(grpo_batch)
    tasks = domain.tasks("train")
    kept, plain = _env(domain, tasks, True), _env(domain, tasks, False)
    stray = next(r for r in records if r["info"]["rollout"] == "stray_credit")
    task = tasks[stray["task_id"]]
    asked = _same(kept, plain, task, stray["traj"])
    for _ in range(SIGHTINGS - 1):
        assert _same(kept, plain, task, stray["traj"]) == asked  # the last of these keeps the replay
    refused = _same(kept, plain, task, _reworded(stray["traj"], "no"))
    assert replay_memo(kept).hits == 1
    # the user said no to the credit, and it was issued: a different verdict from the same replay
    assert asked != refused


def test_a_replay_is_never_shared_across_tasks_or_seeds(grpo_batch, domain):
    records = read_results(grpo_batch)
    tasks = domain.tasks("train")
    kept, plain = _env(domain, tasks, True), _env(domain, tasks, False)
    record = records[0]
    a, b = tasks[record["task_id"]], tasks[record["task_id"] + 1]
    memo = replay_memo(kept)
    for task in (a, b) * SIGHTINGS:
        for seed in (None, 7):
            _same(kept, plain, task, record["traj"], seed=seed)
    assert memo.hits == 0  # four (task, seed) pairs, each seen SIGHTINGS times: kept, not yet found
    for task in (a, b):
        for seed in (None, 7):
            hits = memo.hits
            got = _same(kept, plain, task, record["traj"], seed=seed)
            assert memo.hits == hits + 1
            assert got == score_trajectory(_env(domain, tasks, False), task, traj=record["traj"], seed=seed).to_dict()


def test_the_key_is_the_calls_as_written_and_the_places_of_the_replies():
    calls = [{"role": "user", "content": "hi"},
             {"role": "assistant", "content": None, "tool_calls": [
                 {"function": {"name": "get_order_details", "arguments": '{"order_id": "FD-1"}'}}]},
             {"role": "assistant", "content": "Found it."},
             {"role": "user", "content": "thanks"}]
    key = parse_traj(calls).replay_key
    assert key == (("get_order_details", '{"order_id": "FD-1"}'), "respond")
    reworded = json.loads(json.dumps(calls))
    reworded[2]["content"] = "Something else entirely."
    assert parse_traj(reworded).replay_key == key
    spaced = json.loads(json.dumps(calls))
    spaced[1]["tool_calls"][0]["function"]["arguments"] = '{"order_id":"FD-1"}'
    assert parse_traj(spaced).replay_key != key  # another text: replayed anew (never wrongly shared)
    as_object = json.loads(json.dumps(calls))
    as_object[1]["tool_calls"][0]["function"]["arguments"] = {"order_id": "FD-1"}
    assert parse_traj(as_object).replay_key is None  # not text: never shared
    moved = calls[:1] + calls[2:] + calls[1:2]
    assert parse_traj(moved).replay_key == ("respond", ("get_order_details", '{"order_id": "FD-1"}'))


def _kept(name: str, touched: int = 0) -> Any:
    return SimpleNamespace(name=name, touched=touched)


def test_the_memo_keeps_a_sequence_seen_thrice_and_forgets_the_least_recently_used():
    memo = ReplayMemo(2)
    owners = [(object(),), (object(),), (object(),)]
    for _ in range(SIGHTINGS - 1):
        for i, own in enumerate(owners):
            memo.put(own, 0, ("c",), _kept(f"first{i}"))
    assert len(memo) == 0 and memo.get(owners[0], 0, ("c",)) is None  # seen, counted, not kept
    kept = [_kept(f"r{i}") for i in range(3)]
    for own, replayed in zip(owners, kept):
        memo.put(own, 0, ("c",), replayed)
    assert len(memo) == 2
    assert memo.get(owners[0], 0, ("c",)) is None  # the least recently kept, forgotten
    assert memo.get(owners[2], 0, ("c",)) is kept[2]
    assert memo.get(owners[2], 1, ("c",)) is None  # another seed
    assert memo.get((object(),), 0, ("c",)) is None  # another owner
    for _ in range(SIGHTINGS - 1):
        memo.put(owners[0], 0, ("d",), _kept("d"))
    for n in range(8):  # more sequences than it counts (4 x size): the first is forgotten
        memo.put(owners[0], 0, (f"x{n}",), _kept("x"))
    memo.put(owners[0], 0, ("d",), _kept("d"))
    assert memo.get(owners[0], 0, ("d",)) is None


def test_a_replay_that_copied_many_records_is_not_kept():
    memo = ReplayMemo(4)
    own = (object(),)
    for _ in range(SIGHTINGS + 2):
        memo.put(own, 0, ("big",), _kept("big", MAX_TOUCHED + 1))
        memo.put(own, 0, ("small",), _kept("small", MAX_TOUCHED))
    assert memo.get(own, 0, ("big",)) is None
    assert memo.get(own, 0, ("small",)).name == "small"


def test_a_state_whose_records_pickle_large_is_not_kept():
    memo = StateMemo(4)
    own = (object(),)
    big = frozenset({("orders", "O1", b"x" * (MAX_CONTENT_BYTES + 1))})
    small = frozenset({("orders", "O1", b"x" * MAX_CONTENT_BYTES)})
    assert memo.verdicts(own, 0, big) is not memo.verdicts(own, 0, big)
    assert memo.verdicts(own, 0, small) is memo.verdicts(own, 0, small)
    assert memo.verdicts(own, 1, small) is not memo.verdicts(own, 0, small)  # another seed
    assert len(memo) == 2


# -- property: any mix of calls and words, in any order -----------------------------------

_CALLS = [  # (tool, arguments) a rollout may make; {order} and {customer} filled per task
    ("get_order_details", {"order_id": "{order}"}),
    ("get_customer_details", {"customer_id": "{customer}"}),
    ("get_order_details", {"order_id": "FD-00000"}),
    ("cancel_order", {"order_id": "{order}", "reason": "customer_request"}),
    ("issue_refund", {"order_id": "{order}", "amount": 5.0, "method": "original_payment", "reason": "late"}),
    ("issue_refund", {"order_id": "{order}", "amount": 5.0, "method": "wallet_credit", "reason": "late"}),
    ("issue_apology_credit", {"customer_id": "{customer}", "order_id": "{order}", "amount": 15.0, "reason": "sorry"}),
    ("no_such_tool", {}),
]
_SAYS = ["Shall I cancel order {order}?", "I have refunded $5.00 to your card.", "Would you like a $15.00 credit?",
         "Your order {order} is placed.", "Done."]
_REPLIES = ["Yes, please.", "No, don't do that.", "Thank you."]


def _fill(value: Any, order: str, customer: str) -> Any:
    if isinstance(value, str):
        return value.replace("{order}", order).replace("{customer}", customer)
    if isinstance(value, dict):
        return {k: _fill(v, order, customer) for k, v in value.items()}
    return value


def _messages(task: Any, plan: List[Tuple[str, int]], words: List[Tuple[int, int]]) -> List[Dict[str, Any]]:
    order = next((a.kwargs["order_id"] for a in task.actions if "order_id" in a.kwargs), "FD-10001")
    customer = task.user_id
    messages: List[Dict[str, Any]] = [{"role": "user", "content": task.instruction}]
    said = iter(words)
    for kind, index in plan:
        if kind == "call":
            name, args = _CALLS[index]
            messages.append({"role": "assistant", "content": None, "tool_calls": [
                {"function": {"name": name, "arguments": json.dumps(_fill(args, order, customer))}}]})
            messages.append({"role": "tool", "content": "..."})
        else:
            say, reply = next(said, (0, 0))
            messages.append({"role": "assistant", "content": _fill(_SAYS[say], order, customer)})
            messages.append({"role": "user", "content": _REPLIES[reply]})
    return messages


_plan = st.lists(st.one_of(st.tuples(st.just("call"), st.integers(0, len(_CALLS) - 1)),
                           st.tuples(st.just("say"), st.just(0))), min_size=1, max_size=6)
_words = st.lists(st.tuples(st.integers(0, len(_SAYS) - 1), st.integers(0, len(_REPLIES) - 1)), max_size=6)


@pytest.fixture(scope="module")
def worlds(domain, tasks):
    """An env for each side whose S0 and ground truths every example's new envs of that side
    adopt (``adopt_caches``; the memos stay each env's own, new per example, and the two sides
    never share a world): each world is loaded, and its ids indexed, once for the module, not
    once per example and side."""
    return {keep: _env(domain, tasks, keep) for keep in (True, False)}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(plans=st.lists(_plan, min_size=1, max_size=3),
       rollouts=st.lists(st.tuples(st.integers(0, 2), st.integers(0, 1), _words), min_size=1, max_size=8))
def test_any_rollouts_score_as_their_own_replays_would(domain, tasks, worlds, plans, rollouts):
    kept, plain = _env(domain, tasks, True), _env(domain, tasks, False)
    kept.adopt_caches(worlds[True])
    plain.adopt_caches(worlds[False])
    for plan_index, task_index, words in rollouts:
        task = tasks[task_index]
        _same(kept, plain, task, _messages(task, plans[plan_index % len(plans)], words))


# -- every domain's grader corpus, scored the shared way and alone ----------------------------

@pytest.mark.parametrize("name", ["food_delivery", "tau2:airline", "tau2:retail", "tau2:telecom"])
def test_every_grader_corpus_entry_scores_the_same_shared_or_alone(name):
    """The corpora hold many trajectories per task that reach the same state (a gate fired
    before the write, a write refused), and the tau2 domains' tools are tau2's own: each entry
    is scored SIGHTINGS + 1 times on an env that keeps replays and states (the last time from a
    kept replay where its calls were text) and once on an env that keeps none."""
    from tau_shaped.tasks.grader_suite import default_corpus, domain_tasks, load_corpus

    try:
        domain = load_domain(name)
    except Exception as exc:  # noqa: BLE001 - tau2's domains need the tau2 extra (CI installs it)
        pytest.skip(f"{name}: {exc}")
    tasks = domain_tasks(domain, domain.splits)
    kept, plain = (domain.make_env(tasks=list(tasks.values()), task_index=0) for _ in range(2))
    plain.__dict__["_replay_memo"], plain.__dict__["_state_memo"] = ReplayMemo(0), StateMemo(0)
    entries = [e for e in load_corpus(default_corpus(domain)) if str(e["task_id"]) in tasks]
    assert entries
    for entry in entries:
        task = tasks[str(entry["task_id"])]
        if "traj" in entry:
            scores = [score_trajectory(env, task, traj=entry["traj"]).to_dict()
                      for env in [kept] * (SIGHTINGS + 1) + [plain]]
        else:
            scores = [score_trajectory(env, task, entry["actions"], user_replies=entry.get("user_replies")).to_dict()
                      for env in (kept, plain)]
        assert all(s == scores[-1] for s in scores), entry.get("id", entry["task_id"])
    assert state_memo(kept).hits > 0
    if any("traj" in e and score_trajectory(plain, tasks[str(e["task_id"])], traj=e["traj"]).status != "input_invalid"
           for e in entries):
        assert replay_memo(kept).hits > 0  # the entries given as messages were scored from kept replays
