"""A wait until an arrival, said relative to the clock (SPEC §10 statements): "it'll arrive in
about 5 minutes", "delivered within half an hour", "in a half-hour", "in 1.5 hours", "in an
hour and a half", "ten minutes, tops", "give it 20 minutes", "it'll be with you in five", "in 30
seconds".

- ``relative_times(text, now)``: each such wait as the clock time ``now`` plus the wait (minutes
  since midnight), only in a sentence about an arrival ("I'll check in a minute" promises none).
- ``ARRIVAL``: the words of an arrival ("arrive", "deliver", "with you", "at your door",
  "knocking", "lands", "expect it", "pulls up", ...), shared with ``statements`` (a bare hour is a time in such a sentence).
- ``SENTENCE_END``: where a sentence ends (a "." inside "1.5" or "7.30" does not).

Every pattern is linear on untrusted text (bounded or single quantifiers).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from typing import Dict, List, Optional, Tuple

from tau_shaped.reward.reading.typed import Stated

__all__ = ["ARRIVAL", "SENTENCE_END", "relative_times"]

_COUNT_WORDS = {"three": 3, "a couple of": 2, "a": 1, "an": 1, "one": 1, "two": 2, "four": 4, "five": 5, "ten": 10, "fifteen": 15,
                "twenty": 20, "thirty": 30, "forty": 40, "forty-five": 45, "sixty": 60, "half an": 0.5, "half a": 0.5,
                "a half": 0.5, "one and a half": 1.5,
                "a quarter of an": 0.25, "quarter of an": 0.25, "three quarters of an": 0.75, "three-quarters of an": 0.75,
                "a quarter": 0.25, "a couple": 2, "a few": 3, "few": 3, "several": 5, "a matter of": 3}
_COUNTS = "|".join(re.escape(w).replace("\\ ", r"[ \t]+") for w in sorted(_COUNT_WORDS, key=len, reverse=True))
_N = r"\d{1,3}(?:\.\d{1,2})?"  # "1.5 hours"
_UNIT_GAP = r"[ \t-]{0,2}"  # "a half-hour", "20-minute"
# Words of approximation or bound before a count ("in about 10", "in ~10", "within the next 10", "in under 20"): the count stands
_ABOUT = (r"(?:,?[ \t]*(?:about|around|roughly|approximately|approx\.?|just|only|under|less[ \t]+than|some|maybe|like|say|another"
          r"|the[ \t]+next|no[ \t]+more[ \t]+than|at[ \t]+most|up[ \t]+to|~)[ \t]*,?[ \t]*){0,2}")  # "in, like, 10 minutes"
# A count, a range of counts ("10-15", "10 to 15", "ten or fifteen": the first, the earliest it promises) and "-ish"
_RANGE_TO = r"(?:[ \t]*(?:-|\u2013|\u2014|to|or)[ \t]*(?:" + _N + "|" + _COUNTS + "))?"
_ISH = r"(?:-?ish)?"


def _count_of(tag: str) -> str:
    return rf"(?P<{tag}>{_N}|{_COUNTS}){_ISH}{_RANGE_TO}{_ISH}"


_RELATIVE = re.compile(
    rf"\b(?:(?:in|within|after)(?:[ \t]+|(?=,)){_ABOUT}"
    + _count_of("n") + _UNIT_GAP +
    r"(?P<unit>minutes?|mins?|hours?|hrs?|seconds?|secs?)\b"
    # "an hour and a half", "2 hours and a quarter": a fraction of the unit after it
    r"(?:[ \t]+and[ \t]+an?[ \t]+(?P<more>half|quarter)\b)?"
    + r"|(?P<n2>\d{1,3})[ \t]*(?P<unit2>minutes?|mins?)[ \t]+(?:from[ \t]+(?:right[ \t]+)?now|away|out)\b"
    # "give it about 20 minutes", "allow 10 minutes"
    # round 10: "say five minutes" (an estimate, in a sentence about an arrival)
    rf"|\b(?:give[ \t]+it|allow|wait|say)[ \t]+{_ABOUT}" + _count_of("n3") + _UNIT_GAP +
    r"(?P<unit3>minutes?|mins?|hours?|hrs?)\b"
    # "ten minutes, tops", "15 mins max", "20 minutes at most", "10 min or so", "25 minutes, give or take": a wait said with its bound
    r"|(?<![\w.])" + _count_of("n4") + r"[ \t]*(?P<unit4>minutes?|mins?)[ \t]{0,2},?[ \t]{1,2}"
    r"(?:tops|max(?:imum)?|at[ \t]+most|or[ \t]+less|or[ \t]+so|give[ \t]+or[ \t]+take|or[ \t]+thereabouts)\b"
    # "10 more minutes and it's at your door": a wait still to come
    + r"|(?<![\w.])(?P<n6>\d{1,3}|" + _COUNTS + r")[ \t]+more[ \t]+(?P<unit6>minutes?|mins?)\b"
    # "it'll be with you in five": minutes left unsaid, at the end of a sentence (not "in 1.5 hours")
    r"|\bin[ \t]{1,2}(?:about[ \t]{1,2}|under[ \t]{1,2})?(?P<n5>[1-5]?[0-9]|two|three|four|five|ten)"
    r"(?=[ \t]{0,2}(?:[.!?](?![0-9])|\n|$|,|or[ \t]so\b)))",
    re.IGNORECASE,
)

ARRIVAL = re.compile(r"arriv|deliver|(?<!back )(?<!touch )with you\b|reach|get to you|be there\b|at your door|show up|\beta\b|knock|turn[ \t]up"
                     # round 10: "it's around the corner, 5 min tops", "almost there", "nearly there"
                     r"|around[ \t]+the[ \t]+corner|(?:almost|nearly)[ \t]+there\b"
                     # "your food is expected in roughly ten minutes" (the order the subject)
                     r"|\b(?:food|order|meal|it|courier|driver)(?:[ \t]+(?:is|are|was)|['’]s)[ \t]+(?:now[ \t]+)?expected\b"
                     r"|\byou(?:['’]ll|[ \t]+will|[ \t]+should)[ \t]+(?:have|get|receive)[ \t]+it\b"
                     # "it lands at 7", "expect it by 7", "the courier pulls up at 7", "drop-off at 7"
                     r"|\bland(?:s|ing)?\b|\bexpect(?:ed)?[ \t]+(?:it|them|your[ \t]+(?:order|food|meal)|the[ \t]+(?:order|food|courier))\b"
                     r"|\b(?:pull|roll)(?:s|ing)?[ \t]+up\b|\bdrop[- \t]?off\b|\bon[ \t]+your[ \t]+doorstep\b|\bget(?:s|ting)?[ \t]+there\b"
                     # "it's coming in 5", "it'll come within 10 minutes", "the driver will drop it off in 10", "it'll be here by 7"
                     r"|\bcom(?:e|es|ing)[ \t]+(?:in|within|your[ \t]+way|to[ \t]+you|over|by|at|around)\b"
                     r"|\bdrop(?:s|ping|ped)?[ \t]+(?:it|them|(?:your|the)[ \t]+\w+)[ \t]+off\b|\bbe[ \t]+here\b"
                     # "you'll be eating within 15 minutes", "you'll have your food by 7"
                     r"|\byou(?:['’]ll|[ \t]+will|[ \t]+should)[ \t]+(?:be[ \t]+(?:eating|enjoying|tucking)|have[ \t]+your[ \t]+(?:food|order|meal))\b",
                     re.IGNORECASE)
# (round 15: the point of "p.m." ends a sentence only before a capital or a digit: "7:35 p.m. -- pardon me -- 19.15")
SENTENCE_END = re.compile(r"[!?\n](?:\s|$)|(?<![aApP]\.[mM])\.(?:\s|$)|(?<=[aApP]\.[mM])\.(?:\s+(?=[A-Z0-9])|$)")
# What every match of ``_RELATIVE`` holds (a unit's word, or "in" and a count: "in five"), with the same
# case folding: a text without it states no wait, and ``_RELATIVE`` (slow to fail) is not run on it
_WAIT_HINT = re.compile(r"min|hour|hr|sec|\bin[ \t]{1,2}(?:about[ \t]{1,2}|under[ \t]{1,2})?(?:[0-9]|two|three|four|five|ten)",
                        re.IGNORECASE)
_WAIT_WORDS = ("min", "hour", "hr", "sec")  # the hint's alternatives that are plain words


def _may_wait(text: str) -> bool:
    """``_WAIT_HINT.search(text)``: an ASCII text lower-cased holds one of its plain words where the pattern finds
    it, and its last alternative ("in" and a count) only in a text that holds "in"."""
    if text.isascii():
        low = text.lower()
        if any(w in low for w in _WAIT_WORDS):
            return True
        if "in" not in low:
            return False
    return _WAIT_HINT.search(text) is not None


# round 14: a wait before "from now" or "away" with a range, words or "about" ("about 10-25 minutes from now", "half an hour
# away"): read in a second pass, only in a text holding those words (the first pattern stays cheap at every place)
_FROM_NOW_WAIT = re.compile(r"(?<![\w.])" + _ABOUT + _count_of("n2") + _UNIT_GAP
                            + r"(?P<unit2>minutes?|mins?|hours?|hrs?)[ \t]+(?:from[ \t]+(?:right[ \t]+)?now|away|out)\b", re.IGNORECASE)
# "2 minutes away", "give it 20 minutes": an arrival in itself
_AWAY = re.compile(r"(?:away|out)$|^(?:give[ \t]+it|allow|wait)\b", re.IGNORECASE)
# round 14: "(about) 5 minutes from now" said alone, as the answer to when ("I'd guess about 5 minutes from now"): an
# arrival, unless the sentence has the agent doing something then ("I'll check back 5 minutes from now")
_FROM_NOW = re.compile(r"from[ \t]+(?:right[ \t]+)?now$", re.IGNORECASE)
_AGENT_THEN = re.compile(r"(?i)\b(?:i|we)(?:['’]ll|[ \t]+will|[ \t]+can|[ \t]+could|['’]d)[ \t]+(?:check|call|message|update|look|follow"
                         r"|get[ \t]+back|text|email|ring|try|ask|chase|ping|write)\b")
# round 16: a wait said as a sentence of its own, the answer to when ("About five minutes, maybe ten.", "In about five
# minutes.", "Ten minutes or so."), and "any minute now" so said: an arrival in itself (the first count, the earliest)
_ALONE_WAIT = re.compile(r"(?:(?:about|around|roughly|approximately|approx\.?|maybe|probably|perhaps|just|only"
                         r"|under|in|within|~)[ \t]*,?[ \t]*){0,3}(?:" + _count_of("n7") + _UNIT_GAP + r"(?P<unit7>minutes?|mins?|hours?|hrs?)\b"
                         r"|any[ \t]+(?P<n8>minute|moment|second)[ \t]+(?:right[ \t]+)?now\b)[ \t]*(?:or[ \t]+so|give[ \t]+or[ \t]+take|tops|max|-?ish)?"
                         r"(?:[ \t]*,[ \t]*(?:maybe|perhaps|or|give|tops|max|at[ \t]+most|roughly|i[ \t]+(?:think|guess|reckon|['’]d[ \t]+say))"
                         r"[^.!?\n]{0,30})?[ \t]*(?=[.!?\n]|$)", re.IGNORECASE)
_ALONE_START = re.compile(r"[.!?:\n][ \t]*")
# round 18 (telegraphic): a count under a label of lateness or of a rule is how late it was, no wait ("Delay: 5 min.
# Threshold: 15 min.")
_LATE_LABEL = re.compile(r"(?i)(?<![\w'])(?:delay(?:ed)?|late(?:ness)?(?:[ \t]+by)?|overdue(?:[ \t]+by)?|behind|threshold|cut-?off|limit"
                         r"|minimum|waited|wait(?:ed)?[ \t]+so[ \t]+far)[ \t]*:[ \t]*$")
_ALONE_LEAD = re.compile(r"[ \t]*")
_ALONE_FIRST = frozenset("AaRrMmPpJjOoUuIiWw~0123456789TtFfSsEeHhNnCcQq")  # what a wait alone may open with (not "" at the end)
_MORE = {"half": 0.5, "quarter": 0.25}
_JOINT = re.compile(r";|[ \t][\u2014\u2013-]{1,2}[ \t]|\u2014")
# a clause about compensation for lateness, not about an arrival
_COMPENSATION = re.compile(r"(?i)refund|compensat|credit|reimburs|eligib|qualif|entitle|\bappl(?:y|ies)\b|\blate\b")


def _policy_clause(text: str, lo: int, hi: int, at: int) -> bool:
    """Whether the clause (between ";" or a dash) of the sentence ``lo``..``hi`` holding ``at`` names
    compensation and no arrival."""
    start = lo
    for j in _JOINT.finditer(text, lo, at):
        start = j.end()
    end = _JOINT.search(text, at, hi)
    end_at = end.start() if end else hi
    return _COMPENSATION.search(text, start, end_at) is not None and ARRIVAL.search(text, start, end_at) is None


def relative_times(text: str, now: float) -> List[Stated]:
    """Arrival times stated relative to ``now`` (minutes since midnight): "it will arrive in
    about 5 minutes", "delivered within half an hour", each as ``now`` plus the duration; only
    in a sentence about an arrival ("I'll check in a minute" promises no arrival)."""
    found: List[Stated] = []
    if not _may_wait(text):
        return found
    ends: Optional[List[Tuple[int, int]]] = None  # the sentence ends, read once (a long message: linear)
    arrives: Dict[Tuple[int, int], bool] = {}
    joints: Dict[Tuple[int, int], bool] = {}  # whether a sentence has clauses (";", a dash), read once
    low = text.lower()
    matches = list(_RELATIVE.finditer(text))
    if "from now" in low or "from right now" in low or "away" in low:
        wider = list(_FROM_NOW_WAIT.finditer(text))  # a wait it reads whole ("10-25 minutes") replaces the part read first
        matches = [m for m in matches if not any(w.start() <= m.start() and m.end() <= w.end() for w in wider)]
        matches += [w for w in wider if not any(m.start() < w.end() and w.start() < m.end() for m in matches)]
    alone: List["re.Match[str]"] = []
    if len(text) <= 400 and ("now" in low or any(w in low for w in _WAIT_WORDS)):  # a wait said alone, read whole ("In about 5 minutes.")
        starts = [_ALONE_LEAD.match(text).end()] + [m.end() for m in _ALONE_START.finditer(text)]  # (a sentence's start)
        alone = [a for a in (_ALONE_WAIT.match(text, at) for at in starts if text[at:at + 1] in _ALONE_FIRST
                             and not _LATE_LABEL.search(text, max(0, at - 32), at)) if a is not None]
        if alone:
            matches = [m for m in matches if not any(a.start() < m.end() and m.start() < a.end() for a in alone)] + alone
    for m in matches:
        if ends is None:
            ends = [e.span() for e in SENTENCE_END.finditer(text)]
        k = bisect_left(ends, (m.start() + 1, -1))  # the first end after the match's start
        j = k - 1
        while j >= 0 and ends[j][1] > m.start():
            j -= 1
        lo = ends[j][1] if j >= 0 else 0
        while k < len(ends) and ends[k][0] < m.end():
            k += 1
        hi = ends[k][0] if k < len(ends) else len(text)
        if (lo, hi) not in arrives:  # a sentence is searched once, however many waits it holds (linear)
            arrives[(lo, hi)] = ARRIVAL.search(text, lo, hi) is not None
        if not arrives[(lo, hi)] and m not in alone and not _AWAY.search(m.group(0)) and not (
                _FROM_NOW.search(m.group(0)) and not _AGENT_THEN.search(text, lo, hi)):
            continue
        if (lo, hi) not in joints:
            joints[(lo, hi)] = _JOINT.search(text, lo, hi) is not None
        if joints[(lo, hi)] and _policy_clause(text, max(lo, m.start() - 160), min(hi, m.end() + 160), m.start()):
            continue  # round 10b: "it arrived 5 minutes late; refunds only apply after half an hour": a rule's figure
        g = m.groupdict()  # (a second pass's match has only its own groups)
        raw = (g.get("n") or g.get("n2") or g.get("n3") or g.get("n4") or g.get("n5") or g.get("n6") or g.get("n7") or "").lower()
        raw = re.sub(r"[ \t]+", " ", raw)
        count = float(raw) if raw.replace(".", "", 1).isdigit() else 0.0 if g.get("n8") else _COUNT_WORDS.get(raw)
        unit = (g.get("unit") or g.get("unit2") or g.get("unit3") or g.get("unit4") or g.get("unit6") or g.get("unit7") or "").lower()
        if count is None:
            continue
        count += _MORE.get((g.get("more") or "").lower(), 0.0)
        minutes = count * 60 if unit.startswith(("hour", "hr")) else count / 60 if unit.startswith("sec") else count
        found.append(Stated("time", now + minutes, m.group(0), m.start(), m.end()))
    return found
