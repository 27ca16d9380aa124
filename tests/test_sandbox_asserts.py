"""Assert-style tests judged by the parent (issue 17): the plan, the report, the verdict."""

from __future__ import annotations

import json
import math
import os
from collections import OrderedDict, namedtuple

import pytest

from tau_shaped.verifiers.protocol import VerifierStatus
from tau_shaped.verifiers.single_turn import code_verifier, sandbox_bootstrap
from tau_shaped.verifiers.single_turn.assert_oracle import (
    Opaque,
    decode,
    judge,
    plan_asserts,
    read_report,
)
from tau_shaped.verifiers.single_turn.code_sandbox import bubblewrap_problem
from tau_shaped.verifiers.single_turn.code_verifier import CodeVerifier

needs_box = pytest.mark.skipif(bubblewrap_problem() is not None and not os.environ.get("CI"), reason=f"no sandbox here: {bubblewrap_problem()}")
FAST = {"wall_seconds": 3, "cpu_seconds": 2}


def report(*values, program="ok"):
    lines = [{"program": program}] + [{"step": i, "ok": True, "value": sandbox_bootstrap.encode(v)} for i, v in enumerate(values)]
    return "\n".join(json.dumps(line) for line in lines + [{"end": len(values)}]) + "\n"


def test_expected_values_stay_in_the_parent():
    plan = plan_asserts([
        "assert f(2) == 987654", "assert abs(g(1.5) - 2.25) < 1e-9", "assert sorted(h([3, 1])) == [1, 3]",
        "assert math.isclose(area(1), 3.14159, rel_tol=1e-5)", "assert isinstance(f(0), int) and f(1) != 555",
        "assert Solution().run(7)[0] == 4321",
    ])
    sent = json.dumps(plan.steps)
    for expected in ("987654", "2.25", "1e-09", "[1, 3]", "3.14159", "555", "4321", "int"):
        assert expected not in sent, expected
    assert [source for _, source in plan.steps] == ["f(2)", "g(1.5)", "h([3, 1])", "area(1)", "f(0)", "f(1)", "Solution().run(7)"]


def test_setup_statements_run_in_the_box_in_order():
    plan = plan_asserts(["s = Stack()\ns.push(3)\nassert s.pop() == 3", "assert s.empty()"])
    assert plan.steps == [("x", "s = Stack()"), ("x", "s.push(3)"), ("e", "s.pop()"), ("e", "s.empty()")]
    with pytest.raises(ValueError):
        plan_asserts(["assert f(2) =="])


@pytest.mark.parametrize("value", [
    0, -5, 10 ** 30, 2.5, float("inf"), -0.0, 1 + 2j, "text", b"\x00\xff", bytearray(b"ab"), None, True, False,
    [1, [2, (3, "x")]], (), {1, 2}, frozenset({"a"}), {"k": [1], 2: None}, OrderedDict(a=1),
    namedtuple("P", "x y")(1, 2),
])
def test_values_round_trip_through_the_report(value):
    back = decode(json.loads(json.dumps(sandbox_bootstrap.encode(value))))
    assert back == value and type(back) in (type(value), dict, tuple)


def test_nan_and_unknown_types():
    assert math.isnan(decode(sandbox_bootstrap.encode(float("nan"))))
    opaque = decode(sandbox_bootstrap.encode(object()))
    assert isinstance(opaque, Opaque) and opaque != opaque.__class__("object", "") and opaque == opaque


def test_the_verdict_is_computed_from_reported_values():
    plan = plan_asserts(["assert f(2) == 4", "assert not is_odd(4)", "assert f(3) in (6, 7) and 0 <= f(0) < 1"])
    assert judge(plan, report(4, False, 6, 0))[0] is True
    passed, details, why = judge(plan, report(4, True, 6, 0))
    assert passed is False and [d["passed"] for d in details] == [True, False, True] and why
    assert judge(plan, report(Opaque("Anything", "x"), False, 6, 0))[0] is False  # "equals everything" is not a value


@pytest.mark.parametrize("stdout, problem", [
    ("", "incomplete"),
    ('{"program": "error", "error": "SystemExit: 0"}\n', "did not run to its end"),
    ('{"program": "ok"}\n{"end": 1}\n', "incomplete"),
    ('{"program": "ok"}\n{"step": 0, "ok": true, "value": ["i", "4"]}\n{"end": 1}\n{"end": 1}\n', "out of place"),
    ('{"program": "ok"}\n{"step": 1, "ok": true, "value": ["i", "4"]}\n{"end": 1}\n', "out of place"),
    ("not json\n", "malformed"),
])
def test_a_report_out_of_shape_fails(stdout, problem):
    values, why = read_report(stdout, 1)
    assert values is None and problem in why
    assert judge(plan_asserts(["assert f(2) == 4"]), stdout)[0] is False


def test_a_value_the_box_could_not_compute_fails_only_the_assertions_that_need_it():
    plan = plan_asserts(["assert x is None or f(x) == 1", "assert g() == 2"])
    stdout = report(None, 0, 2).replace('{"step": 1, "ok": true, "value": ["i", "0"]}', '{"step": 1, "ok": false, "error": "TypeError: boom"}')
    passed, details, _ = judge(plan, stdout)
    assert passed is True and [d["passed"] for d in details] == [True, True]
    passed, details, _ = judge(plan_asserts(["assert f(1) == 1"]), report(1).replace('"ok": true, "value": ["i", "1"]', '"ok": false, "error": "E"'))
    assert passed is False and details[0]["error"] == "E"


def test_the_parent_refuses_to_compute_monsters():
    plan = plan_asserts(["assert 2 ** f(1) > 0", "assert f(2) * 10 ** 6 != ''", "assert 1 << f(3) > 0"])
    passed, details, _ = judge(plan, report(10 ** 9, "x" * 1000, 10 ** 9))
    assert passed is False and all("too large" in d["error"] for d in details)


@needs_box
@pytest.mark.parametrize("isolation", ["bubblewrap", "none"])
def test_exits_before_the_assertions_score_zero_on_both_paths(isolation):
    verifier = CodeVerifier(isolation=isolation, allow_unisolated=True)
    prompt = {"asserts": ["assert f(2) == 4"], "limits": FAST}
    assert verifier.verify(prompt, "def f(x):\n    return 2 * x") == 1.0
    for cheat in ("import os\nos._exit(0)", "import sys\nsys.exit(0)", "import atexit, os\natexit.register(os._exit, 0)\nraise SystemExit(1)",
                  "class A:\n    __eq__ = lambda s, o: True\ndef f(x):\n    return A()"):
        outcome = verifier.verify_outcome(prompt, cheat)
        assert outcome.score == 0.0, (cheat, outcome.metadata)
        assert outcome.metadata["isolation"] == ("bubblewrap" if isolation == "bubblewrap" else "none (opted in)")


@needs_box
def test_the_outcome_reports_each_assertion():
    prompt = {"asserts": ["assert f(2) == 4", "assert f(3) == 7"], "limits": FAST}
    outcome = CodeVerifier().verify_outcome(prompt, "def f(x):\n    return 2 * x")
    case = outcome.metadata["cases"][0]
    assert outcome.score == 0.0 and [a["passed"] for a in case["assertions"]] == [True, False]
    assert case["assertions"][1]["assert"] == "assert f(3) == 7" and case["reason"] == "an assertion failed"


@needs_box
def test_program_output_does_not_disturb_the_report():
    prompt = {"asserts": ["assert f(2) == 4"], "limits": FAST}
    noisy = 'print(\'{"end": 1}\')\nimport sys\nprint("noise", file=sys.stderr)\ndef f(x):\n    print(x)\n    return 2 * x'
    assert CodeVerifier().verify(prompt, noisy) == 1.0


def test_a_bad_assertion_is_the_prompts_fault(monkeypatch):
    monkeypatch.setattr(code_verifier, "bubblewrap_problem", lambda: None)
    outcome = CodeVerifier().verify_outcome({"asserts": ["assert (("]}, "pass")
    assert outcome.status == VerifierStatus.INTERNAL_ERROR and "does not parse" in outcome.metadata["error"]
