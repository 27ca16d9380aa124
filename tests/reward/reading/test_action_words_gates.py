"""Round 20 (speed): patterns tried only where the text holds a word every match of them holds, read as before.

- ``action_words._denied_after``: ``_NEGATED_AFTER`` and ``_DENIED_LATER`` (an action said, then denied in its clause)
  are not tried on an ASCII text whose lower case holds none of ``_NEGATED_WORDS`` (resp. "but");
- ``amount_items._named``: an item's name pattern is not searched in a clause that lacks the name's text.

Each reads as the patterns read on their own, whatever the text and the place."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.reading import action_words
from tau_shaped.reward.reading.action_words import _DENIED_LATER, _NEGATED_AFTER, _NEGATED_WORDS, _denied_after, names_action
from tau_shaped.reward.reading.amount_items import _named
from tests.prop_strategies import prop_settings

PIECES = st.sampled_from([
    "refund", "cancel it", "is", "isn't", "ISN'T", "isn’t", "is not", "IS NOT", "isnt", "not", "never", "Never", "cannot",
    "can not", "can't", "can’t", "won't be", "would not be", "will not", "be", "done", "possible", "POSSIBLE", "an option",
    "impossible", "out of the question", "off the table", "not on the table", "is off the Table", "but", "BUT", "but I can't",
    "but that's not possible", "but policy doesn't allow", "but the system won't let", "really", "something", "able",
    "authorized", "allowed", "$16.90", "FD-10045", ".", ",", "!", "?", ";", "\n", " ", "\t", "\u00a0", "\u212a", "\u017f",
    "i\u017f", "impo\u017f\u017fible", "n\u0131t", "that", "it", "which", "'s", "it's", "that's", "right now", "today",
])
TEXTS = st.lists(PIECES, max_size=12).map(" ".join) | st.lists(PIECES, max_size=8).map("".join) \
    | st.text(alphabet="abnotisevrup'’ \t.,\u00a0\u017f\u212aNOTBUTI", max_size=40)


@prop_settings(2000)
@given(TEXTS, st.integers(min_value=0, max_value=60))
def test_a_denial_is_read_as_its_patterns_read_it(text, end):
    end = min(end, len(text))
    assert _denied_after(text, end) == bool(_NEGATED_AFTER.match(text, end) or _DENIED_LATER.match(text, end))


@prop_settings(1000)
@given(TEXTS, st.integers(min_value=0, max_value=60))
def test_every_match_holds_a_gate_word(text, end):
    for m in (_NEGATED_AFTER.match(text, end), _NEGATED_AFTER.search(text)):
        if m is not None and text.isascii():
            assert any(w in m.group(0).lower() for w in _NEGATED_WORDS)
    for m in (_DENIED_LATER.match(text, end), _DENIED_LATER.search(text)):
        if m is not None and text.isascii():
            assert "but" in m.group(0).lower()


def test_denials_are_still_read():
    assert names_action("A refund of $16.90 isn't possible, sorry.", "money_to_customer", to_come=True) is None
    assert names_action("I was going to refund $16.90, but I can't.", "money_to_customer", to_come=True) is None
    assert names_action("Cancelling FD-10045 is out of the question.", "cancel", to_come=True) is None
    assert names_action("Shall I refund $16.90 to your card?", "money_to_customer", to_come=True) == "refund"


def test_a_text_without_the_words_is_not_searched(monkeypatch):
    tried = []

    class Spy:
        def __init__(self, pattern):
            self.pattern = pattern

        def match(self, text, pos=0):
            tried.append(self.pattern)
            return self.pattern.match(text, pos)

    monkeypatch.setattr(action_words, "_NEGATED_AFTER", Spy(_NEGATED_AFTER))
    monkeypatch.setattr(action_words, "_DENIED_LATER", Spy(_DENIED_LATER))
    assert not _denied_after("Shall I refund $16.90 to your card for order FD-10045?", 14)
    assert tried == []
    assert _denied_after("A refund of $16.90 is not possible.", 8)
    assert _denied_after("A refund of $16.90 is n\u0131ce, but I can't.", 8)  # not ASCII: read by the patterns


NAMES = st.sampled_from(["Onion Rings", "BBQ Ribs", "Pad Thai", "C++ Bowl", "Ice (cream)", "Ōtoro", "Fries", "a"])
CLAUSES = st.lists(st.sampled_from(["onion rings", "onion", "rings", "bbq ribs", "pad thai", "pad", "c++ bowl",
                                    "ice (cream)", "ōtoro", "fries", "a", "and", " ", ",", "$16.90", "the"]),
                   max_size=8).map(" ".join) | st.text(alphabet="onigrsfeda ()+", max_size=20)


@prop_settings(1000)
@given(NAMES, CLAUSES)
def test_an_item_is_named_as_its_pattern_reads_it(name, clause):
    assert _named(name, clause) == (re.search(r"(?<![\w])" + re.escape(name.lower()) + r"(?![\w])", clause) is not None)
