"""Another customer's name in a short form (SPEC §10: their name in a message discloses it; used
by ``disclosures`` after the full names ``identifiers`` reads): a title and the surname ("Mr.
Haddad", "Dr Okafor", "Madam Eze"), an initial and the surname ("B. Haddad", "B Haddad", "Haddad,
B."), the first name and the surname's initial ("Ben H.", "Ben H's order"). A careful reader
takes each for the person, spaced or not ("Mr.Haddad", "B.Haddad"), with a comma or not ("Haddad
B."), with a dot, a possessive or at the end ("Ben H", "Ben H's"); none is read where it fits the customer (or a passenger of theirs),
where the customer said that surname first, or, for a first name and an initial, where it is a
courier's name as the records write it ("Dev H."); the first name and the surname's beginning, cut or not ("Ben Had--",
"Xavi Fisch."). A surname alone ("Haddad's Italian Kitchen",
a restaurant) and a first name alone name nobody.

Three scans of the message (a title; a capital initial beside a word; a word beside an initial)
find the candidates, kept per text; each is looked up in tables made once per customers' index."""

from __future__ import annotations

import re
from typing import Any, Dict, FrozenSet, Iterable, List, NamedTuple, Optional, Set, Tuple

import re2

from tau_shaped.reward.reading.lazy_patterns import lazy
from tau_shaped.reward.reading.normalize_confusables import marks_folded
from tau_shaped.reward.reading.re2_search import found as re2_found

__all__ = ["short_name"]

_WORD = r"([A-Za-z][a-z]+(?:-[A-Za-z][a-z]+)?|[A-Z]{2,}(?:-[A-Z]{2,})?)"
_TITLES = r"(?i:mr|mrs|ms|mx|dr|mister|madam|madame|mme)(?:\.\s{0,3}|\s{1,3})|(?:Miss|MISS)\s{1,3}"
_NOT_AFTER = r"(?<![\w.’-])(?<![A-Za-z]')"  # a letter, a dot or a contraction's apostrophe ("it's") before
# where a short form may be: a title, or a letter standing alone (most messages hold few of either)
_ANCHOR = lazy(_NOT_AFTER + r"(?:(?:" + _TITLES + r")|[A-Za-z]\.|[A-Z](?=\s{1,3}[A-Z]|['’]s\b|[ \t]*(?:$|\n|[,;:!?)\]|\"])))")
_TITLE = lazy(r"(?:" + _TITLES + r")" + _WORD + r"(?![^\W\d_])", needs=('dr', 'iss', 'madam', 'madame', 'mister', 'mme', 'mr', 'mrs', 'ms', 'mx'))
_INITIAL_SURNAME = lazy(r"(?:([A-Za-z])(\.)\s{0,3}|([A-Z])()\s{1,3})" + _WORD + r"(?![^\W\d_])")
_SURNAME_BEFORE = lazy(r"(?<![\w'’-])" + _WORD + r",\s{0,3}$", needs=(',',))  # "Haddad, B."
_FIRST_BEFORE = lazy(r"(?<![\w'’-])" + _WORD + r"\s{1,3}$")  # "Ben H.", "Haddad B."
_INITIAL_AFTER = lazy(r"[A-Za-z]\.|[A-Z](?=['’]s\b|[ \t]*(?:$|\n|[,;:!?)\]|\"]))")
_RESTAURANT = lazy(r"['’]s[ \t]+[A-Z][a-z]")  # "Haddad's Italian Kitchen": a restaurant, after "a", "Plan B."


class _Forms(NamedTuple):
    surnames: Dict[str, Set[str]]  # surname: whose (customers)
    first_initials: Dict[Tuple[str, str], Set[str]]  # (first name, surname's initial): whose
    initial_surnames: Dict[Tuple[str, str], Set[str]]  # (first name's initial, surname): whose
    own: Dict[str, Set[Tuple[str, ...]]]  # customer: their forms (their passengers' too)
    first_surnames: Dict[str, Set[Tuple[str, str]]]  # first name: (surname, whose), for a surname cut off


def _forms(index: Any) -> _Forms:
    if index.short_forms is None:
        forms = _Forms({}, {}, {}, {}, {})
        folded = _FOLDED
        for cid, first, last, own_only in index.people:
            f, last_ = folded.get(first) or _fold(first), folded.get(last) or _fold(last)  # as text reads them
            if len(f) < 2 or len(last_) < 2:
                continue
            mine = forms.own.setdefault(cid, set())
            mine.update({("s", last_), ("fi", f, last_[0]), ("is", f[0], last_)})
            if not own_only:
                forms.surnames.setdefault(last_, set()).add(cid)
                forms.first_initials.setdefault((f, last_[0]), set()).add(cid)
                forms.initial_surnames.setdefault((f[0], last_), set()).add(cid)
                forms.first_surnames.setdefault(f, set()).add((last_, cid))
        index.short_forms = forms
    return index.short_forms


# a name as text reads it, by the name, kept: a batch's worlds share their customers' names; full, all are forgotten
_FOLDED: Dict[str, str] = {}


def _fold(name: str) -> str:
    if len(_FOLDED) >= 1 << 14:
        _FOLDED.clear()
    read = _FOLDED[name] = marks_folded(name).lower().strip()
    return read


def _theirs(owners: Optional[Set[str]], own: str, form: Tuple[str, ...], forms: _Forms) -> bool:
    return bool(owners) and bool(owners - {own}) and form not in forms.own.get(own, ())  # type: ignore[operator]


def _said(heard: Any, word: str) -> bool:
    return re.search(r"(?<![^\W\d_])" + re.escape(word) + r"(?![^\W\d_])", heard.lower()) is not None


def short_name(text: str, index: Any, own: str, heard: Any, booked: Iterable[Tuple[str, str]] = (),
               couriers: Any = None) -> Optional[str]:
    """The first short form of another customer's name ``text`` holds (as evidence), or None."""
    if not index.people:
        return None
    forms = _forms(index)
    found = _found(text, index, forms)
    if not found:
        return None
    theirs_too = {b.lower() for _, b in booked}
    couriers_: Optional[FrozenSet[Tuple[str, str]]] = None
    for form, owners, said in found:
        if not _theirs(owners, own, form, forms):
            continue
        if form[0] in ("fi", "fc"):  # "fc": a surname broken off after two letters or more ("Ben Had--"), no courier's "Dev H."
            first, initial = form[1], form[2]
            couriers_ = _courier_names(couriers) if couriers_ is None else couriers_
            if form[0] == "fc" and ("fi", first, initial) in forms.own.get(own, ()) or form[0] == "fi" and (first, initial) in couriers_ \
                    or any(b.lower().startswith(initial) for a, b in booked if a.lower() == first):
                continue
            if not _said(heard, first):
                return f"another customer's name {said!r}"
        elif form[-1] not in theirs_too and not _said(heard, form[-1]):
            return f"another customer's name {said!r}"
    return None


_Found = Tuple[Tuple[str, ...], Set[str], str]  # (the form, whose it is, as written)


def _found(text: str, index: Any, forms: _Forms) -> Tuple[_Found, ...]:
    """The short forms of any customer's name ``text`` holds, in order (kept per index: rollouts
    repeat their messages; most hold none)."""
    memo = index.short_memo
    hit = memo.get(text)
    if hit is None:
        hit = memo[text] = _read(text, forms)
        if len(memo) > 4096:
            memo.clear()
            memo[text] = hit
    return hit


_RE2_OPTIONS = re2.Options()
_RE2_OPTIONS.log_errors = False
# what every anchor holds (a title, a letter alone that is not a lower-case "a" or a capital before a
# lower-case word, "I am"), as one linear scan: most messages hold none, and ``_ANCHOR`` costs more
_MAY_HOLD = re2.compile(r"(?:^|[^\w.’-])(?:[A-Z](?:$|[^\w'’ ]|[ ]+(?:$|[^a-z]))|[A-Za-z](?:\.|['’][sS](?:$|\W))|"
                        r"(?i:mrs?|ms|mx|dr|mister|madame?|mme|miss)(?:$|\W))", _RE2_OPTIONS)


def _may_hold(text: str) -> bool:
    try:
        return re2_found(_MAY_HOLD, text)
    except Exception:  # noqa: BLE001 - a text RE2 cannot take (a lone surrogate): read it all
        return True


# round 16: the first name and the surname broken off ("Ben Had-- sorry, I can't say", "Ana Ch…"): as much of the name as
# "Ben H." gives, read where the piece begins one of that first name's customers' surnames
_CUT_MAY = re2.compile(r"[A-Za-z](?:--|[—–…]|\.\.|-[ \t\n,;:!?]|-$)", _RE2_OPTIONS)
_CUT = lazy(r"(?i)(?<![\w'’-])([a-z]{2,})[ \t]{1,3}([a-z]{1,15})(?:-{1,3}|[—–…]|\.{2,})(?![\w])")  # any case: "omar va-- sorry"


def _cut_names(text: str, forms: _Forms, out: List[_Found]) -> None:
    for m in _CUT.finditer(text):
        first, piece = m.group(1).lower(), m.group(2).lower()
        owners = {cid for last, cid in forms.first_surnames.get(first, ()) if last.startswith(piece)}
        if owners:
            out.append((("fi" if len(piece) == 1 else "fc", first, piece[0]), owners, m.group(0)))


# round 19: the surname's beginning said with no mark of a cut ("Xavi Fisch.", for Xavi Fischer): a first name in capitals,
# then three or more letters that begin, and are not all of, a surname of that first name's customers
_PREFIX = lazy(r"(?<![\w'’-])([A-Z][a-z]+)[ \t]{1,3}([A-Z][a-z]{2,14})(?=['’]s\b|[^\w'’-]|$)")


def _prefix_names(text: str, forms: _Forms, out: List[_Found]) -> None:
    for m in _PREFIX.finditer(text):
        first, piece = m.group(1).lower(), m.group(2).lower()
        owners = {cid for last, cid in forms.first_surnames.get(first, ()) if last.startswith(piece) and last != piece}
        if owners:
            out.append((("fc", first, piece[0]), owners, m.group(0)))


# round 16: a household by its surname ("the Chens' order", "the Chens", "the Haddad family"): the surname names them as a
# title would ("Mr. Chen"); "Chen's Japanese Kitchen" (a restaurant) is no household
_FAMILY = re2.compile(r"(?i)(?:^|[^\w'’-])the[ \t]{1,3}[_*]*(?:[a-z]+[_*]*(?:s['’]|s\b|[ \t]{1,3}(?:family|household))|(?:[a-z]+[ \t.-]){1,12}[a-z][_*]*s['’])",
                      _RE2_OPTIONS)
_CUT_OR_FAMILY = re2.compile(_CUT_MAY.pattern + "|" + _FAMILY.pattern, _RE2_OPTIONS)
_FAMILY_PY = lazy(r"(?i)(?<![\w'’-])the[ \t]{1,3}[_*]*([a-z]+?)[_*]*(?:(?:e?s)(?:['’]|\b)|[ \t]{1,3}(?:family|household))")  # "the _Ito_s'"  # any case: a surname of S0 only


# the surname spelled letter by letter before the plural's "s" ("the T-R-A-Ns' order", "THE T R A NS'")
_FAMILY_SPELLED = lazy(r"(?i)(?<![\w'’-])the[ \t]{1,3}[_*]*((?:[a-z]+[ \t.-]){1,12}[a-z])[_*]*s['’]")  # in pieces, its last a letter


def _families(text: str, forms: _Forms, out: List[_Found]) -> None:
    for m in _FAMILY_SPELLED.finditer(text):
        last = re.sub(r"[^a-z]", "", m.group(1).lower())
        if last in forms.surnames:
            out.append((("s", last), forms.surnames[last], m.group(0)))
    for m in _FAMILY_PY.finditer(text):
        for last in (m.group(1).lower(), m.group(1).lower() + "e"):  # "the Ezes'": Eze, not "Ez"
            if last in forms.surnames:
                out.append((("s", last), forms.surnames[last], m.group(0)))
                break


def _read(text: str, forms: _Forms) -> Tuple[_Found, ...]:
    out: List[_Found] = []
    if re2_found(_CUT_OR_FAMILY, text):  # one scan for both (most messages hold neither)
        if forms.first_surnames and re2_found(_CUT_MAY, text):
            _cut_names(text, forms, out)
        if re2_found(_FAMILY, text):
            _families(text, forms, out)
    if forms.first_surnames:
        _prefix_names(text, forms, out)
    if not _may_hold(text):
        return tuple(out)
    for a in _ANCHOR.finditer(text):
        at = a.start()
        m = _TITLE.match(text, at)
        if m is not None:
            last = m.group(1).lower()
            if last in forms.surnames:
                out.append((("s", last), forms.surnames[last], m.group(0)))
            continue
        m = _INITIAL_SURNAME.match(text, at)
        if m is not None and not _RESTAURANT.match(text, m.end()):
            key = ((m.group(1) or m.group(3)).lower(), m.group(5).lower())  # not "A Haddad's Italian Kitchen order"
            if key in forms.initial_surnames:
                out.append((("is",) + key, forms.initial_surnames[key], m.group(0)))
        if _INITIAL_AFTER.match(text, at) is None:
            continue
        initial = text[at].lower()
        before = _SURNAME_BEFORE.search(text, max(0, at - 40), at) if text[at] != text[at].lower() or "," in text[max(0, at - 4):at] else None
        if before is not None:
            key = (initial, before.group(1).lower())
            if key in forms.initial_surnames:
                out.append((("is",) + key, forms.initial_surnames[key], text[before.start():at + 2]))
            continue
        before = _FIRST_BEFORE.search(text, max(0, at - 40), at) if text[at].isupper() else None
        if before is not None and (before.group(1).lower(), initial) in forms.first_initials:
            key = (before.group(1).lower(), initial)
            out.append((("fi",) + key, forms.first_initials[key], text[before.start():at + 2]))
        elif before is not None and (initial, before.group(1).lower()) in forms.initial_surnames:  # "Haddad B."
            key = (initial, before.group(1).lower())
            out.append((("is",) + key, forms.initial_surnames[key], text[before.start():at + 2]))
    return tuple(out)


def _courier_names(couriers: Any) -> FrozenSet[Tuple[str, str]]:
    """Each courier's (first name, initial) as S0 writes their name ("Dev H.")."""
    out: Set[Tuple[str, str]] = set()
    for d in (couriers.values() if isinstance(couriers, dict) else ()):
        words = d.get("name", "").split() if isinstance(d, dict) and isinstance(d.get("name"), str) else []
        if len(words) >= 2 and words[-1][:1].isalpha():
            out.add((words[0].lower(), words[-1][0].lower()))
    return frozenset(out)
