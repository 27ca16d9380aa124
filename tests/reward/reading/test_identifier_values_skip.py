"""``identifiers._values`` passes a word that begins no value (and has no letter forms) at once:
the values it finds are those the full walk finds, token for token (a reference walk, the loop as
it was before the skip, over random token runs and a small index of every kind)."""

from __future__ import annotations

from typing import List

from hypothesis import given, settings, strategies as st

from tau_shaped.reward.reading.identifiers import _Hit, _lettered, _values
from tau_shaped.reward.reading.value_index import _index

CUSTOMERS = {
    "CU-1": {"email": "mia.li7@example.com", "phone": "503-555-7232", "first_name": "Mia", "last_name": "Li",
             "orders": ["FD-10490", "DRCMIN"], "addresses": [{"street": "7234 Belmont St"}]},
    "CU-2": {"email": "ben.okafor1184@example.com", "phone": "+1 971 555 0198", "first_name": "Ben",
             "last_name": "Okafor", "orders": ["FD-20417"], "addresses": [{"street": "88 Alder Ave"}]},
}
INDEX = _index(CUSTOMERS)
WORDS = ["mia", "li", "li7", "m1a", "ben", "0kaf0r", "okafor", "1184", "fd", "10490", "104", "90", "503", "555",
         "7232", "971", "0198", "1", "drcmin", "dr", "7234", "belmont", "st", "88", "alder", "the", "order", "b3n",
         "a", "x9", "example", "com", "20417", "is", "your"]


def _reference(tokens, index) -> List[_Hit]:
    """The walk before the skip: every token looked up, then extended while it begins a value."""
    found: List[_Hit] = []
    prefixes, canon, n = index.prefixes, index.read, len(tokens)
    for i in range(n):
        acc, begin, _, _, _ = tokens[i]
        completes = prefixes[acc]
        if completes is None and not (acc.isalpha() or acc.isdigit()):
            acc, completes = _lettered(acc, "", prefixes)
        plain, j = True, i
        while completes is not None:
            for kind in completes:
                found.append(_Hit(kind, canon[kind][acc], begin, tokens[j][2], plain))
            j += 1
            if j == n or not tokens[j][3]:
                break
            plain = plain and tokens[j][4]
            nxt = tokens[j][0]
            completes = prefixes[acc + nxt]
            acc, completes = (acc + nxt, completes) if completes is not None or nxt.isalpha() or nxt.isdigit() else \
                _lettered(nxt, acc, prefixes)
    return found


_TOKENS = st.lists(st.tuples(st.sampled_from(WORDS) | st.text("abcdefmilo0134579", min_size=1, max_size=6),
                             st.booleans(), st.booleans()), max_size=12)


@settings(max_examples=400, deadline=None)
@given(_TOKENS)
def test_values_are_the_full_walks(run):
    tokens, at = [], 0
    for word, joins, plain in run:
        tokens.append((word, at, at + len(word), joins, plain))
        at += len(word) + 1
    tokens = tuple(tokens)
    assert _values(tokens, INDEX) == _reference(tokens, INDEX)


def test_values_found_past_dead_words():
    words = [("the", True, True), ("order", True, True), ("mia", True, True), ("li", True, True), ("b3n", True, True),
             ("0kaf0r", True, True), ("fd", True, True), ("10490", True, True)]
    tokens = tuple((w, 10 * k, 10 * k + len(w), j, p) for k, (w, j, p) in enumerate(words))
    kinds = {(h.kind, h.skeleton) for h in _values(tokens, INDEX)}
    assert ("name", "miali") in kinds and ("name", "benokafor") in kinds and ("record", "fd10490") in kinds
    assert _values(tokens, INDEX) == _reference(tokens, INDEX)


def _streets_reference(customers):
    """The street forms as ``_Index._streets`` read them before the ASCII names' shortcut."""
    from tau_shaped.reward.reading.value_index import _STREET, _STREET_KINDS, _skeleton

    reads, whose = {}, {}
    for cid, c in customers.items():
        for a in c.get("addresses") or []:
            m = _STREET.match(a.get("street", "").strip()) if isinstance(a, dict) and isinstance(a.get("street"), str) else None
            if m:
                number, name = m.group(1, 2)
                sk = _skeleton(number + name)
                forms = [sk] + [_skeleton(name + k + number) for k in ("",) + _STREET_KINDS.get(_skeleton(a["street"][m.end():])[:12], ())]
                for form in forms:
                    if len(form) >= 3:
                        reads[form] = sk
                        whose.setdefault(sk, set()).add(cid)
    return reads, whose


_NAMES = st.sampled_from(["Belmont", "Oak", "Ab", "O'Neil", "Saint-Denis", "Émile", "Main", "Q", "ÅSTRÖM", "Zoë", "ΑΣ", "Elm2",
                          "straße", "İzmir", "K", "Dr"])
_AFTER = st.sampled_from(["", " St", " Street", " Ave", " avenue", " Rd.", " Blvd", " Dr", " Way", " Pl", " Ct", "  St  ", ", Apt 4",
                          " ST", " Lane", " Ln", " Unknown", "St"])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["", "  ", " "]), st.integers(0, 999999), st.sampled_from([" ", ", ", "  "]), _NAMES, _AFTER),
                min_size=1, max_size=6))
def test_street_forms_are_read_as_before(parts):
    """Every street's forms (number + name, name + number, name + kind + number), ASCII names by
    their lower case and the others through ``_skeleton``, as the reference reads them."""
    customers = {f"CU-{k}": {"addresses": [{"street": f"{lead}{number}{gap}{name}{after}"}], "email": f"x{k}@e.com"}
                 for k, (lead, number, gap, name, after) in enumerate(parts)}
    index = _index(customers)
    reads, whose = _streets_reference(customers)
    assert index.read["street"] == reads and index.whose["street"] == whose
