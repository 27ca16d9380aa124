"""Every customer's identifying values in one S0 (SPEC §10: what ``identifiers`` looks a
message's tokens up in): each value's skeleton (its letters and digits, lower-cased) by its kind
(record, email, phone, name, street, an order's digits), the skeleton it is read as (a name as
first + last, a street as number + name) and whose it is; made once per S0 and kept by the
customers' identities (a world is shared by many tasks and customers).

Made kind by kind, each a table of its skeletons (what they are read as) and one of its readings
(whose): a dictionary write or two a value, none of the pairs and per-customer sets a table of
every (kind, value) would cost (a world's customers have some five thousand values)."""

from __future__ import annotations

import gc
import re
from typing import Any, Dict, List, Optional, Set, Tuple

from tau_shaped.reward.reading.normalize_confusables import marks_folded
from tau_shaped.reward.reading.value_prefixes import Prefixes

__all__ = ["_Index", "_index", "_skeleton", "_digits", "_national", "KINDS"]

KINDS = ("digits", "email", "name", "phone", "record", "street")  # in sorted order: a skeleton's kinds are listed so
_STREET = re.compile(r"(?<![\w.,])([0-9]{1,6})[\s,]{1,3}([^\W\d_][\w'-]{0,40})", re.UNICODE)
_STREET_KINDS = {"st": ("st", "street"), "street": ("st", "street"), "ave": ("ave", "avenue"), "avenue": ("ave", "avenue"),
                 "rd": ("rd", "road"), "road": ("rd", "road"), "blvd": ("blvd", "boulevard"), "dr": ("dr", "drive"), "drive": ("dr", "drive"),
                 "ln": ("ln", "lane"), "lane": ("ln", "lane"), "way": ("way",), "pl": ("pl", "place"), "ct": ("ct", "court")}
_AFTER_NAME: Dict[str, Tuple[str, ...]] = {}  # what follows a street's name (" St"): "" and its kind's words ("st", "street")
_NOT_TOKEN = re.compile(r"[\W_]+")
_NOT_DIGIT = re.compile(r"\D")
_ASCII_NOT_DIGITS = str.maketrans("", "", "".join(chr(c) for c in range(128) if not chr(c).isdigit()))


def _digits(text: str) -> str:
    return text.translate(_ASCII_NOT_DIGITS) if text.isascii() else _NOT_DIGIT.sub("", text)


def _national(digits: str) -> Tuple[str, ...]:
    """A phone number's digits as written, and without a country code of 1-3 digits before a
    10-digit number ("+1 503 555 7232" is 503-555-7232)."""
    return (digits, digits[-10:]) if 11 <= len(digits) <= 13 else (digits,)


_SEPARATORS = str.maketrans("", "", "-._ ")  # what an id, an email or a name is most often written with


def _skeleton(value: str) -> str:
    low = (value if value.isascii() else marks_folded(value)).lower()  # "José" as text reads it
    if low.isalnum():  # ``str.isalnum`` is the regex's ``\w`` but "_": nothing to take off
        return low
    bare = low.translate(_SEPARATORS)
    return bare if bare.isalnum() else _NOT_TOKEN.sub("", low)


# a value's skeleton by the value, kept: a batch's worlds share most of their customers' ids, orders' ids,
# emails and names (ten worlds of 300 customers: 300 emails, 830 order ids); full, all are forgotten at once
_KNOWN: Dict[str, str] = {}


def _learn(value: str) -> str:
    """``_skeleton(value)``, kept in ``_KNOWN``."""
    if len(_KNOWN) >= 1 << 16:
        _KNOWN.clear()
    sk = _KNOWN[value] = _skeleton(value)
    return sk


# an order's or record's id as ``_records`` reads it: its skeleton ("" when shorter than five) and its digits read
# alone ("" when not: fewer than five, or the skeleton itself; None: an id of letters only), kept for every world (a
# batch's worlds name the same orders: FD-10001 to FD-10830); full, all are forgotten at once
_RECORD_IDS: Dict[str, Tuple[str, Optional[str]]] = {}
_NO_ID: Tuple[str, Optional[str]] = ("", "")


def _record_id(rid: str) -> Tuple[str, Optional[str]]:
    """``_RECORD_IDS[rid]``, worked out and kept."""
    sk = _KNOWN.get(rid) or _learn(rid)
    if len(sk) < 5:
        found: Tuple[str, Optional[str]] = _NO_ID
    elif sk.isalpha():
        found = (sk, None)
    else:
        digits = _digits(sk)
        found = (sk, digits if len(digits) >= 5 and digits != sk else "")
    if len(_RECORD_IDS) >= 1 << 16:
        _RECORD_IDS.clear()
    _RECORD_IDS[rid] = found
    return found


class _Index:
    """The values of one S0's customers: ``read[kind][skeleton]`` the skeleton a value is read as
    (a name's last + first as its first + last), ``whose[kind][read]`` the customers it is a
    value of (theirs to hear), ``kept[kind][read]`` the customers it is a value of only as
    their own (a passenger of theirs: no one else's); ``prefixes`` what a text is of them."""

    def __init__(self, customers: Any) -> None:
        self.read: Dict[str, Dict[str, str]] = {k: {} for k in KINDS}
        self.whose: Dict[str, Dict[str, Set[str]]] = {k: {} for k in KINDS}
        self.kept: Dict[str, Dict[str, Set[str]]] = {k: {} for k in KINDS}
        self.domains: Dict[str, Set[str]] = {}  # an email's local part: its domains
        self.emails: List[Tuple[str, str, str]] = []  # (local, domain, owner)
        self.phone_ends: Dict[str, Set[str]] = {}
        self.phones: Dict[str, Set[str]] = {}  # full digits: owners (a phone said first is read by them)
        self.letter_ids = False  # whether an id is letters only (read as ``_a_letter_id`` says)
        self.people: List[Tuple[str, str, str, bool]] = []  # (customer, first, last, whether theirs only): ``short_names``
        self.short_forms: Any = None  # the names' short forms, made by ``short_names`` on first use
        self.short_memo: Dict[str, Any] = {}  # a text's short forms of names (``short_names``)
        # a world is some ten thousand small objects made at once: the cyclic collector would walk
        # them (and all else not frozen) several times over while they are made, and none is garbage
        paused = gc.isenabled()
        gc.disable()
        try:
            people = [(str(cid), c) for cid, c in (customers.items() if isinstance(customers, dict) else ()) if isinstance(c, dict)]
            self._records(people)
            self._emails(people)
            self._phones(people)
            self._names(people)
            self._streets(people)
            # a skeleton's kinds (sorted), and what a text is of the values (the kinds of the value it completes,
            # () a prefix only, None neither)
            self.kinds = self._kinds()
            self.prefixes = Prefixes(self.kinds)
            if paused:  # kept as long as its world: out of the collector's sight (``RecordScorer.world`` does the same),
                gc.freeze()  # else the first allocation after it walked all of it
        finally:
            gc.enable() if paused else None
        self.first_names = frozenset()  # kept for callers that read it; names are read by their skeleton
        self.memo: Dict[str, List[Any]] = {}  # a short text's values (``identifiers._hits``): rollouts repeat messages

    def _put(self, kind: str, cid: str, sk: str, read: Optional[str] = None, own_only: bool = False) -> None:
        """One value of ``cid``'s: its skeleton, read as ``read`` (itself when None); the last value
        put with a skeleton says what it is read as."""
        if len(sk) < 3:
            return
        read = sk if read is None else read
        self.read[kind][sk] = read
        table = self.kept[kind] if own_only else self.whose[kind]
        held = table.get(read)
        if held is None:
            table[read] = {cid}
        else:
            held.add(cid)

    def _records(self, people: List[Tuple[str, Dict[str, Any]]]) -> None:
        """The customer's id, their orders', reservations' and payment methods' ids (any shape:
        "FD-10490", an airline reservation "DRCMIN"), and an id's digits alone ("order 10490")."""
        reads, whose = self.read["record"], self.whose["record"]
        reads_, whose_ = self.read["digits"], self.whose["digits"]
        known, ids = _KNOWN, _RECORD_IDS
        for cid, c in people:
            sk = known.get(cid) or _learn(cid)
            if len(sk) >= 3:  # ``_put``, inline: every customer has one
                reads[sk] = sk
                held = whose.get(sk)
                if held is None:
                    whose[sk] = {cid}
                else:
                    held.add(cid)
            rids = c.get("record_ids")
            orders = c.get("orders")
            for rid in (list(rids or []) + list(orders or [])) if rids or orders else ():
                sk, digits = (ids.get(rid) or _record_id(rid)) if isinstance(rid, str) else _NO_ID
                if not sk:
                    continue
                reads[sk] = sk
                held = whose.get(sk)
                if held is None:
                    whose[sk] = {cid}
                else:
                    held.add(cid)
                if digits is None:
                    self.letter_ids = True
                elif digits:  # ``_put``, inline
                    reads_[digits] = digits
                    held = whose_.get(digits)
                    if held is None:
                        whose_[digits] = {cid}
                    else:
                        held.add(cid)

    def _emails(self, people: List[Tuple[str, Dict[str, Any]]]) -> None:
        put = self._put
        for cid, c in people:
            email = c.get("email")
            if isinstance(email, str) and "@" in email:
                local, domain = email.lower().rsplit("@", 1)
                sk = _KNOWN.get(local) or _learn(local)
                put("email", cid, sk)
                self.domains.setdefault(sk, set()).add(domain)
                self.emails.append((local, domain, cid))

    def _phones(self, people: List[Tuple[str, Dict[str, Any]]]) -> None:
        reads, whose = self.read["phone"], self.whose["phone"]
        for cid, c in people:
            phone = c.get("phone")
            if isinstance(phone, str):
                digits = _digits(phone)
                if len(digits) >= 7:
                    digits = digits[-10:]
                    self.phones.setdefault(digits, set()).add(cid)
                    for form in {digits, "1" + digits, digits[-7:]}:  # their own skeleton (``_put``, inline)
                        reads[form] = form
                        held = whose.get(form)
                        if held is None:
                            whose[form] = {cid}
                        else:
                            held.add(cid)
                    self.phone_ends.setdefault(digits[-4:], set()).add(cid)

    def _names(self, people: List[Tuple[str, Dict[str, Any]]]) -> None:
        """A name in either order, read as first + last ("Li Mia" is "Mia Li"); a passenger's of
        the customer's (``own_names``) is theirs only."""
        put = self._put
        for cid, c in people:
            first, last = c.get("first_name"), c.get("last_name")
            if isinstance(first, str) and isinstance(last, str):
                self.people.append((cid, first, last, False))
                sk = _KNOWN.get(first + last) or _learn(first + last)
                put("name", cid, sk)
                put("name", cid, _KNOWN.get(last + first) or _learn(last + first), sk)
            for a, b in c.get("own_names") or []:
                self.people.append((cid, str(a), str(b), True))
                sk = _skeleton(f"{a}{b}")
                put("name", cid, sk, None, True)
                put("name", cid, _skeleton(f"{b}{a}"), sk, True)

    def _streets(self, people: List[Tuple[str, Dict[str, Any]]]) -> None:
        """A street by its house number and the first word of its name ("7234 Belmont"), and by the
        number after the name ("Belmont St 7234", "Belmont Street 7234")."""
        reads, whose = self.read["street"], self.whose["street"]
        match, after = _STREET.match, _AFTER_NAME
        for cid, c in people:
            for a in c.get("addresses") or []:
                street = a.get("street") if isinstance(a, dict) else None
                m = match(street.strip()) if isinstance(street, str) else None
                if m:
                    number, name = m.group(1, 2)
                    rest = street[m.end():]  # what follows the name (" St"): its kinds' words, kept
                    kinds = after.get(rest)
                    if kinds is None:
                        if len(after) >= 4096:
                            after.clear()
                        kinds = after[rest] = ("",) + _STREET_KINDS.get(_skeleton(rest)[:12], ())
                    if name.isascii() and name.isalnum():  # its skeleton is it lower-cased (the number's digits are ASCII)
                        low = name.lower()
                        sk = number + low
                        forms = [sk] + [low + k + number for k in kinds]
                    else:
                        sk = _skeleton(number + name)
                        forms = [sk] + [_skeleton(name + k + number) for k in kinds]
                    for form in forms:  # ``_put``, inline: read as the number + name
                        if len(form) < 3:
                            continue
                        reads[form] = sk
                        held = whose.get(sk)
                        if held is None:
                            whose[sk] = {cid}
                        else:
                            held.add(cid)

    def _kinds(self) -> Dict[str, Tuple[str, ...]]:
        kinds: Dict[str, Tuple[str, ...]] = {}
        for kind in KINDS:  # sorted: a skeleton's kinds come in order
            one = (kind,)
            for sk in self.read[kind]:
                held = kinds.get(sk)
                kinds[sk] = one if held is None else held + one
        return kinds

    def read_as(self, kind: str, sk: str) -> str:
        """The skeleton a value of ``kind`` is read as (a name as first + last): the canon of ``sk``."""
        return self.read[kind].get(sk, sk)

    def owners(self, kind: str, sk: str) -> Set[str]:
        """The customers whose value (read as) ``sk`` is (not theirs only: their passengers' are not)."""
        return self.whose[kind].get(sk) or set()

    def theirs(self, kind: str, sk: str, own: str) -> bool:
        """Whether the value is another customer's and not the customer's own."""
        owners = self.whose[kind].get(sk)
        if not owners or own in owners:
            return False
        kept = self.kept[kind]
        return not kept or own not in kept.get(sk, ())


_INDEXES: Dict[int, Tuple[Any, _Index]] = {}
# each episode's S0 may be a new copy of the same world's customers: indexes by the customers' ids, emails and
# phones, each with its customers and what ``_Index`` reads of them (worked out only once another table has the same)
_BY_IDS: Dict[Tuple[Any, ...], List[List[Any]]] = {}
_READ = ("email", "phone", "first_name", "last_name", "record_ids", "orders", "own_names")


def _content(customers: Any) -> Any:
    """What ``_Index`` reads of ``customers``, hashable (a few ms where building takes tens)."""
    def frozen(v: Any) -> Any:
        return tuple(frozen(x) for x in v) if isinstance(v, (list, tuple)) else v if isinstance(v, (str, int, float, type(None))) else repr(v)
    return tuple((cid, tuple(frozen(c.get(f)) for f in _READ), tuple(a.get("street") if isinstance(a, dict) else None
                                                                       for a in c.get("addresses") or []))
                 for cid, c in customers.items() if isinstance(c, dict)) if isinstance(customers, dict) else ()


def _first_look(customers: Any) -> Tuple[Any, ...]:
    """Each customer's id, email and phone (the strings of them): what tells most worlds apart at a glance."""
    return tuple((cid,) + tuple(v if isinstance(v, str) else None for v in (c.get("email"), c.get("phone"))) if isinstance(c, dict)
                 else (cid,) for cid, c in customers.items()) if isinstance(customers, dict) else ()


def _index(customers: Any) -> _Index:
    key = id(customers)
    hit = _INDEXES.get(key)
    if hit is not None and hit[0] is customers:
        return hit[1]
    if len(_INDEXES) > 64:
        _INDEXES.clear()
    ids = _first_look(customers)
    same = _BY_IDS.get(ids, [])
    content, index = None, None
    for entry in same:  # [customers, their content or None, index]
        content = _content(customers) if content is None else content
        entry[1] = _content(entry[0]) if entry[1] is None else entry[1]
        if entry[1] == content:
            index = entry[2]
            break
    if index is None:
        index = _Index(customers)
        if len(same) >= 16 or len(_BY_IDS) > 16:
            _BY_IDS.clear()
            same = []
        same.append([customers, content, index])
        _BY_IDS[ids] = same
    _INDEXES[key] = (customers, index)
    return index
