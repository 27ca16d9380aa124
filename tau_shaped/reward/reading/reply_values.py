"""What a reply to a confirmation names of the call (SPEC §10): a payment method, an amount, a
street, an id (an order, a reservation, an item: "#W1242543", "FD-10045", "ZFA04Y"), a reason
among the tools' enumerated reasons ("no longer needed", "ordered by mistake", "restaurant
delay"); and ``Described``, the values the confirmation stated, to compare them with.

An id is compared with the described ids of its shape (the same letters before the same count of
digits, or the same length of mixed letters and digits), in any case and with or without "#"; an id
of a shape the call has none of, and a reason when the call's reason is unknown, say nothing.

A reply that names a value the call does not act with asks for a different call ("Yep. Wallet
works better for me though" when the card was described); one that names the described value
agrees with it ("Yes, as long as it goes to my card"). Every pattern is linear (bounded or
single quantifiers); the texts read here are already cut to the reply reader's bound.
"""

from __future__ import annotations

import re
from tau_shaped.reward.reading.lazy_patterns import lazy
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterator, Mapping, Optional, Tuple

__all__ = ["Described", "Value", "values_in", "methods_in", "negated_at", "method_of", "street_of", "reason_of", "mark_reasons", "names_a_reason", "ids_of", "id_kind", "compare"]

# A payment method, read as one of four kinds ("original_payment" and a Visa are a card).
_METHOD = re.compile(
    r"(?<![\w'])(?:"
    r"(?P<gift_card>gift[\s_-]?cards?(?:_\w{1,24})?|vouchers?)"
    r"|(?P<certificate>(?:travel[\s_]+)?certificates?(?:_\w{1,24})?)"
    r"|(?P<original>original[\s_]+(?:payment|method|card|form[\s_]+of[\s_]+payment)(?:[\s_]+method)?)"
    r"|(?P<card>(?:credit|debit|bank)[\s_-]?cards?(?:_\w{1,24})?|cards?|visa|master[\s-]?card|amex"
    r"|american[\s_]express|debit|bank(?:[\s_]+account)?)"
    r"|(?P<wallet>wallet(?:[\s_]+(?:credit|balance))?|(?:store|account)[\s_]+credits?|(?:app|account|in[\s-]?app)[\s_]+balance|credits?|balance)"
    r"|(?P<paypal>paypal(?:_\w{1,24})?)"
    r")(?![\w'])",
    re.IGNORECASE,
)
_NUMBER = r"(?:\d{1,3}(?:,\d{3}){1,3}|\d{1,7})(?:\.\d{1,2})?"  # "1,234.50", "16.9"
_AMOUNT = re.compile(
    rf"(?:[$€£]\s?(?P<a1>{_NUMBER})(?![\d.,]\d)"
    rf"|(?<![\w'])(?:usd|eur|gbp|cad|aud)\s?(?P<a4>{_NUMBER})(?![\d.,]\d)"
    rf"|(?<![\w.,$-])(?P<a5>\d{{1,7}})\s?(?:dollars?|bucks|euros?)\s+(?:and\s+)?(?P<c5>\d{{1,2}})\s?(?:cents?|c)(?![\w'])"
    rf"|(?<![\w.,$-])(?P<a2>{_NUMBER})\s?(?:dollars?|bucks|usd|euros?)(?![\w'])"
    rf"|(?<![\w.,$-])(?P<a3>(?:\d{{1,3}}(?:,\d{{3}}){{1,3}}|\d{{1,7}})\.\d{{2}})(?!\w|\.\d)|(?<![\w.,$-])(?P<a6>\d{{1,4}}\.\d)(?![\w.,]|\s?[a-z%]))",  # r19: "16.9"
    re.IGNORECASE,
)
_SUFFIXES = {"street": "st", "avenue": "ave", "road": "rd", "boulevard": "blvd", "lane": "ln", "drive": "dr",
             "court": "ct", "place": "pl", "terrace": "ter"}
_STREET = re.compile(
    r"(?<![\w-])(?P<num>\d{1,6})\s+(?P<name>[a-z]{1,30}(?:\s+[a-z]{1,30}){0,2}?)\s+"
    r"(?P<suf>st|street|ave|avenue|rd|road|blvd|boulevard|ln|lane|dr|drive|way|ct|court|pl|place|ter|terrace)(?![\w'])",
    re.IGNORECASE,
)
# An address named without its street: a value of that kind, but not one that can be compared.
_SOME_ADDRESS = lazy(r"(?<![\w'])(?:work|home|other|different|new|old|billing|office|another)\s+address(?![\w'])",
                           re.IGNORECASE, needs=('address',))
# What takes the value named right after it back: "not to my card", "rather than the wallet".
_NEGATED_BEFORE = lazy(
    r"(?:(?<![\w'])(?:not|never|no|rather\s+than|instead\s+of|other\s+than|except|than)|n't)"
    r"(?:\W{1,3}[\w']{1,20}){0,3}\W{0,3}$",
    re.IGNORECASE, needs=('except', 'instead', "n't", 'never', 'no', 'not', 'other', 'rather', 'than'))

# An id: a token of letters and digits (one inner hyphen at most, an optional "#"); kept when it
# holds a digit and has five characters or more. Not part of a word, an amount, an e-mail or a
# method's id ("credit_card_7815"). Bounded: linear.
_ID = re.compile(r"(?<![\w#$.,'@-])#?(?P<id>[a-z0-9]{1,20}(?:-[a-z0-9]{1,20})?)(?![\w'@-]|[.,]\d)")
_PREFIXED = re.compile(r"([A-Z]{0,4})(\d{1,40})")
# The tools' enumerated reasons (tau2 retail's cancellation, food delivery's), each in a few wordings.
_REASON = re.compile(
    r"(?<!\w)(?:"
    r"(?P<no_longer_needed>no\s{1,3}longer\s{1,3}(?:needed|need\s{1,3}it|required|wanted)"
    r"|(?:don'?t|do\s{1,3}not)\s{1,3}need\s{1,3}(?:it|them|this|that)\s{1,3}any\s?more)"
    r"|(?P<ordered_by_mistake>(?:(?:ordered|bought|placed|purchased)(?:\s{1,3}(?:it|this|that|them))?\s{1,3})?"
    r"(?:by\s{1,3}(?:mistake|accident)|in\s{1,3}error|accidentally|mistakenly)|mistaken\s{1,3}order|accidental\s{1,3}order)"
    r"|(?P<customer_request>customer(?:'s)?\s{1,3}request|at\s{1,3}my\s{1,3}(?:own\s{1,3})?request)"
    r"|(?P<restaurant_closed>restaurant\s{1,3}(?:(?:is|was|being)\s{1,3})?closed|closed\s{1,3}restaurant)"
    r"|(?P<restaurant_delay>restaurant\s{1,3}(?:delay(?:ed|s)?|(?:is|was|being)\s{1,3}(?:late|delayed|slow|running\s{1,3}late)))"
    r"|(?P<item_unavailable>items?\s{1,3}(?:(?:is|was|are|were|being)\s{1,3})?(?:unavailable|out\s{1,3}of\s{1,3}stock|sold\s{1,3}out)"
    r"|unavailable\s{1,3}items?)"
    r"|(?P<courier_unavailable>(?:courier|driver)s?\s{1,3}(?:(?:is|was|are|were|being)\s{1,3})?unavailable"
    r"|no\s{1,3}(?:courier|driver)s?(?:\s{1,3}(?:is|are|was|were))?\s{1,3}available|unavailable\s{1,3}(?:courier|driver)s?)"
    r")(?!\w)",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Value:
    """A value a text names: ``kind`` ("method", "amount", "street"), ``key`` (comparable: "card",
    16.9, ("12", "elm st")) or None when it cannot be compared ("my work address"), and whether
    the words right before it take it back (``negated``: "not to my card")."""

    kind: str
    key: Any
    start: int
    negated: bool = False


def method_of(text: str) -> Optional[str]:
    """The kind of payment method ``text`` names first ("card", "wallet", "gift_card", "paypal",
    "certificate"); a call's "original_payment" is the card (food delivery's tools), while a
    reply's "original payment method" is "original": the card, or unknown (tau2: any method)."""
    m = _METHOD.search(str(text).replace("_", " "))
    return None if m is None else m.lastgroup


def street_of(text: str) -> Optional[Tuple[str, str]]:
    """The house number and street name of ``text`` ("12 Elm Street" -> ("12", "elm st"))."""
    m = _STREET.search(str(text))
    return _street_key(m) if m else None


def _street_key(m: "re.Match[str]") -> Tuple[str, str]:
    suffix = m.group("suf").lower()
    name = " ".join(m.group("name").lower().split())
    return m.group("num"), f"{name} {_SUFFIXES.get(suffix, suffix)}"


def id_kind(key: str) -> Optional[str]:
    """The shape an id is compared within ("id:W7" for "#W1242543", "id:FD5" for "FD-10045",
    "id:10" for "1008292230", "id:*6" for "ZFA04Y"), or None for a token no id."""
    if len(key) < 5 or not any(c.isdigit() for c in key):
        return None
    m = _PREFIXED.fullmatch(key)
    return f"id:{m.group(1)}{len(m.group(2))}" if m else f"id:*{len(key)}"


def ids_of(text: str) -> Iterator[Tuple[str, str, int]]:
    """The ids ``text`` names: (their shape, their key: letters and digits in upper case, where)."""
    for m in _ID.finditer(text.lower()):
        key = m.group("id").replace("-", "").upper()
        if len(key) < 5 or key.isalpha():  # ASCII letters and digits: no id without a digit (id_kind's test, first)
            continue
        kind = id_kind(key)
        if kind is not None:
            yield kind, key, m.start()


def mark_reasons(text: str) -> str:
    """``text`` with each enumerated reason written as its name ("no longer needed" ->
    "no_longer_needed"): a reason's own negative word ("no longer", "no courier") refuses nothing,
    and the reason is still read."""
    return _REASON.sub(lambda m: m.lastgroup or m.group(0), text)


def names_a_reason(text: str) -> bool:
    """Whether ``text`` names an enumerated reason (else ``mark_reasons`` leaves it as it is)."""
    return _REASON.search(text) is not None


def reason_of(text: str) -> Optional[str]:
    """The enumerated reason ``text`` names first ("ordered_by_mistake"), or None."""
    m = _REASON.search(str(text).replace("_", " "))
    return None if m is None else m.lastgroup


@dataclass(frozen=True)
class Described:
    """The values a confirmation stated, that the call acts with (SPEC §10). Each field is None
    when unknown. ``method``: a payment method as the call or the message gives it
    ("original_payment", "card", "wallet", "credit_card_7815", "gift_card_1", "paypal_2"), kept
    as its kind; ``amount``: a number; ``street``: an address's street ("12 Elm St"), kept as its
    number and name; ``ids``: the call's ids (an order, a reservation, items), compared within
    their shape; ``reason``: the call's reason, read as one of the tools' enumerated reasons (None
    for free text). Frozen and hashable (the reader's cache key holds it)."""

    method: Optional[str] = None
    amount: Optional[float] = None
    street: Optional[Any] = None
    ids: Tuple[str, ...] = ()
    reason: Optional[str] = None
    _keys: Tuple[Tuple[str, Any], ...] = field(default=(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        fields = (self.method, self.amount, self.street, self.ids, self.reason)
        # a task's rollouts describe the same values again: kept when the fields are of the types
        # ``of`` gives (equal keys then read alike: 10000 and 10000.0 as ids would not)
        keys = _kept_keys(*fields) if _plain(fields) else _read_keys(*fields)
        object.__setattr__(self, "_keys", keys)

    @classmethod
    def of(cls, value: Any) -> Optional["Described"]:
        """``value`` as a ``Described``: None, a ``Described``, a mapping, or a tuple of (key,
        value) pairs (a call's arguments made hashable), read for ``method`` (or
        ``payment_method``, ``payment_method_id``, ``refund_method``), ``amount`` (or
        ``refund_amount``) and ``street`` (or ``address``, ``address1``, ``new_address``: a
        street, or a mapping holding ``street``/``address1``), the ids (``order_id``, ``item_ids``: any
        ``*_id`` or ``*_ids`` but a method's and the customer's own) and ``reason``; any other key
        is left out."""
        if value is None or isinstance(value, Described):
            return value
        fields = _mapping(value)
        if fields is None:
            raise TypeError(f"described: a Described, a mapping or (key, value) pairs, not {type(value).__name__}")
        method = next((fields[k] for k in _METHOD_KEYS if fields.get(k)), None)
        street = next((fields[k] for k in _STREET_KEYS if fields.get(k)), None)
        inner = _mapping(street) if type(street) is not str and isinstance(street, (Mapping, tuple, list)) else None
        if inner is not None:
            street = inner.get("street") or inner.get("address1")
        amount = next((fields[k] for k in ("amount", "refund_amount") if fields.get(k) is not None), None)
        try:
            amount = None if amount is None or isinstance(amount, bool) else float(amount)
        except (TypeError, ValueError):
            amount = None
        ids = [v for k, v in fields.items() if k.endswith(("_id", "_ids")) and k not in _NOT_IDS and v]
        flat = tuple(str(x) for v in ids for x in (v if isinstance(v, (list, tuple)) else (v,)))
        reason = fields.get("reason")
        return cls(method=None if method is None else str(method), amount=amount,
                   street=None if street is None else str(street), ids=flat,
                   reason=reason if isinstance(reason, str) else None)

    @classmethod
    def from_keys(cls, keys: Tuple[Tuple[str, Any], ...]) -> "Described":
        """A ``Described`` holding comparable values already read (kind, key)."""
        out = cls()
        object.__setattr__(out, "_keys", tuple(keys))
        return out

    def key(self, kind: str) -> Any:
        """The comparable value of ``kind`` stated, or None when unknown."""
        return next((v for k, v in self._keys if k == kind), None)

    def kinds(self) -> Tuple[str, ...]:
        return tuple(k for k, _ in self._keys)


def _read_keys(method: Any, amount: Any, street: Any, ids: Any, reason: Any) -> Tuple[Tuple[str, Any], ...]:
    """``Described``'s comparable values (kind, key) from its fields."""
    keys = []
    if method is not None:
        kind = method_of(method) or str(method).lower()
        keys.append(("method", "card" if kind == "original" else kind))
    if amount is not None:
        keys.append(("amount", round(float(amount), 2)))
    if street is not None:
        keys.append(("street", street if isinstance(street, tuple) else street_of(street)))
    shapes: dict = {}
    for value in ids:
        for kind, key, _ in ids_of(str(value)):
            shapes.setdefault(kind, set()).add(key)
    keys += [(kind, frozenset(found)) for kind, found in sorted(shapes.items())]
    if reason is not None:
        keys.append(("reason", reason_of(reason)))
    return tuple((k, v) for k, v in keys if v is not None)


_kept_keys = lru_cache(maxsize=1024)(_read_keys)
_TEXT_OR_NONE = (str, type(None))


def _plain(fields: Tuple[Any, ...]) -> bool:
    """Whether ``Described``'s fields are of the types ``Described.of`` gives: texts or None, a
    number (equal numbers read alike; a float 0, maybe -0.0, is not kept), a street's text or
    (number, name), ids as texts."""
    method, amount, street, ids, reason = fields
    return (type(method) in _TEXT_OR_NONE and type(reason) in _TEXT_OR_NONE
            and type(amount) in (int, float, bool, type(None)) and not (type(amount) is float and amount == 0)  # -0.0
            and (type(street) in _TEXT_OR_NONE or (type(street) is tuple and all(type(p) is str for p in street)))
            and type(ids) is tuple and all(type(v) is str for v in ids))


_METHOD_KEYS = ("method", "payment_method", "payment_method_id", "refund_method", "new_payment_method_id", "payment_id")
_STREET_KEYS = ("street", "address", "address1", "new_address")
_NOT_IDS = frozenset(_METHOD_KEYS) | {"customer_id", "user_id"}  # the account the customer speaks for


def _mapping(value: Any) -> Optional[Mapping]:
    """A mapping, or (key, value) pairs as one; None for anything else."""
    if type(value) is dict or isinstance(value, Mapping):  # a dict told first (typing's check is slow)
        return value
    if isinstance(value, (tuple, list)) and all(isinstance(p, (tuple, list)) and len(p) == 2 for p in value):
        return {str(k): v for k, v in value}
    return None


def values_in(text: str) -> Iterator[Value]:
    """The values ``text`` names, in no particular order, each ``negated`` when the words right before
    it take it back (read once per text: clauses and questions recur in a batch; ``Value`` is frozen)."""
    return iter(_values_of(text))


@lru_cache(maxsize=2048)
def _values_of(text: str) -> Tuple[Value, ...]:
    return tuple(_read_values(text))


def _read_values(text: str) -> Iterator[Value]:
    lowered = text.lower()
    spans = []
    for m in _STREET.finditer(lowered):
        spans.append((m.start(), m.end()))
        yield Value("street", _street_key(m), m.start(), _negated(lowered, m.start()))
    for m in _SOME_ADDRESS.finditer(lowered):
        yield Value("street", None, m.start(), _negated(lowered, m.start()))
    yield from amounts_of(lowered, spans)
    for m in _METHOD.finditer(lowered.replace("_", " ")):
        yield Value("method", m.lastgroup, m.start(), _negated(lowered, m.start()))
    for m in _CARD_BRAND.finditer(lowered):
        yield Value("card_brand", _BRANDS.get(m.group(0).replace(" ", "").replace("-", ""), m.group(0)), m.start(),
                    _negated(lowered, m.start()))
    for m in _QUANTITY.finditer(lowered):
        unit = m.group("unit").split()[-1].rstrip("s")
        yield Value("qty:" + _UNITS.get(unit, unit), float(m.group("n")), m.start(), _negated(lowered, m.start()))
    for m in _CARD_END.finditer(lowered):
        yield Value("card_end", re.sub(r"\D", "", m.group("end") or m.group("end2")), m.start(), _negated(lowered, m.start()))
    for kind, key, start in ids_of(lowered):
        yield Value(kind, key, start, _negated(lowered, start))
    for m in _REASON.finditer(lowered.replace("_", " ")):
        yield Value("reason", m.lastgroup, m.start(), _negated(lowered, m.start()))


def amounts_of(lowered: str, spans: Any) -> Iterator[Value]:
    """The amounts ``values_in`` reads in ``lowered`` (lower case), none inside a street's ``spans``."""
    for m in _AMOUNT.finditer(lowered):
        if not any(a <= m.start() < b for a, b in spans):
            number = m.group("a1") or m.group("a4") or m.group("a2") or m.group("a3") or m.group("a6")
            value = float(number.replace(",", "")) if number else int(m.group("a5")) + int(m.group("c5")) / 100
            yield Value("amount", round(value, 2), m.start(), _negated(lowered, m.start()))


_DOLLARS_AND_CENTS = re.compile(
    r"(?<![\w.,$-])(\d{1,7})\s?(?:dollars?|bucks)\s+(?:and\s+)?(\d{1,2})\s?cents?(?![\w'])", re.IGNORECASE)


def join_amounts(text: str) -> str:
    """``text`` with "16 dollars and 90 cents" written "$16.90" (one value: a reply's clauses are
    cut at "and")."""
    if "cent" not in text.lower():
        return text
    return _DOLLARS_AND_CENTS.sub(lambda m: f"${int(m.group(1))}.{int(m.group(2)):02d}", text)


def _soft(kind: str) -> bool:
    return kind in ("reason", "card_brand", "card_end") or kind.startswith(("id:", "qty:"))


# A quantity of a unit ("2 GB", "3 gigs", "2 checked bags"): compared only with the one the
# question names ("Yes, 3 GB please" after "2 GB of data for $4.00" asks for another call)
_QUANTITY = lazy(
    r"(?<![\w.,$])(?P<n>\d{1,4}(?:\.\d{1,2})?)\s?(?P<unit>gb|gigs?|gigabytes?|mb|megabytes?|(?:checked\s+)?bags?|suitcases?"
    r"|passengers?|seats?)(?![\w'])", needs=('bag', 'gb', 'gig', 'gigabyte', 'mb', 'megabyte', 'passenger', 'seat', 'suitcase'))
_UNITS = {"gig": "gb", "gigabyte": "gb", "megabyte": "mb", "suitcase": "bag"}


# A card's brand and its last four digits ("your Visa ending 4821", "the one ending in 1 2 3 4"):
# compared only with the ones the question names (the call's method is read as its kind alone).
_CARD_BRAND = lazy(r"(?<![\w'])(?:visa|master[\s-]?card|amex|american\s+express|discover)(?![\w'])", needs=('american', 'amex', 'discover', 'master', 'visa'))
_BRANDS = {"americanexpress": "amex"}
_CARD_END = lazy(
    r"(?<![\w'])(?:ending|ends|ended)(?:\s+(?:in|with|on))?\W{0,3}(?P<end>\d(?:[ ]?\d){3})(?![\d\w])"
    r"|(?<![\w'])last\s+(?:four|4)(?:\s+digits)?(?:\s+(?:of|are|is|being))?\W{0,3}(?P<end2>\d(?:[ ]?\d){3})(?![\d\w])", needs=('end', 'last'))


def methods_in(text: str) -> Iterator[Tuple[str, str, int, bool]]:
    """The payment methods ``text`` names: (kind, words, where, whether the words before deny it)."""
    lowered = text.lower()
    for m in _METHOD.finditer(lowered.replace("_", " ")):
        yield m.lastgroup or "", m.group(0), m.start(), _negated(lowered, m.start())


def negated_at(text: str, start: int) -> bool:
    """Whether the words right before ``start`` in ``text`` (lower case) take back what is
    named there ("not to my card", "rather than the wallet")."""
    return _negated(text, start)


def _negated(text: str, start: int) -> bool:
    return _NEGATED_BEFORE.search(text[max(0, start - 40):start]) is not None


def compare(values: "list[Value]", described: Optional[Described]) -> Optional[str]:
    """How the values named compare with the described ones: "differs" (a value named that the
    call does not act with, or the described value taken back), "same" (every value named is
    the described one, or another one taken back), "unknown" (a value whose kind was not
    described, or that cannot be compared), or None (no value named). An id compares with the
    call's ids of its shape (one of them: the same), a reason with the call's; an id of a shape,
    or a reason, the call has none of is left out."""
    if not values:
        return None
    verdicts = set()
    for v in values:
        stated = described.key(v.kind) if described is not None else None
        if stated is None and _soft(v.kind):
            continue  # an id of a shape, or a reason, the call has none of: says nothing of it
        if isinstance(stated, frozenset):  # one of the call's ids of that shape
            verdicts.add("same" if (v.key in stated) != v.negated else "differs")
        elif stated is None or v.key is None or (v.key == "original" and stated not in ("card", "wallet")) or (
                stated == "original" and v.key != "original"):  # "original" read from the question: any kind
            verdicts.add("unknown")  # "the original payment method": the card, never the wallet; else unknown
        elif (v.key == stated or (v.key == "original" and stated == "card")) != v.negated:
            verdicts.add("same")
        else:
            verdicts.add("differs")
    if not verdicts:
        return None
    for verdict in ("differs", "unknown"):
        if verdict in verdicts:
            return verdict
    return "same"
