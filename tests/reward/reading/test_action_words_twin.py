"""action_words reads an ASCII text in lower case with the case-sensitive twin of a kind's
case-blind pattern (``_low_pattern``): the same matches at the same places, for the pattern has
no capital letter but in a set that holds its lower case too ("[A-Za-z]" of an id between a verb
and its particle). A word list with a capital or beyond ASCII keeps the case-blind pattern."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.reading import action_words as aw
from tests.prop_strategies import prop_settings
from tests.reward.reading.words_held import capital_letters

KINDS = sorted(aw.ACTIONS)


@pytest.mark.parametrize("kind", KINDS)
def test_each_kinds_twin_is_its_pattern_case_sensitive_with_no_capital(kind):
    pattern, low = aw._pattern(aw.ACTIONS[kind]), aw._low_pattern(aw.ACTIONS[kind])
    assert low is not None and low.pattern == pattern.pattern and low.flags == pattern.flags & ~re.IGNORECASE
    assert capital_letters(pattern) == set()


def test_a_set_closed_under_case_holds_no_capital_and_one_that_is_not_does():
    assert capital_letters(re.compile("[A-Za-z]{0,4}[0-9]", re.I)) == set()
    assert capital_letters(re.compile("[^A-Za-z]x", re.I)) == set()
    assert capital_letters(re.compile("[A-Zb]", re.I)) == {chr(c) for c in range(65, 91)} - {"B"}


def test_a_word_list_with_a_capital_or_beyond_ascii_has_no_twin():
    assert aw._low_pattern(("Propose",)) is None  # its stem "Propos" keeps the capital
    assert aw._low_pattern(("café",)) is None
    assert aw.names_action("a PROPOSAL for you", ["Propose"]) == "PROPOSAL"
    assert aw.names_action("the refund", ["refund"]) == "refund"


def test_the_word_is_given_as_the_text_has_it():
    assert aw.names_action("I'll REFUND $16.90, OK?", "money_to_customer", to_come=True) == "REFUND"
    assert aw.names_action("We can Top It Up with 2 GB", "money_to_customer") == "Top It Up"
    assert aw.names_action("Shall I Call The Order Off?", "cancel") == "Call The Order Off"


WORDS = st.sampled_from([
    "Refund", "REFUNDED", "refunding", "credit", "Credit", "card", "wallet", "Cancel", "cancellation", "CALLED", "off",
    "call", "the", "order", "Off", "top", "IT", "up", "Top", "L1002", "fd10045", "AB12", "Give", "gave", "back", "Pay",
    "paid", "YOU", "send", "Sent", "again", "Re-deliver", "drop-off", "drop", "Off", "Address", "addr", "Route", "stops",
    "order of stops", "not", "can't", "instead of", "I've", "just", "ſend", "K", "İ", "é", "\u00a0", "-", " ", "_",
    ".", ",", "?", "\n", "$16.90", "Propose", "proposal", "swap", "Passenger", "pax", "cxl", "CANX", "voucher",
])
TEXTS = st.lists(WORDS, max_size=14).map(" ".join) | st.lists(WORDS, max_size=8).map("".join)


@prop_settings(1500)
@given(TEXTS, st.sampled_from(KINDS))
def test_an_ascii_text_in_lower_case_matches_where_the_case_blind_pattern_does(text, kind):
    pattern, low = aw._pattern(aw.ACTIONS[kind]), aw._low_pattern(aw.ACTIONS[kind])
    if text.isascii():
        assert [m.span() for m in low.finditer(text.lower())] == [m.span() for m in pattern.finditer(text)]
    found = aw._read_action(text, aw.ACTIONS[kind], True)
    first = [m for m in pattern.finditer(text) if text[m.start():m.end()] == found]
    assert found is None or first  # what is read is a match of the case-blind pattern, as the text has it


# consent_scope.another_method reads an ASCII text's method words in it lower-cased (each of
# _METHOD_WORDS a substring) instead of searching it with _METHOD_HINT (their case-blind alternation)
METHOD_TEXTS = st.lists(st.sampled_from([
    "Card", "VISA", "PayPal", "gift", "Voucher", "certificate", "WALLET", "credit", "Balance", "mastercard", "AMEX", "debit",
    "Bank", "refund", "to", "your", "ending", "4242", "baNK", "ca", "rd", "ſ", "K", "İ", "é", " ", "\n", "$16.90", "gif", "t",
]), max_size=12).map("".join)


def test_the_method_hint_is_its_words():
    from tau_shaped.reward.reading import consent_scope as cs
    assert cs._METHOD_HINT.pattern == "(?i)" + "|".join(cs._METHOD_WORDS) and all(w == w.lower() for w in cs._METHOD_WORDS)


@prop_settings(1500)
@given(METHOD_TEXTS)
def test_a_method_word_in_an_ascii_text_lower_cased_is_a_match_of_the_hint(text):
    from tau_shaped.reward.reading import consent_scope as cs
    if text.isascii():
        assert any(map(text.lower().__contains__, cs._METHOD_WORDS)) == (cs._METHOD_HINT.search(text) is not None)


def test_the_moved_amounts_twin_is_its_pattern_case_sensitive_with_no_capital():
    assert aw._MOVED_LOW.pattern == aw._MOVED.pattern and aw._MOVED_LOW.flags == aw._MOVED.flags & ~re.IGNORECASE
    assert capital_letters(aw._MOVED) == set()


MOVED_TEXTS = st.lists(st.sampled_from([
    "$16.90", "USD 5", "us$3", "Us$ 12", "16.90", "2 GB", "3 Gigs", "5 DOLLARS", "4 bucks", "1 and 50 cents", "back", "Refunded",
    "CREDIT", "→", "->", "=>", "⟶", "➜", "➡️", "⇒", "to", "TO", "onto", "Into", "back to", "your", "The", "my", "wallet", "Store",
    "account", "credit", "as", "In", "And", "plus", "ALSO", "then", "Charged", "fee", "Total", "paid", ":", ";", ",", ".", "|", "-",
    "(", ")", "\n", " ", "\t", "FD-10045", "I've", "refunded", "ſ", "K", "é", "card", "Card",
]), max_size=14).map(" ".join)


@prop_settings(2000)
@given(MOVED_TEXTS)
def test_the_moved_amounts_are_those_the_case_blind_pattern_replaces(text):
    assert aw._moved_out(text) == aw._MOVED.sub(aw._moved, text)


def test_an_amount_moved_keeps_the_texts_case():
    assert aw.confirmation_text("FD-10045: $16.90 → Wallet. OK?") == "FD-10045: $16.90 added to Wallet. OK?"
    assert aw.confirmation_text("And USD 5 BACK TO Your card") == "And USD 5 BACK added to Your card"
    assert aw.confirmation_text("Charged $4 → card") == "Charged $4 → card"
