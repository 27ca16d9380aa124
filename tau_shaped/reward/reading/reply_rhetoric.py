"""Rhetorical questions back and formal words of assent in a customer's reply (round 18 of issue 41, styles BC and
BD), read as the plain answer they give before the reply's clauses are classified (SPEC §10 replies).

- A question back whose answer goes without saying: "Why would I say no?", "Why would I refuse?", "Who'd say no to
  that?", "How could I say no?" agree; to a question that takes something away (cancel, remove, return), "Why would I
  keep it?" agrees ("why would I keep it? cancel"), while "Why would I
  cancel?" to "Shall I cancel ...?" refuses: the customer asks why they would do what is asked. A question back that
  names none of these ("why would I pay for that?") is left as said. "Why would I want that?" refuses what was proposed
  (round 19: "Ok. Why would I want that?" is no yes); "Why wouldn't I?", "Why would I not want that?" agree (round 20).
- Formal assent and refusal: "I assent", "I hereby consent", "assent given", "The undersigned assents" agree; "The
  undersigned declines", "I decline", "assent withheld" refuse.
"""

from __future__ import annotations

import re
from typing import FrozenSet

__all__ = ["rhetoric_read"]

GO_AHEAD, DONT = " go ahead ", " please don't "
_A = "['\u2019]"
_Q_TAIL = r"[^.!?\n]{0,30}\?+"
_AGREEING = re.compile(
    r"(?<![\w'\u2019])(?:why\s+(?:on\s+earth\s+)?would\s+(?:i|anyone)\s+(?:ever\s+)?(?:say\s+no|refuse|decline|object|mind)"
    r"|(?:who|nobody)(?:" + _A + r"d|\s+would|\s+could)\s+say\s+no"
    r"|how\s+(?:could|can)\s+i\s+(?:say\s+no|refuse)"
    r")(?![\w'\u2019])" + _Q_TAIL, re.IGNORECASE)
# round 20 (DG): "Why wouldn't I?", "Why would I not want that?": asking why they would not is agreeing (the question
# ends there: "why wouldn't I keep it?" is left as said)
_WHY_NOT_I = re.compile(
    r"(?<![\w'\u2019])why\s+(?:on\s+earth\s+)?(?:(?:wouldn" + _A + r"t|would\s+not|shouldn" + _A + r"t)\s+(?:i|we)|would\s+(?:i|we)\s+not)"
    r"(?:\s+(?:want|need|accept|take|agree\s+to|do)\s+(?:that|this|it|one|them|so))?[ \t]*\?+", re.IGNORECASE)
_KEEP_WHY = re.compile(r"(?<![\w'\u2019])why\s+(?:on\s+earth\s+)?would\s+i\s+(?:ever\s+|want\s+to\s+)?(?:keep|hold\s+on\s+to)"
                       r"(?![\w'\u2019])" + _Q_TAIL, re.IGNORECASE)
_DOING_WHY = re.compile(r"(?<![\w'\u2019])why\s+(?:on\s+earth\s+)?would\s+i\s+(?:ever\s+|want\s+(?:you\s+)?to\s+|let\s+you\s+)?"
                        r"([a-z]+)(?![\w'\u2019])" + _Q_TAIL, re.IGNORECASE)
# round 19: "Why would I want that?", "Why do I need this?": a question back asking why they'd want what is proposed refuses
# it ("Ok. Why would I want that?"); "it" only to a question that gives (to "Shall I cancel it?" "it" may be the order)
_WANT_WHY = re.compile(r"(?<![\w'\u2019])why\s+(?:on\s+earth\s+)?(?:would|should|do|did)\s+(?:i|anyone)\s+(?:ever\s+|even\s+)?"
                       r"(?:want|need|accept|take|agree\s+to)\s+(that|this|it|one|them)(?![\w'\u2019])(?:" + _Q_TAIL + r"|[ \t]*(?:[.!]|$))",
                       re.IGNORECASE)  # said with no "?" too ("um, great, thanks. why would I want that")
_FORMAL_YES = re.compile(
    r"(?<![\w'\u2019])(?:(?:i|we)\s+(?:(?:do\s+)?hereby\s+)?(?:assent|consent)(?:\s+to\s+(?:it|this|that|the\s+same))?"
    r"|(?:my\s+)?(?:assent|consent)\s+(?:is\s+)?(?:hereby\s+)?(?:given|granted)"
    r"|you\s+have\s+my\s+(?:assent|consent)|the\s+undersigned\s+(?:hereby\s+)?(?:assents|consents|agrees|accepts))(?![\w'\u2019])",
    re.IGNORECASE)
_FORMAL_NO = re.compile(
    r"(?<![\w'\u2019])(?:(?:the\s+undersigned|i|we)\s+(?:(?:do\s+)?hereby\s+|respectfully\s+)?(?:declines?|refuses?)"
    r"(?:\s+(?:it|this|that|the\s+same))?(?!\s+(?:the|any|a|an|your|to)\b)"
    r"|(?:my\s+)?assent\s+(?:is\s+)?(?:hereby\s+)?(?:withheld|denied|refused)"
    r"|(?:i|we)\s+(?:(?:do\s+)?hereby\s+)?withhold\s+(?:my\s+|our\s+)?(?:assent|consent))(?![\w'\u2019])", re.IGNORECASE)
_HINTS = ("why", "who", "nobody", "how", "assent", "consent", "declin", "refus", "undersigned")


def rhetoric_read(reply: str, verbs: FrozenSet[str] = frozenset(), takes_away: bool = False) -> str:
    """``reply`` with each rhetorical question back and each formal word of assent or refusal replaced by the plain
    answer it gives (see the module); ``verbs``: the question's verbs; ``takes_away``: the question takes something
    away (then "why would I keep it?" agrees)."""
    low = reply.lower()
    if not any(h in low for h in _HINTS):
        return reply
    text = _WHY_NOT_I.sub(GO_AHEAD, _AGREEING.sub(GO_AHEAD, reply))
    if takes_away:
        text = _KEEP_WHY.sub(GO_AHEAD, text)
    text = _WANT_WHY.sub(lambda m: m.group(0) if takes_away and m.group(1).lower() not in ("that", "this") else DONT, text)
    text = _DOING_WHY.sub(lambda m: DONT if m.group(1).lower() in verbs else m.group(0), text)
    text = _FORMAL_NO.sub(DONT, text)
    return _FORMAL_YES.sub(GO_AHEAD, text)
