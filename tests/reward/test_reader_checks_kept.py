"""What the disclosure and amount checks keep per message (a GRPO group's rollouts repeat their
messages and the customer's words) is what reading gives afresh: a disclosure is kept by the
world's tables (compared by identity) and the message, whose chat it is, whether ids are read,
the passengers booked and every word the customer said before it; a message's amounts (not
negated, nor asked and denied, and the bare numbers a money key names) and what its words say
was moved, by its text. Long messages are read every time."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.checks import discloses, unsupported_amount
from tau_shaped.reward.reading.disclosures import Heard, other_customers_data
from tau_shaped.reward.reading.done_money import done_kinds
from tau_shaped.reward.reading.money_claims import keyed_amounts
from tau_shaped.reward.reading.statements import stated_amounts
from tau_shaped.reward.reading.text_matching import _KEPT_TEXT
from tests.prop_strategies import prop_settings


def _world(email: str, status: str):
    customers = {
        "CU-1": {"email": email, "phone": "503-555-7232", "first_name": "Mia", "last_name": "Li", "orders": ["FD-10490"]},
        "CU-2": {"email": "ben.h@example.com", "phone": "503-555-1111", "first_name": "Ben", "last_name": "Haddad",
                 "orders": ["FD-10491"]},
    }
    orders = {"FD-10490": {"customer_id": "CU-1", "total": 70.52, "items": [{"name": "Salmon Roll"}]},
              "FD-10491": {"customer_id": "CU-2", "total": 12.5, "items": [{"name": "Green Tea"}]}}
    return customers, {"fd10490": status, "10490": status, "fd10491": "placed", "10491": "placed"}, orders, None


# two worlds alike but for Mia's email and her order's status (each its own tables)
WORLDS = [_world("mia.li7@example.com", "delivered"), _world("mia.li8@example.com", "cancelled")]
MESSAGES = ["Her email is mia.li7@example.com.", "FD-10490 was delivered.", "That order came to $70.52.",
            "Mia Li placed it.", "Mr. Li's phone ends in 7232.", "Your order is on its way.",
            "Ben Haddad, your order FD-10491 is placed."]
SAID = ["", "My friend's email is mia.li7@example.com", "Is FD-10490 delivered?", "I am Ben, phone 503-555-1111"]
CASES = st.tuples(st.sampled_from(MESSAGES), st.integers(0, 1), st.sampled_from(["CU-1", "CU-2", "CU-9"]),
                  st.lists(st.sampled_from(SAID), min_size=1, max_size=3), st.booleans(),
                  st.sampled_from([(), (("Mia", "Li"),)]))


def _afresh(text, world, own, said, ids, booked):
    customers, statuses, orders, couriers = world
    return other_customers_data(text, customers, own, Heard(said), ids, statuses, booked, orders, couriers)


def _kept(text, world, own, said, ids, booked):
    customers, statuses, orders, couriers = world
    return discloses._data_stated(text, customers, own, Heard(said), tuple(said), ids, statuses, booked, orders, couriers)


@prop_settings(150)
@given(st.lists(CASES, min_size=1, max_size=8))
def test_a_disclosure_kept_is_the_one_read_afresh_in_its_chat(cases):
    for text, w, own, said, ids, booked in cases + cases[::-1]:  # each seen twice, others read in between
        assert _kept(text, WORLDS[w], own, said, ids, booked) == _afresh(text, WORLDS[w], own, said, ids, booked)


def test_the_same_message_is_judged_again_where_what_it_depends_on_differs():
    leak = "Her email is mia.li7@example.com."
    assert _kept(leak, WORLDS[0], "CU-2", ("",), True, ()) is not None
    assert _kept(leak, WORLDS[0], "CU-2", ("", SAID[1]), True, ()) is None  # the customer said it first
    assert _kept(leak, WORLDS[0], "CU-1", ("",), True, ()) is None  # her own
    assert _kept(leak, WORLDS[1], "CU-2", ("",), True, ()) is None  # another world: no one's email
    assert _kept("Mia Li placed it.", WORLDS[0], "CU-2", ("",), True, (("Mia", "Li"),)) is None  # a passenger booked
    status = "FD-10490 was delivered."
    assert _kept(status, WORLDS[0], "CU-2", ("",), False, ()) is None  # ids not read
    assert _kept(status, WORLDS[0], "CU-2", ("",), True, ()) is not None
    assert _kept(leak, WORLDS[0], "CU-2", ("",), True, ()) is not None  # and as it was


def test_a_long_message_is_read_every_time_and_not_kept():
    long = "x" * _KEPT_TEXT + " Her email is mia.li7@example.com."
    before = len(discloses._KEPT)
    assert _kept(long, WORLDS[0], "CU-2", ("",), True, ()) == _afresh(long, WORLDS[0], "CU-2", ("",), True, ()) is not None
    assert len(discloses._KEPT) == before


PIECES = st.sampled_from(["I can't give you $50", "Was it $20? No - $16.90", "Refund amount: 16.90", "I've refunded $20",
                          "the total is 12.50", "you were charged $29.50", "20 bucks", "not ", "$5.26", " ", ".", "\n"])
TEXTS = st.one_of(st.lists(PIECES, max_size=6).map("".join), st.text(max_size=40))


@prop_settings(200)
@given(st.lists(TEXTS, min_size=1, max_size=6))
def test_the_amounts_kept_are_those_read_afresh(texts):
    for text in texts + texts[::-1]:
        stated, keyed = unsupported_amount._amounts_read(text)
        assert (stated, keyed) == unsupported_amount._read_amounts(text)
        assert set(stated) <= set(stated_amounts(text)) and list(keyed) == keyed_amounts(text)
        assert unsupported_amount._done(text) == tuple(done_kinds(text, [(i.start, i.end) for i in stated]))


def test_negated_and_denied_amounts_are_not_stated_and_moved_ones_are_said_so():
    stated, keyed = unsupported_amount._amounts_read("I can't give you $50. Was it $20? No - $16.90. Refund amount: 4.10")
    assert [s.value for s in stated] == [16.9] and [k.value for k in keyed] == [4.1]
    assert unsupported_amount._done("I've refunded $20 to your card.") == ("refund",)
