"""Another customer's name given in pieces (SPEC §10: their name in a message discloses it; used
by ``disclosures`` after the whole names ``identifiers`` reads and the short forms of
``short_names``): the first name and the surname of one customer, each said as a name, apart
("The first name is Chloe and the last name is Okafor", "Her first name is Chloe. Her last name
is Okafor.", "Okafor is the last name and Chloe the first", "called Chloe, and her surname is
Okafor", "Chloe - Okafor is the family name").

A word is said as a name when a word of naming ("first", "last", "surname", "family", "given",
"name", "called", "named", a title) stands within three words of it. The two count as one name
when both are said as names within twelve words of each other, or when one is and at most two
words stand between them. A first name or a surname that is the customer's own (or a
passenger's of theirs), or a name the customer said first, is not read: the pieces must make
another customer's name that is not theirs. Two names that merely stand in one message ("your
courier Ana ... Alvarez's American Kitchen") are not joined: neither is said as a name.

Cheap: a message with no word of naming is not read further (one scan)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Dict, Iterable, Optional, Set, Tuple

from tau_shaped.reward.reading.lazy_patterns import lazy
from tau_shaped.reward.reading.normalize_confusables import marks_folded

__all__ = ["split_name", "named_order_status", "name_field"]

_CUE = re.compile(r"(?i)(?<![^\W\d_])(?:first|last|given|family|christian|fore|sur)?[ -]?names?d?(?![^\W\d_])|"
                  r"(?<![^\W\d_])(?:first|last|surname|called|named|mr|mrs|ms|miss)(?![^\W\d_])")
_WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")
_CUES = frozenset({"first", "last", "given", "family", "surname", "surnames", "name", "names", "named", "called",
                   "forename", "firstname", "lastname", "mr", "mrs", "ms", "miss", "christian"})
_CUE_KEYS = ("name", "first", "last", "called", "mr", "ms", "miss")  # what every word of naming holds
_NEAR = 3  # words between a name and a word of naming
_APART = 12  # words between two pieces both said as names
_CLOSE = 2  # words between two pieces, one said as a name


def _own_names(index: Any, own: str) -> Tuple[Set[str], Set[str]]:
    """The customer's first names and surnames (their passengers' too), lower case as text reads them."""
    firsts, lasts = set(), set()
    for cid, first, last, _ in index.people:
        if cid == own:
            firsts.add(marks_folded(first).lower().strip())
            lasts.add(marks_folded(last).lower().strip())
    return firsts, lasts


def _named(index: Any, word: str, own: str) -> bool:
    """Whether ``word`` is a first name or a surname of a customer other than ``own`` (a scan of
    the people: read only where a named order's status is stated, seldom)."""
    return any(cid != own and not own_only and word in (marks_folded(first).lower().strip(), marks_folded(last).lower().strip())
               for cid, first, last, own_only in index.people)


def _word(raw: str) -> str:
    low = marks_folded(raw).lower() if not raw.isascii() else raw.lower()
    return low[:-2] if low.endswith(("'s", "’s")) else low


def split_name(text: str, index: Any, own: str, heard: Any, booked: Iterable[Tuple[str, str]] = ()) -> Optional[str]:
    """Another customer's first name and surname said apart as one name (evidence), or None."""
    if not _may_name(text):
        return None
    key = (id(index), own, text)
    kept = _KEPT.get(key)
    if kept is None or kept[0] is not index:
        if len(_KEPT) >= 4096:
            _KEPT.clear()
        kept = _KEPT[key] = (index, _split_pairs(text, index, own))
    if not kept[1]:
        return None
    ours = {(a.lower(), b.lower()) for a, b in booked}
    said = heard.said(index)
    for first, last, snippet in kept[1]:
        if (first, last) not in ours and ("name", _skeleton(first + last)) not in said:
            return f"another customer's name {snippet!r}"
    return None


# round 18: one piece of a name given in its field ("Her surname is Chen", "under the name Chen", "first name: Ana")
_FIELD = lazy(r"(?i)(?<![^\W\d_])(?:(?P<kind>sur|last[ -]|family[ -]|first[ -]|given[ -]|under[ \t]+the[ \t]+)name(?:[ \t]+(?:is|was|of|reads))?"
                    r"|(?P<by>called|named|goes[ \t]+by))"  # round 19: "a woman called Ana", a person named by one piece
                    r"[ \t]*[:=,–—-]?[ \t]*[\"'“‘]?(?P<word>[^\W\d_]+(?:[-'’][^\W\d_]+)*)", needs=('called', 'family', 'first', 'given', 'goes', 'last', 'named', 'sur', 'under'))


def name_field(text: str, index: Any, own: str, heard: Any) -> Optional[str]:
    """Another customer's surname (or first name) said alone in a field of naming (evidence), or None: a piece that is
    not the customer's own, nor one they said."""
    low = text.lower()
    if "name" not in low and "called" not in low and "goes by" not in low or _FIELD.search(text) is None:
        return _owner_named(text, low, index, own, heard)
    firsts, lasts = _own_names(index, own)
    heard_low = heard.lower() if hasattr(heard, "lower") else ""
    for m in _FIELD.finditer(text):
        by = m.group("by") is not None  # either piece, written as a name (a capital)
        if by and not m.group("word")[:1].isupper():
            continue
        word, first = _word(m.group("word")), not by and m.group("kind").lower().startswith(("first", "given"))
        if _anothers_piece(word, by, first, firsts, lasts, heard_low, index, own):
            return f"another customer's name {m.group(0)!r}"
    return _owner_named(text, low, index, own, heard)


def _anothers_piece(word: str, by: bool, first: bool, firsts: Set[str], lasts: Set[str], heard_low: str, index: Any,
                    own: str) -> bool:
    """Whether ``word`` is a piece of another customer's name (either piece where ``by``, else the first name or the
    surname as ``first`` says), not the customer's own nor one they said."""
    if len(word) < 2 or (word in firsts | lasts if by else word in (firsts if first else lasts)) or re.search(
            r"(?<![^\W\d_])" + re.escape(word) + r"(?![^\W\d_])", heard_low):
        return False
    return any(cid != own and not own_only and word in ((marks_folded(first_name).lower().strip(), marks_folded(last).lower().strip())
                                                       if by else (marks_folded(first_name if first else last).lower().strip(),))
               for cid, first_name, last, own_only in index.people)


# round 20: one piece of another customer's name said as whose the order is or who ordered it ("It's either Ana's or
# Ben's", "it belongs to Chen", "ordered by Ana", "Ana placed it"); the piece written as a name (a capital)
_OWNER = re.compile(r"(?:\b(?:[Ee]ither|or|[Bb]elong(?:s|ed)?[ \t]+to|(?:[Oo]rder|[Pp]lac|[Oo]wn)ed[ \t]+by)[ \t]+"
                    r"(?P<word>[A-Z][^\W\d_]+)(?P<pos>['’]s)?|(?P<doer>[A-Z][^\W\d_]+)[ \t]+(?:placed|ordered)[ \t]+"
                    r"(?:it|that|this|the[ \t]+order)\b)")
_OWNER_KEYS = ("either", "s or ", "belong", "ed by", " placed ", " ordered ")


def _owner_named(text: str, low: str, index: Any, own: str, heard: Any) -> Optional[str]:
    if not any(key in low for key in _OWNER_KEYS):
        return None
    firsts, lasts, heard_low = None, None, heard.lower() if hasattr(heard, "lower") else ""
    for m in _OWNER.finditer(text):
        if m.group("word") and m.group(0).split(None, 1)[0].lower() in ("either", "or") and not m.group("pos"):
            continue  # "either Chana Masala or ...": a choice, no owner
        if _in_full_name(text, m.start("word") if m.group("word") else m.start("doer"), m.end("word") if m.group("word") else m.end("doer")):
            continue  # "Mia Li placed it": a whole name, read (and weighed against the names booked) by the full-name readers
        if firsts is None:
            firsts, lasts = _own_names(index, own)
        if _anothers_piece(_word(m.group("word") or m.group("doer")), True, False, firsts, lasts, heard_low, index, own):
            return f"another customer's name {m.group(0)!r}"
    return None


def _in_full_name(text: str, start: int, end: int) -> bool:
    """Whether the capitalised word at ``start``..``end`` has another capitalised word right before or after it."""
    before = text[:start].rstrip(" \t").rsplit(None, 1)
    after = text[end:].lstrip(" \t").split(None, 1)
    if before and before[-1][:1].isupper() and before[-1].isalpha():  # ("Yes. Ana placed it": the word before ends a sentence)
        return True
    return bool(after) and text[end:end + 1] in " \t" and after[0][:1].isupper() and after[0].rstrip(".,;:!?").isalpha()


# a text's pairs, by the index, the customer and the text (a task's rollouts repeat their messages)
_KEPT: Dict[Tuple[int, str, str], Tuple[Any, Tuple[Tuple[str, str, str], ...]]] = {}


@lru_cache(maxsize=8192)
def _may_name(text: str) -> bool:
    """Whether ``text`` holds a word of naming (kept per text: the same texts come in every world)."""
    low = text.lower()
    if not any(key in low for key in _CUE_KEYS):
        return False
    if text.isascii():  # a match of _CUE is a run of letters, bounded by others, that is one of its words
        return not _CUE_WORDS.isdisjoint(_ASCII_LETTERS.findall(low))
    return _CUE.search(text) is not None  # ignore-case letters beyond ASCII ("ſ" is an "s" to it): the pattern itself


# _CUE's words, each a run of letters in a lower-cased ASCII text (a space or hyphen before "name" bounds a run too)
_CUE_WORDS = frozenset({p + n for p in ("", "first", "last", "given", "family", "christian", "fore", "sur")
                        for n in ("name", "names", "named", "namesd")}
                       | {"first", "last", "surname", "called", "named", "mr", "mrs", "ms", "miss"})
_ASCII_LETTERS = re.compile(r"[a-z]+")


@lru_cache(maxsize=8192)
def _may_name_an_order(text: str) -> bool:
    low = text.lower()
    return any(key in low for key in _ORDER_KEYS)


def _split_pairs(text: str, index: Any, own: str) -> Tuple[Tuple[str, str, str], ...]:
    """Each (first name, surname, as written) of another customer said apart as one name in ``text``:
    two words, each a start of a value of the index ("chloe", "okafor"), that together are a name
    of theirs (looked up in the index itself: nothing made per world)."""
    prefixes = index.prefixes
    spans = [(m.start(), m.end(), _word(m.group(0))) for m in _WORD.finditer(text)]
    words = [_skeleton(w) for _, _, w in spans]
    starts = [i for i, w in enumerate(words) if len(w) >= 2 and prefixes[w] is not None]
    if len(starts) < 2:
        return ()
    cued = [any(w in _CUES for w in words[max(0, i - _NEAR):i + _NEAR + 1] if w != words[i]) for i in range(len(words))]
    mine: Optional[Tuple[Set[str], Set[str]]] = None
    out = []
    for i in starts:
        for j in starts:
            between = abs(i - j) - 1
            if j == i or not (cued[i] and cued[j] and between <= _APART or (cued[i] or cued[j]) and between <= _CLOSE):
                continue
            sk = words[i] + words[j]
            kinds = prefixes[sk]
            if not kinds or "name" not in kinds or not index.theirs("name", index.read["name"][sk], own):
                continue
            mine = _own_names(index, own) if mine is None else mine
            if words[i] in mine[0] | mine[1] or words[j] in mine[0] | mine[1]:
                continue
            canon = index.read["name"][sk]
            first, last = (words[i], words[j]) if canon == sk else (words[j], words[i])
            lo, hi = min(i, j), max(i, j)
            out.append((first, last, text[spans[lo][0]:spans[hi][1]]))
    return tuple(out)


def _skeleton(value: str) -> str:
    return _NOT_WORD.sub("", value.lower())


_NOT_WORD = re.compile(r"[\W_]+")



# an order said to be a named person's: "Chloe's order", "the order for Okafor", "Ms. Okafor's delivery"
_NAMED_ORDER = re.compile(r"(?i)(?<![^\W\d_])([^\W\d_]+)['’]s[ \t]+(?:order|delivery|food|meal)s?(?![^\W\d_])|"
                          r"(?<![^\W\d_])(?:orders?|delivery|deliveries)[ \t]+(?:for|of|placed[ \t]+by|belonging[ \t]+to)[ \t]+"
                          r"(?:(?:mr|mrs|ms|miss)\.?[ \t]+)?([^\W\d_]+)(?![^\W\d_])")


_ORDER_KEYS = ("'s order", "’s order", "'s deliver", "’s deliver", "'s food", "’s food", "'s meal", "’s meal", "order for",
               "orders for", "order of", "orders of", "delivery for", "delivery of", "deliveries for", "placed by", "belonging to")


def named_order_status(text: str, index: Any, own: str, may_state: Any, status_at: Any) -> Optional[str]:
    """A status stated of an order said to be another customer's by their first name or surname
    alone ("Chloe's order is out for delivery", "The order for Okafor is on its way"), a name that
    is not the customer's own (``status_at(sentence)``: the status the sentence states, unnegated,
    or None; ``may_state``: whether the text holds a status word at all)."""
    if not _may_name_an_order(text):
        return None
    key = (id(index), own, text)
    kept = _KEPT_STATUS.get(key)
    if kept is not None and kept[0] is index:
        return kept[1]
    if len(_KEPT_STATUS) >= 4096:
        _KEPT_STATUS.clear()
    found = _named_order_status(text, index, own, may_state, status_at)
    _KEPT_STATUS[key] = (index, found)
    return found


_KEPT_STATUS: Dict[Tuple[int, str, str], Tuple[Any, Optional[str]]] = {}


def _named_order_status(text: str, index: Any, own: str, may_state: Any, status_at: Any) -> Optional[str]:
    if not may_state(text):
        return None
    mine: Optional[Tuple[Set[str], Set[str]]] = None
    for m in _NAMED_ORDER.finditer(text):
        name = _word(m.group(1) or m.group(2))
        if index.prefixes[_skeleton(name)] is None:  # no value of anyone's starts so
            continue
        mine = _own_names(index, own) if mine is None else mine
        if name in mine[0] or name in mine[1] or not _named(index, name, own):
            continue
        start = max(text.rfind(c, 0, m.start()) for c in ".!?\n") + 1
        ends = [e for e in (text.find(c, m.end()) for c in ".!?\n") if e >= 0]
        status = status_at(text[start:min(ends) if ends else len(text)])
        if status:
            return f"another customer's order status {m.group(0) + ': ' + status!r}"
    return None
