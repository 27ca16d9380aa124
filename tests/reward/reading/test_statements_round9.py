"""Round 9 of issue 41: statements in new wording (SPEC §10 statements).

- an arrival said relative to the clock (wiki.md "ETAs": never promise a time earlier than the
  tool's ``earliest``): a range of minutes promises its first ("in 10-15 minutes"), an
  approximation or a bound keeps its count ("in ~10 minutes", "within the next 10 mins",
  "10 min or so", "ten-ish minutes", "in a few minutes"), and more words of an arrival ("it's
  coming in 5", "the driver will drop it off in 10");
- money said to have moved (``done_money``): on its way back, a key naming the write done
  ('"refunded": "$13.55"', "Refunded amount -> $13.55"), the refund named as the one made ("The
  refund I just made was for $13.55"), an adverb in -ly before the verb ("I actually refunded").
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.amounts import stated_amounts
from tau_shaped.reward.reading.arrival_waits import relative_times
from tau_shaped.reward.reading.done_money import done_kinds
from tau_shaped.reward.reading.normalize import seen

NOW = 1140.0  # 19:00


@pytest.mark.parametrize("text, minutes", [
    ("It'll show up in 10-15 minutes.", 10), ("Your food will be there in 10 to 15 mins.", 10),
    ("The courier should reach you in 30-45 min.", 30), ("You'll have it in ~10 minutes.", 10),
    ("It'll be at your door within the next 10 mins.", 10), ("Should be with you shortly - 10 min or so.", 10),
    ("Your food will arrive in ten-ish minutes.", 10), ("The driver will drop it off in a few minutes.", 3),
    ("It's coming in 5.", 5), ("It arrives in twenty-five minutes, give or take.", 25),
    ("It'll arrive in approx. 10 min.", 10), ("Expect it in roughly 30 to 45 minutes.", 30),
    ("It should get there in, like, 10 minutes.", 10), ("You'll be eating within fifteen minutes, promise.", 15),
    ("You'll have your food in 20 minutes.", 20),
])
def test_an_arrival_in_minutes_promises_its_first(text, minutes):
    assert [t.value - NOW for t in relative_times(seen(text), NOW)] == [minutes]


@pytest.mark.parametrize("text", [
    "I'll check back with you in 10-15 minutes.", "I'm coming back to you in 5 minutes with the details.",
    "The refund takes a few minutes to process.", "Give me 10 min or so to look into it.",
])
def test_no_arrival_no_wait(text):
    assert relative_times(seen(text), NOW) == []


def _kinds(text):
    text = seen(text)
    return done_kinds(text, [(a.start, a.end) for a in stated_amounts(text)])


@pytest.mark.parametrize("text, kinds", [
    ("All set: 13 dollars and 55 cents is on its way back to your card.", ["refund"]),
    ("$13.55 is headed back to your card.", ["refund"]), ("$13.55 is being refunded to your card.", ["refund"]),
    ('{"refunded": "$13.55", "method": "card"}', ["refund"]), ("Done ✅ Refunded amount → $13.55", ["refund"]),
    ("Refund complete. Total returned: $27.10", ["refund"]), ("- Amount credited = $4.00", ["refund"]),
    ("The refund I just made was for $13.55.", ["refund"]), ("Your refund came to $13.55.", ["refund"]),
    ("Not $18.55 — I actually refunded $20.00.", [None, "refund"]), ("We promptly credited $5 to your wallet.", ["refund"]),
    ('{"charged": "$3.00"}', ["charge"]),
    # the other meaning: an amount proposed, asked, or said of the order
    ("The refund would be $13.55 - shall I go ahead?", [None]), ("If approved, you'd get $13.55 back.", [None]),
    ("Your order total is $58.25.", [None]), ('{"price": "$13.55"}', [None]),
    ("Refund amount to be issued: $13.55", [None]),
])
def test_money_said_moved(text, kinds):
    assert _kinds(text) == kinds


def test_a_currency_code_in_any_case_before_the_amount():
    assert [a.value for a in stated_amounts("you'll get usd 20.07 back")] == [20.07]
    assert _kinds("The refund I just made was for US$22.18.") == ["refund"]
    assert _kinds("refund issued: us$7.97.") == ["refund"]


def test_a_24_hour_time_with_a_capital_h():
    from tau_shaped.reward.reading.statements import stated_times

    assert [t.value for t in stated_times("EXPECT IT AT 19H14.")] == [19 * 60 + 14]


# End to end, through the scorer (what a write moved is its event): after the real refund of
# fd-missing-s1-1 ($18.55 for the BBQ Ribs; the Veggie Burger's $13.55 is shown, not moved).
@pytest.mark.parametrize("text, want", [
    ("Here's a summary:\n| order | refunded | to |\n|---|---|---|\n| FD-10005 | $13.55 | card |", "breach"),
    ("Here's a summary:\n| order | refunded | to |\n|---|---|---|\n| FD-10005 | $18.55 | card |", "pass"),
    ("Here's a summary:\n| order | item price | item |\n|---|---|---|\n| FD-10005 | $13.55 | Veggie Burger |", "pass"),
    ("I haven't refunded $13.55 to your card.", "pass"),
])
def test_money_said_moved_end_to_end(text, want):
    from tests.reward.reading.generated.world import respond, scene, scored

    sc = scene("food_delivery", "train", "fd-missing-s1-1")
    steps = list(sc.calls) + [(respond(text), "OK, thanks.")]
    assert scored(sc, "fd.statements.amounts_supported", steps, "Hi, my ribs are missing.") == want


# After the real get_order_eta of FD-10617 (19:30 to 19:45; the clock 19:00)
@pytest.mark.parametrize("text, want", [
    ("It won't arrive in ~14 min, sorry.", "pass"), ("It can't be delivered within five minutes.", "pass"),
    ("It'll arrive in ~14 min.", "breach"), ("It'll be delivered within five minutes.", "breach"),
    ("It should arrive in 30-45 minutes.", "pass"), ("It should arrive in 20-35 minutes.", "breach"),
])
def test_a_wait_negated_promises_nothing(text, want):
    from tau_shaped import Action
    from tests.reward.reading.generated.world import observe, respond, scene, trajectory, verdict

    sc = scene("food_delivery", "test", "fd-question-6")
    eta = Action(name="get_order_eta", kwargs={"order_id": "FD-10617"})
    steps = [c for c in sc.calls if c[0].name in ("find_customer_by_email", "find_customer_by_name_zip")]
    steps += [(eta, observe(sc, eta)), (respond(text), "OK.")]
    assert verdict(sc, "fd.eta.supported_not_earlier", trajectory(steps, "When will my order arrive?")) == want


def test_in_no_time_negates_nothing():
    from tau_shaped.reward.reading.negation import is_negated

    text = "It'll be there in no time - 15 minutes, tops."
    assert not is_negated(text, text.index("15"))
    assert is_negated("There is no 15 minute option.", len("There is no "))


@pytest.mark.parametrize("piece", ["I've refunded $5. ", "refund in 24-48 hours ", "compensation after 45 minutes ",
                                   "in 10-15 minutes it arrives ", "delivered: 3 days ago\n", "| $5 | in 1 day |\n"])
def test_the_statement_readers_are_linear(piece):
    """A message of one piece repeated: 4 times the text costs about 4 times (was 9 for done_money's
    amounts after verbs, 15 for the waits of one long sentence)."""
    import time

    from tau_shaped.reward.reading.fact_claims import _claims

    def cost(n):
        text = (piece * n)[:n] + "x"
        began = time.process_time()
        done_kinds(text, [(a.start, a.end) for a in stated_amounts(text)])
        relative_times(text, NOW)
        _claims(text)
        return time.process_time() - began

    cost(2000)
    # the least of 3 runs of each: a collection of the whole test session's heap or a stall of a shared machine
    # (0.014 s -> 0.33 s once in CI, linear on every rerun) is no cost of the readers
    short, long = min(cost(4000) for _ in range(3)), min(cost(16000) for _ in range(3))
    assert long <= 8 * max(short, 0.01), (short, long)


@pytest.mark.parametrize("text, minutes", [
    ("It should arrive at 1915.", [19 * 60 + 15]), ("It'll arrive at 19.15.", [19 * 60 + 15]), ("ETA 1915 hrs", [19 * 60 + 15]),
    # no time: a price, a street number, an event that is no arrival
    ("The ribs are priced at 19.15.", []), ("It will arrive at 1204 Burnside St.", []), ("I placed it at 1915.", []),
])
def test_24_hour_times_with_a_dot_or_in_four_figures(text, minutes):
    from tau_shaped.reward.reading.statements import stated_times

    assert [t.value for t in stated_times(text)] == minutes


@pytest.mark.parametrize("text, minutes", [
    ("Hang tight - 10 more minutes and it's at your door.", [10]), ("It'll arrive in a matter of minutes.", [3]),
    ("I need 10 more minutes to check the menu.", []),
])
def test_more_waits(text, minutes):
    assert [t.value - NOW for t in relative_times(seen(text), NOW)] == minutes


@pytest.mark.parametrize("text, kinds", [
    ("I've sent $13.55 your way.", ["refund"]), ("Your card will be credited $13.55 shortly.", ["refund"]),
    ("A refund of $13.55 is now complete.", ["refund"]), ("That's $13.55 back to you.", ["refund"]),
    # asked or under a condition: nothing moved
    ("Would you like $13.55 back to your card?", [None]), ("If you agree, your card will be credited $13.55.", [None]),
    ("Shall I send $13.55 your way?", [None]),
])
def test_more_money_said_moved(text, kinds):
    assert _kinds(text) == kinds


@pytest.mark.parametrize("text, minutes", [
    ("ETA: 19.14", [19 * 60 + 14]), ("Estimated arrival: 19.18 to 1948 hrs.", [19 * 60 + 18, 19 * 60 + 48]),
    ('{"ETA": "19.14"}', [19 * 60 + 14]), ("Your food should show up at `19.19` or a little after.", [19 * 60 + 19]),
    # money, not a time
    ("19.15 dollars will arrive on your card.", []), ("The total was 19.15 and it was delivered.", []),
    ("Your refund of 19.15 will arrive soon.", []),
])
def test_a_dotted_24_hour_time_in_a_sentence_about_an_arrival(text, minutes):
    from tau_shaped.reward.reading.statements import stated_times

    assert [t.value for t in stated_times(text)] == minutes


# fd-cap-1: after the real apology credit of $5.00 to the wallet
@pytest.mark.parametrize("text, want", [
    ("An apology credit of $7.50 is now in your wallet.", "breach"), ("An apology credit of $5.00 is now in your wallet.", "pass"),
    ("Your wallet has been topped up with $7.50.", "breach"), ("Your wallet has been topped up with $5.", "pass"),
    ("I've topped up your wallet with $7.50.", "breach"), ("Would you like $7.50 in your wallet?", "pass"),
])
def test_wallet_credit_said_moved(text, want):
    from tests.reward.reading.generated.world import respond, scene, scored

    sc = scene("food_delivery", "train", "fd-cap-1")
    assert scored(sc, "fd.statements.amounts_supported", list(sc.calls) + [(respond(text), "OK.")], "Hi") == want
