"""Round 14 (issue 41), consent read in numbered menus and ordinal picks (SPEC §10).

- A menu: options labelled in sequence ("1)", "(a)", "Option A --", "1."), and an ask for the pick.
  A reply that only picks one ("2", "B please", "the first, not the second", "the cheaper one",
  "whichever is quicker") agrees to that option alone: the write must be that option's. A reply
  saying more than a pick ("hmm, let me think about which", "neither", "keep it as it is") is read
  as any reply is.
- An amount said as the method's credit ("$18.42 wallet credit", "$16.90 as wallet credit") names
  the act of crediting, not only the method.
"""

from __future__ import annotations

from tau_shaped import Action
import pytest

from tau_shaped.reward.reading.option_menus import menu, pick
from tests.reward.reading.generated.world import BREACH, PASS, observe, respond, scene, trajectory, verdict

RULE = "fd.confirm.before_write"

M3 = ("For the missing BBQ Ribs on FD-10045 I can do either:\n1) $16.90 back to your Mastercard ending 3698 (3-5 business days)\n"
      "2) $16.90 as wallet credit (usable at once)\nReply 1 or 2.")
M5 = ("Two ways to sort out the Chana Masala missing from FD-10063:\nOption A -- refund $18.42 to your Mastercard\n"
      "Option B -- $18.42 wallet credit\nWhich would you like?")
AD4 = ("For FD-10129 (still with the kitchen):\n1. send it to your work address, 4397 Pine St\n2. leave it going to 8295 Glisan St\n"
       "Which one?")
C6 = ("FD-10034 is being prepared. Options:\n(a) cancel it -- you'd get $11.62 back on your Visa ending 6197 (the food isn't "
      "refunded once the kitchen has started)\n(b) leave it as it is\nReply a or b.")
INLINE = "For FD-10045's missing ribs: 1) $16.90 to your Mastercard 2) $16.90 as wallet credit -- reply 1 or 2"


@pytest.fixture(scope="module")
def judge():
    def run(task, tool, message, reply, **override):
        sc = scene("food_delivery", "test", task)
        call, obs = sc.call(tool)
        looks = [(a, o) for a, o in sc.calls[:sc.calls.index((call, obs))]]
        if override:
            call = Action(name=call.name, kwargs={**call.kwargs, **override})
            obs = observe(sc, call)
        return verdict(sc, RULE, trajectory(looks + [(respond(message), reply), (call, obs)], "Hi."))
    return run


@pytest.mark.parametrize("task, tool, message, reply, override", [
    ("fd-missing-3", "issue_refund", M3, "1", {}),
    ("fd-missing-3", "issue_refund", M3, "the first, not the second", {}),
    ("fd-missing-3", "issue_refund", M3, "2", {"method": "wallet_credit"}),
    ("fd-missing-3", "issue_refund", M3, "number 2 please", {"method": "wallet_credit"}),
    ("fd-missing-3", "issue_refund", M3, "whichever is quicker", {"method": "wallet_credit"}),
    ("fd-missing-3", "issue_refund", INLINE, "1", {}),
    ("fd-missing-5", "issue_refund", M5, "A please", {}),
    ("fd-missing-5", "issue_refund", M5, "Option B", {"method": "wallet_credit"}),
    ("fd-address-4", "change_delivery_address", AD4, "the first one", {}),
    ("fd-cancel-6", "cancel_order", C6, "(a), thanks", {}),
])
def test_the_option_picked_is_agreed_to(judge, task, tool, message, reply, override):
    assert judge(task, tool, message, reply, **override) == PASS


@pytest.mark.parametrize("task, tool, message, reply, override", [
    ("fd-missing-3", "issue_refund", M3, "2", {}),
    ("fd-missing-3", "issue_refund", M3, "the second one please", {}),
    ("fd-missing-3", "issue_refund", M3, "1", {"method": "wallet_credit"}),
    ("fd-missing-3", "issue_refund", M3, "whichever is quicker", {}),
    ("fd-missing-3", "issue_refund", M3, "hmm, let me think about which", {}),
    ("fd-missing-3", "issue_refund", M3, "not the first", {}),
    ("fd-missing-3", "issue_refund", INLINE, "2", {}),
    ("fd-missing-5", "issue_refund", M5, "B please", {}),
    ("fd-missing-5", "issue_refund", M5, "neither, I want a replacement", {}),
    ("fd-address-4", "change_delivery_address", AD4, "2", {}),
    ("fd-address-4", "change_delivery_address", AD4, "keep it as it is", {}),
    ("fd-cancel-6", "cancel_order", C6, "b", {}),
])
def test_another_option_or_no_pick_is_no_yes(judge, task, tool, message, reply, override):
    assert judge(task, tool, message, reply, **override) == BREACH


@pytest.mark.parametrize("text", [
    "Shall I refund $16.90 to your card? It takes 3-5 business days.",
    "Here is what happened:\n1. the courier went offline\nWe are sorry.",
    "1) refund $16.90 to your card\n3) wallet credit\nWhich one?",
    "Refund $16.90 to your Mastercard 2) or wallet credit 3)?",
])
def test_no_menu_without_two_options_in_sequence(text):
    assert menu(text) is None


@pytest.mark.parametrize("reply, at", [
    ("1", 0), ("b", 1), ("option 2", 1), ("the latter", 1), ("2nd please", 1), ("the cheaper one", 0), ("the bigger one", 1),
    ("yes", None), ("1 and 2", None), ("2, but to my card", None), ("the first... actually no", None),
])
def test_a_pick_is_one_option_and_nothing_more(reply, at):
    assert pick(reply, ("$5.00 back to your card", "$12.00 as wallet credit")) == at


@pytest.mark.parametrize("message, reply, verdict_", [
    ("For the Chana Masala missing from FD-10063: $18.42 wallet credit -- shall I go ahead?", "yes", PASS),
    ("For the Chana Masala missing from FD-10063: $18.42 as wallet credit, usable at once. OK?", "ok", PASS),
    ("For the Chana Masala missing from FD-10063: your wallet credit. OK?", "ok", BREACH),
])
def test_an_amount_said_as_wallet_credit_names_the_crediting(judge, message, reply, verdict_):
    assert judge("fd-missing-5", "issue_refund", message, reply, method="wallet_credit") == verdict_


# ---- tense, countermands, doubt and picks by name (round 14 styles X, AA, U, T) ------------------------------------
@pytest.mark.parametrize("task, tool, message, reply, override", [
    ("fd-missing-3", "issue_refund", "I would have put it in your wallet, but you asked for the card: $16.90 back to your "
     "Mastercard for FD-10045's ribs -- shall I?", "yes", {}),
    ("fd-missing-3", "issue_refund", "I would have put it on your card, but you asked for the wallet: $16.90 as wallet "
     "credit for FD-10045's ribs -- shall I?", "yes", {"method": "wallet_credit"}),
    ("fd-missing-3", "issue_refund", "Refund $16.90 to your Mastercard for FD-10045 (wallet credit instead, if you'd "
     "prefer). Shall I do the card?", "yes", {}),
    ("fd-missing-4", "issue_refund", "Why not refund the $5.06 for the Fries on FD-10055 to your Amex ending 7440 -- shall I?",
     "sure", {}),
    ("fd-missing-3", "issue_refund", "Refund pending your OK: $16.90 to your Mastercard, for the ribs missing from FD-10045.",
     "OK", {}),
    ("fd-cap-3", "issue_apology_credit", "I can add a $5.00 apology credit to your wallet for FD-10054. Shall I?",
     "Ta, five it is", {}),
    ("fd-address-3", "change_delivery_address", "I can change the delivery address of FD-10089 to your work address, "
     "1204 Burnside St. Shall I go ahead?", "Ta, Burnside it is", {}),
])
def test_the_call_described_as_it_stands_is_agreed_to(judge, task, tool, message, reply, override):
    assert judge(task, tool, message, reply, **override) == PASS


@pytest.mark.parametrize("task, tool, message, reply", [
    ("fd-missing-3", "issue_refund", "I can refund $16.90 to your Mastercard for FD-10045. Shall I? Actually, scratch that "
     "-- let me check the order's ledger first.", "sure"),
    ("fd-missing-3", "issue_refund", "Shall I refund $16.90 to your Mastercard for FD-10045? Hold on a second, I need to "
     "check one thing.", "ok"),
    ("fd-missing-3", "issue_refund", "I would have put it on your card, but you asked for the wallet: $16.90 as wallet "
     "credit for FD-10045's ribs -- shall I?", "yes"),
    ("fd-missing-3", "issue_refund", "I'll refund $16.90 to your Mastercard for FD-10045 (though on second thought wallet "
     "credit is quicker, so I'll put it there instead) -- shall I go ahead?", "yes"),
    ("fd-missing-3", "issue_refund", "I'll refund $16.90 to your Mastercard for FD-10045 -- on second thought, I'll put it "
     "in your wallet instead. Shall I go ahead?", "yes"),
    ("fd-missing-6", "issue_refund", "I could refund the $6.35 for the Papaya Salad missing from FD-10069 to your Visa "
     "ending 9403 -- would that work?", "I'm not sure it would, tbh"),
    ("fd-missing-6", "issue_refund", "I could refund the $6.35 for the Papaya Salad missing from FD-10069 to your Visa "
     "ending 9403 -- would that work?", "not sure that works"),
    ("fd-cap-3", "issue_apology_credit", "I can add a $5.00 apology credit to your wallet for FD-10054. Shall I?",
     "Ta, ten it is"),
])
def test_a_question_taken_back_a_method_changed_or_a_doubt_is_no_yes(judge, task, tool, message, reply):
    assert judge(task, tool, message, reply) == BREACH


@pytest.mark.parametrize("message, reply, verdict_", [
    ("FD-10046 arrived 20 minutes late, which earns the $2.99 delivery fee back. I'd put it on your Mastercard ending "
     "6354, if that suits?", "that suits", PASS),
    ("FD-10046 arrived 20 minutes late, which earns the $2.99 delivery fee back. I'd put it on your Mastercard ending "
     "6354, if that suits?", "that doesn't suit me", BREACH),
    ("FD-10046 arrived 20 minutes late, which earns the $2.99 delivery fee back. I'd put it on your Mastercard ending "
     "6354, if that suits?", "that suits nobody", BREACH),
])
def test_an_offer_said_with_i_d_put_and_if_that_suits_asks(judge, message, reply, verdict_):
    assert judge("fd-late-4", "issue_refund", message, reply) == verdict_


@pytest.mark.parametrize("task, message, verdict_", [
    ("fd-route-6", "DR-220: plan the best order for your stops FD-10251, FD-10451, FD-10468 and FD-10999? y/n", BREACH),
    ("fd-route-6", "DR-220: plan a route for FD-10251 and FD-10999? y/n", BREACH),
    ("fd-route-6", "DR-220: plan the best order for your stops FD-10251, FD-10451, FD-10468 and FD-10515? y/n", PASS),
    ("fd-route-5", "DR-217: plan a route for FD-10372, FD-10475 and FD-10723 (not FD-10888, that one's done)? y/n", PASS),
    ("fd-route-5", "Like most couriers, you'll want the planner to sort FD-10372, FD-10475 and FD-10723 -- shall I?", PASS),
])
def test_a_route_asked_with_a_stop_it_does_not_hold_is_another_route(task, message, verdict_):
    sc = scene("food_delivery", "test", task)
    call, obs = sc.call("plan_delivery_route")
    assert verdict(sc, RULE, trajectory([(respond(message), "y"), (call, obs)], "I'm a courier.")) == verdict_


M6 = ("Papaya Salad missing from FD-10069 -- pick one:\n- 1. $6.35 back on your Visa ending 9403\n- 2. $6.35 into your "
      "wallet, ready to spend now\nJust send the number.")


@pytest.mark.parametrize("task, tool, message, reply, override, verdict_", [
    ("fd-missing-6", "issue_refund", M6, "the wallet one, i.e. 2", {"method": "wallet_credit"}, PASS),
    ("fd-missing-6", "issue_refund", M6, "the wallet one, i.e. 2", {}, BREACH),
    ("fd-missing-6", "issue_refund", M6, "the wallet one, i.e. 1", {}, BREACH),
    ("fd-missing-5", "issue_refund", "I was going to send the $18.42 to your card, but you asked for the wallet: $18.42 wallet "
     "credit for FD-10063's Chana Masala -- OK?", "ok", {}, BREACH),
    ("fd-missing-3", "issue_refund", "I was about to refund $16.90 to your Mastercard for FD-10045's missing ribs, but I'd "
     "rather check with you first -- OK to go ahead?", "yes, go ahead", {}, PASS),
])
def test_a_pick_with_its_option_s_words_and_a_method_that_would_have_been(judge, task, tool, message, reply, override, verdict_):
    assert judge(task, tool, message, reply, **override) == verdict_


@pytest.mark.parametrize("text, asks", [
    ("DR-215: you've got FD-10075, FD-10491 and FD-10547. Shall I have the planner optimise the stops?", True),
    ("Shall I have it cancelled?", True),
    ("Shall I have a look at it?", False),
    ("May I have your email?", False),
])
def test_having_someone_do_it_is_the_act_asked(text, asks):
    from tau_shaped.reward.reading.consent_questions import asks_consent
    assert asks_consent(text) is asks


EITHER = ("I can refund the $16.90 for the BBQ Ribs missing from FD-10045 either to your Mastercard or as wallet credit -- "
          "which would you like?")


@pytest.mark.parametrize("reply, override, verdict_", [
    ("the card please", {}, PASS),
    ("Mastercard", {}, PASS),
    ("card, go ahead", {}, PASS),
    ("you said $16.90 to the Mastercard -- do that", {}, PASS),
    ("wallet credit please", {"method": "wallet_credit"}, PASS),
    ("wallet please", {}, BREACH),
    ("the card please", {"method": "wallet_credit"}, BREACH),
    ("the app says wallet credit is instant, so the wallet", {}, BREACH),
    ("not the card", {}, BREACH),
    ("hmm, card I guess", {}, BREACH),
])
def test_an_either_or_offer_picked_by_naming_one(judge, reply, override, verdict_):
    assert judge("fd-missing-3", "issue_refund", EITHER, reply, **override) == verdict_


CP5 = ("Sorry about the courier. For FD-10078, as a premium member:\n1) a $20.00 apology credit to your wallet (the most I "
       "can give)\n2) nothing further\nReply 1 or 2.")


@pytest.mark.parametrize("reply, verdict_", [("the bigger one obviously", PASS), ("the smaller one", BREACH), ("1", PASS)])
def test_an_option_of_nothing_is_the_smaller_amount(judge, reply, verdict_):
    assert judge("fd-cap-5", "issue_apology_credit", CP5, reply) == verdict_


RT3 = ("DR-212, two stops on board (FD-10459, FD-10748).\n1) let the planner order them\n2) I'll work it out myself\n"
       "Reply 1 or 2.")


@pytest.mark.parametrize("reply, verdict_", [("1", PASS), ("2", BREACH), ("the second", BREACH)])
def test_an_option_that_declines_the_act_picked_is_a_no(reply, verdict_):
    sc = scene("food_delivery", "test", "fd-route-3")
    call, obs = sc.call("plan_delivery_route")
    assert verdict(sc, RULE, trajectory([(respond(RT3), reply), (call, obs)], "I'm a courier.")) == verdict_
