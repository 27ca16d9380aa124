"""An order event said on a day (SPEC §10 statements, ``days.event_days``) is asserted only in a
declarative clause: a day inside a question's clause asks, it states nothing."""

from __future__ import annotations

from tau_shaped.reward.reading.days import event_days


def test_a_day_in_a_questions_clause_asserts_no_event_day():
    """'... delivered Anything else I can help with today?': the day is the question's (the full
    round-5 value set's one false fail); a day in a clause of its own before the question is said."""
    assert event_days("Appreciate your patience. - FD-10069: delivered Anything else I can help with today?") == []
    assert event_days("Was it delivered today?") == []
    for said in ("Your order was delivered yesterday, anything else?", "Delivered yesterday - want a refund?",
                 "It was delivered yesterday."):
        assert [e[:2] for e in event_days(said)] == [("delivered", ("rel", -1))]
