"""``{"asserted": REGEX}``: an agent message that states what REGEX finds as so (SPEC §10
statements), the check kind ``telecom.payment.paid_checked`` reads "your bill is paid" with.

A match counts where the message asserts it: not negated in its clause ("I can't see that your
bill is paid"), not in a question ("Has your payment gone through?") and not under a condition
earlier in its sentence ("Once your bill is paid, I'll resume the line", "let me know when the
payment went through"). Registered when the domain package builds its domain (``DOMAIN``), before
its rule file is read: a rule file names only kinds the code registered.
"""

from __future__ import annotations

import bisect
import re
from typing import Any, List, Optional

from pydantic import field_validator

from tau_shaped.reward import data_regex
from tau_shaped.reward.checks.finding import NOWHERE, Finding
from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.matcher_schema import _Strict
from tau_shaped.reward.reading.negation import Negations

# a word that makes what follows it in the sentence a condition, not a statement (one word each:
# "as soon as" ends in "as", which is also a plain connective, so it is listed whole)
_CONDITION = re.compile(r"\b(?:if|once|when|whenever|until|unless|after|before|as soon as)\b", re.IGNORECASE)
_WINDOW = 80  # characters of the sentence before a match a condition is looked for in


class AssertedPredicate(_Strict):
    """Holds at each agent message where ``asserted`` (a regex, RE2) finds a match that the
    message asserts: not negated, not in a question, not after a condition word of its sentence."""

    asserted: str

    @field_validator("asserted")
    @classmethod
    def _runs_on_re2(cls, value: str) -> str:
        return data_regex.check_pattern(value)


_ENDS = re.compile(r"[.!?\n]")


def asserts(text: str, pattern: str) -> bool:
    """Whether ``text`` asserts a match of ``pattern`` (see the module). Linear in the text: its
    sentence ends are found once, each match's sentence by bisection."""
    negated = None
    ends: Optional[List[int]] = None
    for start, snippet in data_regex.matches(pattern, text):
        if ends is None:
            ends = [m.start() for m in _ENDS.finditer(text)]
        at = bisect.bisect_left(ends, start)  # the first sentence end at or after the match's start
        lo = ends[at - 1] + 1 if at > 0 else 0
        after = bisect.bisect_left(ends, start + len(snippet), at)
        if after < len(ends) and text[ends[after]] == "?":
            continue
        if _CONDITION.search(text, max(lo, start - _WINDOW), start):
            continue
        negated = negated or Negations(text)
        if negated(start, lo):
            continue
        return True
    return False


@register
class AssertedKind(CheckKind):
    key = "asserted"
    model = AssertedPredicate
    event_like = True

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        pattern = pred.asserted

        def check(run: Any) -> Finding:
            steps: List[int] = [i for i, text in run.agent_messages() if asserts(text, pattern)]
            if not steps:
                return Finding(False, None, NOWHERE, "no agent message asserts it")
            first = steps[0]
            return Finding(True, first, frozenset(steps), f"step {first}: the agent asserts /{pattern[:60]}/")

        return check
