"""Confirmations (SPEC §10): whether an agent message describes a write (a reply to it is read
by ``replies``; a rule file's own reply matchers by ``reward.reply_matchers``). The
``unconfirmed`` check kind (``checks/unconfirmed.py``) and the persona customer read them."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Dict, Optional, Tuple

from tau_shaped.reward.reading import action_words, call_values, consent_amounts, consent_scope, consent_tails, option_menus, option_values, reply_values, text_matching
from tau_shaped.reward.reading.choice_preferences import offered_as_preference, set_aside_over
from tau_shaped.reward.reading.consent_questions import consent_request
from tau_shaped.reward.reading.example_sentences import examples_out
from tau_shaped.reward.reading.quoted import inside as _quoted_at, reported_quotes
from tau_shaped.reward.reading.s0_records import _RECORD_INDEXES, call_cards, find_record, record_in_s0  # noqa: F401 - read here too
from tau_shaped.reward.reading.s0_ids import id_key
from tau_shaped.reward.reading.saved_addresses import states_address
from tau_shaped.reward.memo_keys import json_loaded
from tau_shaped.reward.values import is_number
from tau_shaped.reward.reading.lazy_patterns import lazy


def _states_value(text: str, value: Any, how: Any, index: Any = None) -> bool:
    """Whether ``text`` states the argument ``value`` in the way ``how`` asks: "number" (the
    amount), "text" (the value itself, "_" read as a space), {VALUE: [phrases]}, "id" (the same id
    in any case and spacing, or its record's name), "date" (any common form), "items" / "route"
    (each element, as an id or a name) or "all" (each value of a list or object)."""
    if how == "number":  # an amount or a count ("one checked bag")
        return is_number(value) and ((text_matching.find_number(text, float(value), 0.005) is not None  # (round 16: not "up to $5")
                                      and not consent_amounts.only_bounded(text, float(value))) or text_matching.find_count(text, value) is not None)
    if isinstance(how, dict) and str(value) in how:
        return _states_choice(text, str(value), how)
    if how == "items" and isinstance(value, list) and _SAME_ITEMS.search(text):  # round 16: a replacement's own words
        return True  # ("the same items again"); "send it again" names none
    if how in ("items", "route", "all") and isinstance(value, (list, dict)):
        values = value.values() if isinstance(value, dict) else value
        return all(v is None or isinstance(v, bool) or _states_value(text, v, "all" if how == "all" else "id", index)
                   for v in values)
    if how in ("id", "items", "route", "all") and isinstance(value, str) and any(c.isdigit() for c in value):
        if call_values.states_id(text, value, index):
            return True
        if how != "all":
            return False
    if how in ("date", "all") and isinstance(value, str) and call_values.states_date(text, value):
        return True
    if how == "all" and is_number(value):
        return text_matching.find_number(text, float(value), 0.005) is not None
    if not isinstance(value, (str, int, float)) or isinstance(value, bool):
        return False
    raw = str(value)
    if any(text_matching.find_phrase(text, form) is not None for form in dict.fromkeys((raw, raw.replace("_", " ")))):
        return True
    if how == "text" and _ID_LIKE.match(raw) and any(c.isdigit() for c in raw) and call_values.states_id(text, raw, None):
        return True  # an id given as text, written with dashes or spaces ("Z7G-OZK", "# W16 79211")
    return _states_reason(text, raw)


_ID_LIKE = re.compile(r"^#?[A-Za-z0-9]{5,}$")
_SAME_ITEMS = lazy(r"(?i)\bsame\s+(?:items?|dish(?:es)?|things?)\b", needs=('same',))
# round 13 (telegraphic summaries): the call's own record id, then an arrow to its new values, names the change of that
# record ("M05-KNL -> economy, HAT110 (Fri the 24th); diff on gift card. Proceed? Y/N"); an arrow from another id does not
_ARROW_KINDS = frozenset({"flight_change", "item_change", "address_change", "payment_change"})
_ARROW = re.compile(r"[ \t]*:?[ \t]*(?:->|=>|\u2192)")
_RECORD_ARGS = ("reservation_id", "order_id")


def _arrow_from(text: str, kwargs: Any, verbs: Any) -> bool:
    if not (isinstance(kwargs, dict) and isinstance(verbs, str) and verbs in _ARROW_KINDS and ("->" in text or "=>" in text or "\u2192" in text)):
        return False
    keys = [id_key(v) for v in (kwargs.get(a) for a in _RECORD_ARGS) if isinstance(v, str) and len(id_key(v)) >= 5]
    for m in _ARROW.finditer(text[:4096]):
        before = id_key(text[max(0, m.start() - 24):m.start()])
        if any(before.endswith(k) for k in keys):
            return True
    return False


def _states_reason(text: str, value: str) -> bool:
    """Whether ``text`` gives the enumerated reason ``value`` ("no longer needed") in other words
    ("since you no longer need it", "you ordered it by mistake"), not taken back, and no other
    enumerated reason."""
    want = reply_values.reason_of(value)
    if want is None:
        return False
    named = [v for v in reply_values.values_in(text) if v.kind == "reason"]
    said = {v.key for v in named if not v.negated}
    return said == {want}


def _states_choice(text: str, value: str, how: Dict[str, Any]) -> bool:
    """Whether ``text`` states the enumerated ``value`` (a method, a cabin) of the choices
    ``how`` ({VALUE: [phrases]}): one of its phrases, or a payment method of the same kind as one
    of its phrases ("original form of payment", "app wallet"), not taken back ("not your card",
    "rather than the wallet") and not part of another choice's longer name ("economy" in "basic
    economy": SPEC §10, a value stated that differs from the call's describes another call)."""
    own = tuple(how[value])
    mine = {p.lower() for p in own}
    others = tuple(p for k, phrases in how.items() if k != value for p in phrases if p.lower() not in mine)
    lowered = text.lower()
    longer = [m.span() for m in _phrases_pattern(others).finditer(text)] if others else []
    quotes = reported_quotes(text) if longer else ()  # round 18 (BB): "our policy says '... or the wallet'": reported, not offered
    longer = [(a, b) for a, b in longer if not _quoted_at(quotes, a)] if quotes else longer

    def inside(a: int, b: int) -> bool:
        return any(x <= a and b <= y and (x, y) != (a, b) for x, y in longer)

    last_own = max((m.start() for m in _phrases_pattern(own).finditer(text)), default=-1)  # round 17: or as a preference
    if any(_ALTERNATIVE.search(lowered, max(0, a - 48), a) or _ALTERNATIVE_AFTER.match(lowered, b)
           or offered_as_preference(lowered, a, b, last_own)
           for a, b in longer if not reply_values.negated_at(lowered, a) and not set_aside_over(lowered, a)):
        return False  # "to your card, or $16.90 to your wallet": a choice offered, not a call described
    if not longer:  # no other choice named: the first of the call's said is enough (as before round 14)
        for m in _phrases_pattern(own).finditer(text):
            if not reply_values.negated_at(lowered, m.start()) and not _someone_elses(lowered, m.start()):
                return True
        kinds = _method_kinds(own)
        return bool(kinds) and any(kind in kinds and not negated and words not in _BARE and not _someone_elses(lowered, at)
                                   for kind, words, at, negated in reply_values.methods_in(text))
    said = [m.start() for m in _phrases_pattern(own).finditer(text)
            if not reply_values.negated_at(lowered, m.start()) and not inside(*m.span()) and not _someone_elses(lowered, m.start())]
    kinds = _method_kinds(own) if not said else ()
    said = said or [at for kind, words, at, negated in reply_values.methods_in(text) if kinds and kind in kinds and not negated
                    and words not in _BARE and not inside(at, at + len(words)) and not _someone_elses(lowered, at)]
    after = [(a, b) for a, b in longer if not inside(a, b) and not reply_values.negated_at(lowered, a)] if said and longer else []
    if said and after and all(_unreal(lowered, at) for at in said) and max(after)[0] > said[-1]:
        return False  # round 14: "I would have put it on your card, but ...: $16.90 as wallet credit": what would have been
    # round 14: another choice said after the call's as a change of mind ("... to your card -- on second thought, I'll
    # put it in your wallet instead"): the call's is not the one described
    return bool(said) and not any(a > said[-1] and _switched(lowered, a, b) for a, b in after)


# round 14: a choice said as what would have been ("I would have put it on your card, but ..."), no choice described
_UNREAL = re.compile(r"(?:\b(?:would|could|might)(?:n't)?\s+have|\bi'd\s+have|\bwas\s+(?:going|about)\s+to|\bhad\s+(?:planned|meant|intended)"
                     r"\s+to|\bnormally|\busually)\b(?:[^.;:!?\n,]|\.(?=\d)){0,40}$")  # "I was going to send the $18.42 to your card"
_SWITCH_BEFORE = re.compile(r"(?:\bon\s+second\s+thoughts?|\bactually|\bscratch\s+that|\bcorrection|\bi\s+mean|\bno\s+wait|\bmake\s+(?:it|that))"
                            r"\W[^.!?\n]{0,60}$")
_INSTEAD_AFTER = re.compile(r"[^.!?\n]{0,60}?\binstead\b")
_OFFERED = re.compile(r"\b(?:if|could|can|or|would\s+you|prefer)\b")


# round 18 (BG): a method said as another person's ("your partner's card", "my wife's Visa") is not the customer's own
_SOMEONE_ELSES = re.compile(r"\b(?:wife|husband|partner|spouse|roommate|flatmate|brother|sister|mother|mom|mum|father|dad|son|daughter"
                            r"|friend|neighbou?r|colleague|boss|kid|child|parent|girlfriend|boyfriend|cousin|aunt|uncle)['’]s[ \t]{1,3}(?:[a-z]{1,12}[ \t]{1,3})?$")


def _someone_elses(lowered: str, at: int) -> bool:
    return "'s" in lowered[max(0, at - 30):at] and _SOMEONE_ELSES.search(lowered, max(0, at - 30), at) is not None


def _unreal(lowered: str, at: int) -> bool:
    return _UNREAL.search(lowered, max(0, at - 60), at) is not None


def _switched(lowered: str, a: int, b: int) -> bool:
    """Whether the choice said at ``a``..``b`` is said as a change of mind (not offered: "... instead, if you'd prefer")."""
    if _SWITCH_BEFORE.search(lowered, max(0, a - 80), a):
        return True
    m = _INSTEAD_AFTER.match(lowered, b)
    return m is not None and not _OFFERED.search(lowered, max(0, a - 30), m.end())


def longer_or_other(others: Tuple[str, ...], text: str, lowered: str) -> list:
    """Where another choice is named and not taken back."""
    if not others:
        return []
    return [m.span() for m in _phrases_pattern(others).finditer(text) if not reply_values.negated_at(lowered, m.start())]


# another choice offered beside the call's: "... or to your wallet", "wallet credit or a card refund"
_ALTERNATIVE = re.compile(r"(?<!\w)(?:or|either)(?!\w)(?:[^.!?;\n]|\.(?=\d)){0,48}$")
_ALTERNATIVE_AFTER = re.compile(r"[^.!?;\n\w]{0,3}(?:\w+[^.!?;\n\w]{1,3}){0,2}?or(?!\w)")


# words that name a method only with others around them: "credit $5 to your card", "your balance"
_BARE = frozenset({"credit", "credits", "balance", "debit", "bank"})


@lru_cache(maxsize=256)
def _phrases_pattern(phrases: Tuple[str, ...]) -> "re.Pattern[str]":
    body = "|".join(r"[\s_]+".join(re.escape(w) for w in p.split()) for p in sorted(set(phrases), key=len, reverse=True) if p.split())
    return re.compile(rf"(?<!\w)(?:{body})(?!\w)" if body else r"(?!x)x", re.IGNORECASE)


@lru_cache(maxsize=256)
def _method_kinds(phrases: Tuple[str, ...]) -> frozenset:
    """The kinds of payment method the phrases name ("card", "original", "wallet"): a text naming
    a method of one of those kinds in other words names it too."""
    from tau_shaped.reward.reading.reply_values import method_of

    return frozenset(k for k in (method_of(p) for p in phrases) if k is not None)


def describes(text: str, tool: str, kwargs: Any, confirmation: Any, result: Any = None,
              records: Any = None, *, index: Any = None, observation: str = "") -> bool:
    """SPEC §10: whether the message describes the call (``why_not`` finds nothing wrong)."""
    return why_not(text, tool, kwargs, confirmation, result, records, index=index, observation=observation) is None


def why_not(text: str, tool: str, kwargs: Any, confirmation: Any, result: Any = None,
            records: Any = None, *, index: Any = None, observation: str = "", cards: Any = None) -> Optional[str]:
    """SPEC §10: why the message does not describe the call, or None when it does. It names the
    kind of write (a word of the tool's ``verbs``, its kind of ``action_words.ACTIONS`` or its
    list, in any inflection), states each ``mention``-ed argument that the call gives, each
    ``mention_address`` argument's street (``records(arg, value)`` gives the record) and each
    ``mention_result`` field of the call's ``result`` (its parsed observation) that is a number
    above 0, in prose, a list, JSON or ``key=value`` lines alike (``action_words.confirmation_text``);
    and it states no other value of the same kind instead of one of the call's arguments
    (``call_values.contradicted``: another order, item, courier, visit order, card, suite or date;
    ``index`` is S0's ids, ``observation`` the call's result as the tool wrote it), nor a card by
    a brand or last four digits that none of ``cards`` has (``call_cards``: the cards the call
    pays or refunds with, as (brand, last four), or a function giving them, asked only when the
    message names a card's brand or end; None: not known, not compared). Nor does it say
    a call that charges costs nothing, or describe another write of its kind beside it
    (``consent_scope``)."""
    raw = text = examples_out(option_menus.unchosen_out(text))  # round 15: "[ ] wallet credit" set aside; round 20: an example
    text = action_words.confirmation_text(text)
    verbs = confirmation.verbs.get(tool)
    if verbs and action_words.names_action(text, verbs, to_come=True) is None and not _arrow_from(raw, kwargs, verbs):
        return "it names no " + (verbs if isinstance(verbs, str) else "/".join(verbs)) + " action"
    for arg, how in confirmation.mention.items():
        value = kwargs.get(arg)
        if value is None:
            continue
        if not _states_value(text, value, how, index) and not (how != "number" and _states_value(raw, value, how, index)) \
                and not (how == "number" and value == 0 and option_values.says_none(text, arg)):
            return f"it does not state {arg} {value}"
    for arg in confirmation.mention_address:
        value = kwargs.get(arg)
        record = records(arg, value) if records is not None and value is not None else None
        street = record.get("street") if isinstance(record, dict) else None
        if isinstance(street, str) and not states_address(text, street):
            return f"it does not state the street {street}"
    if isinstance(result, dict):
        for name, how in confirmation.mention_result.items():
            value = result.get(name)
            if is_number(value) and value > 0 and not _states_value(text, value, how):
                return f"it does not state the {name} {value}"
    if isinstance(result, dict) and any(_CHARGED.search(n) and is_number(result.get(n)) and result[n] > 0
                                        for n in confirmation.mention_result):
        free = consent_scope.said_free(raw)
        if free is not None:
            return f"it says the write costs nothing ({free!r}), not the price it charges"
    amounts = [kwargs.get(a) for a, how in confirmation.mention.items() if how == "number" and is_number(kwargs.get(a))]
    if isinstance(result, dict):
        amounts += [result.get(n) for n, how in confirmation.mention_result.items() if is_number(result.get(n))]
    corrected = _corrected_amount(raw, amounts) if amounts and _SAYS_MONEY.search(raw) else None
    if corrected is not None:
        return f"it states another amount ({corrected}) as a correction or an alternative"
    later = consent_tails.later_amount(raw, amounts) if amounts and ("?" in raw or "\n" in raw) and _SAYS_MONEY.search(raw) else None
    if later is not None:  # round 19: "Shall I refund $5.91 to your wallet? It comes to $9.51 after adjustments."
        return f"it states another amount ({later}) after its question: the later word"
    if cards is not None:
        other_card = _another_card(raw, cards)
        if other_card is not None:
            return f"it states another card ({other_card})"
    other_method = consent_scope.another_method(raw, kwargs, confirmation.mention, observation)
    if other_method is not None:
        return f"it states another payment method ({other_method})"
    required = isinstance(result, dict) and any(is_number(result.get(n)) and result[n] > 0 for n in confirmation.mention_result)
    other_amount = None if required else consent_scope.another_amount(raw, kwargs, observation, index)  # one amount stated already
    if other_amount is not None:
        return f"it states another amount ({other_amount})"
    skip = frozenset(a for a, how in confirmation.mention.items() if how == "number" or isinstance(how, dict))
    other = call_values.contradicted(raw, kwargs, index, observation if isinstance(observation, str) else "", skip)
    if other is None and index is not None:
        several = consent_scope.another_write(raw, kwargs, index, verbs)
        if several is not None:
            return f"it describes another write too ({several}): one yes covers one write"
    return None if other is None else f"it states another {other}"


_SAYS_MONEY = re.compile(r"[$€£]|dollar|usd|bucks", re.IGNORECASE)  # an amount may be said with its currency after it
# a result field that is what the customer pays ("charge", "price", "total_cost", "fee")
_CHARGED = lazy(r"charge|price|cost|fee|paid|payment|total", re.IGNORECASE, needs=('charge', 'cost', 'fee', 'paid', 'payment', 'price', 'total'))


# An amount given as a correction of the one before or an alternative to it ("- actually, make that
# $19.60", "$16.90, or $19.60 if we include the fee")
_CORRECTING = re.compile(r"(?<!\w)(?:make\s+(?:that|it)|actually|i\s+mean|sorry|rather|correction|or|instead|scratch\s+that)"
                         r"(?!\w)[^\w$]{0,4}(?:\w+[^\w$]{1,3}){0,2}$", re.IGNORECASE)  # a whole word: "order $5" corrects nothing


# "$50 -- no, $40": a dash, "no" and a stop right before the amount take back the one before it ("no $40 fee" and
# "- no fee, $40" do not)
_TAKEN_BACK_BY_NO = re.compile(r"(?:-|[\u2013\u2014])\s{0,2}no\s{0,2}[,;:!.\u2013\u2014-][^\w$]{0,3}(?:usd|us)?$", re.IGNORECASE)  # "-- no, US$6.70"


def _corrected_amount(text: str, amounts: list) -> Optional[float]:
    own = {round(float(a), 2) for a in amounts}
    found = _amounts_in(text)
    for v in found:
        if v.key in own:
            continue
        before = text[max(0, v.start - 40):v.start]
        if (not v.negated and _CORRECTING.search(before)) or _TAKEN_BACK_BY_NO.search(before):
            return v.key  # the dash's "no" takes the amount before it back: it does not negate this one
    low = text.lower()
    bound = any(w in low for w in ("up to", "most", "max", "cap", "limit", "no more than", "not more than"))
    both = ("both" in low or "all " in low or "each of" in low or " two" in low) and _BOTH.search(consent_request(text) or "")
    roles = text.count("$") + low.count("usd") + low.count("dollar") > 1
    if not (bound or both or roles):
        return None
    from tau_shaped.reward.reading.amounts import stated_amounts
    from tau_shaped.reward.reading.negation import Negations

    negated = Negations(text)
    said = [(round(a.value, 2), a.start) for a in stated_amounts(text) if not negated(a.start, value=True)]
    parts = sorted({v for v, _ in said})
    # round 17: a split's total ("$16.90: $10.00 to your card and $6.90 to your wallet", the sum of the others) is no other amount
    others = [v for v, _ in said if v not in own and not (len(parts) >= 3 and own & set(parts) and abs(sum(p for p in parts if p != v) - v) <= 0.005)]
    mine = [at for v, at in said if v in own]
    if others and mine and bound and all(_BOUND.search(text[max(0, at - 28):at]) for at in mine):
        return others[0]  # "credit of up to $20, so I'd like to add $15.00": the call's amount said only as a bound
    if others and mine and roles and not any(_MOVES.search(text[max(0, at - 28):at]) or _TAKEN_BACK_BY_NO.search(text[max(0, at - 40):at])
                                             or _CORRECTING.search(text[max(0, at - 40):at]) for at in mine):
        denied = {round(a.value, 2) for a in stated_amounts(text) if negated(a.start, value=True)}  # "$5.06, not $5.60"
        moved = [v for v, at in said if v in others and v not in denied and _MOVES.search(text[max(0, at - 28):at])]
        if moved:  # "Tier: plus (cap $10.00) | Credit: $15.00", "fee $0.36 | Resolution: refund $3.60": the call's
            return moved[0]  # amount said in another role, another amount said as the one moved
    return others[0] if others and both else None  # "$18.42, and also the $13.79 ... - OK to do both?": two writes at once


# The amount right after a word that moves it ("refund $3.60", "Credit: $15.00", "Refund now: $19.60", "add USD 5"):
# the amount the message says is moved ("Max refundable: $16.90" is not: a bound's label)
_MOVES = re.compile(r"(?<![\w-])(?:refund|credit|compensation|comp|reimburse(?:ment)?|give|add|issue|return|pay|put)(?:ed|ing|s)?"
                    r"(?:\s+(?:of|now|right|back|amount|total|due|today|immediately|the|that|this)){0,2}[\s:=>-]{0,4}(?:of\s+)?(?:usd|us\$)?\s?[$]?$",
                    re.IGNORECASE)  # round 15: "Shall I refund the $19.60" (the amount the question moves)


# An amount said as a bound ("up to $20", "a maximum of $20", "capped at $20"): what may be given, not what is
_BOUND = re.compile(r"(?<!\w)(?:up\s+to|at\s+most|max(?:imum)?(?:\s+of)?|no\s+more\s+than|not\s+more\s+than|capped\s+at"
                    r"|(?:a\s+)?(?:cap|limit|ceiling)\s+of|limited\s+to)[\s:]{1,3}$", re.IGNORECASE)
# The question asks for several of the kind at once ("OK to do both?", "shall I process both refunds?")
# (both writes, not both items of one: "refund both items, $16.90 in all")
_BOTH = lazy(r"(?<![\w'])(?:both|all\s+(?:three|four)|all\s+of\s+them|each\s+of\s+them|(?:these|those)\s+two)"
                   r"(?:(?:\s+of\s+(?:them|these|those))?\W*$|\s+(?:refunds|credits|cancell?ations|changes|updates|requests|of\s+(?:these|those)\s+refunds))",
                   re.IGNORECASE, needs=('both', 'each', 'four', 'them', 'three', 'two'))


@lru_cache(maxsize=2048)
def _amounts_in(text: str) -> Tuple[Any, ...]:
    """The amounts ``reply_values.values_in`` reads in ``text``, in its order, read alone (its
    streets read only to leave their house numbers out): what ``_corrected_amount`` compares."""
    from tau_shaped.reward.reading.reply_values import _STREET, amounts_of

    lowered = text.lower()
    return tuple(amounts_of(lowered, [m.span() for m in _STREET.finditer(lowered)]))


def _another_card(text: str, cards: Any) -> Optional[str]:
    """A card brand or last four digits ``text`` states, not taken back, that none of ``cards``
    ((brand, last four) pairs) has."""
    lowered = text.lower()
    if not any(w in lowered for w in ("visa", "master", "amex", "american", "discover", "end", "last")):
        return None
    if callable(cards):  # the cards read only now (S0 looked up for a message naming a card)
        cards = cards()
        if cards is None:
            return None
    brands = {b for b, _ in cards if b}
    ends = {e for _, e in cards if e}
    for v in reply_values.values_in(text):
        if v.negated or _REPLACED.match(text, _VALUE_WORD.match(text, v.start).end()):
            continue  # "not the Visa", "Mastercard → Visa": the card replaced is not the call's
        if v.kind == "card_brand" and brands and v.key not in brands:
            return str(v.key)
        if v.kind == "card_end" and v.key not in ends:
            return f"ending {v.key}"
    return None


_VALUE_WORD = re.compile(r"[\w]*(?:[ \t]+express)?")
_REPLACED = re.compile(r"[ \t]*(?:\([^()\n]{0,20}\)[ \t]*)?(?:→|->|=>|➜|⟶|⇒|➡)")


def _result(observation: Any) -> Any:
    """A call's observation as JSON, if it is a JSON object (else None)."""
    if not isinstance(observation, str) or not observation.startswith("{"):
        return None
    try:
        value = json_loaded(observation)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None
