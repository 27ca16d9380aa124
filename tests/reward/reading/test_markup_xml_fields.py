"""An XML record's fields read apart (issue 41, round 16; round 15 left it: SPEC §10, markup is read as the customer
sees it). "<order>#W9284598</order><reason>ordered by mistake</reason>" was read "#W9284598ordered by mistake", so the
order id was not stated (retail/airline confirmations in XML: false fails). Two sibling elements whose names HTML does
not know, one closed right before the next opens, are read apart; inline HTML still joins what it splits ("Ko<b>rm</b>a"),
and so does one unknown element inside a word ("K<xy>or</xy>ma": a disguise stays read as the word)."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.normalize_markup import rendered


@pytest.mark.parametrize("text, shown", [
    ("<cancel><order>#W9284598</order><reason>ordered by mistake</reason></cancel>", "#W9284598; ordered by mistake"),
    ("<bags><reservation>FQ8APE</reservation><total>3</total><paid>0</paid></bags>", "FQ8APE; 3; 0"),
    ("<order>#W1</order>\n<reason>no longer needed</reason>", "#W1\n; no longer needed"),
    # controls: HTML joins; one element inside a word joins; the same element twice joins
    ("Ko<b>rm</b>a", "Korma"),
    ("Ch<span>icken</span><em> Korma</em>", "Chicken Korma"),
    ("K<xy>or</xy>ma", "Korma"),
    ("<id>W1</id><id>W2</id>", "W1W2"),
])
def test_sibling_fields_are_read_apart(text, shown):
    assert rendered(text) == shown


def test_the_order_id_is_seen_in_an_xml_confirmation():
    s = seen("<cancel><order>#W9284598</order><reason>ordered by mistake</reason></cancel>\nShall I cancel it?")
    assert "#W9284598" in s and "#W9284598ordered" not in s


def test_a_field_named_with_an_underscore_is_read_apart():
    t = "<result><reservation>PEP4E0</reservation><add_insurance>not possible: booking time only</add_insurance></result>"
    assert rendered(t) == "PEP4E0; not possible: booking time only"
