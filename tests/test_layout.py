"""The package's layout (issue 12): layers that import only downward, no import circles,
few top-level modules, no module past ~400 lines."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "tau_shaped"
LAYERS = ["env", "reward", "tasks", "evaluation", "verifiers", "report", "integrations", "cli"]


def test_at_most_eight_modules_directly_under_the_package():
    modules = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(modules) <= 8, modules


def test_every_layer_is_a_package():
    for layer in LAYERS:
        assert (PACKAGE / layer / "__init__.py").is_file(), layer


def test_no_module_is_over_four_hundred_lines():
    long = {str(p.relative_to(ROOT)): n for p in PACKAGE.rglob("*.py") if (n := len(p.read_text().splitlines())) > 400}
    assert not long, long


@pytest.mark.skipif(shutil.which("lint-imports") is None and not Path(sys.executable).with_name("lint-imports").exists(),
                    reason="import-linter is not installed (it is in the test extra)")
def test_import_contracts_hold():
    """import-linter's layers, independence and acyclic-siblings contracts (pyproject.toml)."""
    exe = Path(sys.executable).with_name("lint-imports")
    command = [str(exe)] if exe.exists() else ["lint-imports"]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "0 broken" in result.stdout


def test_every_package_is_listed_for_installation():
    """A non-editable install ships only the packages setup.py finds: each folder of the
    library with an ``__init__.py`` must be there, every domain folder included, with no edit
    for a new one (setup.py finds them; pyproject.toml's package-data globs ship their files)."""
    import runpy

    listed = set(runpy.run_path(str(ROOT / "setup.py"), run_name="setup_discovery")["packages"]())
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "tau_shaped").rglob("__init__.py")}
    found |= {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "tau_shaped_domains").rglob("__init__.py")}
    assert found - listed == set(), sorted(found - listed)
    assert {"tau_shaped_domains.food_delivery", "tau_shaped_domains.template"} <= listed


def test_every_bundled_domain_is_in_the_independence_contract():
    """pyproject.toml's import-linter contract "Domains are independent packages" names each
    bundled domain: one left out could import another unseen."""
    import tomllib

    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    independent = next(c for c in contracts if c["type"] == "independence" and "Domains" in c["name"])
    bundled = {"tau_shaped_domains." + p.parent.name for p in (ROOT / "tau_shaped_domains").glob("*/__init__.py")}
    assert set(independent["modules"]) == bundled
