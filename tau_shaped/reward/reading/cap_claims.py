"""The apology-credit cap an agent states (SPEC §10 statements; ``fact_claims``' ``apology_cap``):
wiki.md "The most you may give in one conversation depends on the loyalty tier". A clause that
names a bound ("max", "maximum", "the most", "cap", "limit", "up to", "at most", "can't go above")
and an apology or goodwill credit (or, round 13, a tier: "$10.00 is the most for basic"), with one amount, states that
tier's cap: the tier the clause
names ("premium members get up to $20"), else the customer's own ("the maximum apology credit for
your tier is $10.00", "Max apology credit (basic tier): $5"); a tier said to be the customer's ("as a plus member you
can get up to $10", ``customer_tiers``) states the customer's own cap (round 17). A clause that holds several
amounts states one cap per tier only when it names as many tiers, in order ("basic $5, plus $10,
premium $20") or, naming none, in the comma-part that holds the bound ("The maximum for you is
10 $, I give 5 $"); otherwise it states none. What is left of a cap ("the most I can still add is
$3", "$2 more"), a condition ("if you were premium, up to $20") or a negated bound ("there is no
$20 limit"), an amount said to be above the cap ("$50 exceeds the cap") states no cap.

``cap_claims(text)`` -> [(amount, tier named or "", words, start)]; ``judge_cap`` compares one with
the policy's caps in S0 (``policy.apology_credit_cap``) and the customer's tier. Pure and linear.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, List, Optional, Sequence, Tuple

from tau_shaped.reward.reading.customer_tiers import tiers_of_customer
from tau_shaped.reward.reading.statements import stated_amounts
from tau_shaped.reward.reading.lazy_patterns import lazy

__all__ = ["cap_claims", "judge_cap"]

_HINTS = ("max", "most", "cap", "limit", "up to", "upto", "above", "beyond", "exceed", "more than", "ceiling", "highest", "top out")
_CREDIT_WORDS = ("credit", "comp", "apolog", "goodwill", "courtesy")  # ("comp" holds "compensat"; tested first: most texts hold none)
_CREDIT = re.compile(r"(?i)\b(?:apolog\w*|goodwill|courtesy|compensation|comp\b|credit\w*)")
_BOUND = re.compile(r"(?i)\b(?:max(?:imum)?|most|caps?|capped|limit(?:ed)?|up[ \t]?to|at[ \t]most|no[ \t]more[ \t]than|ceiling|highest"
                    r"|top[ \t]out|(?:go|give|offer|do|issue)[ \t]{1,3}(?:above|beyond|over|more[ \t]than)|exceed)\b")
# "plus" is a tier only beside another tier or a word of one ("plus members", "(plus)"): "$5 plus $10" adds
_TIER = lazy(r"(?i)\b(?P<t>basic|premium|plus(?=[ \t]{1,3}(?:tier|members?|level|customers?|accounts?|status)\b|[ \t]?\)))\b"
                   r"|(?:(?<=\()|(?<=for[ \t])|(?<=tier:[ \t]))(?P<p>plus)\b", needs=('basic', 'plus', 'premium'))  # round 13: "the most for plus", "Tier: plus"
_TIER_OR_PLUS = re.compile(r"(?i)\b(?:basic|plus|premium)\b")
# a tier named as such, not an adjective of something else ("your basic order", "premium delivery")
_TIER_ALONE = re.compile(r"(?i)(?:\b(?:basic|premium)|(?:(?<=\()|(?<=for[ \t])|(?<=tier:[ \t]))plus)\b(?![ \t]{1,3}(?:order|orders|meal|meals|delivery|"
                         r"dish|dishes|item|items|fee|fees|service|option|options|plan|menu|food)\b)")
_LEFT = lazy(r"(?i)\b(?:still|remaining|left|more|additional|another|further|extra|already|on[ \t]top|balance|top[ \t]up)\b", needs=('additional', 'already', 'another', 'balance', 'extra', 'further', 'left', 'more', 'remaining', 'still', 'top'))
_IF = lazy(r"(?i)\b(?:if|were|unless|once|when|whether|would[ \t]have)\b", needs=('have', 'if', 'once', 'unless', 'were', 'when', 'whether'))
_NO_BOUND = lazy(r"(?i)\b(?:no|not|isn['’]t|there['’]s[ \t]no|without)[ \t]{1,3}(?:\w+[ \t]{1,3}){0,2}(?:max(?:imum)?|caps?|limit)\b", needs=('cap', 'limit', 'max'))
# an amount said to be above the cap is no cap ("Requested: $50 credit - exceeds cap", "$50 is over my limit")
_ABOVE = lazy(r"(?i)\b(?:exceed\w*|over|above|beyond|past|more[ \t]than|outside)[ \t]{1,3}(?:(?:the|our|your|my|its|this)[ \t]{1,3})?"
                    r"(?:[\w-]{1,12}[ \t]{1,3})?(?:cap|limit|max(?:imum)?|ceiling)\b", needs=('cap', 'ceiling', 'limit', 'max'))
_COMMA = re.compile(r",(?![0-9])")
_CLAUSE_END = re.compile(r"(?i)[.;!?\n|](?![0-9])|,?[ \t]{1,3}but[ \t]")  # (round 13: a macro's field ends at its bar)


def cap_claims(text: str) -> Sequence[Tuple[float, str, str, int]]:
    """Each cap ``text`` states: (amount, tier named or "", words, start); a short text's are read
    once and kept (a task's rollouts repeat their messages)."""
    return _kept_caps(text) if len(text) <= 2048 else _caps(text)


def _caps(text: str) -> List[Tuple[float, str, str, int]]:
    low = text.lower()
    tiered = "basic" in low or "plus" in low or "premium" in low  # round 13: a tier's bound is the apology cap, credit said or not
    if not (tiered or any(w in low for w in _CREDIT_WORDS)) or not any(h in low for h in _HINTS) or not _BOUND.search(text):
        return []
    out: List[Tuple[float, str, str, int]] = []
    fields = "|" in text and _CREDIT.search(text) is not None  # "Apology credit | Tier: plus | Max: $20.00": a field of the credit's record
    amounts = stated_amounts(text)
    bounds = [0] + [m.end() for m in _CLAUSE_END.finditer(text)] + [len(text)]
    for lo, hi in zip(bounds, bounds[1:]):
        here = [a for a in amounts if lo <= a.start < hi and a.value > 0]  # ("$0": no tier's cap; a misread spoken figure)
        if not here or not _BOUND.search(text, lo, hi) or not (_CREDIT.search(text, lo, hi) or tiered and _TIER_ALONE.search(text, lo, hi)
                                                               or fields and text[lo - 1:lo] == "|"):
            continue  # ("$10.00 is the most for basic": the tier names the cap)
        if _LEFT.search(text, lo, hi) or _IF.search(text, lo, hi) or _NO_BOUND.search(text, lo, hi) or _ABOVE.search(text, lo, hi):
            continue
        tiers = [(m.group("t") or m.group("p")).lower() for m in _TIER.finditer(text, lo, hi)]
        if tiers and "plus" not in tiers and len(here) == len(tiers) + 1:
            tiers = [(m.group().lower()) for m in _TIER_OR_PLUS.finditer(text, lo, hi)]  # "basic $5, plus $10, premium $20"
        yours = tiers_of_customer(text, lo, hi) if tiers else frozenset()
        tiers = ["" if t in yours else t for t in tiers]  # round 17: "as a plus member you can get up to $10": the customer's cap
        if len(here) == 1 and len(tiers) <= 1:
            named = {(m.group("t") or m.group("p")).lower() for m in _TIER.finditer(text)} if fields and not tiers else set()
            tier = tiers[0] if tiers else (next(iter(named)) if len(named) == 1 else "")  # a field's tier: the record's
            out.append((here[0].value, tier, text[lo:hi].strip(), here[0].start))
        elif len(here) == len(tiers):
            out.extend((a.value, t, text[lo:hi].strip(), a.start) for a, t in zip(here, tiers))
        elif not tiers:  # "The maximum of apology credit for you is 10 $, I give 5 $": the part with the bound
            cuts = [lo] + [m.end() for m in _COMMA.finditer(text, lo, hi)] + [hi]
            for a_lo, a_hi in zip(cuts, cuts[1:]):
                part = [a for a in here if a_lo <= a.start < a_hi]
                if len(part) == 1 and _BOUND.search(text, a_lo, a_hi):
                    out.append((part[0].value, "", text[a_lo:a_hi].strip(), part[0].start))
    return out


@lru_cache(maxsize=2048)
def _kept_caps(text: str) -> Tuple[Tuple[float, str, str, int], ...]:
    return tuple(_caps(text))


def judge_cap(value: float, tier: str, initial: Any, customer_id: str) -> Optional[Tuple[bool, str]]:
    """(True, why) when ``value`` is not the cap of ``tier`` (else the customer's own tier) in S0;
    None when it is, or S0 shows no caps."""
    policy = initial.get("policy") if isinstance(initial, dict) else None
    caps = policy.get("apology_credit_cap") if isinstance(policy, dict) else None
    if not isinstance(caps, dict):
        return None
    if not tier:
        customers = initial.get("customers") or {}
        customer = customers.get(customer_id) if isinstance(customers, dict) else None
        tier = str(customer.get("loyalty_tier") or "") if isinstance(customer, dict) else ""
    cap = caps.get(tier)
    if not isinstance(cap, (int, float)) or abs(float(cap) - value) <= 0.005:
        return None
    return True, f"agent stated an apology-credit cap of ${value:,.2f} for the {tier} tier; the policy's is ${float(cap):,.2f}"
