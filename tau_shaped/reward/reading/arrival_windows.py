"""A window of arrival an agent states (wiki.md, ETAs: "state the window it gives (from earliest to latest). Never
promise a time earlier than its earliest"): "between 7:15 and 7:30", "from 7:15 to 7:30", "7:15-7:30", "7:15 until
7:30" in a clause about an arrival to come ("it'll reach you ...", "Estimated delivery: ...", "the delivery window
is ...", "it come between ..."). Each end of such a window is a time promised: a window that opens on a time a
tool gave for something else (the clock's 19:00, the order's placed_at) before the earliest promises the order then
(round 17 audit: "It should reach you between 7:00 and 7:30" passed, its 7:00 being the clock's time).

A pair of times is a window when only a joining word stands between them ("-", "--", "to", "until", "till",
"through"; "and" only after "between"); a clause that tells what happened ("it was placed between 6:40 and 6:45",
"it was delivered from ...") promises nothing. ``window_ends(text, times)`` -> the starts of the times that end a
window of arrival. Pure and linear (bounded quantifiers, one pass a pair).
"""

from __future__ import annotations

import re
from typing import FrozenSet, Sequence

from tau_shaped.reward.reading.arrival_waits import ARRIVAL
from tau_shaped.reward.reading.typed import Stated

__all__ = ["window_ends"]

# what stands between a window's two ends ("7:00 - 7:30", "7:00 to 7:30", "7:00 and 7:30" after "between")
_JOIN = re.compile(r"[ \t]{0,3}(?:-{1,2}|[\u2013\u2014~]|to|until|till|through|thru|(?P<and>and))[ \t]{0,3}\Z", re.IGNORECASE)
_BETWEEN = re.compile(r"(?i)\bbetween[ \t]{1,3}(?:(?:about|around|roughly|approximately)[ \t]{1,3})?\Z")
# the words of a window of arrival besides ``ARRIVAL``'s: the window, what is expected or due, its coming
_WINDOW = re.compile(r"(?i)\b(?:window|expect\w*|estimat\w*|due|com(?:e|es|ing)|slot|eta)\b")
# a clause telling what happened ("it was placed between ...", "you ordered from ...")
_HAPPENED = re.compile(r"(?i)\b(?:was|were|had|has[ \t]+been|ordered|placed|paid|picked[ \t]+up|left|cancell?ed)\b")
_CLAUSE_END = re.compile(r"[.!?\n](?:\s|$)|[;\u2014]|,[ \t]+(?:but|while|whereas)\b")


def window_ends(text: str, times: Sequence[Stated]) -> FrozenSet[int]:
    """The starts of the times of ``times`` (``statements.stated_times(text)``, in order) that open or close a window
    of arrival ``text`` states."""
    ends = set()
    for t, nxt in zip(times, times[1:]):
        join = _JOIN.match(text[t.end:nxt.start]) if nxt.start - t.end <= 16 else None
        if join is None or (join.group("and") and _BETWEEN.search(text, max(0, t.start - 24), t.start) is None):
            continue
        lo = max([m.end() for m in _CLAUSE_END.finditer(text, max(0, t.start - 300), t.start)], default=max(0, t.start - 300))
        hi_match = _CLAUSE_END.search(text, nxt.end, min(len(text), nxt.end + 300))
        hi = hi_match.start() if hi_match else min(len(text), nxt.end + 300)
        if _HAPPENED.search(text, lo, t.start) and not ARRIVAL.search(text, lo, t.start):
            continue  # "it was placed between 6:40 and 6:45": what happened
        if ARRIVAL.search(text, lo, hi) or _WINDOW.search(text, lo, hi):
            ends.update((t.start, nxt.start))
    return frozenset(ends)
