"""A question the agent asks and answers itself in a consent message (SPEC §10, round 13's self-Q&A style, read by
``consent_questions``): "How much? $18.42. Where to? Your Mastercard. Want me to go ahead?" -- each question answered
in a few words right after it asks the customer nothing, so the consent question after them is still the last one
asked; a question asking the customer for more ("Anything else?") is one the customer answers.

- ``short_answer(sentence)``: a sentence (no question) of at most eight words that asks the customer nothing.
- ``asks_for_more(question)``: a question asking the customer for more ("Anything else?", "Can I help with anything?").
"""

from __future__ import annotations

import re

__all__ = ["asks_for_more", "short_answer"]

_B = r"(?<![\w'])"
_E = r"(?![\w'])"


def _alt(*words: str) -> str:
    return "(?:" + "|".join(r"\s+".join(re.escape(p) for p in w.split()) for w in sorted(words, key=len, reverse=True)) + ")"


# words of a sentence that asks the customer something: not the agent's own answer
_ASKS_THE_CUSTOMER = re.compile(rf"{_B}{_alt('let me know', 'tell me', 'please', 'kindly', 'you', 'your call', 'up to you')}{_E}",
                                re.IGNORECASE)
_ASKS_MORE = re.compile(rf"{_B}(?:{_alt('anything else', 'something else', 'anything more', 'any questions', 'any other questions', 'other questions', 'further questions', 'anything further', 'anything i can', 'can i help', 'may i help', 'help you with', 'help with anything')}){_E}",
                        re.IGNORECASE)


def short_answer(plain: str) -> bool:
    """Whether ``plain`` (not a question) may answer the question before it (self-Q&A): at most eight words, none of
    them asking the customer anything ("Your Mastercard." answers; "Let me know." asks)."""
    return len(plain.split()) <= 8 and _ASKS_THE_CUSTOMER.search(plain.replace("your ", "")) is None


def asks_for_more(question: str) -> bool:
    """Whether ``question`` asks the customer for more ("Anything else?", "Can I help with anything else?")."""
    return _ASKS_MORE.search(question) is not None
