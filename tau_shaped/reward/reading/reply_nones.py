"""A "no <thing>" in a reply that the question states too (SPEC §10 replies): the customer echoing a detail the
confirmation gives as none, not refusing. "no insurance. book it" to "... insurance: no; total $375. Shall I book it?" is
a yes (round 14's gap, round 15): the "no" is the insurance's value, the one the call books; to "... insurance: yes ..."
it stays a "no" on the first line (another value than the call's: it covers nothing). The question states a thing as none
by "no <thing>", "without <thing>", "<thing>: no / none / n" or an unticked box ("[ ] travel insurance").
"""

from __future__ import annotations

import re

__all__ = ["echoed_nones"]

_NONE_SAID = re.compile(r"(?i)(?<![\w'])no[ \t]+(?P<thing>[a-z][a-z-]{1,20}(?:[ \t]+[a-z][a-z-]{1,20}){0,2}?)"
                        r"(?=[ \t]*(?:[.,;!:\n]|$|-|please\b|thanks\b|and\b|but\b|just\b))")
_NOT_A_THING = frozenset({"thanks", "thank", "way", "problem", "worries", "need", "idea", "longer", "more", "one", "matter", "doubt",
                          "rush", "hurry", "biggie", "chance", "sir", "ma'am", "needed", "required", "necessary", "wanted"})


def echoed_nones(reply: str, question: str) -> str:
    """``reply`` with each "no <thing>" the ``question`` states as none said as "<thing> as stated"."""
    if not question or "no " not in reply.lower():
        return reply
    q = question.lower()

    def swap(m: "re.Match[str]") -> str:
        thing = m.group("thing").lower()
        head = thing.split()[-1]
        if head in _NOT_A_THING or thing.split()[0] in _NOT_A_THING:
            return m.group(0)
        h = re.escape(head)
        stated = re.search(rf"(?<![\w'])(?:no|without)[ \t]+(?:[a-z]+[ \t]+)?{h}(?![\w'])"
                           rf"|(?<![\w']){h}[ \t]*(?:[:=]|--?)[ \t]*(?:no|none|n|not[ \t]+included|declined)(?![\w'])"
                           rf"|\[[ \t]\][ \t]*(?:[a-z]+[ \t]+)?{h}(?![\w'])", q)
        return f"{thing} as stated" if stated else m.group(0)

    return _NONE_SAID.sub(swap, reply)
