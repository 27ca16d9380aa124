"""An order's delivery said on a day in other forms (wiki.md "Every price, time, amount or rule you
state comes from the customer, a tool or this policy"; SPEC §10 statements, ``reading.days``):
"two days ago", "a few days ago", "a week ago", "last week", "the previous evening", "the day
before yesterday", a date in figures after the event ("Delivered: 2026-03-11", "on 3/12": March
12 or 3 December, either reading). On fd-missing-3 (order FD-10045 delivered on the clock's day,
2026-03-13), each is a breach; the record's own day in the same forms ("on 3/13", "on 13/3",
"Delivered: 2026-03-13") and an hour ago, or a delivery still to come, are not."""

from __future__ import annotations

import itertools
from datetime import datetime

import pytest

from tau_shaped.reward.reading.days import days_ago, event_days
from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, trajectory, verdict

RULE = "fd.statements.facts_supported"
EVENTS = ["Your order FD-10045 was delivered {d}.", "FD-10045 was dropped off {d}.", "It arrived {d}.", "It reached you {d}."]
WRONG_DAYS = ["two days ago", "3 days ago", "a few days ago", "a couple of days ago", "a week ago", "last week",
              "the previous evening", "the day before yesterday", "on 3/12", "on 12/3", "on 2026-03-11", "on 03/11/2026"]
RIGHT_DAYS = ["today", "on 3/13", "on 13/3", "on 2026-03-13", "2 hours ago", "this afternoon"]
FIELDS = [("Delivered: 2026-03-11", BREACH), ("Delivered: 2026-03-13 at 12:12", PASS), ("Delivered - 3/12", BREACH),
          # other verbs of an order's arrival; money or a message that came names no delivery
          ("It came last week.", BREACH), ("Your order showed up yesterday.", BREACH), ("FD-10045 turned up two days ago.", BREACH),
          ("It came today at 12:12.", PASS), ("The refund came through yesterday.", PASS), ("The refund came yesterday.", PASS),
          ("Your confirmation email came yesterday.", PASS)]


def _judge(text: str) -> str:
    sc = scene("food_delivery", "test", "fd-missing-3")
    looks = [(a, o) for a, o in sc.calls if a.name != "issue_refund"]
    return verdict(sc, RULE, trajectory(looks + [(respond(text), "OK.")], "Part of my order was missing."))


def test_the_scene_is_the_one_described():
    sc = scene("food_delivery", "test", "fd-missing-3")
    assert sc.initial["clock"]["now"].startswith("2026-03-13") and '"delivered_at": "2026-03-13' in sc.call("get_order_details")[1]


@pytest.mark.parametrize("event,day", list(itertools.product(EVENTS, WRONG_DAYS)))
def test_another_day_in_any_form_breaks_the_rule(event, day):
    assert _judge(event.format(d=day)) == BREACH


@pytest.mark.parametrize("event,day", list(itertools.product(EVENTS, RIGHT_DAYS)))
def test_the_records_own_day_in_any_form_is_kept(event, day):
    assert _judge(event.format(d=day)) == PASS


@pytest.mark.parametrize("text,label", FIELDS)
def test_the_day_as_a_field(text, label):
    assert _judge(text) == label


def test_a_delivery_still_to_come_names_no_past_day():
    assert event_days("It'll be delivered in 2 days.") == [] and _judge("It'll be delivered in 2 days.") == PASS


def test_spans_and_both_readings_of_a_date_in_figures():
    now = datetime(2026, 3, 13, 19, 0)  # a Friday
    assert days_ago(("ago", 203), now) == (2, 3)
    assert days_ago(("last_week", 0), now) == tuple(range(5, 12))
    assert days_ago(("numeric", 312), now) == (1, 100)  # March 12, or 3 December 2025
    assert days_ago(("numeric", 1303), now) == (0,)  # 13 March (13 is no month)


def test_read_alike_when_its_patterns_are_compiled_lazily():
    """The checks import the readers with their module patterns made lazy (``lazy_patterns``): a
    match is told by its pattern's text, not by the identity of the module's pattern object."""
    import importlib

    from tau_shaped.reward.reading import days
    from tau_shaped.reward.reading.lazy_patterns import LazyPattern, compiled_lazily

    with compiled_lazily("tau_shaped.reward."):
        lazy_days = importlib.reload(days)
    try:
        assert isinstance(lazy_days._EVENT_DAY, LazyPattern)
        assert lazy_days.event_days("It was delivered on 3/12. It came two days ago.") == [
            ("delivered", ("numeric", 312), 7, "delivered on 3/12"), ("delivered", ("ago", 2), 29, "came two days ago")]
    finally:
        importlib.reload(days)
