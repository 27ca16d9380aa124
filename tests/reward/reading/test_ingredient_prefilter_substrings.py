"""``UnsafeMenu.may_describe`` reads the stems of ``ingredient_stems`` as substrings of the text in lower case: exactly
what ``ingredient_prefilter``'s alternation of the same literals finds, with no program compiled per allergen set."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.prop_strategies import prop_settings

ALLERGEN_SETS = [frozenset(), frozenset({"tree_nut"}), frozenset({"dairy", "egg"}), frozenset({"gluten", "soy", "shellfish"}),
                 frozenset({"peanut", "sesame", "fish"}), frozenset({"mustard"}), frozenset({"tree nut", "celery"})]
DESCRIBED = st.lists(st.sampled_from(["a", "curry", "with", "Cashews", "NUTS", "nut-free", "pine", "Yoghurt", "yogurt", "mayo",
                                      "TAHINI", "prawn", "crab", "Soya", "tofu", "breadcrumbs", "panko", "celery", "Mustard",
                                      "ſesame", "İ", "é", "\u212a", "-", " ", "\n", "cheesy", "ghee", "milk", "oat", "x"]),
                     max_size=10).map(" ".join) | st.text(max_size=20)


@prop_settings(500)
@given(DESCRIBED, st.sampled_from(ALLERGEN_SETS))
def test_may_describe_is_the_prefilters_finding(text, allergens):
    from tau_shaped.reward.reading.allergen_words import ingredient_prefilter
    from tau_shaped.reward.reading.unsafe_menus import UnsafeMenu
    menu = UnsafeMenu.of(["Chicken Korma"], (), (), allergens)
    assert menu.may_describe(text) is (ingredient_prefilter(menu.allergens).search(text.lower()) is not None)
