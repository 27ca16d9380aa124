"""An item's option written as "none" is a value, not a negation (SPEC §10): retail's office chairs
have ``armrest: none``, and a confirmation lists it ("Office Chair (leather, blue, none, high-back)",
"armrest: none", "armrest none"). Read as a negation it hid the money beside it ("Office Chair
(armrest: none) - refund of $516.28": no claim read, a wrong refund passed).

``option_nones_blanked(text)``: ``text`` with each such "none" written as spaces (positions kept),
for the readers that look for negations: a "none" that is an element of a parenthesised list, or
the value of an option's key (a key that names no money: "Refund: none" stays a negation).

``item_return_only(text, at)``: whether the part of a clause holding ``at`` (between commas,
semicolons and "and") speaks of items going back, not money: "The items are being returned
today", "Please ship the items back within 14 days", "You are returning the bottle today, and
$45.13 goes back to your PayPal" (the "today" is the item's). A timing there is no refund's
timing; a part that names money ("returned to your card", "refund", "$") is not such a part."""

from __future__ import annotations

import re

__all__ = ["item_return_only", "option_nones_blanked"]

# "none" as an element of a short parenthesised list: "(leather, none)", "(none, high-back)"
_IN_LIST = re.compile(r"(?i)(?<=[(,])[ \t]{0,3}none[ \t]{0,3}(?=[,)])")
# "armrest: none", "armrest none", "armrest = none": an option's key (not a money key) then none
_KEYED = re.compile(r"(?i)\b(?P<key>[a-z][a-z -]{0,25}?)[ \t]{0,2}[:=]?[ \t]{1,2}none\b(?=[ \t]{0,2}(?:[,;)\n|]|$|-|\u2013|\u2014))")
_MONEY_KEY = re.compile(r"(?i)refund|charge|fee|cost|price|total|amount|pay|credit|compensat|balance|due|owe|difference")
_OPTION_KEY = re.compile(r"(?i)(?:^|[ (])(?:armrest|arm rests?|backrest|color|colour|size|material|style|type|power|"
                         r"source|capacity|brightness|option|features?|connectivity|storage|finish|pattern|"
                         r"compartment|sole|insole|lens|zoom|weight)\s*$")


def option_nones_blanked(text: str) -> str:
    if "none" not in text.lower():
        return text
    out = list(text)
    for m in _IN_LIST.finditer(text):
        for i in range(m.start(), m.end()):
            out[i] = " "
    for m in _KEYED.finditer(text):
        key = m.group("key")
        if _MONEY_KEY.search(key) or not _OPTION_KEY.search(key):
            continue
        start = m.end() - 4
        for i in range(start, m.end()):
            out[i] = " "
    return "".join(out)


_PART_END = re.compile(r"[,;.!?\n]|[ \t]and[ \t]|[ \t]but[ \t]")
_ITEM_RETURN = re.compile(r"(?i)\b(?:ship|send|sent|mail|post|drop|bring|brought|pack)\w{0,4}\b[^,;.\n]{0,40}?\bback\b"
                          r"|\breturn(?:s|ed|ing)?\b(?![ \t]{1,3}(?:it[ \t]{1,3}|the[ \t]{1,3}money[ \t]{1,3})?to[ \t]{1,3}(?:you|your)\b)")
_MONEY_WORD = re.compile(r"(?i)refund|reimburs|credit|money|funds|\$|dollar|amount|balance|payment|paypal|card|wallet|account")


def item_return_only(text: str, at: int) -> bool:
    lo = max((m.end() for m in _PART_END.finditer(text, max(0, at - 200), at)), default=max(0, at - 200))
    m = _PART_END.search(text, at)
    part = text[lo:m.start() if m else min(len(text), at + 200)]
    return _ITEM_RETURN.search(part) is not None and _MONEY_WORD.search(part) is None
