"""Words an agent quotes as the customer's (SPEC §10 statements, round 12): "You said 'it's still being
prepared' -- actually it was delivered", "you wrote \"I paid $25\"". What stands inside such a quotation is
the customer's claim reported, not a fact the agent states (the facts readers skip it).

- ``reported_quotes(text)``: the spans of the quotations opened right after any speaker's word of saying ("our policy
  says '...'", "the note reads \"...\"", "the restaurant said '...'", round 18): words reported, not the agent's own offer.
- ``customer_quotes(text)``: the spans (start, end) of the quotations opened right after "you said",
  "you wrote", "you mentioned", "you asked", "you told me", "your message said", ... A single quote
  followed by a letter is an apostrophe inside the quotation ("it's"), not its end.

Every pattern is compiled once, linear on untrusted text (bounded repeats only).
"""

from __future__ import annotations

import re
from typing import List, Tuple

__all__ = ["customer_quotes", "inside", "reported_quotes"]

_QUOTE = re.compile(
    r"(?i)\b(?:you(?:[ \t]{1,2}(?:have|had|just))?[ \t]{1,2}(?:said|say|wrote|write|mentioned|asked|told[ \t]{1,2}(?:me|us)|typed|claimed|put)"
    r"|you['’]ve[ \t]{1,2}(?:said|written|mentioned|asked)|your[ \t]{1,2}(?:message|words|note)[ \t]{1,2}(?:said|says|read|reads))"
    r"[^'\"‘“\n]{0,24}?(?P<open>['\"‘“])(?P<body>(?:[^'\"’”\n]|['’](?=[A-Za-z])){1,300})['\"’”](?![A-Za-z])")
_CUE = ("said", "say", "wrote", "write", "mention", "asked", "told", "typed", "claimed", "put", "message", "words", "note")


def customer_quotes(text: str) -> List[Tuple[int, int]]:
    """The spans of ``text`` quoted as the customer's words (see the module docstring)."""
    if not any(q in text for q in "'\"‘“"):
        return []
    low = text.lower()
    if "you" not in low or not any(w in low for w in _CUE):
        return []
    return [(m.start("body"), m.end("body")) for m in _QUOTE.finditer(text)]


def inside(spans: List[Tuple[int, int]], at: int) -> bool:
    """Whether ``at`` falls inside one of ``spans``."""
    return any(a <= at < b for a, b in spans)


_REPORTED = re.compile(
    r"(?i)\b(?:says|said|reads|read|states|stated|wrote|writes|notes|noted|puts[ \t]{1,2}it|quoted)"
    r"[ \t]{0,3}[:,]?[ \t]{0,3}(?P<open>['\"‘“])(?P<body>(?:[^'\"’”\n]|['’](?=[A-Za-z])){1,300})['\"’”](?![A-Za-z])")


def reported_quotes(text: str) -> List[Tuple[int, int]]:
    """The spans of ``text`` quoted right after a word of saying, whoever the speaker (see the module docstring)."""
    if not any(q in text for q in "'\"‘“"):
        return []
    return [(m.start("body"), m.end("body")) for m in _REPORTED.finditer(text)]
