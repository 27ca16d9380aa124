"""A question the agent asks and answers itself in a consent message (SPEC §10, round 13's self-Q&A style, read by
``consent_questions``): "How much? $18.42. Where to? Your Mastercard. Want me to go ahead?" -- each question answered
in a few words right after it asks the customer nothing, so the consent question after them is still the last one
asked; a question asking the customer for more ("Anything else?") is one the customer answers.

- ``short_answer(sentence)``: a sentence (no question) of at most eight words that asks the customer nothing.
- ``asks_for_more(question)``: a question asking the customer for more ("Anything else?", "Can I help with anything?").
- ``answered_at_once(question, following, alone)``: a question answered by the sentence right after it (read before the
  consent question is found, so an earlier "To what?" is not taken for one; round 13, tau2).
"""

from __future__ import annotations

import re

__all__ = ["answered_at_once", "asks_for_more", "goes_on", "short_answer"]

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


# self-Q&A (round 13, tau2): a question the agent answers in its next sentence asks the customer nothing; the
# answer opens with yes or no (a stop or dash after it: "No fees apply." is no answer), or follows a question
# for information (a wh-word among its first three words, "To what?", "Where does it go?"; a noun after the,
# your or any, "The reason?"; one word answered by a value, "Total? $300.") and is no request or news of the
# agent's own ("I need it to proceed.")
_ANSWER_OPENS = re.compile(rf"^[\W_]*{_alt('yes', 'yep', 'yeah', 'no', 'nope', 'sure', 'absolutely', 'of course', 'definitely', 'not really', 'not yet', 'none', 'nothing', 'both', 'all of them')}"
                           r"\s*(?:[.,!;:\u2013\u2014]|-{1,2}(?!\w)|$)", re.IGNORECASE)
_WH = _alt("what", "what's", "where", "which", "who", "who's", "whom", "whose", "when", "why", "how", "how much", "how many")
# (round 14: "Why not go ahead and add it?", "How about I add it?" offer the act: no question the agent answers itself)
_WH_EARLY = re.compile(rf"^[\W_]*(?!(?:why\s+not|why\s+don't\s+(?:i|we)|how\s+about\s+(?:if\s+)?(?:i|we)|what\s+if\s+(?:i|we))\b)"
                       rf"(?:[\w']+\s+){{0,2}}{_WH}{_E}", re.IGNORECASE)
_BARE_NOUN = re.compile(r"^[\W_]*(?:the|your|any)\s+[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*)?\s*\?$", re.IGNORECASE)
_ONE_WORD = re.compile(r"^[\W_]*[A-Za-z][\w'-]*\s*\?$")
_VALUE_OPENS = re.compile(r"^[\W_]{0,2}(?:[$\u00a3\u20ac0-9\"'\u2018\u201c]|usd\b)", re.IGNORECASE)
# round 18: a value's name asked in one word and answered by a noun phrase ("Method? Your original payment method.",
# "Reason? The missing ribs."): the agent's own question, as "Total? $300." is
_SLOT_WORD = re.compile(r"^[\W_]*(?:method|amount|total|reason|order|items?|dish|card|address|destination|courier|driver|payment|account"
                        r"|price|fee|cost|sum|eta|date|flight|passengers?|cabin|insurance|bags?|baggage|line|plan|bill)\s*\?$", re.IGNORECASE)
_NOUN_OPENS = re.compile(r"^[\W_]{0,2}(?:your|the|a|an|my|its|their)\s+[A-Za-z]", re.IGNORECASE)
_GOES_ON = _alt("i", "i'm", "i'll", "i've", "we", "we're", "we'll", "please", "let me", "let us", "just", "also", "and", "so", "thanks",
                "thank you", "tell me", "if", "once")
_AGENT_GOES_ON = re.compile(rf"^[\W_]*{_GOES_ON}{_E}", re.IGNORECASE)


def answered_at_once(question: str, following: str, alone: bool = False) -> bool:
    """Whether ``question`` is the agent's own, answered by the sentence ``following`` it (see above); ``alone``: the
    question only asks for the yes ("OK?"), never the agent's own."""
    if following.endswith("?"):
        return False
    if _ANSWER_OPENS.match(following):
        return True
    if alone or _AGENT_GOES_ON.match(following):
        return False
    return bool(_WH_EARLY.match(question) or _BARE_NOUN.match(question) or (_ONE_WORD.match(question) and _VALUE_OPENS.match(following))
                or (_SLOT_WORD.match(question) and _NOUN_OPENS.match(following) and short_answer(following)))


def goes_on(plain: str) -> bool:
    """Whether the sentence ``plain`` is the agent going on in its own voice ("I need it for the form.", "Let me know."),
    no answer to the question before it."""
    return _AGENT_GOES_ON.match(plain) is not None
