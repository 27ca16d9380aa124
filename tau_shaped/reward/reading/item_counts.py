"""How many of a thing a message says a call acts on (SPEC §10: "each argument ... compared by
type"): a list argument naming the same id once per unit (``item_ids: ["M-1", "M-1"]`` sends two)
is stated as a count before the thing's name, "two Samosas", "2x Samosa", "2 × Samosa", or after
it, "Samosa x2", "Samosa (x2)". A message that gives the thing a count only other than the call's
("two replacement Samosas" when the call sends one) states another call; one that gives no count,
or the call's count somewhere (the original order's "2 Samosas" beside "one replacement Samosa"),
states none other. "a", "a couple", "some" and "a few" count nothing. A count told of what was
("you ordered 2 Samosas", "two were missing": a sentence with a word of the past and no word of a
new thing) is the order's, not the call's.

Linear patterns: one bounded alternation of count words before an escaped name, read once per
(name) and kept.
"""

from __future__ import annotations

import re
from tau_shaped.reward.reading.lazy_patterns import lazy
from collections import Counter
from functools import lru_cache
from typing import Any, Callable, List, Optional

__all__ = ["another_count"]

_WORDS = {"one": 1, "a single": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
          "nine": 9, "ten": 10, "a pair of": 2}
_COUNT = r"(?:(?P<n>\d{1,2})[ \t\u00a0]*(?:x|×|\*)?|(?P<w>" + "|".join(
    re.escape(w).replace(r"\ ", r"[ \t\u00a0]+") for w in sorted(_WORDS, key=len, reverse=True)) + r"))"
# words a count may stand apart from its thing by: "two replacement Samosas", "one fresh, free Samosa"
_BETWEEN = r"(?:(?:new|fresh|free|replacement|extra|more|additional|hot|complimentary|of[ \t\u00a0]+the|order[ \t\u00a0]+of|orders[ \t\u00a0]+of|portions?[ \t\u00a0]+of|servings?[ \t\u00a0]+of|helpings?[ \t\u00a0]+of),?[ \t\u00a0]+){0,3}"
_AFTER = r"[ \t\u00a0]*\(?[ \t\u00a0]*(?:x|×|\*)[ \t\u00a0]*(?P<after>\d{1,2})(?!\d)"
# What every count a name's pattern reads holds, whatever the name: a count before a space (the
# pattern's first branch opens so) or a sign of times before a digit (its second branch holds
# it). A sentence with neither counts nothing, and no name's pattern is compiled for it (most
# describe no count: a pattern per name costs a millisecond to compile).
_ANY_COUNT = re.compile(rf"(?<![\w.]){_COUNT}[ \t\u00a0]+|(?:x|×|\*)[ \t\u00a0]*\d", re.IGNORECASE)


@lru_cache(maxsize=2048)
def _pattern(name: str) -> "re.Pattern[str]":
    parts = [re.escape(w) for w in re.split(r"[\s_-]+", name.strip()) if w]
    body = r"[\s_-]+".join(parts) + r"(?:e?s)?"
    return re.compile(rf"(?<![\w.]){_COUNT}[ \t\u00a0]+{_BETWEEN}{body}(?![\w'])|(?<![\w']){body}(?![\w']){_AFTER}", re.IGNORECASE)


_NEW = re.compile(r"(?<![\w'])(?:new|fresh|free|replacement|replacements|replace|extra|more|additional|send|sending|sent"
                  r"|swap|instead|complimentary|re-?send|re-?deliver)(?![\w'])|[×*]|\dx|x\d", re.IGNORECASE)
_WAS = lazy(r"(?<![\w'])(?:ordered|had|was|were|came|arrived|missing|received|got|paid|charged|included|contained)(?![\w'])",
                  re.IGNORECASE, needs=('arrived', 'came', 'charged', 'contained', 'got', 'had', 'included', 'missing', 'ordered', 'paid', 'received', 'was', 'were'))
_SENTENCE = re.compile(r"[^.!?\n]+")


def _counts(text: str, name: str) -> List[int]:
    out = []
    for s in _SENTENCE.finditer(text):
        sentence = s.group(0)
        if _WAS.search(sentence) and not _NEW.search(sentence):
            continue  # "You ordered 2 Samosas": what the order held
        out.extend(_counted(sentence, name))
    return out


def _counted(text: str, name: str) -> List[int]:
    if _ANY_COUNT.search(text) is None:
        return []  # no count said (implied: each match of ``_pattern`` holds one of ``_ANY_COUNT``'s)
    out = []
    for m in _pattern(name).finditer(text):
        raw = m.group("n") or m.group("after")
        if raw is not None:
            out.append(int(raw))
        elif m.group("w"):
            out.append(_WORDS[re.sub(r"[ \t\u00a0]+", " ", m.group("w").lower())])
    return out


def another_count(text: str, value: List[Any], name_of: Callable[[str], Optional[str]]) -> Optional[str]:
    """``"<n>x <name>"`` when ``text`` counts an element of the list ``value`` (an id, named by
    ``name_of``) only otherwise than the list does; else None."""
    wanted = Counter(v for v in value if isinstance(v, str))
    for item, count in wanted.items():
        name = name_of(item)
        if not name or len(name) < 3:
            continue
        stated = _counts(text, name)
        if stated and count not in stated:
            return f"{stated[0]}x {name}"
    return None
