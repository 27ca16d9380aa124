"""Round 19's cheaper readings of the safety readers are the readings they replace, in any text and any order of reads:

- ``dish_names.DishNames.find`` keeps its answer per text: what a fresh reader of the same menus finds, whatever was read
  before on the kept one, handed out as a new list each time (a caller changing it changes nothing kept);
- ``checks.offers_unsafe._epithets_named`` keeps ``dish_epithets.epithets_named``'s answer per (message, messages
  before, menu): the same text, whatever was read before.

A safety reader fails closed: a kept answer that differs from a fresh read could hide an unsafe offer; these properties
say none does.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.checks import offers_unsafe as ou
from tau_shaped.reward.reading import dish_epithets as de
from tau_shaped.reward.reading import dish_names as dn
from tau_shaped.reward.reading import unsafe_menus as um
from tests.prop_strategies import prop_settings

_UNSAFE = ("Chicken Korma", "Salmon Roll", "Pad Thai")
_SAFE = ("Grilled Salmon", "Chana Masala", "Garlic Naan")
_PIECES = ["the ", "The ", "creamy ", "mild ", "spicy ", "one", " dish", "Chicken Korma", "chicken korma", "korma", "Korrma",
           "Kurma", "Salmon Roll", "salmon", "Salmon", " roll", "Pad Thai", "pad-thai", "Grilled Salmon", "Chana Masala",
           "naan", "Garlic Naan", " (creamy, mild)", ": creamy and mild", ", a spicy curry,", "I'd go with ", "How about ",
           "not ", "without ", "option 2", "the second one", " or ", ", ", ". ", "\n", "- ", "?", "!", "é", "K0rma",
           "I can propose ", "instead of ", " has tree nuts"]
_TEXTS = st.lists(st.sampled_from(_PIECES), max_size=16).map("".join)
_MENUS = st.sampled_from([
    um.UnsafeMenu.of(_UNSAFE, (), _SAFE, ("tree_nut",)),
    um.UnsafeMenu.of(_UNSAFE[:1], ("Chicken Korma",), _SAFE + _UNSAFE[1:], ("dairy",)),
    um.UnsafeMenu.of(_UNSAFE[1:], (), _SAFE[:1], ("fish", "peanut")),
])


def _mentions(found):
    return [(m.start, m.end, m.dish, m.unsafe, m.full) for m in found]


@prop_settings(300)
@given(st.lists(_TEXTS, min_size=1, max_size=6), st.sampled_from([(_UNSAFE, _SAFE), (_UNSAFE[:1], _SAFE + _UNSAFE[1:])]))
def test_a_kept_find_is_a_fresh_readers_find_in_any_order(texts, menus):
    kept = dn.DishNames(*menus)
    for text in texts + texts[::-1]:  # each text read again after others
        fresh = dn.DishNames(*menus)
        assert _mentions(kept.find(text)) == _mentions(fresh.find(text))


def test_find_reads_a_text_once_and_hands_out_a_new_list():
    names = dn.DishNames(_UNSAFE, _SAFE)
    calls = []
    read = names._mentions
    names._mentions = lambda text: calls.append(text) or read(text)  # type: ignore[method-assign]
    first = names.find("How about the Chicken Korma or the Pad Thai?")
    first.clear()  # a caller's change to its list changes nothing kept
    again = names.find("How about the Chicken Korma or the Pad Thai?")
    assert [m.dish for m in again] == ["Chicken Korma", "Pad Thai"]
    assert calls == ["How about the Chicken Korma or the Pad Thai?"]


def test_find_keeps_a_bounded_number_of_texts():
    names = dn.DishNames(_UNSAFE, _SAFE)
    for k in range(4100):
        names.find(f"message {k}")
    assert len(names._found) <= 4096
    assert [m.dish for m in names.find("the korma")] == ["Chicken Korma"]


@prop_settings(300)
@given(st.lists(st.tuples(_TEXTS, _TEXTS), min_size=1, max_size=4), _MENUS)
def test_kept_epithets_are_the_readers_epithets(pairs, menu):
    for text, before in pairs + pairs[::-1]:
        assert ou._epithets_named(text, before, menu) == de.epithets_named(text, before, menu)


def test_an_epithet_offer_is_read_as_before():
    menu = um.UnsafeMenu.of(_UNSAFE, (), _SAFE, ("tree_nut",))
    before = "We have the Chicken Korma (creamy, mild) and the Chana Masala (chickpeas, spicy)."
    for _ in range(2):  # read, then kept
        assert ou._epithets_named("I'd go with the creamy one.", before, menu) == "I'd go with the Chicken Korma."
