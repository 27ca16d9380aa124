"""tau2 scoring's caches (issue 32, speed): one validated database per process with copy-on-access
views for tau2's environments, records compared by what a replay touched, the scoring env's
caches kept per domain across files, and no import of tau2's registry (litellm) on the way.

Each cache must change nothing but the time: a view hashes as tau2's own environment does and
never changes the database it shares; comparing touched records agrees with comparing whole
hashes; and a file scores to the same bytes in a new process, after another file of the same
task ids in one process, and with every cache off (tau2's own environments, a new env per file).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("tau2")
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # tau2 imports litellm: no network fetch

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from loguru import logger  # noqa: E402  (a tau2 dependency)

logger.remove()
logger.add(sys.stderr, level="ERROR")

from tau2.data_model.message import ToolCall  # noqa: E402
from tau2.data_model.simulation import AgentInfo, Info, Results, UserInfo  # noqa: E402

from tau_shaped.integrations.tau2 import domain as tau2_domain  # noqa: E402
from tau_shaped.integrations.tau2 import score_env  # noqa: E402
from tau_shaped.integrations.tau2.domain import environment_constructor, tau2_tasks  # noqa: E402
from tau_shaped.integrations.tau2.rescore import rescore_tau2  # noqa: E402
from tau_shaped.integrations.tau2.shared_db import CopyOnAccessTable  # noqa: E402
from tau_shaped.integrations.tau2.simulations import _wrong, ground_truth_calls, simulations_for  # noqa: E402
from tests.integrations.tau2.tau2_v1_fixture import v1_results, write_json  # noqa: E402

DOMAINS = ("airline", "retail")
ROOT = Path(__file__).resolve().parents[3]


def _tau2_own(name):
    """tau2's own environment: its database loaded from its file and validated, as its registry builds it."""
    from tau2.domains.airline.environment import get_environment as airline
    from tau2.domains.retail.environment import get_environment as retail

    return {"airline": airline, "retail": retail}[name]()


def _writing_calls(name, limit=12):
    """Every write of the first ``limit`` tasks' ground truths, and each with an argument changed."""
    probe = environment_constructor(name)()
    calls = []
    for task in tau2_tasks(name)[:limit]:
        for call in ground_truth_calls(task):
            if probe.tools.has_tool(call.name) and probe.tools.tool_type(call.name).value not in ("read", "think"):
                calls += [call, _wrong(call)]
    return calls


def _run(env, calls):
    for i, call in enumerate(calls):
        env.get_response(ToolCall(id=f"c{i}", name=call.name, arguments=call.arguments, requestor="assistant"))
    return env


@pytest.mark.parametrize("name", DOMAINS)
def test_a_view_hashes_as_tau2s_own_environment_and_leaves_the_shared_database_unchanged(name):
    construct = environment_constructor(name)
    pristine = construct.shared.pristine.model_dump()
    calls = _writing_calls(name, limit=6)
    assert calls, "the tasks have writes to replay"
    ours, theirs = _run(construct(), calls), _run(_tau2_own(name), calls)
    loaded = _tau2_own(name).get_db_hash()  # tau2's own environment as loaded, untouched
    assert ours.get_db_hash() == theirs.get_db_hash() != loaded  # the writes changed it
    assert construct.shared.pristine.model_dump() == pristine
    assert construct().get_db_hash() == loaded


def test_a_table_hands_out_private_records_and_notes_what_it_touched():
    shared = environment_constructor("retail").shared
    view = shared.view()
    orders = view.orders
    assert isinstance(orders, CopyOnAccessTable)
    key = next(iter(dict.keys(orders)))
    record = orders[key]
    assert record is not shared.pristine.orders[key] and record == shared.pristine.orders[key]
    record.status = "cancelled" if record.status != "cancelled" else "delivered"
    assert shared.pristine.orders[key].status != record.status
    assert orders.touched == {key} and not orders.iterated
    assert shared.touched_records(view)[("orders", key)] != shared.initial("orders", key)
    list(orders.values())  # every record handed out: what changed can no longer be told by key
    assert orders.iterated and shared.touched_records(view) is None


_RETAIL_WRITES = None


def _retail_writes():
    global _RETAIL_WRITES
    if _RETAIL_WRITES is None:
        _RETAIL_WRITES = _writing_calls("retail")
    return _RETAIL_WRITES


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_comparing_touched_records_agrees_with_comparing_whole_hashes(data):
    writes = _retail_writes()
    pick = st.lists(st.integers(0, len(writes) - 1), max_size=4)
    first = [writes[i] for i in data.draw(pick)]
    second = data.draw(st.sampled_from([first, first[::-1], first[:-1], [writes[i] for i in data.draw(pick)]]))
    construct = environment_constructor("retail")
    shared = construct.shared
    a, b = _run(construct(), first), _run(construct(), second)
    touched_a, touched_b = shared.touched_records(a.tools.db), shared.touched_records(b.tools.db)
    assert touched_a is not None and touched_b is not None  # retail's writes look records up by key
    assert shared.same(touched_a, touched_b) == (a.get_db_hash() == b.get_db_hash())


def _package_file(path, name, ids):
    """A tau2 results file of the package's tasks ``ids``: each one's ground truth and perturbations."""
    construct = environment_constructor(name)
    tasks = {t.id: t for t in tau2_tasks(name)}
    sims = []
    for tid in ids:
        for kind, sim in simulations_for(construct, tasks[tid]).items():
            sim.id, sim.trial = f"{name}-{tid}-{kind}", 0
            sims.append(sim)
    info = Info(git_commit="0" * 40, num_trials=1, max_steps=100, max_errors=10,
                user_info=UserInfo(implementation="user_simulator", llm="none"),
                agent_info=AgentInfo(implementation="llm_agent", llm="none"),
                environment_info=construct().get_info(), seed=0)
    Results(timestamp="2026-01-01T00:00:00", info=info, tasks=[tasks[i] for i in ids], simulations=sims).save(path)
    return path


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    root = tmp_path_factory.mktemp("tau2_caches")
    return {"airline": _package_file(root / "airline.json", "airline", ["0", "2", "8"]),  # ids the v1 run reuses
            "retail": _package_file(root / "retail.json", "retail", ["0", "5"]),
            "v1": write_json(root / "v1.json", v1_results())}


def _env_of(key):
    return "tau2:retail" if key == "retail" else "tau2:airline"


def _fresh_process(source, target):
    code = ("import sys; from tau_shaped.integrations.tau2.rescore import rescore_tau2; "
            "rescore_tau2(sys.argv[1], sys.argv[2], output=sys.argv[3]); "
            "print(sorted(m for m in ('litellm', 'tau2.registry') if m in sys.modules))")
    env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True", "PYTHONPATH": str(ROOT)}
    env.pop("TAU2_DATA_DIR", None)
    done = subprocess.run([sys.executable, "-c", code, str(source), _env_of(source.stem), str(target)],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip().splitlines()[-1]


def test_every_file_scores_to_the_same_bytes_in_one_process_in_a_new_one_and_with_the_caches_off(
        files, tmp_path, monkeypatch):
    monkeypatch.delenv("TAU2_DATA_DIR", raising=False)
    alone = {}
    for key, source in files.items():
        imported = _fresh_process(source, tmp_path / f"{key}.alone.json")
        assert imported == "[]", f"scoring {key} imported {imported}: tau2's registry pulls in litellm (seconds)"
        alone[key] = (tmp_path / f"{key}.alone.json").read_bytes()
    score_env.forget()
    order = ["airline", "v1", "retail", "airline", "v1"]  # task ids 0 and 2 mean other tasks in v1
    for n, key in enumerate(order):
        target = tmp_path / f"{key}.{n}.json"
        rescore_tau2(files[key], _env_of(key), output=target)
        assert target.read_bytes() == alone[key], f"{key} scored after {order[:n]} in one process"

    # the caches off: tau2's own environments (each loads and validates its file) and a new env per file
    from tau2.registry import registry

    monkeypatch.setattr(tau2_domain, "environment_constructor", lambda name, data=None: registry.get_env_constructor(name))
    monkeypatch.setattr(score_env, "scoring_env",
                        lambda domain, tasks: domain.make_env(user_strategy="scripted", tasks=tasks, task_index=0))
    for key in ("airline", "v1"):
        target = tmp_path / f"{key}.uncached.json"
        rescore_tau2(files[key], _env_of(key), output=target)
        assert target.read_bytes() == alone[key], f"{key} with the caches off"
    records = json.loads(alone["airline"])
    assert {r["info"]["tau2"]["computed"]["db_path"] for r in records} >= {"signature", "incremental"}


def test_a_bulk_load_pauses_the_collector_and_restores_it_as_it_was():
    import gc

    from tau_shaped.integrations.tau2.shared_db import bulk_load

    assert gc.isenabled()
    with pytest.raises(ValueError):
        with bulk_load():
            assert not gc.isenabled()
            raise ValueError("a load that fails")
    assert gc.isenabled()
    gc.disable()
    try:
        with bulk_load(keep=True):
            pass
        assert not gc.isenabled()  # a caller that had paused it keeps it paused
    finally:
        gc.enable()
