"""``tau-shaped domain new NAME FOLDER``: a new domain package written from the template.

The template is the bundled package ``tau_shaped_domains.template`` (``tau_shaped_domains/template`` in
the repository): the smallest complete domain of the fixed shape (``domain_package``). Its
files are copied into ``FOLDER/NAME/`` unchanged (they name no domain: the name is the
package's), beside a ``pyproject.toml`` that registers the package under the entry-point
group ``tau_shaped.domains``. So the new domain is its own distribution: ``pip install -e
FOLDER`` and it is found by name, with no edit anywhere else.
"""

from __future__ import annotations

import keyword
import shutil
from pathlib import Path

from tau_shaped.tasks.domain_package import package_folder

__all__ = ["TEMPLATE_PACKAGE", "TemplateError", "write_domain", "pyproject_text"]

TEMPLATE_PACKAGE = "tau_shaped_domains.template"
#: The template's files: every one of them, nothing generated (no __pycache__).
_PATTERNS = ("*.py", "*.md", "*.json", "tasks/*.json", "grader/*.json")


class TemplateError(ValueError):
    """A name or a folder a new domain cannot be written with."""


def pyproject_text(name: str) -> str:
    """The new distribution's ``pyproject.toml``: the package, its data, its entry point."""
    return f'''[build-system]
requires = ["setuptools>=77"]
build-backend = "setuptools.build_meta"

[project]
name = "{name.replace("_", "-")}"
version = "0.1.0"
description = "A tau-shaped domain"
requires-python = ">=3.10"
dependencies = ["tau-shaped"]

[project.entry-points."tau_shaped.domains"]
{name} = "{name}:DOMAIN"

[tool.setuptools]
packages = ["{name}"]

[tool.setuptools.package-data]
"{name}" = ["*.md", "*.json", "tasks/*.json", "grader/*.json"]
'''


def write_domain(name: str, folder: Path) -> Path:
    """Write the template as package ``name`` in ``folder`` (new or empty) with its
    ``pyproject.toml``; returns the package's folder."""
    if not name.isidentifier() or keyword.iskeyword(name) or name != name.lower() or name.startswith("_"):
        raise TemplateError(f"{name!r}: a domain's name is its package's, a lowercase Python identifier (acme_pizza)")
    folder = Path(folder)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise TemplateError(f"{folder}: not an empty folder")
    source = package_folder(TEMPLATE_PACKAGE)
    target = folder / name
    for pattern in _PATTERNS:
        for path in sorted(source.glob(pattern)):
            destination = target / path.relative_to(source)
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, destination)
    (folder / "pyproject.toml").write_text(pyproject_text(name), encoding="utf-8")
    return target
