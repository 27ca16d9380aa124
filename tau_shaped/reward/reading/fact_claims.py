"""Facts an agent states, typed (SPEC §10 statements): what a careful reader of the policy takes
a message to assert, read from the words whatever their layout (prose, a list, ``key: value``,
JSON). Each reader returns ``Claim``s; none is made of a negated statement ("it is not
delivered yet"), of a condition ("once it is delivered") or of a question's hypothesis (round 14: a yes/no question
about the order, "Was it only 5 minutes late?", "Has FD-10006 been delivered?", asserts nothing).

- ``minutes_late``: "arrived 20 minutes late", "20 minutes after the latest time promised",
  "late by 20 minutes" (value: the minutes); "it was over half an hour late" (value: ("over" | "under", the minutes)).
- ``late_threshold``: where the policy's compensation starts: "compensation starts at 30",
  "a refund only applies from 15 minutes late" (value: the minutes).
- ``status``: an order's status: "FD-10005 is delivered", "your order is on its way",
  "it has been cancelled", "it was delivered" (only the final statuses with "was": "it was
  out for delivery when ..." is a past state), ``status: out_for_delivery``, "status
  delivered", ``{"status": "delivered"}`` (value:
  the status key of ``statements.STATUS_FORMS``; the order id said in the claim, else the last
  one the message named, else None: the order of the conversation); read in ``status_claims``.
- ``account_state``: "your account is suspended / locked / frozen / on hold" (value: the word).
- ``refund_timing``: when money sent back arrives, in a sentence about a refund or credit, or
  one where "it" reaches the card or the wallet ("It'll be on your card in two days"), a
  delivery aside: ("card" | "wallet" | "", "immediate" | "hours" | "days:3-5" | "days:7-7" for
  "a week" | "days:14-14" for "a couple of weeks" or "a fortnight" | "upto:5" for a bound, in
  business days ("within 5 business days", "up to a week") | "by:0" for "by Monday", the weekday
  (Monday 0) of a deadline the checker reads against the episode's clock | "on:0" for "on
  Monday", the day it arrives | ...).
- ``percent``: a percentage stated: "5%", "20 percent" (value: the number).
- ``event_day``: an order delivered or placed on a day ("it was delivered yesterday", "you
  ordered it on Monday"; ``days.event_days``; value: (event, day named)).
- ``allergen_free``: "<dish> has no allergens", "<dish> is allergen-free", "<dish> contains
  no peanut", "<dish> has none of your allergens", and the same claim in other words: "free of
  all your allergens", "doesn't contain any of your allergens", "safe for your allergies",
  "safe for you" (all the customer's allergens), "safe for your peanut allergy" (that one)
  (value: (dish, allergen or "" for all, True when the customer's)): read by
  ``allergen_claims`` with the world's dish names.

Every pattern is compiled once, linear on untrusted text (bounded repeats only).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, List, Optional, Tuple

from tau_shaped.reward.reading.lazy_patterns import lazy
from tau_shaped.reward.reading.days import event_days
from tau_shaped.reward.reading.late_thresholds import late_thresholds, second_tier_after
from tau_shaped.reward.reading.money_claims import tables_as_lines
from tau_shaped.reward.reading.negation import Negations
from tau_shaped.reward.reading.quoted import customer_quotes, inside
from tau_shaped.reward.reading.refund_timings import N as _N, count as _count, money_places, refund_timings
from tau_shaped.reward.reading.value_corrections import RETRACT_HINTS, taken_back
from tau_shaped.reward.reading.status_claims import ACTOR_WORDS as _ACTOR_WORDS, ANY_ORDER_ID as _ANY_ORDER_ID, CONDITION as _CONDITION
from tau_shaped.reward.reading.status_claims import STATUS_WORDS as _STATUS_WORDS, statuses
from tau_shaped.reward.reading.text_matching import _KEPT_TEXT

__all__ = ["Claim", "claims", "allergen_claims", "ALLERGEN_WORDS"]


@dataclass(frozen=True)
class Claim:
    kind: str
    value: Any
    text: str
    start: int
    order_id: Optional[str] = None


_SP = r"[ \t\u00a0]{1,3}"
_MIN = r"(?:minutes?|mins?)\b"

# "half an hour late": 30 minutes; "an hour and a half": 90; "an hour late": 60
# round 10: "a (full) half hour", "a whole hour", "a good twenty minutes" (a word of size between the article and the span)
_HOUR = (rf"(?:(?:an|one){_SP}hour{_SP}and{_SP}a{_SP}half|half{_SP}an{_SP}hour|(?:a{_SP}(?:(?:full|whole|good|solid){_SP})?)?half[ \t-]hour"
         rf"|(?:a{_SP})?quarter{_SP}of{_SP}an{_SP}hour|(?:(?:an|one)|a{_SP}(?:full|whole|good|solid)){_SP}hour)\b")


def _hour_minutes(words: str) -> float:
    w = words.lower()
    if w.endswith("half"):
        return 90.0  # "an hour and a half"
    return 30.0 if "half" in w else 15.0 if "quarter" in w else 60.0  # "(a full) half hour", "half an hour"

_LATE = re.compile(
    rf"(?<![\w.])(?:(?:a{_SP}(?:full|whole|good|solid){_SP})?(?P<n>{_N}){_SP}{_MIN}|(?P<h>{_HOUR})){_SP}(?:late\b|behind{_SP}schedule\b|overdue\b"
    rf"|(?:after|past|beyond|over){_SP}(?:the{_SP}|its{_SP}|your{_SP})?"
    r"(?:latest|promised|eta\b|expected|estimated|delivery window|window|end of the window))"
    rf"|\blate{_SP}by{_SP}(?:(?P<n2>{_N}){_SP}{_MIN}|(?P<h2>{_HOUR}))"
    # round 11: the lateness as a delay ("arrived with 40 minutes of delay", "a 40-minute delay", "a delay of 40 minutes",
    # "Delay: 40 min"), not a rule's ("a delay of 15 minutes or more")
    rf"|\b(?:with|had|a|an|by){_SP}(?:(?:a{_SP}(?:full|whole|good|solid){_SP})?(?P<n3>{_N})[ \t-]{{1,3}}{_MIN}|(?P<h3>{_HOUR}))"
    rf"(?:{_SP}of)?{_SP}(?:delay|lateness)\b(?!{_SP}or{_SP}(?:more|longer|over))"
    rf"|\b(?:(?:a|the|your){_SP})?(?:delay|lateness)(?:{_SP}(?:of|was)|[ \t]{{0,2}}:){_SP}(?P<n4>{_N}){_SP}{_MIN}(?!{_SP}or{_SP}(?:more|longer|over))",
    re.IGNORECASE,
)
# round 14: the order's own lateness said as a bound ("FD-10046 was over half an hour late", "it arrived more than 30
# minutes late", "your order was under 10 minutes late"): value ("over" | "under", minutes); a rule's "orders over 30
# minutes late get ..." has no order for its subject
_LATE_BOUND = re.compile(
    rf"(?:\bFD-[A-Z0-9][A-Z0-9-]{{0,30}}|\b(?:it|your{_SP}(?:order|food|meal|delivery)))(?:{_SP}(?:was|is|arrived|came|got{_SP}there"
    rf"|turned{_SP}up|showed{_SP}up|landed)|['’]s){_SP}(?:(?:still|just|a{_SP}bit|a{_SP}little|well){_SP})?(?P<op>over|more{_SP}than|at{_SP}least"
    rf"|upwards{_SP}of|under|less{_SP}than){_SP}(?:(?P<n>{_N}){_SP}{_MIN}|(?P<h>{_HOUR})){_SP}late\b", re.IGNORECASE)
_BOUND_WORDS = ("over", "more than", "at least", "upwards", "under", "less than")  # what every match of ``_LATE_BOUND`` holds
# round 12: a telegraphic key "Late: 35 min" (not "Min late: 5", read elsewhere), read in a text with "late:"
_LATE_KEY = re.compile(rf"(?i)(?<!min[ \t])(?<!mins[ \t])\blate[ \t]{{0,2}}:{_SP}(?P<n>{_N}){_SP}{_MIN}")
_BOUND_BEFORE = re.compile(r"(?i)\b(?:at|from|after|under|over|than|least|once|below|above|exceeds?|reach(?:es)?|within|to|past|beyond|up to)[ \t]{1,3}$"
                           r"|[0-9][ \t]{0,2}(?:-|–|—)[ \t]{0,2}$")  # "15-29 minutes late": a range, a tier of the table
# "once an order is", "if a delivery runs": lateness of any order, a condition (a threshold's words)
_ANY_ORDER_LATE = re.compile(r"(?i)\b(?:once|if|when|whenever|after|until|unless)[ \t]{1,3}(?:an?|any)[ \t]{1,3}"
                             r"(?:order|delivery)[ \t]{1,3}(?:is|runs|arrives|gets|comes)[ \t]{1,3}(?:at[ \t]{1,3}least[ \t]{1,3})?$")
# round 15: this order's lateness supposed, not stated ("Had it been 15 minutes late ...", "If it had been 30 minutes late",
# "were your order 20 minutes late", "Suppose it was 40 minutes late"): a condition states nothing of the record
_SUPPOSED_LATE = lazy(r"(?i)\b(?:(?:if|suppose|supposing|assuming|imagine|say)[ \t]{1,3}(?:it|the[ \t]order|your[ \t]order|"
                            r"the[ \t]delivery|FD-?\d+)[ \t]{1,3}(?:had[ \t]{1,3}been|were|was|arrived|came|had[ \t]{1,3}(?:come|arrived))"
                            r"|(?:had|were)[ \t]{1,3}(?:it|the[ \t]order|your[ \t]order|the[ \t]delivery|FD-?\d+)(?:[ \t]{1,3}been)?)"
                            r"(?:[ \t]{1,3}(?:over|at[ \t]least|more[ \t]than|only|just|even))?[ \t]{1,3}$", needs=('assuming', 'had', 'if', 'imagine', 'say', 'suppose', 'supposing', 'were'))
_THRESHOLD = re.compile(
    rf"\b(?:compensation|refunds?|credits?|money back)\b[^.;\n]{{0,40}}?\b(?:starts?|begins?|kicks?{_SP}in|applies|is{_SP}(?:only{_SP})?(?:owed|due|given|paid))"
    rf"{_SP}(?:only{_SP})?(?:at|from|after|once|for){_SP}(?:least{_SP})?(?:(?:orders?|deliveries){_SP}(?:over|of){_SP})?(?P<t>{_N})(?![0-9%]|[.,][0-9])"
    rf"|\b(?:starts?|begins?|kicks?{_SP}in){_SP}(?:only{_SP})?(?:at|from|after|once){_SP}(?:least{_SP})?(?P<t2>{_N}){_SP}{_MIN}"
    # "kicks in once an order is 15 minutes late", "applies when a delivery runs 15 minutes late"
    rf"|\b(?:starts?|begins?|kicks?{_SP}in|applies|appl(?:y|ies){_SP}only){_SP}(?:only{_SP})?(?:once|when|if|after){_SP}"
    rf"(?:(?:an?|the|your|it|its){_SP})?(?:(?:order|delivery|it)(?:['’]s|{_SP}(?:is|runs|arrives|gets|comes|was)){_SP})?"
    rf"(?:(?:at{_SP}least|more{_SP}than|over){_SP})?(?P<t3>{_N}){_SP}{_MIN}{_SP}late\b"
    # "orders over half an hour late get compensation", "deliveries 10 minutes late qualify for a refund"
    rf"|\b(?:orders?|deliveries|anything)\b{_SP}(?:(?:that{_SP}(?:are|run|arrive){_SP})?(?:over|more{_SP}than|at{_SP}least|past|beyond){_SP})?"
    rf"(?:(?P<t4>{_N}){_SP}{_MIN}|(?P<half>half{_SP}an{_SP}hour)|(?P<hour>an{_SP}hour)){_SP}(?:or{_SP}more{_SP})?late{_SP}"
    rf"(?:get|gets|receive|receives|qualify|qualifies|earn|earns|(?:are|is){_SP}(?:owed|eligible|entitled|compensated))\b",
    re.IGNORECASE,
)

_PART = re.compile(r",[ \t]|[ \t]-{1,2}[ \t]|[\u2014\u2013]")  # (a part)

_ACCOUNT = lazy(
    rf"\baccount{_SP}(?:is|has{_SP}been|was|'s|’s){_SP}(?:(?:now|currently|temporarily|been){_SP}){{0,2}}"
    r"(?P<st>suspended|locked|frozen|blocked|on hold|restricted|deactivated|disabled|closed|banned|under review)\b",
    re.IGNORECASE,
    needs=('banned', 'blocked', 'closed', 'deactivated', 'disabled', 'frozen', 'locked', 'on hold', 'restricted', 'suspended', 'under review'))

_FRACTIONS = {"half": 50.0, "third": 100 / 3, "thirds": 100 / 3, "quarter": 25.0, "quarters": 25.0, "fifth": 20.0, "tenth": 10.0}
_FRACTION = re.compile(r"(?i)\b(?P<f>(?:a|one)[ \t-](?:half|third|quarter|fifth|tenth)|half|three[ \t-]quarters|two[ \t-]thirds)[ \t]of[ \t]"
                       r"(?:the|your|its)[ \t](?:food[ \t])?(?:subtotal|total|order|price|cost|bill|amount|item)s?\b")
_PERCENT = re.compile(r"(?<![\w.])(?P<p>[0-9]{1,3}(?:\.[0-9]{1,2})?)[ \t]?(?:%|percent\b|per[ \t-]cent\b|pct\b|pc\b)", re.IGNORECASE)



# Words without which a pattern cannot match (each is literal in every match of it, and the
# patterns ignore case): an ASCII text lower-cased holds them as the pattern would find them, so
# a pattern whose words are all absent is not run. A text that is not ASCII is read in full.
_LATE_WORDS = ("min", "hour")
_THRESHOLD_WORDS = ("min", "compensation", "refund", "credit", "money back")
_THRESHOLD_VERBS = ("start", "begin", "kick", "applies", "owed", "due", "given", "paid", "get", "receive", "qualif", "earn", "eligible",
                    "entitled", "compensated")  # and one of these
_STATUS_WORDS_IN = tuple(sorted({max(form.split(), key=len) for form, _ in _STATUS_WORDS}))
_ACCOUNT_WORDS = ("account",)
_PERCENT_WORDS = ("%", "percent", "per cent", "per-cent", "pct", "pc")


def _may(low: Optional[str], words: Tuple[str, ...]) -> bool:
    """Whether a pattern whose every match holds one of ``words`` may match (``low``: the text
    lower-cased if ASCII, else None: any pattern may)."""
    return low is None or any(w in low for w in words)


def claims(text: str) -> List[Claim]:
    """Every typed claim ``text`` makes, in order of kind then position. A task's rollouts
    repeat their messages: a short text's claims are read once and kept (bounded; claims are
    frozen, and a new list is returned each time)."""
    return list(_kept_claims(text)) if len(text) <= _KEPT_TEXT else _claims(text)


@lru_cache(maxsize=2048)
def _kept_claims(text: str) -> Tuple[Claim, ...]:
    return tuple(_claims(text))


# round 11: a status the speaker takes back at once for the next ("it's delivered no wait sorry it's out for delivery",
# "preparing -- I mean, out for delivery"): only the second is stated
_RETRACT = re.compile(r"(?i)[ \t,:.\u2026\u2014\u2013-]{0,4}(?:(?:um+|uh+|oh|oops|no)\b[ \t,]{0,3})?(?:no[ \t]wait|wait[ \t]no|sorry(?![ \t]+(?:for|about|to)\b)"
                      r"|i[ \t]mean|correction|scratch[ \t]that|my[ \t]mistake|my[ \t]bad)\b[^.!?;\n]{0,48}$")  # (round 15: a reason)


def _retracted(text: str, found: List[Claim]) -> List[Claim]:
    """``found`` (statuses in order) without one taken back, in its sentence, for the one right after it (``_RETRACT``);
    a status taken back for a status word alone ("is cancelled, sorry, delivered", round 15) is that word's."""
    out = []
    for c, nxt in zip(found, found[1:] + [None]):
        end = c.start + len(c.text)
        if nxt is None or nxt.start - end > 60:
            after = text[end:end + 48].lower()  # (a correction's word first: the status words are tried only then)
            bare = _BARE_STATUS.match(text, end) if c.kind == "status" and any(h in after for h in RETRACT_HINTS) else None
            key = _STATUS_KEY.get(" ".join(bare.group("st").lower().replace("_", " ").replace("-", " ").split())) if bare else None
            if key is not None and taken_back(text, end, bare.start("st")):
                c = Claim("status", key, bare.group("st"), bare.start("st"), c.order_id)
            out.append(c)
        elif not (_RETRACT.match(text, end, nxt.start) or taken_back(text, end, nxt.start)):
            out.append(c)
    return out


_STATUS_KEY = {form: key for form, key in _STATUS_WORDS}
_BARE_STATUS = re.compile("(?i)[^.!?;\n]{1,40}?(?<![\\w-])(?P<st>" + "|".join(r"[ _-]".join(map(re.escape, form.split()))
                                                                          for form, _ in _STATUS_WORDS) + r")(?![\w-])")


def _claims(text: str) -> List[Claim]:
    negated = Negations(text, sentences=True)  # "It is not the case that ..." (round 13)
    low = text.lower() if text.isascii() else None
    out: List[Claim] = []
    if _may(low, _LATE_WORDS):
        for m in _LATE.finditer(text):
            hours = m.group("h") or m.group("h2") or m.group("h3")
            n = _hour_minutes(hours) if hours else _count(m.group("n") or m.group("n2") or m.group("n3") or m.group("n4"))
            if (m.group("n") or m.group("h")) and (_BOUND_BEFORE.search(text, max(0, m.start() - 24), m.start())
                                                   or _ANY_ORDER_LATE.search(text, max(0, m.start() - 48), m.start())
                                                   or _SUPPOSED_LATE.search(text, max(0, m.start() - 48), m.start())):
                continue  # "starts at 15 minutes late", "under 15 minutes late", "once an order is 15 minutes late": a threshold
            if n is not None and not negated(m.start()):
                out.append(Claim("minutes_late", n, m.group(0), m.start()))
        if low is None or "late:" in low or "late :" in low:
            out.extend(Claim("minutes_late", n, m.group(0), m.start()) for m in _LATE_KEY.finditer(text)
                       if (n := _count(m.group("n"))) is not None and not negated(m.start()))
        for m in _LATE_BOUND.finditer(text) if low is None or any(w in low for w in _BOUND_WORDS) else ():
            n = _hour_minutes(m.group("h")) if m.group("h") else _count(m.group("n"))
            if n is not None and not negated(m.start("op")):
                out.append(Claim("minutes_late", ("under" if m.group("op").lower()[:1] in "ul" else "over", n), m.group(0), m.start()))
        out = _retracted(text, out)  # round 12: "a quarter of an hour late... sorry, twenty minutes late"
    if _may(low, _THRESHOLD_WORDS) and _may(low, _THRESHOLD_VERBS):
        for m in _THRESHOLD.finditer(text):
            m = (_THRESHOLD.search(text, m.start() + 1, m.end()) if negated(m.start()) else None) or m  # round 12: its own subject
            tag = next((t for t in ("t", "t2", "t3", "t4") if m.group(t)), None)
            n = _count(m.group(tag)) if tag else 30.0 if m.group("half") else 60.0
            tag = tag or ("half" if m.group("half") else "hour")
            floor = max([0] + [b.end() for b in _PART.finditer(text, max(0, m.start() - 60), m.start())])  # "No refund, compensation"
            if n is not None and not negated(m.start(), floor) and not negated(m.start(tag)) and not second_tier_after(text, m.end()):
                out.append(Claim("late_threshold", n, m.group(0), m.start()))  # (the second tier's start: late_thresholds)
    out.extend(Claim("late_threshold", n, words, start) for n, words, start in late_thresholds(text, negated, low))
    if _may(low, _STATUS_WORDS_IN + _ACTOR_WORDS):
        if "|" in text:  # a markdown table read as the "key: value" lines it stands for
            table = tables_as_lines(text)
            out.extend(_statuses(table, Negations(table) if table != text else negated))
        else:
            out.extend(_retracted(text, _statuses(text, negated)))
    laid, laid_negated = text, negated  # a table as its key: value lines, a JSON key's "_" as a space (positions kept)
    if "|" in text or "_" in text:
        laid = tables_as_lines(text, headed=True).replace("_", " ")
        laid_negated = Negations(laid) if laid != text else negated
    for event, named, start, words in event_days(laid):  # "it was delivered yesterday"
        if not laid_negated(start):
            oid = ([i.group(0).upper() for i in _ANY_ORDER_ID.finditer(laid, 0, start)] or [None])[-1]
            out.append(Claim("event_day", (event, named), words, start, oid))
    if _may(low, _ACCOUNT_WORDS):
        for m in _ACCOUNT.finditer(text):
            if not negated(m.start("st")) and not _CONDITION.search(text, max(0, m.start() - 40), m.start()):
                out.append(Claim("account_state", m.group("st").lower(), m.group(0), m.start()))
    if _may(low, _PERCENT_WORDS):
        for m in _PERCENT.finditer(text):
            if not negated(m.start()):
                out.append(Claim("percent", float(m.group("p")), m.group(0), m.start()))
    if _may(low, ("half", "third", "quarter", "fifth", "tenth")):  # "a quarter of your subtotal": 25%
        out.extend(Claim("percent", _FRACTIONS[m.group("f").lower().replace("-", " ").split()[-1]] * (3 if m.group("f")[:3].lower() == "thr" else 2 if m.group("f")[:3].lower() == "two" else 1),
                         m.group(0), m.start()) for m in _FRACTION.finditer(text) if not negated(m.start()))
    thresholds = [(c.start, c.start + len(c.text)) for c in out if c.kind == "late_threshold"]  # round 10b: "apply after 15 mins"
    out.extend(Claim("refund_timing", value, words, start) for value, words, start in refund_timings(text, negated, low)
               if not any(start < b and a < start + len(words) for a, b in thresholds))
    out.extend(Claim("refund_timing", value, words, start) for value, words, start in money_places(text, low))
    quotes = customer_quotes(text) if out else ()  # round 12: "You said 'it's still being prepared' -- ...": the customer's
    out = [c for c in out if not inside(quotes, c.start)] if quotes else out
    if out and "?" in text:  # round 14: a yes/no question about the order ("Was it only 5 minutes late?") asserts nothing
        asked = [(m.start(), m.start("that") if m.group("that") and not m.group("open") else m.end()) for m in _POLAR.finditer(text)]
        out = [c for c in out if not any(a <= c.start < b for a, b in asked)] if asked else out
    return out


_POLAR = re.compile(r"(?im)(?:^|(?<=[.!?:]))[ \t\u00a0*_>-]{0,6}(?:was|were|is|are|has|have|had|did|does|do)(?:n['’]t)?[ \t\u00a0]{1,3}"
                    r"(?:it|fd-?[0-9][0-9a-z-]{0,20}|(?:your|the|this|that)[ \t\u00a0]{1,3}(?:order|delivery|food|meal|refund))\b"
                    r"(?:[^.!?\n]{0,80}?(?P<open>\b(?:true|possible|likely|the[ \t]case|certain|sure)[ \t]{1,3})?(?P<that>\bthat\b))?"
                    r"[^.!?\n]{0,160}\?")  # "Isn't it great that FD-10006 has been delivered?" still says it was


def _statuses(text: str, negated: Negations) -> List[Claim]:
    return [Claim("status", *found) for found in statuses(text, negated)]


ALLERGEN_WORDS = {"peanut": "peanut", "peanuts": "peanut", "tree nut": "tree_nut", "tree nuts": "tree_nut", "tree_nut": "tree_nut",
                  "nuts": "tree_nut", "shellfish": "shellfish", "gluten": "gluten", "wheat": "gluten", "dairy": "dairy",
                  "milk": "dairy", "lactose": "dairy", "egg": "egg", "eggs": "egg", "soy": "soy", "soya": "soy",
                  "sesame": "sesame"}
_ALLERGEN_ALT = "|".join(re.escape(w).replace(r"\ ", "[ _]") for w in sorted(ALLERGEN_WORDS, key=len, reverse=True))
_FREE_AFTER = re.compile(
    rf"[^.;:\n]{{0,30}}?\b(?:(?:has|contains|with|includes?){_SP}(?:no|zero){_SP}(?P<all>allergens?\b|(?P<a1>{_ALLERGEN_ALT})\b)"
    rf"|(?:is|it's|—|-|,){_SP}?(?:completely{_SP}|totally{_SP})?(?:(?P<a2>{_ALLERGEN_ALT})|(?P<all2>allergen))[- ]free\b"
    rf"|(?:has|contains|with|includes?){_SP}none{_SP}of{_SP}your{_SP}allergens\b(?P<yours>)"
    rf"|\((?:no{_SP}allergens|allergen[- ]free|none)\)(?P<all3>))"
    # round 9: the dish's value in a record ("Pad Thai: no egg", "| Pad Thai | none |", '"Pad Thai", "allergens": []'),
    # "doesn't have egg in it", "won't trigger your egg allergy"
    rf"|[ \t*_\"'`]{{0,3}}(?:,[ \t]{{0,2}}[\"']?allergens?[\"']?[ \t]{{0,2}})?(?:[:|=\u2013\u2014]|->|[ \t]-[ \t])[ \t*_\"'`]{{0,3}}"
    rf"(?:(?:no|zero|without){_SP}(?:(?P<a3>{_ALLERGEN_ALT})|allergens?)\b|(?:none|nothing|n/a|\[\]|null)(?![ \t]*of\b)"
    rf"|(?P<a4>{_ALLERGEN_ALT})[- ]free\b|allergen[- ]free\b)"
    rf"|[ \t]{{1,3}}(?:does{_SP}not|doesn['’]?t){_SP}(?:have|contain|include|use){_SP}(?:any{_SP})?(?P<a5>{_ALLERGEN_ALT})\b"
    rf"|[ \t]{{1,3}}(?:won['’]?t|will{_SP}not|shouldn['’]?t|should{_SP}not){_SP}(?:trigger|affect|bother|set{_SP}off){_SP}"
    rf"your{_SP}(?:(?P<a6>{_ALLERGEN_ALT}){_SP})?(?:allerg(?:y|ies)|allergens?)\b(?P<yours2>)",
    re.IGNORECASE,
)
# before the dish: "you can safely eat the Pad Thai", "the Pad Thai is safe to eat" is read after it
_SAFE_BEFORE = re.compile(r"(?i)\b(?:safely|safe[ \t]to)[ \t]{1,3}(?:eat|have|order|enjoy|try)[ \t]{1,3}(?:the[ \t]{1,3}|a[ \t]{1,3})?$")


# The same claim in other words, right after the dish: safe for the customer's allergies ("free of all your
# allergens", "has none of the allergens you listed", "doesn't contain any of your allergens", "safe for your
# allergies", "safe for you", "safe for your peanut allergy": that allergen). No negation may stand between.
_ALLERGY_NOUN = r"(?:allergens?|allerg(?:y|ies)|dietary[ \t]restrictions?)"
_SAFE_AFTER = re.compile(
    rf"[ \t\u00a0\"'`*_)\]]{{0,6}}(?:,[^,.;:\n]{{1,40}},)?[ \t\u00a0]{{0,3}}"
    rf"(?:(?:is|are|['’]s|would{_SP}be|will{_SP}be|should{_SP}be|remains?|stays?|looks|seems|comes){_SP})?"
    rf"(?:(?:completely|totally|entirely|fully|perfectly|absolutely|100%|also|definitely|certainly|indeed|actually){_SP})?(?:"
    rf"(?:(?:free|clear){_SP}(?:of|from)|safe{_SP}(?:for|with|given|considering)|fine{_SP}(?:for|with)|ok(?:ay)?{_SP}(?:for|with)|"
    rf"suitable{_SP}(?:for|with)|compatible{_SP}with){_SP}(?:(?:all|any|each|every|both){_SP}(?:of{_SP})?)?"
    rf"(?:(?:your|the)(?:{_SP}(?:listed|stated|known))?{_SP})?(?:(?P<a>{_ALLERGEN_ALT})(?:{_SP}{_ALLERGY_NOUN})?|{_ALLERGY_NOUN})"
    rf"|safe{_SP}for{_SP}you(?P<you>)(?![ \t]*(?:r|to|if|only|unless|once)\b)|allerg(?:y|en)[- ](?:safe|friendly)(?P<safe>)"
    rf"|(?:has|have|contains?|includes?|holds?|with)(?:{_SP}(?:absolutely|just|simply))?{_SP}(?:none|nothing|no(?:ne)?{_SP}one){_SP}(?:of|from){_SP}"
    rf"(?:your|the){_SP}(?:listed{_SP}|stated{_SP})?{_ALLERGY_NOUN}"
    rf"|(?:has|have|contains?|includes?|with){_SP}no{_SP}(?:(?:allergens?|allergy{_SP}triggers?){_SP}(?:of{_SP}yours|you(?:['’]re|{_SP}are){_SP}allergic{_SP}to)"
    rf"|(?:of{_SP})?your{_SP}{_ALLERGY_NOUN})"
    rf"|(?:does{_SP}not|doesn['’]?t|do{_SP}not|don['’]?t){_SP}(?:contain|have|include|trigger){_SP}(?:any{_SP}(?:of{_SP})?)?(?:your|the)"
    rf"{_SP}(?:listed{_SP})?{_ALLERGY_NOUN})(?![^\W_])",
    re.IGNORECASE,
)


def allergen_claims(text: str, dishes: "re.Pattern[str]") -> List[Claim]:
    """"<dish> has no allergens / no <allergen> / none of your allergens" claims, for the dish
    names ``dishes`` finds (value: (dish lower case, allergen key or "", yours))."""
    out: List[Claim] = []
    negated: Optional[Negations] = None
    for d in dishes.finditer(text):
        safe = _SAFE_AFTER.match(text, d.end(), min(len(text), d.end() + 140))
        m = None if safe is not None else _FREE_AFTER.match(text, d.end(), min(len(text), d.end() + 90))
        before = _SAFE_BEFORE.search(text, max(0, d.start() - 40), d.start()) if m is None and safe is None else None
        if before is not None:  # "you can safely eat the Pad Thai": none of the customer's allergens
            negated = negated or Negations(text)
            if not negated(before.start()):
                out.append(Claim("allergen_free", (" ".join(d.group(0).lower().split()), "", True), text[before.start():d.end()], d.start()))
            continue
        if m is None and safe is None:
            continue
        negated = negated or Negations(text)
        if negated(d.start()):
            continue
        if m is None:  # safe for the customer's allergies: all of them, or the one named ("your peanut allergy")
            m, allergen = safe, safe.group("a")
            yours = allergen is None
        else:
            allergen = m.group("a1") or m.group("a2") or m.group("a3") or m.group("a4") or m.group("a5") or m.group("a6")
            yours = m.group("yours") is not None or (m.group("yours2") is not None and not m.group("a6"))
        key = ALLERGEN_WORDS.get(allergen.lower().replace("_", " ")) if allergen else ""
        out.append(Claim("allergen_free", (" ".join(d.group(0).lower().split()), key or "", yours), text[d.start():m.end()], d.start()))
    return out


def observed_orders(observation: str, parse: Any) -> List[Tuple[str, dict]]:
    """(order id, record) of every order an observation (JSON) shows."""
    data = parse(observation)
    found: List[Tuple[str, dict]] = []
    stack = [data]
    seen = 0
    while stack and seen < 200:
        item = stack.pop()
        seen += 1
        if isinstance(item, dict):
            if isinstance(item.get("order_id"), str) and "status" in item:
                found.append((item["order_id"].upper(), item))
            stack.extend(v for v in item.values() if isinstance(v, (dict, list)))
        elif isinstance(item, list):
            stack.extend(v for v in item[:50] if isinstance(v, (dict, list)))
    return found
