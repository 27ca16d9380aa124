"""Whether a message states a saved address (SPEC §10, a confirmation's address argument): its street, or its house number
said in spoken groups right before the street's name ("12 oh 4 Burnside", "7 3 2 1 Division St"). A label alone ("your work
address") is no statement of it: the customer cannot check the street on file."""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["states_address"]


def states_address(text: str, street: str) -> bool:
    """Whether ``text`` states the saved address whose street is ``street``: the street
    (``statements.states_street``), or its house number said in groups right before the street's
    name ("12 oh 4 Burnside", "7 3 2 1 Division St", "73 21 Division": ``normalize.seen`` leaves
    spoken digits so; a longer or shorter run is another number). A saved address named by its
    label alone ("your work address") is not stated: the customer cannot check the street on
    file (SPEC §10)."""
    from tau_shaped.reward.reading import statements

    if statements.states_street(text, street) is not None:
        return True
    m = _NUMBERED_STREET.match(street)
    return m is not None and m.group("name").lower() in text.lower() and any(
        _house_number(found.group("run")) == m.group("number").lower()
        for found in _spoken_street(m.group("name")).finditer(text))


_NUMBERED_STREET = re.compile(r"^\s*(?P<number>[0-9]{1,6}[A-Za-z]?)\s+(?P<name>[^\W\d_][\w'.-]*)")
_DIGIT_WORDS = {"oh": "0", "o": "0", "zero": "0", "nought": "0", "one": "1", "two": "2", "three": "3", "four": "4",
                "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9"}
_GROUP = r"(?:\d{1,4}|" + "|".join(_DIGIT_WORDS) + r")"


@lru_cache(maxsize=256)
def _spoken_street(name: str) -> "re.Pattern[str]":
    """A house number in two to eight spoken groups, then ``name`` (the street's first word)."""
    sep = r"(?:,?[ \t]{1,2}|[ \t]?-[ \t]?)"
    return re.compile(rf"(?<![\w.,-])(?P<run>{_GROUP}{sep}{_GROUP}(?:{sep}{_GROUP}){{0,6}})[ \t,]{{1,3}}{re.escape(name)}(?!\w)",
                      re.IGNORECASE)


def _house_number(run: str) -> str:
    return "".join(_DIGIT_WORDS.get(g.lower(), g) for g in re.findall(r"\w+", run))
