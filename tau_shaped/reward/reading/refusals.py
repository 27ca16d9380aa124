"""Whether an agent's message denies the customer's request (SPEC §10 statements): what a careful
reader of a policy that says "deny user requests that are against this policy" takes for a
denial, in any wording or layout.

- ``denial(text)``: the first phrase that says the request will not be done: "I can't / cannot /
  am unable to / am not able to / won't be able to ...", "it is not possible", "not eligible",
  "not allowed / permitted", "does not qualify / meet", "against (our) policy", "I must
  decline", "I have to deny", "I have to say no", "that isn't something I can do", "no refund
  can be issued", "the policy does not allow"; a
  ``status: denied`` line or ``{"eligible": false}`` in a list or JSON. None when no phrase
  says so.
- ``hedge(text)``: a word that leans towards a limit without stating one ("unfortunately",
  "only", "policy", "criteria", "sorry", "afraid"): with no denial, the message does not settle
  whether the request was refused (SPEC §8 undetermined).

"I can't wait to help", "no problem", "nothing stops us" are not denials. The patterns are
compiled once, linear (bounded repeats only).
"""

from __future__ import annotations

import re
from typing import Optional

__all__ = ["denial", "hedge"]

_SP = r"[ \t\u00a0]{1,3}"
_A = r"['’]"
_NOT_ACT = (r"(?!wait\b|thank\b|stress\b|believe\b|help{_SP}but\b|imagine\b|recommend{_SP}enough\b"
            r"|be{_SP}(?:happier|more|better|gladder|prouder)\b|agree{_SP}more\b)").replace("{_SP}", _SP)
_WHO = rf"(?:I|we|I{_A}m|we{_A}re|I{_SP}am|we{_SP}are)"
_PARTS = [
    rf"\b(?:I|we){_SP}(?:can{_A}?t|cannot|can{_SP}not|could{_SP}not|couldn{_A}?t|won{_A}?t{_SP}be{_SP}able|will{_SP}not{_SP}be{_SP}able)"
    rf"{_SP}{_NOT_ACT}",
    rf"\b{_WHO}{_SP}(?:unable|not{_SP}able|not{_SP}allowed|not{_SP}permitted|not{_SP}authorized){_SP}to{_SP}{_NOT_ACT}",
    rf"\b(?:unable|not{_SP}able){_SP}to{_SP}{_NOT_ACT}",
    rf"\b(?:can{_A}?t|cannot|can{_SP}not|could{_SP}not|couldn{_A}?t|won{_A}?t|will{_SP}not){_SP}be{_SP}"
    rf"(?:cancell?ed|changed|modified|refunded|processed|upgraded|booked|done|issued|made|returned|exchanged|applied|granted|offered|added|approved|compensated)\b",
    rf"\b(?:not|isn{_A}?t|aren{_A}?t|wasn{_A}?t){_SP}(?:(?:currently|actually|really|eligible{_SP}or|something){_SP})?"
    rf"(?:possible|eligible|allowed|permitted|refundable|cancell?able|modifiable|an{_SP}option|covered|available{_SP}for{_SP}(?:a{_SP})?(?:refund|cancellation|change))\b",
    r"\bineligible\b|\bnon-?refundable\b",
    rf"\b(?:does|do|did){_SP}not{_SP}(?:qualify|meet|satisfy|allow|permit|cover)\b",
    rf"\b(?:doesn|don|didn){_A}?t{_SP}(?:qualify|meet|satisfy|allow|permit|cover)\b",
    rf"\bagainst{_SP}(?:our|the)(?:{_SP}airline{_A}s|{_SP}store{_A}s)?{_SP}(?:policy|policies|rules)\b",
    rf"\b(?:policy|policies|rules){_SP}(?:do(?:es)?{_SP}not|don{_A}?t|doesn{_A}?t){_SP}(?:allow|permit)\b",
    rf"\bno{_SP}(?:refund|compensation|cancellation|change|changes|upgrade|exception|exceptions){_SP}(?:can|could|will){_SP}be\b",
    rf"\b(?:request|cancellation|refund|change|exchange|return|modification|upgrade){_SP}(?:is|has{_SP}been|was|will{_SP}be){_SP}(?:denied|declined|rejected|refused)\b",
    rf"\b(?:I|we){_SP}(?:must|have{_SP}to|need{_SP}to){_SP}(?:respectfully{_SP})?(?:decline|deny|refuse)\b",
    rf"\bthere{_SP}is{_SP}no{_SP}way{_SP}(?:for{_SP}me{_SP}|I{_SP}can{_SP}|to{_SP})",
    rf"\b(?:is{_SP}not|isn{_A}?t|not){_SP}something{_SP}(?:that{_SP})?(?:I|we)"
    rf"(?:{_SP}(?:can|could|am{_SP}able{_SP}to|are{_SP}able{_SP}to)|{_A}(?:m|re){_SP}able{_SP}to){_SP}{_NOT_ACT}",
    rf"\b(?:I|we){_SP}(?:must|have{_SP}to|need{_SP}to){_SP}say{_SP}no\b",
    r"[\"']?\b(?:status|decision|result|eligible|eligibility|allowed|possible|approved|can[ _]cancel|cancellable|refundable)[\"']?[ \t]{0,3}[:=][ \t]{0,3}[\"']?"
    rf"(?:denied|declined|rejected|refused|false|no|not{_SP}(?:eligible|allowed|possible)|ineligible)\b",
]
_DENIAL = re.compile("|".join(_PARTS), re.IGNORECASE)
_HEDGE = re.compile(r"(?i)\b(?:unfortunately|only|policy|policies|criteria|sorry|afraid|regret|restriction\w*|limit\w*|however)\b")


def denial(text: str) -> Optional[str]:
    """The first phrase of ``text`` that denies the request, or None."""
    m = _DENIAL.search(text[:20_000])
    return m.group(0).strip() if m else None


def hedge(text: str) -> Optional[str]:
    """A word of ``text`` that leans towards a limit without stating one, or None."""
    m = _HEDGE.search(text[:20_000])
    return m.group(0) if m else None
