"""The legacy hash of a state that is a copy-on-read overlay of a frozen S0, at the cost of
what changed (issue 20: the cold cost of a task was mostly hashing its ground truth's Sg).

The legacy hash is the SHA-256 of one long text (``hashing.py``): the state's tables in key
order, each table's records in key order. An overlay shares every record it did not touch
with S0, so its text is S0's text with a few records' texts replaced, inserted or removed.
Per S0 (once per process) this module keeps S0's text as bytes, where each table and each
record sits in it, and SHA-256 states taken every few KiB along it. The text of an overlay
is then a list of segments: spans of S0's bytes and the new bytes of the records that
differ. The longest prefix shared with S0 is not hashed again (hashing resumes from S0's
last checkpoint before it); the rest is fed to SHA-256 span by span, never assembled.

Exact, not approximate: the digest equals ``data_hash(data)`` for every state (hypothesis
test in ``tests/env/test_state_digest.py``); a state this cannot read by records (non-string
keys, a replaced table, a top level that is not a dict) returns ``None`` and the caller
hashes the text whole.
"""

from __future__ import annotations

import threading
from bisect import bisect_left
from collections import OrderedDict
from hashlib import sha256
from typing import Any, Dict, List, Optional, Tuple, Union

from tau_shaped.env.hashing import data_hash, to_hashable

_CHECKPOINT_BYTES = 16 * 1024
_MAX_BASES = 32

Segment = Union[Tuple[int, int], bytes]  # a span (start, end) of S0's bytes, or new bytes


def _element(key: str, value: Any) -> bytes:
    """The text of one ``(key, value)`` pair of a key-sorted tuple, as bytes."""
    return ("(" + repr(key) + ", " + repr(to_hashable(value)) + ")").encode("utf-8")


class _Table:
    """Where a table of S0 and each of its records sit in S0's bytes."""

    __slots__ = ("source", "keys", "index", "starts", "ends", "span")

    def __init__(self, source: Dict[str, Any], keys: List[str], starts: List[int], ends: List[int], span: Tuple[int, int]):
        self.source = source
        self.keys = keys
        self.index = {key: i for i, key in enumerate(keys)}
        self.starts = starts
        self.ends = ends
        self.span = span  # the whole ``(name, (...))`` element of the top-level tuple


class BaseDigest:
    """S0's legacy text as bytes, laid out by table and record, with SHA-256 checkpoints."""

    def __init__(self, base: Dict[str, Any]) -> None:
        self.base = base
        names = sorted(base)
        parts: List[bytes] = []
        size = 0
        self.tables: Dict[str, _Table] = {}

        def put(chunk: bytes) -> int:
            nonlocal size
            parts.append(chunk)
            start = size
            size += len(chunk)
            return start

        put(b"(")
        for n, name in enumerate(names):
            if n:
                put(b", ")
            value = base[name]
            if type(value) is dict and all(type(k) is str for k in value):
                start = put(("(" + repr(name) + ", ").encode("utf-8"))
                keys = sorted(value)
                starts: List[int] = []
                ends: List[int] = []
                put(b"(")
                for i, key in enumerate(keys):
                    if i:
                        put(b", ")
                    element = _element(key, value[key])
                    starts.append(put(element))
                    ends.append(size)
                put(b",))" if len(keys) == 1 else b"))")
                self.tables[name] = _Table(value, keys, starts, ends, (start, size))
            else:  # a value that is not a table: its text whole (an overlay's is compared to it)
                put(_element(name, value))
        put(b",)" if len(names) == 1 else b")")
        self.data = b"".join(parts)
        self.view = memoryview(self.data)
        self.checkpoints: List[Tuple[int, Any]] = []
        state = sha256()
        for offset in range(0, len(self.data), _CHECKPOINT_BYTES):
            self.checkpoints.append((offset, state.copy()))
            state.update(self.view[offset:offset + _CHECKPOINT_BYTES])
        self.hexdigest = state.hexdigest()

    # -- an overlay's text as segments ---------------------------------------

    def _table_items(self, table: _Table, current: Dict[str, Any], touched: Any) -> Optional[Tuple[List[Segment], int]]:
        """The items of a changed table's tuple (runs of S0's records as spans, changed
        records as bytes) and how many records it has; None if it cannot be read by records."""
        keys, index, starts, ends = table.keys, table.index, table.starts, table.ends
        items: List[Segment] = []
        count = 0
        pos = 0  # the next S0 record not yet emitted
        try:
            edits = sorted(touched)
        except TypeError:
            return None
        for key in edits:
            if type(key) is not str:
                return None
            at = index.get(key)
            boundary = at if at is not None else bisect_left(keys, key)
            if boundary > pos:
                items.append((starts[pos], ends[boundary - 1]))
                count += boundary - pos
            if dict.__contains__(current, key):
                items.append(_element(key, dict.__getitem__(current, key)))
                count += 1
            pos = at + 1 if at is not None else boundary
        if pos < len(keys):
            items.append((starts[pos], ends[len(keys) - 1]))
            count += len(keys) - pos
        return items, count

    def segments(self, data: Dict[str, Any]) -> Optional[List[Segment]]:
        """The segments whose concatenation is ``data``'s legacy text, or None."""
        try:
            names = sorted(dict.keys(data))
        except TypeError:
            return None
        if any(type(name) is not str for name in names):
            return None
        out: List[Segment] = [b"("]
        for n, name in enumerate(names):
            if n:
                out.append(b", ")
            value = dict.__getitem__(data, name)
            table = self.tables.get(name)
            if table is not None and value is table.source:  # S0's table itself (an overlay never reached it)
                out.append(table.span)
                continue
            if table is not None and getattr(value, "base", None) is table.source and isinstance(value, dict):
                touched = value.touched
                if not touched:
                    out.append(table.span)
                    continue
                found = self._table_items(table, value, touched)
                if found is None:
                    return None
                items, count = found
                out.append(("(" + repr(name) + ", ").encode("utf-8"))
                out.append(b"(")
                for i, item in enumerate(items):
                    if i:
                        out.append(b", ")
                    out.append(item)
                out.append(b",))" if count == 1 else b"))")
            else:  # a value that is not a table of S0's, or a replaced table: its text whole
                out.append(_element(name, value))
        out.append(b",)" if len(names) == 1 else b")")
        return out

    def _bytes(self, segment: Segment) -> Union[bytes, memoryview]:
        return self.view[segment[0]:segment[1]] if isinstance(segment, tuple) else segment

    def digest(self, data: Dict[str, Any]) -> Optional[str]:
        """``data_hash(data)``, hashing only from the first byte where it differs from S0."""
        try:
            segments = self.segments(data)
        except (TypeError, RecursionError):  # keys that do not sort: the caller's whole-text hash says why
            return None
        if segments is None:
            return None
        base, view = self.data, self.view
        prefix = 0  # the output so far equals base[:prefix]
        first = len(segments)
        for i, segment in enumerate(segments):
            if isinstance(segment, tuple):
                if segment[0] != prefix:
                    first = i
                    break
                prefix = segment[1]
            else:
                end = prefix + len(segment)
                if base[prefix:end] != segment:
                    first = i
                    break
                prefix = end
        if first == len(segments) and prefix == len(base):
            return self.hexdigest
        at = min(prefix // _CHECKPOINT_BYTES, len(self.checkpoints) - 1) if self.checkpoints else -1
        if at >= 0:
            offset, state = self.checkpoints[at]
            state = state.copy()
        else:
            offset, state = 0, sha256()
        state.update(view[offset:prefix])
        for segment in segments[first:]:
            state.update(self._bytes(segment))
        return state.hexdigest()


_BASES: "OrderedDict[int, BaseDigest]" = OrderedDict()
_LOCK = threading.Lock()


def base_digest(base: Dict[str, Any]) -> Optional[BaseDigest]:
    """The layout of a frozen S0 (built once per process, by identity), or None if S0 is
    not a dict with string keys."""
    if type(base) is not dict:
        return None
    with _LOCK:
        found = _BASES.get(id(base))
        if found is not None and found.base is base:
            _BASES.move_to_end(id(base))
            return found
    try:
        if any(type(k) is not str for k in base):
            return None
        built = BaseDigest(base)
    except (TypeError, RecursionError):
        return None
    with _LOCK:
        _BASES[id(base)] = built
        while len(_BASES) > _MAX_BASES:
            _BASES.popitem(last=False)
    return built


def overlay_digest(data: Any, base: Dict[str, Any]) -> Optional[str]:
    """The legacy hash of ``data``, a state whose tables are copy-on-read overlays of
    ``base``'s; None when it cannot be read that way (hash the text whole)."""
    if not isinstance(data, dict):
        return None
    digest = base_digest(base)
    return digest.digest(data) if digest is not None else None


def overlay_hash(data: Any, base: Dict[str, Any]) -> str:
    """``data_hash(data)`` for a state over the frozen S0 ``base``: by ``overlay_digest`` where
    it can read the state by records, else the whole text."""
    found = overlay_digest(data, base)
    return found if found is not None else data_hash(data)
