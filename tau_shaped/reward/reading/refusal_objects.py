"""Denials said of what was asked for rather than by the agent's own inability (SPEC §10
statements; issue 41, round 9): the refund, credit, compensation, money back or difference the
customer asked for said to be none, nothing, not due or not owed.

- none of it: "no refund or credit applies", "no refund here", "no money back is owed", "there's
  no overcharge to refund", "no compensation for a 5-minute delay";
- nothing to give: "there's nothing I can refund", "nothing to give back this time";
- a negated existence: "there isn't a difference to give back", "there wasn't any overcharge";
- the thing asked for said not due: "a refund isn't due here", "compensation is not owed",
  "a credit wouldn't apply";
- a wish turned down in the same sentence: "I wish I could give you money back, but ...",
  "I'd love to refund it, but ...".

Not denials: "No problem, I'll refund it" (the "no" is of a problem), "there's no refund fee",
"no extra credit card fees apply" (the thing after the negation is not a request's object), "there's
no need to worry: your refund is on its way", "nothing else is needed for the refund". The
patterns are linear (bounded repeats only) and read lower-cased text, as ``refusals`` does.
"""

from __future__ import annotations

import re
from typing import Optional

__all__ = ["object_denial"]

_SP = r"[ \t\u00a0]{1,3}"
_A = r"['’]"
# what a customer asks to get back or have done, as a noun
_OBJ = (r"(?:refunds?|compensation|credits?|reimbursements?|money(?:{_SP}back)?|payouts?|cash{_SP}back|difference"
        r"|overcharges?|discounts?|cancell?ations?|partial{_SP}refunds?|goodwill{_SP}credits?)").replace("{_SP}", _SP)
# a word or two before it ("no extra wallet credit", "no partial refund")
_ADJ = r"(?:[a-z$][\w.$-]{0,20}" + _SP + r"){0,2}"
# what says the thing is not given, after it
_NONE_TAIL = (r"(?:(?:is|are|was|were|would{_SP}be|will{_SP}be|can{_SP}be|could{_SP}be){_SP})?"
              r"(?:due|owed|owing|applies|apply|applicable|warranted|available|possible|in{_SP}order|here|this{_SP}time"
              r"|in{_SP}this{_SP}case|for{_SP}(?:this|that|it|a|an|the|your|delays?)\b|to{_SP}(?:refund|give|return|credit"
              r"|reimburse|issue|offer|send)|(?:(?:that|which){_SP})?(?:i|we){_SP}(?:can|could|am{_SP}able{_SP}to)"
              r"{_SP}(?:give|offer|issue|process|provide|make|approve|refund|send|grant))\b"
              ).replace("{_SP}", _SP)
_GIVE = (r"(?:refund|give{_SP}back|give|return|credit|compensate|reimburse|pay{_SP}back|pay{_SP}out|send{_SP}back|offer|issue)"
         ).replace("{_SP}", _SP)
_PARTS = [
    # "no refund or credit applies", "no money back is owed", "no overcharge to refund"
    rf"\bno{_SP}{_ADJ}{_OBJ}(?:{_SP}(?:or|and|nor){_SP}{_ADJ}{_OBJ})?{_SP}{_NONE_TAIL}",
    # "nothing I can refund", "nothing to give back", "nothing left to credit"
    # "nothing I'm able to do" (the agent's inability); "nothing to do" alone is of the customer's part
    rf"\bnothing{_SP}(?:(?:left|more|else){_SP})?(?:(?:(?:that{_SP})?(?:i|we){_SP}(?:can|could|am{_SP}able{_SP}to|are{_SP}able{_SP}to)"
    rf"|i{_A}m{_SP}able{_SP}to|we{_A}re{_SP}able{_SP}to){_SP}(?:{_GIVE}|do)|to{_SP}{_GIVE})\b",
    # "there isn't a difference to give back", "there wasn't any overcharge"
    rf"\bthere{_SP}(?:is|was|are|were)(?:n{_A}?t|{_SP}not){_SP}(?:a|an|any){_SP}{_ADJ}{_OBJ}\b",
    # "a refund isn't due", "compensation is not owed", "a credit wouldn't apply"
    rf"\b{_OBJ}{_SP}(?:(?:is|are|was|were)(?:n{_A}?t|{_SP}not)|(?:would|will|does|do)(?:n{_A}?t|{_SP}not)(?:{_SP}be)?|won{_A}?t(?:{_SP}be)?)"
    rf"{_SP}(?:due|owed|owing|applicable|warranted|available|possible|apply|applies|in{_SP}order|needed|necessary|on{_SP}offer)\b",
    # "isn't something our policy permits", "not something the rules allow"
    rf"\b(?:is{_SP}not|isn{_A}?t|not){_SP}something{_SP}(?:that{_SP})?(?:our|the|this|my){_SP}(?:airline{_A}s{_SP}|store{_A}s{_SP})?"
    rf"(?:policy|policies|rules?|system|terms|fare{_SP}rules?){_SP}(?:permits?|allows?|supports?|covers?|lets{_SP}(?:me|us))\b",
    # "post-booking insurance additions aren't supported", "changes aren't offered after departure"
    rf"\b(?:is|are|was|were)(?:n{_A}?t|{_SP}not){_SP}(?:supported|offered|accepted|permissible|doable)\b",
    # "only offered during booking, not afterwards"
    rf"\bonly{_SP}(?:be{_SP})?(?:offered|available|possible|allowed|permitted|sold|purchasable|added|bought|purchased|done)"
    rf"{_SP}(?:during|at|when|before|within|while|on)\b[^.!?;\n]{{1,60}},?{_SP}not{_SP}(?:after(?:wards)?|now|later|once|anymore|any{_SP}more)\b",
    # "I wish I could refund it, but ...", "I'd love to give you money back, but ..."
    rf"\b(?:i|we)(?:{_SP}(?:really{_SP}|truly{_SP})?wish{_SP}(?:i|we){_SP}could|{_A}d{_SP}love{_SP}to|{_SP}would{_SP}love{_SP}to"
    rf"|{_A}d{_SP}like{_SP}to{_SP}be{_SP}able{_SP}to)\b[^.!?\n]{{1,120}}\bbut\b",
]
_OBJECT_DENIAL = re.compile("|".join(_PARTS))


def object_denial(low: str) -> Optional[re.Match]:
    """The first phrase of the lower-cased ``low`` saying the thing asked for is not given, or None."""
    return _OBJECT_DENIAL.search(low)
