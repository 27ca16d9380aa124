"""Importing tau-bench's domain modules (data, tools, tasks, wiki, rules) without
running its package ``__init__`` files first.

``tau_bench/__init__.py`` imports its env base class, which imports the user
simulator, which imports litellm: about 3 s before the first record is scored,
for modules offline scoring never calls. The domain modules themselves need
only ``tau_bench.types`` and ``tau_bench.envs.tool``.

So, when ``tau_bench`` has not been imported yet, its packages (``tau_bench``,
``tau_bench.envs``, ``tau_bench.envs.<domain>``) are registered with their
search paths but their ``__init__`` not run; each runs it on the first name
asked of it that it lacks (``from tau_bench import Env``, ``tau_bench.envs.
get_env``), so code that imports tau-bench later in the process gets the whole
package, and the modules loaded here are the same objects it then uses (one
``tau_bench.types.Task`` class for everyone). Importing a package this way is
importlib's own machinery (``find_spec``, ``module_from_spec``); nothing is
copied from tau-bench or executed out of order.

The top package is found as ``import tau_bench`` would find it, by every finder
on ``sys.meta_path``: on ``sys.path`` (a wheel, ``PYTHONPATH``, the working
folder) and through the finder an editable install registers (``pip install -e
tau-bench/`` writes a ``__editable__…_finder.py`` that maps the name to the
checkout, with no ``sys.path`` entry). Its subpackages are then found on its own
search path, as the import system does.
"""

from __future__ import annotations

import importlib.util
import sys
from importlib import import_module
from importlib.machinery import ModuleSpec, PathFinder
from types import ModuleType
from typing import Any, List, Optional


def domain_module(domain: str, name: str, package: str = "tau_bench") -> ModuleType:
    """``tau_bench.envs.<domain>.<name>``, imported without litellm when tau-bench is not
    imported yet. ImportError when tau-bench or the domain is not installed (naming how to
    install tau-bench when it is the package that is missing)."""
    envs_name, domain_name = f"{package}.envs", f"{package}.envs.{domain}"
    if package not in sys.modules:
        root = _deferred_package(package, None)
        envs = _deferred_package(envs_name, list(root.__path__))
        _deferred_package(domain_name, list(envs.__path__))
    elif domain_name not in sys.modules and _is_deferred(sys.modules.get(envs_name)):
        _deferred_package(domain_name, list(sys.modules[envs_name].__path__))
    return import_module(f"{domain_name}.{name}")


INSTALL_HINT = (" (tau-bench is not on PyPI: pip install git+https://github.com/sierra-research/tau-bench, or "
                "pip install -e tau-bench/ from a clone of it)")


def _find_spec(name: str, path: Optional[List[str]]) -> Optional[ModuleSpec]:
    """The spec ``import`` would use: a top package through every finder on ``sys.meta_path``
    (editable installs included; finding a top-level name imports nothing), a subpackage on its
    parent's search path."""
    if path is None:
        try:
            return importlib.util.find_spec(name)
        except (ImportError, ValueError):  # a finder that fails on the name, a module with no spec
            return None
    return PathFinder.find_spec(name, path)


def _is_deferred(module: Optional[ModuleType]) -> bool:
    return module is not None and bool(module.__dict__.get("__deferred__", False))


def _deferred_package(name: str, path: Optional[List[str]]) -> ModuleType:
    """The package ``name`` registered with its search path, its ``__init__`` run on the first
    missing name asked of it."""
    found = sys.modules.get(name)
    if found is not None:
        return found
    spec = _find_spec(name, path)
    if spec is None or spec.loader is None or spec.submodule_search_locations is None:
        raise ImportError(f"No module named {name!r}" + (INSTALL_HINT if path is None else ""), name=name)
    module = importlib.util.module_from_spec(spec)
    loader = spec.loader

    def __getattr__(attr: str) -> Any:  # noqa: N807 - PEP 562's module-level hook
        if module.__dict__.pop("__getattr__", None) is None:
            raise AttributeError(f"module {name!r} has no attribute {attr!r}")
        module.__dict__.pop("__deferred__", None)
        loader.exec_module(module)
        return getattr(module, attr)

    module.__getattr__ = __getattr__  # type: ignore[attr-defined]
    module.__deferred__ = True  # type: ignore[attr-defined]
    sys.modules[name] = module
    parent, _, child = name.rpartition(".")
    if parent:
        setattr(sys.modules[parent], child, module)
    return module
