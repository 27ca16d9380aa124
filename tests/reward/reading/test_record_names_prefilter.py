"""A message that provably cannot hold a record's name (``record_names._absent``: an ASCII message whose lower
case lacks the name's first word) is not searched with the name's pattern, and the pattern is not compiled for it:
what ``_has_name`` and ``_longer_name`` read is what the name's pattern reads on its own, whatever the message and
the name (round 20, speed: a sibling dish of a menu had its pattern compiled for every message asked about it)."""

from __future__ import annotations

from unittest import mock

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.reading import record_names
from tau_shaped.reward.reading.call_values import contradicted
from tau_shaped.reward.reading.record_names import _has_name, _longer_name, _name_pattern
from tau_shaped.reward.reading.s0_ids import MAX_CHARS, S0Ids
from tests.prop_strategies import prop_settings

NAMES = st.sampled_from(["Samosa", "Salmon Roll", "pad_thai", "Miso-Soup", "Ōtoro", "x", "Kebab Plate", "Spring rolls",
                         " Fries ", "Tom-Yum_soup", "C++ Bowl", "Ice (cream)", "st. louis ribs", "", "  ", "Ali's Wrap"])
PIECES = st.sampled_from([
    "Samosa", "SAMOSA", "samosa", "Samosa Chaat", "Samosa Please", "salmon  roll", "Salmon_Roll", "Salmon-Roll", "Pad Thai",
    "pad-thai", "PAD_THAI", "Miso Soup", "miso", "Ōtoro", "ŌTORO", "ōtoro", "x", "X", "Kebab", "\u212aebab", "KEBAB plate",
    "spring", "Rolls", "fries", "FRIES", "tom yum soup", "Tom-Yum-Soup", "c++ bowl", "C++", "ice (cream)", "Ice", "ST. LOUIS RIBS",
    "s\u017fx", "\u017famosa", "\u0130", "ali's wrap", "ALI'S", "Wrap", "FD-10045", "$16.90", "Shall", "I", "The", "a", ",", ".",
    "?", "-", "_", "\u00a0", "\t", " ", "\n", "Chaat", "Sounds",
])
TEXTS = st.lists(PIECES, max_size=9).map(" ".join) | st.lists(PIECES, max_size=9).map("".join) \
    | st.text(alphabet="SsAaMmOoXxKk\u212a\u017f \t\u00a0_-.,?'", max_size=30)


def _unfiltered(reader, text: str, name: str):
    """``reader`` (``_has_name``, ``_longer_name``) with the substring test made to say "may hold" every time."""
    with mock.patch.object(record_names, "_absent", lambda text, name: False):
        return reader(text, name)


@prop_settings(2000)
@given(TEXTS, NAMES)
def test_a_name_is_read_as_its_pattern_reads_it(text, name):
    assert _has_name(text, name) == _unfiltered(_has_name, text, name)
    assert _longer_name(text, name) == _unfiltered(_longer_name, text, name)


@prop_settings(1000)
@given(TEXTS, NAMES)
def test_a_message_the_prefilter_skips_has_no_match_of_the_name(text, name):
    if record_names._absent(text[:MAX_CHARS], name):
        assert _name_pattern(name).search(text[:MAX_CHARS]) is None


def test_names_are_still_read_and_a_message_without_the_name_compiles_no_pattern():
    assert _has_name("Shall I swap in the samosa?", "Samosa")
    assert not _has_name("Shall I swap in the Samosa Chaat?", "Samosa")
    assert _longer_name("Shall I swap in the Samosa Chaat?", "Samosa") == "Samosa Chaat"
    assert _has_name("ſamosa it is", "Samosa")  # not ASCII: read by the pattern (a case-blind s matches the long s)
    _name_pattern.cache_clear()
    assert not _has_name("I can refund $16.90 for order FD-10045. OK?", "Gulab Jamun")
    assert _longer_name("I can refund $16.90 for order FD-10045. OK?", "Gulab Jamun") is None
    assert _name_pattern.cache_info().currsize == 0  # the name not said: its pattern never compiled


def test_another_dish_of_the_menu_is_still_another_item():
    world = {"restaurants": {"R-1": {"restaurant_id": "R-1", "menu": [
        {"item_id": "MI-101-01", "name": "Samosa"}, {"item_id": "MI-101-02", "name": "Gulab Jamun"},
        {"item_id": "MI-101-03", "name": "Chicken Korma"}]}}}
    index = S0Ids(world)
    kwargs = {"order_id": "FD-10045", "item_id": "MI-101-01"}
    assert contradicted("Shall I swap in the gulab jamun for order FD-10045?", kwargs, index) == "item_id: Gulab Jamun"
    assert contradicted("Shall I swap in the Samosa for order FD-10045?", kwargs, index) is None
    assert contradicted("Shall I swap in a new one for order FD-10045?", kwargs, index) is None
