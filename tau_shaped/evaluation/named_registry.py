"""One rule for registering plug-ins by name (results formats, scoring backends): an instance or
a class (then usable as a class decorator) of the expected base, named by a non-empty string; a
second object of a registered name is refused, the same instance again is a no-op."""

from __future__ import annotations

from typing import Any, Dict, TypeVar

T = TypeVar("T")


def register_named(table: Dict[str, Any], given: T, base: type, what: str) -> Any:
    """Put ``given`` (or an instance of it, if a class) into ``table`` under its ``name``;
    returns the instance. TypeError for what is not a ``base`` or has no name, ValueError for a
    name taken by another object."""
    instance = given() if isinstance(given, type) else given
    if not isinstance(instance, base):
        raise TypeError(f"{instance!r} is not a {base.__name__}")
    name = getattr(instance, "name", None)
    if not isinstance(name, str) or not name:
        raise TypeError(f"{type(instance).__qualname__}: a {what} needs a name (a string)")
    known = table.get(name)
    if known is not None and known is not instance:
        raise ValueError(f"a {what} named {name!r} is already registered ({type(known).__qualname__})")
    table[name] = instance
    return instance
