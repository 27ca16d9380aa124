"""Issue 28: the repository stands alone. No test, script, module or document of the
repository reads or points outside its root: no shared folder beside it, no environment
variable pointing there, no absolute path of a developer's machine, no ``Path(__file__)`` walked above the root, no
relative link of a document that leaves the root. ``.ci/run`` proves the same by running the
test suite in a clone with nothing beside it; this test says which line of which file breaks
it, in any checkout, in seconds.

The programs under ``tests/verifiers/hostile_programs/`` are left out: they are what the code
verifier's sandbox runs, and reaching outside is the attack whose failure is tested.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path, PurePosixPath
from typing import Iterator, List, Tuple

import pytest

from tests.conftest import ROOT

THIS = "tests/test_stands_alone.py"
# sandboxed attack programs (and the test that writes one inline): reaching out is their point
EXEMPT_PREFIXES = ("tests/verifiers/hostile_programs/",)
EXEMPT_LINES = {("tests/verifiers/test_code_verifier.py", "open('../{marker}.txt', 'w')")}
TEXT_SUFFIXES = {".py", ".md", ".toml", ".cfg", ".ini", ".txt", ".yaml", ".yml", ".sh", ".json", ".in", ""}
MAX_BYTES = 2_000_000  # the big data files (worlds, task sets, corpora) hold no paths

FORBIDDEN = [
    (re.compile(r"\.\./shared\b"), "the shared folder beside the repository"),
    (re.compile(r"TAU_SHAPED_" r"SHARED"), "the variable that pointed at the shared folder"),
    (re.compile(r"(?<![\w.])shared/(?:fixtures|SPEC\.md)"), "a file of the shared folder"),
    (re.compile(r"(?<![\w@])/work/"), "an absolute path of the development machine"),
    (re.compile(r"\bos\.pardir\b"), "the parent folder"),
]
# Path(__file__)[.resolve()] followed by .parent... or .parents[k]
FILE_WALK = re.compile(r"Path\(__file__\)(?:\.resolve\(\)|\.absolute\(\))?((?:\.parent\b)+|\.parents\[(\d+)\])")
ROOT_NAME = re.compile(r"^\s*([A-Z_][A-Z0-9_]*)\s*=\s*Path\(__file__\)")
# ".." given to what opens, lists or joins paths, or a Path divided by it (a string such as
# "../../etc" handed to a sanitizer under test is data, not a read)
PARENT_READ = re.compile(r"""(?:\b(?:open|Path|PurePath|PurePosixPath|join|chdir|listdir|scandir|glob|walk)\s*\("""
                         r"""[^()]*|/\s*)(['"])\.\.(?:/[^'"]*)?\1""")
MD_LINK = re.compile(r"\]\(([^)\s]+)\)|`(\.\./[^`\s]*)`")


def _tracked() -> List[str]:
    """The repository's files: git's list where this is a clone, else the tree (a copy of it)."""
    if (ROOT / ".git").exists():
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
        return [name for name in out.stdout.decode("utf-8").split("\0") if name]
    names = []
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d not in {"mutants", "results", "__pycache__"}
                   and not d.endswith(".egg-info")]
        names += [str(Path(folder, f).relative_to(ROOT)) for f in files]
    return names


def _text_files() -> Iterator[Tuple[str, List[str]]]:
    for name in _tracked():
        path = ROOT / name
        if name == THIS or name.startswith(EXEMPT_PREFIXES) or not path.is_file():
            continue
        if PurePosixPath(name).suffix not in TEXT_SUFFIXES and name != ".ci/run":
            continue
        if path.stat().st_size > MAX_BYTES:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        yield name, text.splitlines()


FILES = list(_text_files())


def _depth(name: str) -> int:
    """How many folders a file is below the root (README.md: 0, tests/x.py: 1)."""
    return len(PurePosixPath(name).parts) - 1


def reaches_outside(name: str, line: str, root_names: set) -> str:
    """Why ``line`` of file ``name`` points outside the repository root ('' if it does not)."""
    if any(name == exempt and fragment in line for exempt, fragment in EXEMPT_LINES):
        return ""
    for pattern, what in FORBIDDEN:
        if pattern.search(line):
            return what
    if name.endswith(".py"):
        for match in FILE_WALK.finditer(line):
            ups = int(match.group(2)) + 1 if match.group(2) is not None else match.group(1).count(".parent")
            if ups - 1 > _depth(name):  # Path(__file__).parent is the file's own folder
                return f"Path(__file__) walked {ups} folders up from a file {_depth(name)} below the root"
        for root_name in root_names:
            if re.search(rf"\b{root_name}\s*(?:\.parent\b|/\s*['\"]\.\.)", line):
                return f"the folder above the root ({root_name} is the root)"
        if PARENT_READ.search(line):
            return "a path relative to the working folder's parent"
    if name.endswith(".md"):
        for match in MD_LINK.finditer(line):
            target = (match.group(1) or match.group(2)).split("#")[0]
            if "://" in target or not target.startswith("../"):
                continue
            resolved = os.path.normpath(os.path.join(os.path.dirname(name), target))
            if resolved == ".." or resolved.startswith("../"):
                return f"a link that leaves the repository ({target})"
    return ""


def _root_names(name: str, lines: List[str]) -> set:
    """The module-level names a Python file binds to the repository root itself."""
    names = set()
    for line in lines:
        match = ROOT_NAME.match(line)
        walk = FILE_WALK.search(line)
        if match and walk:
            ups = int(walk.group(2)) + 1 if walk.group(2) is not None else walk.group(1).count(".parent")
            if ups - 1 == _depth(name):
                names.add(match.group(1))
    return names


def test_the_scan_sees_the_repository():
    names = [name for name, _ in FILES]
    assert "README.md" in names and "tests/conftest.py" in names and "tau_shaped/__init__.py" in names
    assert "docs/SPEC.md" in names
    assert len(names) > 200


def test_no_tracked_file_reaches_outside_the_repository():
    found = []
    for name, lines in FILES:
        roots = _root_names(name, lines) if name.endswith(".py") else set()
        for number, line in enumerate(lines, 1):
            why = reaches_outside(name, line, roots)
            if why:
                found.append(f"{name}:{number}: {why}: {line.strip()[:120]}")
    assert not found, "\n".join(found)


def test_the_fixtures_the_tests_read_are_in_the_repository():
    from tests.conftest import FIXTURES

    assert FIXTURES.resolve().is_relative_to(ROOT.resolve())
    assert (FIXTURES / "taubench_hash_vectors.json").is_file()
    assert "taubench_hash_vectors.json" in (FIXTURES / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("name, line, flagged", [
    # (the forbidden words are split in this file's source, so a plain text search of the
    # tree for them finds none here)
    ("tests/conftest.py", 'SHARED = Path(os.environ.get("TAU_SHAPED_' 'SHARED", ROOT.parent / "shared"))', True),
    ("README.md", "specified in `SPEC.md` (kept in `.." "/shared/`).", True),
    ("tests/test_x.py", 'FIXTURE = Path("/work/shared/fixtures/taubench_hash_vectors.json")', True),
    ("tests/test_x.py", "HERE = Path(__file__).resolve().parents[2]", True),
    ("tests/test_x.py", "HERE = Path(__file__).resolve().parent.parent.parent", True),
    ("tests/test_x.py", "ROOT = Path(__file__).resolve().parents[1]", False),
    ("scripts/a.py", "data = ROOT.parent / 'data'", True),
    ("scripts/a.py", "data = ROOT / 'data'", False),
    ("tau_shaped/a/b.py", "open('../secrets.txt')", True),
    ("tau_shaped/a/b.py", "data = Path(here) / '..' / 'shared'", True),
    ("tau_shaped/a/b.py", "os.path.join(ROOT_DIR, '../x')", True),
    ("tests/test_x.py", 'assert name_part("../../etc") == "..-..-etc" and name_part("..") == "x"', False),
    ("tau_shaped/a/b.py", "base = os.path.join(here, os.pardir)", True),
    ("tau_shaped_domains/food_delivery/README.md", "| `../../tasks/food_delivery/{train,test}.json` | the task files |", False),
    ("tau_shaped_domains/food_delivery/README.md", "see [the spec](../../.." "/shared/SPEC.md)", True),
    ("docs/README.md", "[the food-delivery domain](../domains/food_delivery/README.md)", False),
    ("docs/README.md", "[outside](../../elsewhere.md)", True),
    ("tau_shaped/a/b.py", "shared = the records shared with S0", False),
])
def test_what_counts_as_reaching_outside(name, line, flagged):
    """The scan's own rules, on lines that break them and lines that do not."""
    roots = {"ROOT"} if name.startswith("scripts/") else set()
    assert bool(reaches_outside(name, line, roots)) is flagged, reaches_outside(name, line, roots)


def test_every_spec_section_the_code_cites_is_in_docs_spec():
    """Docstrings and tests cite the project's own specification, docs/SPEC.md, as ``SPEC §N``
    or ``SPEC §N.M``: each section cited has its heading there, and §1-§10 are all present."""
    spec = (ROOT / "docs" / "SPEC.md").read_text(encoding="utf-8")
    headings = set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", spec, re.M))
    assert {str(n) for n in range(1, 11)} | {"4.1", "4.2", "4.3", "4.4", "6.1", "6.2", "6.3"} <= headings
    cited = {}
    for name, lines in FILES:
        if name.endswith(".py"):
            for number, line in enumerate(lines, 1):
                for section in re.findall(r"SPEC §(\d+(?:\.\d+)?)", line):
                    cited.setdefault(section, f"{name}:{number}")
    assert len(cited) >= 10, cited
    missing = {section: where for section, where in cited.items() if section not in headings}
    assert not missing, missing


def test_the_documents_links_inside_the_repository_resolve():
    """Every relative link of the README and docs/ names a file or folder of the repository."""
    broken = []
    for name, lines in FILES:
        if name == "README.md" or (name.startswith("docs/") and name.endswith(".md")):
            for match in re.finditer(r"\]\(([^)\s#]+)(?:#[^)]*)?\)", "\n".join(lines)):
                target = match.group(1)
                if "://" not in target and not (ROOT / os.path.dirname(name) / target).exists():
                    broken.append(f"{name}: {target}")
    assert not broken, broken
