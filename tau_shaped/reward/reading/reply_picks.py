"""A thing picked with "please" in a reply (SPEC §10 replies): "<a thing> please" picks that
thing, a yes when it is the call ("The refund please", "Card please" when the card was
described: the call's verb or one of its values), another thing when it is not ("Just the
receipt please", "The replacement please")."""

from __future__ import annotations

import re

from tau_shaped.reward.reading.reply_clauses import Question, clauses, verbs_in
from tau_shaped.reward.reading.reply_values import values_in

__all__ = ["choice_kept", "it_is_picked"]


_FILLER = frozenset({"please", "pls", "just", "only", "the", "a", "an", "my", "yes", "yeah", "ok", "okay", "sure", "that",
                     "it", "one", "thanks", "thank", "you", "and", "go", "ahead", "do", "so", "then", "for", "me"})


def choice_kept(sentence: str, q: Question) -> str:
    """``sentence`` with a "please" that closes a clause picking something other than the call
    taken out ("Just the receipt please", "The replacement please": a choice of another thing;
    "The refund please", "Card please" when the card was described keep it: the call's verb or
    one of its values)."""
    if "please" not in sentence.lower():
        return sentence
    out, changed = [], False
    for c in clauses(sentence):
        m = _PICKS.search(c)
        content = [w for w in re.findall(r"[a-z']+", m.group("thing").lower()) if w not in _FILLER] if m else []
        if content and not (verbs_in(" ".join(content)) & q.verbs) and not any(True for _ in values_in(" ".join(content))):
            c, changed = c[:m.start("please")] + " " + c[m.end("please"):], True
        out.append(c)
    return ", ".join(out) if changed else sentence


_PICKS = re.compile(r"^\W{0,8}(?P<thing>[\w' ]{1,40}?)\W{0,3}(?P<please>(?<![\w'])please)\W*$", re.IGNORECASE)


# round 13: "<a thing> it is" picks the thing ("Ta, card it is", "Burnside it is then"): read as "<a thing> please"
_IT_IS = re.compile(r"(?P<thing>(?<![\w'])[\w'$.-]{1,20}(?:[ \t]+[\w'$.-]{1,20}){0,2}?)[ \t]+it[ \t]+is(?:[ \t]+then)?(?P<end>[ \t.!]*(?:\n|$))",
                    re.IGNORECASE)
_NOT_A_THING = frozenset({"what", "how", "that", "as", "way", "whatever", "so", "where", "who", "when", "why", "whichever",
                          "is", "if", "because", "since", "think", "guess", "know", "believe", "sure", "not", "no", "yes"})


def it_is_picked(reply: str, question: str = "") -> str:
    """``reply`` with a closing "<a value> it is" said as "<a value> please" (``choice_kept`` and the values read the
    pick: the call's value agrees, another asks for it): "it is what it is", "that's how it is" pick nothing. Round 14:
    a thing the values do not read is matched with the ``question`` (the agent's message): a bare number that is the
    one amount it states, or words that are all its words ("Ta, Burnside it is" to "... to 1204 Burnside St?"), is a
    yes; another bare number asks for that amount ("ten it is" to a $5.00 credit)."""
    if " it is" not in reply.lower():
        return reply
    m = _IT_IS.search(reply)
    if m is None or any(w.lower() in _NOT_A_THING for w in m.group("thing").split()):
        return reply
    if not any(True for _ in values_in(m.group("thing"))):
        said = _said_in(m.group("thing"), question)  # a thing the values do not read ("Burnside it is"): the question's?
        return reply if said is None else reply[:m.start()] + said + m.group("end") + reply[m.end():]
    return reply[:m.start()] + m.group("thing") + " please" + m.group("end") + reply[m.end():]


_BARE_NUMBER = re.compile(r"^[ \t]*(\d{1,4}(?:\.\d{1,2})?)[ \t]*$")
_AMOUNT = re.compile(r"[$\u20ac\u00a3][ \t]?(\d{1,4}(?:\.\d{1,2})?)")


def _said_in(thing: str, question: str) -> "str | None":
    """"yes" when ``thing`` is what ``question`` states (its one amount, or words all its own), "$N please" for another
    bare number where it states one amount, else None."""
    if not question:
        return None
    number = _BARE_NUMBER.match(thing)
    if number is not None:
        amounts = {round(float(a), 2) for a in _AMOUNT.findall(question)}
        if len(amounts) != 1:
            return None
        return "yes" if round(float(number.group(1)), 2) in amounts else f"${number.group(1)} please"
    words = [w for w in re.findall(r"[a-z']{3,}", thing.lower()) if w not in _FILLER]
    said = set(re.findall(r"[a-z']{3,}", question.lower()))
    return "yes" if words and all(w in said for w in words) else None
