"""A dish's name cut by an emoji, another symbol or a line break is the name (SPEC §10, the unsafe
offers gate fails closed; issue 41 round 10): "Kor🍛ma", "Ko✨rma", "Kor❤️ma" (with its variation
selector), "Ko 🔥 rma", "Kor\\nma" offer the Korma as much as "Korma" does. Cases are generated over
every cut of the word and a set of joiners; controls: the same joiners between two words that are
not one dish word join nothing.
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.misspelling_scans import pieces_joined

_WORDS = frozenset({"korma", "samosa", "tempura"})
_JOINERS = ["🍛", "✨", "❤️", "🔥", " 🔥 ", "\n", "☕", "👨‍🍳"]


@pytest.mark.parametrize("word", sorted(_WORDS))
@pytest.mark.parametrize("joiner", _JOINERS)
def test_every_cut_of_a_dish_word_by_a_symbol_is_read_whole(word, joiner):
    title = word.capitalize()
    for k in range(1, len(title)):
        text = f"How about the {title[:k]}{joiner}{title[k:]} instead?"
        assert pieces_joined(_WORDS, text) == f"How about the {title} instead?", (k, text)


@pytest.mark.parametrize("joiner", _JOINERS)
@pytest.mark.parametrize("text", ["Thanks{j}see you", "The Chana{j}Masala is safe", "Order{j}FD-10045"])
def test_words_that_make_no_dish_word_stay_apart(joiner, text):
    said = text.format(j=joiner)
    assert pieces_joined(_WORDS, said) == said
