"""Assert-style tests: the plan that keeps the expected side away from the program, and the verdict.

A program cannot be trusted with any part of its own judgement: in its process
it can patch builtins (even ``str.upper``, through ``gc.get_referents`` and
``ctypes``), define its own ``range``, ``pow``, ``sorted`` or a class named
``math``, swap ``json.dumps``, trace the harness, write a forged report to
every descriptor or leave early. So an assertion is run by an *oracle* in a box
of its own that never loads the program (``oracle_bootstrap``), and the program's
box (``sandbox_bootstrap``) only answers questions about the program's values.

:func:`plan_asserts` reads every statement of the prompt's ``asserts`` and
decides, name by name, whose each name is:

- the oracle's: builtins, the standard modules of :data:`MODULES` used as
  ``module.attribute`` (imported in the oracle's box, whatever the program
  imported or defined under that name), names bound by the statement itself
  (comprehension variables, lambda and ``def`` parameters, assignment targets)
  and names bound by earlier statements that ran in the oracle;
- the program's: every other name (its functions, classes, globals) and the
  names bound by ``program`` statements (below).

Each *leaf* (the largest ``name``, ``name.attr``, ``name(...)``, ``name[...]``
chain whose root is the program's) is replaced by ``_tau_call(k, ...)``: the
program's box evaluates leaf ``k`` in the program's namespace, with the
oracle's values for the oracle's names it borrows (``f(i)`` in a comprehension
over ``i``), and sends the value back as plain data. Everything else (the
expected side, the comparison, ``and``/``or``/``all``/``sorted(key=...)``...)
runs in the oracle with the real builtins. An assignment that binds or changes
the program's names (``s = Stack()``, ``s.size = 3``) runs in the program's box
(a ``program`` statement); any other statement runs in the oracle.

What stays visible to the program, by construction: the arguments of its own
calls (``f(3)`` sends 3), and whatever a statement hands to a function of the
program (``check(f(2), 4)`` with ``check`` the program's sends 4). Keep
expected values on the oracle's side of a comparison. An assertion whose
truth is nothing but the program's value (``assert is_prime(7)``) passes for
any program that answers a truthy value, as ``is_prime = lambda n: True``
would. A builtin or module name in an assertion means the builtin or module,
never a program's function of that name. An object of the program's (not plain
data) answers for its own text, length, truth and items, never for a
comparison: it equals only itself, and ``x in obj`` holds when one of the items
it iterates equals ``x`` in the oracle (a class with a ``__contains__`` and no
items holds nothing). No exception of the program's ends an iteration of the
oracle's (``StopIteration`` raised by ``f`` fails ``all(map(f, xs))``, see
``oracle_bootstrap``).

:func:`judge` reads the oracle's report (see ``oracle_bootstrap``).
"""

from __future__ import annotations

import ast
import builtins
import copy
import json
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Set, Tuple

# standard modules an assertion may name as ``module.attribute`` (imported in the oracle's box)
MODULES = frozenset({
    "math", "cmath", "itertools", "functools", "operator", "collections", "string", "re", "heapq", "bisect",
    "statistics", "fractions", "decimal", "datetime", "copy", "json", "textwrap", "unicodedata", "array",
    "struct", "typing", "enum", "numbers", "calendar", "difflib", "keyword",
})
BUILTIN_NAMES = frozenset(name for name in dir(builtins) if not name.startswith("_"))
CALL = "_tau_call"
ARGS = "_tau_a"
ASSIGNMENTS = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)
REPORT_LIMIT = 1 << 20


@dataclass
class Statement:
    kind: str  # "assert" | "exec" (in the oracle) | "program" (in the program's box)
    src: str  # what runs
    text: str  # the statement as the prompt wrote it
    args: List[str] = field(default_factory=list)  # program statements: the oracle's names it borrows


@dataclass
class AssertPlan:
    statements: List[Statement] = field(default_factory=list)
    leaves: List[str] = field(default_factory=list)
    modules: List[str] = field(default_factory=list)

    @property
    def assertions(self) -> List[Statement]:
        return [s for s in self.statements if s.kind == "assert"]

    def job(self) -> Dict[str, Any]:
        """The oracle's job (without limits and descriptors)."""
        return {"modules": self.modules, "leaves": self.leaves,
                "statements": [{"kind": s.kind, "src": s.src, "args": s.args} for s in self.statements]}


def _bound(node: ast.AST) -> Set[str]:
    """Names a statement or expression binds anywhere inside it."""
    names: Set[str] = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name) and isinstance(sub.ctx, (ast.Store, ast.Del)):
            names.add(sub.id)
        elif isinstance(sub, ast.arg):
            names.add(sub.arg)
        elif isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(sub.name)
        elif isinstance(sub, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in sub.names)
        elif isinstance(sub, ast.ExceptHandler) and sub.name:
            names.add(sub.name)
        elif isinstance(sub, (ast.Global, ast.Nonlocal)):
            names.update(sub.names)
    return names


def _top_bound(node: ast.AST) -> Set[str]:
    """Names a statement binds in the namespace it runs in (not those of its comprehensions,
    lambdas, or the bodies of the functions and classes it defines)."""
    names: Set[str] = set()
    pending = [node]
    while pending:
        sub = pending.pop()
        if isinstance(sub, ast.Name) and isinstance(sub.ctx, (ast.Store, ast.Del)):
            names.add(sub.id)
        elif isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(sub.name)
            continue
        elif isinstance(sub, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in sub.names)
        elif isinstance(sub, ast.ExceptHandler) and sub.name:
            names.add(sub.name)
        elif isinstance(sub, ast.NamedExpr):
            names.add(sub.target.id)
        if isinstance(sub, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            continue
        pending.extend(ast.iter_child_nodes(sub))
    return names


def _root(node: ast.AST) -> Tuple[Optional[ast.Name], bool]:
    """The Name at the root of a name/attribute/call/subscript chain, and whether an attribute hangs on it."""
    attribute = False
    while True:
        if isinstance(node, ast.Name):
            return node, attribute
        if isinstance(node, ast.Attribute):
            node, attribute = node.value, True
        elif isinstance(node, ast.Call):
            node, attribute = node.func, False
        elif isinstance(node, ast.Subscript):
            node, attribute = node.value, False
        else:
            return None, False


class _Planner:
    def __init__(self) -> None:
        self.plan = AssertPlan()
        self.oracle_names: Set[str] = set()
        self.program_names: Set[str] = set()

    def owner(self, name: str, local: Set[str], attribute_root: bool) -> str:
        if name in local:
            return "oracle"
        if name in self.program_names:
            return "program"
        if name in self.oracle_names or name in BUILTIN_NAMES:
            return "oracle"
        if attribute_root and name in MODULES:
            if name not in self.plan.modules:
                self.plan.modules.append(name)
            return "oracle"
        return "program"

    def borrowed(self, node: ast.AST, local: Set[str], inner: Set[str]) -> List[str]:
        """The oracle's own names (not builtins or modules) a part going to the program loads;
        ``inner``: the names the part binds itself."""
        names: List[str] = []
        for sub in ast.walk(node):
            if (isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load) and sub.id not in inner
                    and sub.id not in names and sub.id not in self.program_names
                    and (sub.id in local or sub.id in self.oracle_names)):
                names.append(sub.id)
        for sub in ast.walk(node):
            if isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name) and sub.value.id in MODULES:
                self.owner(sub.value.id, local, True)  # the program's box imports it too, where unbound
        return names

    @staticmethod
    def _substitute(node: ast.AST, names: List[str], inner: Set[str]) -> ast.AST:
        copied = copy.deepcopy(node)
        for sub in ast.walk(copied):
            for name, child in ast.iter_fields(sub):
                values = child if isinstance(child, list) else [child]
                for position, value in enumerate(values):
                    if isinstance(value, ast.Name) and value.id in names and value.id not in inner and isinstance(value.ctx, ast.Load):
                        replacement = ast.Subscript(value=ast.Name(id=ARGS, ctx=ast.Load()),
                                                    slice=ast.Constant(names.index(value.id)), ctx=ast.Load())
                        if isinstance(child, list):
                            child[position] = replacement
                        else:
                            setattr(sub, name, replacement)
        return copied

    def leaf(self, node: ast.expr, local: Set[str]) -> ast.expr:
        if not isinstance(getattr(node, "ctx", ast.Load()), ast.Load):
            raise ValueError("a statement that assigns to the program's objects must stand on its own")
        inner = _bound(node)
        names = self.borrowed(node, local, inner)
        self.plan.leaves.append(ast.unparse(self._substitute(node, names, inner)))
        return ast.Call(func=ast.Name(id=CALL, ctx=ast.Load()),
                        args=[ast.Constant(len(self.plan.leaves) - 1)] + [ast.Name(id=n, ctx=ast.Load()) for n in names],
                        keywords=[])

    def rewrite(self, node: ast.AST, local: Set[str], attribute_root: bool = False) -> ast.AST:
        if isinstance(node, (ast.Name, ast.Attribute, ast.Call, ast.Subscript)):
            root, hangs = _root(node)
            if root is not None and self.owner(root.id, local, hangs or (attribute_root and node is root)) == "program":
                return self.leaf(node, local)  # type: ignore[arg-type]
        for name, child in ast.iter_fields(node):
            if isinstance(child, list):
                setattr(node, name, [self.rewrite(c, local) if isinstance(c, ast.AST) else c for c in child])
            elif isinstance(child, ast.AST):
                below_attribute = isinstance(node, ast.Attribute) and name == "value"
                setattr(node, name, self.rewrite(child, local, below_attribute))
        return node

    def uses_program(self, statement: ast.stmt) -> bool:
        before = len(self.plan.leaves)
        try:
            self.rewrite(copy.deepcopy(statement), _bound(statement))
        except ValueError:  # a leaf to assign to: the program's, certainly
            pass
        used = len(self.plan.leaves) > before or any(
            isinstance(t, (ast.Attribute, ast.Subscript)) and self.owner(_root(t)[0].id, set(), False) == "program"
            for t in self._targets(statement) if _root(t)[0] is not None)
        del self.plan.leaves[before:]
        return used

    @staticmethod
    def _targets(statement: ast.stmt) -> List[ast.expr]:
        return list(getattr(statement, "targets", None) or [getattr(statement, "target", None)] if not isinstance(statement, ast.Delete) else statement.targets)

    @staticmethod
    def _assigned_names(statement: ast.stmt) -> Set[str]:
        targets = getattr(statement, "targets", None) or [getattr(statement, "target", None)]
        return {n.id for t in targets if t is not None for n in ast.walk(t) if isinstance(n, ast.Name)}

    def add(self, statement: ast.stmt) -> None:
        text = ast.unparse(statement)
        if isinstance(statement, ASSIGNMENTS) and self.uses_program(statement):
            inner = _bound(statement) - self._assigned_names(statement)
            names = self.borrowed(statement, set(), inner)
            src = ast.unparse(self._substitute(statement, names, inner))
            self.plan.statements.append(Statement("program", src, text, names))
            assigned = self._assigned_names(statement)
            self.program_names |= assigned
            self.oracle_names -= assigned
            return
        local = _bound(statement)
        if isinstance(statement, ast.Assert):
            test = self.rewrite(copy.deepcopy(statement.test), local)
            self.plan.statements.append(Statement("assert", ast.unparse(test), text))
        else:
            rewritten = self.rewrite(copy.deepcopy(statement), local)
            self.plan.statements.append(Statement("exec", ast.unparse(rewritten), text))
        if not isinstance(statement, (ast.Assert, ast.Expr)):
            for name in _top_bound(statement):
                self.oracle_names.add(name)
                self.program_names.discard(name)


def plan_asserts(sources: Sequence[str]) -> AssertPlan:
    """The plan for the prompt's ``asserts`` (ValueError when one does not parse or holds no assert)."""
    planner = _Planner()
    asserts = 0
    for source in sources:
        try:
            module = ast.parse(str(source))
        except (SyntaxError, ValueError) as exc:
            raise ValueError(f"an assertion does not parse: {str(source)[:80]!r} ({getattr(exc, 'msg', exc)})") from None
        except RecursionError:
            raise ValueError(f"an assertion is nested too deeply: {str(source)[:80]!r}") from None
        for statement in module.body:
            try:
                planner.add(statement)
            except RecursionError:
                raise ValueError(f"an assertion is nested too deeply: {str(source)[:80]!r}") from None
            asserts += any(isinstance(n, ast.Assert) for n in ast.walk(statement))
    if not asserts:
        raise ValueError("'asserts' holds no assert statement")
    return planner.plan


def read_report(stdout: str, count: int) -> Tuple[Optional[List[Dict[str, Any]]], str]:
    """The oracle's records, one per statement, or None and why the report does not count."""
    if len(stdout) > REPORT_LIMIT:
        return None, "the oracle's report is too long"
    try:
        records = [json.loads(line) for line in stdout.splitlines()]
    except ValueError:
        return None, "the oracle's report is malformed"
    if records and isinstance(records[0], dict) and records[0].get("program") == "error":
        return None, str(records[0].get("error"))[:300]
    if len(records) != count + 1 or records[-1] != {"end": count}:
        return None, "the oracle did not finish (the run ran out of time or memory)"
    for index, record in enumerate(records[:-1]):
        if not isinstance(record, dict) or record.get("i") != index or not isinstance(record.get("passed"), bool):
            return None, "the oracle's report has lines out of place"
    return records[:-1], ""


def judge(plan: AssertPlan, oracle_stdout: str) -> Tuple[bool, List[Dict[str, Any]], str]:
    """(every statement held, one detail per assertion and per failed statement, why not)."""
    records, problem = read_report(oracle_stdout, len(plan.statements))
    if records is None:
        return False, [{"assert": s.text[:200], "passed": False} for s in plan.assertions], problem
    details: List[Dict[str, Any]] = []
    for statement, record in zip(plan.statements, records):
        if statement.kind == "assert" or not record["passed"]:
            detail: Dict[str, Any] = {"assert" if statement.kind == "assert" else "statement": statement.text[:200],
                                      "passed": record["passed"]}
            if "error" in record:
                detail["error"] = str(record["error"])[:300]
            details.append(detail)
    passed = all(d["passed"] for d in details)
    if passed:
        return True, details, ""
    failed = next(d for d in details if not d["passed"])
    return False, details, "a statement failed" if "statement" in failed else "an assertion failed"
