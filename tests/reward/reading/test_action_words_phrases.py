"""A phrasal verb names its action in any form of its verb (``action_words``): "called off" is a
cancellation, "topped up" a refuel's top-up, "sent back" a return; the phrase's particle alone
("off", "up") or another verb before it names nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward.reading.action_words import ACTIONS, names_action

ALL = tuple(w for words in ACTIONS.values() for w in words)


@pytest.mark.parametrize("text, phrase", [
    ("Order #W123 can be called off right away. Shall I?", "called off"),
    ("I'm calling off order FD-10045 now, OK?", "calling off"),
    ("I've topped up 2 GB on your line.", "topped up"),
    ("Once it's sent back, the refund follows.", "sent back"),
    ("We paid back the $12 difference.", "paid back"),
    ("They dropped off the bag at 7.", "dropped off"),
    ("We gave back the credit.", "gave back"),
])
def test_a_phrasal_verb_in_any_form_of_its_verb_names_its_action(text, phrase):
    assert names_action(text, ALL) == phrase


@pytest.mark.parametrize("text", ["Let me take it off the list.", "It's up to you.", "I walked off.", "I can't call off the order."])
def test_the_particle_alone_another_verb_or_a_negation_names_nothing(text):
    assert names_action(text, ("call off", "top up")) is None


@pytest.mark.parametrize("text", [
    "Here is the exchange I'll submit:\n- Returning: Water Bottle (1000ml, blue)\n- Receiving: Water Bottle (750ml, blue)\nShall I go ahead?",
    "You'd be trading in the 1000ml bottle for the 750ml one. OK?",
])
def test_an_exchange_said_as_what_goes_back_and_what_comes_in_names_it(text):
    assert names_action(text, "exchange") is not None


def test_receiving_denied_names_no_exchange():
    assert names_action("You won't receive anything new for it.", "exchange") is None


_PIECES = sorted({p for w in ALL for p in w.split()} | {"ed", "ing", "s", "lation", "-", " ", "  ", "\u00a0", ".", ",",
                                                        "not", "Cancel", "REFUNDED", "é", "_", "1", "e"})


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=12), st.sampled_from(sorted(ACTIONS)))
def test_the_kinds_pattern_finds_what_its_words_patterns_find(pieces, kind):
    """The words of a kind are compiled as one pattern with the word start, the inflection and
    the word end written once: it finds the same words, at the same places, as the words'
    patterns joined."""
    import re

    from tau_shaped.reward.reading.action_words import _pattern, _word_pattern

    text = "".join(pieces) if len(pieces) % 2 else " ".join(pieces)
    joined = re.compile("|".join(_word_pattern(w) for w in ACTIONS[kind]), re.IGNORECASE)
    assert [(m.span(), m.group(0)) for m in _pattern(ACTIONS[kind]).finditer(text)] == \
        [(m.span(), m.group(0)) for m in joined.finditer(text)]
