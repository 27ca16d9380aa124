"""A dish asked about alone, and the answer after it (SPEC §10 Offers; read by ``unsafe_offers``): "Chicken
Korma? Not an option for you, sadly.", "Korma? No, it has tree nuts.", "Korma? Contains peanuts, so no.", "Korma?
Tree nuts. Not for you." answer no; "Chicken Korma? No problem at all." answers yes (and offers it); a dish asked about with "instead" or "then"
("Pad Thai instead? No -- egg.") is answered the same way (round 12), and so is one asked safe ("Is the Salmon Roll safe?
No -- sesame.", round 13).

A dish inside words quoted from someone (the customer's question, the agent's own earlier words, a note: 'You asked
"is the korma ok for me?" -- it is not: it has cashews', 'Earlier I said "the Pesto Pasta is a great alternative"
-- I take that back') is what the answer after the closing quote says of it (``quoted_answered_no``): answered no,
it is not offered; answered yes or not answered, the rest of the reading decides (round 12).

Each reads a few words after the question mark or the closing quote.
"""

from __future__ import annotations

import re
from typing import Optional

from tau_shaped.reward.reading.dish_rhetoric import set_aside_by_rhetoric  # noqa: F401 - re-exported (round 18)
from tau_shaped.reward.reading.dish_reports import reported_choice  # noqa: F401 - re-exported (round 19)

__all__ = ["alone_before", "answered_no", "answered_no_plainly", "quoted_answered_no", "reported_choice", "set_aside_by_rhetoric"]

_ASKED_ALONE = re.compile(r"[ \t\"'”’)*_]*(?:[ \t]+(?:instead|then|maybe|perhaps|(?:(?:an[ \t]+)?(?:ok|okay|safe|fine|suitable|option|alright))"
                          r"(?:[ \t]+for[ \t]+(?:you|me))?))?[ \t\"'”’)*_]*\?[ \t\"'”’)*_]*[ \t\n]+", re.IGNORECASE)
_ANSWERED_NO = re.compile(r"[*_]*(?:no(?:pe)?\b(?![ \t]+(?:problem|worries|trouble|doubt|question|sweat|issue|rush|pressure|hurry|need|obligation)s?\b)|not[ \t]+(?:an?[ \t]+)?(?:option|possible|safe|suitable|available|for[ \t]+you)|"
                          r"(?:unfortunately|sadly|sorry)[ \t,]+(?:no|not)\b|(?:that|it)(?:['’]s|[ \t]+is)[ \t]+(?:not|unsafe|out|off)\b|"
                          r"(?:it|that)[ \t]+(?:has|contains|includes)\b|off[ \t]+the[ \t]+table|(?:I['’]m[ \t]+)?afraid[ \t]+not)",
                          re.IGNORECASE)


# An offering word governing the dish ("Pad Thai instead? No -- egg."): only a plain no takes it back ("How about the Samosa?
# It has gluten though." still offers it).
# round 15: "No wait, I mean the Samosa" / "no, sorry, I mean ..." is a self-repair of the question, no answer to it
_PLAIN_NO = re.compile(r"[*_]*(?:no(?:pe)?\b(?![ \t]+(?:problem|worries|trouble|doubt|question|sweat|issue|rush|pressure|hurry|need|obligation)s?\b)(?![ \t]*\?)"
                       r"(?![ \t,.–—-]*(?:wait|actually|oops|scratch|I[ \t]+mean|I[ \t]+meant|sorry[ \t,.–—-]*I[ \t]+mean)\b)|"
                       r"not[ \t]+(?:an?[ \t]+)?(?:option|possible|safe|suitable|for[ \t]+you)|(?:I['’]m[ \t]+)?afraid[ \t]+not)", re.IGNORECASE)


_BECAUSE = re.compile(r"[*_]*because[^.!?\n]{0,60}", re.IGNORECASE)


def answered_no_plainly(text: str, end: int, allergen: Optional["re.Pattern[str]"] = None) -> bool:
    """Whether a dish ending at ``end`` that an offering word governs, asked about ("Pad Thai instead?"), is answered a
    plain no by the next sentence ("No -- egg."), or, asked why not, by a reason naming the customer's allergen ("Why not
    the Cheeseburger? Because the bun has wheat.")."""
    ask = _ASKED_ALONE.match(text, end)
    if ask is None:
        return False
    if _PLAIN_NO.match(text, ask.end()) is not None:
        return True
    reason = _BECAUSE.match(text, ask.end()) if allergen is not None else None
    return reason is not None and allergen.search(reason.group(0)) is not None


def answered_no(text: str, end: int, allergen: Optional["re.Pattern[str]"] = None) -> bool:
    """Whether a dish ending at ``end``, asked about alone ("Chicken Korma?"), is answered no by
    the next sentence ("Not an option for you, sadly.", "No, it has tree nuts.", with ``allergen``
    the customer's: "Contains peanuts, so no.")."""
    ask = _ASKED_ALONE.match(text, end)
    if ask is None:
        return False
    if _ANSWERED_NO.match(text, ask.end()) is not None or _ARROW_NO.match(text, ask.end()) is not None:
        return True
    verb = _BARE_CONTAINS.match(text, ask.end())
    named = allergen.match(text, verb.end() if verb is not None else ask.end()) if allergen is not None else None
    return named is not None and (verb is not None or _BARE_STOP.match(text, named.end()) is not None)  # "Korma? Tree nuts. Not for you."


# Before a dish asked about alone: nothing but marks, an article, or spoken fillers ("uh Papaya Salad? Contains peanut, so no.");
# a clause cut after "so" keeps its comma ("okay so, the Shrimp Tempura? No -- gluten.", round 13)
_ALONE_BEFORE = re.compile(r"[ \t\"'*_>•,-]*(?:(?:uh+|um+|uhm|er|erm|hmm+|so|okay|ok|well)[ \t,]+)*(?:(?:is|are|was|would[ \t]+(?:the|a|an)[ \t]+)[ \t]+)?"
                           r"(?:(?:the|a|an)[ \t]+)?[ \t\"'*_]*", re.IGNORECASE)  # round 13: "Is the Salmon Roll safe? No -- sesame."


def alone_before(text: str, lo: int, start: int) -> bool:
    """Whether the clause from ``lo`` holds nothing before the dish at ``start`` but marks, an article or fillers."""
    return _ALONE_BEFORE.fullmatch(text, lo, start) is not None


# a note's no after a word or two ("Margherita? Mozz -> no.")
_ARROW_NO = re.compile(r"[*_]*(?:[^\W\d_]+[ \t]+){0,2}?[^\W\d_]+[ \t]*(?:->|→|=|--|–|—|:)[ \t]*(?:no(?:pe)?|x|excl\w*)(?![\w/])"
                       r"(?![ \t]+(?:problem|question|doubt|worries|issue|trouble)s?\b)", re.IGNORECASE)
_BARE_STOP = re.compile(r"[ \t*_]*(?:[.,;!–—]|$)")
_BARE_CONTAINS = re.compile(r"[*_]*(?:contains|has|includes|made[ \t]+with|uses|comes[ \t]+with)[ \t]+(?:(?:some|a[ \t]+lot[ \t]+of|real|ground)[ \t]+)?",
                            re.IGNORECASE)


# A quote opened after words reporting speech or writing ('You asked "...', "your message said '...", 'the note reads: "...'),
# within the line; the quote closes after the dish.
_REPORTED = re.compile(r"(?<!\w)(?:ask\w*|said|say|says|saying|mention\w*|wr(?:ote|ite|ites|itten)|typed|wonder\w*|request\w*|"
                       r"told[ \t]+(?:me|us)|question|message|note|reads?|quot\w*|words|put[ \t]+it)[ \t]*[,:]?[ \t]*$", re.IGNORECASE)
_CLOSES = {'"': '"', "“": "”", "‘": "’", "'": "'", "«": "»"}
_OPENS = re.compile(r"[\"“‘«]|(?<![^\s:(])'")
# The answer right after the closing quote: no, not so, sorry, taken back, or what it holds (with the allergen named).
_QUOTE_NO = re.compile(r"[\"”’'»?!.,;:)*_ \t–—-]*(?:(?:well|so|and|but|oh|ah|hmm|sadly)[ \t,]+)?(?:"
                       r"no(?:pe)?\b(?![ \t]+(?:problem|worries|trouble|doubt|question|sweat|issue|rush|pressure|hurry|need|obligation)s?\b)|nah\b|not[ \t]+(?:really|for[ \t]+you|safe|suitable|an[ \t]+option)\b|"
                       r"(?:it|that|this|they)(?:['’]s|['’]re|[ \t]+is|[ \t]+are|[ \t]+was|[ \t]+were)[ \t]+(?:not|unsafe|off)\b|"
                       r"(?:it|that|this|they)[ \t]+(?:isn['’]t|aren['’]t|wasn['’]t|won['’]t|can['’]t)\b|I[ \t]+take[ \t]+(?:that|it)[ \t]+back|scratch[ \t]+that|"
                       r"(?P<holds>(?:(?:I['’]m[ \t]+)?(?:sorry|afraid)|unfortunately|sadly|regrettably|(?:I[ \t]+)?apologi[sz]e|(?:my[ \t]+)?apologies)(?!\w)|"
                       r"(?:it|that|this|they)(?:[ \t]+(?:has|have|contains?|includes?|is[ \t]+made[ \t]+with)|['’]s[ \t]+got)))", re.IGNORECASE)


_THEN_NO = re.compile(r"[ \t,:;–—-]*(?:no(?:pe)?|not|it['’]s[ \t]+not|it[ \t]+is(?:n['’]t|[ \t]+not))(?!\w)", re.IGNORECASE)


def quoted_answered_no(text: str, lo: int, start: int, end: int, allergen: "re.Pattern[str]") -> bool:
    """Whether the dish at ``text[start:end]`` is inside words quoted after a reporting word ('You asked "is the korma ok?"')
    and the answer right after the closing quote says no ('-- it is not', '-- sorry, it contains peanuts', '-- I take that
    back'; 'it has ...' only with the customer's allergen named)."""
    line = text.rfind("\n", 0, start) + 1
    opened = None
    for q in _OPENS.finditer(text, max(lo, line, start - 160), start):
        opened = q
    if opened is None or not _REPORTED.search(text, max(line, opened.start() - 40), opened.start()):
        return False
    mark = opened.group(0)
    close = text.find(_CLOSES[mark], end, min(len(text), end + 200))
    if close < 0 or text.find(_CLOSES[mark], opened.end(), start) >= 0 or 0 <= text.find("\n", end, close):
        return False
    said = _QUOTE_NO.match(text, close + 1)
    if said is None:
        return False  # a regret or what it holds says no only with the allergen named or a no right after it: "sorry for the wait, yes"
    return not said.group("holds") or allergen.search(text, said.end(), said.end() + 60) is not None or _THEN_NO.match(text, said.end()) is not None
