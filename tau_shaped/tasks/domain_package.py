"""A domain package's fixed shape: every file of a domain inside its package, found through it.

::

    <package>/
        __init__.py        DOMAIN = domain_from_package(__name__, load_data=..., tools=..., rules=...)
        tools.py           its tools (``@tool``), each declaring what it reads, writes and records
                           (``@effects``, tau_shaped.env.tool_effects)
        wiki.md            the policy the agent is given
        policy_rules.json  its policy rules (SPEC §9), optional
        data.py            ``load_data(seed)``: the world of a seed (its data files in data/)
        tasks/<split>.json its task files, one per split (train.json, test.json, ...)
        grader/*.json      its grader corpus (tau-shaped grader-test), optional
        README.md          what the package holds and the commands that check it (domain new writes one)

The files are found through the package (``importlib.resources``), never relative to a working
folder or a checkout, so an installed wheel has them all; and a domain is found by its entry
point alone (``[project.entry-points."tau_shaped.domains"]``). ``tau-shaped domain new`` writes
a package of this shape from the documented template, ``tau-shaped domain check`` proves one
(``tau_shaped.tasks.domain_check``). See ``docs/extending.md``.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path
from typing import Any, Callable, Dict, Optional, Sequence

from tau_shaped.tasks.domains import Domain

__all__ = ["DomainShapeError", "SPLIT_ORDER", "package_folder", "task_splits", "domain_from_package"]

#: Splits listed first, in this order; any other split file follows, by name.
SPLIT_ORDER = ("train", "dev", "test")


class DomainShapeError(ValueError):
    """A domain package missing a file of its shape, or installed where its files are not files."""


def package_folder(package: str) -> Path:
    """The folder of an installed package (a regular or editable install, a wheel unpacked)."""
    root = files(package)
    folder = Path(str(root))
    if not folder.is_dir():
        raise DomainShapeError(f"domain package {package}: its files are not in a folder ({root}); install it unzipped")
    return folder


def task_splits(folder: Path) -> Dict[str, Path]:
    """The task files of a ``tasks`` folder by split (the file's stem): train, dev, test first."""
    found = {p.stem: p for p in sorted(Path(folder).glob("*.json"))}
    order = [s for s in SPLIT_ORDER if s in found] + sorted(s for s in found if s not in SPLIT_ORDER)
    return {split: found[split] for split in order}


def domain_from_package(
    package: str,
    *,
    load_data: Callable[..., Dict[str, Any]],
    tools: Sequence[type],
    rules: Sequence[str] = (),
    terminate_tools: Sequence[str] = (),
    description: str = "",
    name: Optional[str] = None,
    **extra: Any,
) -> Domain:
    """The domain a package of the fixed shape holds (see the module). ``name`` defaults to the
    package's last component (``acme_pizza``, ``tau_shaped_domains.food_delivery`` ->
    ``food_delivery``): the name its entry point registers. ``extra``: any other field of
    ``Domain`` (``read_tools``, ``event_types`` where the tools declare none; ``persona_topics``:
    what its customers can be asked about beyond the bundled topics, ``tasks.persona_topics``)."""
    folder = package_folder(package)
    wiki = folder / "wiki.md"
    if not wiki.is_file():
        raise DomainShapeError(f"domain package {package}: no wiki.md (its policy) in {folder}")
    splits = task_splits(folder / "tasks")
    if not splits:
        raise DomainShapeError(f"domain package {package}: no task files (tasks/<split>.json) in {folder}")
    rules_file = folder / "policy_rules.json"
    grader = folder / "grader"
    return Domain(
        name=name or package.rpartition(".")[2],
        description=description,
        load_data=load_data,
        tools=list(tools),
        wiki=wiki.read_text(encoding="utf-8"),
        rules=list(rules),
        task_files=splits,
        terminate_tools=list(terminate_tools),
        policy_rules_file=rules_file if rules_file.is_file() else None,
        grader_corpus=grader if grader.is_dir() else None,
        package=package,
        **extra,
    )
