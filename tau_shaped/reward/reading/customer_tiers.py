"""A loyalty tier said to be the customer's own (wiki.md, Apology credits: "The most you may give in one conversation
depends on the loyalty tier"): "your premium membership", "your plus tier", "as a plus member", "since you're on the
premium tier", "you are premium", "u r premium", "plus members like you", "your tier is premium". Another tier's cap
named as a figure of the policy ("premium members get up to $20") states that tier's cap and offers the customer
nothing; the same tier said to be the customer's states the customer's cap and offers it (round 17 audit: "As a plus
member you can get up to $10.00" to a basic customer passed both the cap statement and the offer rules).

A tier negated ("you're not a premium member"), supposed ("if you were premium", "were you a premium member") or
another person's ("your friend's premium account") is not said of the customer. ``tiers_of_customer(text, lo, hi)``
-> the tiers said of the customer in ``text[lo:hi]`` (lower case). Pure and linear.
"""

from __future__ import annotations

import re
from typing import FrozenSet, Optional

__all__ = ["tiers_of_customer"]

_TIER = r"(?P<t{n}>basic|plus|premium)"
_SAID_OF_YOU = re.compile(
    # "your premium membership", "your plus tier", "your current basic plan", "your account's premium status"
    rf"\byour[ \t]{{1,3}}(?:(?:current|loyalty|account['’]?s?|own)[ \t]{{1,3}}){{0,2}}{_TIER.format(n=0)}\b(?![ \t]{{1,3}}(?:order|delivery|meal|dish|item|fee|service|menu|food|option)s?\b)"
    # "your tier is premium", "your tier: plus", "your loyalty tier (premium)"
    rf"|\byour[ \t]{{1,3}}(?:loyalty[ \t]{{1,3}})?(?:tier|level|status|membership)[ \t]{{0,3}}(?:is[ \t]{{1,3}}|[:(=\-][ \t]{{0,3}}){_TIER.format(n=1)}\b"
    # "as a plus member", "being a premium customer", "as premium"
    rf"|\b(?:as|being)[ \t]{{1,3}}(?:an?[ \t]{{1,3}})?{_TIER.format(n=2)}[ \t]{{1,3}}(?:tier[ \t]{{1,3}})?(?:member|customer|subscriber|client|account[ \t]holder)\b"
    # "you're premium", "you are on the premium tier", "since you're a plus member", "u r premium", "ur premium"
    rf"|(?<![\w'’])(?:you['’]re|you[ \t]{{1,3}}are|u[ \t]{{1,3}}r|ur|youre)[ \t]{{1,3}}(?:(?:on|in|at)[ \t]{{1,3}})?(?:(?:the|a|an|our)[ \t]{{1,3}})?{_TIER.format(n=3)}\b"
    # "plus members like you", "premium customers like yourself"
    rf"|\b{_TIER.format(n=4)}[ \t]{{1,3}}(?:tier[ \t]{{1,3}})?(?:members?|customers?)[ \t]{{1,3}}(?:like|such[ \t]{{1,3}}as)[ \t]{{1,3}}(?:you|yourself)\b",
    re.IGNORECASE)
# a supposition before the tier in its clause ("if you were premium", "were you a plus member", "had you been premium")
_SUPPOSED = re.compile(r"(?i)\b(?:if|were|had|unless|suppose|supposing|imagine|say)\b[^.;!?\n]{0,40}$")


def tiers_of_customer(text: str, lo: int = 0, hi: Optional[int] = None) -> FrozenSet[str]:
    """The tiers ``text[lo:hi]`` says are the customer's own (see the module docstring)."""
    hi = len(text) if hi is None else hi
    low = text[lo:hi].lower()
    if not ("basic" in low or "plus" in low or "premium" in low):
        return frozenset()  # pragma: no mutate (speed only: every match names a tier)
    found = set()
    for m in _SAID_OF_YOU.finditer(text, lo, hi):
        if _SUPPOSED.search(text[max(lo, m.start() - 40):m.start()]):
            continue
        found.add(next(g for g in m.groups() if g).lower())
    return frozenset(found)
