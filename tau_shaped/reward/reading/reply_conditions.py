"""The conditions a customer's reply puts on the described call (SPEC §10 replies): "yes if it goes to my card", "only if it's
under five dollars", "go ahead, unless it's over $15", "yes, $17 max" (an amount under a bound is a condition without "if"),
checked against the call: "met", "unmet", "unknown" (nothing that can be checked, or a value wanted if it can be had:
"unless you can do a gift card"), or None. A supposition contrary to fact ("if I'd known ..., I'd have asked sooner") puts
no condition on the call."""

from __future__ import annotations

import re
from typing import List, Optional

from tau_shaped.reward.reading.reply_clauses import PAD, W, clauses, sentences, words
from tau_shaped.reward.reading.reply_values import Described, compare, values_in
from tau_shaped.reward.reading.value_bounds import bound_at
from tau_shaped.reward.reading.lazy_patterns import lazy

__all__ = ["CONDITION", "bounded_condition", "condition"]

CONDITION = lazy(rf"^\W{{0,8}}{PAD}(?:(?:but|and|yes|ok|okay|sure|only){W})?(?P<word>" + words(
    "if", "as long as", "so long as", "provided", "providing", "assuming", "only if", "unless", "on condition",
    "given") + r"|(?:up\s+to|no\s+more\s+than|at\s+most)(?=\W{0,3}(?:us\s*|usd\s*)?[$€£\d]))", re.IGNORECASE, needs=('assuming', 'condition', 'given', 'if', 'long', 'more', 'most', 'only', 'provided', 'providing', 'unless', 'up'))  # (round 16: "up to $9 is fine")
_FRAME = re.compile(r"(?<![\w'])(?:to|on|onto|into|in|via|as|it's|it\s+is|that's|that\s+is|goes|go|going|lands)(?![\w'])"
                    r"|[$€£]|\d", re.IGNORECASE)


_COUNTERFACTUAL = re.compile(r"\W+(?:i|we)(?:'d|\s+had)\s+(?:known|realized|realised|thought|seen|heard|been\s+told)(?![\w'])",
                             re.IGNORECASE)
_ABLE = re.compile(r"(?<![\w'])(?:you\s+(?:can|could|are\s+able\s+to)|(?:it'?s|it\s+is)\s+possible|possible\s+to)(?![\w'])", re.IGNORECASE)


def condition(first: str, stated: Described) -> Optional[str]:
    """The conditions on the first line, checked against the described call: "unmet" (a value
    named the call does not act with; "unless" the one it does), "unknown" (nothing that can be
    checked: "if it's today"), "met", or None (no condition)."""
    found = []
    for s in sentences(first):
        parts = clauses(s)
        # how the values named in parts[i:] compare, for each i (each clause read once: linear)
        rank = (None, "same", "unknown", "differs")
        suffix: List[Optional[str]] = [None] * (len(parts) + 1)
        for i in range(len(parts) - 1, -1, -1):
            here = compare(list(values_in(parts[i])), stated)
            suffix[i] = max(here, suffix[i + 1], key=rank.index)
        opened = [CONDITION.search(c) for c in parts]  # round 17: an amount under a bound is one without "if" ("yes, $17 max")
        opened = [None if m is not None and m.group("word").lower() == "if" and _COUNTERFACTUAL.match(c, m.end()) else m
                  for c, m in zip(parts, opened)]  # round 17 (AT): "if I'd known ..., I'd have asked sooner" puts no condition
        for i, (c, m) in enumerate(zip(parts, opened)):
            bound = bounded_condition(s[s.find(c):] if m else c, stated, m is not None and m.group("word").lower() == "unless", s) \
                if m or not any(opened) else None  # "only if it's under five dollars"; "go ahead, unless it's over $15"
            if bound is not None or m is None:
                found += [bound] if bound else []
                continue
            verdict = suffix[i]
            if verdict in (None, "unknown"):
                found.append("unknown")
            elif verdict == "same" and not _FRAME.search(" ".join(parts[i:])):
                found.append("unknown")  # "if my bank accepts it": the card is no condition on where it goes
            elif m.group("word").lower() == "unless":
                # round 17 (AT): "unless you can do a gift card, yes": the other value wanted if it can be had, unknown
                able = verdict != "same" and _ABLE.search(" ".join(parts[i:])) is not None
                found.append("unmet" if verdict == "same" else "unknown" if able else "met")
            else:
                found.append("met" if verdict == "same" else "unmet")
    return next((v for v in ("unmet", "unknown", "met") if v in found), None)


def bounded_condition(text: str, stated: Described, unless: bool = False, sentence: str = "") -> Optional[str]:
    """A condition each value of which is an amount under a bound, read in its ``sentence`` (``value_bounds``: "only if it's
    under five dollars", "$50 or less", "between $16 and $17"): "met" or "unmet" by the call's amount ("unless" the other
    way), "unknown" with it unknown; else None (an amount said plainly)."""
    at = sentence.find(text) if sentence else -1
    whole, at = (sentence, at) if at >= 0 else (text, 0)
    bounds = [bound_at(whole, at + v.start, value=float(v.key)) if v.kind == "amount" and v.key is not None else None for v in values_in(text)]
    if not bounds or any(b is None for b in bounds):
        return None
    moved = stated.key("amount")
    return "unknown" if moved is None else "met" if all(b.admits(moved) for b in bounds if b) != unless else "unmet"


# ---- sarcasm ----------------------------------------------------------------------------------
