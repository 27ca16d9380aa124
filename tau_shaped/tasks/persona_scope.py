"""Whether a confirmation asks leave for *more* than the persona customer asked (issue 44).

A customer who asked to cancel one order agrees to cancelling that order, not to "cancel every
order on your account", "all of your orders", "order FD-10018 and your other orders too",
"your 3 orders", "close your account" or "cancel FD-10018 and FD-10019". ``wider(view, own,
names_write)`` reads what a confirmation puts forward (``persona_offers.Offer.view``: what it
replaces or denies is already blanked, so "instead of cancelling all your orders" or "not your
other orders" widen nothing) and returns the first phrase that widens the request, else None.

A phrase widens the request when, in a sentence (or a list line: "- Orders: ALL") that names a
write the persona accepts (``names_write``), the message states:

- a **quantifier over containers** (orders, reservations, bookings, the account): "all",
  "every", "each", "entire", "whole", "other", "remaining", "rest of", "everything" before the
  container within a few modifier words ("each of your orders", "every single order", "the rest
  of your pending orders", "everything on your account"), or a plural container owned by the
  customer ("your orders", not "one of your orders"); when the persona itself names two or more
  orders (a courier's stops), only a count above its own is wider;
- a **count** of containers above the persona's own ("your 3 orders", "both reservations",
  "several orders");
- the **account** closed, deleted, deactivated, terminated or cancelled;
- an **identifier of the shape of the persona's own** ("FD-10019" beside "FD-10018", another
  reservation code) that is not one of the persona's, or more orders' or reservations' ids of
  one shape than the persona names orders (a persona that does not know its order's id).

A phrase followed in its sentence by a word that keeps it as it is ("your other orders stay as
they are", "remain", "unaffected", "won't be affected") or preceded by one that excludes it
("leave your other orders", "except", "only", "apart from") widens nothing. Each sentence is read
once into words, every look is a bounded window, and ``names_write`` is asked only about
sentences with a hit: linear on untrusted text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, FrozenSet, Iterable, List, Optional, Tuple

__all__ = ["OwnScope", "own_scope", "wider"]

_SEGMENT = re.compile(r"(?:[^.!?\n]|\.(?=\d))+")  # "$16.90" is one sentence
_WORD = re.compile(r"#?[A-Za-z0-9]+(?:[_'-][A-Za-z0-9]+)*")
_LIST_LINE = re.compile(r"\s*(?:[-*\u2022+]|\d{1,2}[.)]|\|)|[^:]{1,40}:")

_CONTAINERS = frozenset("order orders reservation reservations booking bookings account accounts".split())
_PLURAL = frozenset("orders reservations bookings accounts".split())
_ALL = frozenset("all every each entire whole everything".split())
_OTHER = frozenset("other others remaining rest".split())
_MODIFIERS = frozenset(
    "of your the my single pending open active current recent upcoming past previous existing these those other "
    "on in placed outstanding remaining undelivered delivered processed future scheduled linked".split())
_OWNERS = frozenset("your my the these those".split())
_PARTITIVE = frozenset("of from among between".split())  # "one of your orders"
_NUMBERS = {w: n for n, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve".split())}
_MANY = frozenset("both multiple several many".split())
_CLOSING = frozenset("close closing closed closure delete deleting deleted deletion deactivate deactivating "
                     "deactivated terminate terminating terminated termination shut wipe cancel cancelling canceling "
                     "cancelled canceled cancellation".split())
_KEEPS = frozenset("stay stays remain remains unaffected untouched unchanged intact affected touched impacted alone "
                   "kept separate".split())
_EXCLUDES = frozenset("leave leaving except excluding besides apart keep keeping without only "
                      # a look over them, not a write on them: "I checked all your orders"
                      "checked check checking found find reviewed review reviewing looked looking searched search "
                      "through among between see saw at".split())
# A container word that names a part of it, not it: "each order item", "all order details".
_PART_OF = frozenset("item items detail details number numbers total totals history status id ids line lines".split())
_AS_THEY_ARE = (("as", "is"), ("as", "they", "are"), ("as", "it", "is"))
_WINDOW = 4  # modifier words at most between a quantifier or a count and its container
_LOOK_BACK = 3  # words before a phrase where an excluding word is looked for


def _shape(value: str) -> Optional[Tuple[str, Any]]:
    """The shape of an identifier ("FD-10018": prefix "FD-" and digits; "M05KNL": six upper
    letters and digits), or None for a value that is no identifier."""
    m = re.fullmatch(r"(#?[A-Za-z][A-Za-z_-]*)(\d+)", value)
    if m:
        return ("prefix", m.group(1).upper())
    if re.fullmatch(r"[A-Z0-9]{5,8}", value) and re.search(r"\d", value) and re.search(r"[A-Z]", value) \
            and not re.fullmatch(r"[A-Z]+\d+", value):  # not a flight number ("HAT123")
        return ("code", len(value))
    return None


def _is_container_id(shape: Tuple[str, Any]) -> bool:
    """An order's or a reservation's id ("FD-1", "#W1", "M05KNL"), not a user's or an item's."""
    return shape[0] == "code" or (shape[0] == "prefix" and ("-" in shape[1] or shape[1].startswith("#")))


@dataclass(frozen=True)
class OwnScope:
    """What the persona names as its own: its identifiers (upper case), their shapes, and how
    many orders or reservations it names."""

    ids: FrozenSet[str]
    shapes: FrozenSet[Tuple[str, Any]]
    containers: int


def _strings(value: Any, depth: int = 0) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, (list, tuple)) and depth < 3:
        for item in value:
            yield from _strings(item, depth + 1)


def own_scope(persona: Any) -> OwnScope:
    """The identifiers ``persona`` names: in its accepted actions' values and in what it says
    (its opening, request, facts, ``instead``)."""
    said: List[str] = [getattr(persona, k, None) or "" for k in ("opening", "request", "instead")]
    said += [v for v in (getattr(persona, "facts", None) or {}).values() if isinstance(v, str)]
    for action in getattr(persona, "accept", None) or []:
        for matcher in (getattr(action, "args", None) or {}).values():
            given = matcher.given() if hasattr(matcher, "given") else {}
            for value in [getattr(matcher, "value", None), given.get("eq"), given.get("in")]:
                said += list(_strings(value))
    ids = set()
    for text in said:
        for m in _WORD.finditer(text):
            if _shape(m.group(0)) is not None:
                ids.add(m.group(0).upper())
    shapes = {s for s in (_shape(i) for i in ids) if s is not None}
    per_shape: dict = {}
    for i in ids:
        shape = _shape(i)
        if shape is not None and _is_container_id(shape):
            per_shape[shape] = per_shape.get(shape, 0) + 1
    containers = max(per_shape.values(), default=0)  # its orders, not its courier id beside them
    return OwnScope(frozenset(ids), frozenset(shapes), containers)


def _count(word: str) -> Optional[int]:
    if word.isdigit() and len(word) <= 3:
        return int(word)
    return _NUMBERS.get(word)


def _container_after(words: List[str], i: int) -> int:
    """The index of a container within ``_WINDOW`` modifier words after token ``i``, else -1."""
    for j in range(i + 1, min(len(words), i + 2 + _WINDOW)):
        if words[j] in _CONTAINERS:
            return j if j + 1 >= len(words) or words[j + 1] not in _PART_OF else -1
        if words[j] not in _MODIFIERS and _count(words[j]) is None:
            return -1
    return -1


def _kept(words: List[str], start: int, end: int) -> bool:
    """Whether the phrase ``words[start:end]`` is kept out: an excluding word just before it, or
    a keeping word after it in its sentence."""
    if any(w in _EXCLUDES for w in words[max(0, start - _LOOK_BACK):start]):
        return True
    after = words[end:end + 12]
    return any(w in _KEEPS for w in after) or any(
        tuple(after[k:k + len(p)]) == p for p in _AS_THEY_ARE for k in range(len(after)))


def _scope_hit(words: List[str], own: OwnScope, kept: "_Kept") -> Optional[Tuple[int, int]]:
    """The span of the first quantifier, count or closing of the account in a sentence's words."""
    single = own.containers <= 1
    for i, word in enumerate(words):
        if word in _ALL or word in _OTHER:
            j = _container_after(words, i) if word != "everything" else next(
                (k for k in range(i + 1, min(len(words), i + 4)) if words[k] in _CONTAINERS), -1)
            if j >= 0 and (single or word in _OTHER and words[j] in _PLURAL and own.containers < 2) \
                    and not kept(i, j + 1):
                return i, j + 1
            continue
        count = _count(word)
        if count is not None or word in _MANY:
            j = _container_after(words, i)
            if j >= 0 and words[j] in _PLURAL and (count is None or count > max(own.containers, 1)) \
                    and (word != "both" or own.containers < 2) and not kept(i, j + 1):
                return i, j + 1
            continue
        if word in _PLURAL and i and words[i - 1] in _OWNERS and single:
            before = words[i - 2] if i >= 2 else ""
            if before not in _PARTITIVE and _count(before) is None and not kept(i - 1, i + 1):
                return i - 1, i + 1
        if word in ("account", "accounts") and any(w in _CLOSING for w in words[max(0, i - 3):i + 4]) \
                and not kept(i, i + 1):
            return max(0, i - 2), i + 1
    return None


def _many_ids(found: List[Any], own: OwnScope, kept: "_Kept") -> Optional[Tuple[int, int]]:
    """The span of an order's or reservation's id when a sentence names more of one shape than
    the persona names orders ("cancel FD-10018 and FD-10019" to a customer who asked one)."""
    seen: dict = {}
    for i, m in enumerate(found):
        shape = _shape(m.group(0))
        if shape is None or not _is_container_id(shape) or kept(i, i + 1):
            continue
        ids = seen.setdefault(shape, set())
        ids.add(m.group(0).upper())
        if len(ids) > max(own.containers, 1):
            return i, i + 1
    return None


_Kept = Callable[[int, int], bool]


def _keeping(view_found: List[Any], said: str, start: int, end: int) -> _Kept:
    """Whether the phrase of view words ``[i, j)`` is kept out, read in the sentence as said
    (``said[start:end]``, before what the offer denies was blanked: "your other orders won't be
    affected" keeps them, though the view blanks "won't be affected")."""
    said_found = list(_WORD.finditer(said, start, end))
    said_words = [m.group(0).lower() for m in said_found]
    at = {m.start(): k for k, m in enumerate(said_found)}

    def kept(i: int, j: int) -> bool:
        first = at.get(view_found[i].start() + start)
        last = at.get(view_found[j - 1].start() + start)
        if first is None or last is None:
            return False
        return _kept(said_words, first, last + 1)
    return kept


def wider(view: str, own: OwnScope, names_write: Callable[[str], bool], said: Optional[str] = None) -> Optional[str]:
    """The first phrase of ``view`` (a confirmation as it puts forward: ``read_offer``'s view)
    that asks leave for more than the persona's own request (see the module), else None.
    ``said``: the message before what it denies was blanked (the view's length), where a
    phrase's keeping words are read; by default ``view``."""
    if not isinstance(view, str):
        return None
    if not isinstance(said, str) or len(said) != len(view):
        said = view
    listed: dict = {}  # the orders' ids of every list line: "- Cancel: FD-1" "- Cancel: FD-2"
    for seg in _SEGMENT.finditer(view):
        sentence = seg.group(0)
        found = list(_WORD.finditer(sentence))
        words = [m.group(0).lower() for m in found]
        kept = _keeping(found, said, seg.start(), seg.end())
        if _LIST_LINE.match(sentence):
            for i, m in enumerate(found):
                shape = _shape(m.group(0))
                if shape is not None and _is_container_id(shape) and not kept(i, i + 1):
                    ids = listed.setdefault(shape, set())
                    ids.add(m.group(0).upper())
                    if len(ids) > max(own.containers, 1):
                        return m.group(0)
        hit = _scope_hit(words, own, kept)
        if hit is None and own.shapes:
            for i, m in enumerate(found):
                token = m.group(0)
                shape = _shape(token)
                if shape is not None and shape in own.shapes and token.upper() not in own.ids and not kept(i, i + 1):
                    hit = (i, i + 1)
                    break
        if hit is None:
            hit = _many_ids(found, own, kept)
        if hit is None:
            continue
        if names_write(sentence) or _LIST_LINE.match(sentence) or any(
                m.group(0).upper() in own.ids for m in found):
            return sentence[found[hit[0]].start():found[hit[1] - 1].end()]
    return None
