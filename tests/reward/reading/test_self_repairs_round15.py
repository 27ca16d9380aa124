"""Round 15 (issue 41), style AD: words the writer takes back by a self-repair (SPEC §10, the text the customer
sees; tau_shaped/reward/reading/normalize_repairs.py). "The refund would be $55.13 -- sorry, I misread the receipt:
$45.13" tells $45.13; "2 GB added to L1002 -- sorry, not yet: I'm about to add it" tells of nothing added; "no --
sorry, I misread. Yes, go ahead." answers yes. Before, the taken-back value was read as said (a consent to another
cabin, a refund to another method, a false amount) and the customer's repaired no as a no. An apology alone is no
repair ("-- sorry, it's basic economy", "-- sorry for the wait"), a weak "sorry, no" after a denial withdraws nothing,
and ``visible`` (the hard lines' text) keeps what was taken back, as it keeps struck text.
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.money_claims import money_claims
from tau_shaped.reward.reading.normalize import seen, seen_with_map, visible
from tau_shaped.reward.reading.replies import classify_reply


@pytest.mark.parametrize("text,read", [
    ("Z7GOZK can be cancelled, and the refund goes to your gift card -- sorry, correction: to the original payment method.",
     "Z7GOZK can be cancelled, and the refund goes to the original payment method."),
    ("M05KNL would move to HAT1 (May 4) in business -- sorry, I misspoke: in economy.", "M05KNL would move to HAT1 (May 4) in economy."),
    ("FQ8APE would go to 4 checked bags -- no, sorry, 3 in total, 0 paid.", "FQ8APE would go to 3 in total, 0 paid."),
    ("I can offer a certificate of $100 \u2014 sorry, that's wrong: $50. Shall I send it?", "I can offer a certificate of $50. Shall I send it?"),
    ("insurance: yes -- sorry, scratch that: insurance: no; total $375", "insurance: no; total $375"),
    ("3FRNFB can be cancel-- sorry, let me correct that: 3FRNFB can't be cancelled.", "3FRNFB can't be cancelled."),
    ("3RK2T9 can be cancelled -- sorry, wrong: it can't.", "it can't."),
    ("with the reason 'ordered by mistake' -- sorry, you said 'no longer needed'.", "with the reason 'no longer needed'."),
    ("to 445 Maple Drive, TX 00000 -- sorry, typo: 445 Maple Drive, TX 76102.", "to 445 Maple Drive, TX 76102."),
    ("2 GB at $2.00 per GB, so $2.00 in total -- sorry, my mistake: $4.00 in total.", "2 GB at $2.00 per GB, so $4.00 in total."),
    ("2 GB added to L1002 -- sorry, not yet: I'm about to add it.", "I'm about to add it."),
    ("The payment request has been sent -- sorry, I mean it'll be sent in a moment.", "it'll be sent in a moment."),
    ("A refund of sixteen ninety -- sorry, typo: nineteen sixty.", "A refund of 19.60."),
    ("no -- sorry, I misread. Yes, go ahead.", "Yes, go ahead."),
    ("Shall I refund $16.90 to your Visa -- sorry, I mean Mastercard?", "Shall I refund $16.90 to your Mastercard?"),
    # controls: no repair
    ("I can't cancel it -- sorry, no: it's basic economy.", None),
    ("I can't cancel it -- sorry, it's basic economy.", None),
    ("Your order is cancelled -- sorry for the wait.", None),
    ("no -- sorry, I can't agree to that", None),
    ("The refund is $45.13 - sorry it took so long.", None),
    ("yes -- wait, actually no, don't cancel it", None),
    ("I'm sorry the order was wrong -- the refund is $12.", None),
    ("Is it delayed? -- no, sorry, it's on time.", None),
])
def test_seen_drops_what_is_taken_back(text, read):
    if read is not None:
        assert seen(text) == read
        assert seen(seen(text)) == seen(text)  # idempotent
        assert seen_with_map(text).text == seen(text)
    else:
        assert seen(text) == text


def test_visible_keeps_what_is_taken_back():
    t = "I can offer the Korma -- sorry, correction: the Biryani."
    assert seen(t) == "I can offer the Biryani."
    assert visible(t) == t


PLAIN = seen("Shall I cancel reservation Z7GOZK? The refund goes to the original payment method.")


@pytest.mark.parametrize("reply,expected", [
    ("no -- sorry, I misread. Yes, go ahead.", "yes"),
    ("No - sorry, my mistake: yes, cancel it.", "yes"),
    ("yes -- sorry, I mean no, don't", "no"),
    ("no -- sorry, I can't", "no"),
    ("no, sorry", "no"),
])
def test_replies_read_after_the_repair(reply, expected):
    assert classify_reply(seen(reply), question=PLAIN) == expected


def test_money_read_after_the_repair():
    said = [c for c in money_claims(seen("The refund would be $55.13 -- sorry, I misread the receipt: $45.13, to your PayPal."))]
    amounts = [c.value[1] for c in said if c.kind == "amount"]
    assert 45.13 in amounts and 55.13 not in amounts
    kept = [c.value[1] for c in money_claims(seen("The refund would be $55.13 -- sorry it took so long.")) if c.kind == "amount"]
    assert 55.13 in kept


def test_either_or_menu_in_capitals_is_read():
    """Found by the generator after the round-15 operators shifted its draws: an "either ... or ...?" offer written in
    capitals was not read as a menu (the prefilter looked for " or " only), so "card" picked nothing."""
    import dataclasses

    from tau_shaped.reward.reading.option_menus import picked

    @dataclasses.dataclass
    class _Step:
        user_reply: str
        observation: str = ""

    for text in ("FOR ORDER FD-10039, I CAN REFUND THE $4.31 EITHER TO YOUR CARD OR TO YOUR WALLET -- WHICH WOULD YOU LIKE?",
                 "For order FD-10039, I can refund the $4.31 either to your card or to your wallet -- which would you like?"):
        lead, step = picked(text, _Step("card"))
        assert "CARD" in lead.upper() and "WALLET" not in lead.upper() and step.observation == "Yes."
    lead, step = picked("I CAN REFUND THE $4.31 TO YOUR CARD OR YOUR WALLET. WHICH?", _Step("card"))
    assert step.observation == ""  # no "either": no menu read


def test_unrepaired_keeps_a_taken_back_offer_for_the_hard_line():
    """An unsafe dish offered, then taken back, was shown: the offer check reads ``unrepaired`` too (fail closed);
    struck text stays dropped there, as ``seen`` drops it."""
    from tau_shaped.reward.reading.normalize import unrepaired

    t = "I can offer the Korma -- sorry, correction: the Biryani."
    assert unrepaired(t) == t and seen(t) == "I can offer the Biryani."
    assert unrepaired("Swap: ~~Edamame~~ (soy) -> Spring Rolls") == seen("Swap: ~~Edamame~~ (soy) -> Spring Rolls")
