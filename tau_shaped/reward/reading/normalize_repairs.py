"""Words the speaker takes back as they write (SPEC §10 "the text read is the text the customer
sees"): a self-repair, the chat's strike-through. "The refund is $55.13 -- sorry, I misread the
receipt: $45.13" tells the customer $45.13; "2 GB added -- sorry, not yet: I'm about to add it"
tells of nothing added; "no -- sorry, I misread. Yes, go ahead." answers yes. ``withdrawn(text)``
reads such a text without what was taken back (the reparandum), keeping the repair.

A repair is a dash (``--``, an en or em dash, or a hyphen between spaces), then a marker of a
correction: an apology with a correction ("sorry, correction:", "sorry, I misspoke:", "apologies,
wrong line:", "sorry, you said", "sorry, not yet:", "sorry, I mean"), or a correction alone
("correction:", "my mistake:", "scratch that:", "typo:", "let me correct that:"); then the repair.
What it takes back: the last value of the repair's first kind before the dash in its sentence (an
amount for an amount, a number for a number, a quoted string for one, the same word: "to your
gift card -- sorry, correction: to the original payment method"); else, for a repair of a word or
two that opens no clause ("your Visa -- sorry, I mean Mastercard"), as many words; else the clause
before the dash ("3FRNFB can be cancelled -- sorry, wrong: it can't"). A weak marker ("sorry, no", "no, sorry", "sorry,
wrong") takes a clause back only to say it is not so: "I can't cancel it -- sorry, no: it's basic
economy" withdraws nothing (an apology, then the reason). An apology alone ("-- sorry, it's basic
economy", "-- sorry for the wait") is no repair.

Hard lines read ``normalize.visible``, which keeps what was taken back, as it keeps struck text:
the customer still saw it.
"""

from __future__ import annotations

import re
from typing import List

from tau_shaped.reward.reading.repair_clauses import clause_redone, turned_negative
from tau_shaped.reward.reading.repair_timings import time_taken_back

__all__ = ["withdrawn", "has_dash", "repair_hinted", "REPAIR_HINTS"]

# a cheap look first: a dash and one of these (lower case) in the text
REPAIR_HINTS = ("sorry", "apolog", "correction", "mistake", "my bad", "scratch that", "missp", "misread", "mistyp",
                "misunderst", "miscount", "typo", "wrong", "correct that", "not yet", "you said", "redo that", "restate that",
                "i mean", "no wait", "make that", "oops", "or rather", "pardon")

_STRONG = (r"correction|my\s+mistake|my\s+bad|scratch\s+that|(?:i\s+)?(?:misspoke|misread|mistyped|misunderstood|miscounted)"
           r"(?:\s+(?:the|that|it|your|a)(?:\s+[a-z]+)?)?|typo|i\s+mean[t]?|that'?s\s+(?:wrong|not\s+right)|wrong\s+(?:line|one|figure|amount)"
           r"|let\s+me\s+(?:correct|redo|restate)\s+(?:that|this)(?:\s+(?:sum|properly|again))?|not\s+yet|you\s+said")
_APOLOGY = r"(?:sorry|apologies|my\s+apologies|oops|pardon)"
# round 17: "no" opens a weak marker only before a mark or a clause ("-- sorry, no: it's basic economy", "-- sorry, no it
# can't"), not as a value's first word ("reason: ordered by mistake -- sorry, no longer needed")
_WEAK = r"no(?![\w'])(?![ \t]+(?!(?:i|it|we|you|they|he|she|that|this|there)(?![\w]))[a-z])|wrong"
_MARKER = re.compile(
    r"(?P<dash>[ \t]*(?:-{2,}|\u2014|\u2013)[ \t]*|[ \t]+-[ \t]+)"
    r"(?:(?P<strong>(?:" + _APOLOGY + r"[ \t]*,?[ \t]*)?(?:" + _STRONG + r"|or[ \t]+rather))"
    r"|(?P<weak>" + _APOLOGY + r"[ \t]*,?[ \t]*(?:" + _WEAK + r")|no[ \t]*,[ \t]*" + _APOLOGY + r")"
    r"|(?P<bare>" + _APOLOGY + r"[ \t]*[,:]))"
    r"(?P<sep>[ \t]*[:,.;!]?[ \t]*(?:\n[ \t]*)?)(?=[\w$'\"(#~]|[*`]+[\w$#])",
    re.IGNORECASE)
# round 17 (AS): a repair written without a dash, after an ellipsis or a comma or inside brackets ("$19.60... no wait,
# $16.90", "28 minutes, I mean about 13", "$19.60, er, make that $16.90", "$19.60 (sorry, $16.90)"): it takes back only a
# value of the repair's own kind (``_aligned``) or the words after the last anchor (``_after_anchor``, a phrase a preposition
# opens), never a clause (a repair that opens with a subject: "(sorry, it's been a busy night)"); an apology alone marks
# one only in brackets
_SOFT = re.compile(
    r"(?P<dash>[ \t]*(?:\.{3}|\u2026)[ \t]*|,[ \t]*|[ \t]*(?P<paren>\()[ \t]*)"
    r"(?P<strong>(?:" + _APOLOGY + r"[ \t]*,?[ \t]*)?(?:no[ \t]*,?[ \t]*wait|i[ \t]+meant?|or[ \t]+rather|(?:er|um|uh)[ \t]*,?[ \t]*make[ \t]+that)(?![\w'])"
    r"|(?P<apology>" + _APOLOGY + r")(?=[ \t]*,[ \t]*(?:[\w$#]|\((?:approx|about|around|roughly|~|\d))))"  # round 19: "(sorry, (approx. 3-5 days))"
    r"(?P<sep>[ \t]*[:,.;!]?[ \t]*)(?=[\w$'\"#~]|[*_`]*\((?:approx|about|around|roughly|~|\d))",
    re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?<![ap]\.m)(?<!approx)(?<![\s(]no)(?<![\s(]bus)[.!?](?=\s)|\n")  # ("7:27 p.m. -- I mean ..." is one sentence)
_CLAUSE_START = re.compile(r"[.!?;:](?=\s)|,(?=\s)|\n|-{2,}|\u2014|\u2013|[ \t]-[ \t]")
_AMOUNT = re.compile(r"(?:us\s?\$|usd\s?|\$)\s?\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?\s?(?:dollars|usd|bucks)\b", re.IGNORECASE)
_NUMBER = re.compile(r"(?<![\w./:-])\d[\d,]*(?:[./:-]\d+)*(?:[ \t]?[ap]\.?m\b\.?)?(?![\w/:-])"  # a date "22/5", a time "19:23" is one value
                     r"|(?<![\w'-])(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|half)(?![\w'-])",
                     re.IGNORECASE)
_QUOTED = re.compile(r"['\"][^'\"\n]{1,80}['\"]")
_FIRST_WORD = re.compile(r"#?[A-Za-z]{1,4}-\d[\w-]*|#?[\w']+")  # round 19: an id whole, in any case ("fd-10748 -- sorry: fd-10045")
_PHRASE_END = re.compile(r"[.,;:!?\n()]")
_SUBJECT = re.compile(r"(?:i|it|we|you|they|he|she|that|this|there)(?:'(?:s|m|ll|re|ve|d))?$", re.IGNORECASE)
_WORD = re.compile(r"[(\[\"=]|[^\s(\[\"=]+")  # an opening bracket, a double quote or "=" is a word of its own (an anchor)
_HEDGE = re.compile(r"[(\[]?\s*(?:(?:~|about|around|roughly|approximately|approx\.?|like|maybe|some)\s*)?", re.IGNORECASE)
_AUX = frozenset("is are was were has have had will would can could".split())
_AUX_WORD = re.compile(r"(?<![\w'])(?:is|are|was|were|has|have|had|will|would|can|could)(?![\w'])", re.IGNORECASE)
_FUNCTION = frozenset("a an the of no not".split())  # (round 19: "no longer needed" aligns with no "no wait")
_OPEN_QUOTE = re.compile(r"(?<![\w])(['\"])([^'\"\n]{1,80}?)[ \t]*$")
_CLOSES = re.compile(r"[^'\"\n]{1,40}['\"]")  # a short repair that closes a quote holding a short value (not a quoted sentence)
_DETERMINERS = frozenset("a an the your my our their his her".split())  # too common to point at the value taken back
_NAME_WORD_BEFORE = re.compile(r"(?<![\w'])([A-Z][\w'&-]*)[ \t]+$")
_HEDGE_BEFORE = re.compile(r"(?:~|(?<![\w'])(?:about|around|roughly|approximately|approx\.)[ \t]*)$", re.IGNORECASE)
_PREPOSITIONS = frozenset("in within on at by after before until from".split())
_PREPOSITION = re.compile(r"(?<![\w'])(?:in|within|on|at|by|after|before|until|from)(?![\w'])", re.IGNORECASE)
_DIGITS = re.compile(r"(?<![\w#:./-])#?[\w-]*\d[\w:./-]*")  # an id, a time "7:15pm", a glued amount "2GB"
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_MONTH_AFTER = re.compile(r"\d+(?:st|nd|rd|th)?[ \t]+" + _MONTH + r"(?![\w])", re.IGNORECASE)
_DAY_BEFORE = re.compile(r"(?:(?<![\w'])on[ \t]+)?(?:(?<![\w'])(?:mon|tues|wednes|thurs|fri|satur|sun)day,?[ \t]+(?:the[ \t]+)?|(?<![\w'])"
                         + _MONTH + r"[ \t]+(?:the[ \t]+)?)$", re.IGNORECASE)
_RANGE_START = re.compile(r"\d[\d,.]*\s*(?:to|-|\u2013)\s*$", re.IGNORECASE)
_ANCHOR = re.compile(r"[^\w$#~]+|the|a|an|your|my|our|their|his|her|its|to|in|on|at|for|with|of|as|by|from|is|are|was|be|been|have|has|"
                     r"had|get|got|instead|within|under|over|after|before|about|around|than|until|by|like|you|it|them|him|her|us|me", re.IGNORECASE)
_MAX_REPAIRS = 4
# round 17 (AS): a repair after a comma, "to your card, I mean your wallet", "$19.60, sorry, $16.90", "no, I mean yes":
# it takes back a value of the repair's own kind only (never a clause: "yes, I mean it" and "I can, I mean if you
# want" take nothing back)
_COMMA_MARKER = re.compile(r"[ \t]*,[ \t]*(?:(?P<mean>(?:(?:sorry|oops)[ \t]*,?[ \t]*)?(?:i[ \t]+meant?|or[ \t]+rather))|(?P<sorry>sorry|oops))"
                           r"(?P<sep>[ \t]*[:,]?[ \t]*)(?=[\w$'\"(#~])", re.IGNORECASE)
_ANSWER = re.compile(r"(?<![\w'])(yes|yeah|yep|yup|sure|ok|okay|no|nope|nah)[ \t]*$", re.IGNORECASE)
_ANSWER_HEAD = re.compile(r"(yes|yeah|yep|yup|sure|ok|okay|no|nope|nah)(?![\w'])", re.IGNORECASE)
_VALUE_END = re.compile(r"[ \t]*(?:[.,;:!?)]|$|--|\u2014|\u2013|(?:to|for|back|in|into|on|onto|of|as|instead|total|refund|credit)(?![\w']))",
                        re.IGNORECASE)
_BARE_MEAN = re.compile(r"i\s+meant?", re.IGNORECASE)


def has_dash(text: str) -> bool:
    """Whether ``text`` holds a dash a repair is written with (not a hyphen inside a word or an id, "FD-10005"): the cheap
    look first (a comma's repair is ``_COMMA_MARKER``'s)."""
    return "--" in text or "\u2014" in text or "\u2013" in text or " - " in text or "\t-" in text or "-\t" in text


def repair_hinted(text: str) -> bool:
    """Whether ``text`` may hold a repair (a dash, an ellipsis, a comma or a bracket, and a word of one): the cheap look."""
    if not has_dash(text) and "..." not in text and "\u2026" not in text and "," not in text and "(" not in text:
        return False
    lower = text.lower()
    return any(h in lower for h in REPAIR_HINTS)


def withdrawn(text: str) -> str:
    """``text`` without what its writer took back by a repair (see the module's docstring)."""
    if not text or not repair_hinted(text):
        return text
    for _ in range(_MAX_REPAIRS):
        out = _one(text)
        if out is None:
            return text
        text = out
    return text


def _one(text: str):
    if has_dash(text):
        for m in _MARKER.finditer(text):
            start = _reparandum(text, m)
            if start is not None:
                return text[:start] + text[m.end():]
    for m in _COMMA_MARKER.finditer(text):
        start = _comma_reparandum(text, m)
        if start is not None:
            return text[:start] + text[m.end():]
    for m in _SOFT.finditer(text):
        if m.group("apology") is not None and m.group("paren") is None:
            continue
        if "mean" in (m.group("strong") or "").lower() and _ANSWER.search(text, 0, m.start()) is not None \
                and _ANSWER_HEAD.match(text[m.end():]) is None:
            continue  # an answer is no value a phrase replaces ("yes, I mean the card" takes nothing back; "no, I mean yes" does)
        sent = 0
        for e in _SENTENCE_END.finditer(text, 0, m.start()):
            sent = e.end()
        before = text[sent:m.start()]
        aligned = _soft_start(before, text[m.end():m.end() + 200]) if before.strip() else None
        if aligned is None or aligned and before[aligned - 1] in ":./-":
            continue  # (a value's part, "19" of "7:19", is no value taken back)
        rest = text[m.end():]
        close = rest.find(")", 0, 80) if m.group("paren") else -1
        if close >= 0 and "\n" not in rest[:close]:
            rest = rest[:close] + rest[close + 1:]  # the bracket the repair closes
        return text[:sent + aligned] + rest
    return None


def _comma_reparandum(text: str, m: "re.Match[str]"):
    """What a comma's repair takes back: the last value of its own kind in the sentence ("$19.60, sorry, $16.90"; "to
    your card, I mean your wallet"), or an answer for an answer ("no, I mean yes"); else nothing."""
    sent = 0
    for e in _SENTENCE_END.finditer(text, 0, m.start()):
        sent = e.end()
    before = text[sent:m.start()]
    repair = text[m.end():m.end() + 200]
    if m.group("sorry") is not None:  # "sorry" alone: an amount for an amount only, the repair a value, not a clause's
        a = _AMOUNT.match(repair)  # subject ("It's $12, sorry, it's late"; "only $16.90, sorry, $33.80 is more than you lost")
        return sent + _last(_AMOUNT, before) if a and _VALUE_END.match(repair, a.end()) and _AMOUNT.search(before) else None
    a, h = _ANSWER.search(before), _ANSWER_HEAD.match(repair)
    if a is not None and h is not None:
        return sent + a.start() if (a.group(1).lower()[:1] == "n") != (h.group(1).lower()[:1] == "n") else None
    aligned = _aligned(before, repair)
    return sent + aligned if aligned is not None else None


def _soft_start(before: str, repair: str):
    """Where a repair without a dash takes back from in ``before`` (see ``_SOFT``), or None."""
    aligned = _aligned(before, repair)
    if aligned is not None:
        return aligned
    phrase = _PHRASE_END.split(_HEDGE.sub("", repair.lstrip(), count=1), maxsplit=1)[0].split()
    if not phrase or _SUBJECT.match(phrase[0]) is not None:
        return None
    if phrase[0].lower() in _PREPOSITIONS:
        return _last(_PREPOSITION, before)
    return _after_anchor(before, 0, phrase)


def _reparandum(text: str, m: "re.Match[str]"):
    """Where what the marker ``m`` takes back starts in ``text``, or None (nothing taken back)."""
    dash = m.start()
    sent = 0
    for e in _SENTENCE_END.finditer(text, 0, dash):
        sent = e.end()
    before = text[sent:dash]
    if not before.strip():
        return None
    repair = text[m.end():m.end() + 200]
    if m.group("bare") is not None:  # round 17: an apology alone takes back only a value of the repair's own kind
        bare = _bare_value(before, repair)
        return None if bare is None else sent + bare
    aligned = _aligned(before, repair)
    if aligned is not None:
        return sent + aligned
    phrase = _PHRASE_END.split(_HEDGE.sub("", repair.lstrip(), count=1), maxsplit=1)[0].split()
    if not phrase:
        return None
    if _SUBJECT.match(phrase[0]) is None:  # a value for a value ("the Seaweed Salad -- sorry: Edamame", "as delivered --
        # sorry: out for delivery"); a phrase a preposition opens, the last one's phrase or the last word ("arrive
        # instantly -- sorry: in 3-5 business days")
        if phrase[0].lower() in _PREPOSITIONS:
            p = _last(_PREPOSITION, before)
            words = list(_WORD.finditer(before))
            return sent + (p if p is not None else words[-1].start()) if words else None
        return _after_anchor(before, sent, phrase)
    clause = 0
    for c in _CLAUSE_START.finditer(before):
        clause = c.end()
    while clause < len(before) and before[clause] in " \t":
        clause += 1
    if m.group("weak") is not None and not turned_negative(before[clause:], repair):
        return None
    if m.group("strong") is not None and _BARE_MEAN.fullmatch(m.group("strong").strip()):  # round 17: "cancel it -- I
        return None  # mean, it's out for delivery" takes no clause back (a bare "I mean" explains as often as it repairs)
    return sent + clause


def _aligned(before: str, repair: str):
    """The start of the last value in ``before`` the repair starts with: an amount's or a quoted
    string's kind, the same word or number (an auxiliary for an auxiliary: "has been dropped off --
    sorry: is ready"), else any number for a number (a range "25 to 35" as one); a hedge before
    the repair's value ("roughly", "~") is passed over."""
    head = _HEDGE.sub("", repair.lstrip(" \t*_`"), count=1)  # round 19: "-- SORRY, MY MISTAKE: **FD-10046**"
    if _ANSWER_ALONE.match(before) and _ANSWER_WORD.match(head):
        return 0  # round 19: an answer for an answer ("NO WAIT -- SORRY, I MEAN YES")
    timed = time_taken_back(before, repair)  # round 18: "instantly -- typo: in 3-5 business days" takes back "instantly"
    if timed is not None:
        return timed
    for pattern in (_AMOUNT, _QUOTED):
        m = pattern.match(head)
        if m is not None:
            return _last(pattern, before)
    opened = _OPEN_QUOTE.search(before)  # round 19: a quote open at the dash, the repair closing it ("'ordered by mistake --
    if opened is not None and len(opened.group(2).split()) <= 4 and before.count(opened.group(1)) % 2 == 1 and _CLOSES.match(head):  # sorry: no longer needed'")
        return opened.start(2)
    w = _FIRST_WORD.match(head)
    if w is None:
        return None
    word = w.group(0).lower()
    if word in _AUX:
        return _last(_AUX_WORD, before)
    if word in _FUNCTION or _SUBJECT.fullmatch(word):  # round 17: a pronoun opens a clause, it names no value ("cancel it
        return None  # -- I mean, it's out" takes back no "it")
    inner = r"(?<![\w'.:/-])" if w.group(0).isdigit() else r"(?<![\w'])"  # round 17: a number whole, not the "19" of "7:19"
    same = _last(re.compile(inner + re.escape(w.group(0)) + r"(?![\w']|[.:/-]\d)", re.IGNORECASE), before)
    if same is not None and w.group(0).isalpha() and w.group(0)[:1].isupper() and any(c.islower() for c in before):
        while True:  # a name's earlier words ("the Pad Thai -- typo: Thai Iced Tea" takes back "Pad Thai")
            p = _NAME_WORD_BEFORE.search(before[:same])
            if p is None or _ANCHOR.fullmatch(p.group(1)):
                break
            same = p.start(1)
    if same is not None and _NUMBER.match(head) is not None:  # round 16: "in 19 to 29 mins -- sorry: 29 minutes" takes the range back
        r = _RANGE_START.search(before[:same])
        same = r.start() if r is not None else same
    if same is None and _NUMBER.match(head) is not None:
        same = _last(_NUMBER, before)
        if same is not None:
            r = _RANGE_START.search(before[:same])
            same = r.start() if r is not None else same
            h = _HEDGE_BEFORE.search(before[:same])
            same = h.start() if h is not None else same
            d = _DAY_BEFORE.search(before[:same])  # a date ("on Thursday 12 March") taken back whole
            if d is not None:
                same = d.start()
            elif _MONTH_AFTER.match(before[same:]):
                o = re.search(r"(?<![\w'])on[ \t]+$", before[:same])
                same = o.start() if o is not None else same
    elif same is None and any(c.isdigit() for c in w.group(0)):  # an id or a glued amount for one ("#W1 -- sorry: #W2", "1 GB -- typo: 2GB")
        same = _last(_DIGITS, before)
        if same is None and w.group(0).isalnum():  # round 16: a code of its length right before the dash ("ifoyyz -- i mean nqnu5r")
            code = re.search(r"(?<![\w'-])[A-Za-z0-9]{%d}\W{0,3}$" % len(w.group(0)), before)
            same = code.start() if code is not None else None
    return same


def _after_anchor(before: str, sent: int, phrase: List[str]):
    """Where the words after the last anchor before the dash start (punctuation, a list marker or a
    word that heads a value: "the", "your", "to", "as", ...): the value a short repair replaces; the
    anchor too when the repair opens with it ("the Korma -- sorry: the Biryani"). A name for a name:
    its capitalized words alone ("Your usual Seaweed Salad -- sorry: Green Curry"); in capitals, as
    many words as the repair has. (An object pronoun anchors too: "reached you 4 days ago -- sorry:
    earlier today".)"""
    words = list(_WORD.finditer(before))
    first = phrase[0]
    shouted = not any(c.islower() for c in before)
    k = len(words)
    while k > 0 and not (_ANCHOR.fullmatch(words[k - 1].group(0)) or words[k - 1].group(0)[-1] in ":,;("):
        k -= 1
    if first[:1].isupper() and k < len(words):
        j = len(words)
        if shouted:
            j = max(k, len(words) - len(phrase))
        else:
            while j > k and words[j - 1].group(0)[:1].isupper():
                j -= 1
        k = j if j < len(words) else k
    elif k > 0 and (words[k - 1].group(0).lower() == first.lower()
                    or {words[k - 1].group(0).lower(), first.lower()} <= _DETERMINERS):  # "your PayPal, I mean a gift card"
        k -= 1
    return sent + words[k].start() if k < len(words) else None


_ANSWER_WORD = re.compile(r"(?:yes|yeah|yep|yup|no|nope|nah|ok|okay|sure)(?![\w'])", re.IGNORECASE)
_ANSWER_ALONE = re.compile(r"[ \t]*(?:yes|yeah|yep|yup|no|nope|nah|ok|okay)(?:[ \t,]+wait)?[ \t!.]*$", re.IGNORECASE)
_ARTICLE = re.compile(r"(?:the|your|a|an)[ \t]+", re.IGNORECASE)
_NAME_RUN = re.compile(r"(?<![\w'])(?:(?:the|your|a|an)[ \t]+)?[A-Z][\w'&-]*(?:[ \t]+[A-Z][\w'&-]*)*")
_FIELD = re.compile(r"(?<![\w'])[a-z][\w ]{0,20}:[ \t]*([\w'-]+(?:[ \t]+[\w'-]+){0,3})[ \t]*$", re.IGNORECASE)


def _bare_value(before: str, repair: str):
    """Round 17 (self-repair with an apology alone, "-- sorry, $45.13"): what an apology with no word of correction takes
    back, only a value of the kind the repair opens with: an amount for the last amount, an id or a number in digits for
    the last one, a name in capitals (after "the", "your") for the last such name with its article ("the Hiking Boots --
    sorry, the Water Bottle"), a short value after a field's label for that value ("reason: no longer needed -- sorry,
    ordered by mistake"). Anything else ("-- sorry, it's basic economy", "-- sorry, one moment") is no repair."""
    head = _HEDGE.sub("", repair.lstrip(" \t*_`"), count=1)
    if _ANSWER_ALONE.match(before) and _ANSWER_WORD.match(head):  # a reply's answer for an answer ("no -- sorry, yes")
        return 0
    timed = time_taken_back(before, repair.lstrip(" \t*_`"))  # round 20: a time for a time ("(approx. 24 hrs) -- sorry: (approx. 3-5 bus. days)")
    if timed is not None:
        return timed
    said = _AMOUNT.match(head)
    if said is not None:  # the same amount again is no repair ("$5 to $9 -- sorry: $9")
        last = _last(_AMOUNT, before)
        return None if last is None or _AMOUNT.match(before, last).group(0) == said.group(0) else last
    w = _FIRST_WORD.match(head)
    if w is not None and any(c.isdigit() for c in w.group(0)):
        return _last(_DIGITS, before)
    name = _ARTICLE.sub("", head, count=1)
    if name[:1].isupper() and any(c.islower() for c in before):
        runs = [r for r in _NAME_RUN.finditer(before) if r.start() > 0 or not r.group(0)[:1].isupper() or " " in r.group(0)]
        runs = [r for r in runs if _ARTICLE.match(r.group(0)) or r.start() > 0]
        if runs and runs[-1].end() >= len(before.rstrip(" \t,")) - 1:
            return runs[-1].start()
    phrase = _PHRASE_END.split(head, maxsplit=1)[0].split()
    if phrase and _SUBJECT.match(phrase[0]) is not None:
        return clause_redone(before, head, _CLAUSE_START)
    field = _FIELD.search(before.rstrip(" \t"))
    if field is not None and 0 < len(phrase) <= 4 and _SUBJECT.match(phrase[0]) is None:
        return field.start(1)
    return None


def _last(pattern: "re.Pattern[str]", text: str):
    last = None
    for x in pattern.finditer(text):
        last = x
    return last.start() if last is not None else None
