"""An agent's question written without its mark, given one (SPEC §10, "What is read is what the
customer saw"): a step of the agent's text's normalization (``normalize.agent_seen``), so every
reader that tells a question by its "?" (consent, offers, the rule files' patterns) reads a
transcript or a quick chat line as the customer does. Only the agent's text: a customer's "sounds
good" or "want it" answers (``asks_why`` reads what a customer asks back with a question word).

A line whose last sentence ends with a letter or a digit (no ".", "!" or "?") and whose last
clause opens as a question gets a "?":

- an auxiliary before its subject: "should I", "will you be taking the insurance", "has your
  payment gone through", "does that work for you", "is it ok";
- a question word that asks: "why would I want that", "how long will it take", "what about the
  Korma", "how about the Udon";
- the elliptical questions of speech: "want me to do that", "want it", "sound good", "ok to change
  it", "ok with you", "yes or no", "any questions", a choice of two acts ("add it or skip it").

A run-on line that ends in a question with no stop before it ("... to your account would you like
that") is read alike: an auxiliary before "you", "I" or "we" among its last few words. The clause is
what follows the sentence's last comma, semicolon, colon, dash or parenthesis, past
fillers ("um", "uh", "so", "okay so"). A statement's closing clause ("..., I'll do it now",
"..., ok", "..., right") gets nothing. Linear: one pass over the lines and one anchored pattern
per line's last clause.
"""

from __future__ import annotations

import re
from tau_shaped.reward.reading.lazy_patterns import lazy
from functools import lru_cache
from typing import Optional

__all__ = ["agent_seen", "question_marks", "asks_why", "fillers_out"]

_AUX = ("does|did|is|are|was|were|will|would|can|could|shall|should|has|had|am|"
        "doesn't|didn't|isn't|aren't|won't|wouldn't|can't|couldn't|shouldn't|haven't|hasn't")
_SUBJECT = "i|you|we|it|that|this|there|they|he|she|your|my|the|our|its|these|those|everything|all|anything|someone|a|an"
# "do" and "have" open a question only before a person ("do you", "have we"): "do it", "have a
# look" are told to do; "may" and "might" before a pronoun ("May I"; "May the 22nd" is a date)
_PERSON = "i|you|we|they|he|she"
_PRONOUN = "i|you|we|they|he|she|it|that|this"
_WH = r"(?:why|how|what|where|when|who|which)(?:\s+(?:do|have|" + _AUX + r"|about|long|much|many|soon|often|come|else|not|only)\b|'s\b|'re\b)"
_ELLIPTICAL = (r"(?:wanna|want)\s+(?:me|us|it|that|this|one|some|them|the|a|an|to)\b"
               r"|(?:sounds?|seems?|looks?)\s+(?:good|ok|okay|alright|fair|right|fine)\b"
               r"|(?:ok|okay|alright|all\s+right|good|fine|cool|happy)\s+(?:to|with\s+(?:you|that|this|it)|for\s+you|by\s+you)\b"
               r"|yes\s+or\s+no\b|y/n\b|any\s+(?:questions?|objections?|interest|preference|thoughts|takers)\b|deal\s+or\s+no\s+deal\b"
               r"|you\s+(?:ok|okay|good|fine|alright)\s+with\b|you\s+(?:want|wanna)\s+(?:me|us|it|that|this|to)\b"
               # a choice of two acts on one thing: "add it or skip it", "keep it or cancel it", "book it or not"
               r"|[a-z]+\s+(?:it|that|this|them|one)\s+or\s+(?:not|[a-z]+\s+(?:it|that|this|them|one))\s*$")
_FILLERS = r"(?:(?:um+|uh+|er+|erm|hmm+|so|and|then|or|well|okay\s+so|ok\s+so|alright\s+so)[\s,]+)*"
_OPENS_A_QUESTION = re.compile(
    rf"{_FILLERS}(?:(?:{_AUX})\s+(?:{_SUBJECT})\b|(?:do|don't|have|haven't)\s+(?:{_PERSON})\b|(?:may|might)\s+(?:{_PRONOUN})\b|{_WH}|{_ELLIPTICAL})",
    re.IGNORECASE)
_ASKS_WHY = lazy(rf"{_FILLERS}(?:but[\s,]+)?(?:{_WH}|(?:what|how)\s+(?:happens|happened|now)\b)", re.IGNORECASE, needs=('how', 'what', 'when', 'where', 'which', 'who', 'why'))
# where a line's last clause starts: after its last stop (". " "! " "? "), comma, semicolon,
# colon, parenthesis or dash
# round 16: an aside set off by a pair of dashes or brackets ("Shall I add $10 -- the most there is -- to your wallet",
# "Shall I add $10 (the cap) to your wallet"): the clause it interrupts reads on after it
_ASIDES = re.compile(r"\s(?:-{1,3}|[\u2013\u2014])\s[^\n\u2013\u2014]{1,80}?\s(?:-{1,3}|[\u2013\u2014])\s|\s?\([^()\n]{0,80}\)")
# and a short add-on after a comma closing the question ("Shall I re-send the Edamame, free of charge", "..., for FD-10039")
_ADD_ON = re.compile(r"(?i),[ \t]*(?:free|for|from|at|on|to|with|as|please|then|again|too|today|now|tonight|instead|no[ \t]+charge)\b"
                     r"[^,.;:!?\n]{0,30}$")
_CLAUSE_START = re.compile(r"[.!?]\s+|[,;:()\u2013\u2014]\s*|\s-{1,3}\s*")
# a run-on line that ends in a question with no stop before it: "... to your account would you like that"
# (an auxiliary before "you", "I" or "we" in the line's last few words; not "so do I", "nor can we")
_TAIL_QUESTION = re.compile(r"(?<![\w'])(?<!so )(?<!nor )(?<!neither )(?<!than )(?<!as )"
                            r"(?:would|do|does|did|shall|should|can|could|will|may)[ \t]+(?:you|i|we)(?:[ \t]+[\w']+){0,5}[ \t]*$",
                            re.IGNORECASE)
# a filler that opens a line says nothing ("um, Pad Thai? Contains peanut, so no.", "okay so, 1. Miso Soup ..."): the
# line is read from its first word
_LEAD_FILLERS = re.compile(r"(?im)^[ \t]*(?:(?:um+|uh+|er+m?|hmm+)[ \t]*,?[ \t]+|(?:okay|ok|alright|so)[ \t]+so[ \t]*,?[ \t]+(?!long[ \t]+as\b)"
                           r"|(?:okay|ok|alright)[ \t]*,[ \t]*so[ \t]*,?[ \t]+(?!long[ \t]+as\b))+")  # ("ok, so long as ..." is a condition)


# round 17 (AY): a question asked indirectly, as the agent's wondering ("I was wondering whether you'd like 2 GB on L1002
# for $4.00.", "I wonder if you'd like me to return it."): the sentence is the question it asks, its stop read as "?"
_WONDERING = re.compile(r"(?i)(?:^|(?<=[.!?\n])[ \t]*)(?:(?:so|and|well)[ \t,]+)?i(?:['\u2019]m|[ \t]+am|[ \t]+was|[ \t]+were)?[ \t]+(?:just[ \t]+)?"
                        r"wonder(?:ing|ed)?[ \t]+(?:whether|if)[ \t]+(?:[^.!?\n]|\.(?=[0-9])){1,200}?(?P<stop>\.(?![0-9])|(?=\n)|$)")


@lru_cache(maxsize=8192)
def agent_seen(text: Optional[str]) -> Optional[str]:
    """A message of the agent's as its customer reads it: ``normalize.seen``, then its questions
    written without a mark given one."""
    from tau_shaped.reward.reading.normalize import seen

    out = seen(text)
    if out and "wonder" in out.lower():
        out = _WONDERING.sub(lambda m: m.group(0)[:m.start("stop") - m.start()] + "?", out)
    return question_marks(_LEAD_FILLERS.sub("", out)) if out else out


def fillers_out(text: str) -> str:
    """``text`` with the fillers that open its lines taken out ("um, ...", "okay so, ..."): a
    discourse marker, neither a question's word nor a customer's assent."""
    return _LEAD_FILLERS.sub("", text)


def question_marks(text: str) -> str:
    """``text`` with a "?" after each line that ends a question written without one."""
    if "\n" not in text:
        return _marked(text)
    return "\n".join(_marked(line) for line in text.split("\n"))


def _marked(line: str) -> str:
    end = line.rstrip()  # what ``[^\W_]\s*$`` finds: a letter or digit, then spaces alone
    if not (end and end[-1].isalnum()):
        return line
    if _OPENS_A_QUESTION.match(_last_clause(line)) is None and _TAIL_QUESTION.search(line) is None and not (
            ("-" in line or "(" in line or "\u2013" in line or "\u2014" in line or "," in line)
            and _OPENS_A_QUESTION.match(_last_clause(_ADD_ON.sub("", _ASIDES.sub(" ", line)))) is not None):
        return line
    return line.rstrip() + "?" + line[len(line.rstrip()):]


def _last_clause(line: str) -> str:
    start = 0
    for m in _CLAUSE_START.finditer(line):
        start = m.end()
    return line[start:].strip()


def asks_why(sentence: str) -> bool:
    """Whether ``sentence`` (a customer's, which may be written with no "?") asks with a question
    word ("why would I want that", "how long will it take"): what a reply asks back, in either
    case. The customer's other unmarked forms ("want it", "sounds good") answer, so they are not
    read as asked."""
    return _ASKS_WHY.match(sentence.strip()) is not None or _ASKS_WHY.match(_last_clause(sentence)) is not None
