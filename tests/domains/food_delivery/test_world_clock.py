"""The food-delivery world writes its times with ``isoformat`` and an f-string instead of
``strftime`` (issue 33: a fifth of the cost of building a world, which every scoring run pays
per world before its workers fork): the texts must be strftime's, for any moment."""

from datetime import datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped_domains.food_delivery.world import NOW, _clock, _iso


@settings(max_examples=300, deadline=None)
@given(st.datetimes(min_value=datetime(1000, 1, 1), max_value=datetime(9999, 12, 31)))
def test_the_worlds_clock_texts_are_strftimes(moment):
    assert _iso(moment) == moment.strftime("%Y-%m-%dT%H:%M:%S")
    assert _clock(moment) == moment.strftime("%H:%M")


def test_the_clock_of_the_world():
    assert _iso(NOW) == "2026-03-13T19:00:00" and _clock(NOW) == "19:00"
