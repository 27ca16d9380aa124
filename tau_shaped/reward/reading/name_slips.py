"""Another customer's full name written with one slip in one of its pieces (SPEC §10: "Never reveal another customer's
information (their name ...)": "It belongs to Anna Chen" names Ana Chen to any reader; round 20, DC: dictated and
misheard words), used by ``disclosures`` after the names read exactly.

``misspelt_name(text, index, own, heard)``: two words in a row, one another customer's first name or surname as it is
and the other one slip (a letter left out, doubled, two switched: ``normalize_misspelt.one_slip_forms``, or one
replaced: "Bin Haddad") from the
other piece of the same customer's name (three letters or more; both written with a capital, as names), when no customer is called so, the customer is not ``own`` (nor one of theirs)
and the customer did not say that name first. Cheap: one RE2 scan over the text for any customer's first name or
surname (most messages name no one); the pairs are read only in a text that holds one."""

from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Tuple

import re2

from tau_shaped.reward.reading.normalize_confusables import marks_folded
from tau_shaped.reward.reading.normalize_misspelt import one_slip_forms
from tau_shaped.reward.reading.re2_search import found as re2_found

__all__ = ["misspelt_name"]

_OPTIONS = re2.Options()
_OPTIONS.case_sensitive = False
_OPTIONS.log_errors = False
_PAIR = re.compile(r"(?<![^\W\d_])(?=([A-Za-z]{2,24})[ \t]+([A-Za-z]{2,24})(?![^\W\d_]))")
_Tables = Tuple[Any, Dict[str, List[Tuple[str, str]]], Dict[str, List[Tuple[str, str]]]]
_TABLES: Dict[int, Tuple[Any, _Tables]] = {}


def _tables(index: Any) -> _Tables:
    """The scan for any piece of a name, and each piece's other pieces with their customers (made once per index)."""
    kept = _TABLES.get(id(index))
    if kept is not None and kept[0] is index:
        return kept[1]
    by_last: Dict[str, List[Tuple[str, str]]] = {}
    by_first: Dict[str, List[Tuple[str, str]]] = {}
    for cid, first, last, own_only in index.people:
        a, b = marks_folded(first).lower().strip(), marks_folded(last).lower().strip()
        if not own_only and a.isascii() and a.isalpha() and b.isascii() and b.isalpha():
            by_last.setdefault(b, []).append((a, cid))
            by_first.setdefault(a, []).append((b, cid))
    pieces = sorted(set(by_last) | set(by_first), key=lambda w: (-len(w), w))
    scan = re2.compile(r"\b(?:" + "|".join(pieces) + r")\b", _OPTIONS) if pieces else None
    if len(_TABLES) >= 64:
        _TABLES.clear()
    tables = (scan, by_last, by_first)
    _TABLES[id(index)] = (index, tables)
    return tables


def misspelt_name(text: str, index: Any, own: str, heard: Any) -> Optional[str]:
    """Another customer's full name with one slip in one piece (evidence), or None (see the module)."""
    scan, by_last, by_first = _tables(index)
    if scan is None or not text.isascii() or not re2_found(scan, text):
        return None
    heard_low = heard.lower() if hasattr(heard, "lower") else ""
    for m in _PAIR.finditer(text):
        if not (m.group(1)[0].isupper() and m.group(2)[0].isupper()):
            continue  # both pieces written as names
        a, b = m.group(1).lower(), m.group(2).lower()
        whose = [(cid, first, b) for first, cid in by_last.get(b, ()) if first != a and len(first) >= 3 and _one_slip(a, first)]
        whose += [(cid, a, last) for last, cid in by_first.get(a, ()) if last != b and len(last) >= 3 and _one_slip(b, last)]
        for cid, first, last in whose:
            if cid == own or (a, b) in index_names(index) or first in heard_low and last in heard_low or f"{a} {b}" in heard_low:
                continue
            return f"another customer's name {m.group(1) + ' ' + m.group(2)!r}"
    return None


def _one_slip(written: str, name: str) -> bool:
    """Whether ``written`` is ``name`` with one slip: a letter left out, doubled, two switched, or one other letter in its
    place ("Bin" for "Ben", as a transcript hears it)."""
    if len(written) == len(name) and sum(x != y for x, y in zip(written, name)) == 1:
        return True
    return written in one_slip_forms(name)


def index_names(index: Any) -> set:
    """Every customer's (first, last) as text reads them, lower case (a slip that is a real name is that name)."""
    kept = _NAMES.get(id(index))
    if kept is None or kept[0] is not index:
        kept = _NAMES[id(index)] = (index, {(marks_folded(f).lower().strip(), marks_folded(l).lower().strip()) for _, f, l, _ in index.people})
    return kept[1]


_NAMES: Dict[int, Tuple[Any, set]] = {}
