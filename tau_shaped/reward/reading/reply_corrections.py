"""A reply that turns on itself (SPEC §10 replies): an answer the customer takes back, read from
what follows the taking back ("no wait -- yes, do it" is a yes, "yes -- no, wait, hold on" a
no; "actually", "on second thought", "scratch that"; round 17: a slip repaired, "no -- I mean yes", "no sorry typo,
yes"; round 15: a refusal given up, "no... oh go on then, yes"; round 16: a side matter set aside first, "never mind. book
it -- yes"), and a
yes asked back ("yes?": unclear).
"""

from __future__ import annotations

import re
from tau_shaped.reward.reading.lazy_patterns import lazy
from typing import Optional

__all__ = ["asked_back", "references_out", "taken_back"]

# round 17 (AU): a reference back that opens a reply's line ("same as you said, go", "that's what I said, go", "like I
# said before, go ahead"): it points at the answer already given, the answer follows
_REFERENCE_BACK = re.compile(r"(?im)^[ \t]*(?:(?:same[ \t]+)?as|like|(?:that['’]?s|that[ \t]+is)[ \t]+what)[ \t]+(?:i|you|we)[ \t]+"
                             r"(?:said|say|mentioned|discussed|agreed)(?:[ \t]+(?:before|earlier|already))?[ \t]*[,:;.!-]+[ \t]*(?=\w)")


def references_out(reply: str) -> str:
    """``reply`` without the reference back that opens a line of it (the answer after it is read)."""
    return _REFERENCE_BACK.sub("", reply) if "said" in reply.lower() or "mention" in reply.lower() or "discuss" in reply.lower() \
        or "agreed" in reply.lower() or " say" in reply.lower() else reply

_ASKED_BACK = lazy(r"^\W{0,8}(?:yes|yeah|yep|ok|okay|sure|right)\W{0,3}\?+\W{0,3}$", re.IGNORECASE, needs=('?',))


def asked_back(reply: str) -> bool:
    """Whether ``reply`` is only a yes asked back ("Yes?", "ok??"): a yes, or a "what is it?"."""
    return _ASKED_BACK.match(reply) is not None


# A customer taking back what they began to answer: "no wait -- yes, do it", "yes -- no, wait,
# hold on", "actually no", "on second thought, go ahead", "scratch that, keep it". "Wait" is the
# interjection only where a clause or a short exclamation ("no", "oh", "hmm") comes before it and
# a stop or an answer after it ("not thrilled about the wait; cheers" takes nothing back).
_CORRECTION = re.compile(
    r"(?<![\w'])(?:(?P<wait>wait)(?=\W*(?:[,.!;:\u2013\u2014-]|$|(?:no|yes|yeah|yep|nah|nope|actually|go|do|don't|please)(?![\w'])))"
    r"|on\s+second\s+thoughts?|scratch\s+that|actually(?=\W{1,3}(?:yes|yeah|yep|yup|sure|ok|okay|fine|alright|no|nah|nope|go|do|don't|please"
    r"|leave|keep|hold|never\s+mind)(?![\w'])))\W*"
    # round 15: a refusal given up ("no... oh go on then, yes", "nah -- changed my mind, do it", "no. on reflection, go ahead")
    r"|(?<![\w'])(?:(?:oh|ah|well)\s+)?(?:go\s+on|all\s*right|alright|fine|ok(?:ay)?)\s+then(?![\w'])\W*"
    r"|(?<![\w'])(?:(?:i(?:'ve|\s+have)?\s+)?changed\s+my\s+mind|on\s+reflection)(?![\w'])\W*"
    # round 17 (AS): the customer's own slip repaired, then the answer ("no -- I mean yes", "no sorry typo, yes", "nope my
    # bad, go ahead"): read only where an answer follows
    r"|(?<![\w'])(?:(?:sorry|oops)\W{0,3})?(?:i\s+meant?|typo|my\s+bad|my\s+mistake|i\s+(?:misread|misspoke|mistyped)|wrong\s+(?:word|button)"
    r"|autocorrect)(?![\w'])\W*(?=(?:yes|yeah|yep|yup|sure|ok|okay|fine|no|nah|nope|go|do|don't|please)(?![\w']))",
    re.IGNORECASE)
_BEFORE_WAIT = re.compile(r"(?:^|[,.!?;:\u2013\u2014-]|(?<![\w'])(?:no|oh|ah|hmm+|um+|uh+|yes|yeah|nah|ok|okay))\W*$", re.IGNORECASE)
_CORRECTION_HINTS = ("wait", "second thought", "scratch", "actually", "then", "changed my mind", "reflection", "never mind", "nevermind",
                     "forget that", "forget about", "mean", "typo", "my bad", "mistake", "misread", "misspoke", "mistyped",
                     "wrong word", "wrong button", "autocorrect")
# round 16: a side matter of the customer's own set aside at the head, then the answer ("never mind. book it -- yes",
# "forget that -- yes, cancel it"); "never mind" alone, or with nothing but thanks after it, stays a stop
_SET_ASIDE = re.compile(r"^\W{0,8}(?:never\s*mind|forget\s+(?:that|about\s+(?:that|it)))(?:\s+(?:that|then))?\s*[,.!;:\u2013\u2014-]+\W*(?=\w)",
                        re.IGNORECASE)

_BARE_ASSENT = re.compile(r"(?:ok(?:ay)?|k|sure|fine|yes|yeah|yep|alright|thanks?|thank\s+you|cool)\W*\Z", re.IGNORECASE)


def taken_back(reply: str) -> Optional[str]:
    """What follows the last place ``reply`` takes back what came before it, if something came
    before it and something follows (else None: nothing taken back)."""
    lower = reply.lower()
    if not any(h in lower for h in _CORRECTION_HINTS):
        return None
    last = None
    for m in _CORRECTION.finditer(reply):
        if m.group("wait") is None or _BEFORE_WAIT.search(reply, 0, m.start()):
            last = m
    if last is None:
        aside = _SET_ASIDE.match(reply)
        if aside is None or _BARE_ASSENT.match(reply, aside.end()) is not None:
            return None  # "Never mind, ok": the stop, acknowledged; not an answer after a side matter
        return reply[aside.end():]
    if not reply[:last.start()].strip(" \t\r\n,.!-\u2013\u2014") or not reply[last.end():].strip():
        return None
    return reply[last.end():]
