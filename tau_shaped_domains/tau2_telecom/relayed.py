"""Who a telecom statement is of, and whose words it relays (round 18 of issue 41, styles BB and BG), read before
``asserted``'s patterns:

- **relayed from a record**: what the agent reads out of the carrier's system, records or network team is the agent's
  statement: "Our system reports 'B1234321: PAID'", "Per the network team: 'line L1002 reactivated'" say the bill paid
  and the line resumed. The frame is read as the start of a line and the quotation marks around what it relays are
  dropped (a field, "B1234321: PAID", then reads as one); words that follow in plain words are read in them. The
  customer's words and a rule's stay reported
  (``asserted._reported``).
- **an arrow after a record's id** is its field's separator: "B1234321 -> PAID" reads "B1234321: PAID".
- **the carrier's people**: "They have resumed L1002", "The network team has added 2 GB" report the act done, as "we
  have" does; who "they" are, said in brackets ("They (the network team) have ..."), and an annotation of a field's key
  ("Bill B1234321 (USD 45,00): paid") are read past.
- **someone else's**: a statement of another person's bill, line or request ("Your neighbour's bill is paid", "The
  previous customer's payment request was sent") says nothing of this customer's (``someone_elses``).
"""

from __future__ import annotations

import re

__all__ = ["relayed_read", "someone_elses"]

_Q_OPEN = "'\u2018\"\u201c"
_Q_CLOSE = {"'": "'\u2019", "\u2018": "'\u2019", '"': '"\u201d', "\u201c": '"\u201d'}
_SOURCE = (r"(?:system|records?|account|billing(?:[ ]system)?|network(?:[ ]team)?|database|dashboard|tool|screen|"
           r"(?:tech(?:nical)?|billing|support|network)[ ](?:team|department))")
_FRAME = re.compile(r"(?i)(?:\b(?:(?:our|the|my)[ ]+)?" + _SOURCE + r"[ ]+(?:reports?|says|shows?|reads?|states?|lists?|confirms?)"
                    r"(?:[ ]+that)?[ \t]*:?|\bper[ ]+(?:the[ ]+|our[ ]+)?" + _SOURCE + r"[ \t]*[:,])[ \t]*(?P<q>[" + _Q_OPEN + r"])?")
_FIELD_NEXT = re.compile(r"[ \t]*[\w#][\w# ()/$.,-]{0,40}:[ \t]*\S")  # a field follows ("B1234321: PAID")
_ARROW_FIELD = re.compile(r"(?<![\w-])([BL][0-9]{3,12})[ \t]*(?:->|\u2192|=>)[ \t]*(?=[A-Za-z])")
_KEY_NOTE = re.compile(r"[ \t]+\([^()\n]{1,40}\)(?=[ \t]*:)")
_THEY_WHO = re.compile(r"(?i)(?<=\bthey)[ \t]+\([^()\n]{1,40}\)")
_DONE_VERB = (r"(?:just[ ]|now[ ]|already[ ]|successfully[ ])?(?:resumed|reactivated|restored|unsuspended|re-?activated|enabled"
              r"|activated|turned[ ]on|switched[ ]on|added|refuel(?:l)?ed|topped[ ]up|sent|lifted)\b")
_CARRIER_DID = re.compile(r"(?i)\b(?:they|(?:the|our)[ ](?:network|tech(?:nical)?|billing|support|engineering)[ ](?:team|department))"
                          r"(?:['\u2019]ve|[ ]have|[ ]has)[ ](?=" + _DONE_VERB + ")")
_HINTS = ("system", "record", "account", "billing", "network", "database", "dashboard", "tool", "screen", "team",
          "department", "per ")
_OTHERS = re.compile(
    r"(?i)\b(?:(?:another|other|previous|last|next|different)[ ](?:customer|caller)|neighbou?r|wife|husband|partner|friend"
    r"|son|daughter|mum|mom|dad|father|mother|brother|sister|colleague|roommate|flatmate|boss|someone[ ]else"
    r"|somebody[ ]else)(?:['\u2019]s|s['\u2019])"
    r"[ ]+(?:[\w-]+[ ]+){0,2}$")


def relayed_read(text: str) -> str:
    """``text`` with what it relays from a record read as stated, the carrier's people's acts as "we have" done, and
    the brackets naming who or annotating a field's key read past (see the module)."""
    if ">" in text or "\u2192" in text:
        text = _ARROW_FIELD.sub(r"\1: ", text)  # round 18 (BE): "B1234321 -> PAID" is the field "B1234321: PAID"
    if "(" in text:
        text = _THEY_WHO.sub("", _KEY_NOTE.sub("", text))
    low = text.lower()
    if "they" in low or "team" in low or "department" in low:
        text = _CARRIER_DID.sub("we have ", text)
    if not any(h in low for h in _HINTS):
        return text
    out, at = [], 0
    for m in _FRAME.finditer(text):
        if m.start() < at or not (m.group("q") or _FIELD_NEXT.match(text, m.end())):
            continue  # what follows in plain words is read in them ("Your account shows no outstanding balance")
        out.append(text[at:m.start()] + "\n")
        at = m.end()
        if m.group("q"):
            close = next((i for i in range(at, min(len(text), at + 200)) if text[i] in _Q_CLOSE[m.group("q")]
                          and (i + 1 == len(text) or not text[i + 1].isalnum())), None)
            if close is not None:
                out.append(text[at:close])
                at = close + 1
    return "".join(out) + text[at:] if out else text


def someone_elses(text: str, lo: int, start: int) -> bool:
    """Whether the match at ``start`` (its sentence opening at ``lo``) is said of another person's record: a possessive
    of someone else within three words before it ("Your neighbour's bill is paid")."""
    window = text[max(lo, start - 60):start]
    return ("'" in window or "\u2019" in window) and _OTHERS.search(window) is not None
