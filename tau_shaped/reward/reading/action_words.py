"""The words that name a kind of write, kept once for every domain (SPEC §10: a confirmation
names the action "by any wording that means it").

A rule file's confirmation names, per write tool, one of the kinds of ``ACTIONS`` (``"verbs":
{"issue_refund": "money_to_customer"}``) or its own list of words. A word is found at the start
of a word with its inflections ("cancel": cancels, cancelled, canceling, cancellation; "refund":
refunded, refunding; "propose": proposed, proposal), in any case, and an identifier's
underscores read as spaces ("cancel_pending_order" names a cancellation): ``names_action``.

``confirmation_text`` is the view of an agent's message that a confirmation is read in: a
call's arguments listed as JSON or ``key=value`` lines state the same as prose (underscores as
spaces, so ``"method": "wallet_credit"`` states the wallet; quotes and braces are left to the
word boundaries).
"""

from __future__ import annotations

import re
from tau_shaped.reward.reading.lazy_patterns import lazy
from functools import lru_cache
from typing import Dict, List, Optional, Sequence, Tuple

from tau_shaped.reward.reading.message_looks import look

__all__ = ["ACTIONS", "names_action", "confirmation_text", "action_words", "kept_as_is"]

ACTIONS: Dict[str, Tuple[str, ...]] = {
    "cancel": ("cancel", "call off", "void", "abort", "cxl", "canx"),  # ticket shorthand: "cxl Z7GOZK?"
    "money_to_customer": (
        "refund", "credit", "reimburse", "pay back", "pay you back", "give back", "money back", "back", "return",
        "add", "put", "deposit", "top up", "compensate", "send", "give", "transfer", "issue",
        "comp",  # round 13: a macro's shorthand ("Late delivery comp.", "Comp: $4.67")
    ),
    "apology_credit": ("apology", "apologize", "apologise", "credit", "compensate", "goodwill", "gesture", "add",
                       "make up", "give", "issue"),
    "address_change": ("address", "addr", "deliver", "delivery", "redirect", "ship", "send it to", "destination",
                       "drop off", "reroute", "send", "move", "update", "change", "switch", "go to", "goes to",
                       "going to", "bring", "take it to", "head to", "heads to"),
    "replacement_order": ("replace", "replacement", "resend", "send again", "send", "new order", "remake",
                          "redeliver", "reorder", "again"),
    "substitution": ("substitute", "substitution", "swap", "replace", "instead", "switch", "propose",
                     "alternative", "exchange", "in place of", "in lieu of"),  # round 16: "the Margherita Pizza in place of ..."
    "dispatch_courier": ("courier", "driver", "dispatch", "reassign", "assign", "rider"),
    "route": ("route", "stops", "plan", "sequence", "itinerary", "stop order", "visit order", "delivery order",
              "drop order", "order of stops", "order of the stops", "order of deliveries", "order of the deliveries",
              "planner", "sort", "optimize", "optimise"),  # round 14: "have the planner sort FD-1, FD-2 and FD-3"
    "escalate": ("escalate", "specialist", "team", "review", "pass your", "pass it", "forward", "refer"),
    "book": ("book", "booking", "reserve", "reservation", "purchase", "buy"),
    "baggage": ("bag", "baggage", "luggage", "suitcase", "checked"),
    "flight_change": ("flight", "cabin", "upgrade", "downgrade", "change", "modify", "modified", "modification",
                      "update", "rebook", "switch",
                      "move", "class"),
    "passengers": ("passenger", "traveler", "traveller", "name", "passenger details", "pax"),
    "certificate": ("certificate", "cert", "voucher", "compensation", "compensate", "credit"),  # round 10b: "travel cert"
    "payment_change": ("payment", "pay", "charge", "card", "gift card", "paypal", "switch", "change", "bill", "pmt"),
    "item_change": ("modify", "modified", "modification", "change", "exchange", "swap", "switch", "replace", "update"),
    "return": ("return", "refund", "send back", "go back"),  # round 17: "the Water Bottle can go back, $45.13 to your PayPal"
    "exchange": ("exchange", "change", "swap", "switch", "replace", "trade", "receive"),  # "returning X, receiving Y"
}

# Inflections after a word's stem ("cancel" + "lation", "refund" + "ed"); a final "e" may drop
# before one that starts with a vowel ("propose": proposing, proposal).
_SUFFIX = r"(?:s|es|d|ed|ing|ling|led|lled|lling|ion|ions|ation|ations|lation|lations|al|als|ment|ments|er|ers)?"
_SPACE = r"(?:[\s\u00a0]+|[\s\u00a0]*-[\s\u00a0]*)"  # "drop off", "drop-off"


# The verb that opens a phrase ("call off", "top up", "send back") in each of its forms: the
# phrase's other words follow it unchanged ("called off", "topped up", "sent back").
_PHRASE_HEADS = {
    "call": "calls|called|calling", "drop": "drops|dropped|dropping", "give": "gives|gave|given|giving",
    "make": "makes|made|making", "pay": "pays|paid|paying", "send": "sends|sent|sending",
    "top": "tops|topped|topping", "pass": "passes|passed|passing", "go": "goes|went|gone|going",
}


def _word_stem(word: str) -> str:
    """A word's pattern up to its inflection (``_SUFFIX``)."""
    parts = [re.escape(p) for p in word.lower().split()]
    last = parts[-1]
    if word.endswith("e") and len(word) > 3:
        last = f"(?:{last}|{re.escape(word.split()[-1][:-1])})"
    if len(parts) > 1 and parts[0] in _PHRASE_HEADS:
        # its object may stand between the verb and its particle ("top it up", "call the order off")
        parts[0] = f"(?:{parts[0]}|{_PHRASE_HEADS[parts[0]]})" + (_OBJECT if len(parts) == 2 else "")
    return _SPACE.join(parts[:-1] + [last])


# a short object between a phrasal verb and its particle: a pronoun, a possessive or "the" and
# a word, or an id ("top it up", "top your line up", "top L1002 up", "call the order off")
_OBJECT = r"(?:[\s\u00a0]+(?:it|them|you|him|her|this|that|(?:your|the|my|this|that|our)[\s\u00a0]+[\w-]+|[A-Za-z]{0,4}[0-9]{2,}))?"


def _word_pattern(word: str) -> str:
    return r"(?<![\w])" + _word_stem(word) + _SUFFIX + r"(?![\w])"


@lru_cache(maxsize=256)
def _pattern_text(words: Tuple[str, ...]) -> Optional[str]:
    """``"|".join(_word_pattern(w) for w in words)`` with the word start, the inflection and the
    word end written once around the stems: the same matches, tried in the same order (each stem
    in turn, with each inflection), compiled in a third of the time; None for no words."""
    stems = [_word_stem(w) for w in words if w.strip()]
    return r"(?<![\w])(?:" + "|".join(stems) + ")" + _SUFFIX + r"(?![\w])" if stems else None


@lru_cache(maxsize=256)
def _pattern(words: Tuple[str, ...]) -> Optional["re.Pattern[str]"]:
    """``_pattern_text(words)`` compiled case-blind (when a batch first reads a text its case-sensitive
    twin cannot: one beyond ASCII, or a rule's own words with a capital)."""
    text = _pattern_text(words)
    return re.compile(text, re.IGNORECASE) if text is not None else None


# What a pattern's text may not hold for its case-sensitive twin to read a text in lower case as the
# pattern reads the text: a capital letter (but in "A-Za-z", a range closed under case), an escape that
# may stand for one (\x, \N, octal; \u but the no-break space's) or a flag turned off in a group.
_CASED = re.compile(r"[A-Z]|\\[xN0-7]|\\u(?!00a0)|\(\?[a-zA-Z]*-")


@lru_cache(maxsize=256)
def _low_pattern(words: Tuple[str, ...]) -> Optional["re.Pattern[str]"]:
    """``_pattern(words)`` case-sensitive, for an ASCII text in lower case (the same matches at the same
    places: its letters are lower case, its only class of letters holds both cases), or None when its text
    is not ASCII or may match a capital (a rule's own word "Propose" keeps its capital in "Propos")."""
    text = _pattern_text(words)  # made from the text alone: the case-blind pattern is compiled only if read
    if text is None or not text.isascii() or _CASED.search(text.replace("A-Za-z", "")):
        return None
    return re.compile(text)


def action_words(verbs: "str | Sequence[str]") -> Tuple[str, ...]:
    """The words of a kind of ``ACTIONS`` (a string) or the list itself; an unknown kind raises
    KeyError (the rule file is refused when loaded)."""
    return ACTIONS[verbs] if isinstance(verbs, str) else tuple(verbs)


def names_action(text: str, verbs: "str | Sequence[str]", to_come: bool = False) -> Optional[str]:
    """The first word of ``text`` that names the action (a kind or a list of words) and is not
    negated ("I can't cancel it" names no cancellation: a negation among the 3 words before it,
    in the same clause), or None. ``to_come``: an action said as done ("I've refunded it", "the
    refund ... is done") or as what would have been ("Normally I'd refund it") names none either
    (a confirmation describes a write to come)."""
    words = action_words(verbs)
    return _kept_action(text, words, to_come) if len(text) <= 2048 else _read_action(text, words, to_come)


def _read_action(text: str, words: Tuple[str, ...], to_come: bool = False) -> Optional[str]:
    low = _low_pattern(words) if text.isascii() else None  # an ASCII text read in lower case by the twin
    if low is None:
        pattern = _pattern(words)
        if pattern is None:
            return None
        found_all = pattern.finditer(text)
    else:
        found_all = low.finditer(text.lower())
    for found in found_all:
        if found.group(0).lower().startswith("credit") and (
                _PART_OF_A_NAME.match(text, found.end()) or _METHOD_BEFORE.search(text, max(0, found.start() - 12), found.start())):
            amount = _AMOUNT_AS.search(text, max(0, found.start() - 150), found.start()) or _OF_AMOUNT.match(text, found.end())
            if amount is None or _PAID_BEFORE.search(text, max(0, amount.start() - 40), amount.start()):
                continue  # "credit card", "your wallet credit": a method's name ("$18.42 wallet credit" credits it; "you paid $1.49
                # as wallet credit before" names what paid)
        if _INSTEAD_OF.search(text, max(0, found.start() - 48), found.start()):
            continue  # "a refund instead of a new courier": the action set aside is not the one named
        if found.group(0)[:4].lower() == "sort" and not _SORT_OBJECT.match(text, found.end()) \
                and not _SORTED_OBJECT.search(text, max(0, found.start() - 48), found.start()):
            continue  # round 17: "Shall I sort this out?", "sort of": no stops, orders or route sorted (a route is named)
        if (not _negated_nearby(text, found.start()) and not _denied_after(text, found.end())
                and not (to_come and _said_done_or_unreal(text, found))):
            return text[found.start():found.end()]  # as the text has it
    return None


# The alternative set aside: "instead of a new courier", "rather than cancelling it", "in place of
# the refund" (the action named after it is the one not proposed); up to three words between.
_INSTEAD_OF = re.compile(r"(?<![\w'’])(?:instead[\s\u00a0]+of|rather[\s\u00a0]+than|in[\s\u00a0]+place[\s\u00a0]+of|as[\s\u00a0]+opposed[\s\u00a0]+to|in[\s\u00a0]+lieu[\s\u00a0]+of)"
                         r"(?:[\s\u00a0]+[\w'’$.-]+){0,3}[\s\u00a0]+$", re.IGNORECASE)


# "sort" names a route only of the stops: an order id, stops, deliveries, drops, orders or a route after it ("sort FD-1 and
# FD-2", "sort out the route", "sort your stops") or before it ("get your stops sorted"); "sort it out", "sort of" name none
_SORT_OBJECT = re.compile(r"[^.!?;\n]{0,40}?(?<![\w])(?:[A-Za-z]{2}-[0-9]|stops?(?![\w])|deliver|drops?(?![\w])|orders?(?![\w])|route|runs?(?![\w]))",
                          re.IGNORECASE)
_SORTED_OBJECT = re.compile(r"(?<![\w])(?:[A-Za-z]{2}-[0-9]+|stops|deliveries|drops|orders|route)(?:[\s\u00a0]+[\w'’]+){0,2}[\s\u00a0]+$",
                            re.IGNORECASE)
# a task's rollouts repeat their messages: a short one's answer is read once and kept, bounded
_kept_action = lru_cache(maxsize=2048)(_read_action)
_NEGATION = lazy(r"(?<!\w)(?:not|never|no|none|no longer|cannot|\w+n['’]t|unable|won't)(?!\w)", re.IGNORECASE, needs=('cannot', 'never', 'no', 'no longer', 'none', 'not', 't', 'unable', "won't"))
_CLAUSE = re.compile(r"[.,;:!?\n()\[\]]")  # a note in parentheses ("(no allergens)") ends before what follows it


def _denied_after(text: str, end: int) -> bool:
    """``_NEGATED_AFTER`` or ``_DENIED_LATER`` matches at ``end``; neither is tried on an ASCII text whose lower case
    holds none of the words every match of it holds (each match is of the text: a word it needs is in the text)."""
    low = look(text).low if text.isascii() else None  # (a case-blind letter matches no other in ASCII)
    if (low is None or any(w in low for w in _NEGATED_WORDS)) and _NEGATED_AFTER.match(text, end):
        return True
    return (low is None or "but" in low) and _DENIED_LATER.match(text, end) is not None


# what every match of ``_NEGATED_AFTER`` holds: "not" (cannot), "n't" (isn't, won't, can't), "never", or the words of
# "is impossible", "is out of the question", "is off the table" (tests/reward/reading/test_action_words_gates.py)
_NEGATED_WORDS = ("not", "n't", "never", "impossible", "question", "table")


# The action said and then denied in its own clause: "a refund of $16.90 isn't something I can do",
# "cancelling it is not possible", "that refund can't be processed" (bounded: linear).
_CLAUSE_REST = r"(?:[^.!?;,\n\u2014\u2013]|\.(?=\d)|,(?=\d))"
_NEGATED_AFTER = re.compile(
    rf"{_CLAUSE_REST}{{0,160}}?(?<![\w'’])(?:"
    r"(?:(?:is|are|was|were|would|will|it's|that's|which|'s)(?:\s+(?:be|really|sadly|currently|simply|just))?\s+(?:not|never)"
    r"|isn['’]t|aren['’]t|wasn['’]t|weren['’]t|(?:wouldn|won)['’]t\s+be|(?:would|will)\s+not\s+be)"
    r"(?:\s+(?:really|something|an?|in|within|my|going|to|be))*\s+"
    r"(?:possible|something|option|allowed|permitted|available|doable|feasible|happen|happening|power|able|authori[sz]ed|eligible|approved)"
    r"|(?:can['’]t|cannot|can\s+not|won['’]t|couldn['’]t|could\s+not|will\s+not)\s+be\s+"
    r"(?:done|processed|issued|made|given|arranged|approved|offered|granted|completed|applied|cancell?ed|refunded)"
    r"|is\s+(?:impossible|out\s+of\s+the\s+question|off\s+the\s+table|not\s+on\s+the\s+table))(?![\w'’])",
    re.IGNORECASE)
# The action said, then taken back by a contrast in the same sentence: "I was going to refund $16.90,
# but I can't", "..., but that isn't possible" (not "but I can't refund more than that").
_DENIED_LATER = lazy(
    r"(?:[^.!?;\n]|\.(?=\d)){0,200}?(?<![\w'’])but\s{1,3}(?:"
    r"(?:i|we)(?:['’]m|\s{1,3}am|['’]re|\s{1,3}are)?\s{1,3}(?:can['’]t|cannot|can\s{1,3}not|won['’]t|will\s{1,3}not"
    r"|not\s{1,3}able\s{1,3}to|unable\s{1,3}to|not\s{1,3}allowed\s{1,3}to)(?:\s{1,3}(?:do|offer|manage)\s{1,3}(?:that|it|this|so))?"
    r"(?:\s{1,3}(?:right\s{1,3}now|today|anymore|any\s{1,3}more))?\s*(?:[.!?,;]|$)"
    r"|(?:that|this|it)(?:(?:['’]s|\s{1,3}is)\s{1,3}not|\s{1,3}isn['’]t)\s{1,3}(?:possible|allowed|an\s{1,3}option|doable)"
    r"(?:\s{1,3}(?:right\s{1,3}now|today|anymore))?\s*(?:[.!?,;]|$)"
    # "..., but policy doesn't allow it", "but the system won't let me"
    r"|(?:the\s{1,3}|our\s{1,3})?(?:policy|rules?|system)\s{1,3}(?:doesn['’]t|does\s{1,3}not|won['’]t|will\s{1,3}not|can['’]t)"
    r"\s{1,3}(?:allow|let|permit))",
    re.IGNORECASE, needs=('but',))
# The action said as done ("I've refunded $16.90", "I went ahead and refunded it", "the refund ...
# is done") or as what would have been ("Normally I'd refund it", "If you had told me, I'd refund
# it"): no write to come is described.
_HAVE_DONE = r"\b(?:i|we)(?:['’]ve|\s+have)(?:\s+(?:just|already|now|successfully))?"
_DONE_BEFORE = re.compile(
    rf"(?:{_HAVE_DONE}|{_HAVE_DONE}\s+(?!got\b|gotten\b)\w+(?:ed|t|n|de)(?:\s+\w+){{0,3}}"
    r"|\bwent\s+ahead\s+and(?:\s+\w+){0,3}|\b(?:i|we)\s+(?:just|already)(?:\s+\w+ed(?:\s+\w+){0,3})?)\s+$", re.IGNORECASE)
_DONE_AFTER = lazy(
    rf"{_CLAUSE_REST}{{0,80}}?(?<![\w'’])(?:is|are|has\s+been|have\s+been|was|were)\s+(?:now\s+|already\s+|all\s+)?"
    r"(?:done|complete|completed|processed|issued|finished|through|sent|approved)(?![\w'’])", re.IGNORECASE, needs=('approved', 'complete', 'completed', 'done', 'finished', 'issued', 'processed', 'sent', 'through'))
_UNREAL = lazy(
    r"(?:\b(?:normally|usually|ordinarily|typically|otherwise|in\s+theory)\s+(?:i|we)(?:['’]d|\s+would|\s+could)"
    r"|\bif\s+(?:you|it|we|i|they|the\s+\w+)\s+had\b(?:[^.!?;\n]){0,80}?\b(?:i|we)(?:['’]d|\s+would|\s+could))(?:\s+\w+){0,3}\s+$",
    re.IGNORECASE, needs=('had', 'normally', 'ordinarily', 'otherwise', 'theory', 'typically', 'usually'))
_FUTURE = re.compile(r"(?<![\w'’])(?:will|shall|should|may|might|can|could|would|going\s+to|about\s+to|once|if|when|want|like|(?<!as\s)(?<!than\s)before)(?![\w'’])"
                     r"|['’]ll\b|n['’]t\s+(?:i|we)\b",  # round 14: "Should I just cancel it?", "Why don't I just refund it?": to come
                     # (round 19: "Same as before: the refund ... is done" is no "before" of a write to come)
                     re.IGNORECASE)


def _said_done_or_unreal(text: str, found: "re.Match[str]") -> bool:
    start = found.start()
    before = text[max(0, start - 120):start]
    cut = max((m.end() for m in re.finditer(r"[.!?;\n](?!\d)", before)), default=0)
    before = before[cut:]
    if _UNREAL.search(before):
        return True
    if _FUTURE.search(before):
        return False
    return bool(_DONE_BEFORE.search(before)) or bool(_DONE_AFTER.match(text, found.end()))


_METHOD_BEFORE = re.compile(r"(?<!\w)(?:wallet|store|account)[\s\u00a0]{1,3}$", re.IGNORECASE)
_PART_OF_A_NAME = re.compile(r"[\s\u00a0]{1,3}cards?(?!\w)", re.IGNORECASE)
# round 14 (a menu's option): an amount said as the method's credit, "$18.42 wallet credit", "$16.90 as wallet
# credit", "wallet credit of $5": the act of crediting, named by its method
# (round 18: an aside between the amount and its method, "$14.08 (out of the $99.50 you paid) as wallet credit",
# "$14.08 -- of your $99.50 -- in store credit": the amount still binds the method)
_ASIDE_BODY = r"(?:[ \t\u00a0]*\([^()\n]{1,90}\)|[ \t\u00a0]+(?:--|[\u2013\u2014])[^\n\u2013\u2014]{1,90}?(?:--|[\u2013\u2014]))"
_AMOUNT_AS = re.compile(r"(?:[$\u20ac\u00a3][\s\u00a0]?\d[\d,]*(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?[\s\u00a0]?(?:dollars?|usd|bucks))"
                        + _ASIDE_BODY + r"?[\s\u00a0]+(?:(?:as|in|of)[\s\u00a0]+)?(?:wallet|store|account)[\s\u00a0]{1,3}$", re.IGNORECASE)
_PAID_BEFORE = re.compile(r"(?<![\w'])(?:paid|spent|used|had|got|received|earned|was|were|charged)(?:[\s\u00a0]+(?:with|in|as|from))?"
                          r"[\s\u00a0]{1,3}$", re.IGNORECASE)
_OF_AMOUNT = re.compile(r"[\s\u00a0]+of[\s\u00a0]+(?:[$\u20ac\u00a3]|usd[\s\u00a0]?)?\d", re.IGNORECASE)


def _negated_nearby(text: str, start: int) -> bool:
    before = text[max(0, start - 60):start]
    cut = max((m.end() for m in _CLAUSE.finditer(before)), default=0)
    words = [w for w in before[cut:].split() if w.lower() not in _FILLERS][-3:]
    if len(words) >= 2 and words[-2].lower() == "why" and words[-1].lower() == "not":
        return False  # round 14: "Why not refund it?": a suggestion, no negation
    # round 14: a negative question's auxiliary before its subject ("Shouldn't I just cancel it?", "Why don't I refund it?",
    # "Can't we add it?") offers the act: its "n't" denies nothing
    words = [w for k, w in enumerate(words) if not (k + 1 < len(words) and _INVERTED.match(w) and words[k + 1].lower() in ("i", "we"))]
    return _NEGATION.search(" ".join(words)) is not None


_INVERTED = lazy(r"(?i)^(?:shouldn|couldn|wouldn|can|don|won|mightn|needn)['’]t$", needs=('can', 'couldn', 'don', 'mightn', 'needn', 'shouldn', 'won', 'wouldn'))


# words between a negation and the action that say nothing of it ("I won't be able to send it",
# "we're not going to be able to refund it"): skipped when the 3 words before are read
_FILLERS = frozenset({"be", "able", "to", "going", "gonna", "really", "actually", "even", "ever", "currently",
                      "just", "possibly", "afraid", "sadly", "unfortunately", "allowed", "permitted"})


_IDENTIFIER_UNDERSCORE = re.compile(r"_")


# An amount moved by an arrow or a preposition of where it goes ("$16.90 → wallet", "2 GB -> L1002",
# "$16.90 onto your card"): the amount added to where it points, an action said in a sign; not
# after a word of money the customer pays ("charged $16.90 to your card", "Fee: $4 → card")
_AMOUNT = (r"((?:(?:\$|usd|us\$)[ \t]?[0-9][0-9,]*(?:\.[0-9]+)?|[0-9]+(?:[.,][0-9]+)?[ \t]?(?:gb|gigs?|gigabytes?|dollars?|usd|bucks|cents?|\$)"
           r"(?:[ \t]+and[ \t]+(?:[0-9]{1,2}|one|two|three|four|five|six|seven|eight|nine|a)[ \t]+cents?)?|(?<![\w.-])[0-9]{1,4}\.[0-9]{2}(?![\w.]))"
           r"(?:[ \t]+(?:back|refund(?:ed)?|credit(?:ed)?))?)")
# (round 18: an aside after the amount, "$14.08 (out of the $99.50 you paid) as wallet credit", kept in the text)
_ASIDE = "(" + _ASIDE_BODY + "?)"  # (kept in the text: group 2)
_MOVED = re.compile(_AMOUNT + _ASIDE + r"(?:[ \t]*(?:→|->|=>|⟶|➜|➡️?|⇒)[ \t]*"
                    r"|[ \t]+(?:back[ \t]+)?(?:to|onto|into)[ \t]+(?=(?:your|the|my)[ \t])"
                    # "And $1.49 as wallet credit. Is that OK?": the amount given as credit in the wallet
                    r"|[ \t]+(?:as|in)[ \t]+(?=(?:wallet|store|account)[ \t]+credit))", re.IGNORECASE)
_PAID = lazy(r"(?<![\w])(?:charg\w*|paid|pay\w*|cost\w*|bill\w*|price\w*|total|fee\w*|owe\w*|spent|spend\w*)"
                   r"(?:[^.!?;\n]{0,30})$", re.IGNORECASE, needs=('bill', 'charg', 'cost', 'fee', 'owe', 'paid', 'pay', 'price', 'spend', 'spent', 'total'))


# what opens a clause an amount may start ("FD-10045: $16.90 → card", "| $16.90 → card |")
_OPENS = re.compile(r"[.:;,!?\n|\u2014\u2013()\[\]{}*#>-][^A-Za-z.:;,!?\n|\u2014\u2013()\[\]{}*#>-]*$"
                    # a clause that joins on to the last ("And $1.49 as wallet credit", "plus $5 to your card")
                    r"|(?:^|[.:;,!?\n])[ \t]*(?:and|plus|also|then)[ \t]+$", re.IGNORECASE)


def _moved(m: "re.Match[str]") -> str:
    return m.group(0) if _as_said(m.string, m.start()) else m.group(1) + m.group(2) + " added to "


def _as_said(text: str, start: int) -> bool:
    """Whether the amount moved at ``start`` is a charge, or one that a verb before it already moves
    ("I've refunded $16.90 to ..."): its words are kept as said."""
    before = text[max(0, start - 60):start]
    return bool(_PAID.search(before) or not (_OPENS.search(before) or not before.strip()
                                             or not any(c.isalpha() for c in before)))


# _MOVED case-sensitive: an ASCII text in lower case holds its matches at the same places (no capital
# in it: tests/reward/reading/test_action_words_twin.py), found twice as fast
_MOVED_LOW = re.compile(_MOVED.pattern)


def _moved_out(text: str) -> str:
    """``_MOVED.sub(_moved, text)``: an ASCII text's amounts found in it lower-cased, each replaced
    with the text's own words."""
    if not text.isascii():
        return _MOVED.sub(_moved, text)
    parts: List[str] = []
    last = 0
    for m in _MOVED_LOW.finditer(text.lower()):
        start, end = m.span()
        parts.append(text[last:start])
        parts.append(text[start:end] if _as_said(text, start) else text[start:m.end(2)] + " added to ")
        last = end
    if not parts:
        return text
    parts.append(text[last:])
    return "".join(parts)


def confirmation_text(text: str) -> str:
    """An agent's message as a confirmation reads it: underscores as spaces, and an amount moved
    by an arrow or a preposition as added to where it points ("$16.90 → wallet": "$16.90 added
    to wallet"); a short message's view is made once (each write before it reads it)."""
    return _kept_text(text) if len(text) <= 2048 else _read_text(text)


def _read_text(text: str) -> str:
    if "_" in text:
        text = _IDENTIFIER_UNDERSCORE.sub(" ", text)
    low = text.lower()
    if any(c in text for c in ">→⟶➜➡⇒") or "to " in low or " credit" in low:
        text = _moved_out(text)
        if any(c in text for c in ">→⟶➜➡⇒"):
            text = _ORDER_MOVED.sub(r"\1 delivered to ", text)
    return text


# An order moved by an arrow to a street ("FD-10089 → 1204 Burnside St"): its delivery sent there
_ORDER_MOVED = re.compile(r"(?<![\w-])(#?[A-Za-z]{1,4}-?[0-9]{3,}[0-9A-Za-z]*)[ \t]*(?:→|->|=>|⟶|➜|➡️?|⇒)[ \t]*(?=[0-9]{1,6}[ \t]+[A-Z][a-z])")


_kept_text = lru_cache(maxsize=4096)(_read_text)


# round 15 (AC, several records in one message): a record said to stay as it is has no write described ("UM3OG5 keeps its
# passengers", "#W1 stays as it is", "{O}: no change", "#W2 isn't part of this", "your other reservation, X, is untouched")
_KEPT_AS_IS = re.compile(r"^\S+[ \t]*(?:\)[ \t]*)?[,:(]?[ \t]*(?:which[ \t]+|that[ \t]+)?(?:(?:also|still)[ \t]+)?(?:keeps[ \t]+its|stays|remains|is[ \t]+(?:unchanged|untouched"
                         r"|unaffected|not[ \t]+(?:affected|part|changing|included)|fine|staying)|isn['\u2019]t[ \t]+(?:affected|part|changing|included)"
                         r"|won['\u2019]t[ \t]+change|no[ \t]+change|(?:is[ \t]+)?left[ \t]+(?:alone|as[ \t]+it[ \t]+is)|unchanged|untouched)(?![\w'])",
                         re.IGNORECASE)


def kept_as_is(after: str) -> bool:
    """Whether ``after`` (a text from a record's id on) says the record stays as it is: no write of it described."""
    return _KEPT_AS_IS.match(after) is not None
