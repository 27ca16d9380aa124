"""SPEC §6.2: `tasks check` refuses tasks that cannot tell right from wrong."""

import pytest

from tau_shaped.tasks.check import check_task
from tau_shaped.tasks.files import parse_tasks
from tests.mini_domain import make_env


def _task(**fields):
    base = {"id": "t", "user_id": "C1", "instruction": "x", "actions": [{"name": "get_order", "kwargs": {"order_id": "O1"}}]}
    return parse_tasks([{**base, **fields}])[0]


def test_mini_domain_tasks_pass():
    env = make_env()
    for task in env.tasks:
        if task.id == "plain":
            continue  # a read-only question whose output the ground truth never says
        assert check_task(env, task).problems == [], task.id


REFUND = {"name": "issue_refund", "kwargs": {"order_id": "O1", "amount": 5.0, "method": "wallet_credit"}}


@pytest.mark.parametrize(
    "fields, needle",
    [
        ({"actions": [{"name": "issue_refund", "kwargs": {"order_id": "O9", "amount": 1, "method": "x"}}]}, "ground-truth step 0 (issue_refund) failed"),
        ({}, "does nothing scores outcome 1"),
        ({"actions": [REFUND], "outputs": ["refunded"]}, "legacy 0"),
        ({"actions": [REFUND], "reward_overrides": {"process_checkpoints": [{"id": "c", "weight": 0.5, "when": {"tool": "escalate_fraud"}}]}}, "checkpoint c"),
        ({"actions": [REFUND], "reward_overrides": {"process_checkpoints": [{"id": "c", "weight": 0.5, "when": {"tool": "isue_refund"}}]}}, "unknown tool 'isue_refund'"),
        ({"actions": [REFUND], "reward_overrides": {"safety_gates": [{"id": "g", "when": {"tool": "issue_refund"}}]}}, "fires gate g"),
        ({"actions": [REFUND], "reward_overrides": {"monetary_identity": {"id": "m", "disputed_amount": 7, "components": ["orders.O1.ledger[*].amount"], "owns": ["orders.O1.ledger"]}}}, "invariant m does not balance"),
        ({"actions": [REFUND], "reward_overrides": {"monetary_identity": {"id": "m", "disputed_amount": 5, "components": ["orders.O1.ledgr[*].amount"], "owns": []}}}, "'orders.O1.ledgr[*].amount' resolves neither"),
        ({"actions": [REFUND], "reward_overrides": {"process_checkpoints": [{"id": "c", "weight": 0.5, "when": {"state": "orders.O1.stats", "eq": 1}}]}}, "'orders.O1.stats'"),
        ({"actions": [{"name": "dispatch_courier", "kwargs": {"order_id": "O1"}}], "reward_overrides": {"equivalence_class": {"id": "k", "field_path": "orders.O1.driver_id", "candidate_set_path": "orders.O1.total"}}}, "0 candidate(s)"),
    ],
)
def test_bad_tasks_named(fields, needle):
    env = make_env()
    problems = check_task(env, _task(**fields)).problems
    assert any(needle in p for p in problems), problems


def test_check_files_same_verdicts_on_one_or_two_workers(tmp_path):
    """`tasks check` on every core: chunks of one seed each, results in file order, the same
    whatever the number of workers; a file that cannot be read is reported, not raised."""
    import json as _json

    from tau_shaped.tasks.check_runner import _chunks, check_files
    from tau_shaped.tasks.domains import load_domain

    train = load_domain("food_delivery").task_files["train"]
    raw = _json.loads(train.read_text(encoding="utf-8"))
    picked = [t for t in raw if not t.get("seed")][:3] + [t for t in raw if t.get("seed") == 1][:3] + [t for t in raw if t.get("seed") == 2][:2]
    picked[1]["outputs"] = ["a number the ground truth never says"]  # one task that must fail
    folder = tmp_path / "food_delivery"
    folder.mkdir()
    (folder / "some.json").write_text(_json.dumps(picked), encoding="utf-8")
    (folder / "broken.json").write_text("[{", encoding="utf-8")
    paths = [folder / "some.json", folder / "broken.json"]
    one = list(check_files(paths, workers=1))
    two = list(check_files(paths, workers=2))
    assert [(f.path, f.error is None) for f in one] == [(paths[0], True), (paths[1], False)]
    verdicts = lambda fs: [(c.task_id, c.problems) for f in fs for c in f.checks]  # noqa: E731
    assert verdicts(one) == verdicts(two)
    assert [c.task_id for c in one[0].checks] == [t["id"] for t in picked]
    assert [bool(c.problems) for c in one[0].checks] == [False, True] + [False] * 6
    assert "broken.json" in str(paths[1]) and one[1].error
    tasks = [type("T", (), {"seed": s})() for s in (0, 0, 1, 1, 1, 0)]
    assert _chunks(tasks, 2) == [[0, 1], [2, 3], [4], [5]]


def test_a_failed_look_up_is_noted_a_failed_write_refused():
    """SPEC §6.2 refuses a ground truth whose tool call errors: a gold write that silently does
    nothing. A domain that declares its read tools (tau2's READ tools) gets a failed look-up
    (tau2's ground truths try a wrong email, then the name and zip) noted, not refused; a
    failed write is refused whatever the declaration."""
    look_up = {"name": "get_order", "kwargs": {"order_id": "O9"}}
    bad_write = {"name": "issue_refund", "kwargs": {"order_id": "O9", "amount": 1, "method": "x"}}
    env = make_env()
    task = _task(actions=[look_up, REFUND])
    assert any("step 0 (get_order) failed" in p for p in check_task(env, task).problems)
    env.read_tools = ["get_order"]
    check = check_task(env, task)
    assert not any("failed" in p for p in check.problems), check.problems
    assert any("step 0 (get_order, a read) failed: Error: order not found" in n for n in check.notes)
    refused = check_task(env, _task(actions=[bad_write, REFUND])).problems
    assert any("step 0 (issue_refund) failed" in p for p in refused)


# -- issue 27: `tasks check` gives one line, never a traceback -------------------------------

import json  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402

from hypothesis import HealthCheck, example, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tests.conftest import ROOT  # noqa: E402

BASE = {"id": "t-1", "user_id": "C1", "instruction": "x", "actions": [{"name": "get_order", "kwargs": {"order_id": "O1"}}]}


@pytest.mark.parametrize("fields, needle", [
    ({"seed": -10**400}, "$[0].seed: Input should be greater than or equal to 0"),
    ({"seed": -2**63 - 1}, "$[0].seed: Input should be greater than or equal to 0"),
    ({"reward_overrides": {"monetary_identity": {"id": "m", "disputed_amount": 5, "components": ["orders.O1.ledger[*].amount"],
                                                 "owns": ["orders.{value}.ledger"]}}},
     "monetary_identity[0].owns[0]: path 'orders.{value}.ledger' has an unfilled {value} placeholder"),
])
def test_tasks_check_gives_one_line_for_a_bad_seed_or_placeholder(tmp_path, fields, needle):
    path = tmp_path / "tasks.json"
    path.write_text(json.dumps([{**BASE, **fields}]), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "tau_shaped.cli", "tasks", "check", str(path), "--env",
                           "tests.mini_domain:DOMAIN", "--workers", "1"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and "Traceback" not in done.stderr + done.stdout
    errors = done.stderr.strip().splitlines()
    assert len(errors) == 1 and errors[0].startswith(f"{path}: task 't-1' at $[0]") and needle in errors[0], errors


PATHS = ["orders.O1.ledger", "orders.O1.ledger[*].amount", "orders.{value}.ledger", "orders", "orders.*", "orders.O1",
         "customers.C1.wallet_balance", "orders[?status=delivered].total", "orders.O1.items[0].price", "nope.x", "", "a..b",
         "orders.O1.items[-1].price", "orders.O1.items[99999999999999999999].price", "orders.O1.total"]
TOOLS = ["get_order", "dispatch_courier", "issue_refund", "substitute_item", "escalate_fraud", "respond", "no_such_tool"]
_scalar = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=False, allow_infinity=False),
                    st.text(max_size=8), st.sampled_from(["O1", "O2", "C1", "wallet_credit", "card", "D1"]))
_kwargs = st.dictionaries(st.sampled_from(["order_id", "amount", "method", "content", "item_id", "reason", "x"]),
                          _scalar | st.lists(_scalar, max_size=3), max_size=4)
_action = st.fixed_dictionaries({"name": st.sampled_from(TOOLS), "kwargs": _kwargs})
_path = st.sampled_from(PATHS)
_when = st.one_of(
    st.fixed_dictionaries({"tool": st.sampled_from(TOOLS)}),
    st.fixed_dictionaries({"state": _path, "eq": _scalar}),
    st.fixed_dictionaries({"sum": st.lists(_path, min_size=1, max_size=3), "gt": st.floats(-10, 10)}),
    st.fixed_dictionaries({"said": st.fixed_dictionaries({"contains": st.text(max_size=6)})}),
)
_overrides = st.fixed_dictionaries({}, optional={
    "monetary_identity": st.lists(st.fixed_dictionaries({
        "id": st.sampled_from(["m", "n"]), "disputed_amount": st.floats(-1e6, 1e6),
        "components": st.lists(_path, min_size=1, max_size=3), "owns": st.lists(_path, max_size=3)}), max_size=2),
    "process_checkpoints": st.lists(st.fixed_dictionaries({"id": st.sampled_from(["c", "d"]), "weight": st.floats(0, 0.5),
                                                           "when": _when}), max_size=2),
    "safety_gates": st.lists(st.fixed_dictionaries({"id": st.sampled_from(["g", "h"]), "when": _when}), max_size=2),
    "equivalence_class": st.lists(st.fixed_dictionaries({
        "id": st.just("k"), "field_path": _path, "candidate_set_path": _path,
        "linked_paths": st.lists(st.sampled_from(["drivers.{value}.active_orders", "orders.{value}", "x.{value}.y"]), max_size=2)}),
        max_size=1),
})
_fuzzed_task = st.fixed_dictionaries({
    "id": st.sampled_from(["t-1", "t 2", "t\u00e9"]), "user_id": st.sampled_from(["C1", "C2", "C9", ""]),
    "instruction": st.text(max_size=20), "actions": st.lists(_action, max_size=4),
}, optional={"seed": st.integers(-2**70, 2**70) | st.integers(0, 3), "outputs": st.lists(st.text(max_size=6), max_size=2),
             "output_checks": st.lists(st.fixed_dictionaries({"said": st.fixed_dictionaries({"contains": st.text(max_size=6)})}),
                                       max_size=2),
             "reward_overrides": _overrides})


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(_fuzzed_task)
# found by the fuzz: an output of a line break, quoted in the outcome problem, split it in two
@example({"id": "t-1", "user_id": "C1", "instruction": "", "actions": [], "outputs": ["\n"]})
def test_every_task_the_schema_accepts_is_checked_without_an_exception(raw):
    """Fuzzed over the schema: a task file is refused with one line per problem, or checked;
    checking a task the schema accepts never raises (the CLI would show a traceback)."""
    from tau_shaped.tasks.files import TaskFileError, parse_tasks

    try:
        tasks = parse_tasks(json.loads(json.dumps([raw])))
    except TaskFileError as exc:
        assert exc.errors and all("\n" not in line for line in exc.errors)
        return
    check = check_task(_ENV, tasks[0])
    assert all(isinstance(p, str) and "\n" not in p for p in check.problems + check.notes)


_ENV = make_env()
