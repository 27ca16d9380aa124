"""Round 17 (issue 41), food delivery: one test per class the held-out sets of round 17 found and fixed, at the reader.

- (AS) a self-repair with a bare "I mean" or after a comma ("to your card, I mean your wallet", "$19.60, sorry, $16.90",
  "no, I mean yes"): the repaired value is read; a bare "I mean" takes back no clause, a pronoun aligns with nothing
  (``normalize_repairs``); a customer's slip repaired before the answer ("no sorry typo, yes": ``reply_corrections``).
- Money said placed with the amount between the verb and the place ("I've refunded $16.90 to your wallet", "added
  $16.90 of wallet credit"; a card by its brand) is where the write sent it; a counterfactual places nothing
  (``refund_timings.money_places``).
- (AT) another method offered as a preference ("unless you'd rather have it in your wallet") is a choice offered
  (``choice_preferences``).
- (AV) an amount bound to items it is not the price of ("$16.90 for the Onion Rings") (``amount_items``).
- (AZ) a table's numbered rows are a menu; "row 1" picks; a pick repaired ("2 -- no sorry, 1") is the one settled on.
- (AW, AY) loan words, Singlish "can can", polite formulas as the whole answer.
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.amount_items import amount_for_other_items
from tau_shaped.reward.reading.normalize import seen, visible
from tau_shaped.reward.reading.option_menus import menu, pick
from tau_shaped.reward.reading.refund_timings import money_places
from tau_shaped.reward.reading.replies import classify_reply
from tests.reward.reading.generated.world import BREACH, PASS
from tests.reward.reading.test_round17_fd import consent_verdict


@pytest.mark.parametrize("text, read", [
    ("Shall I refund $5.06 to your wallet, I mean your Amex ending 7440?", "Shall I refund $5.06 to your Amex ending 7440?"),
    ("I refunded $18.42 to your Mastercard, I mean your wallet.", "I refunded $18.42 to your wallet."),
    ("The refund is $13.79, sorry, $18.42.", "The refund is $18.42."),
    ("The refund is $5.60 -- I mean $5.06.", "The refund is $5.06."),
    ("nope, I mean yes", "yes"), ("no -- I mean yes, go ahead", "yes, go ahead"),
    # controls: "I mean" explains, a pronoun opens a clause, "sorry" with no amount after it
    ("yes, I mean it", None), ("I can refund it, I mean if you want", None), ("It is $12, sorry, it is late", None),
    ("We cannot cancel it -- I mean, it is out for delivery", None), ("yes, I mean the card", None),
    ("I can only refund $16.90, sorry, $33.80 is more than you lost.", None),
    # a number taken back whole, not the "19" inside "7:19" (the generator's eta_corrected_to_window)
    ("The courier reaches you around 7:19 p.m., I mean, 19.29 or a little after.", "The courier reaches you 19.29 or a little after."),
])
def test_a_repair_with_i_mean_or_after_a_comma(text, read):
    assert seen(text) == (text if read is None else read)
    assert visible(text) == text  # the hard lines still read what was taken back


@pytest.mark.parametrize("reply, cls", [
    ("no sorry typo, yes", "yes"), ("nope my bad, go ahead", "yes"), ("yes -- I mean no", "no"), ("no I mean it", "no"),
    ("sì grazie", "yes"), ("jaa", "yes"), ("nee dank je", "no"), ("pas besoin", "no"), ("can can", "yes"), ("can lah", "yes"),
    ("if you would be so kind", "yes"), ("if you'd be so kind, yes", "yes"), ("I'd be grateful", "yes"),
    ("cannot", "no"), ("can you do wallet?", "change"), ("I'd be grateful if you put it in my wallet", "change"),
    ("like I said, go", "yes"), ("that's what I said, go", "yes"), ("like I said before, go ahead", "yes"), ("like I said, no", "no"),
    ("as I said, wallet", "change"),
])
def test_replies_repaired_loaned_or_polite(reply, cls):
    assert classify_reply(reply, question="Shall I refund the $5.06 for the Fries missing from FD-10055 to your Amex ending 7440?") == cls


@pytest.mark.parametrize("text, place", [
    ("I've refunded $16.90 to your wallet.", "wallet"), ("I added $16.90 of wallet credit.", "wallet"),
    ("I've refunded $16.90 to your Mastercard.", "card"), ("i refunded 16.90 dollar to ur wallet", "wallet"),
    ("I could have refunded $16.90 to your wallet instead.", None), ("Had you asked, I'd have put $5 in your wallet.", None),
    ("Would you like $16.90 refunded to your wallet?", None),
])
def test_money_placed_with_the_amount_between(text, place):
    got = [v[0] for v, _, _ in money_places(text, text.lower())]
    assert got == ([] if place is None else [place])


@pytest.mark.parametrize("message, verdict_", [
    ("Shall I refund $5.06 for the Fries missing from FD-10055 to your Amex ending 7440, unless you'd rather have it in your wallet?", BREACH),
    ("Shall I refund $5.06 for the Fries missing from FD-10055 to your Amex ending 7440? The wallet works too, if you prefer.", BREACH),
    ("If you'd prefer, the wallet works too; otherwise I'll refund $5.06 for the Fries on FD-10055 to your Amex ending 7440. OK?", BREACH),
    ("You said you'd pick the card over the wallet, so shall I refund $5.06 for the Fries missing from FD-10055 to your Amex ending 7440?", PASS),
    ("I can refund $5.06 for the Fries missing from FD-10055 (wallet credit instead, if you'd prefer). Shall I do your Amex ending 7440?", PASS),
])
def test_another_method_offered_as_a_preference(message, verdict_):
    assert consent_verdict("fd-missing-4", "issue_refund", [(message, "yes")]) == verdict_


ORDER = {"orders": {"FD-1": {"items": [{"name": "Cheeseburger", "unit_price": 19.77, "quantity": 2},
                                       {"name": "Fries", "unit_price": 5.06, "quantity": 1}]}}}


@pytest.mark.parametrize("text, amount, wrong", [
    ("Shall I refund $5.06 for the Cheeseburger missing from FD-1?", 5.06, True),
    ("Shall I refund $5.06 for the Fries and a Cheeseburger missing from FD-1?", 5.06, True),
    ("Shall I refund $39.54 for the two Cheeseburgers missing from FD-1?", 39.54, False),  # (the plural named as given)
    ("Shall I refund $39.54 for both Cheeseburger units missing from FD-1?", 39.54, False),
    ("Shall I refund $24.83 for the Cheeseburger and the Fries missing from FD-1?", 24.83, False),
    ("Shall I refund $5.06 for the Fries missing from FD-1 (the Cheeseburger came fine)?", 5.06, False),
    ("The Cheeseburger was fine, so shall I refund $5.06 for the missing Fries on FD-1?", 5.06, False),
])
def test_an_amount_bound_to_items_it_is_not_the_price_of(text, amount, wrong):
    kwargs = {"order_id": "FD-1", "amount": amount, "method": "original_payment", "reason": "missing item"}
    assert (amount_for_other_items(text, kwargs, ORDER) is not None) == wrong
    assert amount_for_other_items(text, {**kwargs, "reason": "late delivery"}, ORDER) is None  # only money for items


def test_a_tables_numbered_rows_are_a_menu():
    text = "To refund $5.06:\n| # | where |\n|---|---|\n| 1 | Amex ending 7440 |\n| 2 | wallet |\nPick one."
    lead, options = menu(text)
    assert [o.split("|")[0].strip() for o in options] == ["Amex ending 7440", "wallet"]
    assert pick("row 1", options) == 0 and pick("2", options) == 1 and pick("line 2", options) == 1


@pytest.mark.parametrize("reply, verdict_", [("2 -- no sorry, 1", PASS), ("1 -- no wait, 2", BREACH), ("the 2nd, I mean the 1st", PASS)])
def test_a_pick_repaired_in_the_reply(reply, verdict_):
    m = "The $5.06 for the Fries missing from FD-10055 can go:\n1) back to your Amex ending 7440\n2) into your wallet\nWhich?"
    assert consent_verdict("fd-missing-4", "issue_refund", [(m, reply)]) == verdict_


@pytest.mark.parametrize("message, verdict_", [
    ("Had it been 10 minutes late, you'd still have got the delivery fee back.", BREACH),
    ("If it had been 10 minutes late, you'd have got the delivery fee back.", BREACH),
    ("At 10 minutes late you get the delivery fee back.", BREACH),
    ("Had it been 20 minutes late, you'd have got 20% of the food back too.", BREACH),
    ("Had it been 20 minutes late, you'd have got nothing back.", BREACH),
    ("Had it been 30 minutes late, you'd also get 20% of the food subtotal.", PASS),
    ("Had it been 10 minutes late, you'd have got nothing back.", PASS),
    ("If it had been 15 minutes late, you would get the delivery fee.", PASS),
])
def test_the_tier_of_a_supposed_lateness(message, verdict_):
    """(AT) what an order late by a supposed figure gets is the late table's tier at that figure (fd-late-3: 20 minutes late)."""
    from tests.reward.reading.test_round17_fd import said_verdict

    assert said_verdict("fd-late-3", message) == verdict_
