"""first_match (an index of a frozen table) answers exactly what a scan of the table answers,
whatever the episode did to the table through its copy-on-read overlay."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.env.overlay import Overlay
from tau_shaped.env.table_index import NO_MATCH, first_match, scan_first


def _email(record):
    return record["email"].lower()


def _name(record):
    return record["first"].lower(), record["last"].lower()


def _zip_is(zip_code):
    return lambda record: any(a == zip_code for a in record["zips"])


EMAILS = ["a@x", "B@x", "b@x", "c@x"]
NAMES = ["Ann", "ann", "Bo", "Cy"]
ZIPS = ["1", "2", "3"]

records = st.fixed_dictionaries({
    "email": st.sampled_from(EMAILS),
    "first": st.sampled_from(NAMES),
    "last": st.sampled_from(NAMES),
    "zips": st.lists(st.sampled_from(ZIPS), max_size=2),
})
keys = st.sampled_from([f"CU-{i}" for i in range(8)])
ops = st.lists(
    st.one_of(
        st.tuples(st.just("read"), keys),
        st.tuples(st.just("email"), keys, st.sampled_from(EMAILS)),
        st.tuples(st.just("name"), keys, st.sampled_from(NAMES)),
        st.tuples(st.just("put"), keys, records),
        st.tuples(st.just("delete"), keys),
        st.tuples(st.just("broken"), keys),
    ),
    max_size=6,
)


def _apply(table, op):
    kind, key = op[0], op[1]
    if kind == "read":
        table.get(key)
    elif kind == "email" and key in table:
        table[key]["email"] = op[2]
    elif kind == "name" and key in table:
        table[key]["first"] = op[2]
    elif kind == "put":
        table[key] = copy.deepcopy(op[2])
    elif kind == "delete":
        table.pop(key, None)
    elif kind == "broken":  # a record the key function cannot read: the scan raises at it
        table[key] = {"zips": []}


def _outcome(find, *args):
    try:
        return "found", find(*args)
    except Exception as exc:  # noqa: BLE001 - the exception itself is part of the answer
        return "raised", type(exc), str(exc)


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(st.sampled_from([f"CU-{i}" for i in range(6)]), records, max_size=6),
    st.lists(ops, min_size=1, max_size=3),
    st.sampled_from(EMAILS + ["z@x"]),
    st.tuples(st.sampled_from(NAMES), st.sampled_from(NAMES)),
    st.sampled_from(ZIPS),
)
def test_index_answers_as_the_scan_in_every_episode(base, episodes, email, name, zip_code):
    """Several episodes over one S0, each with its own writes: each sees its own writes (and
    none of another's), and the index never changes S0."""
    frozen = copy.deepcopy(base)
    wanted_name = (name[0].lower(), name[1].lower())
    for episode in episodes:
        table = Overlay({"t": base}).data["t"]
        for op in episode:
            _apply(table, op)
            assert _outcome(first_match, table, _email, email.lower()) == _outcome(scan_first, table, _email, email.lower())
            accept = _zip_is(zip_code)
            assert _outcome(first_match, table, _name, wanted_name, accept) == _outcome(
                scan_first, table, _name, wanted_name, accept)
        assert base == frozen


def test_a_write_of_the_episode_is_found_and_the_base_record_no_longer_is():
    base = {"CU-1": {"email": "old@x"}, "CU-2": {"email": "other@x"}}
    table = Overlay({"customers": base}).data["customers"]
    assert first_match(table, _email, "old@x") == "CU-1"
    table["CU-1"]["email"] = "new@x"
    assert first_match(table, _email, "new@x") == "CU-1"
    assert first_match(table, _email, "old@x") is NO_MATCH
    # another episode over the same S0 sees none of it
    other = Overlay({"customers": base}).data["customers"]
    assert first_match(other, _email, "old@x") == "CU-1"
    assert first_match(other, _email, "new@x") is NO_MATCH
    assert base["CU-1"]["email"] == "old@x"


def test_the_first_record_in_table_order_wins_when_a_later_one_is_rewritten_to_match():
    base = {"CU-1": {"email": "a@x"}, "CU-2": {"email": "b@x"}, "CU-3": {"email": "a@x"}}
    table = Overlay({"c": base}).data["c"]
    table["CU-2"]["email"] = "a@x"
    assert first_match(table, _email, "a@x") == "CU-1"
    table["CU-1"]["email"] = "z@x"
    assert first_match(table, _email, "a@x") == "CU-2"


def test_a_broken_record_raises_as_the_scan_does():
    base = {"CU-1": {"email": "a@x"}, "CU-2": {"name": "no email"}, "CU-3": {"email": "b@x"}}
    table = Overlay({"c": base}).data["c"]
    assert first_match(table, _email, "a@x") == "CU-1"  # found before the scan reaches CU-2
    with pytest.raises(KeyError, match="email"):
        first_match(table, _email, "b@x")


def test_a_plain_dict_is_scanned():
    table = {"k1": {"email": "a@x"}, "k2": {"email": "a@x"}}
    assert first_match(table, _email, "a@x") == "k1"
    table["k1"]["email"] = "b@x"  # no index of a plain dict is kept: a change is seen
    assert first_match(table, _email, "a@x") == "k2"


def test_food_delivery_lookups_answer_as_a_scan_of_the_world_and_see_the_episodes_writes():
    from tau_shaped import Action
    from tau_shaped.env.episode_runner import EpisodeRunner
    from tau_shaped.tasks.domains import load_domain
    from tau_shaped.tasks.schema import ShapedTask

    domain = load_domain("food_delivery")
    s0 = domain.load_data(0)
    task = ShapedTask.model_validate({"id": "probe", "user_id": "CU-1001", "instruction": "", "actions": []})
    tools = domain.make_env(tasks=[task], task_index=0).tools_map
    customers = s0["customers"]

    def scanned_email(email):
        return next((cid for cid, r in customers.items() if r["email"].lower() == email.lower()), None)

    def scanned_name_zip(first, last, zip_code):
        return next((cid for cid, r in customers.items()
                     if (r["first_name"].lower(), r["last_name"].lower()) == (first.lower(), last.lower())
                     and any(a["zip"] == zip_code for a in r["addresses"])), None)

    runner = EpisodeRunner(s0, tools, seed=0)

    def call(name, **kwargs):
        return runner.run_tool(Action(name=name, kwargs=kwargs), runner.overlay.data)[0]

    for cid, record in list(customers.items())[:200]:
        assert call("find_customer_by_email", email=record["email"].upper()) == scanned_email(record["email"])
        for address in record["addresses"]:
            first, last = record["first_name"], record["last_name"]
            assert call("find_customer_by_name_zip", first_name=first.upper(), last_name=last,
                        zip=address["zip"]) == scanned_name_zip(first, last, address["zip"])
    first_id, first = next(iter(customers.items()))
    runner.overlay.data["customers"][first_id]["email"] = "renamed@example.com"
    assert call("find_customer_by_email", email="Renamed@example.com ") == first_id
    found = call("find_customer_by_email", email=first["email"])
    assert found == (scanned_email(first["email"]) if scanned_email(first["email"]) != first_id
                     else "Error: no customer with that email")
    assert first["email"] != "renamed@example.com"  # S0 is left as it was
