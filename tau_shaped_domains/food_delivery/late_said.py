"""``{"late_said": {"eta": TOOL}}``: an arrival promised for an order the ETA tool showed running late, with no
word that it is late (wiki.md, ETAs: "When asked when an order arrives, call ``get_order_eta`` and state the
window it gives ... If ``now`` is already past ``latest``, say the order is running late").

The rule holds (a breach) at the first agent message after a successful ``get_order_eta`` whose result says
``"running_late": true`` that promises an arrival (a clock time said of an arrival, ``statements.promises_arrival``,
or a wait from now, ``relative_times``) when no agent message from that result up to and including it says the
order is late: "running late", "late", "delayed", "overdue", "behind (schedule)", "past its window / latest /
ETA", "later than (expected / promised / planned)", "should have arrived" ... not negated ("it isn't late",
"not delayed" say the opposite). Telling the window of a late order as if it were still to come ("it'll be with
you between 18:20 and 18:40") is the breach the line is written against.

A failed call showed nothing; a result not running late asks nothing. Registered when the domain package is
imported, before its rule file is read.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, List, Tuple

from pydantic import Field

from tau_shaped.reward.checks.finding import Finding, violations
from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.matcher_schema import _Strict
from tau_shaped.reward.reading.arrival_waits import ARRIVAL, SENTENCE_END, relative_times
from tau_shaped.reward.reading.negation import Negations
from tau_shaped.reward.reading.statements import promises_arrival, stated_times

MAX_CHARS = 8192  # a message read: its first 8 KiB (a bound on untrusted text)
_RUNNING_LATE = re.compile(r'"running_late"\s*:\s*true\b')
_NOW = 19 * 60  # the policy's clock (wiki.md: Friday 13 March 2026, 19:00), for waits said from now
# the order said to be late, in any of the usual words (case aside; "late-night", "a late fee" are not its lateness)
_LATE = re.compile(
    r"(?i)\blate(?:ness)?\b(?![-\u2010\u2011]|\s+(?:night|evening|afternoon|morning|lunch|dinner|fee|charge|shift))|\bdelay(?:ed|s)?\b"
    r"|\boverdue\b|\bbehind(?:\s+schedule)?\b|\brunning\s+behind\b"
    r"|\bpast\s+(?:its|the|your)\s+(?:\w+\s+)?(?:window|latest|eta|estimate|estimated\s+time|delivery\s+time|due\s+time)\b"
    r"|\blater\s+than\s+(?:expected|promised|planned|estimated|scheduled|quoted|we\s+said)\b"
    r"|\bshould\s+(?:already\s+)?have\s+(?:arrived|been\s+(?:delivered|there|with\s+you))"
    r"|\b(?:missed|blown\s+past|gone\s+past)\s+(?:its|the)\s+(?:\w+\s+)?(?:window|eta|estimate|time)\b"
)


_WINDOW = re.compile(r"(?i)\b(?:between|from)[ \t]{1,3}\Z")
_EXPECT = re.compile(r"(?i)\bexpect(?:ed|ing)?\b|\bdue\b|\bwindow\b")  # "Expect it between 18:03 and 18:18"
_PAST = re.compile(r"(?i)\b(?:was|were|had|did|arrived|came|delivered\s+at)\b")


class LateCalls(_Strict):
    eta: str = Field(min_length=1)


class LateSaidPredicate(_Strict):
    late_said: LateCalls


def says_late(text: str) -> bool:
    """Whether ``text`` says the order is late (a lateness word not negated)."""
    text = text[:MAX_CHARS]
    found = list(_LATE.finditer(text))
    if not found:
        return False
    negated = Negations(text)
    return any(not negated(m.start()) for m in found)


def promises(text: str) -> bool:
    """Whether ``text`` promises an arrival: a clock time said of an arrival, or a wait from now."""
    text = text[:MAX_CHARS]
    for t in stated_times(text):
        if promises_arrival(text, t.start):
            return True
        if _WINDOW.search(text, max(0, t.start - 24), t.start):  # "between 18:03 and 18:18" in a sentence of an arrival to come
            lo = max([m.end() for m in SENTENCE_END.finditer(text, max(0, t.start - 300), t.start)], default=max(0, t.start - 300))
            hi = SENTENCE_END.search(text, t.end)
            stop = hi.start() if hi else len(text)
            if (ARRIVAL.search(text, lo, stop) or _EXPECT.search(text, lo, stop)) and not _PAST.search(text, lo, t.start):
                return True
    return bool(relative_times(text, _NOW))


def _first_unsaid(messages: List[Tuple[int, str]], after: int) -> Tuple[int, str]:
    """The first agent message after step ``after`` promising an arrival with no lateness said up to it, or (-1, "")."""
    for step, text in messages:
        if step <= after:
            continue
        if says_late(text):
            return -1, ""
        if promises(text):
            return step, text
    return -1, ""


@register
class LateSaidKind(CheckKind):
    key = "late_said"
    model = LateSaidPredicate
    event_like = True

    def tools(self, pred: Any) -> Iterable[str]:
        return (pred.late_said.eta,)

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        eta = pred.late_said.eta

        def check(run: Any) -> Finding:
            late = [s for s in run.calls_of(eta) if s.succeeded and _RUNNING_LATE.search(s.observation[:MAX_CHARS])]
            if not late:
                return Finding(False, None, frozenset(), "no ETA showed an order running late")
            messages = run.agent_messages()
            hits: List[Tuple[int, Any]] = []
            seen = set()
            for s in late:
                step, text = _first_unsaid(messages, s.index)
                if step >= 0 and step not in seen:
                    seen.add(step)
                    hits.append((step, lambda t=text: f"arrival promised with no word that the order is late: {t[:120]!r}"))
            return violations(hits, "every arrival promised for a late order said it was late")

        return check
