"""Domains written from the template (``tau-shaped domain new``) into a temporary folder and
imported in this process, for the persona tests: a domain as its author gets it, edited as an
author would (its ``__init__.py``, its tools, its task file)."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional

from tau_shaped.tasks.domain_template import write_domain
from tau_shaped.tasks.domains import Domain

Edit = Callable[[Path], None]


def replace_once(path: Path, old: str, new: str) -> None:
    """Replace ``old`` (found exactly once: the template changed if not) with ``new`` in ``path``."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{path.name}: {old!r} found {text.count(old)} times"
    path.write_text(text.replace(old, new), encoding="utf-8")


def edit_personas(package: Path, change: Callable[[str, Dict[str, Any]], None]) -> None:
    """Apply ``change(task_id, persona)`` to every persona of the package's test tasks."""
    path = package / "tasks" / "test.json"
    tasks: List[Dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    for task in tasks:
        change(task["id"], task["persona"])
    path.write_text(json.dumps(tasks, indent=1), encoding="utf-8")


def template_domain(name: str, folder: Path, edit: Optional[Edit] = None) -> Iterator[Domain]:
    """Write the template as package ``name`` under ``folder``, ``edit`` it, import it and yield
    its ``DOMAIN``; then forget the package (a generator for a pytest fixture)."""
    package = write_domain(name, folder)
    if edit is not None:
        edit(package)
    sys.path.insert(0, str(folder))
    try:
        yield importlib.import_module(name).DOMAIN
    finally:
        sys.path.remove(str(folder))
        for module in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            del sys.modules[module]
