"""The disclosure gate's cheap tests before its patterns (SPEC §10: another customer's data said;
hard lines fail closed): a text is read for a card's last four digits only where it holds what
every form of the pattern holds (``card_ends.may_tell_a_card``: a card word, and in an ASCII text
without a table a word of ending, two masking marks, or a card's name before digits). What is
found so is what reading the pattern in full finds, on texts built from the forms it reads, in
any case, ASCII or not, with tables, and on any text."""

from __future__ import annotations

from unittest import mock

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.reading import card_ends
from tau_shaped.reward.reading.card_ends import _cards_told, card_end, may_tell_a_card
from tests.prop_strategies import prop_settings

CARDS = [
    "the card ending 4876", "Visa ending in 4876", "card ****4876", "xxxx-xxxx-xxxx-4876 (Mastercard)",
    "the last four digits of the card are 4876", "Mastercard ends with 4876", "card: 4876", "VISA 4876", "Amex #4876",
    "Discover = 4876", "**card** 4876", "card `4876`", "debit card, final 4 digits 4876", "American Express xx 4876",
    "master card ending: 4876", "credit card #### 4876", "a credit of $5.00", "card 1234.56", "the card on file",
    "| card | ending |\n|---|---|\n| Visa | 4876 |", "card\t4876", "card ends 4876", "ENDING 4876 (VISA)",
]
PIECES = [" ", "\n", ". ", ", ", ": ", "-", "x", "*", "#", "•", "4876 ", "ending ", "the ", "|", "Your ",
          "\u212a", "\u017f", "\u0130", "\u0131", "\u00e9", "\u00a0"]
FOLDS = [("i", "\u0131"), ("I", "\u0130"), ("k", "\u212a"), ("s", "\u017f"), ("S", "\u017f")]
VARIANTS = sorted({form for card in CARDS for form in (
    card, card.upper(), card.lower(), card.title(), *(card.replace(a, b) for a, b in FOLDS))})
TEXTS = st.one_of(
    st.sampled_from(VARIANTS),
    st.lists(st.one_of(st.sampled_from(CARDS), st.sampled_from(PIECES)), max_size=8).map("".join),
    st.text(max_size=80),
    st.text(alphabet="cardvisxeEnNdDlLaAsStT4876 *#:=|-", max_size=40),
)


def _in_full(text: str):
    with mock.patch.object(card_ends, "may_tell_a_card", lambda _text: True):
        return _cards_told(text)


def test_every_form_in_any_case_is_read_as_in_full():
    for text in VARIANTS:
        assert _cards_told(text) == _in_full(text), text


@prop_settings(800)
@given(TEXTS)
def test_cards_told_are_those_of_the_pattern_read_in_full(text):
    assert _cards_told(text) == _in_full(text)


def test_a_text_with_a_card_word_but_no_form_of_one_is_not_read():
    assert not may_tell_a_card("We added a credit of $5.00 to your account for order FD-10490.")
    assert may_tell_a_card("The Visa 4876 is not on this account.")


def test_a_card_told_is_read_again_for_each_customer():
    """Kept per text: the cards told; whose they are is read per call."""
    customers = {"C1": {"payment_methods": {"p": {"last4": "4876"}}}, "C2": {"payment_methods": {"q": {"last4": "1111"}}}}
    text = "That was the Visa ending in 4876."
    assert card_end(text, customers, "C2", "") is not None
    assert card_end(text, customers, "C1", "") is None
    assert card_end(text, customers, "C2", "my visa ends 4876") is None
