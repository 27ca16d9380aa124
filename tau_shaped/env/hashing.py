"""tau-bench's state hash (SPEC §2), reproduced value for value.

``to_hashable`` turns dicts into key-sorted tuples of pairs, lists into tuples
and sets into sorted tuples, recursively; ``consistent_hash`` is the SHA-256 of
``str()`` of that.  Both must match tau-bench's digests exactly (see
``shared/fixtures/taubench_hash_vectors.json``), so they keep its distinctions:
``10`` and ``10.0`` differ, ``1`` and ``True`` differ.
"""

from __future__ import annotations

from hashlib import sha256
from typing import Any


def to_hashable(item: Any) -> Any:
    """tau-bench's ``to_hashable``: a nested, order-independent tuple form.

    Exactly tau-bench's cases (dict, list, set); anything else, tuples and
    frozensets included, is returned as it is, as tau-bench does.
    """
    if isinstance(item, dict):
        # dict.items reads a copy-on-read overlay (overlay.py) without copying it.
        return tuple((key, to_hashable(value)) for key, value in sorted(dict.items(item)))
    if isinstance(item, list):
        return tuple(to_hashable(element) for element in item)
    if isinstance(item, set):
        return tuple(sorted(to_hashable(element) for element in item))
    return item


def hashable_text(item: Any) -> str:
    """The exact text tau-bench hashes: ``str(to_hashable(item))``.

    Two values have the same legacy hash iff their hashable texts are equal;
    comparing texts of sub-values is how the fast legacy check stays exact.
    """
    return str(to_hashable(item))


def consistent_hash(value: Any) -> str:
    """SHA-256 hex digest of ``str(value)`` (value already made hashable)."""
    return sha256(str(value).encode("utf-8")).hexdigest()


def data_hash(data: Any) -> str:
    """The legacy hash of a whole state: ``consistent_hash(to_hashable(data))``."""
    return consistent_hash(to_hashable(data))
