"""A reply given in the question's own terms (SPEC §10 replies), read as the plain answer it gives.

``echoed_nones``: a "no <thing>" that the question states too: the customer echoing a detail the confirmation gives as
none, not refusing. "no insurance. book it" to "... insurance: no; total $375. Shall I book it?" is
a yes (round 14's gap, round 15): the "no" is the insurance's value, the one the call books; to "... insurance: yes ..."
it stays a "no" on the first line (another value than the call's: it covers nothing). The question states a thing as none
by "no <thing>", "without <thing>", "<thing>: no / none / n" or an unticked box ("[ ] travel insurance").

``ticked``: a reply as a form of boxes ("[ ] yes / [x] no", "[x] approve [ ] decline"): the options ticked are what it
says, the ones left blank are not said (round 15, AG: "[ ] yes\n[x] no" was read as a yes). A form with nothing
ticked, or no box, is read as it is.

``in_own_terms``: both, the boxes first.
"""

from __future__ import annotations

import re
from tau_shaped.reward.reading.lazy_patterns import lazy

__all__ = ["acknowledges", "echoed_nones", "in_own_terms", "nones_read", "ticked", "yes_to_another"]

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


def nones_read(reply: str) -> bool:
    """Whether ``in_own_terms`` reads the question for ``reply``: a "no <thing>" in it (boxes ticked) that
    ``echoed_nones`` looks for in the question (round 17: a reply's class kept by its shape must not hold one)."""
    if "no " not in reply.lower():
        return False
    for m in _NONE_SAID.finditer(ticked(reply)):
        thing = m.group("thing").lower().split()
        if thing[-1] not in _NOT_A_THING and thing[0] not in _NOT_A_THING:
            return True
    return False


_BOX = re.compile(r"\[(?P<mark>[ \t]?|[xX\u2713\u2714*])\][ \t]*(?P<text>[^\[\n]*)|(?P<glyph>[\u2610\u2611\u2612])[ \t]*(?P<gtext>[^\u2610\u2611\u2612\n]*)")


def ticked(reply: str) -> str:
    """``reply`` as the options it ticks say ("[ ] yes\n[x] no" -> "no"), or as it is (no box, or nothing ticked)."""
    if "[" not in reply and "\u2610" not in reply and "\u2611" not in reply and "\u2612" not in reply:
        return reply
    boxes = list(_BOX.finditer(reply))
    if not boxes:
        return reply
    chosen = [(m.group("text") if m.group("glyph") is None else m.group("gtext")).strip(" \t,;/|") for m in boxes
              if (m.group("glyph") is None and m.group("mark").strip()) or m.group("glyph") in ("\u2611", "\u2612")]
    if not chosen:
        return reply
    rest = _BOX.sub(" ", reply).strip()
    return ". ".join(c for c in chosen if c) + ("\n" + rest if rest else "")


def in_own_terms(reply: str, question: str) -> str:
    """``reply`` read in the question's terms: its boxes (``ticked``), then its nones (``echoed_nones``)."""
    return echoed_nones(ticked(reply), question)


# round 19: a reply that only says the message came ("I acknowledge receipt of your message.", "Message received.", "Duly
# noted."): neither a yes nor a no (unclear), however many words it takes
_ACKNOWLEDGES = re.compile(r"^\W*(?:(?:I|we)[ \t]+(?:hereby[ \t]+)?acknowledge[ \t]+(?:the[ \t]+)?receipt(?:[ \t]+of[ \t]+(?:your|the|this)[ \t]+"
                           r"(?:message|note|email|reply|response|communication))?|(?:your[ \t]+)?message[ \t]+received|(?:duly[ \t]+)?noted)\W*$",
                           re.IGNORECASE)


def acknowledges(text: str) -> bool:
    """Whether the reply only acknowledges the message (see ``_ACKNOWLEDGES``)."""
    return _ACKNOWLEDGES.match(text) is not None


# round 19: "yes to the onion rings" after a question about the ribs: a yes to a thing the question does not name asks for
# another thing (a change); its words, each of four letters or more and none generic ("the first one", "the whole
# thing"), are all absent from the question
_YES_TO = lazy(r"^\W*(?:yes|yeah|yep|ok|okay|sure)\W+to[ \t]+(?:the|my|your)[ \t]+(?P<obj>[a-z][a-z -]{2,40}?)[ \t.!]*$", re.IGNORECASE, needs=('to',))
_GENERIC = frozenset("first second third last former latter whole entire full both same above below thing things option options "
                     "offer proposal plan deal idea question request change changes suggestion refund credit that this card cards wallet "
                     "account visa mastercard amex paypal payment method balance original usual regular normal default saved please "
                     "thanks thank cheers".split())  # methods: read as values; courtesy


def yes_to_another(reply: str, question: str) -> bool:
    """Whether ``reply`` says yes to a thing ``question`` does not name (see ``_YES_TO``)."""
    m = _YES_TO.match(reply) if question else None
    if m is None:
        return False
    words = [w for w in re.findall(r"[a-z]+", m.group("obj").lower()) if len(w) >= 4 and w not in _GENERIC]
    low = question.lower()
    return bool(words) and not any(w[:5] in low for w in words)
