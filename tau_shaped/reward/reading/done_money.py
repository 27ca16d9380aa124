"""Money said to have moved (SPEC §10 statements): an amount the words say a write has already
charged or refunded ("I've charged you $190", "I refunded $20", "I've issued a refund of
$16.90", "$5 has been credited to your wallet", "your card was refunded $20"), compared with
what the conversation's writes moved (``moved``, ``done_verdict``), whatever a tool or the
policy may otherwise show of that number.

- ``done_kinds(text, spans)``: for each amount's (start, end), in order, ``"charge"`` or
  ``"refund"`` when a past-tense verb of a write says it moved (the first amount after an
  active verb, in its clause, within 48 characters: "I've refunded $16.90 of your $29.50
  order" says only $16.90 moved; the last amount before a passive one, within 40; an amount
  joined to one that moved by "plus", "and", "as well as": "$16.90 plus $5"), else None.
  A verb that does not say the direction ("issued", "processed", "added", "sent", "popped", "transferred") takes it
  from the words around ("a refund", "back", "credit"; "charge", "fee"); a supposed act ("Suppose I refunded") none. "You were charged
  $29.50" is the order's own payment, not a write of the conversation: a charge is said to be
  done only by "I/we charged" or "has been charged".
- ``moved(events)``: the money each kind of movement moved by the writes given (a food
  delivery ``money_moved`` event's ``amount`` is money to the customer: a refund; tau2's
  ``charged`` and ``refunded``).
- ``done_verdict(kind, value, pools)``: None when the writes before back it (one write, or a
  run of them), else the evidence; an amount said to be done with no write of that kind before
  it is judged only when it is what a write moved the other way.

Pure: the standard library only; every pattern linear (bounded repeats).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

from tau_shaped.reward.reading.done_asked import ends_in_question, proposed

__all__ = ["done_kinds", "moved", "done_verdict", "may_say_done", "paid_flags"]

_CHARGE_VERBS = "charged|billed|debited|deducted"
_REFUND_VERBS = "refunded|credited|reimbursed|returned|topped[ \t]up|(?:threw|thrown|tossed|chucked)[ \t]in"  # round 10: "I threw in $2"
_OTHER_VERBS = ("issued|processed|applied|added|put|popped|sent|given|gave|placed|initiated|submitted|completed|made"
                "|transferred|moved|taken|took|withdrawn|withdrew|collected")
# "taken $5 from your card" charges it; "taken $5 off your order" gives it back
_TAKE_VERBS = frozenset({"taken", "took", "withdrawn", "withdrew", "collected"})
_UNDIRECTED = frozenset(_OTHER_VERBS.split("|")) - _TAKE_VERBS
_FROM = re.compile(r"(?i)\bfrom\b")
_OFF = re.compile(r"(?i)\boff\b")
_VERBS = f"{_CHARGE_VERBS}|{_REFUND_VERBS}|{_OTHER_VERBS}"
_SP = r"[ \t\u00a0]{1,3}"
# "I've just refunded", "I actually refunded", "we've promptly credited": any adverb in -ly among them
_ADVERBS = rf"(?:(?:just|already|now|right{_SP}now|also|then|nevertheless|nonetheless|still|meanwhile|[a-z]{{2,14}}ly){_SP}){{0,2}}"
_ACTIVE = re.compile(
    rf"\b(?:I|we)(?:['’]ve|{_SP}have|{_SP}had)?{_SP}{_ADVERBS}(?P<verb>{_VERBS})\b"
    # round 10: a second write joined by "and" with a verb that takes its direction from the words around ("I've refunded
    # $2.99 and added a $5 credit to your wallet")
    rf"|\band{_SP}{_ADVERBS}(?P<verb2>{_CHARGE_VERBS}|{_REFUND_VERBS}|added|issued|put|sent|applied|transferred|popped)\b"
    # a clause that opens with the verb: "Charged $1 to your card.", "- Refunded: $16.90"
    rf"|(?:^|[.!?:;|\n*•\u2014\u2013\u2600-\u27bf\U0001f300-\U0001faff-])[ \t]{{0,3}}{_ADVERBS}(?P<verb3>{_CHARGE_VERBS}|{_REFUND_VERBS})\b", re.IGNORECASE)  # "| Refunded:", r18: "😂 refunded $2.99"
# "twenty bucks refunded to your wallet": a refund verb right after the amount, with no auxiliary
_AFTER_AMOUNT = re.compile(
    rf"[ \t\u00a0)]{{1,3}}{_ADVERBS}(?:(?P<verb>refunded|credited|reimbursed)\b"
    # "$62.27 is back on your card now", "$5 went back to your wallet", "$5 has gone back"
    rf"|(?:is|are|went|has{_SP}gone|have{_SP}gone|was{_SP}sent|were{_SP}sent)[ \t\u00a0]{{1,3}}{_ADVERBS}back\b"
    # "$18.55 is on its way back to your card", "$5 is headed back", "$5 is being refunded", "$5 is going back"
    rf"|(?:is|are)[ \t\u00a0]{{1,3}}{_ADVERBS}(?:on{_SP}its{_SP}way|heading|headed|going|coming|being{_SP}(?:sent|paid|returned))"
    rf"{_SP}back\b|(?P<being>(?:is|are){_SP}being{_SP}(?:refunded|credited|reimbursed|returned))\b"
    # "an apology credit of $5 is now in your wallet"
    rf"|(?:is|are){_SP}(?:now|already){_SP}(?:in|on){_SP}(?:your|ur){_SP}wallet\b"
    # "Refund of $62.27 issued", "refund ($5) processed": a noun of the write before the amount (read in done_kinds)
    rf"|(?P<noun_verb>(?:(?:has|have){_SP}{_ADVERBS}been{_SP}|was{_SP}|were{_SP}|is{_SP})?{_ADVERBS}(?:issued|processed|sent|completed|made|applied"
    rf"|initiated|submitted|complete|done|finished|through)\b))",
    re.IGNORECASE)
# "Refund of $5 issued", "Refund issued: $5", "You got $5 back", "You've received $5 back"
_NOUN_BEFORE = re.compile(r"(?i)\b(?P<noun>refund|credit|reimbursement|charge)s?(?:[ \t]{1,3}(?:of|for))?[ \t]{0,3}[(:]?[ \t]{0,3}$")
_NOUN_DONE_BEFORE = re.compile(r"(?i)\b(?P<noun>refund|credit|reimbursement|charge)s?[ \t]{1,3}(?:has[ \t]been[ \t]|was[ \t])?"
                               r"(?:issued|processed|sent|completed|made|applied|initiated|done)[ \t]{0,3}[:\-\u2013\u2014(]?[ \t]{0,3}$")
# "I refunded $16.90 plus $5 for the trouble": an amount joined to one said to have moved moved too
# ("and the $2.99 fee stays" names what stays: only "plus", "as well as" take "the" or "your")
_JOINED = re.compile(r"(?i)[ \t]*,?[ \t]*(?:(?:plus|\+|as[ \t]+well[ \t]+as|along[ \t]+with|together[ \t]+with)[ \t]+(?:(?:the|your)[ \t]+)?"
                     r"|(?:&|and(?:[ \t]+(?:also|then))?)[ \t]+)(?:(?:an?|another)[ \t]+)?(?:(?:extra|additional|further|more)[ \t]+)?")
# round 10b: an amount joined to one said moved by a verb after it: "$16.90 refunded, plus a $5 credit for the trouble" (the join is
# read from the verb's end); one the words say stayed is not ("$5.27 refunded and $15.56 kept for the food")
_AFTER_VERB = re.compile(r"(?i)[ \t\u00a0)]{1,3}(?:(?:has|have)[ \t]been[ \t]|was[ \t]|were[ \t])?(?:refunded|credited|reimbursed|returned)"
                         r"(?:[ \t]{1,3}(?:to|on|into)[ \t]{1,3}(?:your|ur|the)[ \t]{1,3}(?:card|wallet|account|original[ \t]payment))?")
_STAYED = re.compile(r"(?i)[ \t\u00a0]{1,3}(?:\w{1,12}[ \t]{1,3}){0,2}(?:kept|retained|stays?|held|withheld|remains?|charged|paid|owed|is[ \t]non|"
                     r"(?:is|are)[ \t]{1,3}not|isn['’]t|aren['’]t|won['’]t|not)\b")
# round 10b: a refund named by its key in a message that says the write is done: "Cancelled — refund: $20.83", "Done. Refund
# amount: $5" (before the write such a key quotes an offer: read only after a write, and never in a question or a condition)
_KEY_REFUND = re.compile(r"(?i)(?:^|[^\w \t$])[ \t]{0,3}(?:the[ \t]{1,3}|your[ \t]{1,3})?(?:refund|reimbursement)(?:[ \t]{1,3}(?:amount|total|issued))?"
                         r"[\"'*_`]{0,2}[ \t]{0,3}(?:[:=]|->|\u2192|[-\u2013\u2014]{1,2})?[ \t]{0,3}[\"'*_`]{0,2}[ \t]{0,3}$")
_DONE_WORD = re.compile(r"(?i)\b(?:done|all[ \t]{1,3}set|cancell?ed|processed|completed?|finished|taken[ \t]{1,3}care[ \t]{1,3}of|sorted)\b")
_CODE_BEFORE = re.compile(r"(?i)\b(?:US|USD|CA|CAD|AU|AUD)[ \t\u00a0]?$")
_CODE_AFTER = re.compile(r"[ \t\u00a0]{0,2}\((?:USD|EUR|GBP|CAD|AUD|US\$)\)")
# the amount as the value of a key that names the write done: '"refunded": "$5"', "Refunded amount → $5", "Total
# returned: $5", "Amount credited = $5" (JSON, a list, key=value)
_DONE_KEY = re.compile(r"(?i)\b(?:(?P<verb>refunded|credited|reimbursed|returned|charged)(?:[ \t]{1,3}(?:amount|total|sum))?"
                       r"|(?:amount|total|sum)[ \t]{1,3}(?P<verb2>refunded|credited|reimbursed|returned|charged))"
                       r"[\"'*_`]{0,2}[ \t]{0,3}(?:[:=|]|->|\u2192|[-\u2013\u2014]{1,2})[ \t]{0,3}[\"'*_`]{0,2}[ \t]{0,3}$")
# the refund named as the one made: "The refund I just made was for $5", "your refund came to $5", "the credit we issued: $5"
_MADE_REFUND = re.compile(r"(?i)\b(?P<noun>refund|credit|reimbursement|charge)s?(?:[ \t]{1,3}amount)?[ \t]{1,3}(?:(?:that|which)[ \t]{1,3})?"
                          r"(?:(?:I|we)(?:['’]ve|[ \t]have)?[ \t]{1,3}(?:just[ \t]{1,3}|already[ \t]{1,3})?"
                          r"(?:made|issued|processed|sent|did|gave(?:[ \t]{1,3}you)?|put[ \t]{1,3}through)[ \t]{1,3}(?:(?:was|is)[ \t]{1,3})?"
                          r"|(?:was|came[ \t]{1,3}to|totall?ed|amounted[ \t]{1,3}to)[ \t]{1,3})(?:(?:for|of)[ \t]{1,3})?[:\-\u2013\u2014]?[ \t]{0,3}$")
_GOT_BACK = re.compile(r"(?i)\byou(?:['’]ve|[ \t]have)?[ \t]{1,3}(?:got|gotten|received)[ \t]{1,3}(?:back[ \t]{1,3})?$")
# the refund made, said as what the customer will get: "you'll get $18 back", "you will see $18 back on your card"
# (a refund's arrival; a question or a condition around it states nothing: ``_ASKED_OR_IF``)
_WILL_GET_BACK = re.compile(r"(?i)\byou(?:['’]ll|[ \t]will)[ \t]{1,3}(?:now[ \t]{1,3}|also[ \t]{1,3})?(?:get|receive|see)[ \t]{1,3}$")
_WILL_BE_CREDITED = re.compile(r"(?i)\b(?:will|['’]ll)[ \t]{1,3}be[ \t]{1,3}(?:credited|refunded|reimbursed|returned)(?:[ \t]{1,3}with)?[ \t]{1,3}$")
_BACK_TO_YOU = re.compile(r"(?i)[ \t]{1,3}back[ \t]{1,3}(?:to|on|in|into)[ \t]{1,3}(?:you\b|your\b|ur\b|yr\b)")  # round 10: chat "ur"
_ASKED_OR_IF = re.compile(r"(?i)\b(?:if|once|when|whether|suppose|supposing|imagine)\b[^.!?\n]{0,60}$")
_SUPPOSED = re.compile(r"(?i)\b(?:if|suppose|supposing|imagine|say|shall|should|can|could|may|might|will|would|must)[ \t]{1,3}$")  # r15, r17: "Shall I put $6.90 in your wallet?"
_PASSIVE = re.compile(
    rf"(?:\b|(?<=['’]))(?P<aux>has|have|had|was|were|is|are|(?<=['’])ve|(?<=['’])s)(?:{_SP}{_ADVERBS}been)?{_SP}{_ADVERBS}(?P<verb>{_VERBS})\b", re.IGNORECASE)
_REFUND_WORDS = re.compile(r"(?i)refund|reimburs|\bback\b|credit|compensat|wallet|returned to|\byour[ \t]way\b")
_CHARGE_WORDS = re.compile(r"(?i)\bcharge|\bfee\b|payment|\bbill")
_CLAUSE_END = re.compile(r"[.!?;](?=\s|$)|\n")
_HINTS = ("charged", "billed", "debited", "deducted", "refunded", "cancel", "all set", "sorted", "taken care", "credited", "reimbursed", "returned", "issued", "threw", "thrown",
          "tossed", "chucked",
          "processed", "applied", "added", "put", "popped", "transferred", "moved", "sent", "given", "gave", "placed", "initiated", "submitted",
          "completed", "made", "taken", "took", "withdrawn", "withdrew", "collected", "back", "received", "came", "amounted", "totaled",
          "totalled", "was", "topped", "wallet", "complete", "done", "finished", "through", "your way", "will be", "ll be")


def may_say_done(text: str) -> bool:
    """Whether ``text`` holds a verb of a write done (an ASCII text lower-cased; else it may)."""
    if not text.isascii():
        return True
    low = text.lower()
    return any(h in low for h in _HINTS)


_SETTLED_VERBS = ("refunded", "credited", "charged", "billed", "debited", "deducted", "reimbursed", "returned", "issued", "processed",
                  "topped", "thrown", "threw", "tossed", "chucked")
_SETTLED_PRONOUNS = ("i've", "we've", "i have", "we have")
# what stands right before a verb of a write in the past: a pronoun, an auxiliary, an adverb, a line's or a clause's start
_SETTLED_BEFORE = ("i ", "we ", "ve ", "have ", "has ", "had ", "been ", "was ", "were ", "just ", "already ", "now ", "also ", "and ",
                   "then ", "ly ")


def _may_say_settled(text: str) -> bool:
    """Whether ``text`` may hold a verb of a write in the past (``done_kinds(settled=True)``):
    "I've ...", or a verb after a pronoun, an auxiliary or at a clause's start ("will be refunded",
    "you were charged" are not)."""
    if not text.isascii():
        return True
    low = text.lower()
    if any(p in low for p in _SETTLED_PRONOUNS):
        return True
    for verb in _SETTLED_VERBS:
        at = low.find(verb)
        while at >= 0:
            before = low[max(0, at - 12):at]
            if before.endswith(_SETTLED_BEFORE) and not (verb == "charged" and before.endswith(("was ", "were "))):
                return True
            if not before.strip() or before.rstrip()[-1:] in ".!?:;-*|\n":
                return True
            at = low.find(verb, at + 1)
    return False


def _kind(verb: str, around: str) -> Optional[str]:
    v = verb.lower()
    if v in _TAKE_VERBS:
        return "refund" if _OFF.search(around) else "charge" if _FROM.search(around) else None
    if re.fullmatch(_CHARGE_VERBS, v):
        return "charge"
    if re.fullmatch(_REFUND_VERBS, v):
        return "refund"
    return _one_direction(around)


def _one_direction(words: str) -> Optional[str]:
    """"refund" or "charge" where ``words`` name one direction of money alone, else None."""
    refund, charge = _REFUND_WORDS.search(words), _CHARGE_WORDS.search(words)
    if refund and not charge:
        return "refund"
    if charge and not refund:
        return "charge"
    return None


def _noun_kind(between: str) -> Optional[str]:
    """The direction the words between a verb of a write and its amount give ("a charge of",
    "a refund of", "a credit of"), or None."""
    if not between.strip():
        return None
    return _one_direction(between)


_MONEY_OBJECT = re.compile(r"(?i)\b(?:refunds?|credits?|payments?|reimbursements?|charges?|transfers?|deposits?|money|amounts?"
                           r"|following|these|this|that|it|them|everything|all)\b")


def _object_not_money(text: str, at: int, amount: int, verb: str) -> bool:
    """Whether a verb that names no direction ("made", "put", "processed") ends at ``at`` with an
    object that is not the money, closed by a colon before the amount at ``amount`` ("made a note:")."""
    colon = text.find(":", at, amount)
    return colon >= 0 and verb.lower() in _UNDIRECTED and not _MONEY_OBJECT.search(text, at, colon)


def done_kinds(text: str, spans: Sequence[Tuple[int, int]], settled: bool = False) -> List[Optional[str]]:
    """For each amount (start, end) of ``text``, in order: the kind of money the words say a
    write has moved ("charge" | "refund"), or None. ``settled``: only a verb of a write in the
    past ("I've refunded $20", "$20 has been refunded", "Refunded: $20"): before any write, "you'll
    get $20 back" or "refund: $20" words an offer."""
    out: List[Optional[str]] = [None] * len(spans)
    if not spans or (not _may_say_settled(text) if settled else not may_say_done(text)):
        return out
    starts, ends = [a for a, _ in spans], [b for _, b in spans]  # in order: the amount after a verb found by bisection (linear)
    for m in _ACTIVE.finditer(text):
        i = _first_at(starts, m.end())
        if i is None or spans[i][0] - m.end() > 48 or _CLAUSE_END.search(text, m.end(), spans[i][0]) or _SUPPOSED.search(text, max(0, m.start() - 24), m.start()):
            continue
        verb = m.group("verb") or m.group("verb2") or m.group("verb3")
        if m.group("verb3") and _bare(m.group(0), verb) and proposed(text, spans[i][1]):
            continue  # round 12 (telegraphic): "Refunded $16.90 -> card. OK? y/n" proposes it
        if _object_not_money(text, m.end(), spans[i][0], verb):
            continue  # "I have made the calculation: refund of $16.90": the verb's object is not the money
        # "I've put a charge of $5 on your wallet": the noun the verb takes says the direction
        kind = _noun_kind(text[m.end():spans[i][0]]) if verb.lower() in _UNDIRECTED else None
        out[i] = out[i] or kind or _kind(verb, text[m.start():min(len(text), spans[i][1] + 30)])
    for m in _PASSIVE.finditer(text):
        i = bisect_right(ends, m.start()) - 1  # the last amount ending before the verb
        i = None if i < 0 else i
        if i is None or m.start() - spans[i][1] > 40 or _CLAUSE_END.search(text, spans[i][1], m.start()):
            # "your card was refunded $20": the amount right after the verb
            i = _first_at(starts, m.end())
            if i is None or spans[i][0] - m.end() > 24 or _CLAUSE_END.search(text, m.end(), spans[i][0]) \
                    or _object_not_money(text, m.end(), spans[i][0], m.group("verb")):
                continue
        kind = _kind(m.group("verb"), text[max(0, spans[i][0] - 30):m.end() + 30])
        if kind == "charge" and m.group("aux").lower() in ("was", "were", "is", "are"):
            continue  # "you were charged $29.50": the order's own payment
        if settled and m.group("aux").lower() in ("is", "are", "s"):
            continue  # "$5 is refunded once you confirm": present, not a write done
        out[i] = out[i] or kind
    if settled:
        return out
    for i, (start, end) in enumerate(spans):
        if out[i] is not None:
            continue
        code = _CODE_BEFORE.search(text, max(0, start - 4), start)  # "US$22.18", "usd 20.07": the code is the amount's
        start = code.start() if code else start
        code = _CODE_AFTER.match(text, end)  # "$37.40 (USD) is back"
        end = code.end() if code else end
        after = _AFTER_AMOUNT.match(text, end)
        if after is not None and not after.group("noun_verb"):
            if not (after.group("verb") and _bare(after.group(0), after.group("verb")) and proposed(text, after.end())):
                out[i] = "refund"  # (not "$218.84 refunded via Visa. OK? y/n": a proposal)
            continue
        key = _DONE_KEY.search(text, max(0, start - 40), start) or _MADE_REFUND.search(text, max(0, start - 64), start)
        if key is not None:
            word = (key.groupdict().get("verb") or key.groupdict().get("verb2") or key.groupdict().get("noun") or "").lower()
            out[i] = "charge" if word.startswith("charge") else "refund"
            continue
        if (_KEY_REFUND.search(text, max(0, start - 40), start) and _DONE_WORD.search(text, max(0, start - 200), start)
                and not _ASKED_OR_IF.search(text, max(0, start - 60), start) and not ends_in_question(text, end)):
            out[i] = "refund"  # "Cancelled — refund: $20.83"
            continue
        noun = _NOUN_BEFORE.search(text, max(0, start - 24), start) if after is not None else None
        noun = noun or _NOUN_DONE_BEFORE.search(text, max(0, start - 40), start)
        if noun is not None:
            out[i] = "charge" if noun.group("noun").lower() == "charge" else "refund"
        elif (_WILL_GET_BACK.search(text, max(0, start - 24), start) and text[end:end + 8].lower().lstrip().startswith("back")
              or _WILL_BE_CREDITED.search(text, max(0, start - 40), start) or _BACK_TO_YOU.match(text, end)) \
                and not _ASKED_OR_IF.search(text, max(0, start - 60), start) and not proposed(text, end) \
                and not _WOULD.search(text, max(0, start - 30), start):
            # "you'll get $18 back on your card", "your card will be credited $18", "that's $18 back to you": the refund made
            out[i] = "refund"
        elif _GOT_BACK.search(text, max(0, start - 24), start) and (
                "back" in text[max(0, start - 24):start].lower() or text[end:end + 8].lower().lstrip().startswith("back")):
            out[i] = "refund"  # "you got $5 back"
    for i in range(1, len(spans)):
        if out[i] is None and out[i - 1] is not None:
            verb = _AFTER_VERB.match(text, spans[i - 1][1])
            joined = _JOINED.match(text, verb.end() if verb else spans[i - 1][1])
            if joined is not None and joined.end() == spans[i][0] and not (verb and _STAYED.match(text, spans[i][1])):
                out[i] = out[i - 1]
    return out


# round 11: an amount said to be what the order cost or what the customer paid ("It'll cost twenty bucks", "the total
# was $19.73", "Total: $20.00", "you were charged $20", "your service fee was $2.00", "$19.73 was charged"): the order's
# record, which only a tool, the customer or a write backs (never a number of the policy's rules). Not a hedged one
# ("about twenty bucks", "approx. $20"), nor one of a refund or a credit ("total refund: $5").
_PAID_HINTS = ("cost", "charge", "bill", "paid", "payed", "came to", "come to", "comes to", "amount", "total", "set you back", "ran you",
               "fee", "payment")
_PAID_BEFORE = re.compile(
    r"(?i)(?:\b(?:cost(?:s|ed|ing)?|charged|billed|paid|payed|(?:came|comes?)[ \t]{1,3}to|amount(?:ed|s)?[ \t]{1,3}to|totall?ed|set[ \t]{1,3}you"
    r"[ \t]{1,3}back|ran[ \t]{1,3}you|(?:grand[ \t]{1,3}|order[ \t]{1,3})?total|amount[ \t]{1,3}(?:charged|paid|billed))"
    r"|\b(?:your|ur)[ \t]{1,3}(?:[a-z-]{1,14}[ \t]{1,3}){0,2}(?:fee|charge|bill|subtotal|total|payment)s?)"
    r"(?:[ \t]{1,3}(?:you|u|me|was|were|is|are|of|came[ \t]{1,3}to|comes[ \t]{1,3}to|for[ \t]{1,3}(?:it|the[ \t]{1,3}order|this[ \t]{1,3}order)"
    r"|for[ \t]{1,3}(?:order[ \t]{1,3})?#?[A-Z]{1,3}-?\d{3,8}|(?:of|on|for)[ \t]{1,3}(?:your|ur|the)[ \t]{1,3}order|uh|um|er"
    r"|exactly|just|only|in[ \t]{1,3}total|all[ \t]{1,3}in))*[ \t]{0,3}[\"'*_`]{0,2}[ \t]{0,3}(?:[:=]|->|\u2192)?[ \t]{0,3}[\"'*_`]{0,2}[ \t]{0,3}$")
_PAID_AFTER = re.compile(r"(?i)[ \t\u00a0)]{0,3}(?:(?:was|were|has[ \t]been|had[ \t]been)[ \t]{1,3})?(?:charged|billed|paid)\b"
                         r"|[\"'*_`]{0,2}[ \t\u00a0)]{1,3}(?:in[ \t]{1,3}total|all[ \t]{1,3}in|all[ \t]{1,3}told"
                         r"|total\b(?![ \t]{1,3}(?:refund|credit|back|compensation|reimbursement)))")
_HEDGED = re.compile(r"(?i)(?:\b(?:about|around|roughly|approx\.?|approximately|nearly|almost|some|like|under|over|circa|ca\.|up[ \t]to|at[ \t]most"
                     r"|no[ \t]more[ \t]than|max(?:imum)?|cap|limit)|~)[ \t]{0,3}$")


# a part of a sum after an amount paid: "Charged: $20.29 = food $16.48 + delivery $2.99 + tip $1.00"
_SUM_JOIN = re.compile(r"(?i)[ \t]{0,3}(?:=|\+|plus|incl\.?|including|made[ \t]up[ \t]of|being|:)[ \t]{0,3}(?:[a-z][a-z.\- ]{0,18}[ \t]{0,3}[:=]?[ \t]{0,3})?\Z")


def paid_flags(text: str, spans: Sequence[Tuple[int, int]]) -> List[bool]:
    """For each amount (start, end) of ``text``: whether the words say it is what the order cost
    or what the customer was charged or paid (see ``_PAID_BEFORE``), not hedged."""
    if not spans:
        return []
    low = text.lower()
    if not any(h in low for h in _PAID_HINTS):
        return [False] * len(spans)
    out: List[bool] = []
    for start, end in spans:
        if not any(h in low[max(0, start - 64):end + 24] for h in _PAID_HINTS) and not (out and out[-1]):
            out.append(False)
            continue
        before = text[max(0, start - 64):start]
        if _HEDGED.search(before):
            out.append(False)
            continue
        joined = bool(out) and out[-1] and _SUM_JOIN.match(text[spans[len(out) - 1][1]:start]) is not None
        out.append(bool(joined or _PAID_BEFORE.search(before) or _PAID_AFTER.match(text, end)))
    return out


def _first_at(starts: List[int], at: int) -> Optional[int]:
    """The index of the first amount starting at or after ``at``, or None."""
    i = bisect_left(starts, at)
    return i if i < len(starts) else None


def moved(events: Iterable[Any]) -> Dict[str, List[float]]:
    """What each kind of movement moved, write by write, in order: ``money_moved`` events (their
    ``fields``): tau2's ``charged`` and ``refunded``; food delivery's ``amount`` (to the customer)."""
    out: Dict[str, List[float]] = {"charge": [], "refund": []}
    for fields in events:
        charged, refunded, amount = fields.get("charged"), fields.get("refunded"), fields.get("amount")
        if _number(charged):
            out["charge"].append(round(float(charged), 2))
        if _number(refunded):
            out["refund"].append(round(float(refunded), 2))
        if _number(amount) and charged is None and refunded is None:
            out["refund"].append(round(float(amount), 2))
    return out


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and v != 0


def _runs(values: List[float]) -> List[float]:
    """Each value and the sum of every contiguous run of them (at most 12 long)."""
    out: List[float] = []
    for i in range(len(values)):
        total = 0.0
        for v in values[i:i + 12]:
            total += v
            out.append(round(total, 2))
    return out


_PAST = {"charge": "charged", "refund": "refunded"}  # the evidence's word for each direction


def _money(values: List[float]) -> str:
    return " and ".join(f"${v:,.2f}" for v in values)


def done_verdict(kind: str, value: float, pools: Dict[str, List[float]], said: str) -> Optional[str]:
    """None when the writes of ``pools`` (``moved``) back ``value`` said (``said``) to be moved
    as ``kind``, else why not."""
    same, other = pools.get(kind) or [], pools.get("refund" if kind == "charge" else "charge") or []
    if same:
        if any(abs(value - v) <= 0.005 + 1e-9 for v in _runs(same)) or value == 0:
            return None
        return f"agent stated {said!r} as {_PAST[kind]}; the writes before moved {_money(same)} that way"
    if other and any(abs(value - v) <= 0.005 + 1e-9 for v in _runs(other)):
        return f"agent stated {said!r} as {_PAST[kind]}; the writes before moved it the other way"
    return None


# round 12: what the customer would get is a proposal ("you'd get $45.13 back on your PayPal. Shall I go ahead?")
_WOULD = re.compile(r"(?i)\b(?:you|u)(?:['’]d|[ \t]would|[ \t]could|[ \t]might)[ \t]{1,3}(?:[a-z]{2,12}[ \t]{1,3}){1,2}$")
def _bare(said: str, verb: str) -> bool:
    """Whether a verb of a write is said bare: no auxiliary or adverb with it ("Refunded", "$5 refunded")."""
    return said.strip(" \t\u00a0).!?:;\n*\u2022\u2014\u2013-").lower() == verb.lower()
