"""Two prefilters of the disclosure reader read an ASCII text's words in it lower-cased instead of
scanning it with an ignore-case pattern: ``card_ends.may_tell_a_card`` (``CARD_HINT``'s card words)
and ``identifiers._ends_hinted`` (``_END_HINT``'s words and three masking marks). Their answers are
the patterns' on every text: the reference is each as it was (the pattern), over ASCII texts in any
case and texts beyond ASCII (where ignore-case letters such as "ſ" or the Kelvin sign match too, the
pattern itself is read)."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from tau_shaped.reward.reading import card_ends, identifiers

PIECES = ["card", "CARD", "Visa", "viSA", "master", "MasterCard", "AMEX", "American", "discover", "Debit", "CREDIT", "cred", "vis",
          "end", "END", "Ending", "last", "LAST", "final", "Fin", "xxx", "XXX", "xXx", "***", "###", "**", "x*#", "•••", "x•x",
          "ſ", "\u212a", "İ", "ı", " ", "|", "\n", "4876", "-", "=", ":", "#", "é", "a", "the", "your", "Visa 4876", "card: 0098"]


def _card_reference(text: str) -> bool:
    if card_ends.CARD_HINT.search(text) is None:
        return False
    if not text.isascii() or "|" in text:
        return True
    low = text.lower()
    return "end" in low or "last" in low or "final" in low or card_ends._MARKS.search(low) is not None or \
        card_ends._NAMED_DIGITS.search(low) is not None


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=10).map("".join))
def test_card_hint_read_as_the_pattern(text):
    assert card_ends.may_tell_a_card(text) == _card_reference(text)


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=10).map("".join))
def test_end_hint_read_as_the_pattern(text):
    assert identifiers._ends_hinted.__wrapped__(text) == (identifiers._END_HINT.search(text) is not None)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_any_text(text):
    assert card_ends.may_tell_a_card(text) == _card_reference(text)
    assert identifiers._ends_hinted.__wrapped__(text) == (identifiers._END_HINT.search(text) is not None)


def test_cases():
    for text in ("Your Visa ending 4876", "the CARD on file", "no hint here", "XXX-XXX-5193", "ends in 5193", "Ma\u017fterCard", "\u212aard"):
        assert card_ends.may_tell_a_card(text) == _card_reference(text)
        assert identifiers._ends_hinted.__wrapped__(text) == (identifiers._END_HINT.search(text) is not None)
