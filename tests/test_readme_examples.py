"""Issues 16 and 28: every Python example of the README runs as written, and every value its
comments print is what it prints.

The README's convention, checked here on the README itself (not on a copy of its blocks):
every ``print(...)`` call of a block carries a comment, and the comment starts with exactly
the line that call prints; what follows it, after ``:``, ``,``, ``;`` or `` (``, is prose.
``# 1.24: outcome 1 + ...`` after a call printing ``1.24`` holds; ``# ok 1.0`` after a call
printing ``VerifierStatus.VERIFIED 0.769...`` does not, and neither does ``# 1`` after
``1.0``. A print runs once (a loop's values go in one list). A block that needs a package
outside the test extras (tau-bench, which is not on PyPI; verifiers) runs where it is
installed, and is skipped, saying so, elsewhere.
"""

from __future__ import annotations

import ast
import importlib.util
import io
import re
import tokenize
from typing import Dict, List, Tuple

import pytest

from tests.conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
PRINT = "__readme_print__"
# a block naming the key needs that module installed
OPTIONAL = {"tau_bench": "tau_bench", "verifiers_adapter": "verifiers"}


def python_blocks(text: str) -> List[Tuple[int, str]]:
    """(README line of the block's first code line, code) of every ```python block."""
    return [(text.count("\n", 0, m.start(1)) + 1, m.group(1)) for m in re.finditer(r"^```python\n(.*?)^```", text, re.S | re.M)]


BLOCKS = python_blocks(README)


def stated(comment: str, printed: str) -> bool:
    """The comment states what was printed: the printed line, then the end or a separator."""
    if not printed or not comment.startswith(printed):
        return False
    rest = comment[len(printed):]
    return rest == "" or rest.startswith(" (") or re.match(r"[:,;](?:\s|$)", rest) is not None


class _Prints(ast.NodeTransformer):
    """``print(a, b)`` at line N becomes ``__readme_print__(N, a, b)``."""

    def __init__(self) -> None:
        self.calls: List[ast.Call] = []

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id == "print":
            self.calls.append(node)
            return ast.copy_location(ast.Call(func=ast.Name(PRINT, ast.Load()),
                                              args=[ast.Constant(node.lineno), *node.args], keywords=node.keywords), node)
        return node


def _comments(code: str) -> Dict[int, str]:
    return {tok.start[0]: tok.string.lstrip("#").strip()
            for tok in tokenize.generate_tokens(io.StringIO(code).readline) if tok.type == tokenize.COMMENT}


def check_block(code: str, first_line: int = 1) -> List[str]:
    """Run a block; the problems with its prints' comments (README line numbers), if any."""
    tree = ast.parse(code, "README.md")
    prints = _Prints()
    tree = ast.fix_missing_locations(prints.visit(tree))
    printed: Dict[int, List[str]] = {}

    def record(line: int, *args, sep: str = " ", end: str = "\n", **_ignored) -> None:
        printed.setdefault(line, []).append(sep.join(str(a) for a in args))

    exec(compile(tree, "README.md", "exec"), {"__name__": "__readme__", PRINT: record})  # noqa: S102 - our own README
    comments = _comments(code)
    problems = []
    for call in prints.calls:
        where = f"README.md:{first_line + call.lineno - 1}"
        comment = comments.get(call.end_lineno) or comments.get(call.lineno)
        outputs = printed.get(call.lineno, [])
        if comment is None:
            problems.append(f"{where}: a print with no comment stating what it prints ({outputs})")
        elif len(outputs) != 1:
            problems.append(f"{where}: the print ran {len(outputs)} times (one line per print: {outputs})")
        elif not stated(comment, outputs[0]):
            problems.append(f"{where}: it prints {outputs[0]!r}, its comment says {comment!r}")
    return problems


def test_the_readme_has_its_examples():
    codes = [code for _, code in BLOCKS]
    assert len(codes) >= 8
    assert 'load_domain("food_delivery")' in codes[0] and "make_env(" in codes[0]  # the first builds the bundled env
    assert sum(code.count("print(") for code in codes) >= 15


@pytest.mark.parametrize("first_line, code", BLOCKS, ids=[f"line{line}" for line, _ in BLOCKS])
def test_readme_python_block_prints_what_its_comments_say(first_line, code, tmp_path, monkeypatch):
    for key, module in OPTIONAL.items():
        if key in code and importlib.util.find_spec(module) is None:
            pytest.skip(f"{module} is not installed (the block at README.md:{first_line} needs it)")
    monkeypatch.chdir(tmp_path)
    problems = check_block(code, first_line)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("comment, printed, holds", [
    ("1.24", "1.24", True),
    ("1.24: outcome 1 + 0.3 x process 0.8", "1.24", True),
    ("1.0, sandboxed", "1.0", True),
    ("verified 0.7692: the shaped reward", "verified 0.7692", True),
    ("1.0 0.0 0.0 (see below)", "1.0 0.0 0.0", True),
    ("ok 1.0 (None: it abstained)", "VerifierStatus.VERIFIED 0.7692307692307692", False),
    ("1.0", "1.0 0.0", False),
    ("1", "1.0", False),
    ("1.0", "1", False),
    ("76 []", "76 ['shaped', 'outcome']", False),
    ("[1.0, 1.24, 0.0]", "[1.0, 1.24, 0.0]", True),
    ("", "", False),
])
def test_what_a_comment_must_say(comment, printed, holds):
    assert stated(comment, printed) is holds


def test_a_wrong_comment_a_missing_comment_and_a_print_in_a_loop_are_found():
    """The check itself: each way a block can drift from its comments is reported with its line."""
    good = "x = 0.5 + 0.5\nprint(x)  # 1.0: the sum\nprint('ok', x)  # ok 1.0\n"
    assert check_block(good, 10) == []
    wrong = "print(0.1 + 0.2)  # 0.3\n"
    assert check_block(wrong, 10) == ["README.md:10: it prints '0.30000000000000004', its comment says '0.3'"]
    assert "no comment" in check_block("x = 1\nprint(x)\n", 10)[0] and "README.md:11" in check_block("x = 1\nprint(x)\n", 10)[0]
    assert "ran 2 times" in check_block("for i in range(2):\n    print(i)  # 0\n")[0]
    multi_line = "print(\n    1 + 1,\n)  # 2\n"
    assert check_block(multi_line) == []
