"""``{"policy_figures": [{"about": [WORDS], "unit": "minutes" | "km", "near": [WORDS], "values": [N, ...]}, ...]}``: an
agent message giving a figure of a policy rule other than the policy's (wiki.md, How you work: "Every price, time,
amount or rule you state comes from the customer, a tool or this policy"; Fees: "A delivery-fee quote ... is valid for
15 minutes"; Couriers: "every courier who is available ... within 8 km of the restaurant"). Round 17 audit: "A
delivery-fee quote stays valid for 30 minutes" and "any courier within 20 km of the restaurant" were read by no rule.

A figure is read in a sentence holding one of the rule's ``about`` words: "N minutes" ("mins", "min"), "half an
hour", "an hour", "N hours" for minutes; "N km" ("kilometres", "kilometers") for km, with one of the ``near`` words
beside it for the figure to be the rule's ("within 20 km of the restaurant", "an 8 km radius"; "the restaurant is
20 km from you" is a distance, not the rule's). A figure taken back at once for another ("15 -- sorry, 10 minutes")
is the other; one supposed ("if the quote had been valid for 30 minutes") states nothing. Registered when the domain
package is imported, before its rule file is read.
"""

from __future__ import annotations

import re
from typing import Any, Dict, Iterable, List, Optional, Tuple

from pydantic import Field
from typing_extensions import Literal

from tau_shaped.reward.checks.finding import Finding, violations
from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.matcher_schema import _Strict
from tau_shaped.reward.reading.message_looks import holds_any, look
from tau_shaped.reward.reading.normalize import seen

_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?](?![0-9])|$)")
_NUMBER = r"(?P<n>[0-9]{1,3}(?:\.[0-9])?)"
_MINUTES = re.compile(rf"(?<![\w.]){_NUMBER}[ \t]{{0,2}}(?P<u>minutes?|mins?|hours?|hrs?)\b|\b(?P<half>half[ \t]{{1,3}}an[ \t]{{1,3}}hour)\b"
                      r"|\b(?:an|one)[ \t]{1,3}(?P<hour>hour)\b", re.IGNORECASE)
_KM = re.compile(rf"(?<![\w.]){_NUMBER}[ \t]{{0,2}}(?:km|kms|kilomet(?:er|re)s?)\b", re.IGNORECASE)
# "15 -- sorry, 10 minutes": a bare number taken back right before the figure
_TAKEN_BACK = re.compile(r"(?<![\w.])[0-9]{1,3}(?:\.[0-9])?[ \t]*(?:-{1,2}|[\u2013\u2014,])?[ \t]*(?:sorry|i[ \t]mean|correction|actually|my[ \t]mistake)"
                         r"[ \t,:;\-\u2013\u2014]{0,4}$", re.IGNORECASE)
_SUPPOSED = re.compile(r"(?i)\b(?:if|unless|suppose|had[ \t]{1,3}been|would[ \t]{1,3}have|could[ \t]{1,3}have)\b")
_KEPT_TEXT = 4096  # a message up to this long has its reading kept (per compiled check; a task's rollouts repeat them)
_KEPT_MOST = 4096  # messages kept at most; full, all are forgotten at once
_UNREAD: Any = object()


class Figure(_Strict):
    about: List[str] = Field(min_length=1)
    unit: Literal["minutes", "km"]
    near: List[str] = Field(default_factory=lambda: [])
    values: List[float] = Field(min_length=1)


class PolicyFiguresPredicate(_Strict):
    """Holds at each agent message giving a figure of one of the rules listed other than its ``values``."""

    policy_figures: List[Figure] = Field(min_length=1)


def _figures(sentence: str, unit: str) -> List[Tuple[float, int, int]]:
    out = []
    if unit == "km":
        for m in _KM.finditer(sentence):
            out.append((float(m.group("n")), m.start(), m.end()))
        return out
    for m in _MINUTES.finditer(sentence):
        if m.group("half"):
            value = 30.0
        elif m.group("hour"):
            value = 60.0
        else:
            value = float(m.group("n")) * (60.0 if m.group("u").lower().startswith("h") else 1.0)
        out.append((value, m.start(), m.end()))
    return out


def misstated(text: str, figure: Figure) -> Optional[str]:
    """The words of the first figure of ``figure``'s rule ``text`` gives other than its values, or None."""
    read = seen(text[:8192]) or ""
    return _misstated(read, figure) if _may_state(read, figure) else None


def _may_state(read: str, figure: Figure) -> bool:
    """Whether ``read`` may give a figure of the rule (``message_looks``, one look per message): every
    figure needs an ASCII digit or, in minutes, "hour" ("half an hour"), and its sentence one of the
    rule's ``about`` words (when they are ASCII: a word in a sentence lower-cased is then in the whole
    text lower-cased)."""
    seen_ = look(read)
    if not seen_.digit and (figure.unit == "km" or "hour" not in seen_.low):
        return False
    return not all(w.isascii() for w in figure.about) or holds_any(seen_.low, figure.about)


def _misstated(read: str, figure: Figure) -> Optional[str]:
    for m in _SENTENCE.finditer(read):
        sentence = m.group()
        low = sentence.lower()
        if not any(w in low for w in figure.about) or _SUPPOSED.search(sentence):
            continue
        for value, start, end in _figures(sentence, figure.unit):
            if figure.near and not any(w in low[max(0, start - 24):end + 24] for w in figure.near):
                continue
            if any(abs(value - v) < 1e-9 for v in figure.values):
                continue
            if _TAKEN_BACK.search(sentence, 0, start) is None and _later_figure(sentence, end, figure.unit):
                continue  # (a figure taken back for the next is read as the next)
            return sentence.strip()[:160]
    return None


def _later_figure(sentence: str, end: int, unit: str) -> bool:
    """Whether the figure ending at ``end`` is taken back for a next one ("15 minutes -- sorry, 10 minutes")."""
    rest = sentence[end:end + 24].lower()
    return any(w in rest for w in ("sorry", "i mean", "correction", "my mistake")) and bool(_figures(sentence[end:], unit))


@register
class PolicyFiguresKind(CheckKind):
    key = "policy_figures"
    model = PolicyFiguresPredicate
    event_like = True

    def tools(self, pred: Any) -> Iterable[str]:
        return ()

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        figures = list(pred.policy_figures)
        kept: Dict[str, Optional[Tuple[str, Figure]]] = {}  # a short message's reading: a task's rollouts repeat them

        def first_misstated(text: str) -> Optional[Tuple[str, Figure]]:
            for figure in figures:
                said = misstated(text, figure)
                if said is not None:
                    return said, figure
            return None

        def check(run: Any) -> Finding:
            hits: List[Tuple[int, str]] = []
            for index, text in run.agent_messages():
                if not isinstance(text, str):
                    continue
                if len(text) > _KEPT_TEXT:
                    found = first_misstated(text)
                else:
                    found = kept.get(text, _UNREAD)
                    if found is _UNREAD:
                        if len(kept) >= _KEPT_MOST:
                            kept.clear()
                        found = kept[text] = first_misstated(text)
                if found is not None:
                    said, figure = found
                    hits.append((index, f"agent said {said!r}: the policy's figure is {figure.values[0]:g} {figure.unit}"))
            return violations(hits, "every figure of a policy rule said is the policy's")

        return check
