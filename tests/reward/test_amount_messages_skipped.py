"""Two checks pass over a message on a look kept per text, where the reading it stands for could find nothing:
``amounts_read.states_none`` (``fd.statements.amounts_supported``: a message stating no amount whatever came before
it, whatever the order's fields a reference would be read with) and ``cap_offers._may_offer`` (``fd.apology.
offer_within_cap``: a message with no money or no words of an offer, whatever the cap and the money owed). Each is
compared with the reading it skips on generated texts built of the words those readers care about."""

from __future__ import annotations

from typing import Optional

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tau_shaped.reward.checks.amounts_read import _amounts_read, states_none
from tau_shaped.reward.reading.amount_references import by_reference
from tau_shaped.reward.reading.retracted_amounts import taken_back_out
from tau_shaped_domains.food_delivery import cap_offers as co

_SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

_PIECES = ["$", "$5", "$19.60", "$16.90", "20", "5.00", "twenty dollars", "5 bucks", "USD 12", "€8", "12,50", " ", " ", ", ", ". ",
           "-- ", "\n", "I said", "I told you", "I quoted", "earlier", "but", "that was wrong", "the refund was", "the same amount as",
           "an amount equal to", "as much as", "the delivery fee", "your service fee", "the tip", "the subtotal", "the total",
           "I can give you", "I've added", "how about", "you'll get", "in credit", "apology", "adding it now", "it is", "then",
           "not", "can't", "no", "Was it", "?", "No -", "Refund amount:", '"amount": 4.10', "| refund | $5.00 |", "ok", "Σ", "ſ",
           "\u212a", "é", "I", "we", "I'll", "give", "credit", "offer", "fiver", "tenner", "cents"]
_TEXTS = st.one_of(st.lists(st.sampled_from(_PIECES), max_size=20).map("".join), st.text(max_size=60))
_LOOKUPS = st.sampled_from([lambda f: None, lambda f: 2.99, lambda f: {"delivery_fee": 3.99, "tip": 4.0}.get(f)])


@_SETTINGS
@given(_TEXTS, _LOOKUPS)
@example("I refunded the same amount as the delivery fee.", lambda f: 2.99)
@example("I said $19.60 before, but the refund was $16.90.", lambda f: None)
@example("No amount here.", lambda f: None)
def test_states_none_only_where_no_amount_is_read(text: str, lookup: object) -> None:
    if states_none(text):
        assert _amounts_read(by_reference(taken_back_out(text), lookup)) == ((), ())  # type: ignore[arg-type]


def test_states_none_reads_what_states_an_amount() -> None:
    assert not states_none("I've refunded $5.00.")
    assert not states_none("I refunded the same amount as the delivery fee.")  # a reference: read with the fields
    assert not states_none("I said $19.60 before, but that was wrong.")
    assert states_none("Thanks for waiting, checking now.")


def _may_offer_before(read: str) -> bool:
    """The reading's first tests as they were, made at every (text, cap, owed): money, then an offer's words."""
    if co._MONEYISH.search(read) is None:
        return False
    return not (co._OFFER.search(read) is None and not (co._PROMISED.search(read) and co._CREDIT.search(read))
                and co._ACT_NOW_ANY.search(read) is None)


def _offered_above_before(read: str, cap: float, owed: float) -> Optional[str]:
    return co._offered_above.__wrapped__(read, cap, owed) if _may_offer_before(read) else None


@_SETTINGS
@given(_TEXTS, st.sampled_from([5.0, 10.0, 20.0]), st.sampled_from([0.0, 8.2]))
@example("I can give you $20.00 as an apology credit.", 5.0, 0.0)
@example("$15.00 it is, then -- adding it now.", 10.0, 0.0)
@example("You'll get $25 in credit.", 20.0, 0.0)
def test_offered_above_with_its_kept_look_is_the_reading(text: str, cap: float, owed: float) -> None:
    assert co._may_offer(text) == _may_offer_before(text)
    assert co._offered_above(text, cap, owed) == _offered_above_before(text, cap, owed)
