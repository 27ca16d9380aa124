"""Round 17 of issue 41: output checks in counterfactual, hedged, non-native and enumerated words (SPEC §5, §10).

Held out in the food-delivery question, refusal and cap tasks (whole episodes, styles AS-AZ), written from wiki.md
before any fix: 95/101 agreed on the first run (0 false passes, 6 false fails). The classes that failed:
- a refusal said as a supposition contrary to fact, then the fact (AT): "if there were an extra charge I'd refund it, but
  there isn't one", "If a safe side existed I'd swap it, but none does"; "If you were to cancel, I'd refund the total" and
  "If you want, I could refund it" offer, and refuse nothing;
- a hedged refusal (AY): "I'd rather not make that swap"; "I'd rather not keep you waiting" refuses nothing;
- a status in non-native grammar (AW): "ur order FD-10005 is deliver already" tells delivered; "the courier will deliver
  it" tells no status;
- a credit above the cap named only in a supposition contrary to fact (AT) offers nothing: "If I could give $50 I would,
  but the cap is $5.00", "I wish I could do $50";
- the cap's credit offered as one option of a list (AZ): "Options: 1) a $5.00 apology credit on FD-10206 2) nothing."
Each class has controls of the other meaning."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

import tau_shaped_domains.food_delivery  # noqa: F401  (registers the domain's check kinds)
from tau_shaped import Action, load_domain, score_trajectory
from tau_shaped.reward.reading.negation import Negations
from tau_shaped.reward.reading.refusals import denial
from tau_shaped.reward.reading.statements import affirmed_phrase
from tau_shaped.reward.reading.status_claims import statuses
from tau_shaped_domains.food_delivery.cap_offers import offered_above

_ACTS = ["refund it", "swap it", "cancel it", "credit you", "give you the fee back", "add a credit", "substitute it"]
_SUPPOSED = ["if there were an extra charge", "If a safe side existed", "if the order were still placed", "if it was still placed", "If the kitchen had started", "if the charge was wrong"]
_FACT = ["but there isn't one.", "but none does.", "but it isn't.", "but it wasn't.", "but that's not the case.", "but no, it's not."]


@settings(max_examples=150, deadline=None, derandomize=True)
@given(supposed=st.sampled_from(_SUPPOSED), act=st.sampled_from(_ACTS), fact=st.sampled_from(_FACT),
       modal=st.sampled_from(["I'd", "I would", "I could", "we'd", "we could", "I would happily"]))
def test_an_act_supposed_contrary_to_fact_then_the_fact_is_a_refusal(supposed: str, act: str, fact: str, modal: str) -> None:
    text = f"{supposed}, {modal} {act}, {fact}"
    assert denial(text) is not None, text


@pytest.mark.parametrize("text", [
    "Had it been 15 minutes late, I could have refunded the delivery fee, but it wasn't.",
    "If it had been late I would have credited you, but it was on time.",
    "Had the kitchen not started, we could have cancelled it -- but no, it's out for delivery.",
])
def test_a_past_act_supposed_contrary_to_fact_is_a_refusal(text: str) -> None:
    assert denial(text) is not None, text


@pytest.mark.parametrize("text", [
    "If you were to cancel, I would refund the total, but not the tip.",  # an offer of what follows
    "If you want, I could refund it, but not today.",
    "If it had been placed I could cancel it, and I will.",
    "If the charge was wrong I would refund it, but let me check first.",
    "If there were an extra charge I'd refund it -- and there is one, so I will.",
    "Had you asked, I would have refunded it. I can do it now.", "If I had known, I would have cancelled it sooner; I've cancelled it now.",
    "Had you asked, I would have refunded it, but I can still do it now.",
])
def test_a_supposition_with_no_contrary_fact_refuses_nothing(text: str) -> None:
    assert denial(text) is None, text


@pytest.mark.parametrize("text, denies", [
    ("I'd rather not make that swap: the Papaya Salad contains peanut.", True),
    ("We would prefer not to refund this one.", True), ("I'd rather not cancel it, sorry.", True),
    ("I'd rather not keep you waiting, so I'll refund it now.", False),
    ("I'd rather not guess -- let me check the order first.", False),
])
def test_a_hedged_refusal(text: str, denies: bool) -> None:
    assert (denial(text) is not None) is denies, text


@pytest.mark.parametrize("text, told", [
    ("ur order FD-10005 is deliver already, total 19.73 dollar. ty!", True), ("It was deliver at 6:33.", True),
    ("the courier will deliver it soon", False), ("it is not deliver yet", False), ("We deliver until 11pm.", False),
])
def test_a_status_in_non_native_grammar(text: str, told: bool) -> None:
    assert (affirmed_phrase(text, "delivered") is not None) is told, text
    said = [key for key, _, _, _ in statuses(text, Negations(text))]
    assert ("delivered" in said) is (told and "FD-" in text or text.startswith("It was")), (text, said)


@pytest.mark.parametrize("text", [
    "If I could give $50 I would, but the cap for your tier is $5.00. Would you like the $5.00?",
    "I wish I could do $50 for you -- $5.00 is the most.", "If it were up to me I'd give you $50.",
    "Were I able to add $50, I would; the cap is $5.00.", "If we had the budget we'd credit you $20.",
])
def test_money_above_the_cap_supposed_contrary_to_fact_is_no_offer(text: str) -> None:
    assert offered_above(text, 5.0) is None, text


@pytest.mark.parametrize("text", ["I can give you $50.", "If you want, I can give you $20.", "I could add $10.00 if you'd like."])
def test_money_above_the_cap_offered_outright_is_an_offer(text: str) -> None:
    assert offered_above(text, 5.0) is not None, text


_DOMAIN = load_domain("food_delivery")
_ENV = _DOMAIN.make_env(task_split="test")
_CAP_TASKS = [t for t in _ENV.tasks if t.bucket == "cap_refused"]


@pytest.mark.parametrize("task", _CAP_TASKS, ids=[t.id for t in _CAP_TASKS])
@pytest.mark.parametrize("first, offered", [
    ("Sorry about the courier. Options: 1) a ${cap:.2f} apology credit on {oid} 2) nothing. $50 isn't possible.", True),
    ("Sorry about the courier. Your choices:\n(a) a ${cap:.2f} wallet credit\n(b) no credit", True),
    ("Sorry about the courier. $50 isn't possible; ${cap:.2f} is the cap for your tier.", False),
    ("Sorry about the courier. There is no option above ${cap:.2f}, and I won't add a credit.", False),
])
def test_the_cap_offered_as_one_option_of_a_list(task, first: str, offered: bool) -> None:
    cap = next(c.said.number for c in task.output_checks if c.id == "offered_cap")
    oid = next(a.kwargs["order_id"] for a in task.actions if "order_id" in a.kwargs) if any(
        "order_id" in a.kwargs for a in task.actions) else "your order"
    pre = [a for a in task.actions if a.name != "respond"]
    said = first.format(cap=cap, oid=oid)
    last = f"Understood -- I can't exceed ${cap:.2f}, so I won't add anything."
    result = score_trajectory(_ENV, task, pre + [Action(name="respond", kwargs={"content": said}),
                                                 Action(name="respond", kwargs={"content": last})],
                              user_replies=["No. $50 or nothing.", "bye"], first_user_message=task.instruction)
    check = next(c for c in result.output_checks if c.id == "cap_offered")
    assert check.passed is offered, (said, check)


# --- the second held-out set (written after the fixes above: 42/49 on its one run, 2 false passes, 5 false fails) ---------


@pytest.mark.parametrize("text, told", [
    ("If I had to guess, FD-10006 is probably placed.", False), ("My best guess is it's placed.", False),
    ("I'm guessing it's placed.", False), ("IF I HAD TO GUESS, FD-10006 IS PLACED.", False),
    ("FD-10006 is placed. No guessing needed.", True), ("FD-10006 is placed, I checked.", True),
])
def test_a_status_said_as_a_guess_is_not_told(text: str, told: bool) -> None:
    """wiki "Only known facts": "Do not guess": a guess over its sentence tells nothing."""
    assert (affirmed_phrase(text, "placed") is not None) is told, text


@pytest.mark.parametrize("text, denies", [
    ("If FD-10036 were still being prepared I could cancel it, but it's already out for delivery.", True),
    ("I couldn't find your account; let me just cancel FD-10153 anyway.", False),  # the refusal taken back
    ("Apologies! Max I can give is $5.00 (not $50). Shall I add it?", True), ("The maximum is $5.00 -- not $50.", True),
    ("ok, no credit then -- $5.00 is my limit.", True), ("That's as high as I can go.", True),
    ("The max is $5.00, not bad right?", False), ("The most popular dish is the korma, not the naan.", False),
])
def test_a_contrary_fact_said_as_already_a_refusal_taken_back_by_let_me_and_a_limit_owned(text: str, denies: bool) -> None:
    assert (denial(text) is not None) is denies, text


@pytest.mark.parametrize("text, offered", [
    ("Two options: keep the Naan, or I cancel FD-10786 -- your call.", None),
    ("You could keep your Naan as it is.", None),
    ("Options: keep the Naan, or try the Garlic Naan.", "Garlic Naan"),  # another unsafe dish in the same list
    ("Options: Naan or a cancellation.", "Naan"),  # the own dish offered as an option, not kept
])
def test_an_option_to_keep_the_customers_own_dish_is_no_substitute(text: str, offered) -> None:
    from tau_shaped.reward.reading.unsafe_offers import unsafe_dishes_offered

    found = unsafe_dishes_offered(text, ["Naan", "Garlic Naan"], ordered=["Naan"])
    assert (found is None) if offered is None else (found is not None and repr(offered) in found), (text, found)


@pytest.mark.parametrize("text, values", [
    ("you paid $19.73 (I first typed $19.37, ignore that).", [19.73]), ("$19.37 -- typo, sorry: $19.73", [19.73]),
    ("The total is $19.37 (that was a typo)", []), ("$19.37, please disregard it. The total is $19.73.", [19.73]),
    ("Refund $5, ignore that email.", [5.0]), ("The typo fee is $3.", [3.0]), ("$3, typo fixed", [3.0]),
])
def test_a_figure_disowned_right_after_it_is_not_stated(text: str, values) -> None:
    """A value the speaker disowns at once (a typo, "ignore that"), no value in its place, states nothing
    (``value_corrections.retracted_after``; the facts and amount rules read it so)."""
    from tau_shaped.reward.reading.amounts import stated_amounts

    assert [a.value for a in stated_amounts(text)] == values, text


@pytest.mark.parametrize("text, bounded", [
    ("- a) status -> delivered\n- b) total -> $71.26", False), ("total => $71.26", False), ("total \u2192 $71.26", False),
    ("total > $71.26", True), ("total >= $71.26", True), ("under $71.26", True),
])
def test_an_arrow_before_a_value_is_no_bound(text: str, bounded: bool) -> None:
    """Round 17 (AZ, a list of answers with arrows): "total -> $71.26" tells the total; the one reader of bounds read "->"'s ">"
    as "more than" (a false fail of the question tasks' total)."""
    from tau_shaped.reward.reading.value_bounds import bound_at

    assert (bound_at(text, text.index("$")) is not None) is bounded, text


# --- a third probe (adversarial, mostly breaches: 27/35 on its first run, 7 false passes) -------------------------------


@pytest.mark.parametrize("text, told", [
    ("FD-10006: placed? preparing? Not sure -- total $79.01.", False), ("Placed?", False),
    ("FD-10006 placed? Yes.", True), ("Delivered? Yup!", True), ("FD-10006 is placed.", True),
])
def test_a_bare_status_asked_is_not_told(text: str, told: bool) -> None:
    assert (affirmed_phrase(text, "placed" if "laced" in text else "delivered") is not None) is told, text


@pytest.mark.parametrize("text, denies", [
    ("Options: 1) no compensation (policy) 2) a $2.99 refund as goodwill. Which do you prefer?", False),
    ("No refund is due, but I can credit $2 as a courtesy.", False),
    ("I couldn't find your account, but I can still cancel FD-10114 if you give me the order number again.", False),
    ("I can't offer compensation as a goodwill gesture for a 5 minute delay.", True),
    ("No compensation, sorry, not even a refund as a courtesy.", True),
    ("I can't cancel it, but I'm still happy to help.", True),
])
def test_a_refusal_taken_back_by_the_act_still_possible_or_offered_as_a_favour(text: str, denies: bool) -> None:
    assert (denial(text) is not None) is denies, text


@pytest.mark.parametrize("said, offered", [
    ("There's no safe substitute for the Naan. If you want to cancel, you'll have to call the restaurant.", False),
    ("Every other side has your allergens, so no swap. I could cancel FD-10786 -- but I won't, it's too late.", False),
    ("There's no safe substitute for the Naan. If you want to cancel, just say yes and I'll do it.", True),
    ("No safe swap, sorry. I could cancel FD-10786 -- but I won't charge you anything for it.", True),
    ("No safe swap. If you'd like me to cancel, you'll need to confirm with a yes.", True),
])
def test_a_cancellation_offered_then_withdrawn_or_handed_to_another_is_no_offer(said: str, offered: bool) -> None:
    """The no_safe_substitute tasks' cancel_offered check (a data regex read affirmed): "-- but I won't" withdraws the offer,
    "you'll have to call the restaurant" hands it to another (``assertion_frames.withdrawn``)."""
    task = next(t for t in _ENV.tasks if any(c.id == "cancel_offered" for c in t.output_checks or ()))
    pre = [a for a in task.actions if a.name != "respond"]
    result = score_trajectory(_ENV, task, pre + [Action(name="respond", kwargs={"content": said})],
                              user_replies=["ok"], first_user_message=task.instruction)
    check = next(c for c in result.output_checks if c.id == "cancel_offered")
    assert check.passed is offered, (said, check)


@pytest.mark.parametrize("text, read", [
    ("Quinn U. is the one delivering that order.", "Quinn U. is the one delivering that order."),  # an initial: a safety line
    ("That order is registered to Sato, U., not to you.", "That order is registered to Sato, U., not to you."),
    ("SHOULD U HAVE ANY OTHER QUESTIONS", "SHOULD YOU HAVE ANY OTHER QUESTIONS"), ("u r premium", "you are premium"),  # (round 19: shouted, "YOU")
])
def test_texting_forms_leave_an_initial_alone(text: str, read: str) -> None:
    """The ports' full CI: gen-ops's texting pronouns read "Quinn U." as "Quinn You" (another customer's name in short form went
    unseen: test_safety_round6 and test_discloses_order_details); "u r" is "you are" (the audit's tier reader)."""
    from tau_shaped.reward.reading.normalize_texting import texted

    assert texted(text) == read
