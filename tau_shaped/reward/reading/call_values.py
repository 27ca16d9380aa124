"""The values of a write a person would check, and whether a message states another one instead
(SPEC §10: "Every argument of the call a person would check ... is stated and equal to the
call's"; "A message stating a value the call does not use confirms a different call").

The arguments are the call's own, typed by their values and by S0 (the world the tools read), so
a rule file need not list them and a new tool needs no rule edit:

- an **id** (a string with a digit that S0 holds under a field of an id, such as ``order_id``,
  ``item_id``, ``driver_id``, ``reservation_id``, ``flight_number``): stated as itself in any case
  and spacing ("FD-10045", "fd 10045", "FD10045"), or by its record's ``name`` (a menu item, a
  courier). Another id of the same kind (S0 holds it under the same field) or the name of another
  record beside it (another dish of the same menu, another courier) stated instead is another
  call's;
- a **date** (``YYYY-MM-DD``): stated in ISO (or ``YYYYMMDD``), "May 5, 2024", "5 May 2024" or
  "05/05/2024" form; a date stated instead that is none of the call's is another call's;
- a **numbered text** ("Suite 641", "Apt 5"): another number after the same word is another
  call's (another suite);
- a **list** (items, stops, passengers, flights): each element as above; a list whose name says it
  is a sequence (``stop_order``, a route) stated in another order, with words of sequence
  ("then", "first", "->", a numbered list), is another visit order;
- an object (a passenger, a flight): each of its fields.

Free text (a reason, a summary, a note) and the values the customer gives of themselves (their
own ``customer_id`` / ``user_id``) are not compared. Amounts and methods, which a rule requires
stated, are compared where the rule's ``mention`` says how (``confirmations``). A value the call
itself returns (the substitute a ``confirm_substitution`` applies, a replacement's new order id)
is the call's, not another.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Dict, FrozenSet, Iterator, List, Optional, Tuple

from tau_shaped.env.identity_cache import IdentityCache

__all__ = ["contradicted", "id_key", "id_places", "ids_in", "dates_in", "states_id", "states_date", "S0Ids", "s0_ids"]

FREE_TEXT = frozenset({"reason", "summary", "thought", "expression", "note", "notes", "comment", "comments",
                       "description", "message", "content", "explanation", "details", "request"})
SELF = frozenset({"customer_id", "user_id"})  # the account the customer speaks for
_SEQUENCE_NAMES = ("order", "route", "stop", "sequence", "itinerary")
MAX_CHARS = 4000

_TOKEN = re.compile(r"#?[A-Za-z0-9]+(?:[-_./#][A-Za-z0-9]+)*")
_NOT_ALNUM = re.compile(r"[^A-Za-z0-9]")
_LETTERS = re.compile(r"[A-Za-z]{1,4}")
_ISO_DATE = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")
_MONTHS = {m: i + 1 for i, m in enumerate(["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"])}
_MONTH = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]{0,6}\.?"
_DATES = re.compile(
    rf"(?<!\d)(\d{{4}})-(\d{{1,2}})-(\d{{1,2}})(?!\d)"
    rf"|(?<![a-z]){_MONTH}\s{{1,3}}(\d{{1,2}})(?:st|nd|rd|th)?,?\s{{1,3}}(\d{{4}})(?!\d)"
    rf"|(?<!\d)(\d{{1,2}})(?:st|nd|rd|th)?\s{{1,3}}(?:of\s{{1,3}})?{_MONTH}\s{{1,3}}(\d{{4}})(?!\d)"
    rf"|(?<![\d/])(\d{{1,2}})/(\d{{1,2}})/(\d{{4}})(?!\d)"
    rf"|(?<![\d.,])((?:19|20)\d{{2}})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?!\d|[.,]\d)",
    re.IGNORECASE,
)
_SEQUENCE_WORDS = re.compile(r"(?<!\w)(?:then|first|next|followed by|after that|finally|last|before|after)(?!\w)|->|→|=>|>|(?:^|\n)\s*\d+[.)]",
                             re.IGNORECASE)
_NUMBERED_TEXT = re.compile(r"^([A-Za-z][A-Za-z.]{0,15})\s{1,3}#?\s{0,3}(\d{1,8})$")


def id_key(value: str) -> str:
    """An id as compared: letters and digits only, in upper case ("fd 10045" is "FD10045")."""
    return _NOT_ALNUM.sub("", value).upper()


@lru_cache(maxsize=4096)
def id_places(text: str) -> Tuple[Tuple[str, int], ...]:
    """The ids a message holds (each as ``id_key``) with where each starts: its tokens with a
    digit, and a short word of letters joined to the number after it ("FD 10045", "fd - 10045")."""
    text = text[:MAX_CHARS]
    out: List[Tuple[str, int]] = []
    prev: Optional[Tuple[str, int, int]] = None
    for m in _TOKEN.finditer(text):
        token = m.group(0)
        if any(c.isdigit() for c in token):
            out.append((id_key(token), m.start()))
            if prev is not None and token[0].isdigit() and not text[prev[1]:m.start()].strip(" -_#\u00a0"):
                out.append((id_key(prev[0] + token), prev[2]))
        prev = (token, m.end(), m.start()) if _LETTERS.fullmatch(token) else None
    return tuple(out)


@lru_cache(maxsize=4096)
def ids_in(text: str) -> FrozenSet[str]:
    """The ids a message holds (``id_places``' keys)."""
    return frozenset(key for key, _ in id_places(text))


def _date_of(value: Any) -> Optional[Tuple[int, int, int]]:
    m = _ISO_DATE.match(value) if isinstance(value, str) else None
    return (int(m.group(1)), int(m.group(2)), int(m.group(3))) if m else None


@lru_cache(maxsize=4096)
def dates_in(text: str) -> FrozenSet[Tuple[int, int, int]]:
    """The dates a message states (year, month, day); "05/06/2024" is read both ways."""
    out = set()
    for m in _DATES.finditer(text[:MAX_CHARS]):
        g = m.groups()
        if g[0]:
            out.add((int(g[0]), int(g[1]), int(g[2])))
        elif g[3]:
            out.add((int(g[5]), _MONTHS[g[3][:3].lower()], int(g[4])))
        elif g[6]:
            out.add((int(g[8]), _MONTHS[g[7][:3].lower()], int(g[6])))
        elif g[9]:
            a, b, y = int(g[9]), int(g[10]), int(g[11])
            out.update({(y, a, b), (y, b, a)})
        else:
            out.add((int(g[12]), int(g[13]), int(g[14])))
    return frozenset(out)


class S0Ids:
    """S0's ids by field (``order_id`` -> every order id), and each id's record and the records
    beside it (the menu a dish is on), indexed once per world."""

    __slots__ = ("kinds", "records", "_kind_of", "_siblings", "_record_ids")

    def __init__(self, data: Any) -> None:
        self.kinds: Dict[str, set] = {}  # field -> id keys
        self.records: Dict[str, Tuple[dict, Any]] = {}  # id key -> (its record, the container holding it)
        self._kind_of: Dict[str, FrozenSet[str]] = {}  # answers kept (S0 never changes)
        self._siblings: Dict[str, Tuple[str, ...]] = {}
        self._record_ids: Dict[str, FrozenSet[str]] = {}
        self._walk(data, None, 6)

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

    def _walk(self, data: Any, container: Any, depth: int) -> None:
        if isinstance(data, dict):
            for name, value in data.items():
                if isinstance(value, str) and _is_id_field(name) and any(c.isdigit() for c in value):
                    key = id_key(value)
                    self.kinds.setdefault(name, set()).add(key)
                    if name == "id" or name.endswith(("_id", "_number")):
                        # the record a table keys by this id (a menu's dish) wins over a copy (an order's line)
                        keyed = isinstance(container, dict) and container.get(value) is data
                        if keyed or key not in self.records:
                            self.records[key] = (data, container)
            children: Any = data.values()
        elif isinstance(data, list):
            children = data
        else:
            return
        if depth <= 0:
            return
        for child in children:
            if isinstance(child, (dict, list)):
                self._walk(child, data, depth - 1)

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


def _is_id_field(name: str) -> bool:
    return name == "id" or name.endswith(("_id", "_number", "_ids")) or name in ("order", "reservation")


_S0_IDS: "IdentityCache[S0Ids]" = IdentityCache(16)


def s0_ids(initial: Any) -> Optional[S0Ids]:
    """The index of S0's ids (made once per world, kept by its identity), or None without one."""
    if not isinstance(initial, dict):
        return None
    found = _S0_IDS.get(initial)
    return found if found is not None else _S0_IDS.put(initial, S0Ids(initial))


def states_id(text: str, value: str, index: Optional[S0Ids]) -> bool:
    """Whether ``text`` states the id ``value``: itself in any case and spacing, or its record's name."""
    if id_key(value) in ids_in(text):
        return True
    name = index.name_of(id_key(value)) if index is not None else None
    return name is not None and _has_name(text, name)


def states_date(text: str, value: str) -> bool:
    date = _date_of(value)
    return date is not None and date in dates_in(text)


@lru_cache(maxsize=8192)
def _name_pattern(name: str) -> "re.Pattern[str]":
    words = [re.escape(w) for w in re.split(r"[\s_-]+", name.strip()) if w]
    return re.compile(r"(?<!\w)" + r"[\s_-]+".join(words) + r"(?!\w)", re.IGNORECASE)


def _has_name(text: str, name: str) -> bool:
    return _name_pattern(name).search(text[:MAX_CHARS]) is not None


def leaves(arg: str, value: Any) -> Iterator[Tuple[str, Any, bool]]:
    """The compared leaves of an argument: (its path, its value, whether it is an element of a
    sequence), free text and the customer's own ids left out."""
    name = arg.rsplit(".", 1)[-1]
    if name in FREE_TEXT or name in SELF or value is None or isinstance(value, bool):
        return
    if isinstance(value, dict):
        for k, v in value.items():
            yield from leaves(f"{arg}.{k}", v)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from leaves(f"{arg}[{i}]", v)
    else:
        yield arg, value, False


def contradicted(text: str, kwargs: Dict[str, Any], index: Optional[S0Ids], observation: str = "",
                 skip: FrozenSet[str] = frozenset()) -> Optional[str]:
    """The first argument of the call (not in ``skip``: the ones a rule compares its own way) whose
    value ``text`` does not state while stating another value of the same kind instead, as
    ``"order_id: FD-10490"``; or None. ``observation`` is the call's result: a value it holds is
    the call's own."""
    if not isinstance(kwargs, dict):
        return None
    text = text[:MAX_CHARS]
    own = _Own(kwargs, observation, index)
    own_dates = frozenset("-".join(f"{p:02d}" for p in d) for _, v, _ in leaves("", kwargs) if (d := _date_of(v)) is not None)
    for arg, value in kwargs.items():
        if arg in skip:
            continue
        for path, leaf, _ in leaves(arg, value):
            other = _another(text, leaf, index, own, observation, own_dates)
            if other is not None:
                return f"{path}: {other}"
        if isinstance(value, list) and any(s in arg.lower() for s in _SEQUENCE_NAMES):
            other = _another_order(text, value, index)
            if other is not None:
                return f"{arg}: {other}"
        if isinstance(value, list) and len(value) > 1 and all(isinstance(v, dict) for v in value):
            other = _another_pairing(text, value, index)
            if other is not None:
                return f"{arg}: {other}"
    return _another_result(text, kwargs, index, own, observation, own_dates)


def _another_result(text: str, kwargs: Dict[str, Any], index: Optional[S0Ids], own: "_Own", observation: str,
                    own_dates: FrozenSet[str]) -> Optional[str]:
    """What the call computes, stated otherwise: an id its result gives at its top level that is
    no argument (the courier a dispatcher picks) while the words name another of its kind instead,
    or a sequence it gives (a planned route) stated in another order (SPEC §10: a value the tool
    computes is stated as the tool will compute it). The records the call names (the order, its
    first courier) may be spoken of."""
    result = _result_fields(observation) if observation else ()
    if not result:
        return None
    wide: Optional[FrozenSet[str]] = None
    context = observation
    for name, value in result:
        if name in kwargs or name in FREE_TEXT or name in SELF:
            continue
        if isinstance(value, str) and _is_id_field(name) and any(c.isdigit() for c in value):
            if wide is None:
                wide, names = own.wide()
                context = observation + " " + " ".join(names)
            other = _another(text, value, index, wide, context, own_dates)
            if other is not None:
                return f"{name}: {other}"
        elif (isinstance(value, tuple) and len(value) > 1 and all(isinstance(v, str) for v in value)
              and any(s in name.lower() for s in _SEQUENCE_NAMES)):
            other = _another_order(text, list(value), index)
            if other is not None:
                return f"{name}: {other}"
    return None


@lru_cache(maxsize=2048)
def _result_fields(observation: str) -> Tuple[Tuple[str, Any], ...]:
    """A call's result's top-level fields (scalars, and lists of strings as tuples), when it is a
    JSON object of bounded size; else nothing."""
    import json

    if len(observation) > 4 * MAX_CHARS or not observation.lstrip().startswith("{"):
        return ()
    try:
        value = json.loads(observation)
    except ValueError:
        return ()
    if not isinstance(value, dict):
        return ()
    out = []
    for k, v in value.items():
        if isinstance(v, (str, int, float)) and not isinstance(v, bool):
            out.append((str(k), v))
        elif isinstance(v, list) and len(v) <= 16 and all(isinstance(x, str) for x in v):
            out.append((str(k), tuple(v)))
    return tuple(out)


def _anchors(element: Dict[str, Any]) -> List[str]:
    """What names one element of a list of records in a text: its ids and names (not its dates)."""
    return [v for k, v in element.items() if isinstance(v, str) and k not in FREE_TEXT and _date_of(v) is None
            and len(v.strip()) >= 2]


def _place(text: str, value: str, places: Dict[str, int]) -> Optional[int]:
    if any(c.isdigit() for c in value):
        return places.get(id_key(value))
    m = _name_pattern(value).search(text)
    return m.start() if m else None


def _another_pairing(text: str, value: List[Dict[str, Any]], index: Optional[S0Ids]) -> Optional[str]:
    """A date stated for one element of a list of records (a flight, a passenger) that is not that
    element's, where the words name the element and give it a date: each element's fields are
    compared together ("HAT056 on May 25; HAT138 on May 26" is another date for HAT138 when both
    fly on the 25th)."""
    if not any(_date_of(v) is not None for e in value for v in e.values()):
        return None
    places: Dict[str, int] = {}
    for key, start in id_places(text):
        places.setdefault(key, start)
    starts = []
    for e in value:
        found = [p for p in (_place(text, a, places) for a in _anchors(e)) if p is not None]
        starts.append(min(found) if found else None)
    for e, start in zip(value, starts):
        dates = {d for v in e.values() if (d := _date_of(v)) is not None}
        if start is None or not dates:
            continue
        after = [s for s in starts if s is not None and s > start]
        end = min(after) if after else min(len(text), start + 160)
        stated = dates_in(text[start:end])
        if stated and not (dates & stated):
            return f"{next(iter(_anchors(e)), '?')}: {'-'.join(f'{p:02d}' for p in sorted(stated)[0])}"
    return None


class _Own:
    """The ids of the call (its arguments, and what its result holds: read only when asked)."""

    __slots__ = ("args", "observation", "index", "_seen", "_result_ids", "_echo")

    def __init__(self, kwargs: Dict[str, Any], observation: str, index: Optional[S0Ids] = None) -> None:
        self.args = frozenset(id_key(v) for _, v, _ in leaves("", kwargs) if isinstance(v, str))
        self.observation = observation
        self.index = index
        self._seen: Optional[FrozenSet[str]] = None
        self._result_ids: Optional[FrozenSet[str]] = None  # each read once, when first asked
        self._echo: Optional[FrozenSet[str]] = None

    def __contains__(self, key: str) -> bool:
        if key in self.args:
            return True
        if self._seen is None:
            seen = self._result()
            # what the result echoes of the records the call names, as S0 held them (the order's
            # other items), is not what the call made (a substitute, a new order's id)
            self._seen = seen - self._echoed() if seen else seen
        return key in self._seen

    def wide(self) -> Tuple[FrozenSet[str], Tuple[str, ...]]:
        """Every id the call touches (its arguments, its result, the records it names as S0 held
        them) and the names of those records: what a message may speak of beside a value the call
        computes."""
        echoed = self._echoed()
        names = tuple(n for k in echoed if self.index is not None and (n := self.index.name_of(k)) is not None)
        return self.args | self._result() | echoed, names

    def _result(self) -> FrozenSet[str]:
        if self._result_ids is None:
            self._result_ids = ids_in(self.observation[:MAX_CHARS]) if self.observation else frozenset()
        return self._result_ids

    def _echoed(self) -> FrozenSet[str]:
        if self._echo is None:
            index = self.index
            out: FrozenSet[str] = frozenset().union(*(index.record_ids(key) for key in self.args)) if index else frozenset()
            self._echo = out - self.args
        return self._echo


def _ids_of_record(data: Any, out: set, depth: int) -> None:
    if isinstance(data, dict):
        children: Any = data.values()
    elif isinstance(data, list):
        children = data
    else:
        if isinstance(data, str) and any(c.isdigit() for c in data):
            out.add(id_key(data))
        return
    if depth <= 0:
        return
    for child in children:
        _ids_of_record(child, out, depth - 1)


def _another(text: str, value: Any, index: Optional[S0Ids], own: Any, observation: str,
             own_dates: FrozenSet[str] = frozenset()) -> Optional[str]:
    if not isinstance(value, str):
        return None
    date = _date_of(value)
    if date is not None:
        stated = dates_in(text)
        others = sorted(d for d in stated if "-".join(f"{p:02d}" for p in d) not in own_dates)
        if others and date not in stated:
            return "-".join(f"{p:02d}" for p in others[0])
        return None
    numbered = _NUMBERED_TEXT.match(value.strip())
    if numbered is not None:
        return _another_numbered(text, numbered.group(1), numbered.group(2))
    if index is None or not any(c.isdigit() for c in value):
        return None
    key = id_key(value)
    if not index.kind_of(key) or states_id(text, value, index):
        return None
    for found in sorted(ids_in(text)):
        if found != key and index.same_kind(key, found) and found not in own:
            return found
    for name in index.sibling_names(key):
        if _has_name(text, name) and name.lower() not in observation.lower():
            return name
    return None


@lru_cache(maxsize=1024)
def _numbered_pattern(word: str) -> "re.Pattern[str]":
    return re.compile(rf"(?<!\w){re.escape(word.rstrip('.'))}\.?\s{{0,3}}#?\s{{0,3}}(\d{{1,8}})(?!\d)", re.IGNORECASE)


def _another_numbered(text: str, word: str, number: str) -> Optional[str]:
    found = [m.group(1) for m in _numbered_pattern(word).finditer(text)]
    if found and number not in found:
        return f"{word} {found[0]}"
    return None


def _another_order(text: str, value: List[Any], index: Optional[S0Ids]) -> Optional[str]:
    """A sequence stated in another order than the call's, with words of sequence."""
    if len(value) < 2 or not all(isinstance(v, str) for v in value) or not _SEQUENCE_WORDS.search(text):
        return None
    found = {}
    for key, start in id_places(text):
        found.setdefault(key, start)
    places = [found.get(id_key(v)) for v in value]
    if any(p is None for p in places):
        return None
    if places != sorted(places):
        return " -> ".join(v for _, v in sorted(zip(places, value)))
    return None
