"""The ids of a message and of S0, as the readers of a call's values compare them (SPEC §10;
used by ``call_values``): an id read as its letters and digits in upper case ("fd 10045" is
"FD10045", ``id_key``), the ids a message holds with where each starts (``id_places``, ``ids_in``),
and S0's ids by the field that holds them, each with its record and the records beside it
(``S0Ids``, made once per world)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Dict, FrozenSet, List, Optional, Tuple

from tau_shaped.env.identity_cache import IdentityCache

__all__ = ["S0Ids", "id_key", "id_places", "ids_in", "s0_ids", "states_spaced"]

MAX_CHARS = 4000  # of a message, as call_values reads it
_TOKEN = re.compile(r"#?[A-Za-z0-9]+(?:[-_./#][A-Za-z0-9]+)*")
_NOT_ALNUM = re.compile(r"[^A-Za-z0-9]")


def id_shape(key: str) -> str:
    """An id's shape as compared (``id_key``'s form), its digits as 9: "FD10045" and "FD10999" share "FD99999" (round 13:
    another order of the call's shape that S0 does not hold is still another order)."""
    return "".join("9" if c.isdigit() else c for c in key)


def id_key(value: str) -> str:
    """An id as compared: letters and digits only, in upper case ("fd 10045" is "FD10045")."""
    if value.isascii():
        if value.isalnum():
            return value.upper()
        bare = value.replace("-", "")  # "FD-10045": ASCII letters and digits but for its dashes
        if bare.isalnum():
            return bare.upper()
    return _NOT_ALNUM.sub("", value).upper()


@lru_cache(maxsize=4096)
def id_places(text: str) -> Tuple[Tuple[str, int], ...]:
    """The ids a message holds (each as ``id_key``) with where each starts: its tokens with a
    digit, and a short word of letters joined to the number after it ("FD 10045", "fd - 10045")."""
    text = text[:MAX_CHARS]
    out: List[Tuple[str, int]] = []
    prev: Optional[Tuple[str, int, int]] = None
    for m in _TOKEN.finditer(text):
        token = m.group(0)  # ASCII letters, digits and separators only: isalpha says it holds no digit
        if token.isalpha():
            prev = (token, m.end(), m.start()) if len(token) <= 4 else None  # a short word of letters (1 to 4)
            continue
        if _ASCII_DIGIT.search(token) is not None:
            out.append((id_key(token), m.start()))
            if prev is not None and token[0].isdigit() and not text[prev[1]:m.start()].strip(" -_#\u00a0"):
                out.append((id_key(prev[0] + token), prev[2]))
        prev = None
    return tuple(out)


@lru_cache(maxsize=4096)
def ids_in(text: str) -> FrozenSet[str]:
    """The ids a message holds (``id_places``' keys)."""
    return frozenset(key for key, _ in id_places(text))


def states_spaced(text: str, value: str) -> bool:
    """Whether ``text`` states the id ``value`` with spaces or dashes between its groups of letters and
    digits ("Z7G OZK", "FD 10 013", "# W16 79211"; round 13's number formats): its characters in order
    with at most two of space, dash, dot or slash between any two, whole. A careful reader reads the id
    so. Read by a scan from each place its first character opens a word (no pattern per id)."""
    key = id_key(value).lower()
    if len(key) < 4:
        return False
    low = text[:MAX_CHARS].lower()
    if key[:2] not in low and key[0] + " " + key[1] not in low and key[0] + "-" + key[1] not in low:
        return False
    n, first = len(low), key[0]
    at = low.find(first)
    while at >= 0:
        if at == 0 or not low[at - 1].isalnum():
            i = at + 1
            for ch in key[1:]:
                skipped = 0
                while i < n and skipped < 2 and low[i] in _GROUP_MARKS:
                    i += 1
                    skipped += 1
                if i >= n or low[i] != ch:
                    break
                i += 1
            else:
                if i >= n or not low[i].isalnum():
                    return True
        at = low.find(first, at + 1)
    return False


_GROUP_MARKS = " \t\u00a0./-"


class S0Ids:
    """S0's ids by field (``order_id`` -> every order id), and each id's record and the records
    beside it (the menu a dish is on), indexed once per world, when first asked (``kinds``,
    ``records`` or a question: a rollout that never reads a call against S0, a one-rollout score's
    often, walks nothing; ``build`` walks it now, as a process about to fork does)."""

    __slots__ = ("_data", "_kinds", "_records", "_kind_of", "_siblings", "_record_ids")

    def __init__(self, data: Any) -> None:
        self._data = data  # S0 never changes: walked when first asked, as it would have been now
        self._kinds: Optional[Dict[str, set]] = None  # field -> id keys
        self._records: Optional[Dict[str, Tuple[dict, Any]]] = None  # id key -> (its record, the container holding it)
        self._kind_of: Dict[str, FrozenSet[str]] = {}  # answers kept (S0 never changes)
        self._siblings: Dict[str, Tuple[str, ...]] = {}
        self._record_ids: Dict[str, FrozenSet[str]] = {}

    def build(self) -> "S0Ids":
        """The index walked (once): ``kinds`` and ``records`` made."""
        if self._kinds is None:
            kinds: Dict[str, set] = {}
            records: Dict[str, Tuple[dict, Any]] = {}
            self._walk(self._data, None, 6, kinds, records)
            self._kinds, self._records, self._data = kinds, records, None
        return self

    @property
    def kinds(self) -> Dict[str, set]:
        """Field -> the id keys S0 holds under it."""
        found = self._kinds
        return found if found is not None else self.build()._kinds  # type: ignore[return-value]

    @property
    def records(self) -> Dict[str, Tuple[dict, Any]]:
        """Id key -> (its record, the container holding it)."""
        found = self._records
        return found if found is not None else self.build()._records  # type: ignore[return-value]

    def record_ids(self, key: str) -> FrozenSet[str]:
        """Every id the record of ``key`` holds, as S0 has it (its items, its courier, ...): walked
        once per record and kept (S0 never changes; a batch asks again for each rollout)."""
        found = self._record_ids.get(key)
        if found is None:
            record = self.records.get(key)
            out: set = set()
            if record is not None and isinstance(record[0], dict):
                _ids_of_record(record[0], out, 4)
            found = self._record_ids[key] = frozenset(out)
        return found

    @staticmethod
    def _walk(data: Any, container: Any, depth: int, kinds: Dict[str, set], records: Dict[str, Tuple[dict, Any]]) -> None:
        """Every record down to ``depth`` levels, in document order (the first copy of an id is
        its record unless a table keys it; a dict's own fields before what it nests): one
        recursive pass over S0, each field name's kind and each id field's text read once (a
        world repeats its ids: an order names its customer, its items, its address), a value
        told by its exact JSON type first (``_sort``, by isinstance, for a subclass)."""
        fields: Dict[Any, int] = {}  # field name -> _field_kind, read once per name in this S0
        keys = _KEYS  # an id field's text -> its id_key ("" without a digit), read once for every world
        if len(keys) > _KEPT_KEYS:
            keys.clear()

        def visit(node: Any, holder: Any, left: int) -> None:  # node: a dict
            nested = None
            for name, value in node.items():
                kind = type(value)
                if kind is str:
                    field = fields.get(name)
                    if field is None:
                        field = fields[name] = _field_kind(name) if isinstance(name, str) else 0
                    if not field:
                        continue
                    key = keys.get(value)
                    if key is None:
                        key = keys[value] = _key_of(value)
                elif kind in _LEAVES:
                    continue
                elif kind is dict or kind is list:
                    if left > 0 and value:
                        if nested is None:
                            nested = [value]
                        else:
                            nested.append(value)
                    continue
                else:
                    what = _sort(value)  # a subclass
                    if what != _TEXT:
                        if what and left > 0:
                            if nested is None:
                                nested = [value]
                            else:
                                nested.append(value)
                        continue
                    field = fields.get(name)
                    if field is None:
                        field = fields[name] = _field_kind(name) if isinstance(name, str) else 0
                    if not field:
                        continue
                    key = _key_of(value)
                if not key:
                    continue
                found = kinds.get(name)
                if found is None:
                    found = kinds[name] = set()
                found.add(key)
                # the record a table keys by this id (a menu's dish) wins over a copy (an order's line)
                if field == 2 and (key not in records or (isinstance(holder, dict) and holder.get(value) is node)):
                    records[key] = (node, holder)
            if nested is not None:
                left -= 1
                for value in nested:
                    kind = type(value)
                    if kind is dict:
                        visit(value, node, left)
                    elif kind is list:  # a list read here (``down``'s loop), not by a call: most hold text alone
                        if left > 0:
                            for child in value:
                                kind = type(child)
                                if kind is dict:
                                    visit(child, value, left - 1)
                                elif kind is list:
                                    down(child, value, left - 1)
                                elif kind not in _LEAVES and _sort(child) >= _DICT:
                                    down(child, value, left - 1)
                    else:
                        down(value, node, left)

        def down(node: Any, holder: Any, left: int) -> None:  # a list (or a subclass of dict or list)
            if isinstance(node, dict):
                visit(node, holder, left)
                return
            if left <= 0:
                return
            left -= 1
            for child in node:
                kind = type(child)
                if kind is dict:
                    visit(child, node, left)
                elif kind is list:
                    down(child, node, left)
                elif kind not in _LEAVES and _sort(child) >= _DICT:
                    down(child, node, left)

        what = _sort(data)
        if what == _DICT:
            visit(data, container, depth)
        elif what == _LIST:
            down(data, container, depth)

    def kind_of(self, key: str) -> FrozenSet[str]:
        """The fields under which S0 holds the id ``key``."""
        found = self._kind_of.get(key)
        if found is None:
            found = self._kind_of[key] = frozenset(name for name, keys in self.kinds.items() if key in keys)
        return found

    def same_kind(self, key: str, found: str) -> bool:
        """Whether ``found`` (an id key) is an id of the same kind as ``key``."""
        return any(found in self.kinds[name] for name in self.kind_of(key))

    def name_of(self, key: str) -> Optional[str]:
        record = self.records.get(key)
        name = record[0].get("name") if record else None
        return name if isinstance(name, str) and name.strip() else None

    def sibling_names(self, key: str) -> Tuple[str, ...]:
        """The names of the other records in the container of ``key``'s record (another dish of
        the same menu, another courier)."""
        found = self._siblings.get(key)
        if found is None:
            found = self._siblings[key] = self._sibling_names(key)
        return found

    def _sibling_names(self, key: str) -> Tuple[str, ...]:
        record = self.records.get(key)
        if record is None or self.name_of(key) is None:
            return ()
        container = record[1]
        others = container.values() if isinstance(container, dict) else container if isinstance(container, list) else ()
        return tuple(dict.fromkeys(o["name"] for o in others if isinstance(o, dict) and o is not record[0]
                                   and isinstance(o.get("name"), str) and o["name"].strip()))


_TEXT, _DICT, _LIST = 1, 2, 3
_LEAVES = frozenset({str, int, float, bool, type(None)})  # JSON's exact types that nest nothing


def _sort(value: Any) -> int:
    """What ``_walk`` does with ``value`` (0: nothing), by isinstance (a subclass of JSON's types)."""
    return _TEXT if isinstance(value, str) else _DICT if isinstance(value, dict) else _LIST if isinstance(value, list) else 0


def _is_id_field(name: str) -> bool:
    return name == "id" or name.endswith(("_id", "_number", "_ids")) or name in ("order", "reservation")


def _field_kind(name: str) -> int:
    """0: a field holding no id; 1: one holding ids; 2: one whose id names its record."""
    if not _is_id_field(name):
        return 0
    return 2 if name == "id" or name.endswith(("_id", "_number")) else 1


_ASCII_DIGIT = re.compile(r"[0-9]")


# The worlds of a task split are made by one generator: their ids repeat from world to world (the
# batch's 10 worlds hold 31,527 id texts, 3,363 of them distinct), so their keys are kept across
# worlds (plain text -> key: the same for every world; cleared past its bound).
_KEYS: Dict[str, str] = {}
_KEPT_KEYS = 1 << 16


def _key_of(value: str) -> str:
    """An id field's text as its ``id_key``, or "" when it holds no digit."""
    return id_key(value) if _has_digit(value) else ""


def _has_digit(value: str) -> bool:
    """Whether ``value`` holds a character ``str.isdigit`` takes (an ASCII one, most often)."""
    if value.isascii():
        return _ASCII_DIGIT.search(value) is not None
    return any(c.isdigit() for c in value)


_S0_IDS: "IdentityCache[S0Ids]" = IdentityCache(16)


def s0_ids(initial: Any) -> Optional[S0Ids]:
    """The index of S0's ids (made once per world, kept by its identity), or None without one."""
    if not isinstance(initial, dict):
        return None
    found = _S0_IDS.get(initial)
    return found if found is not None else _S0_IDS.put(initial, S0Ids(initial))


def _ids_of_record(data: Any, out: set, depth: int) -> None:
    if isinstance(data, dict):
        children: Any = data.values()
    elif isinstance(data, list):
        children = data
    else:
        if isinstance(data, str) and _has_digit(data):
            out.add(id_key(data))
        return
    if depth <= 0:
        return
    for child in children:
        _ids_of_record(child, out, depth - 1)
