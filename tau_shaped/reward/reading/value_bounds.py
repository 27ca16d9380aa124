"""A value said under a bound or an approximation (SPEC §10 statements, confirmations and replies; rounds 13, 16, 17):
the one reader of the words around a value that say it only bounds, or comes near, the value meant.

``bound_at(text, start, end)`` reads the value at ``text[start:end]`` (a number, with or without its currency mark)
and gives a ``Bound``, or None when the value is said plainly:

- ``direction`` "upper" ("under $5", "up to $5", "at most", "no more than", "max", "<= 5", "$5 tops", "$5 or less"),
  "lower" ("over", "more than", "at least", "no less than", ">= 5", "$5 or more"), "approx" ("about", "roughly",
  "~", "circa", "17ish", "$17 or so") or "range" ("between $16 and $17", "$16-17", "$16 to $17");
- ``strict``: the value itself lies outside it ("under $5", "over $5"; "up to $5" holds $5);
- ``near``: a bound that also says the value is close ("almost $5", "just shy of", "a bit under": within 10% below;
  "a bit over", "just over", "slightly more than": within 10% above);
- ``value``, and a range's ``low`` and ``high``; ``admits(v)`` whether a value ``v`` lies inside what is said
  (an approximation: within 5%).

What each caller makes of it is its own: a statement under a bound tells no fact of the value
(``assertion_frames.framed``); a write's amount confirmed only under one is not stated (``confirmations``); an
amount said near a value is backed by a value it admits (``money_checks``); a customer's bound is a condition the
call's amount meets or not (``reply_meaning``). "adds up to $5" and "comes to $5" state the sum; "from $16 to $17" is a
change, no range; "within" bounds money only ("within $50"; "within 5 days" is when a thing happens). The patterns
read only the few characters around the value and do not backtrack.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from tau_shaped.reward.reading.lazy_patterns import lazy

__all__ = ["Bound", "bound_at"]

_S = r"[ \t\u00a0]"
_CUR = r"(?:(?:USD|EUR|GBP|US|CAD)" + _S + r"{0,2}|(?:US|C|A)(?=\$))?[$\u20ac\u00a3]?"
# the words of each kind of bound, right before the value (an approximation may follow an open bound: "up to about $5")
_WORDS = {
    "near_upper": r"nearly|almost|not[ \t]{1,3}quite|(?:just[ \t]{1,3})?(?:shy|short)[ \t]{1,3}of|just[ \t]{1,3}(?:under|below)"
                  r"|(?:slightly|a[ \t]{1,3}(?:bit|little|touch|hair))[ \t]{1,3}(?:under|below|less[ \t]{1,3}than)",
    "near_lower": r"just[ \t]{1,3}(?:over|above)|(?:slightly|a[ \t]{1,3}(?:bit|little|touch|hair))[ \t]{1,3}(?:over|above|more[ \t]{1,3}than)",
    "at_most": r"(?<!\badds )(?<!\badded )(?<!\badding )(?<!\bcomes )(?<!\bcame )(?<!\bcome )(?<!\bsums )(?<!\bsummed )"
               r"(?<!\bamounts )(?<!\bamounted )(?<!\btotals )up[ \t]{1,3}to|at[ \t]{1,3}(?:the[ \t]{1,3})?most|no[ \t]{1,3}more[ \t]{1,3}than"
               r"|not[ \t]{1,3}(?:more[ \t]{1,3}than|above|over|exceeding)|no[ \t]{1,3}(?:higher|greater)[ \t]{1,3}than"
               r"|max(?:imum)?(?:[ \t]{1,3}of)?|within",
    "below": r"under|below|less[ \t]{1,3}than|fewer[ \t]{1,3}than|lower[ \t]{1,3}than|cheaper[ \t]{1,3}than|south[ \t]{1,3}of",
    "at_least": r"at[ \t]{1,3}least|no[ \t]{1,3}(?:less|lower|fewer)[ \t]{1,3}than|not[ \t]{1,3}(?:less[ \t]{1,3}than|under|below)"
                r"|minimum(?:[ \t]{1,3}of)?",
    "above": r"over|above|more[ \t]{1,3}than|higher[ \t]{1,3}than|greater[ \t]{1,3}than|north[ \t]{1,3}of|upwards[ \t]{1,3}of"
             r"|in[ \t]{1,3}excess[ \t]{1,3}of|exceeding",
    "approx": r"about|around|roughly|approx(?:imately|\.)?|circa|ca\.|some|give[ \t]{1,3}or[ \t]{1,3}take|in[ \t]{1,3}the[ \t]{1,3}"
              r"(?:region|ballpark|neighbou?rhood)[ \t]{1,3}of|more[ \t]{1,3}or[ \t]{1,3}less|just[ \t]{1,3}about|round[ \t]{1,3}about"
              r"|somewhere[ \t]{1,3}(?:around|near)|close[ \t]{1,3}to|something[ \t]{1,3}like|in[ \t]{1,3}the[ \t]{1,3}order[ \t]{1,3}of",
}
# (an arrow is no sign: "total -> $71.26", "total => $71.26")
_SIGNS = {"<": "below", "\u2264": "at_most", "<=": "at_most", "=<": "at_most", ">": "above", "\u2265": "at_least", ">=": "at_least",
          "~": "approx", "\u2248": "approx", "~=": "approx"}
_BEFORE = lazy(r"(?i)(?:(?<![\w'])(?:" + "|".join(f"(?P<{k}>{w})" for k, w in _WORDS.items()) + r")" + _S + r"{1,3}"
               r"(?:(?:about|around|roughly|approximately)" + _S + r"{1,3})?(?P<cur>" + _CUR + r")"
               r"|(?P<sign><=|=<|>=|~=|(?<![-=])>|[<\u2264\u2265~\u2248])" + _S + r"{0,2}(?P<scur>" + _CUR + r"))" + _S + r"{0,2}\Z")
# after the value (its unit between): "17ish", "$17 or so", "$5 tops", "$5 max", "$20 or more", "$5 at least"
_AFTER = lazy(r"(?i)(?:" + _S + r"{0,2}(?:dollars?|bucks|usd|eur|euros?|minutes?|mins?)\b)?(?:-?ish\b|(?:" + _S + r"{1,3}|,(?=" + _S
              + r"{0,2}(?:tops|max|maximum|at[ \t]{1,3}(?:the[ \t]{1,3})?most|at[ \t]{1,3}least|or[ \t]{1,3}(?:so|less|more))[ \t]{0,2}(?:[,.;:!?)\u2013\u2014-]|$))"
              + _S + r"{0,2})(?:"
              r"(?P<approx>or[ \t]{1,3}(?:so|thereabouts)|give[ \t]{1,3}or[ \t]{1,3}take)"
              r"|(?P<at_most>tops|max(?:imum)?|at[ \t]{1,3}(?:the[ \t]{1,3})?most|or[ \t]{1,3}(?:less|under|below|lower))"
              r"|(?P<at_least>at[ \t]{1,3}least|minimum|or[ \t]{1,3}(?:more|over|above|higher))"
              r")\b)")
_NUM = r"(?P<n>[0-9][0-9,]*(?:\.[0-9]{1,2})?)"
_TO = r"(?P<to>and|to|-|\u2013|\u2014)"
# the range's other end: before the value ("between $16 and $17", "$16-$17") or after it
_LOW_END = lazy(r"(?i)(?<![\w'])(?P<between>between" + _S + r"{1,3})?(?P<from>(?<![\w'])from" + _S + r"{1,3})?(?P<c>" + _CUR + r")"
                + _S + r"{0,2}" + _NUM + _S + r"{0,3}" + _TO + _S + r"{0,3}(?P<c2>" + _CUR + r")" + _S + r"{0,2}\Z")
_HIGH_END = lazy(r"(?i)" + _S + r"{0,3}" + _TO + _S + r"{0,3}(?P<c2>" + _CUR + r")" + _S + r"{0,2}" + _NUM)
_BETWEEN = lazy(r"(?i)(?<![\w'])between" + _S + r"{1,3}" + _CUR + _S + r"{0,2}\Z")
_UNIT = lazy(r"(?i)" + _S + r"{0,2}(?:dollars?|bucks|usd|eur|euros?)\b", needs=('bucks', 'dollar', 'eur', 'euro', 'usd'))
_FROM = lazy(r"(?i)(?<![\w'])from" + _S + r"{1,3}" + _CUR + _S + r"{0,2}\Z")
_VALUE = lazy(r"(?i)" + _CUR + _S + r"{0,2}(?P<n>[0-9][0-9,]*(?:\.[0-9]+)?)")
_KINDS = {"near_upper": ("upper", False, True), "near_lower": ("lower", False, True), "at_most": ("upper", False, False),
          "below": ("upper", True, False), "at_least": ("lower", False, False), "above": ("lower", True, False),
          "approx": ("approx", False, False)}
_AFTER_HINTS = ("ish", "or", "top", "max", "most", "least", "minimum", "give", "-", "\u2013", "\u2014", "to", "and")
# the value a time it takes or happens in ("within 5-7 business days", "within 24 hours")
_WHEN = lazy(r"(?i)[^a-z\n]{0,16}(?:business|working|calendar)?" + _S + r"{0,2}(?:days?|hours?|hrs?|minutes?|mins?|weeks?|months?"
             r"|years?|seconds?|secs?)\b")
_HINTS = ("~", "<", ">", "\u2264", "\u2265", "\u2248", "up", "most", "least", "about", "rough", "around", "approx", "than", "under",
          "below", "over", "above", "max", "min", "shy", "short", "nearly", "almost", "quite", "circa", "ca.", "some", "take",
          "of", "close", "like", "within", "exceed", "between", "-", "\u2013", "\u2014", "to", "and")


@dataclass(frozen=True)
class Bound:
    """What the words around a value say of the value meant (see the module's doc); ``value`` is None for words that
    are no number ("almost delivered": a phrase only neared)."""

    direction: str
    value: Optional[float]
    strict: bool = False
    near: bool = False
    low: Optional[float] = None
    high: Optional[float] = None
    words: str = ""

    def admits(self, v: float) -> bool:
        """Whether ``v`` lies inside what is said."""
        x = self.value
        if x is None:
            return False
        if self.direction == "range":
            return self.low is not None and self.high is not None and self.low <= v <= self.high
        if self.direction == "approx":
            return abs(v - x) <= 0.05 * x
        if self.direction == "upper":
            return (v < x if self.strict else v <= x) and (not self.near or v >= 0.9 * x)
        return (v > x if self.strict else v >= x) and (not self.near or v <= 1.1 * x)


def bound_at(text: str, start: int, end: Optional[int] = None, value: Optional[float] = None) -> Optional[Bound]:
    """The bound said on the value at ``text[start:end]``, or None when it is said plainly. ``end`` None: the number
    that starts there (a currency mark before it) ends it, and ``value`` (a number the caller read, "five dollars")
    stands for one written in words; a span with no number is read for the words before it only."""
    number = _VALUE.match(text, start, end if end is not None else len(text))  # the value opens its span
    if number is not None and end is None:
        end = number.end()
    if value is None and number is not None:
        value = float(number.group("n").replace(",", ""))
    lo = max(0, start - 48)
    window = text[lo:start].lower()
    after = text[end:end + 40].lower() if end is not None and value is not None else ""
    if not any(h in window for h in _HINTS) and not any(h in after for h in _AFTER_HINTS):
        return None
    if value is not None and end is not None:
        ranged = _range(text, start, end, value)
        if ranged is not None:
            return ranged
    m = _BEFORE.search(text, lo, start)
    if m is not None and (value is not None or not m.group("sign")):  # "-> delivered" is an arrow
        kind = _SIGNS[m.group("sign")] if m.group("sign") else next(k for k in _KINDS if m.group(k))
        if m.group("at_most") and m.group("at_most").lower() == "within" and (value is None or _WHEN.match(text, start)):
            return None  # "within 5 days": when, not how much
        direction, strict, near = _KINDS[kind]
        return Bound(direction, value, strict, near, words=m.group(0).strip())
    m = _AFTER.match(text, end) if after else None
    if m is not None:
        kind = next((k for k in ("approx", "at_most", "at_least") if m.group(k)), "approx")  # "-ish"
        direction, strict, near = _KINDS[kind]
        return Bound(direction, value, strict, near, words=m.group(0).strip())
    return None


def _range(text: str, start: int, end: int, x: float) -> Optional[Bound]:
    """A range the value ends ("between $16 and $17", "$16-17") or starts ("between $16 and $17", "$16-$17")."""
    low = _LOW_END.search(text, max(0, start - 48), start)
    unit = _UNIT.match(text, end) is not None  # "40 to 60 dollars": the unit after the range marks its start as money too
    if low is not None and not low.group("from") and (low.group("between") or ((low.group("c") or unit) and low.group("to") != "and")):
        lo = float(low.group("n").replace(",", ""))
        if lo < x and (low.group("between") or low.group("to") not in ("to", "and") or low.group("c2") or unit):
            return Bound("range", x, low=lo, high=x, words=text[low.start():end].strip())
    high = _HIGH_END.match(text, end)
    if high is None or _FROM.search(text, max(0, start - 12), start) is not None:
        return None
    hi = float(high.group("n").replace(",", ""))
    between = _BETWEEN.search(text, max(0, start - 16), start) is not None
    unit = _UNIT.match(text, high.end()) is not None  # "40 to 60 dollars"
    marked = text[start:start + 1] in "$\u20ac\u00a3" or text[max(0, start - 1):start] in ("$", "\u20ac", "\u00a3") or unit
    if hi > x and (between or (marked and high.group("to") != "and" and (high.group("to") != "to" or high.group("c2") or unit))):
        return Bound("range", x, low=x, high=hi, words=text[start:high.end()])
    return None

