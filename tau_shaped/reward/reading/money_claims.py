"""Money an agent states, typed (SPEC §10 statements): what a careful reader of a store's or an
airline's policy takes a message to assert about money, whatever its layout (prose, a list,
``key: value`` lines, JSON, a table), the currency spelling or the number format.

- ``amount``: a sum of money, typed by the words of its clause: ``charge`` (what the customer pays: charged, pay,
  billed, cost you, total, price difference, fee, owe), ``refund`` (what comes back: refund, get back, reimbursed,
  credited, returned to you), ``money`` (both kinds of words, a payment change that charges one method and refunds
  another) or ``price`` (neither: an item's or a fare's price). A currency marker makes a number an amount ("$54.04",
  "54.04 USD", "1,385 dollars"); so does a money key in a list or JSON (``total: 1385``, ``"refund_amount": 54.04``).
  Value: (kind, amount).
- ``refund_method``: where a refund is said to go: "the refund goes to your gift card", "-> your PayPal", "back to your
  Visa ending 1234", ``refund_to: paypal`` (value: ``gift_card``, ``credit_card``, ``paypal``, ``original``, ``certificate``).
- ``refund_timing``: when a refund is said to arrive, in a clause about a refund: at once ("immediately", "instantly",
  "right away": ``immediate``), within hours or a day (``hours``), or ``days:N-M`` ("5 to 7 business days", "within 3
  days": ``days:3-3``); value: (method said in the clause or "", when). At most 64 claims a message are read.

Layouts read alike (SPEC §10): a markdown table is read as the ``key: value`` lines it stands for (a two-column table
row by row, a wider one each cell under its column's header), and a record's line (``key: value``, ``key=value``, a
JSON member, a bullet) in the clause of its whole record, as the words of one sentence: "when=within 24 hours" under
"refund=$20" is a refund's timing. An amount's kind is first the one its own key gives (``refund: $20``), then its record's.

None is made of a negated statement ("you will not be charged $50") nor of a value asked and denied ("Is it $20? No -
$16.90": ``asked_denied``; "armrest: none" negates nothing: ``option_values``); a question's hypothesis and a condition
still state their amounts ("would you like ...?", "if you upgrade, ..."). Every pattern is linear (bounded repeats).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Dict, List, Optional, Tuple

from tau_shaped.reward.reading.asked_denied import asked_then_denied, denials_blanked, done_taken_back, money_asked_as_keys, question_answered
from tau_shaped.reward.reading.option_values import count_record, item_field, item_return_only, option_nones_blanked, refund_header, refund_record
from tau_shaped.reward.reading.done_money import done_kinds
from tau_shaped.reward.reading.negation import Negations
from tau_shaped.reward.reading.statements import stated_amounts
from tau_shaped.reward.reading.time_words import count_in, elapsed
from tau_shaped.reward.reading.typed import Stated

__all__ = ["MoneyClaim", "money_claims", "clause_bounds", "keyed_amounts", "tables_as_lines"]


@dataclass(frozen=True)
class MoneyClaim:
    kind: str  # amount | refund_method | refund_timing
    value: Any
    text: str
    start: int
    done: Optional[str] = None  # an amount the words say a write has moved: "charge" | "refund" (``done_money``)


_CHARGE = re.compile(
    r"\b(?:charg(?:e|es|ed|ing)\b|pay(?:s|ing|able|ment due)?\b|paid|bill\w*|cost(?:s|ing)?\b|total\w*|owe\w*|fee|fees|"
    r"price[ _-]differ\w*|differ\w*|additional|extra|due|debit\w*|deduct\w*|upgrade cost|comes? to|come out to)",
    re.IGNORECASE,
)
_REFUND = re.compile(
    r"\b(?:refund\w*|reimburs\w*|(?<![\w-])back\b(?! to (?:your|my|the|our) (?:question|point|query|topic|request))|back to (?:you\b|your\b(?! (?:question|point|query|topic|request)))|credit(?:ed)? (?:back|to)|credited\b|crediting\b|"
    r"returned to (?:you|your)|returning\b|return(?:ed)? (?:it|them|the (?:money|funds|amount|balance|total)) to|receive back|money back|put back|sent back|send back|certificate\w*|certs?\b|voucher\w*|compensat\w*)",
    re.IGNORECASE,
)
_MONEY_KEY = re.compile(
    r"(?P<q>[\"']?)(?P<key>[A-Za-z][A-Za-z _-]{0,40}?)(?P=q)[ \t]{0,3}(?:[:=|]|\bis\b|\bof\b)[ \t]{0,3}[\"']?"
    r"(?P<sign>[-\u2212])?(?P<n>[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]{1,2})?|[0-9]{1,7}(?:\.[0-9]{1,2})?)(?![0-9A-Za-z%])",
)
_KEY_IS_MONEY = re.compile(r"(?i)amount|total|price|cost|refund|charge|fee|difference|balance|payment due|to pay")
_KEY_NOT_MONEY = re.compile(r"(?i)(?:\b|_|(?-i:(?<=[a-z])(?=[A-Z])))(?:id|number|count|quantity|qty|passengers?|zip|items?|percent|rate|date)(?:\b|_|(?-i:(?=[A-Z])))|(?<!per )(?<!per_)(?<!per-)(?:bags?|baggages?|days?|nights?|seats?|tickets?|segments?|flights?|miles|points|pieces)[ \t_-]*$")  # round 10b: a count the key's head ("total_bags", "totalBags", "TOTALBAGS"), not "bag_fee"

_METHODS = (
    ("gift_card", r"gift[ _-]?cards?"),
    ("paypal", r"pay[ _-]?pal"),
    ("credit_card", r"credit[ _-]?cards?|(?:visa|mastercard|amex|american express|discover)\b|card ending|debit card"
                    r"|(?<!gift )(?<!gift_)(?<!gift-)\bcard\b"),  # "your card": a gift card is named so
    ("original", r"original(?:[ _-]form of)?[ _-](?:payment|method)|same (?:payment )?method|(?:card|method) (?:you|it was) (?:paid|used)"),
    ("certificate", r"(?:travel[ _-])?certificates?|(?:travel[ _-])certs?\b"),  # round 10b: "travel cert"
)
_METHOD = re.compile("|".join(f"(?P<{k}>{p})" for k, p in _METHODS), re.IGNORECASE)
_TOWARD = re.compile(
    r"(?:\b(?:to|into|onto|on|via|through|back to|goes to|go to|sent to|credited to|refunded to|returned to|as)[ \t]{1,3}"
    r"|(?:-{1,2}>|=>|[→⇒⟶➔➜])[ \t]{0,3})"  # an arrow: "refund $5 -> your gift card"
    r"(?:(?:your|the|my|a|an|its|their)[ \t]{1,3})?(?:(?:existing|saved|original|same|)[ \t]{0,3})?$|"
    r"(?:refund\w*|destination|method|refund_to|refund method|to)[\"']?[ \t]{0,3}[:=][ \t]{0,3}[\"']?(?:(?:your|the|my)[ \t]{1,3})?$",
    re.IGNORECASE,
)
_NOT_REFUND_METHOD = re.compile(r"(?i)\b(?:pay|paid|charg\w*|bill\w*|debit\w*)\b")
_TIMING = re.compile(
    r"\b(?P<imm>immediately|instantly|right away|straight away|at once|right now|in real time)\b"
    r"|\b(?:within|in)[ \t]{1,3}(?:the[ \t]{1,3}|an[ \t]{1,3}|a[ \t]{1,3}|one[ \t]{1,3}|a few[ \t]{1,3}|few[ \t]{1,3}|(?P<h>[0-9]{1,3})[ \t]{1,3})?"
    r"(?:next[ \t])?(?P<unit>hours?|hrs?|minutes?|mins?)\b"
    r"|\b(?P<day>today|tonight|tomorrow|overnight|same[ -]day|later[ \t]today|end[ \t]of[ \t](?:the[ \t])?day)\b"
    r"|(?<![\w.\-])(?P<d1>[0-9]{1,2}|one|two|three|four|five|six|seven|ten|fourteen|a[ \t]{1,3}couple[ \t]{1,3}of|a|an)"
    r"(?:[ \t]{0,2}(?:-|\u2013|to|or)[ \t]{0,2}(?P<d2>[0-9]{1,2}|one|two|three|four|five|six|seven|ten|fourteen))?"
    r"[ \t]{1,3}(?:business[ \t]{1,3}|working[ \t]{1,3})?(?P<days>days?|weeks?|fortnight)\b",
    re.IGNORECASE,
)
# A clause about a refund: its words, or money arriving at a method ("it'll show up on your card in
# 3-5 business days", "your wallet will have it in ...") that no word of a charge makes a payment.
_REFUND_CLAUSE = re.compile(r"(?i)\brefund|reimburs|\bback\b(?! to (?:your|my|the|our) (?:question|point|query|topic|request))|credited|\breturn(?:ed|ing)\b")  # round 16: "Back to your question:"
_ARRIVES = re.compile(r"(?i)\b(?:show(?:s|ing)?[ \t]{1,3}up|appear\w{0,3}|arriv\w{0,3}|land\w{0,3}|hit\w{0,3}|reach\w{0,3}"
                      r"|post\w{0,3}|clear\w{0,3}|see[ \t]{1,3}it|have[ \t]{1,3}it|get[ \t]{1,3}it|receiv\w{0,3}|available"
                      r"|be[ \t]{1,3}(?:on|in)|expect\w{0,3}|(?:will|'ll|should)[ \t]{1,3}have)\b")
_DESTINATION = re.compile(r"(?i)\b(?:card|wallet|bank|account|statement|balance|pay[ \t_-]?pal|gift[ \t_-]?card|certificate)\b")
_CHARGE_CLAUSE = re.compile(r"(?i)\bcharg\w{0,3}|\bbill\w{0,3}|\bdebit\w{0,3}|\bpa(?:y|id|yment)\b|\bdeliver\w{0,3}|\border\b")
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "ten": 10, "fourteen": 14,
                 "a": 1, "an": 1, "a couple of": 2}
_TOTAL = re.compile(r"(?i)\btotal\w*|\bamount\b")
_CODE = re.compile(r"(?i)\b(?:usd|eur|gbp|cad|aud)\b")
_CLAUSE_END = re.compile(r"[.!?;](?=\s|$)|\n")

_RECORD_LINE = re.compile(
    r"[ \t]{0,8}(?:[-*\u2022+][ \t]{1,3}|[0-9]{1,2}[.)][ \t]{1,3})?[*_\"']{0,3}[A-Za-z][\w '-]{0,40}[*_\"']{0,3}[ \t]{0,3}[:=]"
    r"|[ \t]{0,8}[\[\]{},]{1,3}[ \t]{0,3}$")
_TABLE_ROW = re.compile(r"[ \t]{0,8}\|.{0,2000}\|[ \t]{0,8}$")
_TABLE_RULE = re.compile(r"[ \t|:-]{3,2000}$")


def _record_line(text: str, lo: int, hi: int) -> bool:
    """A line of a record: a key and one clause of value ("Note: X. Y." is prose, not a record)."""
    m = _RECORD_LINE.match(text, lo, hi)
    if m is None:
        return False
    end = _CLAUSE_END.search(text, m.end(), hi)
    return end is None or not text[end.end():hi].strip()


def _line_at(text: str, at: int) -> Tuple[int, int]:
    lo = text.rfind("\n", 0, at) + 1
    hi = text.find("\n", at)
    return lo, (len(text) if hi < 0 else hi)


def clause_bounds(text: str, at: int) -> Tuple[int, int]:
    """The clause of ``text`` around ``at``: from the previous sentence end or line break to the
    next ("$12.50" and "e.g." with no space after the dot do not end it), 400 characters either
    side at most; on a line of a record, the record's lines and the line that opens it (400
    characters either side of the line at most)."""
    if "\n" in text:
        lo, hi = _line_at(text, at)
        block = _records(text).get(lo)
        if block is not None:
            return max(block[0], lo - 400), min(block[1], hi + 400)
    lo = max(0, at - 400)
    for m in _CLAUSE_END.finditer(text, lo, at):
        lo = m.end()
    hi = min(len(text), at + 400)  # a clause is read 400 characters either side at most
    m = _CLAUSE_END.search(text, at, hi)
    return lo, (m.start() if m else hi)


@lru_cache(maxsize=256)  # a message's claims ask for the clauses of the same text
def _records(text: str) -> Dict[int, Tuple[int, int]]:
    """Each record line's start -> its record's bounds (its neighbouring record lines and the line
    before them that opens it, ending with a colon); one pass over the lines."""
    out: Dict[int, Tuple[int, int]] = {}
    group: List[int] = []
    prev: Tuple[int, int] = (0, 0)
    opener = -1
    lo = 0
    for line in text.split("\n"):
        hi = lo + len(line)
        if _record_line(text, lo, hi):
            if not group:
                opener = prev[0] if lo and text[prev[0]:prev[1]].rstrip().endswith(":") else -1
            group.append(lo)
            end = hi
        else:
            if group:
                start = opener if opener >= 0 else group[0]
                out.update((g, (start, end)) for g in group)
                group = []
            prev = (lo, hi)
        lo = hi + 1
    if group:
        start = opener if opener >= 0 else group[0]
        out.update((g, (start, end)) for g in group)
    return out


def _cells(line: str) -> List[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")][:20]


def tables_as_lines(text: str, headed: bool = False) -> str:
    """``text`` with each markdown table written as the ``key: value`` lines it stands for (``headed``: a ruled
    two-column table's rows also under their header: "| Refund | Arrives |" over "| $5 | in 24 hours |")."""
    if "|" not in text:
        return text
    lines, out, i = text.split("\n"), [], 0
    while i < len(lines):
        if not _TABLE_ROW.match(lines[i]):
            out.append(lines[i])
            i += 1
            continue
        j = i
        while j < len(lines) and j - i < 100 and _TABLE_ROW.match(lines[j]):
            j += 1  # a table's first 100 rows are rewritten (a bound on untrusted text); the rest stay as they are
        rows = [_cells(r) for r in lines[i:j] if not _TABLE_RULE.match(r)]
        ruled = j - i > 1 and _TABLE_RULE.match(lines[i + 1]) is not None
        for k, row in enumerate(rows):
            if len(row) == 2:
                out.append(f"{row[0]}: {row[1]}")
                if headed and ruled and k > 0 and len(rows[0]) == 2:
                    out.extend(f"{h}: {c}" for h, c in zip(rows[0], row))
            elif ruled and k > 0:
                out.extend(f"{h}: {c}" for h, c in zip(rows[0], row))
            elif not ruled:
                out.append("; ".join(row))
        while j < len(lines) and _TABLE_ROW.match(lines[j]):
            out.append(lines[j])
            j += 1
        i = j
    return "\n".join(out)


_DIFFERENCE = re.compile(r"(?i)\b(?:price[ _-])?differ\w*")
# "today" in "anything else I can help with today?": the conversation's day, not when money arrives
NOT_TIMING_DAY = re.compile(r"(?i)\b(?:help|assist|do for you|anything else|chat|talk|speak)\b[^.!?\n]{0,30}$")


def _kind(clause: str) -> str:
    clause = clause.replace("_", " ")  # "amount_refunded=": a key's words
    charge, refund = bool(_CHARGE.search(clause)), bool(_REFUND.search(clause))
    if charge and refund:
        return "money"
    if charge and not _CHARGE.search(_DIFFERENCE.sub(" ", clause)):
        return "money"  # "the price difference": money that moves one way or the other
    return "charge" if charge else ("refund" if refund else "price")


def _amounts(text: str, negated: Negations) -> List[MoneyClaim]:
    out: List[MoneyClaim] = []
    taken: List[Tuple[int, int]] = []
    # currency codes in any case ("usd 15.40"): upper-cased in place, positions kept
    stated = stated_amounts(_CODE.sub(lambda m: m.group(0).upper(), text))[:_MAX_CLAIMS]
    taken.extend((s.start, s.end) for s in stated)
    denied, answers = asked_then_denied(text), question_answered(text)
    stated = [s for s in stated if not negated(s.start, value=True) and not denied(s.start)]
    done = done_taken_back(text, [(s.start, s.end) for s in stated], done_kinds(text, [(s.start, s.end) for s in stated]))
    for s, moved in zip(stated, done):
        lo, hi = clause_bounds(text, s.start)
        own = _own_key(text, s.start)
        kind = own if own != "price" or " | " in text and item_field(text, s.start) else _kind(text[lo:hi])  # round 14: "Items: ... $X |"
        kind = _kind(answers(s.start) or text[lo:hi]) if kind == "price" and not (" | " in text and item_field(text, s.start)) else kind  # "Is it $20 back? No - it's $16.90"
        out.append(MoneyClaim("amount", (kind, round(s.value, 2)), s.text, s.start, moved))
    for m in _MONEY_KEY.finditer(text):
        if len(out) >= 2 * _MAX_CLAIMS:
            break
        key = m.group("key")
        if not _KEY_IS_MONEY.search(key) or _KEY_NOT_MONEY.search(key):
            continue
        if any(a <= m.start("n") < b for a, b in taken) or (m.start("n") and text[m.start("n") - 1] in "$€£") or _COUNT_AFTER.match(text, m.end("n")) or count_record(text, m.start("n")):
            continue  # taken, or a count ("Refund timing: 5-7 business days"; "Bags:" over "- total: 3")
        if negated(m.start("n"), value=True):
            continue
        lo, hi = clause_bounds(text, m.start())
        kind = "refund" if refund_record(text, m.start(), key) else _key_kind(key) if _kind(key) != "price" else _kind(text[lo:hi])
        kind = "money" if kind == "difference" else kind
        value = round(float(m.group("n").replace(",", "")), 2)
        out.append(MoneyClaim("amount", (kind, value), m.group(0).strip(), m.start("n")))
    return sorted(out, key=lambda c: c.start)


# A count after the number: not money ("Refund timing: 3 to 5 business days", "Refund window: 15 minutes",
# "Cost: 1 checked bag", "Total: 2 passengers")
_COUNT_AFTER = re.compile(r"[ \t]{0,2}(?:(?:-|\u2013|to|or)[ \t]{0,2}[0-9]{1,4}[ \t]{0,2})?(?i:minutes?|mins?|hours?|hrs?|days?|"
                          r"business|working|weeks?|months?|years?|%|percent|per|pct|items?|units?|times|x\b|am\b|pm\b|"
                          r"(?:checked|carry[ -]?on|non[ -]?free|free|extra|additional)\b|bags?\b|baggages?\b|luggage|suitcases?\b|"
                          r"pieces?\b|passengers?\b|travell?ers?\b|people\b|persons?\b|adults?\b|child(?:ren)?\b|seats?\b|"
                          r"tickets?\b|nights?\b|lines?\b|devices?\b|dish(?:es)?\b|meals?\b|orders?\b|flights?\b|segments?\b)")
_KEY_HINTS = ("amount", "total", "price", "cost", "refund", "charge", "fee", "difference", "balance", "payment due", "to pay")
# every keyed number stands after a separator or "is"/"of" ("\b(?:is|of)" with its boundary after the letter: one class opens it)
_KEYED_HINT = re.compile(r"[:=|io](?:(?<=[:=|])[ \t\"']{0,4}|(?<=i)(?<!\wi)s[ \t]{1,3}[\"']?|(?<=o)(?<!\wo)f[ \t]{1,3}[\"']?)[-\u2212]?[0-9]")


def keyed_amounts(text: str) -> List[Stated]:
    """The bare numbers a money key names, not negated ("Refund amount: 16.90", JSON, a table's row,
    "the total is 16.90"), which ``stated_amounts`` does not read (``start`` -1); kept if short."""
    if _KEYED_HINT.search(text) is None:
        return []
    return list(_kept_keyed(text)) if len(text) <= 2048 else _keyed(text)


@lru_cache(maxsize=2048)
def _kept_keyed(text: str) -> Tuple[Stated, ...]:
    return tuple(_keyed(text))


def _keyed(text: str) -> List[Stated]:
    low = text.lower()
    if not any(h in low for h in _KEY_HINTS):
        return []
    text = tables_as_lines(text)
    negated: Optional[Negations] = None
    taken: Optional[List[Tuple[int, int]]] = None
    out: List[Stated] = []
    for m in _MONEY_KEY.finditer(text):
        if len(out) >= _MAX_CLAIMS:
            break
        key = m.group("key")
        if not _KEY_IS_MONEY.search(key) or _KEY_NOT_MONEY.search(key):
            continue
        if m.start("n") and text[m.start("n") - 1] in "$€£¥" or _COUNT_AFTER.match(text, m.end("n")) or count_record(text, m.start("n")):
            continue
        if taken is None:
            taken = [(s.start, s.end) for s in stated_amounts(text)]
        if any(a <= m.start("n") < b for a, b in taken):
            continue  # a currency amount ("total: 16.90 USD"): read as one
        negated = negated or Negations(text)
        if negated(m.start("n"), value=True):
            continue
        out.append(Stated("amount", round(float(m.group("n").replace(",", "")), 2), m.group(0).strip(), -1, -1))
    return out


def _own_key(text: str, at: int) -> str:
    """The kind the key of a record line gives the amount at ``at`` ("price" when it has none)."""
    lo, hi = _line_at(text, at)
    if not _record_line(text, lo, hi):
        return "price"
    m = re.search(r"[:=]", text[lo:at])
    kind = ("refund" if refund_record(text, lo, text[lo:lo + m.start()]) else _key_kind(text[lo:lo + m.start()])) if m else "price"
    nxt = _kind(text[hi:_line_at(text, hi + 1)[1]]) if kind == "difference" and hi < len(text) else "money"
    return kind if kind != "difference" else (nxt if nxt in ("charge", "refund") else "money")  # the next line says which way


def _key_kind(key: str) -> str:
    """A key's kind: "refund total" and "total refunded" name a refund (the total is the refund's)."""
    kind = _kind(key)
    if kind == "money" and not _REFUND.search(key.replace("_", " ")) and not _CHARGE.search(_DIFFERENCE.sub(" ", key.replace("_", " "))):
        return "difference"  # "price difference:": either way (``_own_key`` reads the line after)
    if kind == "money" and not _CHARGE.search(_TOTAL.sub(" ", key.replace("_", " "))):
        return "refund"
    return kind


def _methods(text: str, negated: Negations) -> List[MoneyClaim]:
    out: List[MoneyClaim] = []
    for k, m in enumerate(_METHOD.finditer(text)):
        if len(out) >= _MAX_CLAIMS or k >= 4 * _MAX_CLAIMS:  # a bound on untrusted text
            break
        lo, hi = clause_bounds(text, m.start())
        clause = text[lo:hi].replace("_", " ")
        if not (_REFUND.search(clause) or refund_header(text, m.start())) or re.search(r"(?i)certificate|voucher|compensat", clause) and m.lastgroup != "certificate":
            continue
        before = text[max(lo, m.start() - 60):m.start()]
        if not _TOWARD.search(before):
            continue
        if _NOT_REFUND_METHOD.search(before[-30:]) and not re.search(r"(?i)refund|back", before[-30:]):
            continue  # "charge it to your gift card": the method that pays
        if negated(m.start()):
            continue
        out.append(MoneyClaim("refund_method", m.lastgroup, m.group(0), m.start()))
    return out


def _timings(text: str, negated: Negations) -> List[MoneyClaim]:
    out: List[MoneyClaim] = []
    for k, m in enumerate(_TIMING.finditer(text)):
        if len(out) >= _MAX_CLAIMS or k >= 4 * _MAX_CLAIMS:  # a bound on untrusted text
            break
        lo, hi = clause_bounds(text, m.start())
        clause = text[lo:hi].replace("_", " ")
        if negated(m.start()) or item_return_only(text, m.start()) or elapsed(text, lo, m.start(), m.end()) or not (_REFUND_CLAUSE.search(clause) or (
                _ARRIVES.search(clause) and _DESTINATION.search(clause) and not _CHARGE_CLAUSE.search(clause))):
            continue
        if m.group("imm"):
            when = "immediate"
        elif m.group("day") and NOT_TIMING_DAY.search(text, max(0, m.start() - 40), m.start()):
            continue
        elif m.group("unit") or m.group("day"):
            when = "hours"
        else:
            d1, d2 = count_in(m.group("d1"), _NUMBER_WORDS), count_in(m.group("d2") or m.group("d1"), _NUMBER_WORDS)
            if d1 is None or d2 is None:
                continue
            scale = {"w": 7, "f": 14}.get(m.group("days")[:1].lower(), 1)
            when = f"days:{d1 * scale:g}-{d2 * scale:g}"
        said = next((k for k, p in _METHODS[:3] if re.search(p, clause, re.IGNORECASE)), "")
        out.append(MoneyClaim("refund_timing", (said, when), m.group(0), m.start()))
    return out


_MAX_CLAIMS = 64  # a message states a handful of sums; a flood of them is read up to this many
_HINT = re.compile(r"(?i)[$€£0-9]|refund|dollar|buck|cent|usd|immediate|instant|right away|day|week|fortnight|tomorrow|tonight|overnight|hour|minute|at once|straight away|right now")


def money_claims(text: str) -> List[MoneyClaim]:
    """Every money claim ``text`` makes (amounts, refund methods, refund timings), in order."""
    if not _HINT.search(text):
        return []
    text = money_asked_as_keys(tables_as_lines(text))  # round 14: "How much back? $X" reads as "How much back: $X"
    negated = Negations(option_nones_blanked(denials_blanked(text)))  # "Was it $20? No - $16.90"; "armrest: none"
    found = _amounts(text, negated) + _methods(text, negated) + _timings(text, negated)
    return sorted(found, key=lambda c: c.start)[:_MAX_CLAIMS]
