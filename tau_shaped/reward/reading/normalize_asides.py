"""Remarks set apart in a message, read as not there (SPEC §10; used by ``normalize.seen``, round 16, AP): a footnote's
mark glued to what it annotates ("$16.90[1]", "25 mins[2]": the mark is no part of the value; the footnote's own line
stays), and an aside in brackets or between dashes that is only a remark of thanks, apology or checking ("(thanks for
waiting)", "-- thanks for your patience --", "(for what it's worth, I've checked it twice)"): every word of it one of
``_REMARK`` and one of them a remark's own (``_ANCHOR``). What such an aside stood between is read together
("10 minutes (thanks for waiting) late" is "10 minutes late"). An aside holding anything else (a digit, a name, a dish,
a negation: "(contains gluten)", "(you paid $19.60)", "(thanks, Mia!)") is left as written: a remark taken out holds no
one's data, so the text a leak is read in (``visible``) loses nothing the hard lines look for."""

from __future__ import annotations

import re

__all__ = ["asides_out"]

_FOOTNOTE_MARK = re.compile(r"(?<=[\w$%.)*`_])\[(?:\d{1,2}|[a-z]|\*{1,3}|\u2020)\](?=[\s.,;:!?)]|$)")
# (what an aside holds has no digit nor dash: an aside between dashes is looked for at each dash, "$15.90 -- typo: $47.26
# -- thanks for your patience --" holds one, after the amount)
# (round 19: a spaced hyphen as the dash, "10 minutes - thanks for your patience - late", an en dash read as one)
_ASIDE = re.compile(r"[ \t\u00a0]*(?:\(([^()\n\d$€£]{3,90})\)|(?:[\u2014\u2013]|--|(?<=[ \t\u00a0])-(?=[ \t\u00a0]))[ \t\u00a0]*"
                    r"((?:(?!--|[ \t\u00a0]-[ \t\u00a0])[^\u2014\u2013\n\d$€£]){3,90}?)[ \t\u00a0]*"
                    r"(?:[\u2014\u2013]|--|(?<=[ \t\u00a0])-(?=[ \t\u00a0]|$))(?!-))")
_REMARK = frozenset(
    "thanks thank you for your the waiting wait patience bearing with me us i i've ive have has double-checked double "
    "checked checking check this that it twice again what it's its worth as discussed promised just so know fyi sorry "
    "apologies apologise apologize about delay all really very much so a lot appreciate appreciated it hope helps once "
    "and of course ok okay still today by way btw "
    # round 17 (AW): texting in the remark ("-- thx for ur patience --", "(ty 4 waiting)", "(sry abt the delay)")
    "thx thnx tx ty tysm ur u 4 sry soz abt pls".split())
_ANCHOR = frozenset("thanks thank patience waiting bearing double-checked checked worth discussed fyi sorry apologies "
                    "apologise apologize appreciate appreciated thx thnx tysm sry soz".split())
_WORDS = re.compile(r"[a-z][a-z'’-]*")


def _remark(m: "re.Match[str]") -> str:
    inner = (m.group(1) or m.group(2) or "").lower().replace("\u2019", "'")
    if re.search(r"[\d$€£@#]", inner):
        return m.group()
    words = _WORDS.findall(inner)
    if len(words) < 2 or not all(w in _REMARK for w in words) or not any(w in _ANCHOR for w in words):
        return m.group()
    # round 19: a space where the aside stood keeps the words around it apart ("C U R R I E S (thanks) U LIKE" is no one
    # spelled word "CURRIESU"); ``normalize._spelled`` reads the run of spaces as one
    return " " if m.group()[:1] in " \t\u00a0" else ""


def asides_out(text: str) -> str:
    """``text`` with footnote marks and remark asides taken out (see the module docstring)."""
    if "[" in text:
        text = _FOOTNOTE_MARK.sub("", text)
    if "(" in text or "\u2014" in text or "\u2013" in text or "--" in text or " - " in text:
        text = _ASIDE.sub(_remark, text)
        if text.count("\u2014") + text.count("\u2013") + text.count("--") + text.count(" - ") >= 3:
            text = _dash_asides(text)
    return text


_DASH = re.compile(r"[\u2014\u2013]|--(?!-)|(?<=[ \t\u00a0])-(?=[ \t\u00a0])")


def _dash_asides(text: str) -> str:
    """Round 19: an aside between dashes whose opening dash closed a longer span that was no remark ("fifteen minutes --
    sorry, I misspoke: half an hour -- thx for ur patience -- late"): each dash left tried as an aside's opening."""
    parts, last = [], 0
    for d in _DASH.finditer(text):
        if d.start() < last:
            continue
        m = _ASIDE.match(text, d.start())
        if m is not None and m.group(2) is not None and _remark(m) == "":
            parts.append(text[last:m.start()])
            last = m.end()
    return "".join(parts) + text[last:] if parts else text
