"""Ground truths on disk (issue 20, ``TAU_SHAPED_GT_CACHE``): a second process that loads
them scores every trajectory exactly as one that replays them (SPEC §1: Sg is the replay of
the ground truth on S0); the key changes with the task, the seed, S0 and the code; a file
that cannot be read is a miss; a ground truth JSON would not give back exactly is not kept."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.env.hashing import hashable_text, same_hashable_text  # the texts' equality, unwritten where it can
from tau_shaped.env.overlay import Overlay
from tau_shaped.reward import ground_truth_store
from tau_shaped.reward.ground_truth import GroundTruthCache
from tau_shaped.reward.ground_truth_store import GroundTruthStore
from tau_shaped.reward.scoring import score_trajectory
from tau_shaped.tasks.domains import load_domain
from tau_shaped.tasks.grader_suite import domain_tasks, load_corpus

ROOT = Path(__file__).resolve().parents[2]


def _env(store):
    domain = load_domain("food_delivery")
    tasks = domain_tasks(domain, domain.splits)
    env = domain.make_env(tasks=list(tasks.values()), task_index=0)
    env.ground_truth_cache = GroundTruthCache(store=store)
    return env, tasks


def _scores(env, tasks, entries):
    return [(score_trajectory(env, tasks[str(e["task_id"])], traj=e["traj"]) if "traj" in e else
             score_trajectory(env, tasks[str(e["task_id"])], e["actions"], user_replies=e.get("user_replies"))).to_dict()
            for e in entries]


def test_a_second_process_loading_ground_truths_scores_the_corpus_identically(tmp_path, monkeypatch):
    """Grader corpus entries (valid alternatives, breaches, refusals) scored three ways: no
    store; a first env filling the store; a fresh env (a second process) reading it. The store
    keeps a ground truth a task: the first two entries of every task the corpus has (each task's
    ground truth stored and loaded, read by two trajectories) rather than all 1,572."""
    monkeypatch.delenv(ground_truth_store.ENV_VAR, raising=False)
    entries, per_task = [], {}
    for entry in load_corpus(ROOT / "tau_shaped_domains" / "food_delivery" / "grader"):
        per_task[str(entry["task_id"])] = per_task.get(str(entry["task_id"]), 0) + 1
        if per_task[str(entry["task_id"])] <= 2:
            entries.append(entry)
    assert len(per_task) > 50 and len(entries) < sum(per_task.values())
    plain_env, tasks = _env(None)
    expected = _scores(plain_env, tasks, entries)
    writer = GroundTruthStore(tmp_path)
    first_env, _ = _env(writer)
    assert _scores(first_env, tasks, entries) == expected
    reader = GroundTruthStore(tmp_path)
    second_env, _ = _env(reader)
    assert _scores(second_env, tasks, entries) == expected
    assert writer.saved > 50 and reader.loaded == writer.saved  # the second env replayed nothing it could load
    for task in list(tasks.values())[:40]:  # and what the store gives back is Sg, record for record
        truth, replayed = second_env.ground_truth(task), plain_env.ground_truth(task)
        assert same_hashable_text(truth.overlay.data, replayed.overlay.data)
        assert truth.data_hash == replayed.data_hash and truth.failed_steps == replayed.failed_steps


def test_the_key_follows_the_task_the_seed_the_world_and_the_code(tmp_path, monkeypatch):
    store = GroundTruthStore(tmp_path)
    domain = load_domain("food_delivery")
    env = domain.make_env(tasks=domain.tasks("test"), task_index=0)
    s0, s1 = env.initial_state(0), env.initial_state(1)
    key = store.key("task-a", 0, s0, env.tools_map, ["transfer_to_human_agents"])
    assert key == store.key("task-a", 0, s0, env.tools_map, ["transfer_to_human_agents"])
    assert key != store.key("task-b", 0, s0, env.tools_map, ["transfer_to_human_agents"])
    assert key != store.key("task-a", 1, s0, env.tools_map, ["transfer_to_human_agents"])
    assert key != store.key("task-a", 0, s1, env.tools_map, ["transfer_to_human_agents"])
    assert key != store.key("task-a", 0, s0, env.tools_map, [])
    monkeypatch.setattr(ground_truth_store, "_code_prints", {})
    monkeypatch.setattr(ground_truth_store, "_source_digest", lambda roots: "edited")
    assert key != store.key("task-a", 0, s0, env.tools_map, ["transfer_to_human_agents"])


def test_a_file_that_cannot_be_read_is_a_miss_and_is_replaced(tmp_path):
    store = GroundTruthStore(tmp_path)
    env, tasks = _env(store)
    task = tasks["fd-cancel-3"]
    truth = env.ground_truth(task)
    assert store.saved == 1
    (path,) = tmp_path.rglob("*.json")
    for bad in ("{", "[]", '{"records": [["orders", "x"]]}', "null", ""):
        path.write_text(bad)
        again, _ = _env(GroundTruthStore(tmp_path))
        fresh = again.ground_truth(task)
        assert same_hashable_text(fresh.overlay.data, truth.overlay.data)
        assert json.loads(path.read_text())["records"]  # rewritten by the replay


scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.floats(allow_nan=False), st.text(max_size=3))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3), st.tuples(inner),
                                                       st.dictionaries(st.text(max_size=2), inner, max_size=3)),
                      max_leaves=6)
states = st.dictionaries(st.sampled_from(["a", "b", "meta"]),
                         st.one_of(st.dictionaries(st.text(min_size=1, max_size=2), values, max_size=4), scalars),
                         min_size=1, max_size=3)
edits = st.lists(st.tuples(st.sampled_from(["set", "del", "read", "top", "deltop", "readd"]), st.integers(0, 5), values),
                 max_size=6)


@settings(max_examples=300, deadline=None)
@given(states, edits)
def test_what_is_kept_comes_back_exactly_or_is_not_kept(tmp_path_factory, state, plan):
    """Any writes, additions, deletions, reads, a record deleted and put back, top-level
    values: the loaded overlay has Sg's legacy text and key order, or save declines."""
    overlay = Overlay(state)
    data = overlay.data
    tables = [k for k, v in state.items() if isinstance(v, dict)]
    for what, pick, value in plan:
        if what in ("top", "deltop"):
            name = ["meta", "new", "a"][pick % 3]
            if what == "top":
                data[name] = value
            elif name in data:
                del data[name]
            continue
        if not tables or not isinstance(data.get(tables[pick % len(tables)]), dict):
            continue
        table = data[tables[pick % len(tables)]]
        keys = sorted(table)
        key = keys[pick % len(keys)] if keys else "k"
        if what == "set":
            table[f"{key}{pick}"] = value
        elif what == "del" and keys:
            del table[key]
        elif what == "read" and keys:
            _ = table[key]
        elif what == "readd" and keys:
            table[key] = table.pop(key)
    store = GroundTruthStore(tmp_path_factory.mktemp("store"))
    if not store.save("k" * 64, overlay, [(1, "tool", "Error"), (2, "other", "Error: KeyError")],
                      code_errors={2: "KeyError('rx_id')"}):
        return
    loaded = store.load("k" * 64, state)
    assert loaded is not None
    back, failed, kept_hash, raised = loaded
    assert raised == {2: "KeyError('rx_id')"}
    assert kept_hash is None  # none given
    assert hashable_text(back.data) == hashable_text(data)
    assert list(back.data) == list(data)
    for name, table in data.items():
        if isinstance(table, dict):
            assert list(back.data[name]) == list(table)
    assert failed == [(1, "tool", "Error"), (2, "other", "Error: KeyError")]


def test_a_tuple_that_json_would_turn_into_a_list_is_not_kept(tmp_path):
    overlay = Overlay({"t": {"a": 1}})
    overlay.data["t"]["a"] = (1, 2)
    assert not GroundTruthStore(tmp_path).save("k" * 64, overlay, [])
    assert not list(tmp_path.rglob("*.json"))


def test_sg_legacy_hash_is_kept_so_a_warm_process_never_hashes_sg(tmp_path, monkeypatch):
    """Issue 33: the ground truth's legacy hash is stored with it; a second cache loading the
    file has the same hash without computing it; a stored hash that is not a SHA-256 hex
    digest makes the file a miss (replayed), never a wrong hash."""
    from tau_shaped.reward import ground_truth
    from tau_shaped.tasks.domains import load_domain

    domain = load_domain("food_delivery")
    env = domain.make_env(task_split="test", task_index=0)
    task = env.tasks[0]
    base = env.initial_state(task.seed)
    first = ground_truth.GroundTruthCache(store=GroundTruthStore(tmp_path))
    truth = first.get(task, task.seed, base, env.tools_map, list(env.terminate_tools))
    expected = truth.data_hash
    files = list(tmp_path.rglob("*.json"))
    assert len(files) == 1 and json.loads(files[0].read_text())["data_hash"] == expected

    def no_hashing(*args, **kwargs):
        raise AssertionError("Sg hashed although its hash was stored")

    monkeypatch.setattr(ground_truth, "overlay_hash", no_hashing)
    second = ground_truth.GroundTruthCache(store=GroundTruthStore(tmp_path))
    assert second.get(task, task.seed, base, env.tools_map, list(env.terminate_tools)).data_hash == expected
    monkeypatch.undo()

    stored = json.loads(files[0].read_text())
    files[0].write_text(json.dumps({**stored, "data_hash": "not a hash"}))
    store = GroundTruthStore(tmp_path)
    third = ground_truth.GroundTruthCache(store=store)
    assert third.get(task, task.seed, base, env.tools_map, list(env.terminate_tools)).data_hash == expected
    assert store.loaded == 0 and store.saved == 1  # a miss, replayed and written again
