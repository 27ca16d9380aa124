"""What a confirming message covers (SPEC §10: "Consent is a question about the action, then a
yes"): beside stating the call's values (``confirmations``), a message confirms the one call only
if its words do not say another price, another write or someone else's offer.

- ``said_free``: the write said to cost the customer nothing ("free of charge", "no charge", "on
  the house", "I'll waive it", "$0 instead of the usual $4.00") while the call charges a price:
  the price stated ("normally $4.00") is not the price said to be charged, so the message
  describes another call. A charge of something else ("no activation fee", "no extra charge",
  "no hidden fees"), a price beyond which nothing is charged, and a free price taken back ("it
  isn't free", "I can't waive it") say nothing of the call's price.
- ``another_write``: another id of the kind of one of the call's ids (another order), in a
  sentence that describes a write of the call's kind to come (names its action, or states an
  amount): the message describes several writes, and one yes covers one write ("$16.90 to your
  card for FD-10045 and $12.00 for FD-10046"). An id taken back ("not FD-10046") or a write said
  as done ("FD-10046 was refunded $5 yesterday") is no other write.
- ``reported_only``: the action told as someone else's offer or deed ("the other agent offered
  ...", "you were promised ...", "the previous agent switched ...") with nothing the agent asks leave to do itself ("Shall I process it
  now?", "Would you like me to ...", "I'll ..."): "... is that what you want?" asks what the
  customer wants of an offer another made, not leave for this agent to act.
"""

from __future__ import annotations

import re
from itertools import islice
from typing import Any, Dict, List, Optional, Tuple

from tau_shaped.reward.reading import action_words
from tau_shaped.reward.reading.call_values import SELF, id_key, id_places, id_shape
from tau_shaped.reward.reading.consent_questions import consent_request
from tau_shaped.reward.reading.consent_tails import routed_in_tail, tail_after_question

from tau_shaped.reward.reading.consent_amounts import another_amount  # noqa: F401 - the amounts' concept (round 16 split)

__all__ = ["said_free", "another_write", "reported_only", "another_amount"]

_MAX = 4000
_S = r"[\s\u00a0]+"
_APOSTROPHE = "['\u2019]"

# The write said to cost nothing. "free" only as said of the price ("it's free", "for free", "free of
# charge", "free data"), not "feel free", "toll-free", "free up".
_FREE = re.compile(
    r"(?<![\w'\u2019-])(?:"
    r"free" + _S + r"of" + _S + r"(?:any" + _S + r")?(?:charge|cost)"
    r"|(?:for|at|totally|completely|entirely|absolutely|100%)" + _S + r"free"
    r"|(?:is|it" + _APOSTROPHE + r"s|that" + _APOSTROPHE + r"s|this" + _APOSTROPHE + r"s|be|are|comes?|come" + _S + r"for)" + _S + r"free(?![\w-])(?!" + _S + r"(?:to|of" + _S + r"(?!charge|cost)))"
    r"|free" + _S + r"(?:data|gb|gigs?|gigabytes?|top[\s-]?ups?|refuels?|refill|of" + _S + r"cost)"
    r"|(?:gb|gigs?|gigabytes?|data)" + _S + r"(?:for" + _S + r")?free(?![\w-])"
    r"|(?:at" + _S + r")?(?:no|zero)" + _S + r"(?:charge|cost|dollars|fee)(?!" + _S + r"(?:beyond|besides|other|apart|on" + _S + r"top|for" + _S + r"(?:the|its|your)" + _S + r"(?:activation|setup|service)))"
    r"|without" + _S + r"(?:any" + _S + r")?(?:charge|cost|charging" + _S + r"you|paying)"
    r"|on" + _S + r"the" + _S + r"house|on" + _S + r"us(?![\w'])|complimentary|comped|gratis"
    r"|comp(?:ing)?" + _S + r"(?:it|that|this|the" + _S + r"(?:fee|charge|cost|price))(?![\w'])"
    r"|(?:pay|owe)" + _S + r"(?:nothing|zero|not" + _S + r"a" + _S + r"(?:cent|penny|dime|thing))"
    r"|waiv(?:e|ed|es|ing)(?!" + _S + r"(?:the|any|your|an?)" + _S + r"(?:activation|setup|set-up|service|processing|late|overage|roaming|other|extra|additional|shipping|delivery)(?![\w-]))"
    r"|(?:costs?|charges?|will" + _S + r"cost|would" + _S + r"cost)" + _S + r"(?:you" + _S + r")?(?:nothing|zero|\$" + r"[\s\u00a0]?0(?:\.00?)?(?![\d.,]))"
    r"|for" + _S + r"nothing"
    r"|(?:won" + _APOSTROPHE + r"t|will" + _S + r"not|wouldn" + _APOSTROPHE + r"t|would" + _S + r"not|not)" + _S + r"(?:be" + _S + r")?(?:charged|billed|charge" + _S + r"you|cost" + _S + r"you)(?![\w'])(?:" + _S + r"(?:you|for" + _S + r"(?:it|this|that|the" + _S + r"\w+)))?(?!" + _S + r"(?:anything" + _S + r")?(?:extra|more|again|twice|additional|beyond|besides|on" + _S + r"top|for" + _S + r"(?:the" + _S + r")?(?:activation|setup|service)))"
    r"|(?:nothing|no" + _S + r"need)" + _S + r"to" + _S + r"pay"
    r"|(?:for|at|costs?|price(?:" + _S + r"is)?|charge(?:" + _S + r"is)?|:)" + _S + r"\$[\s\u00a0]?0(?:\.00?)?(?![\d.,])"
    r")", re.IGNORECASE)
# a free price taken back: "it isn't free", "not on the house", "I can't waive it"
_TAKEN_BACK = re.compile(
    r"(?<![\w'\u2019])(?:not|never|no|isn" + _APOSTROPHE + r"t|aren" + _APOSTROPHE + r"t|can" + _APOSTROPHE + r"t|cannot|won"
    + _APOSTROPHE + r"t|unable" + _S + r"to|couldn" + _APOSTROPHE + r"t|not" + _S + r"able" + _S + r"to)(?:" + _S
    + r"(?:be|really|quite|actually|going" + _S + r"to|able" + _S + r"to|exactly))*" + _S + r"$", re.IGNORECASE)


def said_free(text: str) -> Optional[str]:
    """The words of ``text`` that say the write costs the customer nothing (see the module), or None."""
    text = text[:_MAX]
    lowered = text.lower()
    if not any(w in lowered for w in ("free", "charg", "cost", "house", " us", "compl", "comp", "gratis", "waiv",
                                      "nothing", "pay", "$0", "$ 0", "bill", "zero")):
        return None
    for m in _FREE.finditer(text):
        said = m.group(0)
        if said.lower().split()[0] in ("won't", "won\u2019t", "will", "wouldn't", "wouldn\u2019t", "would", "not"):
            pass  # the negation is the free price itself ("won't be charged")
        elif _TAKEN_BACK.search(text[max(0, m.start() - 40):m.start()]):
            continue
        return said
    return None


# A sentence (or a table row, a list item): a stop that ends one, not a decimal point.
_SENTENCES = re.compile(r"(?:[^.!?;\n]|\.(?=\d))+")
_NOT_BEFORE = re.compile(r"(?<![\w'\u2019])(?:not|except|but\s+not|rather\s+than|instead\s+of|other\s+than|apart\s+from|besides)"
                         r"[\s\u00a0(]{1,3}(?:(?:for|on|to|the|order|your|with)[\s\u00a0]+){0,3}#?$", re.IGNORECASE)
_DONE = re.compile(r"(?<![\w'\u2019])(?:was|were|has\s+been|have\s+been|had\s+been|already|yesterday|earlier\s+today"
                   r"|last\s+(?:week|time|night|month))(?![\w'\u2019])", re.IGNORECASE)
_TO_COME = re.compile(r"(?<![\w'\u2019])(?:will|shall|going\s+to|can|could|would|about\s+to|now)(?![\w'\u2019])|['\u2019]ll\b",
                      re.IGNORECASE)
_AMOUNT = re.compile(r"\$[\s\u00a0]?\d|\d(?:[.,]\d{2})?[\s\u00a0]?(?:dollars?|bucks|usd)\b", re.IGNORECASE)


def another_write(text: str, kwargs: Dict[str, Any], index: Any, verbs: Any = None) -> Optional[str]:
    """Another id of the kind of one of the call's ids (``kwargs``; ``index``: S0's ids) in a
    sentence that describes a write to come (names ``verbs``, the call's kind of action, says the
    same again for it: "and do the same for UHDAHF", or states an amount, and says nothing of it
    as done): the message describes several writes. An id with no digit (a reservation code) is
    one when the table holding the call's record (or its argument's kind) keys a record by it."""
    if index is None or not isinstance(kwargs, dict):
        return None
    text = text[:_MAX]
    own = {id_key(v) for k, v in kwargs.items() if isinstance(v, str) and k not in SELF}
    if _own_ids_only(text, own, kwargs, id_places):
        return None  # read before S0 is asked: no other write can be named
    mine = [k for k in own if index.kind_of(k)]
    # the call's own id not in S0's index (a code of letters): its argument's kind instead
    fields = [] if mine else [k for k, v in kwargs.items() if isinstance(v, str) and k not in SELF and k in index.kinds]
    if not mine and not fields:
        return None
    for found, start, held in _places(text, kwargs, index, id_places):
        if found in own or not (held or any(index.same_kind(k, found) for k in mine) or any(found in index.kinds[f] for f in fields) or not index.kind_of(found) and id_shape(found) in {id_shape(k) for k in mine}):
            continue
        if _NOT_BEFORE.search(text[max(0, start - 40):start]) or action_words.kept_as_is(text[start:start + 70]):
            continue
        sentence = next((s for s in _SENTENCES.finditer(text) if s.start() <= start < s.end()), None)
        if sentence is None:
            continue
        said = sentence.group(0)
        if _DONE.search(said) and not _TO_COME.search(said):
            continue  # "FD-10046 was refunded $5.00 yesterday": a write said as done
        if verbs and _SAME_AGAIN.search(said) and action_words.names_action(text, verbs, to_come=True) is not None:
            return found  # "... and do the same for X7BYG1": the write named before, again
        if verbs:
            ahead = action_words.names_action(said, verbs, to_come=True)
            if ahead is None and (action_words.names_action(said, verbs) is not None or not _AMOUNT.search(said)):
                continue  # a write said as done, or no write said of it
        elif not _AMOUNT.search(said):
            continue
        return found
    return None


# The write said again for another record: "do the same for", "same for", "likewise", "ditto"
_SAME_AGAIN = re.compile(r"(?<![\w'\u2019])(?:(?:do|doing|repeat|apply)[\s\u00a0]+(?:the[\s\u00a0]+)?same|the[\s\u00a0]+same[\s\u00a0]+(?:for|with|on|to)"
                         r"|same[\s\u00a0]+(?:thing|change|goes)[\s\u00a0]+(?:for|with|on|to)|likewise|ditto|repeat[\s\u00a0]+(?:it|that|this))(?![\w'\u2019])",
                         re.IGNORECASE)
# A code of letters alone (a reservation "UHDAHF", or "uhdahf" in a text lower-cased), as an id with no digit may be written
_CODE = re.compile(r"(?<![\w-])[A-Za-z]{4,10}(?![\w-])")


def _places(text: str, kwargs: Dict[str, Any], index: Any, id_places: Any) -> List[Tuple[str, int, bool]]:
    """The ids of ``text`` with where each starts (``id_places``), and each code of capitals with no
    digit that the table of one of the call's records keys (in any case), as long as the call's
    id of that shape (True: a record S0 holds, of the call's kind)."""
    places = id_places(text)
    shapes = [(k, v) for k, v in kwargs.items() if _code_shaped(v)]
    if not shapes:
        return [(key, start, False) for key, start in places] if places else []
    out = [(key, start, False) for key, start in places]
    for k, v in shapes:
        table = _table_of(k, v, index)
        if table is None:
            continue
        for m in _CODE.finditer(text):
            code = m.group(0).upper()  # a table keyed by capitals: any case of the code is it
            if code != v and len(code) == len(v) and code in table:
                out.append((code, m.start(), True))
    return out


def _own_ids_only(text: str, own: Any, kwargs: Dict[str, Any], id_places: Any) -> bool:
    """Whether every id ``_places`` would give is the call's own (``another_write`` passes them over)."""
    return all(key in own for key, _ in id_places(text)) and not any(map(_code_shaped, kwargs.values()))


def _code_shaped(value: Any) -> bool:
    """Whether a call's value has a code's shape (4 to 10 capitals and digits: "UHDAHF")."""
    return isinstance(value, str) and 4 <= len(value) <= 10 and value.isalnum() and value.isupper()


def _table_of(arg: str, value: str, index: Any) -> Optional[dict]:
    """The table (a dict keyed by id) that holds the record of the call's ``value`` of ``arg``, or
    of another id of the kind ``arg`` names; None when S0 keeps no such table."""
    record = index.records.get(id_key(value))
    if record is None:
        for key in islice(index.kinds.get(arg, ()), 3):
            record = index.records.get(key)
            if record is not None:
                break
    holder = record[1] if record is not None else None
    return holder if isinstance(holder, dict) else None


# The action told as what someone else offered, said or did: another agent (any past verb), a
# pronoun or "someone" (a verb of offering), or the customer told it ("you were promised")
_OFFERED = (r"(?:offered|promised|quoted|proposed|suggested|mentioned|said|told[\s\u00a0]+you|agreed|approved|discussed"
            r"|set[\s\u00a0]+up|arranged)")
_REPORTED = re.compile(
    r"(?<![\w'\u2019])(?:"
    r"(?:the|a|my|our|another|your)(?:[\s\u00a0]+(?:other|previous|last|earlier|first|former|prior))?[\s\u00a0]+"
    r"(?:agent|representative|rep|colleague|coworker|co-worker|associate|person|team|supervisor|manager|advisor|adviser|support|specialist|staff)"
    r"(?:[\s\u00a0]+(?:you[\s\u00a0]+(?:spoke|talked|chatted)[\s\u00a0]+(?:to|with)))?"
    r"(?:[\s\u00a0]+(?:had|has|have|already|earlier|previously))*[\s\u00a0]+(?:" + _OFFERED + r"|put|sent|made|gave|set|[a-z]{2,16}ed)"
    r"|(?:someone|somebody|they|he|she)(?:[\s\u00a0]+(?:had|has|have|already|earlier|previously))*[\s\u00a0]+" + _OFFERED +
    r"|you(?:[\s\u00a0]+(?:had|have))?[\s\u00a0]+(?:were|was|been)[\s\u00a0]+(?:already[\s\u00a0]+|previously[\s\u00a0]+|earlier[\s\u00a0]+)?"
    r"(?:offered|promised|quoted|told|given[\s\u00a0]+the[\s\u00a0]+option))(?![\w'])",
    re.IGNORECASE)
_REPORTED_LOW = re.compile(_REPORTED.pattern)  # for an ASCII text in lower case: no capital in it (test_case_twins.py)
_REPORTED_HINT = re.compile(  # a word every match holds, the other one or the verb of offering (test_consent_words_held.py)
    "agent|rep|colleague|worker|associate|person|team|supervisor|manager|advis|support|specialist|staff"
    "|offered|promised|quoted|proposed|suggested|mentioned|said|told|agreed|approved|discussed|set|arranged|given")
# The agent asking leave to act itself, or saying it will
_AGENT_ACTS = re.compile(
    r"(?<![\w'\u2019])(?:(?:i|we)(?:['\u2019]ll|[\s\u00a0]+will|[\s\u00a0]+can|[\s\u00a0]+could|['\u2019]d[\s\u00a0]+like[\s\u00a0]+to"
    r"|[\s\u00a0]+would[\s\u00a0]+like[\s\u00a0]+to|[\s\u00a0]+am[\s\u00a0]+going[\s\u00a0]+to|['\u2019]m[\s\u00a0]+going[\s\u00a0]+to"
    r"|['\u2019]re[\s\u00a0]+going[\s\u00a0]+to|['\u2019]m[\s\u00a0]+ready[\s\u00a0]+to)"
    r"|(?:shall|should|may|can|could)[\s\u00a0]+(?:i|we)|(?:me|us)[\s\u00a0]+to|let[\s\u00a0]+me|proceed|go[\s\u00a0]+ahead"
    r"|process|put[\s\u00a0]+(?:it|that|this)[\s\u00a0]+through|do[\s\u00a0]+(?:it|that|this)[\s\u00a0]+(?:now|for[\s\u00a0]+you)"
    r"|(?:ok|okay)[\s\u00a0]+to)(?![\w'\u2019])",
    re.IGNORECASE)


def _sentence_from(text: str, start: int) -> str:
    """``text`` from ``start`` to the end of its sentence."""
    found = _SENTENCES.match(text, start)
    return found.group(0) if found is not None else ""


def reported_only(text: str, verbs: Any = None) -> bool:
    """Whether ``text`` tells the action only as someone else's offer (see the module): no leave
    to act asked in its consent question, and no sentence in which the agent says it will do the
    action (``verbs``: the call's kind of action; "Let me take care of that" names none)."""
    text = text[:_MAX]
    low = text.lower() if text.isascii() else None  # read by the twin, if it holds a word every match holds
    if (low is not None and _REPORTED_HINT.search(low) is None) or not any(
            verbs is None or action_words.names_action(_sentence_from(text, m.start()), verbs) is not None
            for m in (_REPORTED_LOW.finditer(low) if low is not None else _REPORTED.finditer(text))):
        return False  # no one else's offer of the action told ("The other agent looked into it.")
    asked = consent_request(text)
    if asked is not None and _AGENT_ACTS.search(asked):
        return False
    for sentence in _SENTENCES.finditer(text):
        said = sentence.group(0)
        acts = _AGENT_ACTS.search(said)
        if acts is not None and (not verbs or action_words.names_action(said[acts.start():], verbs, to_come=True)):
            return False
    return True


_METHOD_ARGS = ("method", "payment_method_id", "payment_id", "new_payment_method_id", "refund_method")
_METHOD_WORDS = ("card", "paypal", "gift", "voucher", "certificate", "wallet", "credit", "balance", "visa", "master", "amex", "debit", "bank")
_METHOD_HINT = re.compile("(?i)" + "|".join(_METHOD_WORDS))  # (an ASCII text holds a match iff one of the words in lower case)
# a kind of method said in words that also fits another kind: store credit or a balance is a gift card's or a certificate's too; "your card" alone is a gift card as well as a credit card
_ALSO = {"wallet": frozenset({"wallet", "gift_card", "certificate"}), "card": frozenset({"card"})}
_PLAIN_CARD = re.compile(r"(?i)cards?(?![\w'])")
# the words every naming of a kind holds (``reply_values``' methods, lower case)
_KIND_WORDS = {"card": ("card", "visa", "master", "amex", "american", "debit", "bank"), "gift_card": ("gift", "voucher"),
               "paypal": ("paypal",), "certificate": ("certificate",), "wallet": ("wallet", "credit", "balance")}


_RESULT_METHOD = re.compile(r'"(wallet|gift_card|certificate)[a-z_]{0,16}"\s*:')
# the methods a result says the money was paid with (tau2: a reservation's or an order's payment history)
_RESULT_PAID = re.compile(r'"payment(?:_method)?_id"\s*:\s*"((?:credit_card|gift_card|paypal|certificate)_\d{1,12})"')


def another_method(text: str, kwargs: Dict[str, Any], skip: Any = (), observation: Any = "") -> Optional[str]:
    """The kind of payment method ``text`` names for the money (a gift card, PayPal, a credit card,
    a certificate, store credit), not taken back, when it names none of the kinds the call pays or
    refunds with (``kwargs``' method arguments, not in ``skip``: a rule that requires the method
    stated compares it its own way): "$16.23 charged to your gift card" when PayPal pays is
    another call. The original payment method names no kind; a message naming the call's kind
    beside another ("from your PayPal to your gift card") states the call's. A call naming no
    method moves the money where its result says (``observation``: an apology credit's
    ``wallet_balance``, a cancellation's payment history): "$20.00 to your card" is another call. A statement after the
    question that routes the money to another kind is the later word (``consent_tails``: "... to your PayPal? The refund
    will go to your credit card instead.")."""
    if not isinstance(kwargs, dict):
        return None
    values = [kwargs[k] for k in _METHOD_ARGS if k not in skip and isinstance(kwargs.get(k), str)]
    named = any(k in kwargs for k in _METHOD_ARGS)
    if not values and named and "payment_methods" not in kwargs:
        return None  # the call's method is the rule's to compare (food delivery's "method")
    if not (any(map(text.lower().__contains__, _METHOD_WORDS)) if text.isascii() else _METHOD_HINT.search(text)):
        return None  # no method named (the text read before the call's result, which may be long)
    from tau_shaped.reward.reading.reply_values import method_of, methods_in

    methods = kwargs.get("payment_methods")
    if "payment_methods" not in skip and isinstance(methods, list):
        values += [m.get("payment_id") for m in methods if isinstance(m, dict) and isinstance(m.get("payment_id"), str)]
    own = {k for k in (method_of(v) for v in values) if k is not None}
    if not named and isinstance(observation, str) and '"' in observation:
        head = observation[:2048]
        m = _RESULT_METHOD.search(head) if ('"wallet' in head or '"gift_card' in head or '"certificate' in head) else None
        own = {m.group(1)} if m else own
        body = observation[:8000]
        if not own and ("card_" in body or "paypal_" in body or "certificate_" in body):  # a cancellation refunds what paid for it
            own = {k for k in (method_of(p) for p in _RESULT_PAID.findall(body)) if k is not None}
    if not own or "original" in own:
        return None
    lowered = text.lower()
    if not any(w in lowered for kind, words in _KIND_WORDS.items() if not (_ALSO.get(kind, frozenset({kind})) & own)
               for w in words):
        return None  # no word of a kind the call's is not (an apology credit said as "wallet credit")
    said = []
    text = text[:_MAX]
    tail = tail_after_question(text) if "?" in text or "\n" in text else None
    if tail is not None:  # round 19: "... to your PayPal? The refund will go to your credit card instead.": the later word
        routed = routed_in_tail(tail[1], methods_in(tail[1]))
        if routed is not None and not (_ALSO.get(routed, frozenset({routed})) & own):
            return routed
    for kind, _, start, negated in methods_in(text):
        if negated or kind == "original" or not kind:
            continue
        kinds = _ALSO.get(kind, frozenset({kind}))
        if kind == "card" and _PLAIN_CARD.match(text, start):
            kinds = frozenset({"card", "gift_card"})
        if kinds & own:
            return None
        said.append(kind)
    return said[0] if said else None
