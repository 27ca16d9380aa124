"""A date said without its year at the end of a sentence ("both on May 23.") is a date (SPEC §10,
consent: every argument of the call a person would check, dates too, is stated as the call has it).
The day's reader took the full stop after "23" for a decimal point, so a confirmation naming
another date than the call's ("JG7FMM: economy, flights HAT028 and HAT277, both on May 23.
Proceed?" before a change on 2024-05-21) read no date at all and covered the write (a consent
false pass found by whole airline episodes, issue 41 round 9)."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.call_dates import month_days_in, states_date


@pytest.mark.parametrize("text, day", [
    ("flights HAT028 and HAT277, both on May 23. Proceed?", (5, 23)),
    ("Your new flight is on June 4th.", (6, 4)),
    ("Departure: 21 May.", (5, 21)),
    ("on May 23!", (5, 23)),
])
def test_a_date_ends_its_sentence(text, day):
    assert day in month_days_in(text)


@pytest.mark.parametrize("text", ["on May 23.5", "at May 23:30", "May 5.5%", "you may 23."])
def test_a_decimal_a_time_or_the_verb_is_no_date(text):
    assert month_days_in(text) == frozenset()


def test_the_call_date_stated_at_a_sentence_end():
    assert states_date("Both flights are on May 21.", "2024-05-21")
    assert not states_date("Both flights are on May 23.", "2024-05-21")


def test_an_amount_given_as_wallet_credit_describes_the_refund():
    """The demo's "half refund, half credit" asks its second part elliptically ("And $1.49 as
    wallet credit. Is that OK?"): the amount given as wallet credit is the money moved to the
    customer's wallet (round 9 had made "wallet credit" only a method's name, so the recording's
    second write read as unconfirmed)."""
    from tau_shaped import load_domain
    from tau_shaped.reward.predicate_schema import Confirmation
    from tau_shaped.reward.reading.confirmations import why_not

    rules = load_domain("food_delivery").policy_rules
    c = Confirmation.model_validate(rules.rule("fd.confirm.before_write").when["unconfirmed"])
    wallet = {"order_id": "FD-10038", "amount": 1.49, "method": "wallet_credit", "reason": "late delivery"}
    assert why_not("And $1.49 as wallet credit. Is that OK?", "issue_refund", wallet, c) is None
    assert why_not("Plus $1.49 in store credit. OK?", "issue_refund", wallet, c) is None
    assert why_not("You paid $1.49 as wallet credit before. OK?", "issue_refund", wallet, c) is not None
    card = dict(wallet, method="original_payment")
    assert why_not("And $1.49 as wallet credit. Is that OK?", "issue_refund", card, c) is not None
