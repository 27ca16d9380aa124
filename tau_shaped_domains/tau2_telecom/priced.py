"""``{"unconfirmed_tau2": CONFIRMATION}``: ``unconfirmed`` (SPEC §9, §10) on tau2's tool results.

The same form and verdict as ``{"unconfirmed": ...}``, for a write whose result is written by
tau2's ``Environment.to_json_str``, which writes every number of a result as a string
(``refuel_data``: ``{"charge": "4.0", ...}``): each such string of the confirmed tools' results
is read as the number it writes before the confirmation is judged, so a ``mention_result``
field (the price a refuel charges) must be stated as ``unconfirmed`` asks of a number; and an
amount of data the agent says in words ("two gigabytes") is read in figures, and a price said
per GB of the one amount a message states is read as its total too ("2 GB at $2.00 per GB"
states $4.00); an amount after a plus sign is data added ("+2 GB for $4.00?"); a price said as arithmetic is the price
it makes ("$2 x 2", "$1.50 + $2.50": ``reading.amount_arithmetic``). Nothing else is read differently. Registered when the domain package builds its domain (``DOMAIN``).
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import replace
from typing import Any, FrozenSet, Iterable

from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.checks.unconfirmed import Confirmation, _unconfirmed
from tau_shaped.reward.matcher_schema import _Strict
from tau_shaped.reward.reading.amount_arithmetic import arithmetic_read, says_arithmetic
from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.normalize_asides import asides_out

_NUMBER = re.compile(r"-?[0-9]{1,15}(?:\.[0-9]{1,15})?")  # what tau2 writes of a float or int


class Tau2UnconfirmedPredicate(_Strict):
    """``unconfirmed`` with the confirmed tools' numeric strings read as numbers (see the module)."""

    unconfirmed_tau2: Confirmation


def numbers_read(observation: str) -> str:
    """A JSON object's top-level strings that write a number, as numbers (else ``observation``)."""
    if not isinstance(observation, str) or not observation.startswith("{") or len(observation) > 4096:
        return observation
    try:
        value = json.loads(observation)
    except ValueError:
        return observation
    if not isinstance(value, dict):
        return observation
    read = {k: float(v) if isinstance(v, str) and _NUMBER.fullmatch(v) else v for k, v in value.items()}
    return json.dumps(read, ensure_ascii=False)


# An amount of data in words ("two gigabytes", "a GB", "half a gig"): the shared reading
# (``normalize.seen``) writes larger numbers in words as digits and leaves the small ones.
_DATA_WORDS = {"a": 1.0, "an": 1.0, "one": 1.0, "two": 2.0, "three": 3.0, "four": 4.0, "five": 5.0,
               "half a": 0.5, "half of a": 0.5, "a half": 0.5, "one and a half": 1.5, "a couple of": 2.0,
               "a couple": 2.0, "one point five": 1.5}
_DATA_AMOUNT = re.compile(
    r"(?<![\w.])(" + "|".join(re.escape(w).replace(r"\ ", "[ \t\u00a0]+") for w in sorted(_DATA_WORDS, key=len, reverse=True))
    + r")[ \t\u00a0]*(?:-[ \t\u00a0]*)?(gb|gbs|gigabytes?|gigs?)(?![\w])", re.IGNORECASE)


_PRICE_BEFORE = re.compile(r"[0-9](?:[ \t]*(?:dollars?|bucks?|usd))?[ \t]+$", re.IGNORECASE)


def data_in_figures(text: str) -> str:
    """``text`` with each amount of data said in words written in figures ("two gigabytes" ->
    "2 GB", "half a gig" -> "0.5 GB"); the rest kept."""
    if not isinstance(text, str) or len(text) > 8192:
        return text

    def figure(m: "re.Match[str]") -> str:
        said = " ".join(m.group(1).lower().split())
        if said in ("a", "an") and _PRICE_BEFORE.search(text, max(0, m.start() - 16), m.start()):
            return m.group(0)  # "$2 a GB", "2 dollars a gig": a price per GB, not one GB
        return f"{_DATA_WORDS[said]:g} GB"

    text = _GLUED.sub(lambda m: f"{m.group(1)} GB", text)  # round 17 (AW): "2gb on L1002" is "2 GB on L1002"
    return _DATA_AMOUNT.sub(figure, text)


_GLUED = re.compile(r"(?<![\w.$])([0-9]{1,4}(?:\.[0-9]{1,3})?)(?:gb|gbs|gigs?|GB|GBs)(?![\w])", re.IGNORECASE)


# "$2.00 per GB", "$2/GB", "2 dollars a gigabyte": a price per GB; "2 GB", "2.5GB": an amount
_RATE = re.compile(r"\$[ \t]?([0-9]{1,4}(?:\.[0-9]{1,2})?)[ \t]*(?:/|per|a|an|each)[ \t]*(?:gb|gigabytes?|gigs?)(?![\w])"
                   r"|(?<![\w.])([0-9]{1,4}(?:\.[0-9]{1,2})?)[ \t]*dollars?[ \t]*(?:/|per|a|an|each)[ \t]*(?:gb|gigabytes?|gigs?)(?![\w])",
                   re.IGNORECASE)
_GB = re.compile(r"(?<![\w.$/])([0-9]{1,4}(?:\.[0-9]{1,3})?)[ \t]*(?:gb|gigabytes?|gigs?)(?![\w])", re.IGNORECASE)


def with_total(text: str) -> str:
    """``text`` with the total a price per GB makes of the one amount of data it states written
    after the rate ("2 GB at $2.00 per GB" states $4.00: the price confirmed in its unit); the text
    as it is when it states no rate, several rates or several amounts, or another amount in dollars
    than that total said as the total (a total of its own: "$2.00 per GB -- $5.00 in total" states no $4.00;
    "your bill of $65.00" is no total)."""
    if len(text) > 8192:
        return text
    rates = _RATE.findall(text)
    if len(rates) != 1:
        return text
    spans = [m.span() for m in _RATE.finditer(text)]
    amounts = {float(m.group(1)) for m in _GB.finditer(text) if not any(a <= m.start() < b for a, b in spans)}
    if len(amounts) != 1:
        return text
    rate = float(rates[0][0] or rates[0][1])
    total = rate * next(iter(amounts))
    said = [float((m.group(1) or m.group(2)).replace(",", "")) for m in _DOLLARS.finditer(text) if not any(a <= m.start() < b for a, b in spans)
            and (_TOTAL_BEFORE.search(text, max(0, m.start() - 24), m.start()) or _TOTAL_AFTER.match(text, m.end()))]
    if said and all(abs(x - total) > 0.005 for x in said):
        return text  # round 15 (AE): a total of its own stated that the rate does not make ("$2.00 per GB, so $2.00 in total")
    end = spans[0][1]  # round 18: after the rate, not after the text (a closing "shall I add it" keeps its unmarked question)
    return f"{text[:end]} (${total:.2f}){text[end:]}"


_DOLLARS = re.compile(r"(?:\$|usd)[ \t]?([0-9][0-9,]{0,8}(?:\.[0-9]{1,2})?)(?![0-9])"
                      r"|(?<![\w.])([0-9][0-9,]{0,8}(?:\.[0-9]{1,2})?)[ \t]*(?:dollars?|usd|bucks)\b(?![ \t]*(?:/|per|a|an|each)[ \t]*(?:gb|gig))",
                      re.IGNORECASE)
_TOTAL_BEFORE = re.compile(r"(?i)(?:\b(?:total(?:ling|s)?|in[ \t]+all|altogether|overall|comes?[ \t]+to|so|that(?:'s|[ \t]+is))|=)[ \t:,-]*$")
_TOTAL_AFTER = re.compile(r"(?i)[ \t,]*(?:in[ \t]+total|total|in[ \t]+all|altogether|all[ \t]+in|overall)\b")


# "+2 GB", "+ 1.5 gigs": data added, the sign for the verb (round 10 of issue 41)
_PLUS_DATA = re.compile(r"(?<![\w.+])\+[ \t]?([0-9]{1,4}(?:\.[0-9]{1,3})?)[ \t]*(?:gb|gigabytes?|gigs?)(?![\w])", re.IGNORECASE)


def plus_read(text: str) -> str:
    """``text`` with an amount of data after a plus sign read as data added ("+2 GB" -> "add 2 GB")."""
    return _PLUS_DATA.sub(lambda m: f"add {m.group(1)} GB", text) if "+" in text else text


# round 20 (DH; round 19's CH footnotes): a fee said beside the price ("... for $4.00? P.S. there's a $3.00 activation fee
# on top", "*plus a $2.00 service fee", "* price shown before a $1.00 fee") is money the customer is told they pay too:
# the price agreed to is their sum, said after the message as what it comes to. A fee denied, waived, included or
# offered ("no $1.00 fee", "the $1.00 fee is waived", "if you want express, a $1.00 fee") adds nothing.
_FEE = re.compile(r"(?i)\$[ \t]?([0-9]{1,4}(?:\.[0-9]{1,2})?)[ \t]+(?:[a-z-]+[ \t]+){0,2}?(?:fee|surcharge"
                  r"|(?:extra|additional|activation|service|processing|handling)[ \t]+charge)s?\b")
_FEE_OFF = re.compile(r"(?i)\b(?:no|not|waived?|included|including|covered|free|without|if|or|could|might|may|instead)\b|n't\b")
_FEE_END = re.compile(r"[!?\n]|\.(?![0-9])")


def fees_added(text: str) -> str:
    """``text`` with the sum of its price and the fees it says beside it written after it ("It comes to $7.00."), or
    ``text`` itself when it says no fee, or no price before one."""
    if "fee" not in text.lower() and "charge" not in text.lower():
        return text
    fees = []
    ends = [e.start() for e in _FEE_END.finditer(text)] + [len(text)]
    for m in _FEE.finditer(text):
        start = max([e + 1 for e in ends if e < m.start()] or [0])  # the fee's sentence
        stop = min(e for e in ends if e >= m.end())
        if _FEE_OFF.search(text, start, stop) is None:
            fees.append((m.start(), float(m.group(1))))
    if not fees:
        return text
    prices = [float((d.group(1) or d.group(2)).replace(",", "")) for d in _DOLLARS.finditer(text, 0, fees[0][0])]
    if not prices:
        return text
    return f"{text}\nIt comes to ${prices[-1] + sum(f for _, f in fees):.2f}."


def _in_figures(step: Any) -> Any:
    content = step.action.kwargs.get("content") if step.action.name == "respond" else None
    if not isinstance(content, str):
        return step
    said = content
    plus = "+" in content or "\uff0b" in content
    if plus:  # a plus sign before an amount, read as the customer sees it ("+_2 GB_", "+ｔｗｏ ｇｂ")
        content = seen(content)
    if says_arithmetic(content):  # round 19 (CB): "$2 x 2", "$1.50 + $2.50", "half of $4.00": the price each makes
        content = arithmetic_read(content)
    content = fees_added(content)
    if not (plus or _DATA_AMOUNT.search(content) or "gb" in content.lower() or "giga" in content.lower()
            or "gig" in content.lower()):
        return step
    read = with_total(plus_read(data_in_figures(asides_out(content))))  # (round 16: "$5.00 (thanks for waiting) altogether")
    if read == said:
        return step
    return replace(step, action=step.action.model_copy(update={"kwargs": {**step.action.kwargs, "content": read}}))


class _Read:
    """The parts of a run ``unconfirmed`` reads: the confirmed tools' results with numbers read,
    and the agent's amounts of data in words written in figures."""

    __slots__ = ("trajectory", "initial")

    def __init__(self, run: Any, tools: FrozenSet[str]) -> None:
        t = run.trajectory
        self.trajectory = copy.copy(t)  # every attribute kept (scoring may set more than its fields)
        self.trajectory.steps = [replace(s, observation=numbers_read(s.observation)) if s.action.name in tools
                                 else _in_figures(s) for s in t.steps]
        self.initial = run.initial


@register
class Tau2UnconfirmedKind(CheckKind):
    key = "unconfirmed_tau2"
    model = Tau2UnconfirmedPredicate
    event_like = True

    def tools(self, pred: Any) -> Iterable[str]:
        return tuple(pred.unconfirmed_tau2.tools or ())

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        c = pred.unconfirmed_tau2
        if c.tools is None:
            raise ValueError("unconfirmed_tau2 names its tools (tau2's toolkit declares no confirm)")
        tools = frozenset(c.tools)
        return lambda run: _unconfirmed(_Read(run, tools), c)
