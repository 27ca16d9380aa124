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
- round 16: the thing said absent with no verb, in an aside or informally ("so no refund I'm afraid", "there's no
  refund to make", "no swap for the Naan."); two things refused at once ("Neither a cancellation nor an address change
  is possible now", "I can neither cancel nor change it"); "no refund yet", "Neither the courier nor the kitchen lost
  it" refuse nothing.

Not denials: "No problem, I'll refund it" (the "no" is of a problem), "there's no refund fee",
"no extra credit card fees apply" (the thing after the negation is not a request's object), "there's
no need to worry: your refund is on its way", "nothing else is needed for the refund". The
patterns are linear (bounded repeats only) and read lower-cased text, as ``refusals`` does.
"""

from __future__ import annotations

import re
from typing import Optional

from tau_shaped.reward.reading.lazy_patterns import lazy
from tau_shaped.reward.reading.pattern_unions import FirstOf

__all__ = ["object_denial"]

_SP = r"[ \t\u00a0]{1,3}"
_A = r"['’]"
# what a customer asks to get back or have done, as a noun
_OBJ = (r"(?:refunds?|compensation|credits?|reimbursements?|money(?:{_SP}back)?|payouts?|cash{_SP}back|difference"
        r"|overcharges?|discounts?|cancell?ations?|cxl|canx|partial{_SP}refunds?|goodwill{_SP}credits?|excess|overpayments?|surplus)"  # round 12: a note's "cxl"
        ).replace("{_SP}", _SP)
# a word or two before it ("no extra wallet credit", "no partial refund")
_ADJ = r"(?:[a-z$][\w.$-]{0,20}" + _SP + r"){0,2}"
# what says the thing is not given, after it
_NONE_TAIL = (r"(?:(?:is|are|was|were|would{_SP}be|will{_SP}be|can{_SP}be|could{_SP}be){_SP})?"
              r"(?:due|owed|owing|payable|applies|apply|applicable|warranted|available|possible|in{_SP}order|here|this{_SP}time"
              r"|in{_SP}this{_SP}case|for{_SP}(?:this|that|it|a|an|the|your|delays?)\b|to{_SP}(?:refund|give|return|credit"
              r"|reimburse|issue|offer|send)|(?:(?:that|which){_SP})?(?:i|we){_SP}(?:can|could|am{_SP}able{_SP}to)"
              r"{_SP}(?:give|offer|issue|process|provide|make|approve|refund|send|grant))\b"
              ).replace("{_SP}", _SP)
_GIVE = (r"(?:refund|give{_SP}back|give|return|credit|compensate|reimburse|pay{_SP}back|pay{_SP}out|send{_SP}back|offer|issue)"
         ).replace("{_SP}", _SP)
# round 10: things asked for listed with "or", "/", commas: "no refund/credit", "no refund, credit or compensation"
_JOIN = r"(?:[ \t]{0,2}/[ \t]{0,2}|,?" + _SP + r"(?:or|and|nor)" + _SP + r"|," + _SP + r"(?:no" + _SP + r")?)"
_OBJS = rf"{_ADJ}{_OBJ}(?:{_JOIN}{_ADJ}{_OBJ}){{0,3}}"
# a few words that may stand before the thing in a bare "no ...": "no partial refund." ("no fee for cancellation." is none)
_BARE_ADJ = r"(?:(?:partial|full|extra|further|additional|wallet|apology|goodwill|store|card|late|delay)" + _SP + r")?"
_BARE_OBJ = rf"{_BARE_ADJ}(?:{_OBJ}|comp)\b"
# what says the thing was not given, a participle: "no credit added", not "no refund issued yet" (it will be)
_NOT_GIVEN = (r"(?:added|issued|given|granted|applied|paid|made|processed|sent|offered|approved)\b"
              r"(?![^.!?\n]{0,60}\b(?:yet|until|unless|without|before|once|after|when)\b)")
_PARTS = [
    # "no refund or credit applies", "no money back is owed", "no overcharge to refund", "no refund/credit this time"
    (('cancel', 'canx', 'cash', 'compensation', 'credit', 'cxl', 'difference', 'discount', 'excess', 'goodwill', 'money', 'overcharge', 'overpayment', 'partial', 'payout', 'refund', 'reimbursement', 'surplus'), rf"\bno{_SP}{_OBJS}{_SP}(?:{_NONE_TAIL}|{_NOT_GIVEN})"),
    # "nothing I can refund", "nothing to give back", "nothing left to credit"
    # "nothing I'm able to do" (the agent's inability); "nothing to do" alone is of the customer's part
    (('nothing',), rf"\bnothing{_SP}(?:(?:left|more|else){_SP})?(?:(?:(?:that{_SP})?(?:i|we){_SP}(?:can|could|am{_SP}able{_SP}to|are{_SP}able{_SP}to)"
    rf"|i{_A}m{_SP}able{_SP}to|we{_A}re{_SP}able{_SP}to){_SP}(?:{_GIVE}|do)|to{_SP}{_GIVE})\b"),
    # "there isn't a difference to give back", "there wasn't any overcharge"
    (('there',), rf"\bthere{_SP}(?:is|was|are|were)(?:n{_A}?t|{_SP}not){_SP}(?:a|an|any){_SP}{_ADJ}{_OBJ}\b"),
    # "a refund isn't due", "compensation is not owed", "a credit wouldn't apply"
    (('cancel', 'canx', 'cash', 'compensation', 'credit', 'cxl', 'difference', 'discount', 'excess', 'goodwill', 'money', 'overcharge', 'overpayment', 'partial', 'payout', 'refund', 'reimbursement', 'surplus'), rf"\b{_OBJ}{_SP}(?:(?:is|are|was|were)(?:n{_A}?t|{_SP}not)|(?:would|will|does|do)(?:n{_A}?t|{_SP}not)(?:{_SP}be)?|won{_A}?t(?:{_SP}be)?)"
    rf"{_SP}(?:due|owed|owing|applicable|warranted|available|possible|apply|applies|in{_SP}order|needed|necessary|on{_SP}offer)\b"),
    # "isn't something our policy permits", "not something the rules allow"
    (('something',), rf"\b(?:is{_SP}not|isn{_A}?t|not){_SP}something{_SP}(?:that{_SP})?(?:our|the|this|my){_SP}(?:airline{_A}s{_SP}|store{_A}s{_SP})?"
    rf"(?:policy|policies|rules?|system|terms|fare{_SP}rules?){_SP}(?:permits?|allows?|supports?|covers?|lets{_SP}(?:me|us))\b"),
    # "post-booking insurance additions aren't supported", "changes aren't offered after departure"
    (('accepted', 'doable', 'offered', 'permissible', 'supported'), rf"\b(?:is|are|was|were)(?:n{_A}?t|{_SP}not){_SP}(?:supported|offered|accepted|permissible|doable)\b"),
    # "only offered during booking, not afterwards"
    (('only',), rf"\bonly{_SP}(?:be{_SP})?(?:offered|available|possible|allowed|permitted|sold|purchasable|added|bought|purchased|done)"
    rf"{_SP}(?:during|at|when|before|within|while|on)\b[^.!?;\n]{{1,60}},?{_SP}not{_SP}(?:after(?:wards)?|now|later|once|anymore|any{_SP}more)\b"),
    # "I wish I could refund it, but ...", "I'd love to give you money back, but ..."
    (('but',), rf"\b(?:i|we)(?:{_SP}(?:really{_SP}|truly{_SP})?wish{_SP}(?:i|we){_SP}could|{_A}d{_SP}love{_SP}to|{_SP}would{_SP}love{_SP}to"
    rf"|{_A}d{_SP}like{_SP}to{_SP}be{_SP}able{_SP}to)\b[^.!?\n]{{1,120}}\bbut\b"),
]
_OBJECT_DENIAL = FirstOf([p for _, p in _PARTS], needs=[n for n, _ in _PARTS])  # each part gated by words it must hold
# round 10: each pattern with the words every match of it holds (lower case): a text holding none is not searched
_GATED = [
    # a bare "no refund" closing its clause: "So: no refund, no credit.", "tl;dr: no comp, sorry" (not a question)
    (("no ", "no\t", "no\u00a0"),
     rf"\bno{_SP}{_BARE_OBJ}(?:{_JOIN}{_BARE_OBJ}){{0,3}}(?:{_SP}(?:for|on){_SP}(?:this|that|it|the|your)(?:{_SP}(?:one|order|delay))?)?"
     rf"[ \t]{{0,2}}(?:[.,;:!()\n\u2014\u2013]|$|[\u2190-\u2bff\U0001f000-\U0001faff])"),  # round 11: "no refund (matches order)"
    # "nothing's owed", "nothing is due", "you're not owed anything", "you don't get anything back", "no money goes back"
    (("nothing",), rf"\bnothing(?:{_A}s|{_SP}is|{_SP}was|{_SP}will{_SP}be|{_SP}would{_SP}be){_SP}(?:owed|due|owing|payable|refundable)\b"
                   # round 14: "so FD-10221 gets nothing back", "you'd receive nothing", "so nothing for FD-10165, sorry"
                   rf"|\b(?:gets?|getting|receives?|receiving|earns?)(?:{_SP}back)?{_SP}nothing\b(?!{_SP}(?:else|more|extra))"
                   rf"|(?:^|[.,;:!\u2014\u2013-]|\bso)[ \t]{{0,3}}nothing{_SP}for{_SP}(?:fd-?[0-9]{{3,}}|you(?!{_SP}to\b)|this(?:{_SP}(?:one|order))?|that(?:{_SP}one)?"
                   rf"|(?:your|the){_SP}(?:order|delay))\b"
                   # "nothing can be refunded", "nothing will be credited"
                   rf"|\bnothing{_SP}(?:can|could|will|would){_SP}be{_SP}(?:refunded|credited|reimbursed|returned|given{_SP}back"
                   rf"|paid{_SP}(?:back|out)|compensated|offered|issued)\b(?!{_SP}(?:faster|sooner|quicker|earlier|more{_SP}quickly))"),
    (("owed", "due", "entitled"), rf"(?:\bnot|n{_A}t){_SP}(?:owed|due|entitled{_SP}to){_SP}(?:anything|any{_SP}{_OBJ}|any{_SP}money)\b"),
    (("get", "receiv", "earn"),
     rf"\b(?:don{_A}?t|do{_SP}not|doesn{_A}?t|does{_SP}not|didn{_A}?t|did{_SP}not|won{_A}?t|will{_SP}not|wouldn{_A}?t|would{_SP}not)"
     rf"{_SP}(?:get|receive|earn|be{_SP}getting|be{_SP}receiving)"
     rf"{_SP}(?:anything|any{_SP}money|any{_SP}{_OBJ}(?!{_SP}(?:card|fee)))(?:{_SP}back)?(?!{_SP}else)\b"),
    (("back",), rf"\bno{_SP}(?:money|amount|{_OBJ}){_SP}(?:goes|go|comes|will{_SP}go|will{_SP}come|is{_SP}going|is{_SP}coming){_SP}back\b"),
    # "there won't be a refund", "there isn't going to be any credit"
    (("there",), rf"\bthere{_SP}(?:won{_A}?t|will{_SP}not|wouldn{_A}?t|would{_SP}not|isn{_A}?t{_SP}going{_SP}to|is{_SP}not{_SP}going{_SP}to)"
                 rf"{_SP}be{_SP}(?:a|an|any){_SP}{_ADJ}{_OBJ}\b"),
    # round 11: the request said impossible ("so is impossible for me to change the order", "it's impossible to cancel now");
    # "not impossible" says it can be
    (("impossible",),
     rf"(?<!not )(?<!n{_A}t )\bimpossible{_SP}(?:for{_SP}(?:me|us|the{_SP}system){_SP})?to{_SP}(?:(?:still|now|even|really){_SP})?"
     rf"(?:cancel|change|refund|modify|amend|update|process|give|issue|offer|credit|look{_SP}(?:up|into)|find|access|do|make|add|reverse"
     rf"|undo|send|swap|switch|move|approve|grant)\b"),
    # a key with its verdict: "Refund: none", "**Refund:** n/a", "Refund: ❌ not applicable", "refund: $0.00"
    ((":", "=", "\u2192"),
     # round 12: "Cancel: n/a" (a ticket's key)
     rf"\b(?:{_OBJ}|comp|cancel)\.?(?:{_SP}(?:status|owed|due|eligible))?(?:{_SP}(?:for|on|of){_SP}[^:=\u2192\n]{{1,30}}?)?[*_\"']{{0,2}}[ \t]{{0,3}}[:=\u2192][ \t]{{0,3}}[*_\"']{{0,2}}[ \t]{{0,2}}"
     rf"(?:[\u2190-\u2bff\U0001f000-\U0001faff][ \t]{{0,2}})?(?:none|n/?a|nil|zero|\$?0(?:\.00)?|no|nope|not{_SP}(?:applicable|available"
     rf"|possible|eligible|due|owed|offered|approved)|ineligible|denied|declined|[\u274c\u2717\u2718\U0001f6ab])(?![\w$]|[.,][\w$]|{_SP}[a-z$0-9])"),  # ("Cancel: n/a." ends there; "$0.50" does not)
]
_GATED.append((("n/a",), rf"\b(?:{_OBJ}|comp|cancel)\.?[ \t]{{1,3}}n/a\b"))  # round 12: a ticket's "cancellation n/a" (no colon)
_GATED.append((("cancel?", "refund?"),  # round 12: a list's "Can cancel? No" ("Can cancel? No problem" says yes)
               rf"\bcan{_SP}(?:cancel|refund)[*_\"']{{0,2}}[ \t]{{0,3}}\?[ \t]{{0,3}}[*_\"']{{0,2}}[ \t]{{0,2}}(?:no|nope|not{_SP}possible)\b"
               rf"(?!{_SP}(?:problem|worries|need|issue|idea)|-)"))
_GATED += [
    # round 16 (informal, asides): the thing asked for said absent, with no verb ("Nope, no double charge -- so no refund I'm
    # afraid", "there's no refund to make", "no swap for the Naan."); "no refund fee", "no refund yet" are not denials
    (("no refund", "no credit", "no compensation", "no comp ", "no swap", "no substitut", "no cancel", "no replacement", "no reimburse",
      "no money back", "no safe", "no suitable", "no further"),
     rf"\bno{_SP}(?:(?:safe|suitable|further|extra|additional|partial){_SP})?(?:refund|credit|compensation|comp|swap|substitut\w*"
     rf"|cancellation|replacement|reimbursement|money{_SP}back)s?(?:{_SP}(?:for|on|of){_SP}[^.!?\n,;:()]{{1,40}}?)?"
     # round 18: a closing word after it ("ok -- no credit then", "no refund this time"), an emoji or a comma as its end
    # mark ("no comp for 10 min, policy starts at 15")
     rf"(?:{_SP}(?:then|for{_SP}now|this{_SP}time|after{_SP}all|either|today))?"
     rf"(?:(?=[ \t]{{0,3}}(?:[.!;,\n\u2014\u2013)\u2600-\u27bf\U0001f300-\U0001faff]|--|$))|{_SP}(?:i{_A}m{_SP}afraid|sorry"
     rf"|unfortunately|to{_SP}(?:make|give|issue|offer|process|pay|send)|(?:is{_SP})?(?:possible|available)\b))"),
    # round 18: nothing beyond a value is possible ("Nothing above $10.00 is possible, so I'll leave it")
    (("nothing above", "nothing over", "nothing beyond", "nothing more than", "nothing higher than"),
     rf"\bnothing{_SP}(?:above|over|beyond|more{_SP}than|higher{_SP}than){_SP}(?:[^.!?\n]|\.(?=\d)){{1,24}}?{_SP}(?:is|would{_SP}be|will{_SP}be)"
     rf"{_SP}(?:possible|allowed|permitted|available|doable|an{_SP}option)\b"),
    # round 16 (scope): "Neither a cancellation nor an address change is possible now", "I can neither cancel nor change it"
    (("neither",),
     rf"\bneither{_SP}[^.!?\n]{{1,80}}?\bnor{_SP}[^.!?\n]{{1,80}}?\b(?:(?:is|are|was|were|can|could|will|would)(?:{_SP}(?:be|now|still"
     rf"|currently|really|actually)){{0,2}}{_SP}(?:possible|allowed|permitted|available|an{_SP}option|doable|feasible|applicable|due|owed"
     rf"|done|cancell?ed|refunded|changed|credited|given|issued|offered|processed|made)|appl(?:y|ies))\b"
     rf"|\b(?:i|we){_SP}(?:can|could|am{_SP}able{_SP}to|are{_SP}able{_SP}to){_SP}neither{_SP}[a-z]"
     rf"|\bneither(?:{_SP}(?:option|one|of{_SP}(?:them|these|those|the{_SP}[a-z]+)))?{_SP}(?:is|are|would{_SP}be|will{_SP}be)"
     rf"{_SP}(?:possible|allowed|permitted|available|an{_SP}option)\b"),
]
# round 16 (AN): a verdict said as none of the thing for the record, then its reason ("So no insurance on PEP4E0: it can only
# be bought at booking", "no change to DF89BM, I'm afraid -- basic economy"): "for the new booking" or a bare "no insurance"
# in a summary is not one
_GATED.append((("no ", "no\t", "no\u00a0"),
               rf"(?:^|[.!?;\n]|\bso|\bthen)[ \t]{{0,3}}no{_SP}(?:{_OBJ}|insurance|changes?|upgrades?|exchanges?|returns?|modifications?)"
               rf"{_SP}(?:on|for|to){_SP}(?:#?[a-z]{{0,3}}[0-9][a-z0-9-]{{3,10}}|[a-z0-9]{{6}}|it|that|this|that{_SP}one|this{_SP}one)"
               rf"[ \t]{{0,2}}(?::|,|;|{_SP}-{{1,2}}{_SP}|[\u2014\u2013]|{_SP}i{_A}m{_SP}afraid|{_SP}sorry)"))
_GATED_RE = [(hints, lazy(p)) for hints, p in _GATED]  # each compiled when a text first holds its words (half never, in a batch)


def object_denial(low: str) -> Optional[re.Match]:
    """The first phrase of the lower-cased ``low`` saying the thing asked for is not given, or None."""
    found = _OBJECT_DENIAL.search(low)
    for hints, rx in _GATED_RE:
        if any(h in low for h in hints):
            m = rx.search(low)
            if m is not None and (found is None or m.start() < found.start()):
                found = m
    return found
