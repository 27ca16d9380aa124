"""The domain's act, method and status words misspelt by one slip, read as the words (SPEC §10 "the text read is the text
the customer sees": a customer reads "I wil refnd $16.90 to you Mastercard" as a refund, "order FD-10025 is deliverd"
as delivered; round 19, CD: non-native and hurried writing).

``misspelt_read(text)``: each word that is one slip (a letter left out, a letter doubled, two letters next to each other
switched) from a word of ``WORDS`` and is itself no word of English a reader would take as meant (``_MEANT``: "deliver"
is no slip of "delivery"), written as that word in its case ("Refnd" -> "Refund", "CANCELL" -> "CANCEL"). The words are
long enough (six letters or more) that a slip of one is read as it by anyone. One RE2 scan (linear) of the text tells
whether any slip is there; a text holding none is returned as it is."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Dict

import re2

from tau_shaped.reward.reading.re2_search import found

__all__ = ["misspelt_read", "one_slip_forms", "WORDS"]

WORDS = ("refund", "refunded", "wallet", "cancel", "cancelled", "cancellation", "delivered", "dispatched", "mastercard")
# slips that are words of their own (the DFA a scan builds grows with the slips: the words are the few that matter most)
_MEANT = frozenset({"deliver", "cancels", "refunds", "delivers", "canceled", "canceling"})


def one_slip_forms(word: str) -> set:
    """Each spelling one slip from ``word``: a letter left out, a letter doubled, two letters next to each other switched."""
    out = set()
    for i in range(len(word)):
        out.add(word[:i] + word[i + 1:])  # a letter left out
        out.add(word[:i] + word[i] + word[i:])  # a letter doubled
        if i + 1 < len(word) and word[i] != word[i + 1]:
            out.add(word[:i] + word[i + 1] + word[i] + word[i + 2:])  # two switched
    return out


@lru_cache(maxsize=1)
def _table() -> Dict[str, str]:
    table: Dict[str, str] = {}
    for word in WORDS:
        for slip in sorted(one_slip_forms(word)):
            if slip not in WORDS and slip not in _MEANT and len(slip) >= 5:
                table.setdefault(slip, word)
    return table


@lru_cache(maxsize=1)
def _scan() -> "re2._Regexp":
    options = re2.Options()
    options.case_sensitive = False
    options.log_errors = False
    return re2.compile(r"\b(?:" + "|".join(sorted(_table(), key=lambda s: (-len(s), s))) + r")\b", options)


@lru_cache(maxsize=1)
def _slip_re() -> "re.Pattern[str]":
    return re.compile(r"(?<![\w'’-])(?:" + "|".join(sorted(_table(), key=lambda s: (-len(s), s))) + r")(?![\w'’-])", re.IGNORECASE)


def _as_cased(m: "re.Match[str]") -> str:
    slip = m.group(0)
    word = _table()[slip.lower()]
    if slip.isupper():
        return word.upper()
    return word.capitalize() if slip[0].isupper() else word


def misspelt_read(text: str) -> str:
    """``text`` with each slip of ``WORDS`` written as its word (see the module)."""
    if not text or not found(_scan(), text):
        return text
    return _slip_re().sub(_as_cased, text)
