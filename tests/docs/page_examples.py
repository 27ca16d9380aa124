"""Running a documentation page's examples as tests (issues 42 and 45), so a page cannot drift
from the code. Shared by ``test_authoring_walkthrough.py`` and ``test_extending_examples.py``.

A page's conventions:

- a fenced block whose info string names a file (```json my_tasks/x.json, ```python
  wordy_kind.py) is written to that file, relative to an empty folder, at its place in the page;
- in a ```console block each ``$ tau-shaped ...`` line is a command and the lines under it its
  output: run in this process with typer's runner (split with shlex, never through a shell);
  ``$ python FILE.py`` runs a file the page wrote, in this process (``runpy``), its stdout the
  output; a line ``...`` stands for any number of lines and a line ending in ``...`` for any
  line that starts with what comes before it;
- ``<!-- exit N -->`` just above a block is the exit status its commands end with (else 0).
"""

from __future__ import annotations

import contextlib
import io
import re
import runpy
import shlex
import sys
import traceback
from pathlib import Path
from typing import List, Tuple

BLOCK = re.compile(r"^(?:<!-- exit (?P<exit>\d+) -->\n)?```(?P<lang>[\w-]*)(?P<name>[^\n]*)\n(?P<body>.*?)^```[ \t]*$",
                   re.M | re.S)
#: Every fenced python block, indented ones (inside a list item) too: (its name, its code).
PYTHON_BLOCK = re.compile(r"^(?P<indent>[ \t]*)```python(?P<name>[^\n]*)\n(?P<body>.*?)^(?P=indent)```[ \t]*$", re.M | re.S)
#: A name with a leading underscore that is no dunder (``_Strict``, ``module._KEPT``).
PRIVATE_NAME = re.compile(r"(?<![\w.])_(?!_)[A-Za-z0-9]\w*|\._(?!_)\w+")


def steps(text: str) -> List[Tuple]:
    """("file", name, content) and ("run", command, expected lines, exit status), in order."""
    found: List[Tuple] = []
    for block in BLOCK.finditer(text):
        lang, name, body = block["lang"], block["name"].strip(), block["body"]
        if lang in ("json", "python") and name:
            found.append(("file", name, body))
        elif lang == "console":
            status = int(block["exit"] or 0)
            for line in body.splitlines():
                if line.startswith("$ "):
                    found.append(("run", line[2:], [], status))
                elif found and found[-1][0] == "run":
                    found[-1][2].append(line.rstrip())
    return found


def python_blocks(text: str) -> List[Tuple[str, str]]:
    """(name, code) of every python block, dedented to its fence."""
    out = []
    for block in PYTHON_BLOCK.finditer(text):
        indent = len(block["indent"])
        code = "\n".join(line[indent:] for line in block["body"].splitlines())
        out.append((block["name"].strip(), code))
    return out


def private_names(code: str) -> List[str]:
    """The private names an example uses (an example shows only what a reader may import)."""
    code = re.sub(r"#.*", "", code)  # a comment may mention anything
    return sorted(set(PRIVATE_NAME.findall(code)))


def matches(expected: List[str], got: List[str]) -> bool:
    """Every expected line in order, consecutive except where a ``...`` line skips lines."""
    if not expected:
        return not got
    head, rest = expected[0], expected[1:]
    if head == "...":
        return any(matches(rest, got[i:]) for i in range(len(got) + 1))
    if not got:
        return False
    line = got[0].rstrip()
    fits = line.startswith(head[:-3]) if head.endswith("...") else line == head
    return fits and matches(rest, got[1:])


def run_python(path: Path) -> Tuple[int, str]:
    """Run a file the page wrote as ``python FILE`` would (its folder first on sys.path):
    (exit status, stdout then any traceback)."""
    out = io.StringIO()
    status = 0
    sys.path.insert(0, str(path.parent))
    try:
        with contextlib.redirect_stdout(out):
            runpy.run_path(str(path), run_name="__main__")
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else 1
    except Exception:  # noqa: BLE001 - shown in the failure, as python would print it
        status = 1
        out.write(traceback.format_exc())
    finally:
        sys.path.remove(str(path.parent))
    return status, out.getvalue()


def run_page(page: Path, folder: Path) -> None:
    """Write the page's files in ``folder`` (the working folder) and run its commands in order;
    AssertionError naming the first command whose status or output is not the page's."""
    from typer.testing import CliRunner

    from tau_shaped.cli import app

    runner = CliRunner()
    for step in steps(page.read_text(encoding="utf-8")):
        if step[0] == "file":
            path = folder / step[1]
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(step[2], encoding="utf-8")
            continue
        _, command, expected, status = step
        argv = shlex.split(command)
        if argv[0] == "python":
            assert len(argv) == 2 and argv[1].endswith(".py"), command
            code, output = run_python(folder / argv[1])
        else:
            assert argv[0] == "tau-shaped", command
            result = runner.invoke(app, argv[1:])
            assert result.exception is None or isinstance(result.exception, SystemExit), (command, result.exception)
            code, output = result.exit_code, result.output
        assert code == status, f"{page.name}: {command}: exit {code} (the page shows {status})\n{output}"
        if not matches(expected, output.splitlines()):
            raise AssertionError(f"{page.name}: {command}: the page shows\n" + "\n".join(expected)
                                 + "\nthe command printed\n" + output)
