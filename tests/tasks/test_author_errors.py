"""A domain author's mistakes are one line each, naming the file, task or rule and what to fix
(issue 45). Broken domains are written from the template (``tau-shaped domain new``'s
``write_domain``) into a temporary folder and loaded as ``package:DOMAIN``; the CLI runs in this
process.

- a tool whose code raises (``KeyError``) fails ``domain check`` in one line naming the tool,
  the exception, the task and the step; in an episode the agent still gets ``Error: ...`` (the
  same text as before), the step records a code error, and a ``ToolError`` stays a refusal;
- a rule file that does not validate is one line under ``domain check`` and ``tasks check``;
- a write tool without ``writes=`` is one line per tool saying what to add;
- a domain whose code does not import is one line naming its file;
- ``--env`` on ``rules validate``/``schema`` and ``tasks validate``/``schema`` loads the domain
  first: the check kind its package registers is listed and accepted.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Callable, Dict, List

import pytest
from typer.testing import CliRunner

from tau_shaped.cli import app
from tau_shaped.env.types import Action
from tau_shaped.tasks.domain_template import write_domain
from tau_shaped.tasks.domains import load_domain

runner = CliRunner()

KIND = '''
from typing import Any, Iterable

from tau_shaped.reward.checks import Check, CheckKind, Compiler, Finding, register
from tau_shaped.reward.matcher_schema import StrictModel


class ShoutedPredicate(StrictModel):
    shouted_before: str


@register
class ShoutedKind(CheckKind):
    """An agent message in capitals right before a call of the tool."""

    key = "shouted_before"
    model = ShoutedPredicate
    event_like = True

    def tools(self, pred: Any) -> Iterable[str]:
        return (pred.shouted_before,)

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        tool = pred.shouted_before

        def check(run: Any) -> Finding:
            steps = run.trajectory.steps
            hits = [s.index for s, after in zip(steps, steps[1:])
                    if s.agent_text and s.agent_text.isupper() and after.action.name == tool]
            return Finding(bool(hits), hits[0] if hits else None, frozenset(hits), "shouted")

        return check
'''


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, (path, old)
    path.write_text(text.replace(old, new))


def _crashing(pkg: Path) -> None:
    # get_order assumes a field no order has: a KeyError, not a refusal
    _edit(pkg / "tools.py", "        raise ToolError(f\"order {order_id} not found\")\n    return order\n",
          "        raise ToolError(f\"order {order_id} not found\")\n    return order[\"rx_id\"]\n")


def _broken_rules(pkg: Path) -> None:
    _edit(pkg / "policy_rules.json", '"when": {"event": "money_moved_on_fraud_account"}',
          '"when": {"evnt": "money_moved_on_fraud_account"}')


def _no_writes(pkg: Path) -> None:
    _edit(pkg / "tools.py", '@effects(reads=["orders", "customers"], writes=["orders", "customers"],',
          '@effects(reads=["orders", "customers"],')
    _edit(pkg / "tools.py", '@effects(reads=["orders", "drivers"], writes=["orders", "drivers"])',
          '@effects(reads=["orders", "drivers"])')


def _no_docstring(pkg: Path) -> None:
    _edit(pkg / "tools.py", '    """Get an order: its customer, status, items, courier and ledger of refunds.\n\n'
          '    Args:\n        order_id: The order\'s id, such as \'O1\'.\n    """\n', "")


def _registers_a_kind(pkg: Path) -> None:
    (pkg / "shouting.py").write_text(KIND)
    _edit(pkg / "__init__.py", "from .tools import TOOLS\n", "from .tools import TOOLS\nfrom . import shouting  # noqa: F401\n")
    rules = json.loads((pkg / "policy_rules.json").read_text())
    rules["rules"].append({"id": "x.no_shouting", "kind": "outcome", "when": {"shouted_before": "issue_refund"}})
    (pkg / "policy_rules.json").write_text(json.dumps(rules, indent=1))
    tasks = json.loads((pkg / "tasks" / "test.json").read_text())
    tasks[0]["reward_overrides"]["process_checkpoints"].append(
        {"id": "shouted", "weight": 0.0, "when": {"shouted_before": "get_order"}})
    (pkg / "tasks" / "test.json").write_text(json.dumps(tasks, indent=1))


BROKEN: Dict[str, Callable[[Path], None]] = {
    "rx_crash": _crashing, "rx_rules": _broken_rules, "rx_writes": _no_writes, "rx_nodoc": _no_docstring,
    "rx_kind": _registers_a_kind,
}


@pytest.fixture(scope="module")
def packages(tmp_path_factory):
    """Each broken domain written from the template, importable as ``<name>:DOMAIN``."""
    base = tmp_path_factory.mktemp("authors")
    for name, breaks in BROKEN.items():
        package = write_domain(name, base / name)
        breaks(package)
        sys.path.insert(0, str(base / name))
    yield base
    for name in BROKEN:
        sys.path.remove(str(base / name))
        for module in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            del sys.modules[module]


def _cli(*args: str):
    return runner.invoke(app, list(args))


def _problems(result, name: str) -> List[str]:
    """The problem lines of ``domain check``'s output (the summary and notes left out)."""
    return [line for line in result.stdout.splitlines() if line.startswith(f"{name}: ") and ": note: " not in line]


def test_a_tool_raising_key_error_fails_domain_check_in_one_line(packages):
    result = _cli("domain", "check", "rx_crash:DOMAIN")
    assert result.exit_code == 1, result.output
    assert _problems(result, "rx_crash") == [
        "rx_crash: tool get_order raised KeyError('rx_id') replaying task refund-missing-item step 1: a fault in "
        "the tool's code, not a refusal (a tool refuses with raise ToolError(...))"]
    assert "Traceback" not in result.output
    assert result.stdout.strip().splitlines()[-1].endswith(": 1 problem(s)")


def test_in_an_episode_a_code_error_is_an_observation_recorded_as_such_and_a_refusal_stays_one(packages):
    env = load_domain("rx_crash:DOMAIN").make_env(task_split="test")
    env.reset(task_index=0)
    crashed = env.step(Action(name="get_order", kwargs={"order_id": "O1"}))
    refused = env.step(Action(name="issue_refund", kwargs={"order_id": "O9", "amount": 1.0,
                                                           "method": "wallet_credit"}))
    invalid = env.step(Action(name="issue_refund", kwargs={"order_id": "O1", "amount": "lots", "method": "cash"}))
    assert crashed.observation == f"Error: {KeyError('rx_id')}"  # the text the agent saw before: rewards unchanged
    assert refused.observation == "Error: order O9 not found"
    assert invalid.observation.startswith("Error: invalid arguments: amount: ")
    steps = env._runner.trajectory.steps
    assert [s.code_error for s in steps] == ["KeyError('rx_id')", None, None]
    assert not any(s.succeeded for s in steps)
    assert env._runner.trajectory.to_dict()["steps"][0]["code_error"] == "KeyError('rx_id')"
    assert "code_error" not in env._runner.trajectory.to_dict()["steps"][1]


def test_a_broken_rule_file_is_one_line_under_domain_check_and_tasks_check(packages):
    rules = packages / "rx_rules" / "rx_rules" / "policy_rules.json"
    said = (f"{rules}: rule 'tpl.fraud.no_money_moved': when: a predicate needs exactly one of: tool, said, ")
    checked = _cli("domain", "check", "rx_rules:DOMAIN")
    assert checked.exit_code == 1, checked.output
    problems = _problems(checked, "rx_rules")
    assert len(problems) == 1 and problems[0].startswith(f"rx_rules: policy rules: {said}"), problems
    assert "Traceback" not in checked.output
    tasks = _cli("tasks", "check", "--env", "rx_rules:DOMAIN", "--workers", "1")
    assert tasks.exit_code == 1
    assert tasks.stdout == "" and len(tasks.stderr.strip().splitlines()) == 1
    assert tasks.stderr.startswith(f"tasks check: {said}")


def test_write_tools_without_writes_are_one_line_each_saying_what_to_add(packages):
    result = _cli("domain", "check", "rx_writes:DOMAIN")
    assert result.exit_code == 1
    assert _problems(result, "rx_writes") == [
        'rx_writes: tool issue_refund changes orders but declares no writes: add writes=["orders"] to its @effects '
        "(task refund-missing-item, step 3)",
        'rx_writes: tool dispatch_courier changes drivers, orders but declares no writes: add writes=["drivers", '
        '"orders"] to its @effects (task courier-offline, step 3)',
    ]
    assert "TypeError" not in result.output


def test_a_domain_whose_code_does_not_import_is_one_line_naming_its_file(packages):
    result = _cli("domain", "check", "rx_nodoc:DOMAIN")
    assert result.exit_code == 1 and result.stdout == ""
    line = result.stderr.strip()
    assert "\n" not in line
    tools = packages / "rx_nodoc" / "rx_nodoc" / "tools.py"
    assert re.fullmatch(rf"domain check: cannot load domain 'rx_nodoc:DOMAIN': {re.escape(str(tools))}:\d+: "
                        r"ToolDefinitionError: tool get_order: needs a docstring .*", line), line
    missing = _cli("domain", "check", "no_such_module_here:DOMAIN")
    assert missing.exit_code == 2 and "No module named 'no_such_module_here'" in missing.stderr


def test_env_loads_the_domain_whose_check_kind_validate_and_schema_then_know(packages):
    from tau_shaped.reward.checks import form_keys, unregister

    assert "shouted_before" not in form_keys()  # nothing has loaded the domain yet
    rules = str(packages / "rx_kind" / "rx_kind" / "policy_rules.json")
    tasks = str(packages / "rx_kind" / "rx_kind" / "tasks" / "test.json")
    try:
        plain = [_cli("rules", "validate", rules), _cli("tasks", "validate", tasks)]
        assert [r.exit_code for r in plain] == [1, 1]
        assert "x.no_shouting" in plain[0].stderr and "needs exactly one of" in plain[0].stderr
        plain_schemas = [_cli("rules", "schema").stdout, _cli("tasks", "schema").stdout]
        assert not any("shouted_before" in s for s in plain_schemas)

        loaded = [_cli("rules", "validate", rules, "--env", "rx_kind:DOMAIN"),
                  _cli("tasks", "validate", tasks, "--env", "rx_kind:DOMAIN")]
        assert [r.exit_code for r in loaded] == [0, 0], [r.output for r in loaded]
        assert loaded[0].stdout.startswith(f"{rules}: 4 rule(s) valid")
        rule_schema = json.loads(_cli("rules", "schema", "--env", "rx_kind:DOMAIN").stdout)
        when = rule_schema["$defs"]["PolicyRule"]["properties"]["when"]
        assert {"required": ["shouted_before"]} in when["oneOf"] and "shouted_before" in when["description"]
        task_schema = json.loads(_cli("tasks", "schema", "--env", "rx_kind:DOMAIN").stdout)
        assert "ShoutedPredicate" in task_schema["$defs"]
        assert task_schema["$defs"]["ShoutedPredicate"]["required"] == ["shouted_before"]
    finally:
        kind = sys.modules.get("rx_kind.shouting")
        if kind is not None:
            unregister(kind.ShoutedKind)
    wrong = _cli("rules", "schema", "--env", "no_such_domain")
    assert wrong.exit_code == 2 and wrong.stderr.startswith("rules schema: unknown domain 'no_such_domain'")


def test_a_refusal_in_a_ground_truth_is_no_code_error(tmp_path):
    """The template's ground truth asking for an order that does not exist: its tool refuses
    (``ToolError``), a failed look-up tasks check notes; domain check finds no fault in the code."""
    from tau_shaped.tasks.domain_check import check_domain

    template = load_domain("tau_shaped_domains.template:DOMAIN")
    tasks = json.loads(Path(template.task_files["test"]).read_text())[:1]
    tasks[0]["actions"][1]["kwargs"]["order_id"] = "O9"
    (tmp_path / "test.json").write_text(json.dumps(tasks))
    variant = type(template)(name="refusing", load_data=template.load_data, tools=list(template.tools),
                             wiki=template.wiki, task_files={"test": tmp_path / "test.json"},
                             terminate_tools=list(template.terminate_tools), policy_rules_file=template.policy_rules_file)
    truth = variant.make_env(task_split="test").ground_truth(variant.tasks("test")[0])
    assert truth.failed_steps == [(1, "get_order", "Error: order O9 not found")]
    assert [s.code_error for s in truth.trajectory.steps] == [None] * len(tasks[0]["actions"])
    problems = check_domain(variant).problems
    assert not [p for p in problems if "raised" in p or "fault" in p], problems
