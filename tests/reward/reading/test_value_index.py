"""``value_index._Index`` (SPEC §10: every customer's values, what a message's tokens are looked
up in) is made kind by kind, each a table of skeletons and one of whose they are. Checked against
a plain reading of its definition (one table of every (kind, value): what it is read as, written
in customer order, the last write winning; whose it is; each customer's own values) on generated
worlds whose customers share names, reversed names, phones, streets and ids."""

from __future__ import annotations

from typing import Any, Dict, List, Set, Tuple

from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward.reading.value_index import _STREET, _STREET_KINDS, _digits, _Index, _skeleton

NAMES = ["Mia", "Li", "Ana", "Lee", "José", "Ng", "O'Neil", "Bo"]
STREETS = ["12 Oak Ave", "7234 Belmont St", "12 Oak Avenue", "9 Li Way", "Oak St", "1041 Division St.", "1 A St", "2 B Street", "3 Émile Rd"]
IDS = ["FD-10490", "fd10490", "DRCMIN", "PM-1", "CU-1001", "10490", "AB-12"]
PHONES = ["503-555-1234", "+1 503 555 1234", "5551234", "12", "(503) 555-0000"]
EMAILS = ["mia.li@x.com", "li.mia@x.com", "mia.li@y.org", "bo@z.com", "nope"]


def _reference(customers: Dict[str, Any]) -> Tuple[Dict[Tuple[str, str], str], Dict[Tuple[str, str], Set[str]],
                                                     Dict[str, Set[Tuple[str, str]]], Dict[str, Set[str]]]:
    canon: Dict[Tuple[str, str], str] = {}
    owners: Dict[Tuple[str, str], Set[str]] = {}
    own: Dict[str, Set[Tuple[str, str]]] = {}
    kinds: Dict[str, Set[str]] = {}
    for cid, c in customers.items():
        found: List[Tuple[str, str, Any, bool]] = [("record", _skeleton(cid), None, False)]
        email = c.get("email")
        if isinstance(email, str) and "@" in email:
            found.append(("email", _skeleton(email.lower().rsplit("@", 1)[0]), None, False))
        phone = c.get("phone")
        if isinstance(phone, str) and len(_digits(phone)) >= 7:
            digits = _digits(phone)[-10:]
            found += [("phone", f, None, False) for f in {digits, "1" + digits, digits[-7:]}]
        first, last = c.get("first_name"), c.get("last_name")
        if isinstance(first, str) and isinstance(last, str):
            found += [("name", _skeleton(first + last), None, False), ("name", _skeleton(last + first), _skeleton(first + last), False)]
        for a, b in c.get("own_names") or []:
            found += [("name", _skeleton(a + b), None, True), ("name", _skeleton(b + a), _skeleton(a + b), True)]
        for a in c.get("addresses") or []:
            m = _STREET.match(a["street"].strip())
            if m:
                sk = _skeleton(m.group(1) + m.group(2))
                found.append(("street", sk, None, False))
                for k in ("",) + _STREET_KINDS.get(_skeleton(a["street"][m.end():])[:12], ()):
                    found.append(("street", _skeleton(m.group(2) + k + m.group(1)), sk, False))
        for rid in list(c.get("record_ids") or []) + list(c.get("orders") or []):
            sk = _skeleton(rid)
            if len(sk) >= 5:
                found.append(("record", sk, None, False))
                if not sk.isalpha() and len(_digits(sk)) >= 5 and _digits(sk) != sk:
                    found.append(("digits", _digits(sk), None, False))
        for kind, sk, read, own_only in found:
            if len(sk) < 3:
                continue
            canon[(kind, sk)] = sk if read is None else read
            value = (kind, canon[(kind, sk)])
            own.setdefault(cid, set()).add(value)
            if not own_only:
                owners.setdefault(value, set()).add(cid)
            kinds.setdefault(sk, set()).add(kind)
    return canon, owners, own, kinds


_person = st.fixed_dictionaries({
    "first_name": st.sampled_from(NAMES), "last_name": st.sampled_from(NAMES),
    "email": st.sampled_from(EMAILS), "phone": st.sampled_from(PHONES),
    "addresses": st.lists(st.builds(lambda s: {"street": s}, st.sampled_from(STREETS)), max_size=2),
    "orders": st.lists(st.sampled_from(IDS), max_size=3), "record_ids": st.lists(st.sampled_from(IDS), max_size=2),
    "own_names": st.lists(st.tuples(st.sampled_from(NAMES), st.sampled_from(NAMES)), max_size=2),
})
_world = st.lists(_person, min_size=1, max_size=6).map(lambda people: {f"CU-{1001 + i}": p for i, p in enumerate(people)})


@settings(max_examples=300, deadline=None)
@given(_world)
def test_index_reads_as_the_plain_table(customers: Dict[str, Any]) -> None:
    canon, owners, own, kinds = _reference(customers)
    index = _Index(customers)
    assert {sk: tuple(sorted(k)) for sk, k in kinds.items()} == index.kinds
    assert {(kind, sk) for kind in index.read for sk in index.read[kind]} == set(canon)
    for (kind, sk), read in canon.items():
        assert index.read_as(kind, sk) == read
        assert index.owners(kind, read) == owners.get((kind, read), set())
        for cid in list(customers) + ["nobody"]:
            mine = owners.get((kind, read), set())
            assert index.theirs(kind, read, cid) == (bool(mine) and bool(mine - {cid}) and (kind, read) not in own.get(cid, ()))
        for n in range(1, len(sk) + 1):
            expected = tuple(sorted(kinds[sk[:n]])) if sk[:n] in kinds else ()
            assert index.prefixes[sk[:n]] == expected
        assert index.prefixes[sk + "zz"] is None or any(v.startswith(sk + "zz") for v in kinds)


def test_a_reversed_name_is_read_as_the_last_customer_writes_it() -> None:
    """"Mia Li" and "Li Mia" both customers: "limia" is read as the later one's reading of it."""
    customers = {"C1": {"first_name": "Mia", "last_name": "Li"}, "C2": {"first_name": "Li", "last_name": "Mia"}}
    index = _Index(customers)
    assert index.read_as("name", "limia") == "limia" and index.read_as("name", "miali") == "limia"
    index = _Index({"C2": customers["C2"], "C1": customers["C1"]})
    assert index.read_as("name", "limia") == "miali" and index.read_as("name", "miali") == "miali"


def test_a_passenger_is_the_customers_own_and_no_ones_else() -> None:
    customers = {"C1": {"first_name": "Ana", "last_name": "Lee", "own_names": [("Bo", "Ng")]},
                 "C2": {"first_name": "Bo", "last_name": "Ng"}}
    index = _Index(customers)
    assert not index.theirs("name", "bong", "C1") and index.theirs("name", "bong", "C3")
    assert index.theirs("name", "analee", "C2") and index.owners("name", "bong") == {"C2"}
