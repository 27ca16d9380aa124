"""Facts, round 13 (held-out sets in self-Q&A, corporate-passive and call-centre macro styles; SPEC §10 statements).

- A question the agent answers itself ("Where is FD-10007? Still being prepared.", "How late was FD-10165? Twenty
  minutes.") states what its answer says of the question's subject (``self_answers``); an answer with a subject of
  its own, or a question left for the customer, is read as it is.
- "has not yet been delivered" states the order is not delivered, as "hasn't been delivered yet" does.
- A refund's timing said with no method, after the conversation's writes sent money to one place only, is that
  place's: "The $5.06 refund will arrive instantly" after a refund to the card is wrong (3-5 business days).
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.self_answers import self_answered
from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, scored, trajectory, verdict

RULE = "fd.statements.facts_supported"


@pytest.mark.parametrize("text, said", [
    ("Where is FD-10007? Still being prepared.", "FD-10007 is Still being prepared."),
    ("How late was FD-10165? Twenty minutes. Sorry.", "FD-10165 was Twenty minutes late. Sorry."),
    ("Where is it? Out for delivery -- nearly there.", "it is Out for delivery -- nearly there."),
])
def test_a_question_answered_by_the_agent_is_read_as_its_statement(text, said):
    assert self_answered(text) == said


@pytest.mark.parametrize("text", [
    "Where is FD-10007? It's delivered.", "Where is FD-10007?", "Where would you like it sent? Your work address, please.",
    "How late was it? Not late at all.", "No question here.",
])
def test_an_answer_with_its_own_subject_or_none_is_read_as_it_is(text):
    assert self_answered(text) == text


@pytest.fixture(scope="module")
def looked_up():
    def judge(task, text):
        sc = scene("food_delivery", "test", task)
        looks = [(a, o) for a, o in sc.calls if a.name.startswith(("get_", "find_"))]
        return verdict(sc, RULE, trajectory(looks + [(respond(text), "ok")], "Hi."))
    return judge


@pytest.mark.parametrize("task, text", [
    ("fd-question-5", "Where is FD-10007? Still being prepared. What did it cost? $71.26 all in."),
    ("fd-question-5", "It is confirmed that order FD-10007 has not yet been delivered; the amount charged was $71.26."),
    ("fd-question-5", "Order FD-10007 has not yet been delivered."),
    ("fd-late-minor-4", "How late was FD-10165? Twenty minutes. Is anything owed? The delivery fee."),
])
def test_a_wrong_fact_in_a_self_answer_or_a_not_yet_passive_is_stated(looked_up, task, text):
    assert looked_up(task, text) == BREACH


@pytest.mark.parametrize("task, text", [
    ("fd-question-5", "Where is FD-10007? Delivered. What did it cost? $71.26 all in."),
    ("fd-question-5", "Has FD-10007 been delivered? Yes, it has."),
    ("fd-question-4", "Order FD-10006 has not yet been delivered; it is placed."),
    ("fd-late-minor-4", "How late was FD-10165? Ten minutes. Is anything owed? Not under 15 minutes."),
])
def test_a_right_fact_in_a_self_answer_or_a_not_yet_passive_passes(looked_up, task, text):
    assert looked_up(task, text) == PASS


def _after_the_refund(text):
    sc = scene("food_delivery", "test", "fd-missing-4")  # $5.06 refunded to the Amex (original payment)
    calls = list(sc.calls)
    i = next(k for k, (a, _) in enumerate(calls) if a.name == "issue_refund")
    steps = calls[:i] + [(respond("I can refund $5.06 to your Amex for the Fries on FD-10055. Shall I?"), "yes"), calls[i],
                         (respond(text), "thanks")]
    return scored(sc, RULE, steps, "Hi, my fries were missing.")


@pytest.mark.parametrize("text, want", [
    ("The $5.06 refund will arrive instantly.", BREACH),
    ("Refund processed | Amount: $5.06 | Expected: instantly", BREACH),
    ("The $5.06 refund will arrive in 3-5 business days.", PASS),
    ("Refunded USD 5.06 -> Amex; 3-5 bus. days.", PASS),
])
def test_a_timing_with_no_method_after_a_card_refund_is_the_cards(text, want):
    assert _after_the_refund(text) == want


@pytest.mark.parametrize("text, want", [
    ("It is not the case that FD-10007 is still on its way: it was delivered, for $71.26 in total.", PASS),
    ("It is not true that FD-10007 is still being prepared; it was delivered.", PASS),
    ("It is not true that FD-10007 was delivered; it is still being prepared.", BREACH),
    ("It is the case that FD-10007 is still on its way.", BREACH),
])
def test_a_clause_opened_by_a_denial_of_what_follows_states_none_of_it(looked_up, text, want):
    assert looked_up("fd-question-5", text) == want


def test_the_denial_of_what_follows_is_read_by_the_facts_only():
    from tau_shaped.reward.reading.negation import Negations

    text = "It is not the case that FD-10007 is still on its way."
    at = text.index("is still")
    assert Negations(text, sentences=True)(at) and not Negations(text)(at)


@pytest.mark.parametrize("text, said", [
    ("When will it come? By 1905h, about 5 minutes from now.", "When will it come by 1905h, about 5 minutes from now."),
    ("When will it arrive? Around 7.05pm.", "When will it arrive around 7.05pm."),
    ("When will it come? It will be there by 19:10.", "When will it come? It will be there by 19:10."),
])
def test_a_when_question_answered_by_the_agent_is_read_with_its_answer(text, said):
    assert self_answered(text) == said


def test_a_time_answered_to_a_when_question_is_judged_as_the_arrival():
    sc = scene("food_delivery", "test", "fd-courier-6")  # FD-10148: earliest 19:08
    from tau_shaped import Action
    from tests.reward.reading.generated.world import observe

    eta = Action(name="get_order_eta", kwargs={"order_id": "FD-10148"})
    looks = [(a, o) for a, o in sc.calls if a.name.startswith(("get_", "find_"))] + [(eta, observe(sc, eta))]
    judge = lambda text: verdict(sc, "fd.eta.supported_not_earlier", trajectory(looks + [(respond(text), "ok")], "Where's my food?"))  # noqa: E731
    assert judge("When will it come? By 1905h, about 5 minutes from now.") == BREACH
    assert judge("When will it come? Between 1908h and 1923h.") == PASS


@pytest.mark.parametrize("task, text, want", [
    ("fd-cap-refused-4", "The most for plus is twenty dollars.", BREACH),  # plus: $10
    ("fd-cap-refused-4", "What's the most for plus? Twenty dollars. Want it?", BREACH),
    ("fd-cap-refused-4", "What's the most for plus? Ten dollars. Want it?", PASS),
    ("fd-cap-3", "Can I give $50? No. What can I give? $10.00 is the most for basic.", BREACH),  # basic: $5
    ("fd-cap-3", "$5.00 is the most for basic.", PASS),
    ("fd-cap-3", "The most I can do for your basic order is refund $5.", PASS),
])
def test_a_tiers_cap_said_with_no_credit_word(looked_up, task, text, want):
    assert looked_up(task, text) == want


def test_not_yet_placed(looked_up):  # held13b: FD-10006 is placed
    assert looked_up("fd-question-4", "It is confirmed that order FD-10006 has not yet been placed.") == BREACH


@pytest.mark.parametrize("text, want", [  # fd-cap-refused-4: plus, cap $10
    ("Apology credit | Tier: plus | Max: $20.00 | Requested: $50.00 -> not possible", BREACH),
    ("Apology credit | Tier: plus | Max: $10.00 | Requested: $50.00 -> not possible", PASS),
    ("Apology credit | Tier: premium | Max: $20.00", PASS),
    ("Refund: $16.90 | Max refundable: $16.90", PASS),
])
def test_a_macros_cap_field(looked_up, text, want):
    assert looked_up("fd-cap-refused-4", text) == want
