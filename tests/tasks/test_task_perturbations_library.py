"""Issue 45: `tasks check`'s perturbations come from a domain's declarations, not from food
delivery's names. The library-loans domain (tests/tasks/library_domain: members, loans, books,
fees; no orders, no refunds) gets every kind of perturbation, at least 10 a task, all losing;
a task whose spec leaves part of the outcome unjudged is refused, naming the perturbation that
kept outcome 1; a task with no perturbation at all is refused, naming the task."""

from __future__ import annotations

import functools
import json
from pathlib import Path

from typer.testing import CliRunner

from tau_shaped.cli import app
from tau_shaped.tasks.check import check_task
from tau_shaped.tasks.files import load_tasks, parse_tasks
from tau_shaped.tasks.sensitivity import perturbations
from tests.tasks.library_domain import DOMAIN, LOOKUPS

HERE = Path(__file__).resolve().parent
PACKAGE = "tests.tasks.library_domain"


@functools.lru_cache(maxsize=None)
def _env():
    return DOMAIN.make_env(tasks=DOMAIN.tasks("test"), task_index=0)


@functools.lru_cache(maxsize=None)
def _checks():
    return {task.id: check_task(_env(), task) for task in DOMAIN.tasks("test")}


def test_every_task_gets_ten_perturbations_or_more_and_passes():
    checks = _checks()
    assert set(checks) == {"lib-renew", "lib-hold", "lib-waive", "lib-renew-held"}
    for task_id, check in checks.items():
        assert check.problems == [], (task_id, check.problems)
        assert sum(check.perturbations.values()) >= 10, (task_id, check.perturbation_summary)
    # a write task is judged on every kind; the refusal, on the writes it must not make
    assert all(checks["lib-waive"].perturbations[k] for k in
               ("wrong-argument", "wrong-entity", "skipped-step", "extra-write", "unconfirmed-write"))
    assert checks["lib-renew-held"].perturbations["extra-write"] >= 10


def test_perturbations_read_the_declarations():
    """The enum of the schema (weeks 1 or 2, pickup main or branch), the ids of S0's tables (a
    loan of the same member, another member's), the domain's other write tools."""
    tasks = {t.id: t for t in DOMAIN.tasks("test")}
    renew = [p.name for p in perturbations(_env(), tasks["lib-renew"])]
    assert "weeks of step 3 (renew_loan) 1 instead of 2" in renew
    assert "step 3 (renew_loan) aimed at L2, another of the customer's loans" in renew
    assert "step 3 (renew_loan) aimed at L3, another customer's loans" in renew
    assert any(n.startswith("a write the ground truth does not make added (waive_fee:") for n in renew)
    hold = [p.name for p in perturbations(_env(), tasks["lib-hold"])]
    assert "pickup of step 2 (place_hold) 'main' instead of 'branch'" in hold
    assert "step 2 (place_hold) aimed at M1, another customer's members" in hold
    # the refusal: the renewal the member asked for, on the loan they named, is an extra write
    held = [p.name for p in perturbations(_env(), tasks["lib-renew-held"])]
    assert "a write the ground truth does not make added (renew_loan: loan_id='L4', weeks=1)" in held


def test_a_spec_that_owns_the_whole_member_is_refused_naming_the_reason_change():
    """The weak task owns members.M3 whole under its waiver identity: a waiver given for another
    reason keeps outcome 1, and the check says so."""
    weak = load_tasks(HERE / "library_domain_weak_task.json")[0]
    check = check_task(_env(), weak)
    assert "perturbation keeps outcome 1 with safety passed: reason of step 3 (waive_fee) 'first_time' instead of "\
           "'library_error'" in check.problems, check.problems


def test_a_task_with_no_perturbation_is_refused(tmp_path):
    """A domain with no write tool (the library's look-ups alone) and a task whose ground truth
    writes nothing: no perturbation can be built, and `tasks check` fails the task in one line
    naming it, with the count (0) on its line."""
    raw = [{"id": "lib-who", "user_id": "M1", "instruction": "You are Ines Park (ines@example.org); ask for your fee balance.",
            "actions": [{"name": "find_member", "kwargs": {"email": "ines@example.org"}},
                        {"name": "get_member", "kwargs": {"member_id": "M1"}},
                        {"name": "respond", "kwargs": {"content": "Your fee balance is $0.00."}}],
            "outputs": ["0.00"]}]
    task = parse_tasks(raw)[0]
    check = check_task(LOOKUPS.make_env(tasks=[task], task_index=0), task)
    assert sum(check.perturbations.values()) == 0
    assert any(p.startswith("no perturbation of its ground truth could be built") for p in check.problems), check.problems
    path = tmp_path / "tasks.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    done = CliRunner().invoke(app, ["tasks", "check", str(path), "--env", f"{PACKAGE}:LOOKUPS", "--workers", "1"])
    assert done.exit_code == 1, done.output
    assert f"{path}: task 'lib-who': 0 perturbation(s)" in done.stdout
    assert any(line.startswith(f"{path}: task 'lib-who': no perturbation") for line in done.stderr.splitlines()), done.stderr


def test_record_tables_keyed_by_a_field_and_their_owner():
    """A table may be a list of records keyed by an id field (tau2 telecom's ``lines``): its ids
    are ids all the same, and a customer owns what their record lists or what names them."""
    from tau_shaped.tasks.world_entities import owned_keys, table_named_for, world_index

    world = {
        "customers": [{"customer_id": "C1", "line_ids": ["L1", "L2"]}, {"customer_id": "C2", "line_ids": ["L3"]}],
        "lines": [{"line_id": "L1", "plan_id": "P1"}, {"line_id": "L2", "plan_id": "P1"}, {"line_id": "L3", "plan_id": "P2"}],
        "bills": [{"bill_id": "B1", "customer_id": "C2"}, {"bill_id": "B2", "customer_id": "C1"}],
        "plans": [{"plan_id": "P1"}, {"plan_id": "P2"}],
        "settings": {"a": 1, "b": 2},  # no records: no table
    }
    index = world_index(world)
    assert index.tables == {"customers": ("C1", "C2"), "lines": ("L1", "L2", "L3"), "bills": ("B1", "B2"), "plans": ("P1", "P2")}
    assert index.table_of("L3") == "lines" and index.table_of("a") is None
    assert owned_keys(world, "lines", "C1") == {"L1", "L2"}
    assert owned_keys(world, "bills", "C1") == {"B2"} and owned_keys(world, "customers", "C1") == {"C1"}
    assert owned_keys(world, "plans", "C1") == frozenset()
    assert table_named_for("line_id", index) == "lines" and table_named_for("email", index) is None
