"""When money sent back arrives, as a message states it (SPEC §10 statements; ``fact_claims``'s
``refund_timing``): in a sentence about a refund or credit, or one where "it" reaches the card
or the wallet ("It'll be on your card in two days"), a delivery aside. Each is ((method, when),
words, start): the method "card" | "wallet" | "" (either), when "immediate" ("instantly",
"instant", "in no time") | "hours" ("in 24-48 hours", "in about an hour") | "days:3-5" ("3-5
business days", "between 3 and 5 working days") | "days:7-7" for "a week" | "days:14-14" for "a
couple of weeks" or "a fortnight" | "upto:5" for a bound, in business days ("within 5 business
days", "up to a week") | "days:0-1" (today, tomorrow) | "by:0" for "by Monday", the weekday (Monday
0) of a deadline the checker reads against the episode's clock | "on:0" for "on Monday", the day
it arrives | "days:few" for "a few" or "several" days (round 15: no count; "a day or two" is "days:1-2"). A markdown table is read as the "key: value" lines it stands for; a negated timing
("not instantly", "it won't land on your card instantly": its clause's verb negated) states
nothing.

Also the small counts the fact readers share (``NUMBER_WORDS``, ``N``, ``count``). Every pattern
is compiled once, linear on untrusted text (bounded repeats only).
"""

from __future__ import annotations

import re
from typing import List, Optional, Tuple

from tau_shaped.reward.reading.done_asked import tagged
from tau_shaped.reward.reading.money_claims import NOT_TIMING_DAY, tables_as_lines
from tau_shaped.reward.reading.negation import Negations
from tau_shaped.reward.reading.time_words import elapsed
from tau_shaped.reward.reading.lazy_patterns import lazy

__all__ = ["MONEY_SENTENCE", "NUMBER_WORDS", "N", "count", "money_places", "refund_timings"]

_SP = r"[ \t\u00a0]{1,3}"
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "ten": 10,
                "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40, "forty-five": 45, "sixty": 60}
N = r"(?:[0-9]{1,3}|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + ")"
_N = N


def count(word: str) -> Optional[float]:
    """A small count in digits or words ("3", "three", "a", "a couple of"), or None."""
    w = " ".join(word.lower().split())
    if w in ("a", "an"):
        return 1.0
    if w == "a couple of":
        return 2.0
    return float(w) if w.isdigit() else (float(NUMBER_WORDS[w]) if w in NUMBER_WORDS else None)


_count = count

# round 10: an amount said to go back is money too ("$2.99 back on ur card by tmrw")
MONEY_SENTENCE = re.compile(r"\b(?:refund\w*|credit\w*|money|reimburs\w*|the \$|amount)\b"
                            # round 16: a wait in business or working days is money's (an order comes in minutes)
                            r"|\b(?:business|working|bank)[ \t]{1,3}days?\b"
                            r"|\$[0-9][0-9.,]{0,12}[ \t]{1,3}(?:(?:is|are|will|be|goes|went|going|heading|coming|now)[ \t]{1,3}){0,2}back\b"
                            # "$16.90 → card": an amount sent to a method by an arrow
                            r"|\$[0-9][0-9.,]{0,12}[ \t]{0,3}(?:\u2192|->|=>)[ \t]{0,3}(?:(?:your|ur|the)[ \t]{1,3})?(?:card|wallet|original|bank)\b",
                            re.IGNORECASE)
_ARRIVES = re.compile(r"\b(?:arriv\w*|takes?|show(?:s|ing)? up|lands?|reach\w*|appears?|expect|receive|back on|back in|back to|when"
                      r"|post(?:s|ing|ed)?|clear(?:s|ing)?|timeline|timeframe|processing)\b",
                      re.IGNORECASE)
_LIST_LINE = re.compile(r"[ \t]*(?:[-*•+|]|[0-9]{1,2}[.)]|[\"']?\w+(?:[ \t]\w+){0,3}[\"']?[ \t]*[:=])")  # round 11: "Time to post:"
# ("ETA to post: 3-5 days" is the refund's: an ETA of money posting or clearing)
_DELIVERY = re.compile(r"\b(?:order|deliver\w*|courier|driver|food|eta(?![ \t]{1,3}(?:to|for)[ \t]{1,3}(?:post|clear|the[ \t]refund|refund))|dish)\b",
                       re.IGNORECASE)
_CARD = lazy(r"\b(?:cards?|original[ _]payment|bank|statement|payment method"
                   r"|mastercard|visa|amex|american express|discover)\b", re.IGNORECASE, needs=('american express', 'amex', 'bank', 'card', 'discover', 'mastercard', 'original', 'payment method', 'statement', 'visa'))  # round 14: a card by its brand
_WALLET = lazy(r"\bwallets?\b", re.IGNORECASE, needs=('wallet',))
_TIMING = re.compile(
    r"\b(?P<imm>immediately|instant(?:ly|aneous(?:ly)?)?|right away|straight away|at once|right now|in real time|in no time"
    r"|on the spot"
    # round 10b: a wait of moments ("It should show up on your card in a moment", "any second now", "momentarily")
    r"|in[ \t]a[ \t](?:moment|sec(?:ond)?|jiffy|flash|tick|heartbeat)|in[ \t](?:a[ \t]few[ \t])?(?:seconds|moments)|momentarily"
    r"|any[ \t](?:second|moment|minute)[ \t]now|as[ \t]we[ \t]speak|in[ \t]the[ \t]blink[ \t]of[ \t]an[ \t]eye)\b"
    # "in 24-48 hours", "in about an hour", "within ~2 hours": a wait in hours or minutes
    # round 12: "card refunds take 24 hours" (a wait taken, no "in")
    rf"|\b(?:within|in|after|over|takes?|taking){_SP}(?:(?:about|around|roughly|approximately|approx\.|just|only|under|less{_SP}than|~)[ \t]{{0,3}})?"
    rf"(?:the{_SP}|an{_SP}|a{_SP}|one{_SP}|a{_SP}few{_SP}|few{_SP}|several{_SP}"
    rf"|a{_SP}couple{_SP}(?:of{_SP})?|couple{_SP}of{_SP}|(?P<h>[0-9]{{1,3}})(?:[ \t]{{0,2}}(?:-|–|to)[ \t]{{0,2}}[0-9]{{1,3}})?[ \t-]{{0,3}})?"
    r"(?:next[ \t])?(?P<unit>hours?|hrs?|minutes?|mins?|(?<=[0-9])h)\b"
    # round 11: a wait in hours as a record's value or approximated, with no "in" ("ETA to post: approx. 24 hrs", "(24-48 hrs)")
    r"|(?:[:=(][ \t]{0,3}(?:(?:approx\.?|about|around|roughly|~)[ \t]{0,3})?|\b(?:approx\.?|approximately|about|around|roughly)[ \t]{1,3}|~[ \t]{0,2})"
    r"[0-9]{1,3}(?:[ \t]{0,2}(?:-|–|to)[ \t]{0,2}[0-9]{1,3})?[ \t-]{0,3}(?P<unit2>hours?|hrs?|(?<=[0-9])h)\b"  # round 12: "(24h)"
    # round 10: the chat spellings of the same days ("by tmrw", "2nite", "tmr")
    r"|\b(?P<day>today|tonight|tomorrow|overnight|tmrw|tmr|tmw|tmrrw|tomorow|2morrow|2moro|2morro|tomoz|2day|2nite|2night|tonite"
    r"|(?:by|before)[ \t](?:the[ \t])?end[ \t]of[ \t](?:the[ \t])?day|same[ -]day"
    r"|later[ \t]today|end[ \t]of[ \t](?:the[ \t])?day)\b"
    rf"|(?<![\w.\-–])(?P<d1>{_N}|a{_SP}couple{_SP}of|a{_SP}few|several|an?)(?:[ \t]{{0,2}}(?:-|–|to|or|and)(?:{_SP})?(?P<d2>{_N}))?{_SP}"
    r"(?:business[ \t]{1,3}|working[ \t]{1,3}|biz[ \t]{1,3}|bank[ \t]{1,3}|bus\.?[ \t]{1,3}|bus\.|wk\.?[ \t]{1,3})?(?P<days>days?|weeks?|fortnight)\b"
    rf"(?:{_SP}or{_SP}(?P<d3>two|three|2|3)\b)?"  # round 15: "a working day or two"
    # a deadline on a weekday, relative to the episode's clock: "by Monday", "before next Friday"
    rf"|\b(?P<wdp>by|on|before|until|till|come){_SP}(?:next{_SP}|this{_SP})?(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b",
    re.IGNORECASE,
)
_UP_TO = re.compile(r"(?i)\b(?:within|up[ \t]to|no[ \t]more[ \t]than|at[ \t]most|in[ \t]under|under|no[ \t]later[ \t]than)"
                    r"[ \t]{1,3}(?:the[ \t]{1,3}next[ \t]{1,3}|about[ \t]{1,3})?$")
# round 16: a bound said after the wait ("5 business days at most", "a week, tops", "3 days max")
_UP_TO_AFTER = re.compile(r"(?i)[ \t,]{0,3}(?:at[ \t]most|max(?:imum)?|tops|or[ \t]less|or[ \t]sooner|or[ \t]fewer)\b")
# Money sent to a payment method ("It'll be on your card in two days", "reach your wallet"):
# a sentence about a refund even where "it" names the refund.
_TO_METHOD = lazy(r"\b(?:on|to|in|into|onto|hits?|reach\w*)[ \t]{1,3}(?:your|ur|the)[ \t]{1,3}"
                        r"(?:card|wallet|bank|statement|original[ _]payment|mastercard|visa|amex|american[ \t]express|discover)\b",
                        re.IGNORECASE, needs=('american', 'amex', 'bank', 'card', 'discover', 'mastercard', 'original', 'statement', 'visa', 'wallet'))  # round 14: a card by its brand
# A method that will hold the money: "your wallet will have it in ...", "your card should show it ..."
_METHOD_HOLDS = lazy(r"\b(?:your|ur|the)[ \t]{1,3}(?:card|wallet|bank(?:[ \t]{1,3}account)?|statement|account)[ \t]{1,3}"
                           r"(?:(?:will|should|would|might|may|is[ \t]{1,3}going[ \t]{1,3}to)[ \t]{1,3})?"
                           r"(?:have|show|get|see|receive|reflect|display)\w{0,3}\b"
                           # round 16: the method in general as the subject ("Cards clear within 24 hours", "card payments post in a day")
                           r"|\b(?:cards|card[ \t]{1,3}payments?|wallets)[ \t]{1,3}(?:(?:usually|normally|typically|generally|always)[ \t]{1,3})?"
                           r"(?:clear|take|post|settle|show|get|see|receive|update|process)\w{0,3}\b", re.IGNORECASE, needs=('account', 'bank', 'card', 'cards', 'payment', 'statement', 'wallet', 'wallets'))
# round 11: a ticket's abbreviation's dot ends no sentence ("approx. 24 hrs", "3-5 bus. days", "orig. payment")
_SENTENCE = re.compile(r"(?:[^.!?\n]|[.!?](?=[^\s])|\.(?:" + "|".join(rf"(?<=\b{w}\.)" for w in (
    "approx", "bus", "est", "incl", "orig", "deliv", "svc", "amt", "wk", "vs", "ca")) + "))+", re.IGNORECASE)
# the verb of the timing's clause negated, a few words before it ("it won't land on your card instantly",
# "card refunds don't arrive the same day"); a comma, ";" or "but" ends the clause
_NEGATED_VERB = re.compile(r"(?i)\b(?:won['’]t|will[ \t]not|wouldn['’]t|doesn['’]t|does[ \t]not|don['’]t|do[ \t]not|isn['’]t|is[ \t]not"
                           r"|aren['’]t|are[ \t]not|can['’]t|cannot|never)\b(?:[ \t]{1,3}(?!but\b)[\w'’]{1,20}){0,8}[ \t]{1,3}[(\[]?$")  # "(1-2 days)"
# round 10b: a wait that is the agent's own ("I'll be back in a moment", "bear with me a second", "let me check, one sec"): no arrival
_AGENT_WAIT = re.compile(r"(?i)(?:\b(?:I|we)(?:['’]ll|[ \t]will|['’]m|[ \t]am)[ \t]{1,3}(?:be[ \t]{1,3})?(?:right[ \t]{1,3})?back\b"
                         r"|\b(?:bear[ \t]with[ \t]me|give[ \t]me|hold[ \t]on|hang[ \t]on|let[ \t]me|I['’]ll[ \t]check|get[ \t]back[ \t]to[ \t]you))"
                         r"[^;,.!?\n\u2014]{0,40}$")

_MONEY_WORDS = ("refund", "credit", "money", "reimburs", "the $", "amount", "business day", "working day", "bank day")
_METHOD_WORDS = ("card", "wallet", "bank", "statement", "original", "visa", "amex", "american express", "discover")  # ("mastercard": "card")
_TIMING_WORDS = ("immediately", "instant", "no time", "on the spot", "right away", "straight away", "at once", "right now", "in real time", "moment", "sec", "jiffy", "flash", "tick", "heartbeat", "speak", "blink",
                 "hour", "hr", "min", "tonight", "tomorrow", "day", "week", "fortnight", "overnight",
                 "tmr", "tmw", "tomor", "2mor", "tomoz", "2nite", "2night", "tonite",  # ("today", "monday": "day")
                 "0h", "1h", "2h", "3h", "4h", "5h", "6h", "7h", "8h", "9h")  # round 12: "(24h)"
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


# round 10b: where money sent back is said to be now ("Done — $2.99 is in your wallet now", "$5 has been added to your account
# balance", "your FoodDash wallet has the $2.99"): ((method, "present"), words, start), judged against the method the writes used
_PLACE = re.compile(r"(?i)\b(?:(?:is|are|['’]s|be|(?:has|have)[ \t]{1,3}been|was|were|got|went)[ \t]{1,3}(?:(?:now|already|safely|just)[ \t]{1,3})?"
                    r"(?:(?:added|credited|loaded|deposited|put|sitting|sent|applied|returned|refunded|transferred|moved|issued|paid)[ \t]{1,3})?"
                    r"|(?:added|credited|loaded|deposited|returned|refunded|transferred)[ \t]{1,3})"
                    r"(?:back[ \t]{1,3})?(?:in|on|into|to|onto)[ \t]{1,3}(?:your|ur)[ \t]{1,3}(?:(?:fooddash|food[ \t]dash|account|app|in-app)[ \t]{1,3})?"
                    r"(?P<m>wallet|balance|card)\b"
                    r"|\b(?:your|ur)[ \t]{1,3}(?:(?:fooddash|food[ \t]dash|account|app|in-app)[ \t]{1,3})?(?P<m2>wallet|balance)[ \t]{1,3}(?:now[ \t]{1,3})?"
                    r"(?:has|holds|shows|contains|includes)[ \t]{1,3}(?:the[ \t]{1,3})?\$"
                    # round 17: the amount between the verb of the write and the place ("I've refunded $16.90 to your wallet",
                    # "refunded 16.90 dollar to ur Mastercard", "I added $16.90 of wallet credit")
                    r"|\b(?:refunded|credited|returned|added|put|sent|transferred|deposited|loaded|issued|refunding)[ \t]{1,3}(?:(?:the|a|an)[ \t]{1,3})?"
                    r"(?:\$[ \t]?[0-9][0-9.,]{0,12}|[0-9][0-9.,]{0,12}[ \t]{1,3}(?:dollars?|usd|bucks))(?:[ \t]{1,3}(?:refund|credit))?[ \t]{1,3}"
                    r"(?:(?:back[ \t]{1,3})?(?:in|on|into|to|onto)[ \t]{1,3}(?:your|ur|the)[ \t]{1,3}(?:(?:fooddash|food[ \t]dash|account|app|in-app)[ \t]{1,3})?"
                    r"(?P<m4>wallet|balance|card|mastercard|visa|amex|discover)\b|(?:of|in|as)[ \t]{1,3}(?P<m5>wallet)[ \t]{1,3}credit\b)")
# round 12 (telegraphic): an amount sent by an arrow ("Done: $16.90 -> wallet."), read in a text with an arrow
_ARROW_PLACE = re.compile(r"(?i)(?:(?<=[0-9])|(?<=€))[ \t]{0,3}(?:->|=>|\u2192)[ \t]{0,3}(?:(?:your|ur|the)[ \t]{1,3})?(?P<m3>wallet|card)\b")
# round 20: an amount with no verb after a word that says the write is done ("Done, same as we discussed: $16.90 into your
# wallet."), read in a text holding such a word
_DONE_PLACE = re.compile(r"(?i)\b(?:done|all[ \t]set|sorted|completed?|finished)\b[^.!?\n]{0,60}?(?<![\w.,])\$?[ \t]?[0-9][0-9.,]{0,10}"
                         r"[ \t]{1,3}(?:back[ \t]{1,3})?(?:into|in|to|onto)[ \t]{1,3}(?:your|ur|the)[ \t]{1,3}(?P<m3>wallet|card)\b")
_BARE_MONEY = re.compile(r"(?i)(?<![\w.,-])[0-9]{1,5}[.,][0-9]{1,2}(?:[ \t]?(?:€|\$|usd|eur|dollars?))?$")  # round 18 (BE): "16.90 -> wallet", an amount by its cents alone
_PLACE_MONEY = re.compile(r"(?i)\$[0-9]|\b(?:it|refund\w*|credit\w*|money|amount|funds|that)\b")
# "nothing went to your wallet", "if it's in your wallet": no place stated
_MODAL = re.compile(r"(?i)(?:\b(?:could|would|might|should)|['’]d)[ \t]{1,3}(?:(?:have|be|then|also|just)[ \t]{1,3})*"
                    r"(?:[a-z]{1,12}[ \t]{1,3})?(?:(?:the|a|an)[ \t]{1,3})?(?:\$?[ \t]?[0-9][0-9.,]{0,10}[ \t]{0,3})?$")
_NOT_PLACED = re.compile(r"(?i)\b(?:nothing|none|not|no[ \t]{1,3}(?:money|funds|credit|refund|cash|amount)|never|neither|nor|if|once|when|whether|\w+n['’]t)\b[^.;!?\n]{0,40}$")


def money_places(text: str, low: Optional[str]) -> List[Tuple[Tuple[str, str], str, int]]:
    """Each place ``text`` says money sent back is now: ((``"card"`` | ``"wallet"``, ``"present"``), words, start)."""
    if low is not None and not ("wallet" in low or "balance" in low or "card" in low or "method" in low):
        return []
    out: List[Tuple[Tuple[str, str], str, int]] = []
    arrows = _ARROW_PLACE.finditer(text) if "->" in text or "=>" in text or "\u2192" in text else ()
    done = _DONE_PLACE.finditer(text) if low is None or "done" in low or "set" in low or "sorted" in low or "omplete" in low or "finished" in low else ()
    for m in [*_PLACE.finditer(text), *arrows, *done]:
        s = max(0, m.start() - 120)
        for end in _SENTENCE_END_AT.finditer(text, s, m.start()):
            s = end.end()  # the sentence's start ("$2.99" holds a "." that ends nothing)
        e = _SENTENCE_END_AT.search(text, m.end(), m.end() + 160)
        e = e.start() if e else min(len(text), m.end() + 160)  # (bounded: linear on a text with no sentence end)
        arrowed = "m3" in m.re.groupindex and _BARE_MONEY.search(text[max(0, m.start() - 12):m.start()].rstrip()) is not None
        if (not (arrowed or _PLACE_MONEY.search(text, s, m.end() + 12)) or _NOT_PLACED.search(text, max(s, m.start() - 60), m.start())
                or text[e:e + 1] == "?" and not tagged(text, e) or _DELIVERY.search(text, s, e) or _later(text, s, e)
                or "m3" in m.re.groupindex and _TIMING.search(text, s, e)):  # "$16.90 -> card (instant)": the timing says it
            continue
        if _MODAL.search(text, max(s, m.start() - 40), m.start()):
            continue  # round 17 (AT): "had you chosen it, I could have refunded $5 to your wallet": no place stated
        method = (m.group("m3") if "m3" in m.re.groupindex else m.group("m") or m.group("m2") or m.group("m4")
                  or m.group("m5")).lower()
        out.append((("wallet" if method in ("wallet", "balance") else "card", "present"), m.group(0), m.start()))
    if low is None or "method" in low:  # round 20 (DF): a method given as a field, in a record, a list or a table
        fields = tables_as_lines(text, headed=True) if "|" in text else text
        for m in _FIELD_PLACE.finditer(fields):
            if _PLACE_MONEY.search(fields) and "?" not in fields[m.end():]:  # money said; no question after: no proposal
                method = m.group("m").lower()
                out.append((("wallet" if method == "wallet" else "card", "present"), m.group(0), min(m.start(), len(text) - 1)))
    return out


# "method: wallet credit", '"method": "wallet_credit"', "refund_method=original_payment", a table's "| method |" column
_FIELD_PLACE = re.compile(r"(?i)\bmethod[\"']?[ \t]{0,3}[:=][ \t]{0,3}[\"']?(?P<m>wallet|card|original|mastercard|visa|amex)")


def _later(text: str, lo: int, hi: int) -> bool:
    """Whether the sentence says a later time the money arrives ("back on your card tomorrow"): the timing says when."""
    return any(not t.group("imm") for t in _TIMING.finditer(text, lo, hi))


_SENTENCE_END_AT = re.compile(r"[.!?](?=\s|$)|\n")


def refund_timings(text: str, negated: Negations, low: Optional[str]) -> List[Tuple[Tuple[str, str], str, int]]:
    """Each refund timing ``text`` states (see the module docstring); ``negated``: its negations,
    ``low``: the text lower-cased if ASCII, else None."""
    if low is not None and (not any(w in low for w in _MONEY_WORDS + _METHOD_WORDS) or not any(w in low for w in _TIMING_WORDS)):
        return []
    if "|" in text:  # a markdown table: its "key: value" lines
        lines = tables_as_lines(text, headed=True)
        if lines != text:
            text, negated = lines, Negations(lines)
    if not (MONEY_SENTENCE.search(text) or _TO_METHOD.search(text) or _METHOD_HOLDS.search(text)):
        return []
    return _timings(text, negated)


# round 12: a timing's clause (a comma, ";", a dash, a parenthesis or "so"/"but" ends it) about something else: the
# restaurant, the order, the customer's patience ("The restaurant is shut tonight, so I can ... pop $25.52 back on your
# card", "thank you for your patience today -- $16.90 is on its way to your card", "Order cancelled today; refund in 3-5
# days"), with no word of the money, its method or its arriving
_CLAUSE_BREAK = re.compile(r"[,;()\[\]\u2014\u2013]|[ \t]-{1,2}[ \t]|\b(?:so|but|and)[ \t]", re.IGNORECASE)
_OTHER_SUBJECT = re.compile(r"(?i)\b(?:restaurant|kitchen|shop|store|courier|driver|rider|order|food|meal|dish|patience|evening"
                            r"|weekend|shut|closed|open|deliver\w*|cancell?ed|help|chat)\b")
_OF_MONEY = re.compile(r"(?i)\b(?:refund\w*|credit\w*|money|reimburs\w*|amount|funds|card|wallet|bank|statement|original|payment)\b|\$[0-9]")


_LATENESS = re.compile(r"(?i)[ \t]{1,3}(?:late|early|behind|overdue|past|after|beyond|too[ \t]{1,3}(?:late|long))\b")


def _of_another(text: str, lo: int, hi: int, start: int, end: int) -> bool:
    """Whether the timing at ``start:end`` sits in a clause about another thing than the money (see ``_OTHER_SUBJECT``)."""
    s = max(lo, start - 80)
    for b in _CLAUSE_BREAK.finditer(text, s, start):
        s = b.end()
    b = _CLAUSE_BREAK.search(text, end, min(hi, end + 80))
    e = b.start() if b else min(hi, end + 80)
    return bool(_OTHER_SUBJECT.search(text, s, e)) and not _OF_MONEY.search(text, s, e) and not _ARRIVES.search(text, s, e)


def _timings(text: str, negated: Negations) -> List[Tuple[Tuple[str, str], str, int]]:
    out: List[Tuple[Tuple[str, str], str, int]] = []
    overall = ("card" if _CARD.search(text) else "") + ("wallet" if _WALLET.search(text) else "")
    for s in _SENTENCE.finditer(text):
        lo, hi = s.span()
        if not MONEY_SENTENCE.search(text, lo, hi) and not (
                (_LIST_LINE.match(text, lo, hi) and _ARRIVES.search(text, lo, hi) or _TO_METHOD.search(text, lo, hi)
                 or _METHOD_HOLDS.search(text, lo, hi))
                and not _DELIVERY.search(text, lo, hi)):
            continue  # a list line "Arrives: in 24 hours" under a refund reads with it, as "it" reaching the card does
        method = ("card" if _CARD.search(text, lo, hi) else "") + ("wallet" if _WALLET.search(text, lo, hi) else "") or overall
        for m in _TIMING.finditer(text, lo, hi):
            if negated(m.start()) or _NEGATED_VERB.search(text, max(lo, m.start() - 90), m.start()):
                continue  # "it won't land on your card instantly": the verb of its clause negated
            if _LATENESS.match(text, m.end()):
                continue  # round 14: "it came in 5 minutes late", "two days overdue": how late something was, not a wait
            if elapsed(text, lo, m.start(), m.end()):
                continue  # round 16: "more than a day before today", "booked over 24 hours ago": an age, not a wait
            if _of_another(text, lo, hi, m.start(), m.end()):
                continue  # "the restaurant is shut tonight, so ... back on your card": the restaurant's time
            if m.group("imm"):
                if _AGENT_WAIT.search(text, max(lo, m.start() - 60), m.start()):
                    continue
                value = "immediate"
            elif m.group("unit") or m.group("unit2"):
                value = "hours"
            elif m.group("day"):
                if NOT_TIMING_DAY.search(text, max(0, m.start() - 40), m.start()):
                    continue  # "anything else I can help with today?"
                value = "days:0-1"
            elif m.group("wd"):
                on = m.group("wdp").lower() in ("on", "come")  # a day the money arrives, not a deadline
                value = ("on:" if on else "by:") + str(_WEEKDAYS.index(m.group("wd").lower()))
            else:
                d1, d2 = _count(m.group("d1")), _count(m.group("d2") or m.group("d3") or m.group("d1"))  # "a week": one
                if d1 is None and " ".join(m.group("d1").lower().split()) in ("a few", "several") and not m.group("d2"):
                    out.append(((method, "days:few"), m.group(0), m.start()))  # round 15: "a few business days": no count
                    continue
                if d1 is None or d2 is None:
                    continue
                unit = m.group("days")[:1].lower()
                if d1 == d2 and (_UP_TO.search(text, max(0, m.start() - 24), m.start()) or _UP_TO_AFTER.match(text, m.end())):
                    # "within 5 business days", "up to a week": a bound, in business days (a week is five)
                    value = f"upto:{d1 * {'w': 5, 'f': 10}.get(unit, 1):g}"
                else:
                    scale = {"w": 7, "f": 14}.get(unit, 1)
                    value = f"days:{d1 * scale:g}-{d2 * scale:g}"
            out.append(((method, value), m.group(0), m.start()))
    return out
