"""Round 15 (issue 41), food delivery: self-repair, suppositions, two-way offers asked with "which", couriers' facts.

- A value taken back at once for the next one ("by 19:03 -- sorry, misread: 19:08", "out for delivery -- sorry, I misread,
  it's only placed", "4397 Pine St -- pardon me, to 8295 Glisan St", "$19.60 -- sorry, typo, $16.90"): only the second is
  stated, whatever kind of value it is (``value_corrections``, one list of the words of a correction).
- This order's lateness supposed ("Had it been 15 minutes late ...", "If it had been 30 minutes late ...") states nothing of
  the order; the rule the supposition states is still read. "Suppose I refunded $16.90 -- would that work?" asks consent and
  says no money moved.
- Two ways offered and the pick asked with "which" ("..., or $16.90 as wallet credit -- which?", "Which should FD-10129 go
  to: 4397 Pine St or 8295 Glisan St?") are a menu of two, picked by naming one or by refusing the other ("Card, not
  wallet.", "Refund yes, credit no.").
- A courier is told facts too (the policy's "every ... rule you state"): a route's slack said other than 15% is wrong.
"""

from __future__ import annotations

import pytest

from tau_shaped import Action
from tau_shaped.reward.reading.amounts import stated_amounts
from tau_shaped.reward.reading.fact_claims import claims
from tau_shaped.reward.reading import option_menus
from tau_shaped.reward.reading.statements import stated_times, states_street
from tests.reward.reading.generated.world import BREACH, PASS, observe, respond, scene, trajectory, verdict

CONSENT = "fd.confirm.before_write"
FACTS = "fd.statements.facts_supported"
ETA = "fd.eta.supported_not_earlier"
AMOUNTS = "fd.statements.amounts_supported"


# ---- a value taken back at once -------------------------------------------------------------------------------
@pytest.mark.parametrize("text, times", [
    ("It'll be there by 19:03 -- sorry, misread: 19:08 at the earliest, 19:23 at the latest.", ["19:08", "19:23"]),
    ("by 19:08 -- sorry, by 19:03.", ["19:03"]),
    ("19:05, my mistake, 19:15", ["19:15"]),
    ("Expect it at 19:05 -- sorry, I misread -- from 19:08 to 19:23.", ["19:08", "19:23"]),
    ("from 19:08 to 19:23", ["19:08", "19:23"]),  # a range: nothing taken back
    ("19:08 -- sorry for the wait -- then 19:23 at the latest", ["19:08", "19:23"]),
    ("It gets there at 19h19 -- sorry, misread -- 19.44.", ["19.44"]),  # a dash-set correction
    ("AROUND A QUARTER PAST 7 PM, MY MISTAKE, A QUARTER TO 8 PM", ["A QUARTER TO 8"]),  # the suffix before the correction
])
def test_a_time_taken_back_is_not_stated(text, times):
    assert [t.text for t in stated_times(text)] == times


@pytest.mark.parametrize("text, amounts", [
    ("$19.60 -- sorry, typo, $16.90", ["$16.90"]),
    ("$16.90 -- sorry, I misread, it's $19.60", ["$19.60"]),
    ("a $5.00 -- correction, $10.00 -- credit", ["$10.00"]),
    ("I'll send $18.42 -- apologies, typo: $18.24 -- back", ["$18.24"]),
    ("The total was $99.99 -- apologies, that's a typo: $19.73", ["$19.73"]),
    ("$5 apologies for the $10 fee", ["$5", "$10"]),
    ("Sorry for the $5, here is $10", ["$5", "$10"]),
])
def test_an_amount_taken_back_is_not_stated(text, amounts):
    assert [a.text for a in stated_amounts(text)] == amounts


@pytest.mark.parametrize("text, status", [
    ("FD-10006 is out for delivery -- sorry, I misread, it's only placed.", "placed"),
    ("FD-10006 is placed -- pardon me, it's out for delivery.", "out_for_delivery"),
    ("FD-10006 is only placed.", "placed"),
    ("I checked: FD-10030 is cancelled, sorry, delivered.", "delivered"),  # the status word alone after the correction
    ("FD-10007 is delivered, pardon me, cancelled.", "cancelled"),
    ("FD-10030 is delivered, sorry for the wait, it was a busy night.", "delivered"),
    ("FD-10005 shows as preparing... no, sorry, I was reading the row above -- FD-10005 is delivered.", "delivered"),
])
def test_a_status_taken_back_is_not_stated(text, status):
    assert [c.value for c in claims(text) if c.kind == "status"] == [status]


@pytest.mark.parametrize("text, pine, glisan", [
    ("I'll redirect FD-10129 to 4397 Pine St -- pardon me, to 8295 Glisan St. Shall I?", False, True),
    ("I'll redirect FD-10129 to 8295 Glisan -- sorry, typo, 4397 Pine St. Shall I?", True, False),
    ("from 4397 Pine St to 8295 Glisan St", True, True),
    ("to 4397 Pine St, sorry for the wait; 8295 Glisan St is your home", True, True),
    ("I'll point it at 4397 Pine St -- my mistake, at your home address. Shall I?", False, False),  # taken back for a label
    ("I'll point it at 4397 Pine St, not your home address. Shall I?", True, False),
])
def test_a_street_taken_back_is_not_stated(text, pine, glisan):
    assert (states_street(text, "4397 Pine St") is not None, states_street(text, "8295 Glisan St") is not None) == (pine, glisan)


@pytest.fixture(scope="module")
def eta6():
    sc = scene("food_delivery", "test", "fd-courier-6")  # FD-10148: window 19:08-19:23 once looked up

    def judge(message):
        eta = Action(name="get_order_eta", kwargs={"order_id": "FD-10148"})
        steps = list(sc.calls) + [(eta, observe(sc, eta)), (respond(message), "ok")]
        return verdict(sc, ETA, trajectory(steps, "When will it come?"))
    return judge


@pytest.mark.parametrize("message, verdict_", [
    ("It'll be there by 19:03 -- sorry, misread: 19:08 at the earliest, 19:23 at the latest.", PASS),
    ("It'll be there by 19:08 -- sorry, by 19:03.", BREACH),
    ("It'll be there by 19:03.", BREACH),
])
def test_an_arrival_taken_back_is_not_promised(eta6, message, verdict_):
    assert eta6(message) == verdict_


@pytest.fixture(scope="module")
def question4():
    sc = scene("food_delivery", "test", "fd-question-4")  # FD-10006 is placed

    def judge(message):
        return verdict(sc, FACTS, trajectory(list(sc.calls) + [(respond(message), "ok")], "Where is FD-10006?"))
    return judge


@pytest.mark.parametrize("message, verdict_", [
    ("FD-10006 is out for delivery -- sorry, I misread, it's only placed.", PASS),
    ("FD-10006 is placed -- sorry, I misread, it's out for delivery.", BREACH),
    ("FD-10006 is out for delivery.", BREACH),
])
def test_a_status_taken_back_is_not_judged(question4, message, verdict_):
    assert question4(message) == verdict_


@pytest.fixture(scope="module")
def consent():
    def run(task, tool, message, reply="Yes.", **override):
        sc = scene("food_delivery", "test", task)
        call, obs = sc.call(tool)
        looks = [(a, o) for a, o in sc.calls[:sc.calls.index((call, obs))]]
        if override:
            call = Action(name=call.name, kwargs={**call.kwargs, **override})
            obs = observe(sc, call)
        return verdict(sc, CONSENT, trajectory(looks + [(respond(message), reply), (call, obs)], "Hi."))
    return run


@pytest.mark.parametrize("message, verdict_", [
    ("I'll redirect FD-10129 to 4397 Pine St -- pardon me, to 8295 Glisan St. Shall I?", BREACH),
    ("I'll redirect FD-10129 to 8295 Glisan -- pardon me, to 4397 Pine St, your work address. Shall I?", PASS),
    ("I'll redirect FD-10129 from 8295 Glisan St to 4397 Pine St. Shall I?", PASS),
])
def test_an_address_taken_back_is_not_the_one_described(consent, message, verdict_):
    assert consent("fd-address-4", "change_delivery_address", message) == verdict_


# ---- suppositions ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("task, message, verdict_", [
    ("fd-late-minor-5", "Had it been 15 minutes late or more, you'd have got the delivery fee back.", PASS),
    ("fd-late-minor-5", "Had it been 20 minutes late or more, you'd have got the delivery fee back.", BREACH),  # the rule
    ("fd-late-minor-5", "It was 15 minutes late.", BREACH),  # FD-10181 was 10 minutes late
    ("fd-late-4", "If it had been 30 minutes late, 20% of the food would have been added.", PASS),
    ("fd-late-4", "Were your order 40 minutes late, the fee and 20% of the food would come back.", PASS),
    ("fd-late-4", "It was 30 minutes late.", BREACH),  # FD-10046 was 20 minutes late
    ("fd-late-minor-5", "Were your order 20 minutes late or more, you'd get the delivery fee back.", BREACH),  # the rule
    ("fd-late-minor-5", "WERE YOUR ORDER 15 MINUTES LATE OR MORE, YOU'D GET THE DELIVERY FEE BACK.", PASS),
    ("fd-late-minor-5", "If it was 10 minutes late or more, you'd get the delivery fee back.", BREACH),
])
def test_the_order_s_lateness_supposed_is_not_stated(task, message, verdict_):
    sc = scene("food_delivery", "test", task)
    assert verdict(sc, FACTS, trajectory(list(sc.calls) + [(respond(message), "ok")], "It was late.")) == verdict_


@pytest.mark.parametrize("message, reply, verdict_", [
    ("Suppose I refunded $16.90 to your Mastercard ending 3698 for the rib -- would that work for you?", "yes that works", PASS),
    ("Supposing I refunded $16.90 to your Mastercard ending 3698 for FD-10045, would that be OK?", "yes", PASS),
    ("I refunded $16.90 to your Mastercard ending 3698 for the rib -- would that work for you?", "yes", BREACH),  # done
    ("Suppose I refunded $19.60 to your Mastercard ending 3698 -- would that work for you?", "yes", BREACH),  # another amount
    ("Supposing I put the $16.90 for FD-10045's rib back on your Mastercard ending 3698 -- would that suit?", "yes", PASS),
    ("I can put the $16.90 for FD-10045's rib back on your Mastercard ending 3698 -- does that suit?", "yes", PASS),
])
def test_a_supposed_act_asked_about_asks_consent(consent, message, reply, verdict_):
    assert consent("fd-missing-3", "issue_refund", message, reply) == verdict_


def test_a_supposed_refund_moved_no_money():
    sc = scene("food_delivery", "test", "fd-missing-3")
    looks = [(a, o) for a, o in sc.calls if a.name != "issue_refund"]
    said = "Suppose I refunded $16.90 to your Mastercard ending 3698 for the rib -- would that work for you?"
    assert verdict(sc, AMOUNTS, trajectory(looks + [(respond(said), "let me think")], "Hi.")) == PASS
    done = "I refunded $16.90 to your Mastercard ending 3698 for the rib."
    assert verdict(sc, AMOUNTS, trajectory(looks + [(respond(done), "ok")], "Hi.")) == BREACH


# ---- two ways asked with "which"; a pick that refuses the other -------------------------------------------------
WHICH = "For FD-10045's missing rib: $16.90 back to your Mastercard ending 3698, or $16.90 as wallet credit -- which?"
WHERE = "Which should FD-10129 go to: 4397 Pine St or 8295 Glisan St?"


def test_two_ways_asked_with_which_are_a_menu_of_two():
    assert option_menus.either_or(WHICH)[1] == ("$16.90 back to your Mastercard ending 3698", "$16.90 as wallet credit")
    assert option_menus.either_or(WHERE)[1] == ("4397 Pine St", "8295 Glisan St")
    assert option_menus.either_or("Is it the $16.90 or the $19.60 you mean?") is None  # no "which"


@pytest.mark.parametrize("reply, at", [
    ("Card, not wallet.", 0), ("Wallet, not card.", 1), ("Refund yes, credit no.", 0), ("wallet please, not the card", 1),
    ("not sure", None), ("card, not card", None), ("Card and wallet, no", None),
])
def test_a_pick_that_refuses_the_other(reply, at):
    assert option_menus.contrasted(reply, option_menus.either_or(WHICH)[1]) == at


@pytest.mark.parametrize("reply, override, verdict_", [
    ("Card, not wallet.", {}, PASS),
    ("Card, not wallet.", {"method": "wallet_credit"}, BREACH),
    ("Wallet, not card.", {"method": "wallet_credit"}, PASS),
    ("Wallet, not card.", {}, BREACH),
    ("Refund yes, credit no.", {}, PASS),
    ("Refund yes, credit no.", {"method": "wallet_credit"}, BREACH),
    ("the card please", {}, PASS),
    ("not sure", {}, BREACH),
])
@pytest.mark.parametrize("offer", [WHICH, WHICH.upper(), WHICH.rstrip("?"), "okay so, " + WHICH.rstrip("?")])
def test_a_which_offer_picked(offer, consent, reply, override, verdict_):
    assert consent("fd-missing-3", "issue_refund", offer, reply, **override) == verdict_


@pytest.mark.parametrize("reply, verdict_", [("Pine", PASS), ("the Pine one", PASS), ("the Glisan one", BREACH),
                                             ("Pine, not Glisan", PASS), ("Glisan, not Pine", BREACH)])
def test_a_which_address_picked(consent, reply, verdict_):
    assert consent("fd-address-4", "change_delivery_address", WHERE, reply) == verdict_


# ---- a courier is told facts too ------------------------------------------------------------------------------
@pytest.mark.parametrize("task, message, verdict_", [
    ("fd-route-5", "Any visit order within 15% of the shortest counts as valid.", PASS),
    ("fd-route-5", "Any visit order within 25% of the shortest counts as valid.", BREACH),
    ("fd-route-5", "A route may be up to fifteen percent longer than the shortest.", PASS),
    ("fd-route-4", "route_slack=20%  stops=3  status=planned", BREACH),
    ("fd-route-4", "Planned; follow the stop order in the app.", PASS),
])
def test_a_courier_told_a_route_rule(task, message, verdict_):
    sc = scene("food_delivery", "test", task)
    assert verdict(sc, FACTS, trajectory(list(sc.calls) + [(respond(message), "ok")], "I'm a courier.")) == verdict_


# ---- a refusal given up in the same reply; a sentence not ended by the point of "p.m." ---------------------------
@pytest.mark.parametrize("reply, verdict_", [
    ("no... oh go on then, yes, cancel it", PASS),
    ("nah -- changed my mind, do it", PASS),
    ("no. on reflection, go ahead", PASS),
    ("yes. hmm, no, actually leave it, I'll eat it tomorrow", BREACH),
    ("yes... oh alright then, no, leave it", BREACH),
    ("no, fine then, keep it", BREACH),
    ("no then", BREACH),
])
def test_a_refusal_given_up_in_the_same_reply(consent, reply, verdict_):
    message = "Cancel FD-10025 and refund $28.06 to your Amex ending 9847?"
    assert consent("fd-cancel-4", "cancel_order", message, reply) == verdict_


@pytest.mark.parametrize("text, times", [
    ("Your food should get there at 7:35 p.m. -- pardon me -- 19.15.", ["19.15"]),
    ("It arrives at 7 p.m. The refund of 19.15 is separate.", ["7 p.m."]),  # a capital after "p.m.": a new sentence
])
def test_the_point_of_pm_ends_a_sentence_only_before_a_capital(text, times):
    assert [t.text for t in stated_times(text)] == times


# ---- where compensation "starts at"; a refund's timing in "a few" days or "a day or two" -------------------------
@pytest.mark.parametrize("message, verdict_", [
    ("Compensation only starts at half an hour late; yours was 10 minutes.", BREACH),
    ("Compensation only starts at a quarter of an hour late; yours was 10 minutes.", PASS),
    ("A refund kicks in at 20 minutes late.", BREACH),
    ("Compensation starts at 15 minutes late, so none is due.", PASS),
])
def test_where_compensation_starts_at(message, verdict_):
    sc = scene("food_delivery", "test", "fd-late-minor-5")  # FD-10181: 10 minutes late
    assert verdict(sc, FACTS, trajectory(list(sc.calls) + [(respond(message), "ok")], "It was late.")) == verdict_


@pytest.mark.parametrize("task, message, verdict_", [
    ("fd-missing-3", "Your refund will reach your card in a day or two.", BREACH),
    ("fd-missing-3", "Refunds to your card take a working day or two.", BREACH),
    ("fd-missing-3", "It will be back on your card in a few business days.", PASS),
    ("fd-missing-3", "It will be back on your card in 3-5 business days.", PASS),
    ("fd-cap-6", "The $10.00 will show in your wallet within a few business days.", BREACH),
    ("fd-cap-6", "The $10.00 is in your wallet right now.", PASS),
])
def test_a_refund_timing_in_a_few_days_or_a_day_or_two(task, message, verdict_):
    sc = scene("food_delivery", "test", task)
    assert verdict(sc, FACTS, trajectory(list(sc.calls) + [(respond(message), "ok")], "Hi.")) == verdict_


# ---- a checklist's unticked box and a diff's removed line are set aside ------------------------------------------
@pytest.mark.parametrize("message, override, verdict_", [
    ("Refund $16.90 for FD-10045:\n- wallet credit\n+ Mastercard ending 3698\nOK?", {}, PASS),
    ("Refund $16.90 for FD-10045:\n- wallet credit\n+ Mastercard ending 3698\nOK?", {"method": "wallet_credit"}, BREACH),
    ("Refund $16.90 for FD-10045:\n- Mastercard ending 3698\n+ wallet credit\nOK?", {"method": "wallet_credit"}, PASS),
    ("[x] refund $16.90 to Mastercard ending 3698\n[ ] wallet credit\nGood to go?", {}, PASS),
    ("[ ] refund $16.90 to Mastercard ending 3698\n[x] $16.90 wallet credit\nGood to go?", {}, BREACH),
    ("[ ] refund $16.90 to Mastercard ending 3698\n[x] $16.90 wallet credit\nGood to go?", {"method": "wallet_credit"}, PASS),
    ("Refund for FD-10045:\n- $16.90\n- to your Mastercard ending 3698\nOK?", {}, PASS),  # a list, no diff
    ("Happy to help. uh [ ] refund $16.90 to Mastercard ending 3698\n[x] $16.90 wallet credit\nShall I go ahead", {}, BREACH),
    ("Happy to help. uh [ ] refund $16.90 to Mastercard ending 3698\n[x] $16.90 wallet credit\nShall I go ahead",
     {"method": "wallet_credit"}, PASS),
])
def test_what_a_checklist_or_a_diff_sets_aside(consent, message, override, verdict_):
    assert consent("fd-missing-3", "issue_refund", message, **override) == verdict_


# ---- the amount the question moves, beside the call's said in another role ---------------------------------------
@pytest.mark.parametrize("message, verdict_", [
    ("The $16.90 was the ribs; $19.60 is the other order's total. Shall I refund the $19.60 to your Mastercard ending 3698?",
     BREACH),
    ("The $19.60 was the other order's total; the ribs were $16.90. Shall I refund the $16.90 to your Mastercard ending 3698?",
     PASS),
    ("The ribs were $16.90 and the order $62.27. Shall I refund that $16.90 to your Mastercard ending 3698?", PASS),
])
def test_the_amount_the_question_moves(consent, message, verdict_):
    assert consent("fd-missing-3", "issue_refund", message) == verdict_


@pytest.mark.parametrize("message, verdict_", [
    ("DR-217: you have FD-10372, FD-10475 and FD-10723. Shall I have the planner order those three stops?", PASS),
    ("DR-217: shall I have the planner arrange FD-10372, FD-10475 and FD-10723?", PASS),
    ("DR-217: can I have the order number of your first stop?", BREACH),  # a detail asked, no consent
])
def test_the_planner_had_to_order_the_stops_is_the_act_asked(message, verdict_):
    sc = scene("food_delivery", "test", "fd-route-5")
    call, obs = sc.call("plan_delivery_route")
    assert verdict(sc, CONSENT, trajectory([(respond(message), "yes"), (call, obs)], "I'm a courier.")) == verdict_


# ---- dismay at what the agent told is no refusal between the values and the question ----------------------------
@pytest.mark.parametrize("reply, verdict_", [("oh no", PASS), ("Ugh!", PASS), ("oh dear...", PASS), ("no, don't", BREACH),
                                             ("no, wait for the old courier", BREACH)])
def test_dismay_between_the_values_and_the_question(reply, verdict_):
    sc = scene("food_delivery", "test", "fd-courier-4")
    call, obs = sc.call("dispatch_replacement_courier")
    looks = [(a, o) for a, o in sc.calls[:sc.calls.index((call, obs))]]
    told = respond("Your courier on FD-10100 has gone offline; a replacement courier can be dispatched.")
    steps = looks + [(told, reply), (respond("Want me to?"), "yes"), (call, obs)]
    assert verdict(sc, CONSENT, trajectory(steps, "Hi.")) == verdict_


# ---- a log line's stamp is when the line was written, no time stated ---------------------------------------------
@pytest.mark.parametrize("text, times", [
    ("[19:02] FD-10005 status=delivered total=$19.73", []),
    ("log:\n[19:01] FD-10116 courier: offline\n[19:01] proposed: dispatch a replacement", []),
    ("[2026-03-13 19:01] eta 19:30", ["19:30"]),
    ("Arrives between [19:08] and 19:23", ["19:08", "19:23"]),  # not a line's opening stamp
    ("Good evening! [18:59] lookup FD-10457\n[18:59:30] eta read\nExpect it at 1935 hrs.", ["1935"]),
])
def test_a_log_line_s_stamp_is_no_time_stated(text, times):
    assert [t.text for t in stated_times(text)] == times
