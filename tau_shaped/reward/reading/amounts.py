"""Money amounts in a message: the one reader of amounts (SPEC §10 statements, "any spelling of
the currency and any number format"), shared by ``statements.stated_amounts`` (the amount
checks), ``text_matching.find_number`` (confirmations and output checks) and ``money_claims``.

It reads the text the customer sees (``normalize.seen``: Unicode folded, numbers in words
written as digits by text2num), so it reads digits, and the small number words text2num leaves
as words ("one dollar", "five dollars and one cent", "a buck"):

- a currency symbol or code before the number: "$16.90", "$1,234.50", "US$16.90", "$ 16.90",
  "USD 16.90", "€5", "-$3.00" and "$-3.00" (the sign is ignored, the snippet keeps it);
- a currency word or code after it: "16.90 dollars", "16.90 US dollars", "20 bucks",
  "16.90 USD", "5 euros";
- cents: "66 cents" (0.66), "one cent" (0.01); after a dash right after a whole number with its currency
  before it, as a price tag writes them ("$16-90", "$9-89": 16.90, 9.89; round 13), unless a rate or a
  percentage follows ("$5-10 per bag" is no amount of 5.10: its figures are read as before);
- dollars and cents: "16 dollars and 90 cents", "$16 and 90 cents", "16 dollars, 90 cents"
  (16.90; a whole number of dollars then 1-99 cents).

- thousands with a "k" ("$1.2K", "1.5k dollars", "USD 2k": 1200, 1500, 2000; without the k the
  figure would be read a thousand times smaller) and "grand" after a number ("2 grand");
- money slang: "a fiver" (5), "a tenner" (10);
- a decimal comma, as much of Europe writes money: "16,90 €", "€16,90", "USD 16,90", "1.234,50 $",
  "1 234,50 $" (16.90, 1234.50; a space groups thousands only before a decimal comma): a comma
  then exactly two digits, with no digit or ",digit" after, is never a thousands group (those
  have three digits), so "$1,234" stays 1234.

A bare figure with cents right after a word of money ("I've refunded 19.60", "the total is
62.27") is an amount; other bare numbers are not ("order 10005", "2 items", "5%", "15 minutes",
"FD-10030"); the
number grammar is otherwise the one of ``text_matching.numbers_in_text`` (whole 3-digit thousands
groups). Every pattern is linear (bounded repeats, a number may only start where no digit or
word character precedes it).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import List, Optional, Tuple

from tau_shaped.reward.reading.value_corrections import may_disown, retracted_after, taken_back
from tau_shaped.reward.reading.typed import Stated

__all__ = ["SMALL_WORDS", "amounts", "may_state_amount"]

# The grammar of text_matching.numbers_in_text, on ASCII digits only, then a decimal comma ("16,90",
# "1.234,50"): exactly two digits after the comma, no digit nor ",digit" after (read in ``_count``).
# Round 11: thousands grouped by a space before a decimal comma ("1 186,47 $", "23 553,00 €", as French and much of
# Europe write money); only with the decimal comma, so "2 500 dollars" stays 500 after a count.
_NUM = (r"(?:[0-9]{1,3}(?:[ \u00a0\u202f][0-9]{3}){1,4},[0-9]{2}(?![0-9]|,[0-9])"
        r"|[0-9]{1,3}(?:,[0-9]{3}(?![0-9]))+(?:\.[0-9]+)?|[0-9]+(?:\.[0-9]+)?|\.[0-9]+)"
        r"(?:,[0-9]{2}(?![0-9]|,[0-9]))?")
_COMMA_NUM = re.compile(r"(?:[0-9]{1,3}(?:\.[0-9]{3}){1,4}|[0-9]{1,3}(?:[ \u00a0\u202f][0-9]{3}){1,4}|[0-9]+),[0-9]{2}")
# Thousands said with a "k" right after the number ("$1.2K", "1.5k dollars"), not a word ("5 kids"), nor a
# "k" a space apart ("$5 K": a letter of its own).
_KILO = r"(?:(?P<{tag}>[kK])(?![A-Za-z0-9-]))?"
_SLANG = {"fiver": 5.0, "tenner": 10.0}
_CODES = r"(?i:USD|EUR|GBP|CAD|AUD|JPY|CHF|INR)"  # in any case: "usd 20.07" (a message lower-cased)
# Number words text2num leaves as words (it writes ten and above as digits); "a" is one ("a buck").
SMALL_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a": 1, "single": 1}
_SMALL = "|".join(sorted(SMALL_WORDS, key=len, reverse=True))
_SP = r"[ \u00a0]"
_UNIT_WORD = r"(?:US[ \u00a0])?dollars?|bucks?|quid|euros?|cents?|grand"  # round 12: "16 quid" (regional English)


def _tail(tag: str) -> str:
    """Cents after a whole number of dollars: ", 90 cents", " and 90 cents", " and one cent"."""
    return (rf"(?:,?{_SP}{{1,2}}(?:(?i:and){_SP}{{1,2}})?(?P<{tag}>[0-9]{{1,2}}|(?i:{_SMALL}))"
            rf"(?:{_SP}?(?i:cents?)(?![A-Za-z])|/100(?![0-9])))?")  # round 12: a cheque's "USD 19 and 73/100"


# Cents said as a bare two-digit number after the dollars ("16 dollars 90", text2num's digits for
# "sixteen dollars ninety"), not a count of something else ("16 dollars 30 minutes ago").
_BARE_CENTS = (rf"(?:{_SP}(?P<{{tag}}>[0-9]{{{{2}}}})(?![0-9]|[.,:][0-9]|{_SP}?%)(?!{_SP}{{{{1,2}}}}(?i:cents?|percent|per|pct|"
               r"minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|items?|units?|seconds?|secs?|am|pm|[ap]\.m\.|o['’]clock|x)\b))?")


def _bare(tag: str) -> str:
    return _BARE_CENTS.format(tag=tag)


_AMOUNT = re.compile(
    r"(?:(?<![\w.])(?P<sign>[-\u2212]))?"
    rf"(?:(?P<cur>[$€£¥]|\b(?:{_CODES})(?![A-Za-z])){_SP}?[-\u2212]?(?P<n1>{_NUM})(?![0-9])"
    r"(?:-(?P<h1>[0-9]{2})(?![0-9]|[.,:/-]?[0-9]|[ \u00a0]?(?:%|(?i:per|a|each|an|/)\b)))?" + _KILO.format(tag="k1")
    + rf"(?:{_SP}?(?:{_CODES})\b)?"
    + _tail("c1")
    # a number followed by a currency word; it starts a number ("1,234" not "234", not
    # "A10", "FD-10", "1.5") so a long run of digits is tried once, not at every digit
    + rf"|(?<![\w.])(?<![0-9],)(?<![^\W\d][-\u2212])(?P<n2>{_NUM})" + _KILO.format(tag="k2") + rf"{_SP}?"
    rf"(?P<word>(?i:{_UNIT_WORD})(?![A-Za-z])|(?:{_CODES})\b)"
    + _tail("c2")
    + _bare("b2")
    # a small number in words then a currency word ("one dollar", "a buck", "five cents")
    # a number then the sign ("16.90$", "16.90 €"), not the sign of a number that follows ("5 $10")
    + rf"|(?<![\w.])(?<![0-9],)(?<![^\W\d][-\u2212])(?P<n4>{_NUM}){_SP}?(?P<cur4>[$€£¥])(?![ \u00a0]?[-\u2212]?\.?[0-9])"
    + rf"|(?<![\w.])(?P<n3>(?i:{_SMALL})){_SP}{{1,2}}(?P<word3>(?i:{_UNIT_WORD}))(?![A-Za-z])"
    + _tail("c3")
    + _bare("b3")
    + ")"
)
# slang: "a fiver", "a tenner" (read only in a text that holds one)
_SLANG_AMOUNT = re.compile(
    r"(?<![\w.])(?:(?:an?|one|the)[ \u00a0]{1,2})?(?P<slang>fiver|tenner)(?![A-Za-z])", re.IGNORECASE
)

# A bare figure with cents right after a word of money moved or owed ("I've refunded 19.60 to your
# card", "the total is 62.27", "it comes to 4.50"): money, though no currency is written (a figure
# with a currency after it is read above; "refunded 2 items", "charged 5%" are not money).
_BARE_MONEY = re.compile(
    r"(?i)\b(?:refunded|charged|credited|reimbursed|paid|debited|(?:refund|charge|credit|payment|total|balance|amount|price|fee)"
    r"(?:[ \u00a0](?:of|is|was|comes[ \u00a0]to|came[ \u00a0]to|will[ \u00a0]be))|comes[ \u00a0]to|came[ \u00a0]to|costs?|priced[ \u00a0]at)"
    r"[ \u00a0](?:you[ \u00a0]|back[ \u00a0]|just[ \u00a0]|only[ \u00a0])?(?P<bm>[0-9]{1,5}\.[0-9]{2})"
    r"(?![0-9]|[.,][0-9]|[ \u00a0]?(?:%|[$€£¥]|(?:US[ \u00a0])?dollars?\b|bucks?\b|quid\b|euros?\b|cents?\b|USD|EUR|GBP|percent))")
# round 12: a bare figure sent back to a method ("nineteen sixty back on your card", "16.90 -> wallet"); a key's figure
# ("Total: 16.90") is money_claims.keyed_amounts'
_BACK_FIGURE = re.compile(
    r"(?<![\w.$€£¥,])(?P<bb>[0-9]{1,5}\.[0-9]{2})(?=[ \u00a0]{1,3}(?:(?:is|are|will|be|goes|going|went|heading|coming|now|has|been)[ \u00a0]{1,3}){0,2}"
    r"back[ \u00a0]{1,3}(?:on|to|in|into|onto)[ \u00a0]{1,3}(?:your|ur|the)[ \u00a0]{1,3}(?:card|wallet|original|bank|account)\b"
    r"|[ \u00a0]{0,3}(?:->|=>|\u2192)[ \u00a0]{0,3}(?:(?:your|ur|the)[ \u00a0]{1,3})?(?:card|wallet|original|bank)\b)", re.IGNORECASE)
# in every match of ``_BARE_MONEY``: its figure stands after a space (each of its alternatives ends with one), so a text
# with no such figure holds none (most figures follow a currency sign: "$16.90"); found digit by digit, fast
_BARE_FIGURE = re.compile(r"[ \u00a0][0-9]{1,5}\.[0-9]{2}")
_BARE_HINTS = ("refund", "charge", "credit", "reimburs", "paid", "debit", "total", "balance", "amount", "price", "fee", "come", "came",
               "cost")

_HINTS = ("$", "€", "£", "¥", "dollar", "buck", "quid", "cent", "euro", "usd", "eur", "gbp", "cad", "aud", "jpy", "chf", "inr",
          "fiver", "tenner", "grand")


def may_state_amount(text: str) -> bool:
    """Whether ``text`` may state an amount: every match holds a currency symbol, word or code
    (an ASCII text lower-cased holds it as the pattern finds it); a text that is not ASCII may."""
    if not text.isascii():
        return True
    low = text.lower()
    return any(h in low for h in _HINTS)


def _count(raw: str) -> Optional[float]:
    if raw[:1].isdigit() or raw[:1] == ".":
        if len(raw) >= 4 and raw[-3] == ",":  # a decimal comma: "16,90", "1.234,50"
            if _COMMA_NUM.fullmatch(raw):
                return float(raw.replace(".", "").replace(" ", "").replace("\u00a0", "").replace("\u202f", "").replace(",", "."))
            raw = raw[:-3]  # "1,234,56", "1.5,20": the number before it, as read without it
        return float(raw.replace(",", ""))
    small = SMALL_WORDS.get(raw.lower())
    return None if small is None else float(small)


# Letters that look like digits in a number after a currency sign ("$2O.OO", "$l6.9O"): read as
# the digits a reader sees (the same length: positions kept). A run with at least one digit and
# at least one such letter, bounded.
_LOOKALIKE_RUN = re.compile(r"(?<=[$€£¥])[ \u00a0]?(?=[0-9OoIl.,]{0,12}[0-9])(?=[0-9.,]{0,12}[OoIl])[0-9OoIl]{1,7}"
                            r"(?:[.,][0-9OoIl]{1,3}){0,3}(?![A-Za-z0-9])")
_LOOKALIKE_DIGITS = str.maketrans("OoIl", "0011")


def _unmasked(text: str) -> str:
    if "$" not in text and "€" not in text and "£" not in text and "¥" not in text:
        return text
    return _LOOKALIKE_RUN.sub(lambda m: m.group().translate(_LOOKALIKE_DIGITS), text)


def amounts(text: str) -> List[Stated]:
    """Money amounts ``text`` states, with a currency marker, in order (value in currency units,
    the sign ignored)."""
    found: List[Stated] = _bare_money(text) if "." in text else []
    if not may_state_amount(text):
        return found
    seen = _unmasked(text)
    for m in _AMOUNT.finditer(seen):
        raw = m.group("n1") or m.group("n2") or m.group("n3") or m.group("n4")
        value = _count(raw)
        if value is None:
            continue
        word = (m.group("word") or m.group("word3") or "").lower()
        if m.group("k1") or m.group("k2") or word == "grand":
            value *= 1000
        cents = m.group("c1") or m.group("c2") or m.group("c3")
        if m.group("h1") and value.is_integer() and not m.group("k1"):
            value += int(m.group("h1")) / 100  # round 13: "$16-90", the cents after a dash (a price tag's form)
        elif word.startswith("cent"):
            value /= 100
        elif cents is not None and value.is_integer():
            extra = _count(cents)
            if extra is not None and extra < 100:
                value += extra / 100
        elif (m.group("b2") or m.group("b3")) and value.is_integer() and word.startswith(("dollar", "buck", "us", "quid")):
            value += int(m.group("b2") or m.group("b3")) / 100  # "16 dollars 90"
        found.append(Stated("amount", round(value, 9), text[m.start():m.end()], m.start(), m.end()))
    low = text.lower()
    if "fiver" in low or "tenner" in low:
        found.extend(Stated("amount", _SLANG[m.group("slang").lower()], text[m.start():m.end()], m.start(), m.end())
                     for m in _SLANG_AMOUNT.finditer(text))
    if len(found) > 1:
        found.sort(key=lambda a: (a.start, -a.end))  # the bare figures and the slang among the rest
        kept: List[Stated] = []
        for a in found:  # round 14: a bare figure inside an amount read with its sign ("$ 1464.00") is that amount
            if not kept or a.start >= kept[-1].end:
                kept.append(a)
        found = _corrected(text, kept)
    if found and may_disown(low):
        found = [a for a in found if not retracted_after(text, a.end)]  # round 17: "(I first typed $19.37, ignore that)"
    if found and any(w in low for w in _RELATIVE_WORDS):
        found = _with_relative(text, found)
    return found


# Round 15 (arithmetic): an amount said as a multiple of another ("double the usual $5.00", "twice that $2.99 fee", "half of
# the $33.80", "three times the $5.00 cap") states the product as well: the amount it names and the amount it means
_RELATIVE_WORDS = ("double", "twice", "triple", "thrice", "three times", "half", "quadruple")
_FACTORS = {"double": 2.0, "twice": 2.0, "triple": 3.0, "thrice": 3.0, "three times": 3.0, "quadruple": 4.0, "half": 0.5}
_RELATIVE = re.compile(r"(?i)\b(?P<k>double|twice|triple|thrice|three[ \u00a0]times|quadruple|half)(?:[ \u00a0]+of)?"
                       r"(?:[ \u00a0]+(?:the|your|that|this|my|our|its|a))?(?:[ \u00a0]+(?:usual|normal|standard|regular|original|full"
                       r"|whole|total|same|basic|base))?[ \u00a0]+(?:US|U\.S\.)?\Z")  # round 16: "double the usual US$5.00"


def _with_relative(text: str, found: List[Stated]) -> List[Stated]:
    """``found`` and, for each amount said as a multiple of itself, the product (starting at the multiple's word)."""
    out: List[Stated] = []
    for a in found:
        m = _RELATIVE.search(text, max(0, a.start - 48), a.start)
        if m is not None:
            factor = _FACTORS[" ".join(m.group("k").lower().split())]
            out.append(Stated("amount", round(a.value * factor, 2), text[m.start():a.end], m.start(), a.end))
        out.append(a)
    return out


# Round 11: an amount the speaker takes back at once for the next one ("forty dollars sorry fifty dollars",
# "$12 -- sorry, $14", "16,90 $, I mean 19,60 $", "$40, no wait, $50", "$30 or rather $35"): only the second is
# stated. The words between the two are a correction and nothing else (``value_corrections``, shared with times and statuses).
def _corrected(text: str, found: List[Stated]) -> List[Stated]:
    """``found`` without the amounts taken back for the one right after them."""
    out = [here for here, nxt in zip(found, found[1:]) if not taken_back(text, here.end, nxt.start)]
    out.append(found[-1])
    return out


def _bare_money(text: str) -> List[Stated]:
    """The bare figures with cents a word of money introduces (``_BARE_MONEY``)."""
    low = text.lower()
    out = [Stated("amount", float(m.group("bm")), m.group("bm"), m.start("bm"), m.end("bm")) for m in _BARE_MONEY.finditer(text)
           ] if any(h in low for h in _BARE_HINTS) and _BARE_FIGURE.search(text) else []
    if "back " in low or "->" in text or "=>" in text or "\u2192" in text:
        out.extend(Stated("amount", float(m.group("bb")), m.group("bb"), m.start("bb"), m.end("bb")) for m in _BACK_FIGURE.finditer(text))
        out.sort(key=lambda a: a.start)
    return out


_KEPT_TEXT = 2048  # texts up to this long have their amounts read once and kept (bounded)


def stated_amounts(text: str) -> List[Stated]:
    """Money amounts the text states, with a currency marker, in order (SPEC §5 statements): the
    one reader of amounts, shared by statements, numbers found in text and money claims; a
    short text's are read once and kept (a task's rollouts repeat their messages and the
    customer's words; ``Stated`` is frozen, callers get a new list)."""
    return list(_kept_amounts(text)) if len(text) <= _KEPT_TEXT else amounts(text)


@lru_cache(maxsize=4096)
def _kept_amounts(text: str) -> Tuple[Stated, ...]:
    return tuple(amounts(text))
