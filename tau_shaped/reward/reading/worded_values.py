"""Values of a write that a message says in words rather than as one id (round 18 of issue 41; SPEC §10: a message
stating a value the call does not use confirms a different call), read beside ``call_values``' ids:

- a **person** of a list of people (a booking's passengers: ``first_name`` and ``last_name``) said by first name and
  another surname: "for Ivan Muller" when the call books Ivan Smith. A first name said alone, or before a word that
  opens a clause ("Ivan Please confirm"), states no other person;
- a **payment method** whose id is its kind and number (``credit_card_3563913``, ``gift_card_8516878``) said by that
  kind and another number of the ids' length: "credit card 9012345" when the call pays with credit_card_3563913 (a
  card's last four, "ending 8902", are ``card_ends``');
- a **yes/no option** (an argument such as ``insurance`` holding "yes" or "no") said the other way: "travel insurance
  included" when the call books with none, "no insurance" when it books with it. A mention that says neither ("would
  you like insurance?") states nothing.

- the **total** of a payment split over methods (``payment_methods``' amounts) said as another sum: "$405 in all" when
  the call pays $128 and $247.

The arguments a rule compares its own way (``skip``) are not read here.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Dict, FrozenSet, List, Optional

from tau_shaped.reward.reading.message_looks import holds_any, look

__all__ = ["worded_other"]

MAX_CHARS = 4000
_METHOD_ID = re.compile(r"^([a-z]+(?:_[a-z]+){0,2})_(\d{3,})$")
_CLAUSE_WORDS = frozenset({"And", "Or", "But", "For", "To", "On", "In", "With", "From", "At", "As", "Is", "Are", "Was",
                           "Will", "Would", "Should", "Shall", "Can", "Could", "The", "A", "An", "I", "It", "If",
                           "Please", "Thanks", "Thank", "Ok", "OK", "Okay", "Economy", "Business", "Basic", "Born",
                           "DOB", "No", "Yes", "Then", "Also", "Plus", "Confirm", "Kindly", "Via", "Total", "Flights",
                           "Flight", "Paying", "Dob"})


def worded_other(text: str, kwargs: Dict[str, Any], skip: FrozenSet[str] = frozenset()) -> Optional[str]:
    """The first argument of the call (not in ``skip``) that ``text`` states in words as another value, as
    ``"passengers: Ivan Muller"``; or None."""
    if not isinstance(kwargs, dict):
        return None
    text = text[:MAX_CHARS]
    total = _other_total(text, kwargs.get("payment_methods")) if "payment_methods" not in skip else None
    if total is not None:
        return f"payment_methods: {total}"
    for arg, value in kwargs.items():
        if arg in skip:
            continue
        other = _other_person(text, value) or _other_method(text, _method_ids(value)) or _other_option(text, arg, value)
        if other is not None:
            return f"{arg}: {other}"
    return None


# ---- people ---------------------------------------------------------------------------------------------------------

def _other_person(text: str, value: Any) -> Optional[str]:
    if not isinstance(value, list):
        return None
    people = [(p["first_name"].strip(), p["last_name"].strip()) for p in value if isinstance(p, dict)
              and isinstance(p.get("first_name"), str) and isinstance(p.get("last_name"), str)]
    for first, _ in people:
        if not first:
            continue
        own = {last.lower() for f, last in people if f.lower() == first.lower()}
        said = [m.group(1) for m in _after_name(first).finditer(text)]
        if said and not any(w.lower() in own for w in said):
            others = [w for w in said if w not in _CLAUSE_WORDS]
            if others:
                return f"{first} {others[0]}"
    return None


@lru_cache(maxsize=256)
def _after_name(first: str) -> "re.Pattern[str]":
    # the first name, then the next word where it is a capitalised one (a surname), on the same line
    return re.compile(r"(?<![\w])" + re.escape(first) + r"[ \t]{1,3}([A-Z][A-Za-z'\-]{1,30})(?![\w])")


# ---- payment methods ------------------------------------------------------------------------------------------------

def _method_ids(value: Any) -> List[str]:
    if isinstance(value, str):
        return [value] if _METHOD_ID.match(value) else []
    if isinstance(value, list):
        return [v for x in value for v in _method_ids(x)]
    if isinstance(value, dict):
        return [v for x in value.values() for v in _method_ids(x)]
    return []


def _other_method(text: str, ids: List[str]) -> Optional[str]:
    kinds: Dict[str, List[str]] = {}
    for i in ids:
        m = _METHOD_ID.match(i)
        if m is not None:
            kinds.setdefault(m.group(1), []).append(m.group(2))
    for kind, numbers in kinds.items():
        # a number said "ending" the card, or of another length than the ids', is the card's own (its last four,
        # read by ``card_ends``), not its id's
        said = [m.group(2) for m in _said_method(kind).finditer(text)
                if m.group(1) is None and any(len(m.group(2)) == len(own) for own in numbers)]
        if said and not any(number in numbers for number in said):
            return f"{kind}_{said[0]}"
    return None


@lru_cache(maxsize=64)
def _said_method(kind: str) -> "re.Pattern[str]":
    words = r"[ _-]?".join(re.escape(w) for w in kind.split("_"))
    return re.compile(r"(?<![\w])" + words + r"(?:[ \t]{0,3}(?:#|no\.?|number|(ending)(?:[ \t]{1,3}in)?)[ \t]{0,3}|[ \t_,:-]{1,3})"
                      r"(\d{3,})(?!\d)", re.IGNORECASE)


# ---- the total paid -------------------------------------------------------------------------------------------------

_MONEY = r"(?:\$|US\$|USD[ ]?)[ ]?([0-9][0-9,]{0,9}(?:\.[0-9]{1,2})?)"
_TOTAL = re.compile(r"(?i)\b(?:(?:grand[ ])?total(?:[ ](?:of|is|comes[ ]to|would[ ]be|will[ ]be))?|in[ ]all[ ](?:of|is))[ \t:=]{0,3}"
                    + _MONEY + r"|" + _MONEY + r"[ ]?(?:in[ ]all|in[ ]total|total|altogether|all[ ]in)\b")

_ANY_MONEY = re.compile(_MONEY)


def _other_total(text: str, methods: Any) -> Optional[str]:
    """A total said for a payment split over methods ("-- $405 in all", "total: $405") that is not the sum the call
    pays (the methods' amounts: $128 + $247 is $375), where the sum is said nowhere as money ("The total of $1,375 was
    a typo; it is $375" says the sum)."""
    if not isinstance(methods, list) or not holds_any(look(text).low, ("total", "in all", "altogether", "all in")):
        return None
    amounts = [m.get("amount") for m in methods if isinstance(m, dict)]
    if not amounts or not all(isinstance(a, (int, float)) and not isinstance(a, bool) for a in amounts):
        return None
    own = round(sum(amounts), 2)
    said = [round(float((m.group(1) or m.group(2)).replace(",", "")), 2) for m in _TOTAL.finditer(text)]
    if said and own not in said and own not in {round(float(m.group(1).replace(",", "")), 2) for m in _ANY_MONEY.finditer(text)}:
        return f"total ${said[0]:.2f}"
    return None


# ---- yes/no options -------------------------------------------------------------------------------------------------

_NEGATIVE_BEFORE = re.compile(r"(?:\bno|\bwithout|\bnot|n't|\bskip(?:ping)?|\bdecline[ds]?|\bdeclining|\bminus|\bzero)"
                              r"[ \t]{1,3}(?:(?:the|any|a|travel)[ \t]{1,3}){0,2}$", re.IGNORECASE)
_POSITIVE_BEFORE = re.compile(r"(?:\bwith|\bincluding|\binclude|\bplus|\+|\badd(?:ing)?|\bincl\.?)"
                              r"[ \t]{0,3}(?:(?:the|a|travel)[ \t]{1,3}){0,2}$", re.IGNORECASE)
_NEGATIVE_AFTER = re.compile(r"^[ \t]{0,3}(?::[ \t]{0,3}(?:no|none|declined)\b|(?:declined|not[ \t]included|excluded)\b)",
                             re.IGNORECASE)
_POSITIVE_AFTER = re.compile(r"^[ \t]{0,3}(?::[ \t]{0,3}(?:yes|included|added)\b|(?:included|added)\b)", re.IGNORECASE)


def _other_option(text: str, arg: str, value: Any) -> Optional[str]:
    if not isinstance(value, str) or value.strip().lower() not in ("yes", "no") or len(arg) < 3:
        return None
    yes, no = False, False
    for m in _option_word(arg).finditer(text):
        before, after = text[max(0, m.start() - 30):m.start()], text[m.end():m.end() + 20]
        if _NEGATIVE_BEFORE.search(before) or _NEGATIVE_AFTER.match(after):
            no = True
        elif _POSITIVE_BEFORE.search(before) or _POSITIVE_AFTER.match(after):
            yes = True
    own = value.strip().lower()
    if own == "no" and yes and not no:
        return "yes"
    if own == "yes" and no and not yes:
        return "no"
    return None


@lru_cache(maxsize=64)
def _option_word(arg: str) -> "re.Pattern[str]":
    word = re.escape(arg.replace("_", " "))
    short = r"|\b" + re.escape(arg[:3]) + r"\b\.?" if arg == "insurance" else ""
    return re.compile(r"\b" + word + r"\b" + short, re.IGNORECASE)
