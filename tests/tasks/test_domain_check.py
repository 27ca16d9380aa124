"""``tau-shaped domain check`` (issue 30): a domain's contract, one line per problem. The bundled
domains and the template pass; a tool that does more than it declares, an undocumented or
untyped tool, a rule confirming other tools than those that declare ``confirm``, a task file
that does not load and a tool the ground truth calls that does not exist are each caught."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict

import pytest

from tau_shaped.env.tool_effects import ToolEffects, effects, effects_of
from tau_shaped.tasks.domain_check import check_domain
from tau_shaped.tasks.domains import Domain, load_domain
from tau_shaped.tasks.grader_suite import default_corpus, load_corpus

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = load_domain("tau_shaped_domains.template:DOMAIN")
TOOLS = {t.get_info()["function"]["name"]: t for t in TEMPLATE.tools}


def variant(tools=None, rules_file=None, task_files=None, **extra: Any) -> Domain:
    """The template with some of its parts replaced."""
    return Domain(name="variant", load_data=TEMPLATE.load_data, tools=tools or list(TEMPLATE.tools), wiki=TEMPLATE.wiki,
                  task_files=task_files or dict(TEMPLATE.task_files), terminate_tools=list(TEMPLATE.terminate_tools),
                  policy_rules_file=rules_file or TEMPLATE.policy_rules_file, **extra)


def redeclared(name: str, **declared: Any) -> type:
    """A subclass of the template's tool ``name`` declaring other effects (the template's own class untouched)."""
    return effects(**declared)(type(f"Redeclared_{name}", (TOOLS[name],), {}))


def replaced(name: str, new: type) -> list:
    return [new if t is TOOLS[name] else t for t in TEMPLATE.tools]


def test_the_template_passes():
    report = check_domain(TEMPLATE)
    assert report.problems == [] and report.notes == []
    assert (report.tools, report.tasks, report.rules, report.personas, report.corpus) == (5, {"test": 3}, 3, 3, 6)
    assert report.watched_calls == 8  # every non-terminating ground-truth call of the three tasks


def test_a_tool_that_changes_what_it_does_not_declare_is_caught():
    liar = redeclared("issue_refund", reads=["orders", "customers"], writes=["orders"],
                      events=["money_moved", "money_moved_on_fraud_account"])
    problems = check_domain(variant(tools=replaced("issue_refund", liar))).problems
    assert problems == []  # the ground truth refunds to the card: customers is not changed
    wallet = variant(tools=replaced("issue_refund", liar))
    task = json.loads(Path(TEMPLATE.task_files["test"]).read_text())[0]
    task["actions"][3]["kwargs"]["method"] = "wallet_credit"
    task["actions"][2]["kwargs"]["content"] = "I can refund $15.00 as wallet credit for order O1. Is that OK?"
    wallet.task_files = {"test": _written(task)}
    problems = [p for p in check_domain(wallet).problems if not p.startswith("grader corpus")]  # one task left
    assert problems == ["tool issue_refund changes customers, which it does not declare (writes: orders): add "
                        "\"customers\" to its @effects writes (task refund-missing-item, step 3)"]


def test_a_look_up_that_writes_or_reads_elsewhere_or_records_an_event_is_caught():
    reader = redeclared("find_customer_by_email", reads=["orders"])
    problems = check_domain(variant(tools=replaced("find_customer_by_email", reader))).problems
    assert any(p.startswith("tool find_customer_by_email reads customers, which it does not declare") for p in problems)
    assert any(p.startswith("tool find_customer_by_email records event(s) customer_found, which it does not declare")
               for p in problems)
    look_up = redeclared("dispatch_courier", reads=["orders", "drivers"])  # writes nothing, says it
    problems = check_domain(variant(tools=replaced("dispatch_courier", look_up))).problems
    assert any(p.startswith('tool dispatch_courier changes drivers, orders but declares no writes: add writes=["drivers", '
                            '"orders"] to its @effects') for p in problems)
    # the template's rule names no tools: the yes it asks follows the declarations, no mismatch
    assert not any("policy rule tpl.confirm.before_write: confirms" in p for p in problems)


def test_a_rule_that_names_its_confirm_tools_must_name_the_declared_ones(tmp_path):
    """A rule file may still list the tools to confirm (a foreign toolkit declares no effects);
    where the tools declare ``confirm``, the list must be those tools."""
    raw = json.loads(Path(TEMPLATE.policy_rules_file).read_text())
    rule = next(r for r in raw["rules"] if r["id"] == "tpl.confirm.before_write")
    rule["when"]["unconfirmed"]["tools"] = ["issue_refund", "dispatch_courier"]
    named = tmp_path / "policy_rules.json"
    named.write_text(json.dumps(raw))
    assert not [p for p in check_domain(variant(rules_file=named)).problems if "confirms" in p]
    look_up = redeclared("dispatch_courier", reads=["orders", "drivers"])  # writes nothing, says it
    problems = check_domain(variant(tools=replaced("dispatch_courier", look_up), rules_file=named)).problems
    assert any("policy rule tpl.confirm.before_write: confirms dispatch_courier, issue_refund, but the tools that "
               "declare confirm are issue_refund (missing: none; extra: dispatch_courier)" in p for p in problems)


def test_an_undocumented_or_untyped_tool_is_caught():
    class Bare:
        @staticmethod
        def invoke(data: Dict[str, Any], note: str) -> str:
            return ""

        @staticmethod
        def get_info() -> Dict[str, Any]:
            return {"type": "function", "function": {"name": "bare", "description": "",
                                                     "parameters": {"type": "object", "properties": {"note": {}},
                                                                    "required": ["note", "other"]}}}

    problems = check_domain(variant(tools=list(TEMPLATE.tools) + [Bare])).problems
    assert problems[:4] == [
        "tool bare: no description (the agent reads it to choose the tool)",
        "tool bare: parameter 'note' has no type",
        "tool bare: required parameter 'other' is not among its properties",
        "tools bare: declare no effects (@effects) where the others do",
    ]


def test_a_task_file_that_does_not_load_and_an_unknown_tool_are_caught(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("[{\"id\": 3}]")
    problems = check_domain(variant(task_files={"test": TEMPLATE.task_files["test"], "bad": broken})).problems
    assert len(problems) == 1 and problems[0].startswith("split bad: its tasks do not load: ")
    task = json.loads(Path(TEMPLATE.task_files["test"]).read_text())[0]
    task["actions"].insert(2, {"name": "teleport", "kwargs": {}})
    problems = check_domain(variant(task_files={"test": _written(task)})).problems
    assert "grader corpus corpus.json: task 'courier-offline' is no task of the domain" in problems
    assert "task refund-missing-item: ground-truth step 2 calls unknown tool 'teleport'" in problems


def test_a_rule_naming_an_unknown_tool_is_caught(tmp_path):
    rules = json.loads(Path(TEMPLATE.policy_rules_file).read_text())
    rules["rules"].append({"id": "x.no_teleport", "kind": "gate", "when": {"tool": "teleport"}})
    path = tmp_path / "rules.json"
    path.write_text(json.dumps(rules))
    problems = check_domain(variant(rules_file=path)).problems
    assert problems == ["policy rule x.no_teleport: unknown tool 'teleport'"]


def test_effects_are_declared_once_and_checked():
    assert effects_of(TOOLS["get_order"]) == ToolEffects(frozenset({"orders"}), frozenset(), frozenset(), False)
    assert effects_of(TOOLS["issue_refund"]).confirm and not effects_of(TOOLS["issue_refund"]).read_only
    with pytest.raises(TypeError, match="above @tool"):
        effects(reads=["orders"])(lambda data: "")
    with pytest.raises(TypeError, match="a list of names"):
        effects(reads="orders")


def test_food_delivery_derives_what_it_used_to_list_by_name():
    domain = load_domain("food_delivery")
    assert set(domain.event_types) == {"allergen_conflict", "money_moved", "money_moved_on_fraud_account", "customer_found"}
    assert "get_order_details" in domain.read_tools and "issue_refund" not in domain.read_tools
    rule = next(r for r in domain.policy_rules.rules if r.id == "fd.confirm.before_write")
    assert sorted(domain.confirmation_targets) == sorted(rule.when["unconfirmed"]["tools"])  # the rule file's list
    assert "quote_delivery_fee" in domain.write_tools and "quote_delivery_fee" not in domain.confirmation_targets


def test_the_cli_prints_one_line_per_problem_and_exits_non_zero(tmp_path):
    ok = subprocess.run([sys.executable, "-m", "tau_shaped.cli", "domain", "check", "food_delivery", "--split", "test"],
                        capture_output=True, text=True, timeout=600)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    corpus = len(load_corpus(default_corpus(load_domain("food_delivery"))))  # the corpus grows with its buckets
    assert ok.stdout.strip() == ("domain food_delivery: 22 tools, tasks (test 76), 32 policy rules, 76 personas played, "
                                 f"89 calls watched, grader corpus {corpus} entries: ok")
    missing = subprocess.run([sys.executable, "-m", "tau_shaped.cli", "domain", "check", "no_such_domain"],
                             capture_output=True, text=True, timeout=120)
    assert missing.returncode == 2 and "unknown domain 'no_such_domain'" in missing.stderr


def _written(task: Dict[str, Any]) -> Path:
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="domain-check-"))
    path = folder / "test.json"
    path.write_text(json.dumps([task]))
    return path
