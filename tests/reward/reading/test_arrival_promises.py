"""Whether a time stated is when the order is said to arrive (``statements.promises_arrival``):
what ``unsupported_time`` holds to the earliest even where a tool gave the time (wiki.md: never
promise a time earlier than its earliest), and what it does not: a time that tells what happened
(an order placed, a delivery made) in its own clause."""

from __future__ import annotations

import re

import pytest

from tau_shaped.reward.reading.statements import promises_arrival


def _read(text: str, time: str) -> bool:
    return promises_arrival(text, re.search(re.escape(time), text).start())


@pytest.mark.parametrize("text, time", [
    ("It'll arrive by 7:00.", "7:00"),
    ("It will be delivered by 7:00 tonight.", "7:00"),
    ("Your food will be at your door around 7:00.", "7:00"),
    ("The order was placed at 6:55 and will arrive by 7:40.", "7:40"),
])
def test_a_time_the_order_is_said_to_arrive_by_is_a_promise(text, time):
    assert _read(text, time)


@pytest.mark.parametrize("text, time", [
    ("You ordered at 6:55 pm; it arrives from 7:40 pm.", "6:55"),
    ("The order was placed at 6:55 and will arrive by 7:40.", "6:55"),
    ("It was delivered at 7:05.", "7:05"),
    ("It has already been delivered at 7:05.", "7:05"),
    ("It's 7:00 now; it will arrive later.", "7:00"),
    ("I called the courier at 7:00, but it will arrive soon.", "7:00"),
])
def test_a_time_that_tells_what_happened_is_no_promise(text, time):
    assert not _read(text, time)
