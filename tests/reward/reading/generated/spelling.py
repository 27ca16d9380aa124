"""Ways of writing the same amount of money (SPEC §10: "any spelling of the currency and any
number format"): "$16.90", "16.90 dollars", "sixteen dollars and ninety cents", "USD 16.90".
Every spelling names exactly the amount it is given."""

from __future__ import annotations

from typing import Callable, Dict

_ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
         "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def words(n: int) -> str:
    """``n`` (0 <= n < 1,000,000) in English words: 1234 -> "one thousand two hundred thirty-four"."""
    if n < 20:
        return _ONES[n]
    if n < 100:
        return _TENS[n // 10] + ("-" + _ONES[n % 10] if n % 10 else "")
    if n < 1000:
        return _ONES[n // 100] + " hundred" + (" " + words(n % 100) if n % 100 else "")
    return words(n // 1000) + " thousand" + (" " + words(n % 1000) if n % 1000 else "")


def _cents(amount: float) -> int:
    return int(round(amount * 100))


def _plain(amount: float) -> str:
    return f"{_cents(amount) / 100:.2f}"


def _grouped(amount: float) -> str:
    return f"{_cents(amount) / 100:,.2f}"


def _in_words(amount: float) -> str:
    c = _cents(amount)
    dollars, cents = divmod(c, 100)
    unit = "dollar" if dollars == 1 else "dollars"
    if not cents:
        return f"{words(dollars)} {unit}"
    return f"{words(dollars)} {unit} and {words(cents)} {'cent' if cents == 1 else 'cents'}"


def _short(amount: float) -> str:
    """The shortest decimal: "$16.9", "$17" (an amount of whole dollars)."""
    c = _cents(amount)
    text = f"{c / 100:.2f}".rstrip("0").rstrip(".")
    return "$" + text


MONEY: Dict[str, Callable[[float], str]] = {
    "dollar_sign": lambda a: "$" + _grouped(a),
    "dollars_word": lambda a: _plain(a) + " dollars",
    "usd_before": lambda a: "USD " + _plain(a),
    "usd_after": lambda a: _plain(a) + " USD",
    "us_dollar_sign": lambda a: "US$" + _plain(a),
    "spaced_sign": lambda a: "$ " + _plain(a),
    "short": _short,
    "in_words": _in_words,
}


def money(amount: float, style: str = "dollar_sign") -> str:
    return MONEY[style](amount)
