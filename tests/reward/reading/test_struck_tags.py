"""A struck-through HTML element is struck text (SPEC §10; issue 41 round 10, found by the offers
engineer): ``<del>``, ``<s>``, ``<strike>`` show their text struck through, as markdown's
``~~...~~`` does. Where struck text is withdrawn (``seen``: an offer, a confirmation) it is not
read; where what was shown counts (``visible``: another customer's data, the fraud flag) it is.
The tags written out as text ("&lt;del&gt;") strike nothing. Generated over tags x texts x places.
"""

from __future__ import annotations

import itertools

import pytest

from tau_shaped.reward.reading.normalize import seen, visible

_TAGS = ["del", "s", "strike", "DEL", "S"]
_STRUCK = ["Or the Chicken Korma", "$20", "chloe.okafor@example.com", "your account is flagged"]


@pytest.mark.parametrize("tag,struck", list(itertools.product(_TAGS, _STRUCK)))
def test_struck_elements_are_withdrawn_from_seen_and_kept_in_visible(tag, struck):
    text = f"How about the Chana Masala? <{tag}>{struck}</{tag}> Let me know."
    assert struck not in seen(text)
    assert "Chana Masala" in seen(text) and "Let me know." in seen(text)
    assert struck in visible(text)


@pytest.mark.parametrize("struck", _STRUCK)
def test_tags_written_out_as_text_strike_nothing(struck):
    text = f"Note: &lt;del&gt;{struck}&lt;/del&gt; done."
    assert struck in seen(text) and struck in visible(text)


@pytest.mark.parametrize("tag", ["b", "em", "span", "u"])
def test_other_inline_tags_keep_their_text(tag):
    text = f"How about the <{tag}>Chicken Korma</{tag}>?"
    assert seen(text) == "How about the Chicken Korma?" == visible(text)
