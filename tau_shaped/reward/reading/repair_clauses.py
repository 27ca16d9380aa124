"""The clause a self-repair takes back whole (SPEC §10; read by ``normalize_repairs``): a clause said again in another
state after an apology ("I've sent the payment request -- sorry, I'm about to send it"), and a claim taken back by a
weak marker to deny it ("3RK2T9 can be cancelled -- sorry, wrong: it can't")."""

from __future__ import annotations

import re

__all__ = ["clause_redone", "turned_negative"]

_NEG = re.compile(r"\b(?:not|no|never|can't|cannot|won't|isn't|aren't|wasn't|don't|doesn't|didn't|can not|unable)\b|n't\b",
                  re.IGNORECASE)


_STATE = re.compile(r"(?<![\w'])(?:about\s+to|will|going\s+to|not\s+yet|haven't|hasn't|isn't|already|once|still)(?![\w'])|'ll\b",
                    re.IGNORECASE)
_IRREGULAR = {"sent": "send", "paid": "pay", "gave": "give", "given": "give", "made": "make", "done": "do", "gone": "go", "went": "go"}
_LEMMA_STOP = frozenset("the your you this that with about sorry just already have been will they them there then what when".split())


def _lemmas(text: str) -> set:
    out = set()
    for w in re.findall(r"[a-z]{3,}", text.lower()):
        w = _IRREGULAR.get(w, w)
        for suffix in ("ing", "ed", "es", "s"):
            if len(w) > len(suffix) + 3 and w.endswith(suffix):
                w = w[:-len(suffix)]
                break
        if w not in _LEMMA_STOP:
            out.add(w[:-1] if w.endswith("e") and len(w) > 4 else w)  # "enable" and "enabled" alike
    return out


def clause_redone(before: str, repair: str, clause_start: "re.Pattern[str]"):
    """Round 17: an apology, then a clause that says the clause before the dash again with its verb in another state ("I've
    sent the payment request -- sorry, I'm about to send it", "I'll send it -- sorry, I've already sent it"): the start of
    that clause, taken back. A clause that shares no verb ("-- sorry, it's basic economy") or says no other state ("--
    sorry, it takes 5-7 days to refund") is none."""
    first = re.split(r"[.!?;\n]", repair, maxsplit=1)[0]
    clause = 0
    for c in clause_start.finditer(before):
        clause = c.end()
    if _STATE.search(first) is None or not (_lemmas(before[clause:]) & _lemmas(first)):
        return None
    while clause < len(before) and before[clause] in " \t":
        clause += 1
    return clause


def turned_negative(reparandum: str, repair: str) -> bool:
    """Whether a weak marker takes back a claim to deny it: the repair's clause negated, what it
    takes back not ("3RK2T9 can be cancelled -- sorry, wrong: it can't")."""
    first = re.split(r"[.!?;:\n]", repair, maxsplit=1)[0]
    return _NEG.search(first) is not None and _NEG.search(reparandum) is None
