"""Assert-style tests judged by the parent, so a program cannot forge a pass.

The old way ran ``program + asserts`` as one script and counted exit status 0
as a pass: ``os._exit(0)``, ``sys.exit(0)``, an ``atexit`` hook, an object
whose ``__eq__`` always says True, or patching ``AssertionError`` all "passed".
Any in-process trick of that kind wins as long as the verdict is computed, or
signalled, inside the process the program controls; a secret nonce handed to
that process does not help either, because the program runs first, in the same
interpreter, and can read or intercept whatever the harness later receives.

So no verdict is computed in the box. :func:`plan_asserts` splits every
``assert TEST`` into

- the parts the parent evaluates itself: literals, arithmetic, comparisons,
  ``and``/``or``/``not``, conditional expressions, subscripts and a few pure
  builtins (``abs len sorted min max sum round any all set frozenset list tuple
  dict str int float bool isinstance`` and ``math.isclose``/``math.pi``...);
- the smallest sub-expressions it cannot (a call of the program's function, a
  name or attribute of the program's), which go to the box as plain
  expressions.

The box reports each expression's value as tagged JSON (see
``sandbox_bootstrap``); :func:`judge` rebuilds plain Python values (a type it
cannot rebuild becomes an :class:`Opaque` equal only to itself) and evaluates
the assertion here, with the real builtins. The expected side of a comparison
(``== 4``) never enters the box, and what comes back can only be a value, never
a verdict.

Why this is sound: the program controls everything in its process, so it
controls *what value is reported* for each expression, and nothing else. An
assertion that compares a reported value with something the parent holds
passes only when the reported value is the one the parent expects, which the
program never sees; reporting exactly that value is what the assertion asks
of an honest program too. Exit status, output, ``atexit``, ``__eq__``
overrides, fake report lines (any line out of place fails the case) and the
files on disk (the tests are not in the box) cannot change the comparison.

Limits of the argument, by construction: an assertion whose truth is nothing
but a reported value (``assert is_prime(7)``) passes for any program that
reports a truthy value, just as ``is_prime = lambda n: True`` would; and an
expected value written *inside* an expression the box evaluates
(``assert check(f(2), 4)`` with ``check`` the program's, or a name assigned
by setup statements) is visible to the program. Keep expected values on the
parent's side of a comparison. Statements in ``asserts`` that are not
``assert`` run in the box as setup, in order.
"""

from __future__ import annotations

import ast
import builtins
import json
import math
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

MAX_EXPONENT = 10_000
MAX_SHIFT = 100_000
MAX_REPEAT = 10_000_000

SAFE_CALLS: Dict[str, Any] = {
    name: getattr(builtins, name)
    for name in ("abs", "len", "sorted", "min", "max", "sum", "round", "any", "all", "set", "frozenset",
                 "list", "tuple", "dict", "str", "int", "float", "bool", "complex", "divmod", "reversed")
}
SAFE_KEYWORDS = {"sorted": {"reverse"}, "round": set(), "isclose": {"rel_tol", "abs_tol"}}
TYPE_NAMES = {"int": int, "float": float, "str": str, "bool": bool, "list": list, "tuple": tuple, "dict": dict,
              "set": set, "frozenset": frozenset, "bytes": bytes, "complex": complex, "type(None)": type(None)}
MATH_CONSTANTS = {"pi": math.pi, "e": math.e, "tau": math.tau, "inf": math.inf, "nan": math.nan}
BINARY = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow, ast.LShift, ast.RShift,
          ast.BitAnd, ast.BitOr, ast.BitXor)


class Opaque:
    """A reported value the parent cannot rebuild: equal only to itself."""

    def __init__(self, type_name: str, shown: str) -> None:
        self.type_name, self.shown = type_name, shown

    def __repr__(self) -> str:
        return f"<{self.type_name} {self.shown}>"


class Unavailable(Exception):
    """An expression the box could not evaluate (it raised), needed by an assertion."""


@dataclass
class Assertion:
    text: str
    test: ast.expr
    opaque: Dict[int, int] = field(default_factory=dict)  # id(node) -> step index


@dataclass
class AssertPlan:
    steps: List[Tuple[str, str]] = field(default_factory=list)  # ("x", statements) | ("e", expression)
    assertions: List[Assertion] = field(default_factory=list)


def _is_safe_call(node: ast.Call) -> Optional[str]:
    """The name of the parent-side function this call uses, or None."""
    if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
        return None
    func = node.func
    if isinstance(func, ast.Name) and func.id in SAFE_CALLS:
        name = func.id
    elif isinstance(func, ast.Name) and func.id == "isinstance" and len(node.args) == 2 and _type_arg(node.args[1]) is not None:
        name = "isinstance"
    elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "math" and func.attr == "isclose":
        name = "isclose"
    else:
        return None
    allowed = SAFE_KEYWORDS.get(name, set())
    return name if all(k.arg in allowed for k in node.keywords) else None


def _type_arg(node: ast.expr) -> Optional[tuple]:
    if isinstance(node, ast.Tuple):
        types = [_type_arg(e) for e in node.elts]
        return None if any(t is None for t in types) else tuple(t for group in types for t in group)  # type: ignore[union-attr]
    key = ast.unparse(node)
    return (TYPE_NAMES[key],) if key in TYPE_NAMES else None


def _plan(node: ast.expr, assertion: Assertion, plan: AssertPlan) -> None:
    """Mark the smallest sub-expressions the parent cannot evaluate; they become box steps."""
    children: List[ast.expr] = []
    if isinstance(node, ast.Constant):
        return
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)) and not any(isinstance(e, ast.Starred) for e in node.elts):
        children = list(node.elts)
    elif isinstance(node, ast.Dict) and all(k is not None for k in node.keys):
        children = [*node.keys, *node.values]  # type: ignore[list-item]
    elif isinstance(node, ast.UnaryOp):
        children = [node.operand]
    elif isinstance(node, ast.BinOp) and isinstance(node.op, BINARY):
        children = [node.left, node.right]
    elif isinstance(node, ast.BoolOp):
        children = list(node.values)
    elif isinstance(node, ast.Compare):
        children = [node.left, *node.comparators]
    elif isinstance(node, ast.IfExp):
        children = [node.test, node.body, node.orelse]
    elif isinstance(node, ast.Subscript) and not isinstance(node.slice, ast.Slice):
        children = [node.value, node.slice]
    elif isinstance(node, ast.Subscript):
        children = [node.value, *(p for p in (node.slice.lower, node.slice.upper, node.slice.step) if p is not None)]
    elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "math" and node.attr in MATH_CONSTANTS:
        return
    elif isinstance(node, ast.Call) and _is_safe_call(node):
        children = list(node.args[:1] if _is_safe_call(node) == "isinstance" else node.args) + [k.value for k in node.keywords]
    else:
        assertion.opaque[id(node)] = len(plan.steps)
        plan.steps.append(("e", ast.unparse(node)))
        return
    for child in children:
        _plan(child, assertion, plan)


def plan_asserts(sources: Sequence[str]) -> AssertPlan:
    """Split the prompt's ``asserts`` into box steps and parent-side assertions (ValueError if one does not parse)."""
    plan = AssertPlan()
    for source in sources:
        try:
            module = ast.parse(str(source))
        except SyntaxError as exc:
            raise ValueError(f"an assertion does not parse: {str(source)[:80]!r} ({exc.msg})") from None
        for statement in module.body:
            if isinstance(statement, ast.Assert):
                assertion = Assertion(text=ast.unparse(statement), test=statement.test)
                _plan(statement.test, assertion, plan)
                plan.assertions.append(assertion)
            else:
                plan.steps.append(("x", ast.unparse(statement)))
    if not plan.assertions:
        raise ValueError("'asserts' holds no assert statement")
    return plan


def decode(tagged: Any, depth: int = 0) -> Any:
    """Rebuild a value from the harness's tagged JSON (the inverse of its ``encode``)."""
    if depth > 120:
        raise ValueError("nested too deeply")
    if tagged is None or isinstance(tagged, (bool, str)):
        return tagged
    if not isinstance(tagged, list) or not tagged or not isinstance(tagged[0], str):
        raise ValueError("malformed value")
    tag, rest = tagged[0], tagged[1:]
    items = (lambda: [decode(v, depth + 1) for v in rest[0]])  # noqa: E731
    if tag == "i":
        return int(rest[0], 16)
    if tag == "f":
        return float.fromhex(rest[0])
    if tag == "c":
        return complex(float.fromhex(rest[0]), float.fromhex(rest[1]))
    if tag in ("b", "ba"):
        return (bytes if tag == "b" else bytearray)(bytes.fromhex(rest[0]))
    if tag in ("l", "t", "s", "fs"):
        return {"l": list, "t": tuple, "s": set, "fs": frozenset}[tag](items())
    if tag == "d":
        return {decode(k, depth + 1): decode(v, depth + 1) for k, v in rest[0]}
    if tag == "o":
        return Opaque(str(rest[0])[:100], str(rest[1])[:200])
    raise ValueError(f"unknown tag {tag!r}")


def _binary(op: ast.operator, left: Any, right: Any) -> Any:
    if isinstance(op, ast.Pow) and isinstance(right, int) and abs(right) > MAX_EXPONENT and isinstance(left, int) and abs(left) > 1:
        raise ValueError("exponent too large to evaluate")
    if isinstance(op, (ast.LShift, ast.RShift)) and isinstance(right, int) and right > MAX_SHIFT:
        raise ValueError("shift too large to evaluate")
    if isinstance(op, ast.Mult):
        for seq, count in ((left, right), (right, left)):
            if isinstance(seq, (str, bytes, bytearray, list, tuple)) and isinstance(count, int) and len(seq) * count > MAX_REPEAT:
                raise ValueError("repetition too large to evaluate")
    operations = {
        ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
        ast.Div: lambda a, b: a / b, ast.FloorDiv: lambda a, b: a // b, ast.Mod: lambda a, b: a % b,
        ast.Pow: lambda a, b: a ** b, ast.LShift: lambda a, b: a << b, ast.RShift: lambda a, b: a >> b,
        ast.BitAnd: lambda a, b: a & b, ast.BitOr: lambda a, b: a | b, ast.BitXor: lambda a, b: a ^ b,
    }
    return operations[type(op)](left, right)


def _compare(op: ast.cmpop, left: Any, right: Any) -> bool:
    operations = {
        ast.Eq: lambda a, b: a == b, ast.NotEq: lambda a, b: a != b, ast.Lt: lambda a, b: a < b,
        ast.LtE: lambda a, b: a <= b, ast.Gt: lambda a, b: a > b, ast.GtE: lambda a, b: a >= b,
        ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b,
        ast.Is: lambda a, b: a is b, ast.IsNot: lambda a, b: a is not b,
    }
    return bool(operations[type(op)](left, right))


def _evaluate(node: ast.expr, assertion: Assertion, values: Dict[int, Tuple[bool, Any]]) -> Any:
    def ev(child: ast.expr) -> Any:
        return _evaluate(child, assertion, values)

    if id(node) in assertion.opaque:
        ok, value = values[assertion.opaque[id(node)]]
        if not ok:
            raise Unavailable(value)
        return value
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return {ast.List: list, ast.Tuple: tuple, ast.Set: set}[type(node)](ev(e) for e in node.elts)
    if isinstance(node, ast.Dict):
        return {ev(k): ev(v) for k, v in zip(node.keys, node.values)}  # type: ignore[arg-type]
    if isinstance(node, ast.UnaryOp):
        operand = ev(node.operand)
        return {ast.Not: lambda v: not v, ast.USub: lambda v: -v, ast.UAdd: lambda v: +v, ast.Invert: lambda v: ~v}[type(node.op)](operand)
    if isinstance(node, ast.BinOp):
        return _binary(node.op, ev(node.left), ev(node.right))
    if isinstance(node, ast.BoolOp):
        result: Any = None
        for value_node in node.values:
            result = ev(value_node)
            if bool(result) != isinstance(node.op, ast.And):
                return result
        return result
    if isinstance(node, ast.Compare):
        left = ev(node.left)
        for op, comparator in zip(node.ops, node.comparators):
            right = ev(comparator)
            if not _compare(op, left, right):
                return False
            left = right
        return True
    if isinstance(node, ast.IfExp):
        return ev(node.body) if ev(node.test) else ev(node.orelse)
    if isinstance(node, ast.Subscript):
        container, part = ev(node.value), node.slice
        if isinstance(part, ast.Slice):
            bounds = [None if p is None else ev(p) for p in (part.lower, part.upper, part.step)]
            return container[slice(*bounds)]
        return container[ev(part)]
    if isinstance(node, ast.Attribute):
        return MATH_CONSTANTS[node.attr]
    if isinstance(node, ast.Call):
        name = _is_safe_call(node)
        if name == "isinstance":
            return isinstance(ev(node.args[0]), _type_arg(node.args[1]))  # type: ignore[arg-type]
        args = [ev(a) for a in node.args]
        keywords = {k.arg: ev(k.value) for k in node.keywords}
        function = math.isclose if name == "isclose" else SAFE_CALLS[name]  # type: ignore[index]
        return function(*args, **keywords)
    raise ValueError(f"cannot evaluate {type(node).__name__}")  # pragma: no cover - _plan sends these to the box


def read_report(stdout: str, steps: int) -> Tuple[Optional[Dict[int, Tuple[bool, Any]]], str]:
    """The step values from the harness's report, or None and why the report does not count.

    The report must be exactly: ``{"program": "ok"}``, one record per step in order, ``{"end": n}``.
    """
    lines = stdout.splitlines()
    try:
        records = [json.loads(line) for line in lines]
    except Exception:  # noqa: BLE001 - ValueError, RecursionError, MemoryError: the box wrote it
        return None, "the report is malformed"
    if records and isinstance(records[0], dict) and records[0].get("program") == "error":
        return None, f"the program did not run to its end: {str(records[0].get('error'))[:200]}"
    if len(records) != steps + 2 or records[0] != {"program": "ok"} or records[-1] != {"end": steps}:
        return None, "the report is incomplete or has lines out of place"
    values: Dict[int, Tuple[bool, Any]] = {}
    for index, record in enumerate(records[1:-1]):
        if not isinstance(record, dict) or record.get("step") != index or not isinstance(record.get("ok"), bool):
            return None, "the report has lines out of place"
        if not record["ok"]:
            values[index] = (False, str(record.get("error"))[:200])
            continue
        try:
            values[index] = (True, decode(record.get("value")) if "value" in record else None)
        except Exception:  # noqa: BLE001 - the box wrote it: whatever is wrong with it fails the value, never the verifier
            values[index] = (False, "the reported value cannot be read")
    return values, ""


def judge(plan: AssertPlan, stdout: str) -> Tuple[bool, List[Dict[str, Any]], str]:
    """Evaluate every assertion on the reported values: (all passed, per-assertion details, why not)."""
    values, problem = read_report(stdout, len(plan.steps))
    if values is None:
        return False, [{"assert": a.text[:200], "passed": False} for a in plan.assertions], problem
    details: List[Dict[str, Any]] = []
    for assertion in plan.assertions:
        detail: Dict[str, Any] = {"assert": assertion.text[:200], "passed": False}
        try:
            detail["passed"] = bool(_evaluate(assertion.test, assertion, values))
        except Unavailable as exc:
            detail["error"] = str(exc)
        except Exception as exc:  # noqa: BLE001 - a value of the wrong type: the assertion fails
            detail["error"] = f"{type(exc).__name__}: {str(exc)[:200]}"
        details.append(detail)
    passed = all(d["passed"] for d in details)
    return passed, details, "" if passed else "an assertion failed"
