"""Whether an agent's message denies the customer's request (SPEC §10 statements): what a careful
reader of a policy that says "deny user requests that are against this policy" takes for a
denial, in any wording or layout.

- ``denial(text)``: the first phrase that says the request will not be done: "I can't / cannot /
  am unable to / am not able to / won't be able to ...", "it is not possible", "not eligible",
  "not allowed / permitted", "does not qualify / meet", "against (our) policy", "I must
  decline", "I have to deny", "I have to say no", "that isn't something I can do", "no refund
  can be issued", "the policy does not allow", "that's a no", "no can do", "my hands are tied",
  "off the table", "I must turn down this request", "the rules don't let me"; a
  ``status: denied`` line or ``{"eligible": false}`` in a list or JSON. None when no phrase
  says so.
  Passive and impersonal denials are denials too: "that request can't be fulfilled", "it can't
  be done", "it isn't possible", "that is not allowed", "we're unable to", "it's not going to be
  possible", "there's no way to".
- ``hedge(text)``: a word that leans towards a limit without stating one ("unfortunately",
  "only", "however", "afraid", "policy", "criteria", "sorry, but"): with no denial, the message
  does not settle whether the request was refused (SPEC §8 undetermined). An apology for the
  customer's trouble ("I'm sorry for the trouble", "I apologize for the wait", "sorry to hear
  that") leans towards nothing; nor does the policy named in a clause of clear agreement ("Sure,
  I can do that: our policy allows it"), which says the request will be done. "Unfortunately",
  "only", "however" and "afraid" lean whatever the clause says ("I can only refund $50").

"I can't wait to help", "no problem", "nothing stops us" are not denials. The patterns are
compiled once, linear (bounded repeats only).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Optional

from tau_shaped.reward.reading.lazy_patterns import lazy, lowered
from tau_shaped.reward.reading.pattern_unions import FirstOf
from tau_shaped.reward.reading.refusal_objects import object_denial
from tau_shaped.reward.reading.refusal_overrides import ACTS, OVERRIDE, may_override

__all__ = ["denial", "hedge"]

_SP = r"[ \t\u00a0]{1,3}"
_A = r"['’]"
_NOT_ACT = (r"(?!wait\b|thank\b|stress\b|believe\b|help{_SP}but\b|imagine\b|recommend{_SP}enough\b|go{_SP}wrong\b"
            r"|be{_SP}(?:happier|more|better|gladder|prouder)\b|agree{_SP}more\b"
            # "I can't see why not", "I can't think of any reason not to": a yes
            r"|(?:see|think{_SP}of){_SP}(?:why{_SP}not|any{_SP}(?:reason|problem|issue)|a{_SP}(?:reason|problem)|anything{_SP}(?:stopping|preventing))\b)"
            ).replace("{_SP}", _SP)
# what a request asks done: "I won't cancel it" denies it, "I won't keep you waiting" does not
_ASKED = (r"(?:be{_SP})?(?:cancel\w*|refund\w*|chang\w*|modif\w*|issu\w*|giv\w*|offer\w*|process\w*|approv\w*|do|doing"
          r"|provid\w*|add\w*|apply\w*|grant\w*|compensat\w*|credit\w*|substitut\w*|swap\w*|replac\w*|reimburs\w*|send\w*"
          r"|redeliver\w*|reorder\w*|waiv\w*|upgrad\w*|book\w*|return\w*|exchang\w*)\b"
          # "I won't cancel anything until you confirm" asks first: it denies nothing
          r"(?![^.!?\n]{0,60}\b(?:until|unless|without|before)\b)").replace("{_SP}", _SP)
_WHO = rf"(?:I|we|I{_A}m|we{_A}re|I{_SP}am|we{_SP}are)"
# what a request asks for, as a thing ("any refund or credit I can give")
_OWED = r"(?:refunds?|credits?|compensation|money|reimbursements?|discounts?|way|options?|chance|possibility)"
_PARTS = [
    ((), rf"\b(?:I|we){_SP}(?:can{_A}?t|cannot|can{_SP}not|could{_SP}not|couldn{_A}?t|won{_A}?t{_SP}be{_SP}able|will{_SP}not{_SP}be{_SP}able)"
    rf"{_SP}{_NOT_ACT}"),
    (('able', 'allowed', 'authori', 'permitted', 'unable'), rf"\b{_WHO}{_SP}(?:unable|not{_SP}able|not{_SP}allowed|not{_SP}permitted|not{_SP}authori[sz]ed){_SP}to{_SP}{_NOT_ACT}"),
    # round 9: "we aren't able to honour that", "I'm unable to." (the verb left unsaid)
    (('able', 'allowed', 'authori', 'permitted'), rf"\b(?:I|we){_SP}(?:aren{_A}?t|am{_SP}not|are{_SP}not|wasn{_A}?t|weren{_A}?t){_SP}(?:able|allowed|permitted|authori[sz]ed){_SP}to{_SP}{_NOT_ACT}"),
    (('able', 'allowed', 'authori', 'permitted', 'unable'), rf"\b{_WHO}{_SP}(?:unable|not{_SP}able|not{_SP}allowed|not{_SP}permitted|not{_SP}authori[sz]ed){_SP}to[ \t]{{0,3}}(?:[.!;,)]|$)"),
    (('able', 'unable'), rf"\b(?:unable|not{_SP}able){_SP}to{_SP}{_NOT_ACT}"),
    (('be',), rf"\b(?:can{_A}?t|cannot|can{_SP}not|could{_SP}not|couldn{_A}?t|won{_A}?t|will{_SP}not|(?:is|are){_SP}not{_SP}able{_SP}to"
    rf"|isn{_A}?t{_SP}able{_SP}to|(?:is|are){_SP}not{_SP}going{_SP}to|isn{_A}?t{_SP}going{_SP}to){_SP}be{_SP}"
    rf"(?:cancell?ed|changed|modified|refunded|processed|upgraded|booked|done|issued|made|returned|exchanged|applied|granted"
    rf"|offered|added|approved|compensated|fulfill?ed|honou?red|accommodated|completed|arranged|authori[sz]ed|executed"
    rf"|performed|handled|accepted|allowed|permitted|waived|reimbursed|credited|rebooked|moved|transferred|met|supported"
    # round 9 (whole episodes): "a bookshelf can't be swapped for a camera", "the order cannot be altered"
    rf"|swapped|switched|replaced|substituted|altered|amended|adjusted|reversed|undone|redeemed|reinstated|downgraded"
    rf"|removed|traded|updated|edited|restored)\b"),
    (('allowed', 'doable', 'feasible', 'permitted', 'possible'), rf"\b(?:not|isn{_A}?t|aren{_A}?t|wasn{_A}?t){_SP}(?:going{_SP}to{_SP}be{_SP})?(?:possible|doable|feasible|allowed|permitted)\b"),
    (('something',), rf"\b(?:not|isn{_A}?t){_SP}something{_SP}(?:that{_SP})?(?:can|could){_SP}be{_SP}(?:done|made|changed|arranged|offered|allowed|processed)\b"),
    (('going',), rf"\b(?:I{_A}m|I{_SP}am|we{_A}re|we{_SP}are){_SP}not{_SP}going{_SP}to{_SP}be{_SP}able{_SP}to{_SP}{_NOT_ACT}"),
    (('way',), rf"\bthere{_A}s{_SP}no{_SP}way{_SP}(?:for{_SP}me{_SP}|I{_SP}can{_SP}|to{_SP})"),
    (('ahead', 'proceed', 'through'), rf"\b(?:request|cancellation|refund|change|exchange|return|modification|upgrade){_SP}(?:cannot|can{_A}?t|can{_SP}not)"
    rf"{_SP}(?:go{_SP}(?:through|ahead)|proceed)\b"),
    (('able', 'allowed', 'available', 'covered', 'eligible', 'modifiable', 'option', 'permitted', 'possible', 'refundable'), rf"\b(?:not|isn{_A}?t|aren{_A}?t|wasn{_A}?t){_SP}(?:(?:currently|actually|really|eligible{_SP}or|something){_SP})?"
    rf"(?:possible|eligible|allowed|permitted|refundable|cancell?able|modifiable|an{_SP}option|covered|available{_SP}for{_SP}(?:a{_SP})?(?:refund|cancellation|change))\b"),
    (('ineligible', 'refundable'), r"\bineligible\b|\bnon-?refundable\b"),
    (('allow', 'cover', 'entitle', 'meet', 'permit', 'qualify', 'satisfy'), rf"\b(?:does|do|did){_SP}not{_SP}(?:qualify|meet|satisfy|allow|permit|cover|entitle)\b"),
    (('allow', 'cover', 'entitle', 'meet', 'permit', 'qualify', 'satisfy'), rf"\b(?:doesn|don|didn){_A}?t{_SP}(?:qualify|meet|satisfy|allow|permit|cover|entitle)\b"),
    (('against',), rf"\bagainst{_SP}(?:our|the)(?:{_SP}airline{_A}s|{_SP}store{_A}s)?{_SP}(?:policy|policies|rules)\b"),
    (('allow', 'permit'), rf"\b(?:policy|policies|rules){_SP}(?:do(?:es)?{_SP}not|don{_A}?t|doesn{_A}?t){_SP}(?:allow|permit)\b"),
    (('be',), rf"\bno{_SP}(?:refund|compensation|cancellation|change|changes|upgrade|exception|exceptions){_SP}(?:can|could|will){_SP}be\b"),
    (('declined', 'denied', 'refused', 'rejected'), rf"\b(?:request|cancellation|refund|change|exchange|return|modification|upgrade){_SP}(?:is|has{_SP}been|was|will{_SP}be){_SP}(?:denied|declined|rejected|refused)\b"),
    (('have', 'must', 'need'), rf"\b(?:I|we){_SP}(?:must|have{_SP}to|need{_SP}to){_SP}(?:respectfully{_SP})?(?:decline|deny|refuse)\b"),
    (('way',), rf"\bthere{_SP}is{_SP}no{_SP}way{_SP}(?:for{_SP}me{_SP}|I{_SP}can{_SP}|to{_SP})"),
    (('something',), rf"\b(?:is{_SP}not|isn{_A}?t|not){_SP}something{_SP}(?:that{_SP})?(?:I|we)"
    rf"(?:{_SP}(?:can|could|am{_SP}able{_SP}to|are{_SP}able{_SP}to)|{_A}(?:m|re){_SP}able{_SP}to){_SP}{_NOT_ACT}"),
    (('say',), rf"\b(?:I|we){_SP}(?:must|have{_SP}to|need{_SP}to){_SP}say{_SP}no\b"),
    # the same in other words (issue 41: "no longer cancellable", "too late to change it", "I'm not in a
    # position to", "I won't refund it", "we don't offer that", "there's nothing I can do", "no safe substitute")
    (('longer',), rf"\bno{_SP}longer{_SP}(?:be{_SP})?(?:possible|eligible|available|cancell?able|cancell?ed|modifiable|changeable|refundable|changed|modified|an{_SP}option)\b"),
    (('longer',), rf"\bcan{_SP}no{_SP}longer{_SP}(?:be{_SP})?\w+"),
    (('point', 'stage', 'too'), rf"(?<!\bnot )(?<!n't )(?<!n’t )\b(?:too{_SP}late|(?:past|beyond){_SP}the{_SP}(?:point|stage)){_SP}(?:now{_SP})?(?:to|for|where|at{_SP}which|when)\b"),
    (('position',), rf"\bnot{_SP}in{_SP}a{_SP}position{_SP}to\b"),
    (('ll', 'shall', 'shan', 'will', 'won', 'wouldn'), rf"\b(?:I|we)(?:{_SP}(?:won{_A}?t|will{_SP}not|shall{_SP}not|wouldn{_A}?t{_SP}be{_SP}able{_SP}to|shan{_A}?t)|{_A}ll{_SP}not)"
    rf"{_SP}(?:be{_SP}able{_SP}to{_SP})?{_ASKED}"),
    (('allowed', 'option', 'permitted', 'possible'), rf"\b(?:won{_A}?t|will{_SP}not|wouldn{_A}?t|would{_SP}not){_SP}be{_SP}(?:possible|allowed|permitted|an{_SP}option)\b"),
    (('do',), rf"\b(?:I|we){_SP}(?:do{_SP}not|don{_A}?t){_SP}(?:offer|provide|allow|permit|issue|give|do|grant|accept)\b"),
    (('have',), rf"\b(?:I|we){_SP}(?:do{_SP}not|don{_A}?t){_SP}have{_SP}(?:the{_SP})?(?:ability|authority|option|means|permission|power)\b"),
    (('have', 'need'), rf"\b(?:I{_A}ll|I{_SP}will|we{_A}ll|we{_SP}will|I{_A}d|I{_SP}would){_SP}(?:have|need){_SP}to{_SP}(?:respectfully{_SP})?(?:decline|deny|refuse|say{_SP}no)\b"),
    (('declining', 'denying', 'refusing', 'rejecting'), rf"\b(?:I{_A}m|I{_SP}am|we{_A}re|we{_SP}are){_SP}(?:declining|denying|refusing|rejecting)\b"),
    (('entitled',), rf"\b(?:not|isn{_A}?t|aren{_A}?t){_SP}entitled\b"),
    (('outside',), rf"\b(?:falls?|is|are){_SP}outside{_SP}(?:of{_SP})?(?:our|the|what){_SP}\w"),
    (('cut', 'minimum', 'threshold'), rf"\b(?:below|under|short{_SP}of){_SP}(?:(?:the|our|its|that|this){_SP})?(?:\d+[ -]minute{_SP})?(?:[a-z-]{{2,14}}{_SP}){{0,2}}(?:threshold|minimum|cut-?off)\b"),
    (('there',), rf"\bthere(?:{_A}s|{_SP}is){_SP}(?:nothing|not{_SP}much){_SP}(?:more{_SP})?(?:I|we){_SP}can{_SP}do\b"),
    (('nothing',), rf"\bnothing{_SP}(?:more{_SP})?(?:I|we){_SP}(?:can|could){_SP}do\b"),
    (('amount', 'money', 'thing'), rf"\b(?:nothing|no{_SP}money|no{_SP}amount){_SP}(?:left{_SP})?(?:to{_SP}(?:refund|compensate|credit|reimburse|give{_SP}back|return|pay{_SP}back)|(?:is|was){_SP}(?:owed|due|overcharged))\b"),
    (('due', 'necessary', 'needed', 'owed'), rf"\bno{_SP}(?:refund|compensation|credit|reimbursement){_SP}(?:is{_SP})?(?:needed|necessary|owed|due)\b"),
    (('available', 'free', 'safe', 'suitable', 'thing'), rf"\bno{_SP}(?:safe|suitable|allergen-?free|available){_SP}(?:substitutes?|alternatives?|options?|replacements?|swaps?)\b"
    rf"|\bnothing{_SP}(?:safe|suitable|allergen-?free)\b(?!{_SP}(?:about|in))"),  # round 16: "Nope, nothing safe for the Naan"
    (('none',), rf"\bnone{_SP}of{_SP}(?:[\w'-]+{_SP}){{0,6}}(?:is|are){_SP}(?:safe|suitable|available|possible)\b"),
    (('allowed', 'applicable', 'available', 'due', 'owed', 'permitted', 'possible', 'warranted'), rf"\bno{_SP}(?:refund|compensation|credit|cancellation|change|changes|substitution|replacement|reimbursement)s?{_SP}(?:is|are){_SP}(?:due|owed|available|possible|applicable|warranted|allowed|permitted)\b"),
    ((), rf"(?:^|[.!?:,\n\u2014\u2013\u2600-\u27bf\U0001f300-\U0001faff][ \t]{{0,3}}|--[ \t]{{0,3}}|(?<![\w-])[-*•][ \t]{{1,3}})[*_]{{0,3}}(?:sorry,?{_SP})?"
    rf"(?:can{_A}?t|cannot|unable{_SP}to){_SP}{_NOT_ACT}"),  # (round 18: after an emoji, "... 😩 can't cancel FD-10068")
    (('allowed', 'answer', 'approved', 'cancel', 'cancellable', 'decision', 'eligibility', 'eligible', 'outcome', 'possible', 'refundable', 'response', 'result', 'status', 'verdict'), r"[\"']?\b(?:status|decision|result|outcome|verdict|answer|response|eligible|eligibility|allowed|possible|approved|can[ _]cancel"
    r"|cancellable|refundable)[\"']?[ \t]{0,3}[:=][ \t]{0,3}[\"']?"
    rf"(?:denied|declined|rejected|refused|false|no|not{_SP}(?:eligible|allowed|possible)|ineligible)\b"),
    # round 11: a ticket note's verdict keys ("Resolution: denied -- basic eco", "Disposition: declined"); "no" after
    # them is not a verdict ("Resolution: no issue found, cancelled")
    (('determination', 'disposition', 'resolution', 'ruling'), rf"\b(?:resolution|disposition|determination|ruling)[ \t]{{0,3}}[:=][ \t]{{0,3}}(?:request{_SP})?"
    rf"(?:denied|declined|rejected|refused|not{_SP}(?:eligible|allowed|possible|approved)|ineligible)\b"),
    # round 8 of issue 41: a no in idioms ("that's a no from me", "the answer has to be no", "no can do",
    # "my hands are tied", "off the table", "not in the cards", "not within my power"), a request turned
    # down or passed on, rules that don't let it, a change blocked for a fare, "Cancellation denied",
    # "Request status — declined"
    ((), rf"\b(?:that{_A}s|that{_SP}is|it{_A}s|it{_SP}is){_SP}(?:going{_SP}to{_SP}be{_SP})?a{_SP}(?:hard{_SP}|firm{_SP})?no\b(?!{_SP}longer|-)"),
    (('answer',), rf"\bthe{_SP}answer{_SP}(?:is|has{_SP}to{_SP}be|must{_SP}be|will{_SP}have{_SP}to{_SP}be|here{_SP}is){_SP}(?:a{_SP})?no\b(?!{_SP}longer|-)"),
    (('cards', 'do', 'doing', 'hands', 'question', 'table'), rf"\bno{_SP}can{_SP}do\b|\bnothing{_SP}doing\b|\b(?:my|our){_SP}hands{_SP}are{_SP}tied\b|\b(?:off{_SP}the{_SP}(?:table|cards)|(?:not|isn{_A}?t|aren{_A}?t){_SP}in{_SP}the{_SP}cards|out{_SP}of{_SP}the{_SP}question)\b"),
    (('authority', 'power', 'remit'), rf"\b(?:not|isn{_A}?t){_SP}(?:within|in){_SP}(?:my|our){_SP}(?:power|authority|remit)\b"),
    (('pass', 'refuse', 'reject', 'turn'), rf"\b(?:I|we)(?:{_A}ll|{_SP}will|{_SP}must|{_SP}have{_SP}to|{_SP}need{_SP}to|{_A}m{_SP}going{_SP}to|{_SP}am{_SP}going{_SP}to|{_A}re{_SP}going{_SP}to"
    rf"|{_A}m{_SP}afraid{_SP}I{_SP}(?:must|have{_SP}to)|{_SP}regret(?:fully)?{_SP}(?:must|have{_SP}to))?{_SP}(?:have{_SP}to{_SP})?(?:regretfully{_SP})?"
    rf"(?:turn{_SP}down|pass{_SP}on|reject|refuse){_SP}(?:this|that|the|your)(?:{_SP}\w+)?{_SP}"
    rf"(?:request|cancellation|refund|change|exchange|return|modification|upgrade)\b(?![^.!?\n]{{0,30}}\bto\b)"),
    (('conditions', 'fare', 'polic', 'rule', 'system', 'terms'), rf"\b(?:rules?|polic(?:y|ies)|system|terms|fare{_SP}rules?|conditions){_SP}(?:here{_SP})?(?:don{_A}?t|do{_SP}not|doesn{_A}?t|does{_SP}not|won{_A}?t|will{_SP}not)"
    rf"{_SP}(?:let|allow|permit){_SP}(?:me|us|you|it|this|that|changes?|cancell?ations?|refunds?)\b"),
    # round 9: "a non-starter", "a no-go", "beyond what I'm permitted to do", "beyond my authority"
    ((), rf"\b(?:I|we){_SP}(?:can{_A}?t|cannot|can{_SP}not|won{_A}?t|couldn{_A}?t)[ \t]{{0,3}}(?:[.!;:,)\u2014\u2013]|$)"),  # "As much as I'd like to, I can't."
    # round 15 (AF, ellipsis): the request's verb left out after it ("You asked me to cancel 3FRNFB -- I can't: ..."), or
    # the thing asked for as the subject ("3RK2T9 can be cancelled -- sorry, wrong: it can't.")
    ((), rf"(?:^|[.!?:;\n\u2014\u2013-][ \t]{{0,3}})(?:it|that|this){_SP}(?:can{_A}?t|cannot|can{_SP}not|won{_A}?t)[ \t]{{0,3}}(?:[.!;:]|$)"),
    (('pass',), rf"\ba{_SP}(?:hard|firm|polite|respectful){_SP}pass\b|\b(?:it{_A}s|it{_SP}is|that{_A}s|that{_SP}is|that{_SP}one{_A}s){_SP}a{_SP}pass{_SP}(?:from|for{_SP}(?:me|us)\b)"),
    (('beyond', 'go', 'starter', 'what'), rf"\ba{_SP}(?:non-?starter|no-?go)\b|\b(?:beyond|outside){_SP}what{_SP}(?:I|we)(?:{_A}m|{_A}re|{_SP}am|{_SP}are)?{_SP}"
    rf"(?:permitted|allowed|able|authori[sz]ed)\b|\bbeyond{_SP}(?:my|our){_SP}(?:power|authority|remit)\b"),
    (('barred', 'blocked', 'disallowed', 'forbidden', 'prohibited'), rf"\b(?:change|changes|cancellation|refund|modification|upgrade|exchange|return)s?{_SP}(?:is|are|has{_SP}been|have{_SP}been){_SP}"
    rf"(?:blocked|barred|prohibited|forbidden|disallowed){_SP}(?:for|on|under|with)\b"),
    (('allowed', 'approved', 'declined', 'denied', 'permitted', 'possible', 'refused', 'rejected'), rf"(?:\b|_)(?:request|cancellation|refund|change|exchange|return|modification|upgrade)(?:{_SP}status)?[ \t]{{0,2}}[-:=\u2013\u2014]{{0,2}}[ \t]{{0,2}}"
    rf"(?:denied|declined|rejected|refused|not{_SP}approved|not[ _](?:allowed|possible|permitted))\b"),  # round 15: "flight_change=not_allowed"
    # round 9 (whole episodes): the request's key with its object, then the verdict: "Cancellation request for 3RK2T9: rejected"
    (('approved', 'declined', 'denied', 'refused', 'rejected'), rf"\b(?:request|cancellation|refund|change|exchange|return|modification|upgrade)\b[^:=\n]{{0,40}}[:=][ \t]{{0,3}}"
    rf"(?:denied|declined|rejected|refused|not{_SP}approved)\b"),
    # round 13 (macros): "none due", "Compensation: none", a request's verdict after an arrow ("Green Curry -> REJECTED")
    (('due', 'owed', 'owing', 'payable'), rf"\b(?:none|nil|nothing){_SP}(?:is{_SP})?(?:due|owed|payable|owing)\b"),
    (('/a', 'applicable', 'due', 'eligible', 'il', 'one'), rf"\b(?:compensation|refund|credit|reimbursement)s?(?:{_SP}due)?[ \t]{{0,3}}[:=][ \t]{{0,3}}(?:none|nil|n/a|not{_SP}(?:due|applicable|eligible))\b"),
    ((), rf"(?:->|\u2192|=>)[ \t]{{0,3}}(?:rejected|declined|denied|refused|not{_SP}(?:possible|allowed|approved|eligible))\b"),
    (('applicable', 'due', 'owed', 'payable'), rf"\b(?:compensation|refund|credit|reimbursement)s?{_SP}(?:is|are){_SP}not{_SP}(?:payable|due|owed|applicable)\b"),
    # round 14 (hedged): the negation raised onto a verb of believing ("I don't think I can go beyond $5.00" is "I think I
    # can't"), or a doubt that one can ("I doubt we could refund it", "I don't see how I can cancel it")
    (('believe', 'doubt', 'expect', 'imagine', 'reckon', 'see', 'suppose', 'think'), rf"\b(?:I|we){_SP}(?:(?:do{_SP}not|don{_A}?t|really{_SP}don{_A}?t){_SP}(?:think|believe|expect|suppose|reckon|imagine|see{_SP}how)"
    rf"|doubt)(?:{_SP}that)?{_SP}(?:I|we)(?:{_SP}(?:can|could|will{_SP}be{_SP}able{_SP}to|would{_SP}be{_SP}able{_SP}to|am{_SP}able{_SP}to"
    rf"|are{_SP}able{_SP}to|am{_SP}allowed{_SP}to|are{_SP}allowed{_SP}to)|{_A}ll{_SP}be{_SP}able{_SP}to|{_A}(?:m|re){_SP}(?:able|allowed){_SP}to)"
    rf"{_SP}{_NOT_ACT}"),
    # "I don't believe there's anything I can give back", "I don't think there's any way to cancel it"
    (('believe', 'expect', 'imagine', 'reckon', 'suppose', 'think', 'ubt'), rf"\b(?:I|we){_SP}(?:(?:do{_SP}not|don{_A}?t){_SP}(?:think|believe|expect|suppose|reckon|imagine)|doubt)(?:{_SP}that)?{_SP}"
    rf"there(?:{_A}s|{_SP}is|{_SP}are|{_A}ll{_SP}be|{_SP}will{_SP}be){_SP}(?:anything|a{_SP}way|any{_SP}{_OWED}(?:{_SP}(?:or|and|nor){_SP}{_OWED})?)"
    rf"(?:{_SP}(?:more|else))?{_SP}(?:(?:I|we){_SP}(?:can|could|am{_SP}able{_SP}to|are{_SP}able{_SP}to)|(?:I|we){_A}(?:m|re){_SP}able{_SP}to"
    rf"|to)\b"),  # round 14 (a flip the generator found): "... anything I'm able to give back"
    # round 15 (arithmetic, asides): "none of the fee -- not even part of it -- can be given back", "no part of it can be refunded",
    # "not a cent of that will be credited"; "That's more than I'm able to give", "more than we're allowed to offer"
    (('accessed', 'back', 'cancel', 'changed', 'compensated', 'covered', 'credited', 'given', 'issued', 'looked', 'modified', 'offered', 'opened', 'paid', 'refunded', 'reimbursed', 'replaced', 'returned', 'sent', 'substituted', 'swapped', 'waived'), rf"\b(?:none|no{_SP}part|no{_SP}single|not{_SP}(?:a{_SP}(?:cent|penny|dime|single)|any|one|a{_SP}thing|even{_SP}one))(?:{_SP}of)?\b"
    rf"[^.!?\n]{{0,48}}?\b(?:can|could|will|would|is{_SP}going{_SP}to){_SP}(?:be{_SP})?(?:given{_SP}back|paid{_SP}back|refunded|credited|returned"
    rf"|reimbursed|compensated|waived|covered|offered|issued|sent{_SP}back|put{_SP}back|opened|changed|accessed|looked{_SP}up|cancell?ed"
    rf"|modified|swapped|substituted|replaced)\b"),
    # round 15 (the gap of round 14): the request's consequence drawn as the order going on unchanged ("Unfortunately FD-10028 is
    # out for delivery (cancelling is only possible before the courier picks it up), so it'll arrive as planned", "..., which
    # means your order stays as it is"); "until" / "unless" after it asks first
    (('as', 'unchanged'), rf"\b(?:so|which{_SP}means|meaning|that{_SP}means)(?:,)?{_SP}(?:it|the{_SP}order|your{_SP}order|fd-[\w-]+|order{_SP}fd-[\w-]+)"
    rf"(?:{_A}ll|{_SP}will|{_SP}is{_SP}going{_SP}to)?(?:{_SP}(?:still|just))?{_SP}(?:be{_SP})?(?:arriv\w*|com\w*|go{_SP}ahead|be{_SP}delivered"
    rf"|delivered|stay\w*|remain\w*|continu\w*|carr\w*{_SP}on){_SP}(?:\w+{_SP}){{0,2}}?(?:as{_SP}(?:planned|scheduled|normal|usual|it{_SP}is|is)"
    rf"|unchanged)\b(?![^.!?\n]{{0,40}}\b(?:until|unless)\b)"),
    (('more',), rf"(?<!\bno )(?<!\bnot )(?<!\bno\u00a0)(?<!\bnot\u00a0)\bmore{_SP}than{_SP}(?:I|we)(?:{_A}m|{_A}re|{_SP}am|{_SP}are)?{_SP}(?:can|could|(?:am{_SP}|are{_SP})?(?:able|allowed|permitted|authori[sz]ed))"
    rf"(?:(?:{_SP}to)?{_SP}(?:give|offer|do|refund|credit|add|issue|approve|authori[sz]e|go|pay|put|compensate|provide|grant)\b"
    rf"|[ \t]{{0,3}}(?:[.!;,)\u2014\u2013]|--|$))"),
]


_DENIAL = FirstOf([lowered(p) for _, p in _PARTS], needs=[n for n, _ in _PARTS])  # each part gated by words it must hold
# round 10: patterns with the words every match of them holds (lower case): a text holding none is not searched
_GATED = [
    # the thing asked for, then "is a no": "that swap is a no from me", "this one's a no"
    ((" a no",), rf"\b(?:that|this|the|your)(?:{_SP}[a-z-]{{2,14}}){{0,2}}(?:{_SP}is|{_A}s){_SP}a{_SP}(?:hard{_SP}|firm{_SP})?no\b"
                 rf"(?!{_SP}(?:longer|brainer|obligation|fee|cost|charge)|-)"),
    # round 12 (telegraphic): with no subject after an arrow, or after "so" / "hence" ("out for delivery -> can't cancel", "...,
    # so can't offer a safe substitute")
    (("->", "=>", "\u2192", "so can", "so, can", "hence", "thus", "therefore", "sadly", "unfortunately"),
     rf"(?:[.!?:,\n][ \t]{{0,3}}(?:so|hence|thus|therefore|sadly|unfortunately),?{_SP}|(?:->|=>|\u2192)[ \t]{{0,3}})[*_]{{0,3}}"
     rf"(?:sorry,?{_SP})?(?:can{_A}?t|cannot|unable{_SP}to){_SP}{_NOT_ACT}"),
    # round 17 (AT, counterfactuals): the act put in a supposition contrary to fact, then the fact said ("if there were an extra
    # charge I'd refund it, but there isn't one", "If a safe side existed I'd swap it, but none does", "had it been 15 minutes
    # late I could have refunded the fee, but it wasn't"); "if you were to cancel, I'd refund the total" is an offer, not this
    # the past supposed contrary to fact, then any fact but the act done ("If it had been late I would have credited you, but it
    # was on time"; "..., but I'll do it now" does it)
    (("had ",), r"\b(?:if{_SP}(?:[\w'’-]+{_SP}){1,8}?had(?:n{_A}t|{_SP}not)?{_SP}[a-z]+|had{_SP}(?:[\w'’-]+{_SP}){1,6}?(?:been|[a-z]+ed)\b)"
                r"[^.!?;\n]{0,60}?\b(?:I|we)(?:{_A}d|{_SP}would|{_SP}could){_SP}have(?:{_SP}(?:happily|gladly|certainly|definitely)){0,2}"
                r"{_SP}(?:{_ACTS})\b[^.!?;\n]{0,60}?\bbut\b(?![^.!?;\n]{0,40}\b(?:I|we)(?:{_A}ll|{_A}ve|{_SP}can|{_SP}will|{_SP}have)\b)"),
    (("if ", "had "), r"\b(?:if{_SP}(?!you{_SP}were{_SP}to\b)(?:[\w'’-]+{_SP}){1,8}?(?:were|was|existed|had|did|could)\b"
                      r"|had{_SP}(?:[\w'’-]+{_SP}){1,6}?been\b)[^.!?;\n]{0,60}?\b(?:I|we)(?:{_A}d|{_SP}would|{_SP}could)"
                      r"(?:{_SP}have)?(?:{_SP}(?:happily|gladly|certainly|definitely|be{_SP}able{_SP}to)){0,2}{_SP}(?:{_ACTS})\b"
                      r"[^.!?;\n]{0,60}?\bbut\b[^.!?;\n]{0,40}?(?:\b(?:not|no|none|nothing|never|neither|already)\b|n{_A}t\b)"),
    # round 17 (AZ/AP): the limit said as the most, with the request excluded ("Max I can give is $5.00 (not $50)"), or the limit
    # owned ("$5.00 is my limit", "that's as high as I can go")
    (("max", "most", "limit", "ceiling", "as high as", "as far as"),
     r"\b(?:max(?:imum)?|the{_SP}most|the{_SP}highest|the{_SP}best)\b[^.!?\n]{0,30}?\b(?:is|are|{_A}s)\b[^!?\n]{0,24}?"
     r"(?:\(|,|--|[\u2014\u2013])[ \t]{0,3}not{_SP}(?:the{_SP})?\$?[0-9]"
     r"|(?:\bis|{_A}s){_SP}(?:my|our){_SP}(?:limit|max(?:imum)?|ceiling|cap)\b"
     r"|\b(?:as{_SP}high|as{_SP}far){_SP}as{_SP}(?:I|we){_SP}(?:can|could|am{_SP}able{_SP}to|{_A}m{_SP}able{_SP}to){_SP}go\b"),
    # round 17 (AY, hedged refusals): "I'd rather not make that swap", "we would prefer not to refund it"
    (("rather not", "prefer not"), r"\b(?:I|we)(?:{_A}d|{_SP}would){_SP}(?:rather{_SP}not|prefer{_SP}not{_SP}to){_SP}"
                                   r"(?:(?:make|do|go{_SP}ahead{_SP}with|process|offer){_SP}(?:that|this|the|a|any){_SP})?(?:{_ACTS}|it|that)\b"),
]
_GATED_RE = [(hints, lazy(lowered(p.replace("{_SP}", _SP).replace("{_A}", _A).replace("{_ACTS}", ACTS))))
             for hints, p in _GATED]  # each compiled when a text first holds its words
# round 10: the request echoed as a question and answered no: "cancel? nope, ...", "A refund? Sadly not." (read at each "?")
_ECHOED = re.compile(r"\b(?:cancel\w*|refund\w*|credit|compensation|comp|swap\w*|substitut\w*|chang\w*|money{_SP}back|replacement"
                     r"|reimburs\w*)(?:[ \t]{1,3}[\w'’-]{1,20}){0,3}[ \t]{0,2}\Z".replace("{_SP}", _SP))  # "cancel fd-10068?"
# round 12: the question quoted and answered after a dash ("You asked 'can you cancel it?' -- sadly no: ...")
_ANSWERED_NO = lazy(r"\?[ \t'\"’”*_]{0,4}(?:(?:--?|[\u2013\u2014:])[ \t]{0,3})?(?:(?:unfortunately|sadly|i{_A}m{_SP}afraid|afraid),?{_SP})?"
                          r"(?:no|nope|nah|not{_SP}possible|(?:unfortunately|sadly|i{_A}m{_SP}afraid|afraid){_SP}not)\b"
                          r"(?!{_SP}(?:problem|worries|need|issue)|-)".replace("{_SP}", _SP).replace("{_A}", _A), needs=('afraid', 'nah', 'no', 'nope', 'possible', 'sadly', 'unfortunately'))


# round 13 (self-Q&A): the request asked in the passive or as a possibility, by the agent, and answered no ("Can insurance
# be added to PEP4E0 now? No -- only at booking.", "Is it possible to change the flights? No: basic economy.")
_ASKED_POSSIBLE = re.compile(r"(?:^|[.!?\n:]\s{0,3})(?:(?:can|could|may)\s{1,3}[^?.!\n]{1,60}?\bbe\s{1,3}(?:[a-z]{2,20}(?:ed|en)|bought|sent|paid|made|done|put|kept|held|sold|brought|got)\b"
                             r"|is\s{1,3}(?:it|there)\s{1,3}(?:possible|any\s{1,3}way)\s{1,3}to\s{1,3}[a-z])[^?.!\n]{0,60}\Z")


def _echoed_no(low: str) -> Optional["re.Match[str]"]:
    """The first request echoed as a question and answered no in ``low`` (lower case), or None."""
    q = low.find("?")
    while q >= 0:
        if _ANSWERED_NO.match(low, q) is not None:
            m = _ECHOED.search(low, max(0, q - 40), q)
            if m is None:
                before = low[max(0, q - 120):q]
                if " be " in before or "possible" in before or "any way" in before:
                    m = _ASKED_POSSIBLE.search(low, max(0, q - 120), q)
            if m is not None:
                return m
        q = low.find("?", q + 1)
    return None
_HEDGE = re.compile(r"(?i)\b(?:unfortunately|only|policy|policies|criteria|sorry|apologi[sz]e|apologies|afraid|regret"
                    r"|restriction\w*|limit\w*|however)\b")
# words that lean whatever their clause says ("I can only refund $50")
_ALWAYS = frozenset({"unfortunately", "only", "afraid", "however"})
# an apology for the customer's trouble, which leans towards nothing: "sorry for the wait", "sorry to hear that"
_FOR_TROUBLE = re.compile(r"(?i)[ \t,]{0,3}(?:for|about|to{_SP}hear|to{_SP}keep|to{_SP}have|if|that{_SP}you|you(?:['’]|{_SP}))"
                          .replace("{_SP}", _SP))
# clear agreement that the request will be done, with nothing negative in its clause
_AGREES = re.compile(r"(?i)\b(?:sure|certainly|absolutely|of{_SP}course|happy{_SP}to|glad{_SP}to|I{_SP}can|we{_SP}can"
                     r"|I{_A}m{_SP}able{_SP}to|I{_SP}will{_SP}be{_SP}able|able{_SP}to{_SP}do|can{_SP}be|allows?|permits?"
                     r"|is{_SP}permitted|is{_SP}allowed|is{_SP}possible|eligible|qualif(?:y|ies)|within{_SP}(?:our|the)"
                     r"|approved|allowed{_SP}(?:by|under))\b"  # a verdict: "Approved: allowed by our policy"
                     .replace("{_SP}", _SP).replace("{_A}", _A))
_NEGATIVE = re.compile(r"(?i)\bnot?\b|n['’]t\b|\bnever\b|\bcannot\b|\bunable\b|\bbut\b|\bexcept\b|\bunless\b")
_CLAUSE = re.compile(r"[^.!?;\n]{1,2000}")
# what, right before a denial, takes it back: "there's no reason (why) I can't", "it's not that we can't",
# or makes it a condition: "if I can't, I'll let you know"
_UNDONE = re.compile(r"(?:\b(?:no{_SP}reason(?:{_SP}why)?|not{_SP}that|never{_SP}said|if|whether|unless|in{_SP}case)"
                     # round 10: "it hasn't reached the stage where it can't be cancelled": it can be
                     r"|(?:n['’]t|\bnot)(?:{_SP}yet)?{_SP}(?:reached|got(?:ten)?{_SP}to|hit|at){_SP}(?:the|a){_SP}(?:stage|point)"
                     r"{_SP}(?:where|at{_SP}which|when)(?:{_SP}(?:it|they|this|that|we|i|your{_SP}\w+|the{_SP}\w+))?(?:{_SP}(?:can|could))?)[ \t,]{0,3}\Z"
                     .replace("{_SP}", _SP))


# round 14 (hedged speech): a negation raised to the verb of belief says the modal's negation ("I'm afraid I don't think
# insurance can be added" is "I think insurance can't be added"); the subject is a few words with no punctuation
_NEG_RAISED = re.compile(r"\bi (?:don't|do not) (?P<verb>think|believe|reckon|expect)(?: that)? (?P<subj>(?:[\w']+ ){0,6}?)"
                         r"(?P<modal>can|could|will|would|is|are)\b(?! not\b)")
_MODAL_NOT = {"can": "can't", "could": "couldn't", "will": "won't", "would": "wouldn't", "is": "isn't", "are": "aren't"}


def _modal_negated(m: "re.Match[str]") -> str:
    return f"i {m.group('verb')} {m.group('subj')}{_MODAL_NOT[m.group('modal')]}"


@lru_cache(maxsize=4096)  # a task's rollouts repeat their messages
def denial(text: str) -> Optional[str]:
    """The first phrase of ``text`` that denies the request, or None."""
    head = text[:20_000]
    if "|" in head and "\n" in head:  # a table's verdict under its header ("| Request | Result |" over "| ... | Denied |")
        from tau_shaped.reward.reading.money_claims import tables_as_lines

        lines = tables_as_lines(head, headed=True)
        if lines != head:
            said = denial(lines)
            if said is not None:
                return said
    low = head.lower()
    if " think" in low or " believe" in low or " reckon" in low or " expect" in low:
        low = _NEG_RAISED.sub(_modal_negated, low)  # round 14: "I don't think it can be added" denies as "it can't be added"
    m = _DENIAL.search(low)
    while m is not None and _UNDONE.search(low, max(0, m.start() - 64), m.start()):
        m = _DENIAL.search(low, m.end())  # "there's no reason I can't": the denial itself denied
    for hints, rx in _GATED_RE:
        if any(h in low for h in hints):
            g = rx.search(low)
            if g is not None and (m is None or g.start() < m.start()) and not _UNDONE.search(low, max(0, g.start() - 64), g.start()):
                m = g
    g = _echoed_no(low) if "?" in low else None
    echoed = g is not None and (m is None or g.start() < m.start())
    if echoed:
        m = g
    said = object_denial(low)  # "no refund applies", "nothing I can refund" (refusal_objects)
    if said is not None and (m is None or said.start() < m.start()):
        m, echoed = said, False
    if m is None:
        return None
    if may_override(low):
        taken_back = OVERRIDE.search(low, m.end())
        if taken_back is not None:  # "I can't find your account, but I'll look the order up anyway": not refused after all
            return denial(head[taken_back.end():]) if len(low) == len(head) else None
    asked = None if echoed or "?" not in low else _ASKED_AFTER.match(low, m.end())  # ("cancel? nope": the question echoed, answered)
    if asked is not None:  # round 10b: "no refund needed? great": the phrase asked, not said; what follows the question
        return denial(head[asked.end():]) if len(low) == len(head) else None
    # lower() keeps the length of almost every text; where it does not, the snippet is the lowered one
    return (head if len(low) == len(head) else low)[m.start():m.end()].strip()


# a phrase whose own clause ends in "?" right after it ("no refund needed? great", "no refund needed then?"); a tag after a
# comma ("I can't refund that, can I?") leaves the denial said
_ASKED_AFTER = re.compile(r"[ \t\u00a0]{0,3}(?:[a-z'’]{1,12}[ \t\u00a0]{1,3}){0,2}?[a-z'’]{0,12}[ \t\u00a0]{0,3}\?")


def hedge(text: str) -> Optional[str]:
    """A word of ``text`` that leans towards a limit without stating one, or None."""
    head = text[:20_000]
    for m in _HEDGE.finditer(head):
        word = m.group(0).lower()
        if word in _ALWAYS:
            return m.group(0)
        if word in ("sorry", "apologize", "apologise", "apologies", "regret") and _FOR_TROUBLE.match(head, m.end()):
            continue  # "I'm sorry for the trouble": an apology, no limit
        clause = _CLAUSE.search(head, max(0, _clause_start(head, m.start())))
        said = clause.group(0) if clause else ""
        if _AGREES.search(said) and not _NEGATIVE.search(said):
            continue  # "Sure, I can do that: our policy allows it"
        return m.group(0)
    return None


def _clause_start(text: str, at: int) -> int:
    """Where the clause holding ``at`` starts (after the previous sentence end or line break)."""
    return max(text.rfind(c, max(0, at - 2000), at) for c in ".!?;\n") + 1
