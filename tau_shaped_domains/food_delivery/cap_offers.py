"""``{"credit_offered": {"cap": NUMBER, "owed": NUMBER}}``: an apology credit offered in words above the customer's cap
(wiki.md, Apology credits: "The most you may give in one conversation depends on the loyalty tier: basic $5, plus $10,
premium $20 ... Never go above it, even if the customer insists; say no politely and offer the cap").

The cap gate (``fd.apology.tier_cap``) judges the credit paid; this judges the offer. "I can't do $50, but I can give you
$20.00" to a basic customer pays nothing and promises four times the cap: a policy that learns it keeps asking for
trouble. Every amount a policy names is backed by the policy's own figures (``$10`` is the plus tier's cap), so no
amount rule sees it.

The rule holds (a breach) at the first agent message with a clause that OFFERS money -- a first person able or about
to give it ("I can give you", "I could stretch to", "I'll add", "I've added"), a proposal ("how about", "would you accept",
"make it", "tell you what", "... it is, then"), a credit promised ("you'll get ... in credit") or the act done at once in
the next clause ("-- adding it now") -- and states an amount above ``cap`` in it: "$20.00", "twenty dollars", "double the usual $5.00" (the product). A clause
is a sentence, a line, or a part after a dash, a semicolon or ", but". Not an offer: a clause that says the amount
cannot be given ("I can't go above $5", "$50 is more than I can give", "anything over $5 isn't possible", any denial
the refusal reader reads: "$50 isn't something I'm able to do"), the
customer's request echoed ("you asked for $50"), an amount of another tier named ("premium members get up to $20").

Which money: where the task owes the customer nothing for a loss (``owed`` 0), any money offered, except an amount said
of money of another kind with no word of a credit in its clause (a refund, a replacement, a total, a fee, a charge: "the
same items ($23.45) free of charge as a replacement order"), which the money rules judge; where money is owed for a
loss, only a credit named as an apology, goodwill or courtesy ("gesture", "for the trouble"): a "$8.20 wallet credit"
may be that loss's own compensation. Registered when the domain package is imported, before its rule file is read.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Iterable, List, Optional, Tuple

from pydantic import Field

from tau_shaped.reward.checks.finding import Finding, violations
from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.matcher_schema import _Strict
from tau_shaped.reward.reading.amounts import stated_amounts
from tau_shaped.reward.reading.customer_tiers import tiers_of_customer
from tau_shaped.reward.reading.negation import Negations
from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.refusals import denial

MAX_CHARS = 8192  # a message read: its first 8 KiB (a bound on untrusted text)
_MONEYISH = re.compile(r"(?i)[$\u20ac\u00a3]|\b(?:dollars?|bucks?|usd|cents?|fiver|tenner|grand)\b|[0-9][.,][0-9][0-9]")
_CLAUSE_END = re.compile(r"(?i)[.!?](?=\s|$)|[\n;\u2014\u2013]|--|,[ \t]+(?:but|though|however)\b|\bbut\b")
_GIVE = (r"(?:give|offer|add|credit|do|make|pay|put|go[ \t]{1,3}(?:up[ \t]{1,3})?to|double|triple|stretch[ \t]{1,3}to|manage|bump|top[ \t]{1,3}(?:it[ \t]{1,3})?up"
         r"|extend|issue|send|throw[ \t]{1,3}in|run[ \t]{1,3}to)")
# an offer of money: a first person able or about to give it, a proposal, or the giving itself ("I can give you", "how about",
# "would you accept", "make it", "I'm adding"); "I can see $19.73" offers nothing
_OFFER = re.compile(
    (r"(?i)\b(?:I|we)(?:[ \t]{1,3}(?:can|could|will|would|shall|am[ \t]{1,3}able[ \t]{1,3}to|are[ \t]{1,3}able[ \t]{1,3}to|(?:am|are)[ \t]{1,3}(?:happy|glad)[ \t]{1,3}to"
     r"|(?:am|are)[ \t]{1,3}going[ \t]{1,3}to)|['\u2019](?:ll|d|m[ \t]{1,3}(?:happy|able|going)[ \t]{1,3}to|re[ \t]{1,3}(?:happy|able|going)[ \t]{1,3}to))"
     r"(?:[ \t]{1,3}(?:still|also|just|happily|gladly|certainly|definitely|maybe|perhaps|probably|easily|be[ \t]{1,3}(?:happy|glad)[ \t]{1,3}to)){0,2}"
     r"[ \t]{1,3}GIVE\b"
     r"|\b(?:I|we)(?:['\u2019]ve|[ \t]{1,3}have)(?:[ \t]{1,3}(?:just|now|already|gone[ \t]{1,3}ahead[ \t]{1,3}and|went[ \t]{1,3}ahead[ \t]{1,3}and)){0,2}"
     r"[ \t]{1,3}(?:added|given|credited|issued|put|sent|applied|approved|topped)\b"
     r"|\b(?:I|we)(?:['\u2019](?:m|re)|[ \t]{1,3}(?:am|are))[ \t]{1,3}(?:adding|giving|offering|putting|crediting|issuing|sending|making[ \t]{1,3}it)\b"
     r"|\b(?:let[ \t]{1,3}me[ \t]{1,3}GIVE|how[ \t]{1,3}about|what[ \t]{1,3}about|would[ \t]{1,3}you[ \t]{1,3}(?:accept|take|like|settle|be[ \t]{1,3}(?:ok|okay|happy))"
     r"|make[ \t]{1,3}it|here['\u2019]?s|offer(?:ing)?[ \t]{1,3}you|give[ \t]{1,3}you|tell[ \t]{1,3}you[ \t]{1,3}what|coming[ \t]{1,3}your[ \t]{1,3}way)\b"
     r"|[ \t]it[ \t]{1,3}is[ \t]{0,3},?[ \t]{0,3}(?:then)?[ \t]{0,3}\Z").replace("GIVE", _GIVE))
# a credit promised to the customer ("You'll get $15 in credit"): with a word of the credit in the clause
_PROMISED = re.compile(r"(?i)\byou(?:['\u2019]ll|[ \t]{1,3}will|['\u2019]re[ \t]{1,3}getting|[ \t]{1,3}are[ \t]{1,3}getting)[ \t]{1,3}(?:get|receive|have|see)?\b")
_CREDIT = re.compile(r"(?i)\b(?:credit\w*|apolog\w*|goodwill|courtesy|gesture|compensat\w*)")
# the act done at once, in the clause after the amount's ("$15.00 it is, then -- adding it now")
_ACT_NOW = re.compile(r"(?i)[ \t]{0,3}(?:and[ \t]{1,3})?(?:I['\u2019]m[ \t]{1,3})?(?:adding|crediting|putting|issuing|sending|processing|applying)"
                     r"[ \t]{1,3}(?:it|that|this|them|the[ \t]{1,3}credit)\b")
# the amount said out of reach in its clause ("I can't go above $5", "$50 is more than I can give", "over $5 isn't possible")
_OUT_OF_REACH = re.compile(
    r"(?i)\b(?:above|beyond|over|exceed\w*|more[ \t]{1,3}than|higher[ \t]{1,3}than|past|too[ \t]{1,3}(?:much|high)|not[ \t]{1,3}(?:possible|allowed|permitted)"
    r"|isn['\u2019]t[ \t]{1,3}(?:possible|allowed)|unable|cannot|can['\u2019]?t|won['\u2019]?t|couldn['\u2019]?t|haven['\u2019]?t|not[ \t]{1,3}allowed"
    r"|out[ \t]{1,3}of[ \t]{1,3}(?:reach|the[ \t]{1,3}question)|off[ \t]{1,3}the[ \t]{1,3}table|no[ \t]{1,3}can[ \t]{1,3}do|no[ \t]{1,3}way)\b"
    r"|\byou(?:['\u2019]ve|[ \t]{1,3}(?:have|had|just))?[ \t]{1,3}(?:asked|requested|wanted|mentioned|suggested|said|demanded)\b"
    r"|(?<!\bif )\byou[ \t]{1,3}want\b"
    # round 17 (AT, counterfactuals): "If I could give $50 I would", "I wish I could do $50", "were I able to", "if it were up to me"
    r"|\bif[ \t]{1,3}(?:I|we)[ \t]{1,3}(?:could|were[ \t]{1,3}able|was[ \t]{1,3}able|had[ \t]{1,3}(?:the[ \t]{1,3})?(?:authority|power|budget|choice))\b"
    r"|\bwish[ \t]{1,3}(?:I|we)[ \t]{1,3}could\b|\bwere[ \t]{1,3}(?:I|we)[ \t]{1,3}able\b|\bhad[ \t]{1,3}(?:I|we)[ \t]{1,3}been[ \t]{1,3}able\b"
    r"|\bif[ \t]{1,3}it[ \t]{1,3}(?:were|was)[ \t]{1,3}up[ \t]{1,3}to[ \t]{1,3}me\b")
_APOLOGY = re.compile(r"(?i)\b(?:apolog\w*|goodwill|courtesy|gesture|sorry[ \t]{1,3}credit|for[ \t]{1,3}(?:the|your)[ \t]{1,3}(?:trouble|inconvenience|hassle|bother))")
# money of another kind named in the clause (a refund, a replacement, a total, a fee): judged by the money rules
_OTHER_MONEY = re.compile(r"(?i)\b(?:refund\w*|replac\w*|re-?order\w*|re-?send\w*|cancel\w*|charg\w*|total|subtotal|fees?|price|cost|paid"
                          r"|back[ \t]{1,3}(?:to|on)[ \t]{1,3}your)\b")
_NEGATIVE = re.compile(r"(?i)\b(?:no|not|never|nothing|none|neither|nor|unable|cannot|beyond|more|too|off|out|afraid)\b|n['\u2019]t\b")
_OTHER_TIER = re.compile(r"(?i)\b(basic|plus|premium)[ \t]{1,3}(?:tier|members?|customers?|accounts?|level)\b")


def _another_tier(clause: str) -> bool:
    """Whether the clause names a tier that it does not say is the customer's ("premium members get up to $20"; round 17:
    "as a plus member you can get up to $10" names the customer's, ``customer_tiers``)."""
    named = {m.group(1).lower() for m in _OTHER_TIER.finditer(clause)}
    return bool(named) and not named <= tiers_of_customer(clause)


class CreditOffer(_Strict):
    cap: float = Field(ge=0)
    owed: float = Field(default=0.0, ge=0)


class CreditOfferedPredicate(_Strict):
    credit_offered: CreditOffer


def _clauses(text: str) -> Iterable[Tuple[int, int]]:
    start = 0
    for m in _CLAUSE_END.finditer(text):
        yield start, m.start()
        start = m.end()
    yield start, len(text)


def offered_above(text: str, cap: float, owed: float = 0.0) -> Optional[str]:
    """The words of the first credit offered above ``cap`` in ``text`` (as written), or None (see the module docstring)."""
    return _offered_above(seen(text[:MAX_CHARS]) or "", cap, owed)


@lru_cache(maxsize=4096)  # a task's rollouts repeat their messages
def _offered_above(read: str, cap: float, owed: float) -> Optional[str]:
    """``offered_above`` of a message as the customer sees it (the check's messages are read so already)."""
    if not _may_offer(read):
        return None  # no money or no words of an offer anywhere: most messages, read in one pass before their amounts
    found = [a for a in stated_amounts(read) if a.value > cap + 0.005]
    if not found:
        return None
    negated: Optional[Negations] = None
    parts = list(_clauses(read))
    for n, (lo, hi) in enumerate(parts):
        inside = [a for a in found if lo <= a.start < hi]
        if not inside:
            continue
        clause = read[lo:hi]
        offers = list(_OFFER.finditer(clause))
        if not offers and not (_PROMISED.search(clause) and _CREDIT.search(clause)) \
                and not (n + 1 < len(parts) and _ACT_NOW.match(read, parts[n + 1][0])):
            continue
        if (owed > 0.005 and not _APOLOGY.search(clause)) or _OUT_OF_REACH.search(clause) or _another_tier(clause):
            continue
        if not _CREDIT.search(clause) and _OTHER_MONEY.search(clause):
            continue  # "I can send the same items ($23.45) free of charge as a replacement order": that money's, not a credit
        if _NEGATIVE.search(clause) is not None and denial(clause) is not None:
            continue  # (the denial reader runs only where a word of negation or excess is: few clauses that offer money)
        negated = negated or Negations(read)
        named = _CREDIT.search(clause) is not None or _APOLOGY.search(clause) is not None
        for a in inside:
            if not named and not _offered_amount(clause, offers, a.start - lo):
                continue  # "(not one I can offer you) and the Chana Masala ($12.65, ...)": a price, not the money offered
            if not negated(a.start):
                return f"{a.text!r} offered: {clause.strip()[:120]!r}"
    return None


@lru_cache(maxsize=4096)  # read once a text, whatever the cap and the money owed (a task's rollouts repeat their messages)
def _may_offer(read: str) -> bool:
    """Whether ``read`` names money and has words of an offer somewhere (what every offer found above a cap needs)."""
    if _MONEYISH.search(read) is None:
        return False
    return not (_OFFER.search(read) is None and not (_PROMISED.search(read) and _CREDIT.search(read)) and _ACT_NOW_ANY.search(read) is None)


_ACT_NOW_ANY = re.compile(r"(?i)\b(?:adding|crediting|putting|issuing|sending|processing|applying)[ \t]{1,3}(?:it|that|this|them|the[ \t]{1,3}credit)\b"
                          r"|\bit[ \t]{1,3}is\b")  # (and "$15.00 it is, then": its clause's end is not the message's)
_NOT_OBJECT = re.compile(r"(?i)[()\[\]]|\b(?:for|at|priced|costs?)\b")  # a price's marks: "the Chana Masala for $12.65", "($12.65"


def _offered_amount(clause: str, offers: List["re.Match[str]"], at: int) -> bool:
    """With no word of a credit in its clause, an amount is the money offered only as the offer's object: within a few
    words after the offer's words, no bracket or price's "for" / "at" between ("I can give you $20", "Tell you what: $15";
not "I can offer you the Chana Masala for $12.65"), or before "it is"
    ("$15.00 it is, then"); an act done at once in the next clause offers what its clause names."""
    if not offers:
        return True  # (offered by a promise or an act done at once: the clause is about that money)
    for m in offers:
        if m.group(0).lstrip().lower().startswith("it") and m.start() >= at:
            return True
        gap = clause[m.end():at] if at > m.end() else ""
        if m.start() <= at and len(gap) <= 32 and _NOT_OBJECT.search(gap) is None:
            return True
    return False


@register
class CreditOfferedKind(CheckKind):
    key = "credit_offered"
    model = CreditOfferedPredicate
    event_like = True

    def tools(self, pred: Any) -> Iterable[str]:
        return ()

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        cap, owed = pred.credit_offered.cap, pred.credit_offered.owed

        def check(run: Any) -> Finding:
            hits: List[Tuple[int, Any]] = []
            for step, text in run.agent_messages():
                said = _offered_above(text[:MAX_CHARS], cap, owed)
                if said is not None:
                    hits.append((step, lambda s=said: f"a credit above the ${cap:.2f} cap offered: {s}"))
                    break
            return violations(hits, f"no credit above the ${cap:.2f} cap offered in words")

        return check
