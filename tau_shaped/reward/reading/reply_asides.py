"""What a reply says beside its answer (SPEC §10 replies): indifference settled by the assent said
after it is assent. "whatever. ok", "whatever, yes go ahead", "meh, whatever... fine" (the one weak
mark of sarcasm, "whatever", and a plain yes after it: the last word decides, as a go-ahead settles
a hedge); "Sure, whatever." or "Fine, whatever." (the indifference said last), "Eh, whatever.",
two marks ("Oh great, yeah, sure, whatever") and "whatever you say" stay unclear.

Round 13 (multi-part replies): the customer told not to be contacted about it says nothing of the call
("yes please; don't call me back though", "go ahead, and never email me again"): ``contact_asides_out``
takes such a clause out, unless contacting is what the question asks ("Shall I email you the receipt?"
"No, don't email me" refuses).

Round 16 (distance): the customer back from a pause says so before the answer ("ok I'm back. As for your question:
...", "back! re your question: ...", "sorry about that -- to answer you: ..."): ``back_from_pause`` takes that opening out,
so its "ok" is no yes."""

from __future__ import annotations

import re

from tau_shaped.reward.reading.reply_clauses import W, words
from tau_shaped.reward.reading.reply_meaning import _WEAK_SARCASM

__all__ = ["back_from_pause", "resigned", "contact_aside", "contact_asides_out"]

_WHATEVER = re.compile(r"(?<![\w'])whatever(?![\w'])(?!\W{0,3}(?:you|it|the|that|this|i|we|works|floats)(?![\w']))", re.IGNORECASE)
_PLAIN_YES = re.compile(words("yes", "yeah", "yep", "sure", "ok", "okay", "k", "fine", "alright", "go ahead", "do it"), re.IGNORECASE)


def resigned(text: str) -> str:
    """``text`` with a "whatever" settled by a plain yes after it taken out (see the module)."""
    if "whatever" not in text.lower():
        return text
    m = _WHATEVER.search(text)
    if m is None or len(_WEAK_SARCASM.findall(text)) != 1 or _PLAIN_YES.search(text, m.end()) is None:
        return text
    return text[:m.start()] + " " + text[m.end():]


_CONTACT_ASIDE = re.compile(
    rf"(?<![\w'])(?:(?:but|and|just|please|though){W})*(?:don'?t|do{W}not|never){W}(?:ever{W})?"
    rf"(?P<verb>call|phone|ring|e-?mail|text|message|contact|spam|bother|ping)(?:{W}(?:me|us))"
    rf"(?:{W}(?:back|again|about{W}(?:it|this|that)|afterwards|later|though|either|any{W}?more|please|ok|okay))*(?![\w'])",
    re.IGNORECASE)


def contact_aside(text: str) -> bool:
    """Whether ``text`` tells the agent not to contact the customer (see the module)."""
    low = text.lower()
    return ("n't" in low or "not" in low or "never" in low) and _CONTACT_ASIDE.search(text) is not None


def contact_asides_out(text: str, question: str) -> str:
    """``text`` with each such aside taken out, unless the ``question`` names its verb."""
    if not contact_aside(text):
        return text
    asked = (question or "").lower().replace("-", "")
    return _CONTACT_ASIDE.sub(lambda m: m.group(0) if m.group("verb").lower().replace("-", "")[:4] in asked else " ", text)


_BACK = re.compile(
    r"\A[ \t]*(?:(?:ok(?:ay)?|alright|all[ \t]right|right|so|sorry(?:[ \t]about[ \t]that)?|apologies)[ \t]*[,.!-]*[ \t]*){0,3}"
    r"(?:(?:I['\u2019]?m|I[ \t]am|I['\u2019]?ve[ \t]been)?[ \t]*back\b[ \t]*(?:now|again)?[ \t]*[.!,:-]*[ \t]*)?"
    r"(?:(?:re|as[ \t]for|about|regarding|back[ \t]to|to[ \t]answer)[ \t]{1,3}(?:your|the|you)(?:[ \t]{1,3}question)?[ \t]*[:,.-]+[ \t]*)?",
    re.IGNORECASE)


def back_from_pause(text: str) -> str:
    """``text`` without an opening that says the customer is back from a pause (see the module): "ok I'm back." is no
    answer; a text that is only such an opening, or whose opening says nothing of being back, is left as it is."""
    low = text[:80].lower()
    if "back" not in low and "answer you" not in low and "your question" not in low:
        return text
    m = _BACK.match(text)
    if m is None or not m.group(0).strip():
        return text
    said = m.group(0).lower()
    if "back" not in said and "question" not in said and "answer" not in said:
        return text  # ("Ok, sure": no pause said)
    rest = text[m.end():]
    return rest if rest.strip() else text
