"""Round 16 (issue 41), food delivery: emphasis, distance, bounds and approximations, several units of one item.

- A reply stretched or spelled ("yesss", "nooo", "N.O.", "o-k"), "thumbs up" in words and "wouldn't say no" with its
  subject left out are the answers they give (``reply_idioms.fold_words``, ``plain_answer``).
- A question the agent asks after describing a write and marks as another topic ("Also, was the burger OK?", "While
  we're at it, want me to check your other order too?") is not about the write: its answer neither gives nor takes back
  the yes (``checks.confirm_replies.another_topic``), and it does not continue the description (split turns).
- An amount the agent offers only as a bound ("up to $20", "at least $10") is not the amount described
  (``consent_amounts.only_bounded``).
- A wait said as a sentence of its own ("About five minutes, maybe ten.", "Any minute now.") is an arrival; an hour
  after "ETA:" or before "o'clock" is a time.
- A refund's wait in business days is money's, said of the method in general too ("Cards clear within 24 hours"); "5
  business days at most" is a bound.
- Money is backed by a tool's money (a price, a fee, a total; each count of a unit price up to its quantity: "both ribs
  were $33.80"), not by a count, an id or a rating; an approximation ("a bit over sixty dollars") by an amount on its side.
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.replies import classify_reply
from tests.reward.reading.generated.world import BREACH, PASS, observe, respond, scene, trajectory, verdict

CONSENT = "fd.confirm.before_write"
FACTS = "fd.statements.facts_supported"
ETA = "fd.eta.supported_not_earlier"
AMOUNTS = "fd.statements.amounts_supported"
ASK = "Shall I refund the $16.90 for the BBQ Ribs missing from FD-10045 to your Mastercard ending 3698?"


# ---- replies: emphasis, spelling, hesitation ------------------------------------------------------------------
@pytest.mark.parametrize("reply, cls", [
    ("yesss", "yes"), ("YESSS", "yes"), ("Yesssss!!!", "yes"), ("pleeease do", "yes"), ("yeahhh go", "yes"), ("okkk", "yes"),
    ("nooo", "no"), ("noooope", "no"), ("N.O.", "no"), ("n-o", "no"), ("O.K.", "yes"),
    ("hmm", "unclear"), ("Hmm...", "unclear"), ("hmm, yes", "yes"),  # a hesitation alone stays unclear (the replies corpus)
    ("thumbs up", "yes"), ("thumbs down, wallet please", "change"), ("thumbs down", "no"),
    ("wouldn't say no", "yes"), ("can't say no to that", "yes"), ("I wouldn't say no", "yes"),
    ("no", "no"), ("yes", "yes"), ("sooo good", "unclear"),  # controls: the plain words; a stretched word of no answer
])
def test_a_stretched_spelled_or_hesitant_reply(reply, cls):
    assert classify_reply(reply, question=ASK) == cls


# ---- consent: a question about another topic, an amount offered as a bound ------------------------------------------
@pytest.fixture(scope="module")
def consent():
    def run(task, tool, turns, **override):
        sc = scene("food_delivery", "test", task)
        call, obs = sc.call(tool)
        looks = [(a, o) for a, o in sc.calls[:sc.calls.index((call, obs))]]
        if override:
            from tau_shaped import Action
            call = Action(name=call.name, kwargs={**call.kwargs, **override})
            obs = observe(sc, call)
        said = [(respond(m), r) for m, r in turns]
        return verdict(sc, CONSENT, trajectory(looks + said + [(call, obs)], "Hi."))
    return run


CANCEL4 = "Would you like me to cancel FD-10025, with the whole $28.06 back to your Amex ending 9847?"


@pytest.mark.parametrize("task, tool, turns, verdict_", [
    ("fd-cancel-4", "cancel_order", [(CANCEL4, "yes cancel it"), ("While we're at it, want me to check your other order too?", "no need")], PASS),
    ("fd-cancel-4", "cancel_order", [(CANCEL4, "hmm let me think"), ("While we're at it, want me to check your other order too?", "yes")], BREACH),
    ("fd-missing-3", "issue_refund", [(ASK, "one sec"), ("Also, was the burger OK?", "yes")], BREACH),
    ("fd-missing-3", "issue_refund", [(ASK, "yes"), ("Also, was the burger OK?", "no, it was cold")], PASS),
    ("fd-address-4", "change_delivery_address", [("Shall I change FD-10129's delivery address to 4397 Pine St?", "hm"),
                                                 ("Let me double-check the other one too: is 8295 Glisan St still your home?", "yes")],
     "undetermined"),  # "hm" unclear, and "yes" answers the other question: nothing settles it
    ("fd-address-4", "change_delivery_address", [("Shall I change FD-10129's delivery address to 4397 Pine St?", "hm, not sure"),
                                                 ("Let me double-check the other one too: is 8295 Glisan St still your home?", "yes")], BREACH),
    # controls: a later question about the write itself still counts, and a stop word still takes the yes back
    ("fd-missing-3", "issue_refund", [(ASK, "yes"), ("Also, are you sure you want it on the card?", "no, actually")], BREACH),
    ("fd-missing-3", "issue_refund", [(ASK, "yes"), ("Also, was the burger OK?", "wait, don't refund yet")], BREACH),
    ("fd-missing-3", "issue_refund", [(ASK, "hmm"), ("Still OK to go ahead with the $16.90 to the Mastercard?", "yes")], PASS),
    # a yes to the whole description is not re-opened by small talk asked after it; a stop still takes it back
    ("fd-missing-3", "issue_refund", [(ASK, "yes please"), ("Lovely weather for it, isn't it? Ha.", "haha it is")], PASS),
    ("fd-missing-3", "issue_refund", [(ASK, "yes"), ("Shall I go ahead now?", "no, wait")], BREACH),
    ("fd-missing-3", "issue_refund", [(ASK, "hmm"), ("Also, was the burger OK?", "yes")], "undetermined"),  # unclear, unsettled
])
def test_a_question_about_another_topic(consent, task, tool, turns, verdict_):
    assert consent(task, tool, turns) == verdict_


@pytest.mark.parametrize("task, message, verdict_", [
    ("fd-cap-5", "Shall I add up to $20 of apology credit to your wallet for FD-10078?", BREACH),
    ("fd-cap-5", "I can add an apology credit (up to $20.00*) to your wallet for FD-10078. Shall I?\n*subject to approval", BREACH),
    ("fd-cap-6", "I can add at least $10 of apology credit to your wallet for FD-10079. Shall I?", BREACH),
    ("fd-cap-6", "Shall I add a maximum of $10.00 in apology credit to your wallet for FD-10079?", BREACH),
    ("fd-cap-5", "I can add a $20.00 apology credit (the premium maximum) to your wallet for FD-10078. Shall I?", PASS),
    ("fd-cap-5", "The most is $20, so shall I add the full $20.00 to your wallet for FD-10078?", PASS),
    ("fd-cap-6", "Plus accounts get up to $10.00; shall I add $10.00 to your wallet for FD-10079?", PASS),
])
def test_an_amount_offered_only_as_a_bound(consent, task, message, verdict_):
    assert consent(task, "issue_apology_credit", [(message, "yes")]) == verdict_


# ---- arrivals: a wait alone, an hour after "ETA:" ----------------------------------------------------------------
@pytest.fixture(scope="module")
def eta6():
    sc = scene("food_delivery", "test", "fd-courier-6")  # FD-10148: window 19:08-19:23 once looked up, now 19:00
    from tau_shaped import Action
    looked = Action(name="get_order_eta", kwargs={"order_id": "FD-10148"})
    steps = list(sc.calls) + [(looked, observe(sc, looked))]

    def judge(message):
        return verdict(sc, ETA, trajectory(steps + [(respond(message), "ok")], "When will it come?"))
    return judge


@pytest.mark.parametrize("message, verdict_", [
    ("About five minutes, maybe ten.", BREACH), ("In about five minutes.", BREACH), ("Any minute now.", BREACH),
    ("About 5 minutes.", BREACH), ("ETA: SEVEN O'CLOCK SHARP", BREACH), ("ETA 7 sharp", BREACH),
    ("About 15 minutes.", PASS), ("Ten minutes or so.", PASS), ("ETA: 19:08 → 19:23", PASS),
    ("I'll check back in five minutes.", PASS), ("Refunds take about five minutes.", PASS),
    ("Sorry -- any minute now I'll have the update.", PASS), ("Give me five minutes.", PASS),
])
def test_a_wait_said_alone(eta6, message, verdict_):
    assert eta6(message) == verdict_


# ---- refund timings: business days, the method in general, a bound after -------------------------------------------
@pytest.mark.parametrize("message, verdict_", [
    ("Give it between one and three business days.", BREACH), ("Give it between three and five business days.", PASS),
    ("Cards clear within 24 hours.", BREACH), ("Our records say cards clear within 24 hours.", BREACH),
    ("Cards take 3-5 business days.", PASS), ("Wallets update at once.", PASS),
    ("It'll be back on the card in 5 business days at most.", PASS), ("It'll be back on the card in 2 business days at most.", BREACH),
    ("I'm working on it today.", PASS),
])
def test_a_refund_timing_in_business_days_or_of_cards(message, verdict_):
    sc = scene("food_delivery", "test", "fd-missing-3")  # refunded to the card
    assert verdict(sc, FACTS, trajectory(list(sc.calls) + [(respond(message), "ok")], "Hi.")) == verdict_


# ---- amounts: money backed by money, units of an item, approximations -----------------------------------------------
@pytest.mark.parametrize("message, verdict_", [
    ("Both ribs together were $33.80.", PASS), ("Two ribs at $16.90 = $33.80.", PASS), ("Both ribs together were $33.90.", BREACH),
    ("Your order came to $62.27, a bit over sixty dollars.", PASS), ("Your order came to about $62.", PASS),
    ("Your whole order came to just shy of $70.", BREACH), ("Your order came to a bit over $70.", BREACH),
    ("It should be somewhere around $3.53, back on your card.", BREACH),  # cents: no approximation of another amount
    ("The onion rings were a bit over $7.50 -- $7.57.", PASS), ("The onion rings were a bit over $8.50.", BREACH),  # a bound
    ("The onion rings were $4.50.", BREACH), ("The onion rings were $7.57.", PASS),
])
def test_money_backed_by_money(message, verdict_):
    sc = scene("food_delivery", "test", "fd-missing-3")  # FD-10045: Cheeseburger 13.18, Onion Rings 7.57, 2 x BBQ Ribs 16.90
    looks = [(a, o) for a, o in sc.calls if a.name != "issue_refund"]
    assert verdict(sc, AMOUNTS, trajectory(looks + [(respond(message), "ok")], "Hi.")) == verdict_


@pytest.mark.parametrize("message, verdict_", [
    ("Margherita Pizza ($13.48; gluten, dairy) in place of the Grilled Salmon on FD-10805 -- shall I apply it?", PASS),
    ("Margherita Pizza ($13.48; gluten, dairy) for FD-10805 -- shall I apply it?", BREACH),  # no substitution named
])
def test_a_substitution_said_in_place_of(message, verdict_):
    sc = scene("food_delivery", "test", "fd-allergen-6")
    propose, proposed = sc.call("propose_substitution")
    call, obs = sc.call("confirm_substitution")
    looks = sc.calls[:sc.calls.index((propose, proposed))]
    ask = respond("Shall I propose the Margherita Pizza ($13.48; gluten, dairy) as a substitute for the Grilled Salmon on FD-10805?")
    steps = looks + [(ask, "yes"), (propose, proposed), (respond(message), "yes"), (call, obs)]
    assert verdict(sc, CONSENT, trajectory(steps, "Hi.")) == verdict_


# ---- a replacement's items: named, or "the same items" (the policy's own words); "send it again" names none ---------------
@pytest.mark.parametrize("message, verdict_", [
    ("Shall I send it again?", BREACH), ("Shall I send a replacement for FD-10102?", BREACH),
    ("Shall I just send that again for you?", BREACH),
    ("Shall I send the same items again, free, for FD-10102?", PASS),
    ("I can send you the same items again, free of charge. Shall I?", PASS),  # the grader corpus's wording
    ("Shall I re-send the Samosa from FD-10102, free?", PASS), ("Shall I send a free replacement of the samosa?", PASS),
])
def test_a_replacement_names_its_items(consent, message, verdict_):
    assert consent("fd-replace-4", "create_replacement_order", [(message, "yes")]) == verdict_


# ---- a question read on past an aside or a short add-on (no question mark written) -------------------------------------
@pytest.mark.parametrize("text, asks", [
    ("um, Shall I add $10 of apology credit -- the most there is -- to your wallet for FD-10079", True),
    ("Shall I add $10 (the cap) to your wallet", True),
    ("uh Shall I re-send the Edamame from FD-10039, free of charge", True),
    ("I added $10 -- the cap -- to your wallet", False), ("I re-sent the Edamame, free of charge", False),
    ("Would you believe it, the courier is lost", False),
])
def test_a_question_read_past_an_aside_or_an_add_on(text, asks):
    from tau_shaped.reward.reading.normalize_questions import question_marks
    assert question_marks(text).endswith("?") == asks


# ---- where compensation starts, said with "neither ... nor" or "nothing back" ------------------------------------------
@pytest.mark.parametrize("message, verdict_", [
    ("Under 15 minutes late, neither the fee nor any of the food comes back.", PASS),
    ("Under 30 minutes late, neither the fee nor any of the food comes back.", BREACH),
    ("Anything under 15 minutes late gets nothing back.", PASS), ("Anything under 30 minutes late gets nothing back.", BREACH),
    ("Under 30 minutes late, only the fee comes back.", PASS),  # control: the fee alone below the percent tier
])
def test_where_compensation_starts_said_with_neither_or_nothing(message, verdict_):
    sc = scene("food_delivery", "test", "fd-late-minor-5")  # FD-10181: 10 minutes late
    assert verdict(sc, FACTS, trajectory(list(sc.calls) + [(respond(message), "ok")], "It was late.")) == verdict_
