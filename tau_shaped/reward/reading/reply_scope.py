"""A reply's quantifier over what one consent question covered (SPEC §10 replies, round 16, AL): to a question that asks
for the write and a side thing together ("I'll refund $16.90 ... I can also send you a receipt. Shall I do both?"),
"both", "all of it", "everything except the receipt", "just the refund" and "the refund yes, the receipt no" agree to
the write (``yes``); "neither", "none of it", "nothing", "just the receipt", "everything except the refund" and "not the
refund -- only the receipt" leave it out (``no``). A side thing is information, not an act (``_SIDE``: a receipt, an
email, a copy, a summary); what is not one is the write. Read only where the question asks about both or all, and the
reply opens with such a quantifier; else None (the reply is read as any reply).

``unstretched(reply)``: letters stretched for emphasis read as one ("yesss", "Nooo thanks", "pleeease": round 16, AR)."""

from __future__ import annotations

import re
from tau_shaped.reward.reading.lazy_patterns import lazy
from typing import Optional

__all__ = ["scoped", "unstretched"]

_ASKS_ALL = re.compile(r"(?i)\b(?:both|all\s+of\s+(?:it|them|that)|everything|the\s+lot)\b[^.!?\n]{0,20}\?")
_HINT = lazy(r"(?i)\b(?:both|all|everything|neither|none|nothing|except|only|just|not\s+the|the\s+\w+(?:\s+\w+)?\s+(?:yes|no))\b", needs=('all', 'both', 'everything', 'except', 'just', 'neither', 'none', 'not', 'nothing', 'only', 'the'))
_SIDE = frozenset("receipt receipts email e-mail emails copy summary text sms invoice reference notification newsletter survey "
                  "updates update confirmation".split())
_THING = r"(?:the\s+|my\s+|a\s+|an\s+)?(?P<x>[a-z][\w-]*)(?:\s+(?P<y>[a-z][\w-]*))?"
_NONE = re.compile(r"\W*(?:neither|none(?:\s+of\s+(?:it|them|that|those))?|nothing)\b(?!\s+(?:except|but|apart|other))")
_EXCEPT = re.compile(r"\W*(?:(?:yes|yeah|ok|sure)\W+)?(?:everything|all(?:\s+of\s+(?:it|them))?|both)\s+(?:except|but|apart\s+from|other\s+than"
                     r"|minus|bar)\s+" + _THING)
_ONLY = re.compile(r"\W*(?:(?:yes|yeah|ok|sure)\W+)?(?:just|only)\s+" + _THING)
_NOT_THE = re.compile(r"\W*not\s+" + _THING)
_SAID = re.compile(r"\bthe\s+(?P<x>[a-z][\w-]*)(?:\s+(?P<y>[a-z][\w-]*))?\s+(?P<a>yes|no)\b")
_ALL = re.compile(r"\W*(?:(?:yes|yeah|yep|ok|okay|sure)\W+)?(?:to\s+)?(?:do\s+)?(?:both|all(?:\s+of\s+(?:it|them))?|everything|the\s+lot)\b")


def _side(m: "re.Match[str]") -> bool:
    """Whether the thing the match names is a side thing (either of its first two words: "email confirmation")."""
    return m.group("x") in _SIDE or (m.group("y") or "") in _SIDE and m.group("x") not in ("refund", "cancellation", "credit")


def scoped(reply: str, question: Optional[str]) -> Optional[str]:
    """"yes" or "no" for a quantified reply to a question about both or all (see the module docstring); else None."""
    if not question or not reply or _HINT.search(reply) is None or _ASKS_ALL.search(question) is None:
        return None
    low = reply.lower()
    m = _EXCEPT.match(low)
    if m is not None:
        return "yes" if _side(m) else "no"
    if _NONE.match(low):
        return "no"
    m = _ONLY.match(low)
    if m is not None:
        return "no" if _side(m) else "yes"
    m = _NOT_THE.match(low)
    if m is not None and m.group("x") not in ("really", "sure", "now", "yet", "today"):
        return "yes" if _side(m) else "no"
    said = list(_SAID.finditer(low))
    if said:
        act = [s.group("a") for s in said if not _side(s)]
        return ("yes" if act[0] == "yes" else "no") if act else None
    if _ALL.match(low) and not re.search(r"\b(?:except|but|not|no|don't|neither)\b", low):
        return "yes"
    return None


_STRETCHED = re.compile(r"([a-zA-Z])\1{2,}")


def unstretched(reply: str) -> str:
    """``reply`` with a letter said three or more times in a row read once ("yesss" -> "yes", "Nooo" -> "No")."""
    return _STRETCHED.sub(r"\1", reply) if _STRETCHED.search(reply) else reply
