"""Where the policy's late-delivery compensation starts, as a message states it in a sentence of
its own (SPEC §10 statements; ``fact_claims``'s ``late_threshold``), beyond the fixed phrasings
``fact_claims`` reads: a sentence that names compensation (compensation, a refund, a credit,
money or anything back, the delivery fee; qualifying, eligible, entitled) and lateness (late,
a delay, overdue; compensation itself), and a lateness figure said as where it starts:

- a cue before the figure: "after 45 minutes", "at least half an hour late", "from 25 minutes
  late", "at the 10-minute mark", "once it's 20 minutes late", "more than 10 minutes late",
  "under a quarter of an hour" (below it: none);
- or after it: "20+ minutes", "5 minutes or more", "10 minutes and up";
- or a range of minutes: "15-29 minutes late" (its first); or a cue after it naming the compensation ("20 minutes
  before any compensation applies", round 14);
- a record's "Threshold: 10" with no unit where the record counts lateness by the minute ("Minutes late: 5", round 14).

Value: the minutes; where the figure's part of the sentence names the second tier (20% of the
subtotal, "plus"), ("percent", minutes): where that tier starts ("30+ minutes: the fee plus 20%"),
and so is a figure below which the fee alone is given ("under 30 minutes late, only the fee");
below a figure nothing given: compensation starts there. Not read: a sentence about the order's
own lateness in the past tense ("it was over 30 minutes late, so ...": ``minutes_late``), a
negated figure.
Every pattern is compiled once, linear on untrusted text (bounded repeats only).
"""

from __future__ import annotations

import re
from typing import Any, List, Optional, Tuple

from tau_shaped.reward.reading.negation import Negations
from tau_shaped.reward.reading.refund_timings import N, count
from tau_shaped.reward.reading.lazy_patterns import lazy

__all__ = ["late_thresholds", "second_tier_after"]

# round 10: a share of the food given ("you'd also get 20% of the food") is the late table's second tier: compensation,
# and for lateness (the policy gives a share of the food for nothing else; 5% of it is the service fee, charged)
_SHARE = r"(?<![0-9.])(?!5[ \t]?%|5[ \t]per)[0-9]{1,3}[ \t]?(?:%|percent|per[ \t-]cent)[ \t]{1,3}of[ \t]{1,3}(?:the|your)[ \t]{1,3}(?:food|subtotal|meal)"
# round 12: a ticket's "threshold" (the policy's one threshold by the minute is where compensation starts: "Late: 20 min /
# threshold 10 min", "Comp.: n/a (threshold 10 min)")
_COMP = re.compile(r"(?i)\b(?:compensat\w*|refund(?:s|ed)?|credit(?:s|ed)?|money[ \t]back|(?:any|no)thing[ \t]back|(?:delivery[ \t])?fee|reimburs\w*|qualif\w*"
                   r"|eligible|entitled|threshold)\b|" + _SHARE)
# lateness said in the sentence, or compensation (the policy's only compensation by the minute is for lateness)
_LATENESS = re.compile(r"(?i)\blate(?:ness)?\b|\bdelay|\boverdue\b|\bbehind\b|\bcompensat|\bthreshold\b|" + _SHARE)
_SENTENCE = re.compile(r"[^.!?\n]{1,400}")  # a sentence or a list line (a "." inside "1.5" ends it: no figure there)
_FIGURE = re.compile(
    rf"(?i)(?<![\w.])(?:(?P<n>{N})(?:[ \t]{{0,2}}(?P<range>-|–|—|to)[ \t]{{0,2}}{N})?(?P<plus>[ \t]{{0,2}}\+|[ \t]{{1,2}}or[ \t]more)?[ \t-]{{1,2}}"
    r"(?:minutes?|mins?)\b(?:[ \t-]{1,2}mark\b)?"
    r"|(?P<quarter>(?:a[ \t])?quarter[ \t]of[ \t]an[ \t]hour)|(?P<half>half[ \t]an[ \t]hour)|(?P<hour>an[ \t]hour))")
_BEFORE = re.compile(r"(?i)\b(?:at[ \t]least|from|after|over|more[ \t]than|beyond|past|once|at[ \t]the|starting[ \t](?:at|from)"
                     r"|(?:starts?|begins?|kicks?[ \t]in|applies)[ \t]{1,3}(?:only[ \t]{1,3})?at"  # round 15: "starts at half an hour"
                     r"|upwards[ \t]of|under|below|less[ \t]than|(?:is|are|be|runs?|gets?)(?:[ \t]at[ \t]least)?)(?:[ \t]{1,3}the)?[ \t]{1,3}$"
                     r"|\bthreshold(?:[ \t]{1,2}(?:is|of|at)|[ \t]{0,2}[:=])?[ \t]{1,3}$")
_AFTER = re.compile(r"(?i)[ \t]{0,2}(?:late[ \t]{1,3})?(?:or[ \t](?:more|longer|later)|and[ \t](?:up|over|above|beyond)"
                    r"|before[ \t]{1,3}(?:any(?:thing)?[ \t]{1,3})?(?:is[ \t]{1,3})?(?:compensation|refund(?:s|ed)?|credit(?:s|ed)?|money"
                    r"|paid|given))\b")  # round 14: "20 minutes before any"
# round 14: a record's threshold key with no unit ("Minutes late: 5 / Threshold: 10"): minutes, in a record of lateness by the minute
_BARE_KEY = re.compile(r"(?im)(?:^|\|)[ \t*_-]{0,4}(?:comp(?:ensation)?\.?[ \t]{1,2})?threshold[ \t*_]{0,3}[:=][ \t*_]{0,3}(?P<n>[0-9]{1,3})"
                       r"(?![0-9.,:%$])[ \t]*(?:$|\|)")  # a line's key, or a cell's ("... | Threshold: 10 | ...")
_BY_THE_MINUTE = re.compile(r"(?i)\bmin(?:ute)?s?[ \t]{1,2}late\b|\blate[ \t]{0,2}\((?:min|minutes|mins)\)")
_THIS_ORDER = re.compile(r"(?i)\b(?:was|were|arrived|came|showed[ \t]up|got[ \t]there|ran)\b")
_SECOND_TIER = lazy(r"(?i)%|percent|per[ \t-]cent|\bplus\b", needs=('%', 'cent', 'percent', 'plus'))
_JOINT = lazy(r"(?i);|,[ \t]{0,2}(?:and|but|while|whereas)\b|[ \t](?:but|whereas|while)\b", needs=(';', 'and', 'but', 'whereas', 'while'))
_BELOW = lazy(r"(?i)(?:under|below|less[ \t]than)\b", needs=('below', 'less', 'under'))
_NOTHING = re.compile(r"(?i)\b(?:no|none|nothing|not|neither|nor|apolog\w*)\b|n['’]t\b")  # round 16: "neither the fee nor ..."
_FEE = re.compile(r"(?i)\bfee\b")
_HINTS = ("compensat", "refund", "credit", "back", "reimburs", "qualif", "eligible", "entitled", "fee", "%", "percent", "per cent", "per-cent",
          "threshold")


def _minutes(m: "re.Match[str]") -> Optional[float]:
    if m.group("n"):
        return count(m.group("n"))
    return 15.0 if m.group("quarter") else 30.0 if m.group("half") else 60.0


def late_thresholds(text: str, negated: Negations, low: Optional[str]) -> List[Tuple[Any, str, int]]:
    """Each (minutes, words, start) said to be where compensation starts, or (("percent", minutes), words,
    start) where the tier that adds a percentage of the subtotal does (see the module docstring)."""
    if low is not None and (not any(h in low for h in _HINTS) or ("min" not in low and "hour" not in low)):
        return []
    out: List[Tuple[Any, str, int]] = []
    if "hreshold" in text and _BY_THE_MINUTE.search(text):
        out.extend((float(m.group("n")), m.group(0).strip(), m.start("n")) for m in _BARE_KEY.finditer(text) if not negated(m.start("n")))
    for s in _SENTENCE.finditer(text):
        lo, hi = s.span()
        if not _COMP.search(text, lo, hi) or not _LATENESS.search(text, lo, hi):
            continue
        this_order = _THIS_ORDER.search(text, lo, hi)
        figures = list(_FIGURE.finditer(text, lo, hi))[:16]  # a bound on untrusted text
        for k, m in enumerate(figures):
            if this_order and any(not _aside(text, lo, o.start()) and not _supposed(text, o)
                                  for o in _THIS_ORDER.finditer(text, *_clause(text, lo, hi, m.start()))):
                continue  # round 10b: "it arrived 5 minutes late; refunds only apply after half an hour": the order's clause only
            before = _BEFORE.search(text, max(lo, m.start() - 24), m.start())
            cue = m.group("range") or m.group("plus") or before or _AFTER.match(text, m.end(), hi)
            n = _minutes(m)
            if n is None or negated(m.start(), value=True):
                continue
            # what the figure's part of the sentence gives: from the figure before it to the next one
            part = (figures[k - 1].end() if k else lo, figures[k + 1].start() if k + 1 < len(figures) else hi)
            joint = _JOINT.search(text, m.end(), part[1])  # "..., and those 30 or more minutes late get ...": another part
            opened = [j.end() for j in _JOINT.finditer(text, part[0], m.start())][-1:]
            part = (opened[0] if opened else part[0], joint.start() if joint else part[1])
            percent = _SECOND_TIER.search(text, *part) is not None
            if not cue:  # round 17 (AT): what an order late by a supposed figure gets ("Had it been 10 minutes late, you'd
                # have got the fee back"): ("at", tier, minutes), the tier of the table at that lateness
                if _SUPPOSING.search(text, max(lo, m.start() - 40), m.start()) and _LATE_AFTER.match(text, m.end()):
                    tier = "percent" if percent else "none" if _NOTHING.search(text, *part) else "fee" if _COMP.search(text, *part) else None
                    out.extend([(("at", tier, n), m.group(0), m.start())] if tier else [])
                continue
            if before is not None and _BELOW.match(before.group(0)):  # "under 30 minutes late: only the fee"
                if _NOTHING.search(text, *part):
                    out.append((n, m.group(0), m.start()))  # below it nothing: compensation starts there
                elif _FEE.search(text, *part) and not percent:
                    out.append((("percent", n), m.group(0), m.start()))  # below it the fee alone: the percent tier's start
                continue
            out.append(((("percent", n) if percent else n), m.group(0), m.start()))
    return out


# round 15: the order's lateness supposed ("Were your order 20 minutes late or more, ...", "if it was 20 minutes late"): the
# rule it states is read, as of any order
_SUPPOSED = re.compile(r"(?i)(?:\b(?:if|suppose|supposing|assuming)[ \t]{1,3}(?:it|the[ \t]order|your[ \t]order|FD-?\d+)[ \t]{1,3}$)")
_WERE_FIRST = re.compile(r"(?i)were[ \t]{1,3}(?:it|the[ \t]order|your[ \t]order|FD-?\d+)\b")


_SUPPOSING = re.compile(r"(?i)(?:\b(?:had|were)[ \t]{1,3}(?:it|the[ \t]order|your[ \t]order|FD-?\d+|they)(?:[ \t]{1,3}been)?"
                        r"|\bif[ \t]{1,3}(?:it|the[ \t]order|your[ \t]order|FD-?\d+|an[ \t]order|they)(?:['’]d|[ \t]{1,3}(?:was|were|is|had|has|comes?|arrives?|arrived|came))?"
                        r"(?:[ \t]{1,3}been)?|\bat|\ban[ \t]{1,3}order|\borders)[ \t]{1,3}(?:only[ \t]{1,3}|just[ \t]{1,3})?$")
_LATE_AFTER = re.compile(r"(?i)[ \t]{0,2}(?:late|overdue|behind)\b")


def _supposed(text: str, o: "re.Match[str]") -> bool:
    """Whether the verb ``o`` of the order's lateness is a supposition's ("if it was", "were your order")."""
    return (_SUPPOSED.search(text, max(0, o.start() - 30), o.start()) is not None
            or (o.group(0).lower() == "were" and _WERE_FIRST.match(text, o.start()) is not None))


def _aside(text: str, lo: int, at: int) -> bool:
    """Whether ``at`` is inside a parenthesis opened after ``lo`` ("... late (as yours was) is compensated": round 12, the
    order named in an aside, the sentence still the policy's)."""
    opened = text.rfind("(", lo, at)
    return opened >= 0 and text.find(")", opened, at) < 0


_HARD_JOINT = re.compile(r";|[ \t][\u2014\u2013-]{1,2}[ \t]|\u2014")


def _clause(text: str, lo: int, hi: int, at: int) -> Tuple[int, int]:
    """The part of the sentence ``lo``..``hi`` around ``at`` between ";" or a dash."""
    start = lo
    for j in _HARD_JOINT.finditer(text, lo, at):
        start = j.end()
    end = _HARD_JOINT.search(text, at, hi)
    return start, (end.start() if end else hi)


def second_tier_after(text: str, at: int) -> bool:
    """Whether the part of the sentence after ``at`` (to its end or the next joint) names the second tier
    ("... get the delivery fee plus 20%"): a figure before it says where that tier starts."""
    end = _SENTENCE.match(text, at)
    hi = end.end() if end else at
    joint = _JOINT.search(text, at, hi)
    return _SECOND_TIER.search(text, at, joint.start() if joint else hi) is not None
