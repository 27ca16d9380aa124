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

from tau_shaped.env.identity_cache import OwnedLRU
from tau_shaped.reward.memo_keys import json_key, json_loaded
from tau_shaped.reward.reading.item_counts import another_count
from tau_shaped.reward.reading.record_names import _has_name, _longer_name, _name_pattern  # noqa: F401 - read here too
from tau_shaped.reward.reading.call_dates import _date_of, dates_in, month_days_in, other_paired_date, states_date
from tau_shaped.reward.reading.route_stops import another_stop
from tau_shaped.reward.reading.worded_values import worded_other
from tau_shaped.reward.reading.s0_ids import MAX_CHARS, S0Ids, _has_digit, _is_id_field, id_key, id_places, id_shape, ids_in, s0_ids, states_spaced  # noqa: F401 - read here too

__all__ = ["contradicted", "id_key", "id_places", "ids_in", "dates_in", "states_id", "states_date", "S0Ids", "s0_ids"]

FREE_TEXT = frozenset({"reason", "summary", "thought", "expression", "note", "notes", "comment", "comments",
                       "description", "message", "content", "explanation", "details", "request"})
SELF = frozenset({"customer_id", "user_id"})  # the account the customer speaks for
_SEQUENCE_NAMES = ("order", "route", "stop", "sequence", "itinerary")

_SEQUENCE_WORDS = re.compile(r"(?<!\w)(?:then|first|next|followed by|after that|finally|last|before|after)(?!\w)|->|→|=>|>|(?:^|\n)\s*\d+[.)]"
                             r"|(?<![\w.$])[1-4][.)](?=[ \t])",  # round 17: "Plan: 1) FD-1 2) FD-2" (a list on one line)
                             re.IGNORECASE)
_NUMBERED_TEXT = re.compile(r"^([A-Za-z][A-Za-z.]{0,15})\s{1,3}#?\s{0,3}(\d{1,8})$")


def states_id(text: str, value: str, index: Optional[S0Ids]) -> bool:
    """Whether ``text`` states the id ``value``: itself in any case and spacing, or its record's name."""
    if id_key(value) in ids_in(text) or states_spaced(text, value):
        return True
    name = index.name_of(id_key(value)) if index is not None else None
    return name is not None and _has_name(text, name)


def leaves(arg: str, value: Any) -> Iterator[Tuple[str, Any, bool]]:
    """The compared leaves of an argument: (its path, its value, whether it is an element of a
    sequence), free text and the customer's own ids left out."""
    return ((path, leaf, False) for path, leaf in _leaves(arg, value))


def _leaves(arg: str, value: Any) -> List[Tuple[str, Any]]:
    """``leaves``' (path, value) pairs, in their order, as a list (read once per argument)."""
    out: List[Tuple[str, Any]] = []
    _add_leaves(arg, arg.rsplit(".", 1)[-1], value, out)
    return out


def _add_leaves(path: str, name: str, value: Any, out: List[Tuple[str, Any]]) -> None:
    if name in FREE_TEXT or name in SELF or value is None or isinstance(value, bool):
        return
    if isinstance(value, dict):
        for k, v in value.items():
            inner = f"{path}.{k}"
            _add_leaves(inner, inner.rsplit(".", 1)[-1], v, out)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _add_leaves(f"{path}[{i}]", "[]", v, out)  # an element's name ("items[0]") is never free text nor SELF
    else:
        out.append((path, value))


def contradicted(text: str, kwargs: Dict[str, Any], index: Optional[S0Ids], observation: str = "",
                 skip: FrozenSet[str] = frozenset()) -> Optional[str]:
    """The first argument of the call (not in ``skip``: the ones a rule compares its own way) whose value ``text`` does
    not state while stating another value of the same kind instead, as ``"order_id: FD-10490"``; or None.
    ``observation`` is the call's result: a value it holds is the call's own."""
    if not isinstance(kwargs, dict):
        return None
    text = text[:MAX_CHARS]
    own = _own(kwargs, observation, index)  # the call's ids, dates and leaves, read once per call
    own_dates = own.dates
    for arg, value in kwargs.items():
        if arg in skip:
            continue
        for path, leaf in own.leaves_of(arg, value):
            other = _another(text, leaf, index, own, observation, own_dates)
            if other is not None:
                return f"{path}: {other}"
        if isinstance(value, list) and any(s in arg.lower() for s in _SEQUENCE_NAMES):
            other = _another_order(text, value, index)
            if other is not None:
                return f"{arg}: {other}"
        if isinstance(value, list) and value and index is not None and all(isinstance(v, str) for v in value):
            other = another_count(text, value, lambda v: index.name_of(id_key(v)))  # "two Samosas" for one
            if other is not None:
                return f"{arg}: {other}"
        if isinstance(value, list) and len(value) > 1 and all(isinstance(v, dict) for v in value):
            other = _another_pairing(text, value, index, own_dates)
            if other is not None:
                return f"{arg}: {other}"
    return _another_result(text, kwargs, index, own, observation, own_dates) or worded_other(text, kwargs, skip)  # round 18


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
        if isinstance(value, str) and _is_id_field(name) and _has_digit(value):
            if not _reads_own(value, index):
                other = _another(text, value, index, frozenset(), observation, own_dates)  # the call's ids unread
            else:
                if wide is None:
                    wide, names = own.wide()
                    context = observation + " " + " ".join(names)
                other = _another(text, value, index, wide, context, own_dates)
            if other is not None:
                return f"{name}: {other}"
        elif (isinstance(value, tuple) and len(value) > 1 and all(isinstance(v, str) for v in value)
              and any(s in name.lower() for s in _SEQUENCE_NAMES)):
            other = another_stop(text, list(value)) or _another_order(text, list(value), index)  # round 14: a stop not its
            if other is not None:
                return f"{name}: {other}"
    return None


def _reads_own(value: str, index: Optional[S0Ids]) -> bool:
    """Whether ``_another`` reads the call's ids and context for ``value``: an id S0 holds, no date
    and no numbered text (else it answers before, from the value, the text and S0 alone)."""
    return (index is not None and _date_of(value) is None and _NUMBERED_TEXT.match(value.strip()) is None
            and bool(index.kind_of(id_key(value))))


@lru_cache(maxsize=2048)
def _result_fields(observation: str) -> Tuple[Tuple[str, Any], ...]:
    """A call's result's top-level fields (scalars, and lists of strings as tuples), when it is a
    JSON object of bounded size; else nothing."""
    if len(observation) > 4 * MAX_CHARS or not observation.lstrip().startswith("{"):
        return ()
    try:
        value = json_loaded(observation)
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
    if _has_digit(value):
        return places.get(id_key(value))
    m = _name_pattern(value).search(text)
    return m.start() if m else None


def _another_pairing(text: str, value: List[Dict[str, Any]], index: Optional[S0Ids],
                     call_dates: FrozenSet[str] = frozenset()) -> Optional[str]:
    """A date stated for one element of a list of records (a flight, a passenger) that is not that
    element's, where the words name the element and give it a date: each element's fields are
    compared together ("HAT056 on May 25; HAT138 on May 26" is another date for HAT138 when both
    fly on the 25th; "HAT276 on May 22" another for HAT276 when HAT279 flies on the 22nd). The
    words said of an element run from its name to the next element's, within its line when its
    line dates it ("- HAT276: May 21"), or before it on its line ("| 2024-05-21 | HAT276 |"); an
    element joined to the next by "and" or a comma alone shares its date ("HAT276 and HAT279, both
    on May 22"). A date with its year, a month and day, or a day's ordinal alone ("the 22nd")."""
    if not any(_date_of(v) is not None for e in value for v in e.values()):
        return None
    places: Dict[str, int] = {}
    for key, start in id_places(text):
        places.setdefault(key, start)
    starts = []
    for e in value:
        found = [p for p in (_place(text, a, places) for a in _anchors(e)) if p is not None]
        starts.append(min(found) if found else None)
    listed = {"-".join(f"{p:02d}" for p in d) for e in value for v in e.values() if (d := _date_of(v)) is not None}
    foreign = frozenset(_date_of(d) for d in call_dates - listed)  # round 18: the call's other dates (a birth date) are no other
    owns = [frozenset(d for v in e.values() if (d := _date_of(v)) is not None) | foreign for e in value]
    paired = other_paired_date(text, starts, owns, people=any("first_name" in e or "dob" in e for e in value))
    if paired is None:
        return None
    i, other = paired
    return f"{next(iter(_anchors(value[i])), '?')}: {'-'.join(f'{p:02d}' for p in other)}"


_OWNS: "OwnedLRU[_Own]" = OwnedLRU(2048)  # each message before a write reads the same call's ids


def _own(kwargs: Dict[str, Any], observation: str, index: Optional[S0Ids], flat: Any = None) -> "_Own":
    """The call's ids (``_Own``), kept per call and world (what it reads depends on its arguments, result and S0)."""
    key = json_key(kwargs)
    if key is None:
        return _Own(kwargs, observation, index, flat)
    found = _OWNS.get((index,), (key, observation))
    return found if found is not None else _OWNS.put((index,), (key, observation), _Own(kwargs, observation, index, flat))


class _Own:
    """The ids of the call (its arguments, and what its result holds: read only when asked)."""

    __slots__ = ("args", "dates", "observation", "index", "_seen", "_result_ids", "_echo", "_leaves")

    def __init__(self, kwargs: Dict[str, Any], observation: str, index: Optional[S0Ids] = None, flat: Any = None) -> None:
        # ``flat``: ``_leaves("", kwargs)``, when the caller has read it
        flat = _leaves("", kwargs) if flat is None else flat
        self.args = frozenset(id_key(v) for _, v in flat if isinstance(v, str))
        self.dates = frozenset("-".join(f"{p:02d}" for p in d) for _, v in flat if (d := _date_of(v)) is not None)
        self._leaves: Dict[str, List[Tuple[str, Any]]] = {}  # argument -> its leaves (``_leaves``), read when asked
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

    def leaves_of(self, arg: str, value: Any) -> List[Tuple[str, Any]]:
        """``_leaves(arg, value)`` of the call's argument ``arg`` (``value``), read once per call."""
        found = self._leaves.get(arg)
        if found is None:
            found = self._leaves[arg] = _leaves(arg, value)
        return found

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


def _another(text: str, value: Any, index: Optional[S0Ids], own: Any, observation: str,
             own_dates: FrozenSet[str] = frozenset()) -> Optional[str]:
    if not isinstance(value, str):
        return None
    date = _date_of(value)
    if date is not None:
        stated = dates_in(text)
        others = sorted(d for d in stated if "-".join(f"{p:02d}" for p in d) not in own_dates)
        if date in stated:
            return None
        if others:
            return "-".join(f"{p:02d}" for p in others[0])
        days = month_days_in(text)  # a date said without its year: another month and day is another date
        own_days = {tuple(int(p) for p in d.split("-")[1:]) for d in own_dates}
        other_days = sorted(d for d in days if d not in own_days)
        if other_days and date[1:] not in days:
            return "--" + "-".join(f"{p:02d}" for p in other_days[0])
        return None
    numbered = _NUMBERED_TEXT.match(value.strip())
    if numbered is not None:
        return _another_numbered(text, numbered.group(1), numbered.group(2))
    if index is None or not _has_digit(value):
        return None
    key = id_key(value)
    if key in ids_in(text) or not index.kind_of(key) or states_id(text, value, index):
        return None  # the id itself stated (``states_id``'s first test, read before S0 is asked)
    for found in sorted(ids_in(text)):
        if found != key and index.same_kind(key, found) and found not in own:
            return found
    for name in index.sibling_names(key):
        if _has_name(text, name) and name.lower() not in observation.lower() and not _ruled_out(text, name):
            return name
    own_name = index.name_of(key)
    return _longer_name(text, own_name) if own_name else None


def _ruled_out(text: str, name: str) -> bool:
    """Whether the message names the record ``name`` only to rule it out, as the reader of offers
    reads a dish set apart ("what about the Salmon Roll? -- it has sesame, so no", "Chicken Korma
    mein cashews hai, so woh nahi"): a record ruled out is not the value of another call."""
    from tau_shaped.reward.reading.unsafe_offers import unsafe_dishes_offered

    return unsafe_dishes_offered(text, [name]) is None


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
    if not _SEQUENCE_WORDS.search(text, max(0, min(places) - 8), max(places)):
        return None  # round 17: "First I'll plan your route for FD-1 and FD-2", "..., then you head out": no word orders the ids
    if places != sorted(places):
        return " -> ".join(v for _, v in sorted(zip(places, value)))
    return None
