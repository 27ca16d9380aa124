"""Words of items and records that read like money or a negation, and are not (SPEC §10).

An item's option written as "none" is a value, not a negation: retail's office chairs
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
timing; a part that names money ("returned to your card", "refund", "$") is not such a part.

``count_record(text, at)``: whether the ``key: number`` line at ``at`` has a key that counts as
well as it sums ("total", "paid", "free", "number", "count") in a record headed by things
counted ("Bags for FQ8APE:" over "- total: 3", "- paid: 0"): a count, not money.

``item_field(text, at)`` (round 14): whether the amount at ``at`` sits in a call-centre macro's field (a line of
fields split by " | ") keyed by the items ("Items: Office Chair (leather, blue) -> (...) $499.28 | Difference: no
price difference"): the item's price, whatever the other fields of the line say of money.

``refund_record(text, at, key)``: whether a generic key ("total", "amount", "sum") at ``at`` is the
total of a record headed by a refund or a return ("Return summary for #W6390527:" over "- total:
$45.13"): the money comes back, though "total" alone reads as what is charged."""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["count_record", "item_field", "item_return_only", "option_nones_blanked", "refund_header", "refund_record"]

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


_COUNT_KEY = re.compile(r"(?i)[ \t\-*•\"']{0,6}(?:total|paid|free|non-?free|number|count|checked|included)[\"']?[ \t]{0,3}[:=]")
_COUNTED = re.compile(r"(?i)\b(?:bags?|baggages?|luggage|suitcases?|passengers?|travell?ers?|items?|seats?|tickets?|segments?|pieces?)\b")
_CURRENCY = re.compile(r"[$€£]|(?i:\b(?:usd|dollars?|cost|price|fee|charge|refund)\b)")


def _header(text: str, line_start: int) -> str:
    """The header of the record holding the line at ``line_start``: the nearest line above ending
    in ":" in its block (no blank line between), else the block's first line ("" for none)."""
    block = text.rfind("\n\n", max(0, line_start - 400), line_start)
    lines = text[max(block, max(0, line_start - 400)):line_start].strip("\n").split("\n")
    return next((line for line in reversed(lines) if line.rstrip().endswith(":")), lines[0] if lines else "")


def count_record(text: str, at: int) -> bool:
    line_start = text.rfind("\n", 0, at) + 1
    if not _COUNT_KEY.match(text, line_start) or line_start == 0:
        return False
    head = _header(text, line_start)
    return bool(_COUNTED.search(head)) and not _CURRENCY.search(head)


_GENERIC_KEY = re.compile(r"(?i)[ \t\-*•\"']{0,6}(?:grand[ \t]total|total|amount|sum|total[ \t]amount)[\"']?[ \t]{0,3}$")
_REFUND_HEAD = re.compile(r"(?i)\b(?:refund\w*|return\w*|reimburs\w*|money[ \t]back)\b")


def refund_header(text: str, at: int) -> bool:
    """Whether the record holding ``at`` is headed by a refund or a return ("Refund summary:" over
    "- method: your PayPal": the method is the refund's)."""
    line_start = text.rfind("\n", 0, at) + 1
    return line_start > 0 and bool(_REFUND_HEAD.search(_header(text, line_start)))


def refund_record(text: str, at: int, key: str) -> bool:
    return bool(_GENERIC_KEY.match(key)) and refund_header(text, at)


_NOT_NOUNS = frozenset({"total", "count", "number", "num", "nonfree", "free", "new", "paid", "of"})


@lru_cache(maxsize=256)
def _none_of(stem: str) -> "re.Pattern[str]":
    word = rf"{re.escape(stem)}[a-z]{{0,6}}"
    between = r"(?:(?!(?:about|of|for|on|with|to|in|at|idea|need|more|than|the|your|my)(?![\w-]))[a-z-]{1,12}[ \t]+)"
    return re.compile(rf"(?<![\w'])(?:no|zero|none|without(?:[ \t]+any)?)[ \t]+{between}{{0,2}}{word}(?![\w'])"
                      rf"|(?<![\w'])(?:[a-z-]{{1,12}}[ \t]+)?{word}[ \t]*[:=\u2013\u2014-][ \t]*(?:none|no|zero|nil)(?![\w'])",
                      re.IGNORECASE)


def says_none(text: str, arg: str) -> bool:
    """Whether ``text`` says there are none of what the count argument ``arg`` counts ("no checked
    bags", "without any bags", "bags: none" for ``total_baggages`` 0): a count of zero said in
    words. The thing is the argument's noun (its last word, "baggages", by its first three letters)."""
    nouns = [w for w in arg.lower().split("_") if w and w not in _NOT_NOUNS and w.isalpha()]
    if not nouns or len(nouns[-1]) < 3:
        return False
    low = text.lower()
    return any(stem in low and _none_of(stem).search(text) is not None for stem in _SAME_THING.get(nouns[-1][:3], (nouns[-1][:3],)))


# the words that count the same thing as an argument's noun ("no hold luggage", "no suitcases": no bags)
_SAME_THING = {"bag": ("bag", "lug", "sui")}


_ITEM_KEY = re.compile(r"(?i)[ \t]*(?:new[ \t]+|old[ \t]+|returned[ \t]+|exchanged[ \t]+)?(?:items?|products?|pairs?|swaps?)[ \t]*:")


def item_field(text: str, at: int) -> bool:
    """Whether the amount at ``at`` is in a " | "-split field of its line keyed by the items (see the module)."""
    lo = text.rfind("\n", 0, at) + 1
    field = text.rfind(" | ", lo, at)
    if field < 0 and " | " not in text[at:text.find("\n", at) if "\n" in text[at:] else len(text)]:
        return False  # no macro line
    return _ITEM_KEY.match(text, field + 3 if field >= 0 else lo) is not None
