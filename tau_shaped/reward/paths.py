"""The one path grammar of every override (SPEC §4.2).

A path addresses locations in the JSON state::

    path     := step ( "." step | "[" bracket "]" )*
    step     := KEY | "*" | "{value}"
    bracket  := INTEGER | "*" | QUOTED_KEY | "?" FIELD OP LITERAL
    OP       := "=" | "!="

- ``KEY`` is any run of characters other than ``.``, ``[`` and ``]``
  (``orders.FD-1001.status``). On a list, a key made of digits is an index
  (``items.0`` is ``items[0]``). A key with dots goes in quotes:
  ``config["a.b"]``.
- ``*`` is a wildcard over a dict's values (in sorted key order) or a list's
  items.
- ``[?field=literal]`` keeps the values of a dict, or the items of a list,
  whose ``field`` (itself a dotted key path) equals the literal; ``!=`` keeps
  the others. The literal is JSON (``5``, ``true``, ``"FD-1"``) or, if it does
  not parse as JSON, the bare string (``[?replacement_for=FD-1001]``).
- ``{value}`` is a placeholder, filled by ``fill_value`` (linked paths of §4.1).

A *location* is the concrete tuple of keys and indices of one selected value;
``format_location`` writes it back in this grammar.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Dict, FrozenSet, Iterator, Optional, Sequence, Tuple, Union

from tau_shaped.env.json_input import MAX_DEPTH, MAX_INT_DIGITS, json_problem
from tau_shaped.reward.values import values_equal

Location = Tuple[Union[str, int], ...]

PLACEHOLDER = "{value}"


class PathError(ValueError):
    """A path that does not parse, or an operation it cannot perform."""


@dataclass(frozen=True)
class Key:
    name: str


@dataclass(frozen=True)
class Index:
    index: int


@dataclass(frozen=True)
class Wildcard:
    pass


@dataclass(frozen=True)
class Filter:
    field: Tuple[str, ...]
    negate: bool
    value: Any


@dataclass(frozen=True)
class Placeholder:
    pass


Segment = Union[Key, Index, Wildcard, Filter, Placeholder]


@dataclass(frozen=True)
class Path:
    text: str
    segments: Tuple[Segment, ...]

    @property
    def has_placeholder(self) -> bool:
        return any(isinstance(s, Placeholder) for s in self.segments)

    @property
    def is_concrete(self) -> bool:
        """True when the path names at most one location (keys and indices only)."""
        return all(isinstance(s, (Key, Index)) for s in self.segments)

    def __str__(self) -> str:
        return self.text


def _shown(text: str) -> str:
    shown = repr(text)
    return shown if len(shown) <= 100 else shown[:97] + "..."


def _not_json(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _parse_literal(literal: str, text: str, pos: int) -> Any:
    """A filter's literal: JSON, or the bare string when it does not parse. Untrusted (a path is
    data): nested deeper than JSON input may be, or an integer Python cannot convert, it is a
    ``PathError``, never a ``RecursionError`` or a ``ValueError`` from ``int``."""
    try:
        value = json.loads(literal, parse_constant=_not_json)  # NaN, Infinity: not JSON, bare strings
    except RecursionError:
        raise PathError(f"path {_shown(text)}: filter at {pos}: literal nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as exc:
        if "integer string conversion" in str(exc):
            raise PathError(f"path {_shown(text)}: filter at {pos}: an integer of more than {MAX_INT_DIGITS} digits") from None
        return literal
    problem = json_problem(value, max_depth=MAX_DEPTH)
    if problem is not None:
        raise PathError(f"path {_shown(text)}: filter at {pos}: literal {problem}")
    return value


def _parse_bracket(body: str, text: str, pos: int) -> Segment:
    if body == "*":
        return Wildcard()
    if body.startswith("?"):
        expr = body[1:]
        negate = "!=" in expr
        op = "!=" if negate else "="
        if op not in expr:
            raise PathError(f"path {text!r}: filter at {pos} needs '=' or '!='")
        field, literal = expr.split(op, 1)
        field = field.strip()
        if not field:
            raise PathError(f"path {text!r}: filter at {pos} names no field")
        return Filter(tuple(field.split(".")), negate, _parse_literal(literal.strip(), text, pos))
    if len(body) >= 2 and body[0] == body[-1] and body[0] in "\"'":
        return Key(body[1:-1])
    try:
        return Index(int(body))
    except ValueError:
        raise PathError(
            f"path {text!r}: bracket at {pos} must hold an index, '*', a quoted key or '?filter'"
        ) from None


def _step(token: str) -> Segment:
    if token == "*":
        return Wildcard()
    if token == PLACEHOLDER:
        return Placeholder()
    return Key(token)


@lru_cache(maxsize=4096)
def parse_path(text: str) -> Path:
    """Parse ``text``; raises PathError naming the position of the fault."""
    if not isinstance(text, str) or not text.strip():
        raise PathError(f"path {text!r}: empty")
    segments: list[Segment] = []
    i, n = 0, len(text)
    expect_step = True
    while i < n:
        ch = text[i]
        if ch == "[":
            depth_end = _closing_bracket(text, i)
            segments.append(_parse_bracket(text[i + 1 : depth_end].strip(), text, i))
            i = depth_end + 1
            expect_step = False
        elif ch == ".":
            if expect_step:
                raise PathError(f"path {text!r}: empty key at {i}")
            i += 1
            expect_step = True
            if i == n:
                raise PathError(f"path {text!r}: ends with '.'")
        elif ch == "]":
            raise PathError(f"path {text!r}: unmatched ']' at {i}")
        else:
            if not expect_step:
                raise PathError(f"path {text!r}: expected '.' or '[' at {i}")
            j = i
            while j < n and text[j] not in ".[]":
                j += 1
            segments.append(_step(text[i:j]))
            i = j
            expect_step = False
    return Path(text, tuple(segments))


def _closing_bracket(text: str, start: int) -> int:
    quote = None
    for j in range(start + 1, len(text)):
        ch = text[j]
        if quote:
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch == "]":
            return j
    raise PathError(f"path {text!r}: '[' at {start} is never closed")


def fill_value(path: Path, value: Any) -> Path:
    """Replace each ``{value}`` placeholder by ``value`` as a key."""
    key = value if isinstance(value, str) else json.dumps(value)
    segments = tuple(Key(key) if isinstance(s, Placeholder) else s for s in path.segments)
    return Path(path.text.replace(PLACEHOLDER, key), segments)


def _field_value(item: Any, field: Tuple[str, ...]) -> Any:
    for name in field:
        if isinstance(item, dict) and name in item:
            item = item[name]
        else:
            return _MISSING
    return item


_MISSING = object()


def _filter_keeps(item: Any, seg: Filter) -> bool:
    value = _field_value(item, seg.field)
    equal = value is not _MISSING and values_equal(value, seg.value)
    return not equal if seg.negate else equal


# The keys of a frozen base table (an overlay's S0 table) that a filter keeps, by (the table's
# identity, the filter), the table kept alive here: S0 is never changed (overlay.py), so a
# rule's filter over 1,000 orders, taken before each call of every episode, is computed once.
_BASE_KEPT: Dict[Tuple[int, Filter], Tuple[Any, FrozenSet[Any]]] = {}
_MAX_BASE_KEPT = 4096


def _base_kept(base: Dict[Any, Any], seg: Filter) -> Optional[FrozenSet[Any]]:
    try:
        key = (id(base), seg)
        hit = _BASE_KEPT.get(key)
    except TypeError:  # a filter on a list or object value is not hashable: not cached
        return None
    if hit is None or hit[0] is not base:
        if len(_BASE_KEPT) >= _MAX_BASE_KEPT:
            _BASE_KEPT.clear()
        hit = (base, frozenset(k for k, v in dict.items(base) if _filter_keeps(v, seg)))
        _BASE_KEPT[key] = hit
    return hit[1]


def _overlay_filter(node: Dict[Any, Any], seg: Filter) -> Optional[Iterator[Tuple[Any, Any]]]:
    """A filter over a copy-on-read table: the base's verdicts for untouched keys (their values
    are the base's own), fresh ones for the keys the episode touched. None: not such a table."""
    base, touched = getattr(node, "base", None), getattr(node, "touched", None)
    if not isinstance(base, dict) or not isinstance(touched, set):
        return None
    kept = _base_kept(base, seg)
    if kept is None:
        return None
    keys = [k for k in dict.keys(node)
            if (_filter_keeps(dict.__getitem__(node, k), seg) if k in touched else k in kept)]
    return ((k, dict.__getitem__(node, k)) for k in sorted(keys, key=str))


def _children(node: Any, seg: Segment) -> Iterator[Tuple[Union[str, int], Any]]:
    # Reads go through dict's own methods: selecting is read-only, so a
    # copy-on-read state (overlay.py) is read without being copied.
    if isinstance(seg, Key):
        if isinstance(node, dict):
            if dict.__contains__(node, seg.name):
                yield seg.name, dict.__getitem__(node, seg.name)
        elif isinstance(node, list) and _is_int(seg.name):
            idx = int(seg.name)
            if -len(node) <= idx < len(node):
                yield idx % len(node), node[idx]
    elif isinstance(seg, Index):
        if isinstance(node, list) and -len(node) <= seg.index < len(node):
            yield seg.index % len(node), node[seg.index]
        elif isinstance(node, dict) and dict.__contains__(node, str(seg.index)):
            yield str(seg.index), dict.__getitem__(node, str(seg.index))
    elif isinstance(seg, (Wildcard, Filter)):
        fast = _overlay_filter(node, seg) if isinstance(seg, Filter) and isinstance(node, dict) else None
        if fast is not None:
            yield from fast
            return
        if isinstance(node, dict):
            pairs: Iterator = ((k, dict.__getitem__(node, k)) for k in sorted(dict.keys(node), key=str))
        elif isinstance(node, list):
            pairs = iter(enumerate(node))
        else:
            return
        for key, child in pairs:
            if isinstance(seg, Wildcard) or _filter_keeps(child, seg):
                yield key, child
    else:
        raise PathError("a path with a {value} placeholder must be filled before use")


def _is_int(text: str) -> bool:
    return text.lstrip("-").isdigit()


def select(data: Any, path: Union[Path, str]) -> list[Tuple[Location, Any]]:
    """Every location the path selects in ``data``, with its value, in a fixed order."""
    if isinstance(path, str):
        path = parse_path(path)
    frontier: list[Tuple[Location, Any]] = [((), data)]
    for seg in path.segments:
        nxt: list[Tuple[Location, Any]] = []
        for loc, node in frontier:
            for key, child in _children(node, seg):
                nxt.append((loc + (key,), child))
        frontier = nxt
        if not frontier:
            break
    return frontier


def select_values(data: Any, path: Union[Path, str]) -> list[Any]:
    """``select``'s values alone, in its order (no locations built). A key or a wildcard is
    stepped through in place (what ``_children`` yields for it, read the same way: the state
    probes after every step of a replay and the state checks read paths of these two kinds,
    and a generator per node was most of their cost); an index or a filter by ``_children``."""
    if isinstance(path, str):
        path = parse_path(path)
    frontier: list[Any] = [data]
    for seg in path.segments:
        nxt: list[Any] = []
        kind = type(seg)
        if kind is Key:
            name = seg.name
            for node in frontier:
                if isinstance(node, dict):
                    if dict.__contains__(node, name):
                        nxt.append(dict.__getitem__(node, name))
                elif isinstance(node, list) and _is_int(name):
                    idx = int(name)
                    if -len(node) <= idx < len(node):
                        nxt.append(node[idx])
        elif kind is Wildcard:
            for node in frontier:
                if isinstance(node, dict):
                    nxt.extend([dict.__getitem__(node, k) for k in sorted(dict.keys(node), key=str)])
                elif isinstance(node, list):
                    nxt.extend(node if type(node) is list else iter(node))  # as enumerate reads it
        else:
            for node in frontier:
                nxt.extend(child for _, child in _children(node, seg))
        frontier = nxt
        if not frontier:
            break
    return frontier


def exists(data: Any, path: Union[Path, str]) -> bool:
    return bool(select(data, path))


def get_at(data: Any, loc: Sequence[Union[str, int]]) -> Any:
    node = data
    for key in loc:
        node = node[key]
    return node


def set_at(data: Any, loc: Sequence[Union[str, int]], value: Any) -> None:
    if not loc:
        raise PathError("cannot replace the whole state")
    get_at(data, loc[:-1])[loc[-1]] = value


def delete_locations(data: Any, locations: Sequence[Location]) -> None:
    """Delete every location; list items go highest index first so none shifts."""
    for loc in sorted(set(locations), key=_deletion_order, reverse=True):
        try:
            parent = get_at(data, loc[:-1])
            del parent[loc[-1]]
        except (KeyError, IndexError, TypeError):
            continue  # already gone with an enclosing location


def _deletion_order(loc: Location) -> Tuple:
    return (len(loc), tuple((isinstance(k, int), k if isinstance(k, int) else 0, str(k)) for k in loc))


def format_location(loc: Sequence[Union[str, int]]) -> str:
    """Write a location back as a path: ``orders.FD-1.items[0]``."""
    out = []
    for key in loc:
        if isinstance(key, int):
            out.append(f"[{key}]")
        elif any(c in key for c in ".[]") or not key:
            out.append(f"[{json.dumps(key)}]")
        else:
            out.append(("." if out else "") + key)
    return "".join(out)
