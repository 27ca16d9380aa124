"""A go-ahead that tells the agent to act ("go ahead", "please do", "send it through", "I hereby
consent"), and one that concedes the clause before it ("Not happy, but go ahead", "never had a
problem till now. So yes"): each asked only whether it matches (``pattern_unions.AnyOf``), its
parts gated by the words each must hold, so a reply that holds none of a part's words neither
compiles nor searches it.

``DIRECTIVE.found(text)``: a directive anywhere in ``text``. ``CONCEDING.found(text)``: ``text``
opens with a go-ahead, after a concession word ("but", "anyway", "still", "that said",
"however", ...) or not ("so yes", "ok, go ahead"). ``PUT_IT_THROUGH`` (with its leading ``|``)
is a branch of the replies' go-ahead too."""

from __future__ import annotations

import re

from tau_shaped.reward.reading.pattern_unions import AnyOf
from tau_shaped.reward.reading.reply_clauses import words
from tau_shaped.reward.reading.reply_meaning import FORMAL_ASSENT

__all__ = ["PUT_IT_THROUGH", "DIRECTIVE_WORDS", "DIRECTIVE", "CONCEDING", "CONCEDE_WORDS"]

# The call told to go through, said of "it" and closing its clause ("Send it", "Put it through now",
# "Process it please"); "Send it back to the restaurant", "send it to me in writing" say more
PUT_IT_THROUGH = (r"|(?<![\w'])(?:send|process|submit|book|ship|run|put|push)[\s\u200b]+it(?:[\s\u200b]+(?:through|over|off|in))?"
                  r"(?=[\s\u200b]*(?:(?:now|please|then|already|right[\s\u200b]+away|asap|thanks|thank[\s\u200b]+you)[\s\u200b]*)?"
                  r"(?:[.!,;\n]|$))")
_PUT_NEEDS = ("send", "process", "submit", "book", "ship", "run", "put", "push")
_FORMAL_NEEDS = ("assent", "consent", "approval", "permission", "undersigned", "customer")
# the directive phrases by a word each holds (the gate of its part)
DIRECTIVE_WORDS = (
    (("ahead",), ("go ahead", "go right ahead", "go on ahead")),
    (("go",), ("go for it", "go on")),
    (("do",), ("please do", "do it", "do that", "let's do it", "let's do that")),
    (("proceed", "make", "means", "confirm", "approve", "authorize", "you", "guest", "carry", "permission", "consent"),
     ("proceed", "please proceed", "make it so", "by all means", "i confirm", "i approve", "i authorize", "you can",
      "you may", "be my guest", "carry on", "permission granted", "i consent", "i so consent", "i hereby consent",
      "i give my consent", "you have my consent", "you have my permission", "you have my approval", "consent given",
      "i hereby authorize")),
)
_DIRECTIVE_PARTS = [PUT_IT_THROUGH[1:]] + [words(*phrases) for _, phrases in DIRECTIVE_WORDS] + [FORMAL_ASSENT[1:]]
_DIRECTIVE_NEEDS = [_PUT_NEEDS] + [needs for needs, _ in DIRECTIVE_WORDS] + [_FORMAL_NEEDS]
DIRECTIVE = AnyOf(_DIRECTIVE_PARTS, re.IGNORECASE, needs=_DIRECTIVE_NEEDS)

# Conceding: a concession word then a directive, or (round 18, BA, BG: another matter then a go-ahead) the clause opening
# with a yes or a directive. Written out part by part: ``^\W{0,8}(?:so|and\W{1,4})?(?:ok\W{1,4})?(?:D1|D2|...)`` is
# ``...D1|...D2|...`` (tests/reward/reading/test_pattern_unions.py checks it against the pattern written whole).
CONCEDE_WORDS = ("but", "anyway", "still", "regardless", "that said", "nevertheless", "however", "even so")
_CONCEDE_NEEDS = ("but", "anyway", "still", "regardless", "that", "nevertheless", "however", "even")
_YES_WORDS = ("yes", "yeah", "yep", "yup", "sure")
_AFTER_A_CONCESSION = rf"^\W{{0,8}}{words(*CONCEDE_WORDS)}\W{{1,4}}(?:please\W{{1,4}})?" + "(?:" + "|".join(_DIRECTIVE_PARTS) + ")"
_OPENING = r"^\W{0,8}(?:(?:so|and)\W{1,4})?"
CONCEDING = AnyOf([_AFTER_A_CONCESSION, _OPENING + "(?:" + "|".join(_YES_WORDS) + r")(?![\w'])"]
                  + [_OPENING + r"(?:(?:ok|okay)\W{1,4})?" + part for part in _DIRECTIVE_PARTS], re.IGNORECASE,
                  needs=[_CONCEDE_NEEDS, _YES_WORDS] + _DIRECTIVE_NEEDS)
