"""A word said twice in a row, read once (SPEC §10 "the text read is the text the customer sees", round 20): a
stutter or an emphasis by repetition ("any minute RIGHT right now", "now now", "the the order") says what the
word said once says; read whole, it hid the phrase from every reader that reads the phrase.

``stutters_out(text)``: a word of two or more letters followed, after spaces, by the same word in any case, the
repetition dropped (the first kept, as written). A pair written in title case both times is kept: it may be a
name ("Mahi Mahi"). A dish's name may repeat a syllable or a word in any case ("Pa pa ya Salad", "dan dan noodles",
"PIRI PIRI"), so the unsafe-offer reader's second reading (``normalize.unrepaired``, which fails closed) reads the
text with no stutter taken out, beside ``seen``'s. One linear scan, after a substring test; a text with no
doubled word is returned as it is."""

from __future__ import annotations

import re

__all__ = ["function_stutters_out", "may_stutter", "stutters_out"]

# (a backreference is not for RE2; on this pattern Python's re is linear: at a word's start the group takes the
# word, and only a space may follow it)
_DOUBLED = re.compile(r"(?<![\w'\u2019-])(?P<w>[A-Za-z]{2,}|\d{1,3}(?:st|nd|rd|th))(?P<rest>(?:[ \t]+(?P=w)(?![\w'\u2019-]))+)",
                      re.IGNORECASE)  # (round 20: an ordinal, "the 2nd 2nd" from "the second second")


# words whose repetition is itself a value: digits said one by one ("five five five"; read before this step, kept
# here too), a mediocre "so so", a farewell
_KEPT = frozenset("oh zero one two three four five six seven eight nine ten double triple so bye".split())


# an answer said twice and left there says something of its own: "yeah yeah", "sure sure", "fine fine" are dismissive,
# "no no" is emphatic (a reply's reader weighs them); inside a phrase ("right right now", "no no wait") it is a stutter
_ANSWERS = frozenset("yeah yes yep yup sure fine ok okay right no nope nah whatever great good".split())
_PHRASE_GOES_ON = re.compile(r"[ \t]*[A-Za-z]")


def _once(m: "re.Match[str]") -> str:
    word = m.group("w")
    words = [word] + m.group("rest").split()
    if all(w[:1].isupper() and not w.isupper() for w in words) or word.lower() in _KEPT:
        return m.group(0)  # a name may repeat a word
    if word.lower() in _ANSWERS and not _PHRASE_GOES_ON.match(m.string, m.end()):
        return m.group(0)
    return word


def may_stutter(text: str) -> bool:
    """Whether ``text`` holds a word said twice in a row that ``stutters_out`` may read once."""
    return _neighbours_alike(text) and _DOUBLED.search(text) is not None


def _neighbours_alike(text: str) -> bool:
    """The substring test: whether two neighbouring tokens, the first ending in letters or digits and the next
    starting with them, are alike (every doubled word ``_DOUBLED`` reads is such a pair; a text with none is returned at once)."""
    words = text.lower().split()
    for a, b in zip(words, words[1:]):
        tail = a[len(a.rstrip(_ALNUM)):]
        if len(tail) >= 2 and b.startswith(tail) and b[len(tail):len(tail) + 1] not in _LETTER_SET:
            return True
    return False


_ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789"
_LETTER_SET = frozenset(_ALNUM)


def stutters_out(text: str) -> str:
    """``text`` with a word said twice or more in a row read once (see the module)."""
    if " " not in text and "\t" not in text or not _neighbours_alike(text):
        return text
    return _DOUBLED.sub(_once, text)


# words of the closed classes (no dish's name repeats one): said twice, read once even where a name's parts are kept
_FUNCTION = frozenset(("not no nor for to the an of and or but is are was were be been it its this that these those with in on at by "
                       "from as if than then there here you your we our us they them their he she his her my me i can will would "
                       "could should do does did have has had").split())


def function_stutters_out(text: str) -> str:
    """``text`` with a word of the closed classes said twice in a row read once, and every other word as written: the
    unsafe-offer reader's second reading ("PAPAYA PAPAYA" kept, "NOT NOT ONE I CAN OFFER YOU" read "NOT ONE ...")."""
    if " " not in text and "\t" not in text or not _neighbours_alike(text):
        return text
    return _DOUBLED.sub(lambda m: m.group("w") if m.group("w").lower() in _FUNCTION else m.group(0), text)
