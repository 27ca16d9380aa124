"""``tau-shaped domain new NAME FOLDER``: a new domain package written from the template.

The template is the bundled package ``tau_shaped_domains.template`` (``tau_shaped_domains/template`` in
the repository): the smallest complete domain of the fixed shape (``domain_package``). Its
files are copied into ``FOLDER/NAME/`` unchanged (they name no domain: the name is the
package's), with a ``README.md`` naming the package, saying what each file is for and the
commands that come next, beside a ``pyproject.toml`` that registers the package under the
entry-point group ``tau_shaped.domains``. So the new domain is its own distribution: ``pip
install -e FOLDER`` and it is found by name, with no edit anywhere else.
"""

from __future__ import annotations

import keyword
import shutil
from pathlib import Path

from tau_shaped.tasks.domain_package import package_folder

__all__ = ["TEMPLATE_PACKAGE", "TemplateError", "write_domain", "pyproject_text", "readme_text"]

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


def readme_text(name: str, folder: str = ".") -> str:
    """The new package's ``README.md``: its files (the documented shape, ``docs/extending.md``)
    and the commands that come next; ``folder`` is the distribution's folder as it was given."""
    return f"""# {name}

A tau-shaped domain, written by `tau-shaped domain new {name} {folder}` from the template
(a small refund-and-courier service: rewrite its tools, world, policy and tasks as yours).
Its name is its package's, `{name}`; `pyproject.toml` beside this package registers it under
the entry point group `tau_shaped.domains`, so nothing outside this folder is edited.

| file | what it holds |
|---|---|
| `__init__.py` | `DOMAIN = domain_from_package(__name__, ...)`: the domain, built from the files below |
| `tools.py` | the tools: typed, documented, each declaring what it reads, writes and records (`@effects`) |
| `data.py` | `load_data(seed)`: a fresh copy of the world of a seed |
| `wiki.md` | the policy the agent is given |
| `policy_rules.json` | the policy's lines a deterministic check judges |
| `generate.py` | writes `tasks/test.json` and `grader/corpus.json`: `python -m {name}.generate` |
| `tasks/test.json` | the tasks, each with its ground truth, reward overrides and persona customer |
| `grader/corpus.json` | labeled trajectories (`tau-shaped grader-test`) |

Next:

```console
$ pip install -e {folder}                  # registers the entry point
$ tau-shaped domain check {name}           # the package's contract: tools, tasks, rules, personas, corpus
$ tau-shaped tasks check --env {name}      # each task can tell right from wrong
$ tau-shaped grader-test --env {name}      # the grader corpus scores as labeled
```

After each edit of `generate.py`, run `python -m {name}.generate` and the three checks again.
The steps, and each file's format: tau-shaped's `docs/extending.md` ("A new domain").
"""


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
    (target / "README.md").write_text(readme_text(name, str(folder)), encoding="utf-8")
    (folder / "pyproject.toml").write_text(pyproject_text(name), encoding="utf-8")
    return target
