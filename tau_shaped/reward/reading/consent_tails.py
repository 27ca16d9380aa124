"""What a consent message says after its question (SPEC §10, issue 41 round 19, styles CG/CH and round 18's long tail):
"Shall I return the Water Bottle and refund $45.13 to your PayPal? The refund will go to your credit card instead.",
"... to your PayPal*?\\n* the refund will instead go to a gift card balance." A statement after the last question mark
that routes the money (it "will go", "will be sent", "goes", "is credited" ... to a method, or does so "instead")
tells where the money goes as plainly as the question did, and the later word is the one a person acts on: a method of
another kind said there is another call, though the question named the call's ("it'll go to a gift card": round 20). Read only when the message holds a
question mark and a word of another kind (the caller's cheap tests). Not read as routing: a method offered ("or",
"if you prefer", "could", "can", "unless"), denied ("not to your gift card"), said as what would have been ("would
have gone"), or named with no routing words ("your gift card balance stays at $20")."""

from __future__ import annotations

import re
from typing import Iterable, Optional, Tuple

__all__ = ["tail_after_question", "routed_in_tail", "money_routed", "later_amount"]

_MARKS = "*\u00b9\u00b2\u00b3\u2020"
_FOOTNOTE = re.compile(r"\n[ \t]*([*\u00b9\u00b2\u00b3\u2020])[ \t]*(?=\w)")  # a footnote line: "\n* the refund ...", "\n¹ In total"
_SENTENCE_START = re.compile(r"(?:[!?\n]|\.(?!\d))(?:[^.!?\n]|\.(?=\d))*$")
# the money routed: a modal or present form of a verb of moving money, or "instead"/"rather" (bounded: linear)
_ROUTING = re.compile(
    r"(?i)(?:(?<![\w'])|(?<=\w)(?=['\u2019]ll))(?:(?:will|shall|would|['\u2019]ll|is[ \t]+going[ \t]+to|are[ \t]+going[ \t]+to)[ \t]+(?:instead[ \t]+|actually[ \t]+|now[ \t]+|then[ \t]+|rather[ \t]+)?"
    r"(?:go|land|be[ \t]+(?:sent|issued|credited|refunded|charged|paid|put|applied|returned|moved|made|routed|deposited))"
    r"|goes|lands|(?:is|are|gets|get)[ \t]+(?:instead[ \t]+|actually[ \t]+|now[ \t]+)?(?:sent|issued|credited|refunded|charged|paid|put|applied|returned|routed|deposited)"
    r"|instead|rather)(?![\w'])")
_OFFERED = re.compile(r"(?i)(?<![\w'])(?:or|if|could|can|unless|prefer|preferred|would[ \t]+have|could[ \t]+have|might|may|option|either)(?![\w'])")
# an amount said as the money the call moves: "the refund will be $54.13", "the total comes to", "you'll get $54.13 back"
_AMOUNT_FRAME = re.compile(
    r"(?i)(?<![\w'])(?:(?:refund|price|charge|total|cost|difference|amount|it|that|this)(?:[ \t]+\w+){0,2}(?:[ \t]+(?:will|shall|would|is[ \t]+going[ \t]+to)|['\u2019]ll)"
    r"[ \t]+(?:instead[ \t]+|actually[ \t]+|now[ \t]+|then[ \t]+|rather[ \t]+)?(?:be|come[ \t]+to|total|amount[ \t]+to)"
    r"|(?:you|you'll|you[ \t]+will)[ \t]+(?:get|receive)(?:[ \t]+back)?|(?:refund|price|charge|total|cost|difference|amount)[ \t]*(?:is|:|=))"
    r"(?:[^.!?\n]|\.(?=\d)){0,12}$")
_INSTEAD_AFTER = re.compile(r"(?i)[^.!?\n]{0,40}?(?<![\w'])(?:instead|rather)(?![\w'])")


def tail_after_question(text: str) -> Optional[Tuple[int, str]]:
    """Where the text that follows the message's question starts, and that text: after its last question mark, or from
    a footnote line whose mark a word above carries ("PayPal*" ... "\\n* the refund will instead ...") or the one line
    opened by its mark (a list has several; the mark on the word may have been read past as markup), whichever comes
    first; None when there is neither (or nothing but spaces and marks follow the question)."""
    at = text.rfind("?")
    start = at + 1 if at >= 0 and text[at + 1:].strip(_MARKS + " \t\n") else -1
    if "\n" in text:
        for m in _FOOTNOTE.finditer(text):
            mark = m.group(1)
            if (start < 0 or m.start() < start) and (re.search(r"[\w)%]" + re.escape(mark), text[:m.start()])
                                                     or text.count("\n" + mark) + text.count("\n " + mark) == 1):
                start = m.start()
                break
    return None if start < 0 else (start, text[start:])


def routed_in_tail(tail: str, named: Iterable[Tuple[str, str, int, bool]]) -> Optional[str]:
    """The first method kind of ``named`` (``reply_values.methods_in(tail)``: kind, words, where, denied) that ``tail``
    routes the money to: the sentence it is in holds routing words before it (or "instead" right after it), and no
    word offering or supposing it."""
    for kind, words, start, denied in named:
        if denied or not kind or kind == "original":
            continue
        m = _SENTENCE_START.search(tail, 0, start)
        begin = m.start() + 1 if m else 0
        before = tail[begin:start]
        after = _INSTEAD_AFTER.match(tail, start + len(words))
        if not (_ROUTING.search(before) or after):
            continue
        end = after.end() if after else start + len(words)
        if _OFFERED.search(tail, begin, end) is None:
            return kind
    return None


def money_routed(text: str, begin: int, at: int, frame: "re.Pattern[str]" = _AMOUNT_FRAME) -> bool:
    """Whether the amount at ``at`` (in the tail starting at ``begin``) is said as the money the call moves, in a
    sentence that neither offers nor supposes it ("The refund will be $54.13.", "Total: $54.13", not "If you add the
    boots, the refund would be $299.02")."""
    m = _SENTENCE_START.search(text, begin, at)
    start = m.start() + 1 if m else begin
    return frame.search(text, start, at) is not None and _OFFERED.search(text, start, at) is None


# round 19 (lead): the refund's own amount said after the question, as what it comes to ("Shall I refund $5.91 to your
# wallet? It comes to $9.51 after adjustments.", "... ?* \n* the refund will be $9.51"): narrower than ``_AMOUNT_FRAME``
# (a "total" or a "price" after the question is context: "For reference, your order total: $9.51")
_REFUND_FRAME = re.compile(
    r"(?i)(?<![\w'])(?:(?:refund|credit|compensation|it|that|this|which)(?:[ \t]+\w+){0,2}[ \t]+"
    r"(?:(?:will|shall|'ll|is[ \t]+going[ \t]+to)[ \t]+(?:instead[ \t]+|actually[ \t]+|now[ \t]+|then[ \t]+)?(?:be|come[ \t]+to|amount[ \t]+to)"
    r"|(?:comes|amounts|works[ \t]+out)[ \t]+to)|you(?:'ll|[ \t]+will)[ \t]+(?:get|receive)(?:[ \t]+back)?"
    r"|(?:refund|credit)(?:[ \t]+amount)?[ \t]*(?:is|:|=))(?:[^.!?\n]|\.(?=\d)){0,12}$")


def later_amount(text: str, own: Iterable[float]) -> Optional[float]:
    """An amount the text's tail after its question says the write moves (``_REFUND_FRAME``, not offered nor supposed,
    not denied) that is none of ``own`` (the call's amounts), or None: the later word, as ``routed_in_tail`` reads a
    method."""
    tail = tail_after_question(text)
    if tail is None:
        return None
    from tau_shaped.reward.reading.amounts import stated_amounts
    from tau_shaped.reward.reading.negation import Negations

    mine = [round(float(o), 2) for o in own]
    negated = Negations(text)
    for a in stated_amounts(text):
        if a.start < tail[0] or any(abs(a.value - o) < 0.005 for o in mine) or negated(a.start, value=True):
            continue
        if money_routed(text, tail[0], a.start, _REFUND_FRAME):
            return round(a.value, 2)
    return None
