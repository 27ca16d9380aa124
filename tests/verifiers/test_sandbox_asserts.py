"""Assert-style tests (issues 17 and 27): the plan, the values that cross, the oracle, the verdict."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from collections import OrderedDict, namedtuple
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.verifiers.protocol import VerifierStatus
from tau_shaped.verifiers.single_turn import box_codec, code_verifier
from tau_shaped.verifiers.single_turn.assert_oracle import judge, plan_asserts, read_report
from tau_shaped.verifiers.single_turn.code_sandbox import bubblewrap_problem
from tau_shaped.verifiers.single_turn.code_verifier import CodeVerifier

needs_box = pytest.mark.skipif(bubblewrap_problem() is not None and not os.environ.get("CI"), reason=f"no sandbox here: {bubblewrap_problem()}")
FAST = {"wall_seconds": 3, "cpu_seconds": 2}
ORACLE = Path(code_verifier.__file__).with_name("oracle_bootstrap.py")
CORPUS = Path(__file__).with_name("hostile_programs")


def test_expected_values_never_go_to_the_program():
    plan = plan_asserts([
        "assert f(2) == 987654", "assert abs(g(1.5) - 2.25) < 1e-9", "assert sorted(h([3, 1])) == [1, 3]",
        "assert math.isclose(area(1), 3.14159, rel_tol=1e-5)", "assert isinstance(f(0), int) and f(1) != 555",
        "assert Solution().run(7)[0] == 4321", "assert f(3) == list(range(3, 6543))", "assert f(4) == pow(2, 77)",
        "assert all(f(i) == i * 1234 for i in range(3))",
    ])
    sent = json.dumps(plan.leaves)
    for expected in ("987654", "2.25", "1e-09", "[1, 3]", "3.14159", "555", "4321", "6543", "77", "1234", "int"):
        assert expected not in sent, expected
    assert plan.leaves == ["f(2)", "g(1.5)", "h([3, 1])", "area(1)", "f(0)", "f(1)", "Solution().run(7)[0]", "f(3)", "f(4)", "f(_tau_a[0])"]


@pytest.mark.parametrize("assertion, leaves, modules", [
    ("assert f(3) == list(range(3))", ["f(3)"], []),  # range and list: the oracle's builtins
    ("assert f(5) == math.factorial(5)", ["f(5)"], ["math"]),  # math: imported by the oracle
    ("assert math(3) == 2", ["math(3)"], []),  # called, not an attribute's root: the program's
    ("assert point(1, 2).y == 2", ["point(1, 2).y"], []),
    ("assert sorted(f(), key=lambda x: -x) == [2, 1]", ["f()"], []),
    ("assert [g(i) for i in xs] == [1]", ["xs", "g(_tau_a[0])"], []),  # xs: the program's; i: the oracle's
])
def test_each_name_belongs_to_the_oracle_or_the_program(assertion, leaves, modules):
    plan = plan_asserts([assertion])
    assert sorted(plan.leaves) == sorted(leaves) and plan.modules == modules


def test_statements_run_where_their_names_live():
    plan = plan_asserts(["s = Stack()\ns.push(3)\nassert s.pop() == 3", "xs = [1, 2]", "y = f(xs)", "assert y == xs[::-1]"])
    kinds = [(s.kind, s.src, s.args) for s in plan.statements]
    assert kinds == [("program", "s = Stack()", []), ("exec", "_tau_call(0)", []), ("assert", "_tau_call(1) == 3", []),
                     ("exec", "xs = [1, 2]", []), ("program", "y = f(_tau_a[0])", ["xs"]), ("assert", "_tau_call(2) == xs[::-1]", [])]
    assert plan.leaves == ["s.push(3)", "s.pop()", "y"]
    with pytest.raises(ValueError, match="does not parse"):
        plan_asserts(["assert f(2) =="])
    with pytest.raises(ValueError, match="no assert"):
        plan_asserts(["x = 1"])


@pytest.mark.parametrize("value", [
    0, -5, 10 ** 30, 2.5, float("inf"), -0.0, 1 + 2j, "text", b"\x00\xff", bytearray(b"ab"), None, True, False,
    [1, [2, (3, "x")]], (), {1, 2}, frozenset({"a"}), {"k": [1], 2: None}, OrderedDict(a=1),
    namedtuple("P", "x y")(1, 2), range(2, 9, 3),
])
def test_values_round_trip_as_plain_data(value):
    back = box_codec.decode(json.loads(json.dumps(box_codec.encode(value))))
    assert back == value and type(back) in (type(value), dict, tuple)


plain = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text() | st.binary(),
    lambda inner: st.lists(inner) | st.tuples(inner, inner) | st.dictionaries(st.text(), inner)
    | st.frozensets(st.integers()),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(plain)
def test_any_plain_value_round_trips(value):
    back = box_codec.decode(json.loads(json.dumps(box_codec.encode(value))))
    assert back == value and type(back) is type(value)


def test_the_programs_subclasses_cross_as_their_base_types():
    class Liar(int):
        def __eq__(self, other):
            return True

        __hash__ = int.__hash__

    class Listy(list):
        def __eq__(self, other):
            return True

    back = box_codec.decode(json.loads(json.dumps(box_codec.encode([Liar(3), Listy([1])]))))
    assert back == [3, [1]] and type(back[0]) is int and type(back[1]) is list and back != [4, [1]]
    assert list(box_codec.decode(box_codec.encode(iter("ab")))) == ["a", "b"]
    other = box_codec.decode(box_codec.encode(object()))
    assert isinstance(other, box_codec.Opaque) and other != box_codec.Opaque("object", "") and other == other
    assert math.isnan(box_codec.decode(box_codec.encode(float("nan"))))
    with pytest.raises(ValueError):
        box_codec.decode(["zz", 1])


@pytest.mark.parametrize("stdout, problem", [
    ("", "did not finish"),
    ('{"program": "error", "error": "the program did not run to its end: SystemExit: 0"}\n', "did not run to its end"),
    ('{"i": 0, "passed": true}\n', "did not finish"),
    ('{"i": 0, "passed": true}\n{"end": 1}\n{"end": 1}\n', "did not finish"),
    ('{"i": 1, "passed": true}\n{"end": 1}\n', "out of place"),
    ("not json\n", "malformed"),
])
def test_a_report_out_of_shape_fails(stdout, problem):
    records, why = read_report(stdout, 1)
    assert records is None and problem in why
    assert judge(plan_asserts(["assert f(2) == 4"]), stdout)[0] is False


def test_the_verdict_is_the_oracles_record_of_each_statement():
    plan = plan_asserts(["x = f(1)", "assert f(2) == 4", "assert f(3) == 7"])
    passed, details, why = judge(plan, '{"i": 0, "passed": true}\n{"i": 1, "passed": true}\n{"i": 2, "passed": false}\n{"end": 3}\n')
    assert passed is False and [d["passed"] for d in details] == [True, False] and why == "an assertion failed"
    passed, details, why = judge(plan, '{"i": 0, "passed": false, "error": "NameError: f"}\n{"i": 1, "passed": true}\n{"i": 2, "passed": true}\n{"end": 3}\n')
    assert passed is False and details[0] == {"statement": "x = f(1)", "passed": False, "error": "NameError: f"}


def _oracle_against(plan, program_side: bytes, close_early: bool = True) -> str:
    """Run the oracle's harness (unisolated, in a subprocess) against a scripted program side."""
    request_r, request_w = os.pipe()
    answer_r, answer_w = os.pipe()
    job = {**plan.job(), "limits": {"cpu_seconds": 5, "memory_bytes": 1 << 30, "max_processes": 64,
                                    "file_size_bytes": 1 << 20, "open_files": 64},
           "requests": request_w, "answers": answer_r}
    job_path = Path(os.environ.get("TMPDIR", "/tmp")) / f"oracle-job-{os.getpid()}.json"
    job_path.write_text(json.dumps(job))
    try:
        process = subprocess.Popen([sys.executable, "-I", "-S", "-B", str(ORACLE), str(job_path)], stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, pass_fds=(request_w, answer_r))
        os.close(request_w)
        os.close(answer_r)
        os.write(answer_w, program_side)
        if close_early:
            os.close(answer_w)
        out, _ = process.communicate(timeout=20)
    finally:
        job_path.unlink()
        for fd in (request_r, answer_w):
            try:
                os.close(fd)
            except OSError:
                pass
    return out.decode()


@pytest.mark.parametrize("program_side, problem", [
    (b"", "stopped answering"),  # an early exit
    (b'{"program": "ok"}\n', "stopped answering"),  # a closed pipe after the program ran
    (b'{"program": "ok"}\n{"n": 2, "ok": true, "value": ["i", "4"]}\n', "out of turn"),
    (b'{"program": "ok"}\n' + b"x" * 70_000_000, "too long"),  # a flooded pipe
    (b'{"program": "ok"}\n{"n": 1, "ok": true, "value": ["zz"]}\n', "cannot be read"),
    (b'{"program": "ok"}\n{"n": 1, "ok": false, "type": "SystemExit", "error": "0"}\n', "ProgramError"),
    (b'{"i": 0, "passed": true}\n{"end": 1}\n', "first answer is malformed"),  # the oracle's own format, forged
])
def test_silence_or_noise_from_the_program_never_passes(program_side, problem):
    plan = plan_asserts(["assert f(2) == 4"])
    out = _oracle_against(plan, program_side)
    assert judge(plan, out)[0] is False
    assert problem in out, out


def test_the_oracle_passes_only_the_right_value():
    plan = plan_asserts(["assert f(2) == 4"])
    assert judge(plan, _oracle_against(plan, b'{"program": "ok"}\n{"n": 1, "ok": true, "value": ["i", "4"]}\n'))[0] is True
    assert judge(plan, _oracle_against(plan, b'{"program": "ok"}\n{"n": 1, "ok": true, "value": ["i", "5"]}\n'))[0] is False
    assert judge(plan, _oracle_against(plan, b'{"program": "ok"}\n{"n": 1, "ok": true, "value": ["o", "Any", "x", 0]}\n'))[0] is False


FORGERS = ["issue27_fake_range", "issue27_fake_pow", "issue27_class_named_math", "issue27_str_upper_gc_ctypes",
           "issue27_fake_sorted", "ns_patch_builtins_module", "ns_sys_modules_math",
           "ns_module_named_like_stdlib"]


def _program_and_prompt(name: str):
    text = (CORPUS / f"{name}.py.in").read_text().replace("@@HIDDEN_INT@@", "1000000000007")
    prompt = json.loads(text.splitlines()[0].split("prompt:", 1)[1])
    return "\n".join(line for line in text.splitlines() if not line.startswith("# ")), prompt


@pytest.mark.parametrize("name", FORGERS)
def test_the_expected_side_forgeries_are_live_and_fail_here(name):
    """Each forgery wins when the assertion runs in the program's namespace (the old way; checked
    with the system Python, which the box runs) and scores 0 here."""
    program, prompt = _program_and_prompt(name)
    old_way = subprocess.run(["/usr/bin/python3", "-c", program + "\n" + "\n".join(prompt["asserts"])],
                             capture_output=True, text=True, timeout=30)
    assert old_way.returncode == 0, old_way.stderr[-500:]
    if bubblewrap_problem() is None:
        outcome = CodeVerifier().verify_outcome({**prompt, "limits": FAST}, program)
        assert outcome.score == 0.0 and outcome.status == VerifierStatus.INVALID, outcome.metadata


@needs_box
@pytest.mark.parametrize("isolation", ["bubblewrap", "none"])
def test_exits_before_the_assertions_score_zero_on_both_paths(isolation):
    verifier = CodeVerifier(isolation=isolation, allow_unisolated=True)
    prompt = {"asserts": ["assert f(2) == 4", "assert f(3) == list(range(6, 7)) + [] or False"], "limits": FAST}
    assert verifier.verify(prompt, "def f(x):\n    return 2 * x if x == 2 else [6]") == 1.0
    for cheat in ("import os\nos._exit(0)", "import sys\nsys.exit(0)", "import atexit, os\natexit.register(os._exit, 0)\nraise SystemExit(1)",
                  "class A:\n    __eq__ = lambda s, o: True\ndef f(x):\n    return A()",
                  "def range(*a):\n    return [9]\ndef f(x):\n    return 4 if x == 2 else [9]"):
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
    assert case["verdict"] == "fail"


@needs_box
def test_program_output_does_not_disturb_the_report():
    prompt = {"asserts": ["assert f(2) == 4"], "limits": FAST}
    noisy = 'print(\'{"end": 1}\')\nimport sys\nprint("noise", file=sys.stderr)\ndef f(x):\n    print(x)\n    return 2 * x'
    assert CodeVerifier().verify(prompt, noisy) == 1.0


@needs_box
def test_program_objects_answer_for_themselves_as_plain_data():
    prompt = {"asserts": ["s = Box([3, 4])", "assert str(s) == 'Box(2)' and len(s) == 2 and list(s) == [3, 4]",
                          "assert s[1] == 4 and 3 in s and s.items == [3, 4] and s", "assert s != Box([3, 4])"], "limits": FAST}
    program = ("class Box:\n    def __init__(self, items):\n        self.items = items\n    def __str__(self):\n        return 'Box(%d)' % len(self.items)\n"
               "    def __len__(self):\n        return len(self.items)\n    def __iter__(self):\n        return iter(self.items)\n"
               "    def __getitem__(self, i):\n        return self.items[i]\n    def __eq__(self, other):\n        return True\n")
    outcome = CodeVerifier().verify_outcome(prompt, program)
    assert outcome.score == 1.0, outcome.metadata  # the last: a program object equals only itself, whatever its __eq__ says


def test_a_bad_assertion_is_the_prompts_fault(monkeypatch):
    monkeypatch.setattr(code_verifier, "bubblewrap_problem", lambda: None)
    outcome = CodeVerifier().verify_outcome({"asserts": ["assert (("]}, "pass")
    assert outcome.status == VerifierStatus.INTERNAL_ERROR and "does not parse" in outcome.metadata["error"]


EXPECTED_FORMS = ["{e}", "list(range({e}))", "pow(2, {e})", "math.factorial({e})", "sorted([{e}, 1], key=lambda v: -v)",
                  "[i * {e} for i in range(3)]", "abs(-{e}) + max(1, 2)", "str({e}).upper()"]


@settings(max_examples=200, deadline=None)
@given(st.integers(10_000, 99_999), st.integers(100_000, 999_999), st.sampled_from(EXPECTED_FORMS),
       st.sampled_from(["f({a})", "Solution().run({a})", "f(g({a}))[0]", "obj.method({a}).attr"]))
def test_no_part_of_the_expected_side_is_sent_to_the_program(a, e, expected, call):
    plan = plan_asserts([f"assert {call.format(a=a)} == {expected.format(e=e)}"])
    sent = json.dumps(plan.leaves)
    assert str(e) not in sent and str(a) in sent
    assert len(plan.leaves) == 1 and plan.statements[0].src.startswith("_tau_call(0) == ")


def test_a_monster_assertion_is_one_line_error():
    with pytest.raises(ValueError, match="nested too deeply"):
        plan_asserts(["assert " + "-" * 5000 + "f(1) == 1"])


# issue 44: programs that won on the two-box oracle before it stopped letting the program's exceptions end
# its iterations and its objects answer membership (each also passes the old way, in plain Python)
ITERATION_FORGERS = [f"issue44_stopiteration_{form}" for form in (
    "all_map", "not_any_map", "next_filter", "zip_genexp", "starmap", "sum_map", "set_subset", "max_default",
    "filterfalse", "join_map", "iter_sentinel")] + [
    "issue44_attribute_raises_stopiteration", "issue44_bool_raises_stopiteration", "issue44_callback_raises_stopiteration",
    "issue44_getitem_raises_stopiteration", "issue44_iter_raises_stopiteration", "issue44_len_raises_stopiteration",
    "issue44_method_raises_stopiteration", "issue44_str_raises_stopiteration", "issue44_contains_always_yes",
    "issue44_contains_with_wrong_items"]


@pytest.mark.parametrize("name", ITERATION_FORGERS)
def test_the_iteration_and_membership_forgeries_are_live_and_fail_here(name):
    program, prompt = _program_and_prompt(name)
    old_way = subprocess.run(["/usr/bin/python3", "-c", "import itertools\n" + program + "\n" + "\n".join(prompt["asserts"])],
                             capture_output=True, text=True, timeout=30)
    assert old_way.returncode == 0, old_way.stderr[-500:]
    if bubblewrap_problem() is None:
        outcome = CodeVerifier().verify_outcome({**prompt, "limits": FAST}, program)
        assert outcome.score == 0.0 and outcome.status == VerifierStatus.INVALID, outcome.metadata


SQUARES = [1, 4, 9]
ITERATION_FORMS = [
    "assert all(map(lambda x: f(x) == x * x, [1, 2, 3]))",
    "assert not any(map(lambda x: f(x) != x * x, [1, 2, 3]))",
    "assert next(filter(lambda x: f(x) != x * x, [1, 2, 3]), None) is None",
    "assert all(a == b for a, b in zip(map(lambda x: f(x), [1, 2, 3]), [1, 4, 9]))",
    "assert all(itertools.starmap(lambda a, b: f(a) == b, [(1, 1), (2, 4), (3, 9)]))",
    "assert sum(map(lambda x: abs(f(x) - x * x), [1, 2, 3])) == 0",
    "assert set(map(lambda x: f(x), [1, 2, 3])) <= {1, 4, 9}",
    "assert not list(itertools.filterfalse(lambda x: f(x) == x * x, [1, 2, 3]))",
    "assert '9' not in ''.join(map(lambda x: str(f(x) % 9), [1, 2, 3]))",
]


def _answers(*records: str) -> bytes:
    return ("".join(line + "\n" for line in ('{"program": "ok"}',) + records)).encode()


@pytest.mark.parametrize("form, raised", [(form, "StopIteration") for form in ITERATION_FORMS]
                         + [(ITERATION_FORMS[0], raised) for raised in ("StopAsyncIteration", "GeneratorExit", "SystemExit")])
def test_no_exception_of_the_programs_ends_an_oracle_iteration(form, raised):
    """The program's side answers the first call with an exception that, raised as itself in the
    oracle, would end its map/filter/zip early and leave nothing to fail; the program's side is a
    script here, so whatever a program does in its own box (a class of its own of that name, a
    forged answer on the pipe) comes to this."""
    plan = plan_asserts([form])
    right = _answers(*(f'{{"n": {n}, "ok": true, "value": ["i", "{v:x}"]}}' for n, v in enumerate(SQUARES, 1)))
    assert judge(plan, _oracle_against(plan, right))[0] is True  # the form passes the right values
    out = _oracle_against(plan, _answers(f'{{"n": 1, "ok": false, "type": "{raised}", "error": "{raised}: "}}'))
    assert judge(plan, out)[0] is False, out
    assert "ProgramError" in out, out


def test_an_exception_the_task_expects_still_crosses_as_itself():
    plan = plan_asserts(["try:\n    f(1)\nexcept ValueError:\n    pass\nelse:\n    raise AssertionError('no ValueError')",
                         "assert f(2) == 4"])
    four = '{"n": 2, "ok": true, "value": ["i", "4"]}'
    out = _oracle_against(plan, _answers('{"n": 1, "ok": false, "type": "ValueError", "error": "ValueError: no"}', four))
    assert judge(plan, out)[0] is True, out
    out = _oracle_against(plan, _answers('{"n": 1, "ok": false, "type": "StopIteration", "error": "StopIteration: "}', four))
    assert judge(plan, out)[0] is False and "ProgramError" in out, out


OBJECT = '{"n": 1, "ok": true, "value": ["o", "Bag", "Bag()", 0]}'


@pytest.mark.parametrize("items, held", [('["l", [["i", "7"], ["i", "11"]]]', True), ('["l", [["i", "4"], ["i", "6"]]]', False),
                                         ('["l", []]', False)])
def test_membership_in_a_program_object_is_decided_over_its_items(items, held):
    """``7 in primes(20)`` with an object of the program's: the oracle asks for its items (plain
    data) and looks for 7 among them; the program's __contains__ is never asked."""
    plan = plan_asserts(["assert 7 in primes(20)"])
    out = _oracle_against(plan, _answers(OBJECT, f'{{"n": 2, "ok": true, "value": {items}}}'))
    assert judge(plan, out)[0] is held, out


@pytest.mark.parametrize("assertion, answer", [
    ("assert 7 in primes(20)", "true"),  # a yes where the items were asked for
    ("assert len(primes(20)) == 8", '["f", "0x1.0p+3"]'),  # a float for a length
    ("assert primes(20)", '["i", "1"]'),  # an int for a truth
    ("assert str(primes(20)) == '[2]'", '["l", []]'),  # a list for a text
    ("assert list(primes(20)) == [2]", '["o", "Bag", "Bag()", 0]'),  # an object for its own items
])
def test_a_program_objects_answers_must_be_of_the_kind_asked(assertion, answer):
    plan = plan_asserts([assertion])
    out = _oracle_against(plan, _answers(OBJECT, f'{{"n": 2, "ok": true, "value": {answer}}}'))
    assert judge(plan, out)[0] is False and "TypeError" in out, out
