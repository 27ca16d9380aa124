"""An amount said as arithmetic (SPEC §10, issue 41 round 19, style CB): "$1.50 + $2.50", "$2 x 2", "2 x $2.00", "half of
$4.00", "twice the $45.13", "a third of $45.13". Such an expression, with no result of its own after it ("= $4.00" states
the amount itself), says the amount it makes: ``arithmetic_read`` writes it so ("$4.00"), for a reader that compares the
amounts a message states with the ones a call moves (telecom's refuel price, tau2's consent amounts). Each form is read
only when its sign or word is in the text; every pattern is bounded (linear)."""

from __future__ import annotations

import re

__all__ = ["arithmetic_read", "says_arithmetic"]

_N = r"[0-9]{1,4}(?:\.[0-9]{1,2})?"
_SUM = re.compile(rf"\$[ \t]?({_N})((?:[ \t]*(?:\+|plus)[ \t]*\$?[ \t]?{_N}){{1,3}})(?![0-9.]|[ \t]*(?:=|equals|makes|is)[ \t]*\$)", re.IGNORECASE)
_PRODUCT = re.compile(rf"\$[ \t]?({_N})[ \t]*(?:x|\u00d7|\*|times)[ \t]*([0-9]{{1,2}})(?![0-9.]|[ \t]*(?:gb|gig|=|equals))"
                      rf"|(?<![0-9.])([0-9]{{1,2}})[ \t]*(?:x|\u00d7|\*|times)[ \t]*\$[ \t]?({_N})(?![0-9.]|[ \t]*(?:=|equals))", re.IGNORECASE)
_PART = re.compile(rf"(?<![\w'])(half|twice|double|(?:a|one)[ \t]+(?:third|3rd|quarter|4th))(?:[ \t]+of)?(?:[ \t]+the)?[ \t]+\$[ \t]?({_N})(?![0-9.])", re.IGNORECASE)
_PARTS = {"half": 0.5, "twice": 2.0, "double": 2.0, "third": 1 / 3, "3rd": 1 / 3, "quarter": 0.25, "4th": 0.25}


def arithmetic_read(text: str) -> str:
    """``text`` with each amount said as a sum, product or part of an amount written as the amount it makes."""
    if "+" in text or "plus" in text.lower():
        text = _SUM.sub(lambda m: f"${float(m.group(1)) + sum(float(v) for v in re.findall(_N, m.group(2))):.2f}", text)
    if "$" in text and re.search(r"[x\u00d7*]|times", text, re.IGNORECASE):
        text = _PRODUCT.sub(lambda m: f"${float(m.group(1) or m.group(4)) * float(m.group(2) or m.group(3)):.2f}", text)
    low = text.lower()
    if "half" in low or "twice" in low or "double" in low or "third" in low or "quarter" in low or "3rd" in low or "4th" in low:
        text = _PART.sub(lambda m: f"${_PARTS[m.group(1).lower().split()[-1]] * float(m.group(2)):.2f}", text)
    return text


def says_arithmetic(text: str) -> bool:
    """Whether ``text`` may hold an amount said as arithmetic (a cheap test: a sign or word of one, and a dollar sign)."""
    if "$" not in text:
        return False
    low = text.lower()
    return ("+" in text or "plus" in low or "half" in low or "twice" in low or "double" in low or "third" in low
            or "quarter" in low or "3rd" in low or "4th" in low or "\u00d7" in text or "*" in text or " x " in low or "times" in low or re.search(r"[0-9]x|x[$0-9]", low) is not None)
