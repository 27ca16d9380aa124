"""tau-bench's domain modules are imported without running its package ``__init__`` files
(which import litellm, ~3 s), and the packages still run them on first use (issue 20).

tau_bench is not on PyPI, so this builds a package laid out like it (the same module names and
imports) under another name; ``tests/integrations/taubench/test_taubench_mixin.py`` runs on the real one where it is
installed."""

import sys

import pytest

from tau_shaped.integrations.taubench_import import domain_module

PACKAGE = "fake_taubench_layout"

FILES = {
    "__init__.py": "from fake_taubench_layout.envs.base import Env as Env\n",
    "types.py": "class Task:\n    pass\n",
    "envs/__init__.py": "from fake_taubench_layout.envs.base import Env\n\ndef get_env():\n    return 'env'\n",
    "envs/base.py": "import fake_heavy_dependency\n\nclass Env:\n    pass\n",
    "envs/tool.py": "class Tool:\n    pass\n",
    "envs/shop/__init__.py": "from fake_taubench_layout.envs.shop.env import ShopEnv as ShopEnv\n",
    "envs/shop/env.py": "from fake_taubench_layout.envs.base import Env\nfrom fake_taubench_layout.envs.shop.tools import ALL_TOOLS\n\nclass ShopEnv(Env):\n    tools = ALL_TOOLS\n",
    "envs/shop/tools.py": "from fake_taubench_layout.envs.tool import Tool\n\nclass Find(Tool):\n    pass\n\nALL_TOOLS = [Find]\n",
    "envs/shop/tasks.py": "from fake_taubench_layout.types import Task\n\nTASKS = [Task(), Task()]\n",
}


@pytest.fixture
def layout(tmp_path, monkeypatch):
    for name, text in FILES.items():
        path = tmp_path / PACKAGE / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    (tmp_path / "fake_heavy_dependency.py").write_text("import sys\nsys.fake_heavy_imported = True\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield
    for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".") or m == "fake_heavy_dependency"]:
        del sys.modules[name]
    if hasattr(sys, "fake_heavy_imported"):
        del sys.fake_heavy_imported


def test_domain_modules_import_without_the_package_init(layout):
    tools = domain_module("shop", "tools", PACKAGE)
    tasks = domain_module("shop", "tasks", PACKAGE)
    assert [t.__name__ for t in tools.ALL_TOOLS] == ["Find"] and len(tasks.TASKS) == 2
    assert "fake_heavy_dependency" not in sys.modules and not hasattr(sys, "fake_heavy_imported")
    assert f"{PACKAGE}.envs.base" not in sys.modules


def test_the_packages_run_their_init_on_first_use(layout):
    tools = domain_module("shop", "tools", PACKAGE)
    tasks = domain_module("shop", "tasks", PACKAGE)
    import fake_taubench_layout
    from fake_taubench_layout.envs import get_env  # the envs package's own code, run now

    assert get_env() == "env" and sys.fake_heavy_imported
    assert fake_taubench_layout.Env is sys.modules[f"{PACKAGE}.envs.base"].Env
    from fake_taubench_layout.envs.shop import ShopEnv

    # the modules loaded first are the ones the whole package uses: one class for everyone
    assert ShopEnv.tools is tools.ALL_TOOLS
    from fake_taubench_layout.types import Task

    assert all(type(t) is Task for t in tasks.TASKS)
    with pytest.raises(AttributeError):
        fake_taubench_layout.no_such_name


def test_a_package_imported_whole_is_used_as_it_is(layout):
    import fake_taubench_layout.envs.shop as shop  # the usual import: every __init__ runs

    assert sys.fake_heavy_imported
    assert domain_module("shop", "tools", PACKAGE).ALL_TOOLS is shop.env.ALL_TOOLS


def test_a_missing_package_or_domain_is_an_import_error(layout):
    with pytest.raises(ImportError):
        domain_module("shop", "tools", "no_such_package_here")
    with pytest.raises(ImportError):
        domain_module("no_such_domain", "tools", PACKAGE)


EDITABLE = "fake_taubench_editable"


@pytest.fixture
def editable_install(tmp_path):
    """A package laid out like tau-bench (flat: the package folder at the project's root, as
    tau-bench's checkout has it), installed the way tau-bench's README says: ``pip install -e``.
    setuptools then writes a ``__editable__…_finder.py`` on a .pth: a finder on sys.meta_path
    mapping the name to the checkout, and no sys.path entry. Uninstalled afterwards."""
    import subprocess

    project = tmp_path / "checkout"
    for name, text in FILES.items():
        path = project / EDITABLE / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text.replace(PACKAGE, EDITABLE))
    packages = [EDITABLE, f"{EDITABLE}.envs", f"{EDITABLE}.envs.shop"]
    (project / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools"]\nbuild-backend = "setuptools.build_meta"\n'
        f'[project]\nname = "{EDITABLE.replace("_", "-")}"\nversion = "0.1"\n'
        f"[tool.setuptools]\npackages = {packages!r}\n".replace("'", '"'))
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-input", "-q"]
    done = subprocess.run(pip + ["install", "--no-deps", "--no-build-isolation", "-e", str(project)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    try:
        yield project
    finally:
        subprocess.run(pip + ["uninstall", "-y", EDITABLE.replace("_", "-")], capture_output=True, timeout=300)


def test_an_editable_install_is_found_from_any_folder(editable_install, tmp_path):
    """tau-bench installed with ``pip install -e tau-bench/`` is found from another working
    folder, its domain modules imported still without its package __init__ files."""
    import subprocess

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "fake_heavy_dependency.py").write_text("import sys\nsys.fake_heavy_imported = True\n")
    code = (
        "import sys\n"
        "from importlib.machinery import PathFinder\n"
        f"assert PathFinder.find_spec({EDITABLE!r}, None) is None, 'found on sys.path: not the editable finder'\n"
        "from tau_shaped.integrations.taubench_import import domain_module\n"
        f"tools = domain_module('shop', 'tools', {EDITABLE!r})\n"
        f"tasks = domain_module('shop', 'tasks', {EDITABLE!r})\n"
        f"print([t.__name__ for t in tools.ALL_TOOLS], len(tasks.TASKS), {EDITABLE + '.envs.base'!r} in sys.modules, "
        "hasattr(sys, 'fake_heavy_imported'))\n"
        f"import {EDITABLE}.envs.shop as shop\n"
        "print(shop.ShopEnv.tools is tools.ALL_TOOLS)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=elsewhere, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == ["['Find'] 2 False False", "True"]


def test_tau_bench_missing_names_how_to_install_it():
    with pytest.raises(ImportError) as caught:
        domain_module("retail", "tools", "no_such_tau_bench_here")
    assert "pip install" in str(caught.value) and "tau-bench" in str(caught.value)
