"""The task files and the grader corpus are generated, seeded and reproducible: regenerating
them rewrites every file byte for byte (so a task id always means the same task)."""

from __future__ import annotations

import importlib.util
import json
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


@pytest.mark.parametrize("script, folder", [("generate_food_delivery_tasks", ROOT / "tau_shaped_domains" / "food_delivery" / "tasks"),
                                            ("generate_grader_corpus", ROOT / "tau_shaped_domains" / "food_delivery" / "grader")])
def test_regenerating_reproduces_every_file(tmp_path, script, folder, capsys):
    module = _load(script)
    module.OUT = tmp_path
    module.main()
    written = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.json"))
    assert written == sorted(p.relative_to(folder) for p in folder.rglob("*.json"))
    for rel in written:
        assert (tmp_path / rel).read_bytes() == (folder / rel).read_bytes(), rel


def test_the_tau2_retail_corpus_is_what_its_generator_writes():
    """scripts/build_tau2_retail_grader_corpus.py and build_tau2_statement_grader_corpus.py write
    the tau2 retail corpus byte for byte (its labels are the policy's reading, its trajectories
    tau2's tasks as converted)."""
    pytest.importorskip("tau2")
    folder = ROOT / "tau_shaped_domains" / "tau2_retail" / "grader"
    spec = importlib.util.spec_from_file_location("_regen_tau2_retail_corpus", SCRIPTS / "build_tau2_retail_grader_corpus.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    built = module.build()
    # the rules that read the agent's words have their own builder (issue 31, 32), whose retail
    # file sits in the same folder
    spec = importlib.util.spec_from_file_location("_regen_tau2_statements", SCRIPTS / "build_tau2_statement_grader_corpus.py")
    statements = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(statements)
    built["statements_and_refusals.json"] = statements.retail()
    assert sorted(built) == sorted(p.name for p in folder.glob("*.json"))
    for name, entries in built.items():
        text = json.dumps(entries, indent=1, ensure_ascii=False) + "\n"
        assert text == (folder / name).read_text(encoding="utf-8"), name
