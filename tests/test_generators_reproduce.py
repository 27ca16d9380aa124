"""The task files and the grader corpus are generated, seeded and reproducible: regenerating
them rewrites every file byte for byte (so a task id always means the same task)."""

from __future__ import annotations

import importlib.util
import sys

import pytest

from tests.conftest import ROOT

SCRIPTS = ROOT / "scripts"


def _load(name):
    sys.path.insert(0, str(SCRIPTS))
    try:
        spec = importlib.util.spec_from_file_location(f"_regen_{name}", SCRIPTS / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(SCRIPTS))


@pytest.mark.parametrize("script, folder", [("generate_food_delivery_tasks", ROOT / "tasks" / "food_delivery"),
                                            ("generate_grader_corpus", ROOT / "tests" / "grader")])
def test_regenerating_reproduces_every_file(tmp_path, script, folder, capsys):
    module = _load(script)
    module.OUT = tmp_path
    module.main()
    written = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.json"))
    assert written == sorted(p.relative_to(folder) for p in folder.rglob("*.json"))
    for rel in written:
        assert (tmp_path / rel).read_bytes() == (folder / rel).read_bytes(), rel
