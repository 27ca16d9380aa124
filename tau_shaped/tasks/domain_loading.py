"""A domain named on the command line (``--env NAME``, ``domain check NAME``), loaded with every
author error said in one line.

``load_domain`` imports the domain's package (a registered name's entry point, or
``package.module:ATTRIBUTE``), so a mistake of the domain's author raises from inside that
import: a syntax error, a tool without a docstring or a type hint (``ToolDefinitionError``),
``@effects`` misused, a package missing its ``wiki.md`` (``DomainShapeError``), a module that
imports what is not installed. ``load_named_domain`` gives each as a ``DomainLoadError``: one
line naming the domain, the author's file and line (the innermost frame of the traceback that
is neither tau-shaped's nor the import machinery's) and the exception. A name that names no
domain stays a ``DomainNotFound`` (the base class: every caller that handles one handles both).
"""

from __future__ import annotations

import traceback
from pathlib import Path
from typing import Optional

from tau_shaped.env.json_input import one_line
from tau_shaped.tasks.domains import Domain, DomainNotFound, load_domain

__all__ = ["DomainLoadError", "load_named_domain", "where_raised"]

_OURS = Path(__file__).resolve().parents[1]  # the tau_shaped package


class DomainLoadError(DomainNotFound):
    """The domain's own code failed to load (the message names its file and line)."""


def where_raised(exc: BaseException) -> Optional[str]:
    """``file:line`` of the author's code that raised ``exc``: a syntax error's own place, else
    the innermost frame outside tau_shaped and the import machinery (None: no such frame)."""
    if isinstance(exc, SyntaxError) and exc.filename:
        return f"{exc.filename}:{exc.lineno}"
    found = None
    for frame in traceback.extract_tb(exc.__traceback__):
        name = frame.filename
        if name.startswith("<") or "importlib" in Path(name).parts:
            continue
        try:
            inside = Path(name).resolve().is_relative_to(_OURS)
        except (OSError, ValueError):
            inside = False
        if not inside:
            found = f"{name}:{frame.lineno}"
    return found


def load_named_domain(name: str) -> Domain:
    """The domain ``name`` (``load_domain``'s resolution); its code's failure a one-line
    ``DomainLoadError``, an unknown name a ``DomainNotFound`` (see the module)."""
    try:
        return load_domain(name)
    except DomainNotFound:
        raise
    except Exception as exc:  # noqa: BLE001 - the domain's package is the author's code
        where = where_raised(exc)
        said = one_line(str(exc))[:300]
        raise DomainLoadError(f"cannot load domain {name!r}: {where + ': ' if where else ''}"
                              f"{type(exc).__name__}{': ' + said if said else ''}") from None
