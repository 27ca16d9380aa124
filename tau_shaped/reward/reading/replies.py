"""A customer's reply to a confirmation, classified (SPEC §10): ``yes``, ``change``, ``no`` or
``unclear``.

The vocabulary is kept here once, for every domain (the rule files name no reply words):

- ``yes``: unconditional agreement to what was described: a word or phrase of assent ("yes",
  "sure", "go ahead", "please do", "that works", "deal", ...) and none of what follows.
- ``change``: agreement (or a refusal) that asks for something else instead: "Sure, but actually
  put it in my wallet", "Yes, make it $10", "No, refund it to my card instead", "Go ahead, but
  to 12 Elm St". A contrast ("but", "actually", "instead", "rather", "except") followed by what
  the call acts with (money, a method, an address, an item, an amount) or a verb of altering
  (put, make, change, switch, send, use, prefer, ...).
- ``no``: a refusal or a doubt on the reply's first line ("No", "Please don't", "I'm not sure",
  "Wait", "Hold on", a reply starting with "cancel" or "stop"), once the phrases that say yes
  with such a word are taken out ("no problem", "why not", "I don't need anything else"); or a
  reply that agrees to nothing and is a question or says something else at length (the policy
  asks for an explicit yes: none was given).
- ``unclear``: assent that is hedged or conditional ("I guess so", "maybe", "yes if it's
  today", "ok as long as it's the card"), or a short reply the reader cannot type (no word of
  assent or refusal, not a question: "Hmm right-o"). It makes the rule undetermined (SPEC §8)
  unless a later yes settles it.

Every pattern is linear on untrusted text (bounded or single quantifiers, no nesting); the
reply is read up to ``MAX_CHARS`` characters.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal

__all__ = ["Reply", "classify_reply", "MAX_CHARS"]

Reply = Literal["yes", "change", "no", "unclear"]
MAX_CHARS = 2000

_W = r"[\s\u00a0\u2000-\u200b\u202f]+"  # a run of spaces


def _words(*phrases: str) -> str:
    """An alternation of phrases on word boundaries, inner spaces matching any run of spaces."""
    alts = sorted(phrases, key=len, reverse=True)
    body = "|".join(_W.join(re.escape(w) for w in p.split()) for p in alts)
    return rf"(?<![\w'])(?:{body})(?![\w'])"


_ASSENT = re.compile(_words(
    "yes", "yeah", "yea", "yep", "yup", "ya", "sure", "ok", "okay", "k", "alright", "all right", "go ahead",
    "go for it", "please do", "do it", "do that", "proceed", "please proceed", "confirm", "confirmed", "i confirm",
    "correct", "that's correct", "that is correct", "that's right", "all good", "that's good", "fine", "sounds good", "sounds great",
    "sounds right", "agreed", "i agree", "agree", "accept", "i accept", "approved", "i approve", "approve",
    "perfect", "great", "absolutely", "definitely", "of course", "certainly", "that works", "works for me",
    "works", "please", "deal", "cool", "affirmative", "yes please", "let's do it", "let's do that",
    "make it so", "by all means", "go on", "i do", "that's fine", "thats fine", "exactly", "indeed", "y",
    "will do", "excellent", "lovely", "wonderful", "good to go", "that'd be great", "i'd appreciate that",
    "i would appreciate that", "awesome", "roger",
), re.IGNORECASE)

# Phrases that hold a negative word and still agree (taken out before refusals are looked for).
_YES_WITH_A_NEGATIVE = re.compile(
    rf"(?<![\w'])(?:(?:no|not){_W}(?:a{_W}|any{_W})?(?:problems?|worries|issues?|big{_W}deal|hurry|rush)"
    rf"|why{_W}not|(?:don'?t|do{_W}not){_W}mind|(?:doesn'?t|does{_W}not){_W}matter|can'?t{_W}wait"
    rf"|no{_W}need|(?:don'?t|do{_W}not){_W}(?:need|have|want){_W}(?:anything|any)(?:{_W}(?:other|more|further))?"
    rf"(?:{_W}(?:else|questions?|requests?))?|no{_W}(?:other|further|more){_W}(?:questions?|requests?)"
    rf"|(?:(?:i'm|i{_W}am){_W})?not{_W}in{_W}a{_W}(?:hurry|rush)|can'?t{_W}complain|no{_W}doubt"
    rf"|(?:don'?t|do{_W}not){_W}worry(?:{_W}about{_W}(?:it|that|the{_W}rest))?"
    rf"|(?:that|it|this)(?:'s|{_W}is){_W}not{_W}a{_W}problem|(?:wouldn'?t|would{_W}not){_W}mind"
    rf"|(?:no,?{_W})?nothing{_W}else)(?![\w'])",
    re.IGNORECASE,
)

_REFUSAL = re.compile(
    _words("no", "nope", "nah", "not", "never", "cannot", "dont", "do not", "wait", "hold on", "hang on",
           "negative", "refuse", "decline", "i decline", "rather not", "stop", "don't")
    + r"|(?<![\w'])\w*n't(?![\w'])",
    re.IGNORECASE,
)
_STARTS_CANCEL = re.compile(r"^[\s\W]*(?:cancel|stop|abort|forget it|never ?mind)(?![\w'])", re.IGNORECASE)

# A contrast, then (in the same sentence) what the call acts with or a verb of altering it.
_CONTRAST = re.compile(_words("but", "actually", "instead", "rather", "except", "however", "though"), re.IGNORECASE)
_ALTERING = re.compile(
    _words("instead", "rather", "wallet", "card", "credit", "store credit", "refund", "cash", "gift card", "paypal",
           "visa", "mastercard", "master card", "amex", "american express", "debit", "bank", "voucher", "certificate",
           "address", "street", "st", "avenue", "ave", "road", "rd", "zip", "put", "make", "change", "switch", "send",
           "use", "prefer", "different", "another", "only", "just", "half", "keep", "swap", "replace", "move", "split",
           "cancel", "remove", "add", "want", "would like", "i'd like", "economy", "business",
           "method", "payment", "amount", "item", "items")
    + r"|[$€£¥]|\d",
    re.IGNORECASE,
)
_INSTEAD = re.compile(_words("instead", "rather than", "i'd rather", "i would rather", "i prefer", "i'd prefer",
                             "i would prefer", "switch it", "change it", "make it"), re.IGNORECASE)

# Hedged or conditional assent: the words do not settle whether it was agreement.
_HEDGE = re.compile(_words(
    "i guess", "i suppose", "maybe", "perhaps", "probably", "i think so", "if you say so", "if", "as long as",
    "provided", "providing", "assuming", "only if", "unless", "depends", "it depends", "kind of", "sort of",
    "i'm not sure", "not sure", "whatever",
), re.IGNORECASE)

_SENTENCE = re.compile(r"[^.!?;\n]+")
_NORMAL = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'"})


@lru_cache(maxsize=4096)
def classify_reply(reply: str) -> Reply:
    """SPEC §10: the class of ``reply`` (a customer's answer to a confirmation)."""
    text = (reply or "")[:MAX_CHARS].translate(_NORMAL)
    first_line = next((line for line in text.split("\n") if line.strip()), "")
    cleaned = _YES_WITH_A_NEGATIVE.sub(" ", text)
    cleaned_first = next((line for line in cleaned.split("\n") if line.strip(" \t\r,.!")), "")
    assent = _ASSENT.search(cleaned) is not None
    changed = _asks_for_a_change(cleaned)
    if _REFUSAL.search(cleaned_first) or _STARTS_CANCEL.search(first_line):
        return "change" if changed and assent else "no"
    if changed:
        return "change"
    hedged = _HEDGE.search(cleaned_first) is not None
    if assent:
        return "unclear" if hedged else "yes"
    if hedged:
        return "unclear"
    words = re.findall(r"\w+", text)
    if not words or "?" in text or len(words) > 4:
        return "no"  # agrees to nothing: a question, or something else said
    return "unclear"


def _asks_for_a_change(text: str) -> bool:
    """Whether a sentence of ``text`` asks for something else: "instead", "I'd rather", or a
    contrast followed by what the call acts with or a verb of altering."""
    for m in _SENTENCE.finditer(text):
        sentence = m.group(0)
        if _INSTEAD.search(sentence):
            return True
        contrast = _CONTRAST.search(sentence)
        if contrast and _ALTERING.search(sentence, contrast.end()):
            return True
    return False
