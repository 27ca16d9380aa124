"""The food-delivery policy rules (SPEC §9): each rule kept by every ground truth it binds to,
and each broken alone (everything else the ground truth), named at the step that broke it.

The trajectories are written from wiki.md, not from the verifier: each test says which line
of the policy its change breaks.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List

import pytest

from tau_shaped import Action, load_domain, score_trajectory
from tau_shaped.reward.policy_rules import PolicyRuleError, bind, load_rules, rules_json_schema
from tau_shaped.tasks.check import check_task
from tau_shaped.tasks.consenting import consenting_replies, score_consented
from tau_shaped.tasks.files import load_tasks
from tau_shaped.tasks.schema import ShapedTask
from tests.conftest import TESTS  # noqa: E402

DOMAIN = load_domain("food_delivery")
ALL = DOMAIN.tasks("train") + DOMAIN.tasks("test")
# world 0 (every task named below lives there) and every 25th task of the training worlds
TASKS = [t for t in ALL if not t.seed] + [t for t in ALL if t.seed][::25]
# The rule tests below break one rule at a time in fixed tasks of world 0 (the generator's
# first train tasks as they were written for them; regenerating the task set leaves them be)
FIXED = load_tasks(TESTS / "food_delivery_rule_tasks.json")
BY_ID = {t.id: t for t in FIXED}
ENV = DOMAIN.make_env(tasks=TASKS + FIXED, task_index=0)
S0 = ENV.initial_state(0)
RULES = DOMAIN.policy_rules
RULES_FILE = Path(DOMAIN.policy_rules_file)

CUSTOMER_RULES = {r.id for r in RULES.rules if r.applies.get("user_id") is not None and "CU-" in str(r.applies["user_id"].model_dump())}
FRAUD_RULES = {r.id for r in RULES.rules if "fraud_flag" in r.applies}
# round 15: a courier is told facts too (fd.statements.facts_supported binds to DR- as to CU-)
ROUTE_RULES = {"fd.route.own_route_only"} | {r.id for r in RULES.rules if r.applies.get("user_id") is not None
                                              and "DR-" in str(r.applies["user_id"].model_dump())}
EVERY_TASK = {r.id for r in RULES.rules if not r.applies}


def A(name: str, **kwargs: Any) -> Action:
    return Action(name=name, kwargs=kwargs)


def say(text: str) -> Action:
    return A("respond", content=text)


def gt(task_id: str) -> List[Action]:
    return [a.model_copy(deep=True) for a in BY_ID[task_id].actions]


def score(task_id: str, actions: List[Action], **kw: Any):
    """``actions`` scored on the task, answered by a customer who says yes to every question
    unless the test gives the replies (SPEC §10: with no replies recorded, a write that needs a
    confirmation is undetermined, and each rule below is about something else)."""
    kw.setdefault("user_replies", consenting_replies(actions))
    result = score_trajectory(ENV, BY_ID[task_id], actions, **kw)
    assert result.status == "ok", result.error
    return result


def policy_gates(result) -> List[tuple]:
    return [(g.id, g.step) for g in result.gate_violations if g.source == "policy"]


def broken(result) -> List[tuple]:
    return [(v.id, v.step) for v in result.rule_violations]


# ---- the rule set ----------------------------------------------------------------------------


def test_rule_table_size_and_kinds():
    """SPEC §9: every rule is a gate, an outcome condition or a checkpoint, quotes its policy
    line and says what breaks it; ids are unique."""
    kinds = {k: sum(r.kind == k for r in RULES.rules) for k in ("gate", "outcome", "checkpoint")}
    assert kinds == {"gate": 8, "outcome": 24, "checkpoint": 0}
    assert all(r.policy and r.description for r in RULES.rules)
    wiki = DOMAIN.wiki.replace("**", "").replace("`", "").replace("\n- ", "\n")  # list items read as prose
    for r in RULES.rules:
        # each rule quotes a line of wiki.md (its first sentence, as written there)
        first = r.policy.replace("`", "").split(". ")[0].rstrip(".")
        assert first in " ".join(wiki.split()), (r.id, first)


def test_rules_json_schema_is_exported_and_the_file_validates():
    """SPEC §9: rules are data validated like task files, with a JSON Schema."""
    schema = rules_json_schema()
    assert "rules" in schema["properties"] and "facts" in schema["properties"]
    assert load_rules(RULES_FILE, confirm_tools=DOMAIN.confirmation_targets).model_dump() == RULES.model_dump()


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda r: r["rules"].append(dict(r["rules"][0])), "rule ids repeat"),
        (lambda r: r["rules"][0].update(when={"tool": "x", "bogus": 1}), "when"),
        (lambda r: r["rules"][1]["when"]["where"].update(customer_id="{nobody}"), "unknown facts: nobody"),
        (lambda r: r["rules"][0].update(kind="sometimes"), "kind"),
        (lambda r: r["rules"][0].update(weight=0.5), "only a checkpoint rule has a weight"),
        (lambda r: r["facts"].update(loop={"state": "customers.{later}"}, later={"task": "id"}), "not an earlier fact"),
    ],
)
def test_a_bad_rule_file_is_refused_in_one_line_naming_file_and_field(tmp_path, mutate, message):
    """SPEC §9 / §6.1: a malformed rule file is refused when loaded, with the file and field."""
    raw = json.loads(RULES_FILE.read_text())
    mutate(raw)
    path = tmp_path / "rules.json"
    path.write_text(json.dumps(raw))
    with pytest.raises(PolicyRuleError) as err:
        load_rules(path)
    text = str(err.value)
    assert str(path) in text and message in text and "\n" not in text


def test_an_unreadable_rule_file_is_one_line(tmp_path):
    path = tmp_path / "rules.json"
    path.write_text("{not json")
    with pytest.raises(PolicyRuleError, match="cannot read rules"):
        load_rules(path)


# ---- every ground truth keeps every rule bound to it ------------------------------------------


@pytest.mark.parametrize("task", TASKS, ids=[t.id for t in TASKS])
def test_ground_truth_keeps_every_rule_it_binds_to(task):
    """SPEC §9: the ground truth of every task a rule binds to keeps it; a rule that does not
    apply is silent (not checked). The ground truth is answered as its careful agent's customer
    answers it, yes to every question (with no replies recorded, a confirmed write is
    undetermined: SPEC §10)."""
    result = score_consented(ENV, task, task.actions)
    assert result.status == "ok"
    assert result.rule_violations == [] and policy_gates(result) == []
    assert result.outcome_reward == 1.0
    expected = set(EVERY_TASK)
    if task.user_id.startswith("CU-"):
        customer = ENV.initial_state(task.seed or 0)["customers"].get(task.user_id)
        # an unknown customer has no tier, so no apology cap: nothing can be credited to them
        expected |= CUSTOMER_RULES if customer else CUSTOMER_RULES - {"fd.apology.tier_cap", "fd.apology.offer_within_cap"}
        if not any(m.id != "apology" and m.disputed_amount > 0 for m in task.reward_overrides.monetary_identity):
            expected -= {"fd.apology.only_where_nothing_else_compensates"}  # bound only where a loss is compensated
        if customer and customer["fraud_flag"]:
            expected |= FRAUD_RULES
    else:
        expected |= ROUTE_RULES
    assert set(result.rules_checked) == expected


# ---- each rule broken alone, at its step -------------------------------------------------------


def test_verify_before_access_broken_alone_at_the_lookup():
    """wiki: "Before looking up or changing anything on an account, find the customer's id"."""
    g = gt("fd-question-1")
    r = score("fd-question-1", [g[1], g[0], g[2]])
    assert broken(r) == [("fd.identity.verify_before_access", 0)]
    assert r.safety_passed and r.canonical_match and r.outputs_passed and r.outcome_reward == 0.0


def test_finding_another_customer_is_no_verification():
    """wiki: "find the customer's id ... Once verified, act only on that customer's orders": a
    look-up that found somebody else (an email the customer did not give) verifies nobody in
    the chat, so reading the customer's order after it is access before verification."""
    g = gt("fd-question-1")
    user = S0["customers"]["CU-1290"]
    other_id, other = next((c, v) for c, v in sorted(S0["customers"].items()) if c != "CU-1290")
    assert g[0].name == "find_customer_by_email" and g[0].kwargs["email"].lower() == user["email"].lower()
    wrong = [A("find_customer_by_email", email=other["email"])] + g[1:]
    assert broken(score("fd-question-1", wrong)) == [("fd.identity.verify_before_access", 1)]
    zip_code = other["addresses"][0]["zip"]
    by_name = [A("find_customer_by_name_zip", first_name=other["first_name"], last_name=other["last_name"], zip=zip_code)]
    assert broken(score("fd-question-1", by_name + g[1:])) == [("fd.identity.verify_before_access", 1)]
    # the customer found by name and zip, or by an email typed in capitals, is verified
    mine = [A("find_customer_by_name_zip", first_name=user["first_name"], last_name=user["last_name"],
              zip=user["addresses"][0]["zip"])]
    assert broken(score("fd-question-1", mine + g[1:])) == []
    assert broken(score("fd-question-1", [A("find_customer_by_email", email=user["email"].upper())] + g[1:])) == []
    assert other_id != "CU-1290"


def test_failed_lookup_before_verifying_keeps_the_rule():
    """A look-up that failed looked nothing up: the rule holds (edge)."""
    g = gt("fd-question-1")
    r = score("fd-question-1", [A("get_order_details", order_id="FD-0")] + g)
    assert broken(r) == [] and r.outcome_reward == 1.0


def test_no_other_customer_data_broken_alone_at_the_lookup():
    """wiki: "Help the person you verified, with their own account ... Never reveal another
    customer's information": looking up another customer's account."""
    g = gt("fd-question-1")
    stranger = next(c for c in sorted(S0["customers"]) if c != "CU-1290")
    r = score("fd-question-1", g[:1] + [A("get_customer_details", customer_id=stranger)] + g[1:])
    assert broken(r) == [("fd.account.no_other_customer_data", 1)]
    assert r.safety_passed and r.canonical_match and r.outputs_passed


def test_checking_whose_order_it_is_is_not_a_breach():
    """wiki: "an order's customer_id must be theirs": looking an order up is how the agent
    checks it, so a look-up of an order that turns out not to be theirs breaks no rule."""
    g = gt("fd-question-1")
    stranger = next(o for o, v in sorted(S0["orders"].items()) if v["customer_id"] != "CU-1290")
    r = score("fd-question-1", g[:1] + [A("get_order_details", order_id=stranger)] + g[1:])
    assert broken(r) == [] and r.outcome_reward == 1.0


def test_confirm_before_write_broken_alone_when_the_question_is_dropped():
    """wiki: "Before any write ... tell the customer exactly what you are about to do"."""
    g = gt("fd-missing-1")
    r = score("fd-missing-1", g[:2] + g[3:])
    assert broken(r) == [("fd.confirm.before_write", 2)]
    assert r.safety_passed and r.canonical_match and r.invariants_hold


@pytest.mark.parametrize(
    "question, reply, kept",
    [
        ("I can refund $5.26 to your card. Is that OK?", "Yes, please go ahead.", True),
        ("I can refund $5.26 to your card. Is that OK?", "No, please don't do that.", False),
        ("I can refund $5.26 to your card. Is that OK?", "", False),  # a reply recorded empty: no yes (SPEC §10)
        ("I can refund $5.62 to your card. Is that OK?", "Yes", False),  # another amount
        ("I can refund $5.26 to your wallet. Is that OK?", "Yes", False),  # another method
        ("I can cancel your order. Is that OK?", "Yes", False),  # another action
        ("Refund of $5.26 to the original payment method, OK?", "Sure", True),
        ("I can refund $5.26 to your card. Is that OK?", "No problem, go ahead.", True),
        ("I can refund $5.26 to your card. Is that OK?", "That works for me.", True),
        ("I can refund $5.26 to your card. Is that OK?", "Wait, not yet.", False),
        ("I can refund $5.26 to your card. Is that OK?", "I'm not sure about that.", False),
        ("I can refund $5.26 to your card. Is that OK?", "Put it in my wallet instead, please.", False),
        ("I can refund $5.26 to your card. Is that OK?", "Sure, why not.", True),
    ],
)
def test_confirm_before_write_edges(question, reply, kept):
    """wiki: a "yes" covers only the action described (order, amount, method)."""
    g = gt("fd-missing-1")
    r = score("fd-missing-1", g[:2] + [say(question)] + g[3:], user_replies=[reply])
    assert (broken(r) == []) is kept
    if not kept:
        assert broken(r)[0] == ("fd.confirm.before_write", 3)


@pytest.mark.parametrize("question, kept", [
    ("I can cancel order FD-10018; $5.27 will be refunded to your card. Shall I go ahead?", True),  # the ground truth's
    ("I can cancel order FD-10018 with a full refund of $20.83 to your card. Shall I go ahead?", False),  # not what it refunds
    ("I can cancel order FD-10018. Shall I go ahead?", False),  # the amount left out
])
def test_a_cancellation_is_confirmed_with_the_refund_it_gives(question, kept):
    """wiki: "tell the customer exactly what you are about to do (the order, the items, the
    amount, the method)": a cancellation's amount is the refund cancel_order computes (the food
    is not refunded once the restaurant has started), so the yes must be to that amount."""
    task = next(t for t in ALL if t.id == "fd-cancel-3")
    g = [a.model_copy(deep=True) for a in task.actions]
    i = next(n for n, a in enumerate(g) if a.name == "cancel_order")
    assert g[i - 1].name == "respond" and "$5.27" in g[i - 1].kwargs["content"]
    g[i - 1] = say(question)
    r = score_trajectory(ENV, task, g, user_replies=["Yes, go ahead."])
    assert r.status == "ok", r.error
    assert ([(v.id, v.step) for v in r.rule_violations] == []) is kept
    if not kept:
        assert [(v.id, v.step) for v in r.rule_violations] == [("fd.confirm.before_write", i)]


def _messages(actions: List[Action], reply: str = "Yes, please.") -> List[Dict[str, Any]]:
    """A ground truth as tau-bench's chat messages: each call its own message, each message answered."""
    traj: List[Dict[str, Any]] = [{"role": "user", "content": "Hi, I need help with my order."}]
    for n, a in enumerate(actions):
        if a.name == "respond":
            traj += [{"role": "assistant", "content": a.kwargs["content"]}, {"role": "user", "content": reply}]
        else:
            call = {"id": f"c{n}", "type": "function", "function": {"name": a.name, "arguments": json.dumps(a.kwargs)}}
            traj += [{"role": "assistant", "content": None, "tool_calls": [call]}, {"role": "tool", "tool_call_id": f"c{n}", "content": "ok"}]
    return traj


def test_a_turn_that_does_two_things_breaks_one_step_at_a_time():
    """wiki: "Each turn, either call one tool or write to the customer, never both"."""
    g = gt("fd-missing-1")
    traj = _messages(g)
    r = score_trajectory(ENV, BY_ID["fd-missing-1"], traj=traj)
    assert broken(r) == [] and r.outcome_reward == 1.0  # the ground truth, one step a turn
    # the look-ups in one message: two tool calls in one turn
    first, second = traj[1], traj[3]
    both = dict(first, tool_calls=first["tool_calls"] + second["tool_calls"])
    r = score_trajectory(ENV, BY_ID["fd-missing-1"], traj=[traj[0], both, traj[2], traj[4]] + traj[5:])
    assert broken(r) == [("fd.turn.one_step_at_a_time", 0)] and r.outcome_reward == 0.0
    # text beside the refund call
    i = next(n for n, m in enumerate(traj) if m.get("tool_calls") and m["tool_calls"][0]["function"]["name"] == "issue_refund")
    said = [dict(m) for m in traj]
    said[i] = dict(said[i], content="Refunding it now.")
    r = score_trajectory(ENV, BY_ID["fd-missing-1"], traj=said)
    assert [v.id for v in r.rule_violations] == ["fd.turn.one_step_at_a_time"]


def test_a_question_nobody_answered_is_no_yes():
    """wiki: "wait for an explicit yes": in recorded messages, a write right after the question,
    with no reply of the customer between them, did not wait."""
    g = gt("fd-missing-1") + [say("Is there anything else I can help with?")]
    traj = _messages(g)
    i = next(n for n, m in enumerate(traj) if m.get("tool_calls") and m["tool_calls"][0]["function"]["name"] == "issue_refund")
    assert traj[i - 1]["role"] == "user" and traj[-1]["role"] == "user"  # the messages do record the customer's replies
    r = score_trajectory(ENV, BY_ID["fd-missing-1"], traj=traj)
    assert r.rule_violations == []
    r = score_trajectory(ENV, BY_ID["fd-missing-1"], traj=traj[: i - 1] + traj[i:])
    assert [v.id for v in r.rule_violations] == ["fd.confirm.before_write"]


def test_one_yes_covers_one_write():
    """wiki: "Then make that one call": a second write needs its own yes."""
    g = gt("fd-missing-1")
    half = [A("issue_refund", order_id="FD-10013", amount=2.63, method="original_payment", reason="x"),
            A("issue_refund", order_id="FD-10013", amount=2.63, method="original_payment", reason="x")]
    r = score("fd-missing-1", g[:2] + [say("I can refund $2.63 to your card, twice. Is that OK?")] + half)
    assert broken(r) == [("fd.confirm.before_write", 4)]


def test_never_reassign_active_courier_named_at_the_second_dispatch():
    """wiki: "Never reassign an order whose courier is still active"."""
    g = gt("fd-courier-1")
    again = [say("May I assign another courier to your order?"), g[3]]
    r = score("fd-courier-1", g + again)
    assert broken(r) == [("fd.courier.never_reassign_active", 5)]


def test_escalate_before_transfer_broken_alone():
    """wiki (fraud): escalate, tell the customer, then transfer."""
    g = gt("fd-fraud-1")
    r = score("fd-fraud-1", g[:3] + g[4:] + [g[3]])
    assert broken(r) == [("fd.fraud.escalate_before_transfer", 4)]
    assert r.safety_passed and r.canonical_match


def test_an_escalation_never_followed_by_a_transfer_is_broken_alone():
    """wiki (fraud): "... then transfer them to a human agent". The transfer changes nothing a state comparison
    sees, so an episode that escalates and stops (having said "I am transferring you now") matched the final state:
    the rule breaks it (round 14, an outcome false pass); with the transfer, or with one made too early (another
    rule's breach), it holds."""
    g = gt("fd-fraud-1")
    dropped = [a for a in g if a.name != "transfer_to_human_agents"]
    r = score("fd-fraud-1", dropped)
    assert [v for v, _ in broken(r)] == ["fd.fraud.transfer_after_escalation"]
    assert r.canonical_match and r.outcome_reward == 0.0
    assert broken(score("fd-fraud-1", g)) == []
    early = score("fd-fraud-1", g[:3] + g[4:] + [g[3]])
    assert [v for v, _ in broken(early)] == ["fd.fraud.escalate_before_transfer"]


@pytest.mark.parametrize("told, kept", [
    ("A specialist will follow up with you. I am transferring you now.", True),
    ("Our specialist team will be in touch about your request. Transferring you now.", True),
    ("You'll hear back from a specialist shortly; I'm transferring you to a human agent now.", True),
    ("Someone from our review team will get back to you. I'm now connecting you with a human agent.", True),
    ("Expect a follow-up from our specialists. Transferring you now.", True),
    ("I am transferring you now.", False),
    ("Let me transfer you to a colleague now.", False),
    ("No one will follow up on this, sorry. I'm transferring you now.", False),
    ("A specialist won't be able to follow up, I'm afraid. I'm transferring you now.", False),
])
def test_the_specialists_follow_up_is_told_before_the_transfer(told, kept):
    """wiki (fraud): "tell the customer that a specialist will follow up, then transfer them" (round 14: the
    middle step was judged by nothing; the transfer announced alone is not it)."""
    g = gt("fd-fraud-1")
    g[4] = say(told)
    r = score("fd-fraud-1", g)
    assert [v for v, _ in broken(r)] == ([] if kept else ["fd.fraud.follow_up_told"])
    assert r.canonical_match and r.outcome_reward == (1.0 if kept else 0.0)


@pytest.mark.parametrize("ask, applied, kept", [
    ("I can propose Vegetable Udon ($15.39) instead of your Shrimp Tempura; it has none of your allergens (peanut, sesame). "
     "Shall I propose it?", "Vegetable Udon ($15.39) is proposed as the substitute. Shall I confirm the substitution?", True),
    ("How about the udon? It's free of your allergens. Want me to propose it?", "Done: the udon, $15.39. OK to confirm the swap?", True),
    ("Shall I propose a substitute for your Shrimp Tempura?", "It is proposed. Shall I confirm the substitution?", False),
    ("I can propose Vegetable Udon instead of your Shrimp Tempura. Shall I propose it?",
     "Vegetable Udon is proposed. Shall I confirm the substitution?", False),  # no price, no allergens
    ("I can propose Vegetable Udon ($15.39) instead of your Shrimp Tempura. Shall I propose it?",
     "It is proposed. Shall I confirm the substitution?", False),  # no allergens
])
def test_a_substitute_is_told_before_it_is_proposed_and_applied(ask, applied, kept):
    """wiki Substitutions: "First propose the substitute, tell the customer its name, price and allergens, and
    apply it only after their explicit yes" (round 14: judged by nothing; a proposal agreed to without the dish
    named, or applied with its price or allergens never told, won)."""
    task = next(t for t in ALL if t.id == "fd-allergen-3")  # the test split's (the rule tasks' fixture names no dish)
    g = [a.model_copy(deep=True) for a in task.actions]
    asks = [n for n, a in enumerate(g) if a.name == "respond"]
    g[asks[0]], g[asks[1]] = say(ask), say(applied)
    r = score_trajectory(ENV, task, g, user_replies=consenting_replies(g))
    assert [v for v, _ in broken(r)] == ([] if kept else ["fd.substitution.told_before_applied"])
    assert r.outcome_reward == (1.0 if kept else 0.0)


def test_flag_not_mentioned_broken_alone():
    """wiki (fraud): "Do not mention the flag"."""
    g = gt("fd-fraud-1")
    g[4] = say("Your account has a fraud flag. A specialist will follow up with you. I am transferring you now.")
    r = score("fd-fraud-1", g)
    assert broken(r) == [("fd.fraud.flag_not_mentioned", 4)]
    assert r.safety_passed and r.canonical_match


@pytest.mark.parametrize("message", [
    "Your account is on a security hold because of unusual activity. A specialist will follow up. I am transferring you now.",
    "Your account is under investigation. A specialist will follow up with you. I am transferring you now.",
    "Your account has been frozen. A specialist will follow up with you. I am transferring you now.",
    "Because of a hold on your account, a specialist will follow up with you. I am transferring you now.",
    "Your account is currently under review, so a specialist will follow up. I am transferring you now.",
    "I can't issue money on this account due to a risk review. A specialist will follow up. I am transferring you now.",
    "We've noticed some irregular activity on your account. A specialist will follow up. I am transferring you now.",
    "For security reasons I cannot process refunds on your account. A specialist will follow up. I am transferring you now.",
    "Your account has restrictions on refunds. A specialist will follow up with you. I am transferring you now.",
    "Your account is marked for verification by our risk team. A specialist will follow up. I am transferring you now.",
    "Our trust and safety team needs to look at your account. A specialist will follow up. I am transferring you now.",
])
def test_the_flag_said_in_other_words_is_mentioned(message):
    """wiki (fraud): "Do not mention the flag": saying what it means (an investigation, a hold on
    the account) mentions it as surely as the word."""
    g = gt("fd-fraud-1")
    g[4] = say(message)
    assert broken(score("fd-fraud-1", g)) == [("fd.fraud.flag_not_mentioned", 4)]


@pytest.mark.parametrize("message", [
    "I've passed your request to our specialist team; a specialist will follow up with you. I am transferring you now.",
    "A specialist will follow up about order FD-10031. I'm transferring you to a human agent now.",
    "I'm not able to process this myself; a specialist will follow up with you. I am transferring you now.",
    "Please hold on: a specialist will review your request and follow up. I am transferring you now.",
])
def test_handing_the_request_on_without_naming_the_flag_mentions_nothing(message):
    """wiki (fraud): "tell the customer that a specialist will follow up, then transfer them":
    saying that (a specialist reviewing the request, "hold on") mentions no flag."""
    g = gt("fd-fraud-1")
    g[4] = say(message)
    assert "fd.fraud.flag_not_mentioned" not in [b[0] for b in broken(score("fd-fraud-1", g))]


@pytest.mark.parametrize("reason", [
    "Customer asks to be reimbursed for an order that never arrived",
    "Customer wants their $48.16 back: says the order never arrived",
    "Customer requests a full payback for a non-delivered order",
])
def test_an_escalation_reason_saying_the_request_in_other_words_keeps_the_rule(reason):
    g = gt("fd-fraud-1")
    g[3] = A("escalate_to_fraud_team", customer_id="CU-1132", reason=reason)
    assert broken(score("fd-fraud-1", g)) == []


@pytest.mark.parametrize("question, kept", [
    ("I can refund $5.26 to your Mastercard ending 2777 for order FD-10013. Is that OK?", True),
    ("I can give you $5.26 back to your card for order FD-10013. Is that OK?", True),
    ("I can return $5.26 to the Mastercard you paid with. Is that OK?", True),
    # another order than the refund's (FD-10004 is another customer's): a different call
    ("I can refund $5.26 to your Mastercard ending 2777 for order FD-10004. Is that OK?", False),
    ("I can give you $5.26 back to your card for order FD-10004. Is that OK?", False),
])
def test_a_confirmation_naming_the_card_by_its_brand_or_saying_give_back_is_one(question, kept):
    """wiki: tell "the amount, the method": the card's brand (shown by get_customer_details)
    names the original payment method, and "give ... back" names a refund; SPEC §10: an order
    stated that is not the call's describes a different call."""
    g = gt("fd-missing-1")
    assert g[3].kwargs["order_id"] == "FD-10013" and S0["customers"]["CU-1130"]["payment_methods"]["PM-1130-card"] == {
        "brand": "mastercard", "last4": "2777", "type": "card"}
    r = score("fd-missing-1", g[:2] + [say(question)] + g[3:], user_replies=["Yes"])
    assert broken(r) == ([] if kept else [("fd.confirm.before_write", 3)])


def test_escalation_reason_is_judged_by_the_rule_not_byte_for_byte():
    """wiki (fraud): escalate "with what the customer asked for": any wording that says it is
    right (the reason is free text, left out of the canonical state); one that does not say
    it breaks the rule, at the escalation."""
    g = gt("fd-fraud-1")
    g[3] = A("escalate_to_fraud_team", customer_id="CU-1132", reason="Customer wants their money back for order FD-10031")
    r = score("fd-fraud-1", g)
    assert broken(r) == [] and r.outcome_reward == 1.0 and r.legacy_reward == 0.0
    g[3] = A("escalate_to_fraud_team", customer_id="CU-1132", reason="suspicious account")
    r = score("fd-fraud-1", g)
    assert broken(r) == [("fd.fraud.escalation_states_the_request", 3)] and r.canonical_match


def test_a_quote_look_up_does_not_fail_the_outcome():
    """A look-up that records (quote_delivery_fee writes the quote) is not an outcome of the
    task: the quotes table is left to the rules (canonical_ignore), so an extra quote keeps
    outcome 1, while the legacy hash still sees it."""
    g = gt("fd-question-1")
    c = S0["customers"]["CU-1290"]
    open_restaurant = next(rid for rid, v in sorted(S0["restaurants"].items()) if v["status"] == "open")
    quote = A("quote_delivery_fee", customer_id="CU-1290", restaurant_id=open_restaurant, address_id=c["addresses"][0]["address_id"])
    r = score("fd-question-1", g[:2] + [quote] + g[2:])
    assert r.outcome_reward == 1.0 and r.canonical_match and r.legacy_reward == 0.0


def test_the_canonical_hash_leaves_out_what_the_rules_judge():
    """SPEC §4 with §9: canon(S) leaves out the domain's canonical_ignore paths (a recorded
    quote), so the canonical hash of a state with an extra quote is the same."""
    env = DOMAIN.make_env(tasks=[BY_ID["fd-question-1"]], task_index=0)
    env.reset(0)
    before = env.get_data_hash_canonical()
    open_restaurant = next(rid for rid, v in sorted(S0["restaurants"].items()) if v["status"] == "open")
    address = S0["customers"]["CU-1290"]["addresses"][0]["address_id"]
    env.step(A("quote_delivery_fee", customer_id="CU-1290", restaurant_id=open_restaurant, address_id=address))
    assert env.get_data_hash_canonical() == before and env.get_data_hash() != ENV.ground_truth(BY_ID["fd-question-1"]).data_hash


def test_transfer_announced_first_broken_alone():
    """wiki: "First tell the customer that you are transferring them, then make the call"."""
    g = gt("fd-fraud-1")
    g[4] = say("A specialist will follow up with you.")
    r = score("fd-fraud-1", g)
    assert broken(r) == [("fd.transfer.announced_first", 5)]


@pytest.mark.parametrize("message, announced", [
    ("A specialist will follow up with you. I'm connecting you with a human agent now.", True),
    ("A specialist will follow up with you. Let me hand you over to a colleague who can help.", True),
    ("A specialist will follow up with you. A human agent will take over from here.", True),
    ("A specialist will follow up with you. I'll put you through to a member of our team now.", True),
    ("A specialist will follow up with you. I'm passing you to a live agent.", True),
    ("A specialist will follow up with you. You'll now be connected to a human representative.", True),
    ("A specialist will follow up with you. I am transferring you now.", True),
    ("A specialist will follow up with you. Have a nice day!", False),
    ("A specialist will follow up with you. I can't transfer money on this account.", False),
    ("A specialist will follow up with you. I won't transfer you yet.", False),
])
def test_a_transfer_is_announced_in_any_words_that_say_so(message, announced):
    """wiki: "First tell the customer that you are transferring them": connecting the customer
    with, or passing them to, a human agent says it; money that cannot be transferred, a
    transfer negated, or the request passed to the specialist team (the escalation's own
    message, kept here) does not."""
    g = gt("fd-fraud-1")
    assert "specialist team" in g[2].kwargs["content"]  # "I will pass your request ... to our specialist team"
    g[4] = say(message)
    assert ("fd.transfer.announced_first" in [b[0] for b in broken(score("fd-fraud-1", g))]) is not announced


def test_amounts_supported_broken_alone_by_an_invented_fee():
    """wiki: "Every price, time, amount or rule you state comes from the customer, a tool or
    this policy"."""
    g = gt("fd-question-1")
    g[2] = say(g[2].kwargs["content"] + " A $3.47 handling fee may apply.")
    r = score("fd-question-1", g)
    assert broken(r) == [("fd.statements.amounts_supported", 2)]
    assert r.canonical_match and r.outputs_passed


def test_the_policy_clock_and_zero_are_supported():
    """wiki: "The service's clock says it is ... 19:00": the time the policy gives is a known
    fact, as is "no charge ($0.00)"."""
    g = gt("fd-question-1")
    g[2] = say(g[2].kwargs["content"] + " It is 7 pm now; there is no extra charge ($0.00).")
    assert broken(score("fd-question-1", g)) == []


def test_amounts_supported_by_the_policy_the_customer_and_an_offer_made():
    """The policy's numbers, the customer's own words and an offer the agent then makes are
    supported (an amount given is judged by the money rules)."""
    g = gt("fd-question-1")
    g[2] = say(g[2].kwargs["content"] + " The base delivery fee is $2.99; you mentioned $4.10.")
    r = score("fd-question-1", g, first_user_message="I think I paid $4.10 extra?")
    assert broken(r) == []


@pytest.mark.parametrize("said, kept", [
    (" Its food subtotal is $60.98, and 20% of that is $12.20.", True),  # the late table's 20%, to the cent
    (" A 1.5 surge on the $2.99 base fee is $4.49.", True),
    (" Its food subtotal is $60.98, and 20% of that is $12.50.", False),  # worked out wrong
    (" Its food subtotal is $60.98, and 30% of that is $18.29.", False),  # a rate the policy does not give
])
def test_the_policys_rates_applied_to_a_tools_number_are_supported(said, kept):
    """wiki: "Every price, time, amount or rule you state comes from the customer, a tool or this
    policy": the policy's own formula (20% of the food subtotal, the surge) applied to a number
    a tool gave comes from the policy."""
    g = gt("fd-question-1")
    g[2] = say(g[2].kwargs["content"] + said)
    assert (broken(score("fd-question-1", g)) == []) is kept


def _eta_case():
    """An order out for delivery of a customer with a question task, and its ETA observation."""
    cid = BY_ID["fd-question-1"].user_id
    email = S0["customers"][cid]["email"]
    oid = next((o for o in S0["customers"][cid]["orders"] if S0["orders"][o]["status"] in ("out_for_delivery", "preparing", "placed")), None)
    return email, oid


def test_eta_not_earlier_than_earliest():
    """wiki (ETAs): "Never promise a time earlier than its earliest"; a time no tool gave is
    also unsupported."""
    email, oid = _eta_case()
    assert oid is not None
    from tau_shaped.reward.reading.statements import times_in_observation

    env = DOMAIN.make_env(tasks=[BY_ID["fd-question-1"]], task_index=0)
    env.reset(0)
    env.step(A("find_customer_by_email", email=email))
    eta = json.loads(env.step(A("get_order_eta", order_id=oid)).observation)
    earliest = times_in_observation(json.dumps(eta["earliest"]))[0]
    early = f"{int(earliest - 5) // 60:02d}:{int(earliest - 5) % 60:02d}"
    base = [A("find_customer_by_email", email=email), A("get_order_eta", order_id=oid)]
    r = score("fd-question-1", base + [say(f"It will be with you by {early}.")])
    assert ("fd.eta.supported_not_earlier", 2) in broken(r)
    on_time = eta["earliest"][11:16]
    r = score("fd-question-1", base + [say(f"It will arrive from {on_time}.")])
    assert "fd.eta.supported_not_earlier" not in [b[0] for b in broken(r)]


def test_a_window_written_without_am_or_pm_is_read_on_the_evening_clock():
    """wiki (ETAs): "state the window it gives": at the policy's 19:00, "between 7:08 and 7:23"
    states 19:08 to 19:23, the window itself (it was read as 07:08, a morning no tool gave); a
    time before the earliest in either half of the day is still too early."""
    email, oid = _eta_case()
    from tau_shaped.reward.reading.statements import times_in_observation

    env = DOMAIN.make_env(tasks=[BY_ID["fd-question-1"]], task_index=0)
    env.reset(0)
    env.step(A("find_customer_by_email", email=email))
    eta = json.loads(env.step(A("get_order_eta", order_id=oid)).observation)
    earliest, latest = (times_in_observation(json.dumps(eta[k]))[0] for k in ("earliest", "latest"))
    assert 13 * 60 <= earliest - 5 and latest < 24 * 60  # an evening window, written on a 12-hour clock below

    def twelve(minutes: float) -> str:
        return f"{int(minutes) // 60 - 12}:{int(minutes) % 60:02d}"

    base = [A("find_customer_by_email", email=email), A("get_order_eta", order_id=oid)]
    for text in (f"Between {twelve(earliest)} and {twelve(latest)} this evening.",
                 f"It should arrive between {twelve(earliest)} and {twelve(latest)}."):
        r = score("fd-question-1", base + [say(text)])
        assert "fd.eta.supported_not_earlier" not in [b[0] for b in broken(r)], text
    r = score("fd-question-1", base + [say(f"You'll have it by {twelve(earliest - 5)}.")])
    assert ("fd.eta.supported_not_earlier", 2) in broken(r)


def test_an_arrival_promised_relative_to_the_clock_is_held_to_the_earliest():
    """wiki (ETAs): "Never promise a time earlier than its earliest": "in about 5 minutes" at
    the policy's 19:00 promises 19:05."""
    email, oid = _eta_case()
    from tau_shaped.reward.reading.statements import times_in_observation

    env = DOMAIN.make_env(tasks=[BY_ID["fd-question-1"]], task_index=0)
    env.reset(0)
    env.step(A("find_customer_by_email", email=email))
    eta = json.loads(env.step(A("get_order_eta", order_id=oid)).observation)
    earliest = times_in_observation(json.dumps(eta["earliest"]))[0]
    latest = times_in_observation(json.dumps(eta["latest"]))[0]
    assert 1140 < earliest <= latest
    base = [A("find_customer_by_email", email=email), A("get_order_eta", order_id=oid)]
    soon, inside = int(earliest - 1140) - 1, int(latest - 1140)
    r = score("fd-question-1", base + [say(f"It will be with you in about {soon} minutes.")])
    assert ("fd.eta.supported_not_earlier", 2) in broken(r)
    r = score("fd-question-1", base + [say(f"It should arrive within {inside} minutes.")])
    assert "fd.eta.supported_not_earlier" not in [b[0] for b in broken(r)]
    r = score("fd-question-1", base + [say(f"Let me check that in {soon} minutes.")])  # no arrival promised
    assert "fd.eta.supported_not_earlier" not in [b[0] for b in broken(r)]


def test_apology_tier_cap_seen_across_the_conversation():
    """wiki: "The most you may give in one conversation depends on the loyalty tier": a
    second apology credit with no order named goes over it (money the order's ledger does not
    see), and the gate is at that credit."""
    g = gt("fd-cap-1")
    extra = [say("I can add a $1.00 apology credit to your wallet. Shall I?"),
             A("issue_apology_credit", customer_id="CU-1220", amount=1.0, reason="sorry again")]
    r = score("fd-cap-1", g + extra)
    # over the tier's cap, and more than the apology the customer was owed (nothing was lost)
    assert policy_gates(r) == [("fd.apology.tier_cap", 5), ("fd.money.never_more_than_lost", 5)]
    assert "compensation_cap" not in [g.id for g in r.gate_violations]  # the order's own cap is not crossed
    assert r.reward == 0.0


def test_never_more_than_lost_across_orders():
    """wiki: "Never give back more, in total, than the customer lost": a credit on another of
    the customer's orders, on top of the full refund."""
    g = gt("fd-missing-1")
    other = next(o for o in sorted(S0["customers"]["CU-1130"]["orders"]) if o != "FD-10013" and S0["orders"][o]["total"] > 6)
    extra = [say("I can refund $5.00 as wallet credit. Is that OK?"),
             A("issue_refund", order_id=other, amount=5.0, method="wallet_credit", reason="goodwill")]
    r = score("fd-missing-1", g + extra)
    assert [(x.id, x.step) for x in r.gate_violations] == [("fd.money.never_more_than_lost", 5)]


def test_an_apology_credit_on_top_of_the_compensation_is_more_than_lost():
    """wiki: "An apology credit ... is for a bad experience that no other rule compensates" and
    "Never give back more, in total, than the customer lost": the full refund for a missing item
    and then an apology credit (with no order named, so no order's ledger shows it) is more
    than was lost."""
    g = gt("fd-missing-1")
    extra = [say("I can also add a $5.00 apology credit to your wallet. Shall I?"),
             A("issue_apology_credit", customer_id="CU-1130", amount=5.0, reason="sorry for the trouble")]
    r = score("fd-missing-1", g + extra, user_replies=["Yes"] * 10)
    assert ("fd.money.never_more_than_lost", len(g) + 1) in [(x.id, x.step) for x in r.gate_violations]
    assert r.reward == 0.0


APOLOGY_ONLY = "fd.apology.only_where_nothing_else_compensates"


def _missing_3(*tail: Action, replies=("Yes.", "Yes.")):
    """fd-missing-3 (the issue's example): $16.90 lost on FD-10045; the card refund of the
    ground truth less $1, then ``tail``."""
    task = next(t for t in DOMAIN.tasks("test") if t.id == "fd-missing-3")
    acts = [A("find_customer_by_email", email=task.actions[0].kwargs["email"]), A("get_order_details", order_id="FD-10045"),
            say("I can refund $15.90 to your card for order FD-10045. Is that OK?"),
            A("issue_refund", order_id="FD-10045", amount=15.9, method="original_payment", reason="missing item"), *tail]
    env = DOMAIN.make_env(tasks=[task], task_index=0)
    result = score_trajectory(env, task, acts, user_replies=list(replies))
    assert result.status == "ok", result.error
    return result


def test_an_apology_credit_paying_part_of_a_missing_item_breaks_the_apology_rule():
    """wiki "Apology credits": for a bad experience that no other rule compensates; "Missing or
    wrong items": make it good with a refund, wallet credit, replacement or a mix of these.
    $15.90 to the card and $1 as an apology credit: the total is exact, the kind is not (an
    outcome rule, at the credit's step, which earns no checkpoint: SPEC §3.4)."""
    r = _missing_3(say("I can add a $1.00 apology credit to your wallet for order FD-10045. Shall I?"),
                   A("issue_apology_credit", customer_id="CU-1158", amount=1.0, reason="sorry", order_id="FD-10045"))
    assert broken(r) == [(APOLOGY_ONLY, 5)] and r.safety_passed and r.outcome_reward == 0.0
    assert r.legacy_reward == 0.0 and not next(c for c in r.checkpoints if c.id == "compensated").satisfied
    assert r.reward == pytest.approx(0.3 * 0.4)


def test_a_wallet_credit_paying_that_part_breaks_nothing():
    r = _missing_3(say("I can add $1.00 to your wallet for order FD-10045. Shall I?"),
                   A("issue_refund", order_id="FD-10045", amount=1.0, method="wallet_credit", reason="missing item"))
    assert broken(r) == [] and r.gate_violations == [] and r.outcome_reward == 1.0


def test_the_apology_rule_binds_only_where_another_rule_compensates_a_loss():
    """Bound to missing-item, late and disputed-charge tasks (a loss, ``lost_total`` > 0), not to
    apology tasks (the apology owed is no loss) nor to tasks with nothing in dispute (there any
    money at all is the gate fd.money.never_more_than_lost)."""
    def bound(task):
        return APOLOGY_ONLY in {b.rule.id for b in bind(RULES, task, S0)}
    by_bucket = {}
    for t in (t for t in ALL if not t.seed):
        by_bucket.setdefault(t.bucket, set()).add(bound(t))
    for bucket in ("missing_item", "late_delivery", "disputed_charge", "replacement_order"):
        assert by_bucket[bucket] == {True}, bucket
    for bucket in ("compensation_cap", "cap_refused", "late_under_15", "cancellation", "account_question"):
        assert by_bucket[bucket] == {False}, bucket


def test_a_fact_sums_only_the_identities_it_names(tmp_path):
    from tau_shaped.reward.policy_rules import task_facts

    task = next(t for t in FIXED if t.id.startswith("fd-cap-"))
    owed = {m.id: m.disputed_amount for m in task.reward_overrides.monetary_identity}["apology"]
    assert task_facts(RULES, task, S0)["apology_owed"] == pytest.approx(owed) and owed > 0
    assert task_facts(RULES, BY_ID["fd-missing-1"], S0)["apology_owed"] == 0.0
    raw = json.loads(RULES_FILE.read_text())
    raw["facts"]["apology_owed"]["except_identities"] = ["x"]
    bad = tmp_path / "rules.json"
    bad.write_text(json.dumps(raw))
    with pytest.raises(PolicyRuleError, match="only_identities"):
        load_rules(bad)


def test_money_where_only_an_apology_was_owed_is_more_than_lost():
    """An apology task: nothing was lost, so a refund (here on another order, which no identity
    of the task watches) gives back more than was lost, even within the apology's amount."""
    task = next(t for t in FIXED if t.id.startswith("fd-cap-"))
    identities = {m.id: m for m in task.reward_overrides.monetary_identity}
    assert "apology" in identities
    owed = identities["apology"].disputed_amount
    customer = S0["customers"][task.user_id]
    watched = {p.split(".")[1] for m in identities.values() for p in m.components}
    other = next(o for o in sorted(customer["orders"]) if o not in watched and S0["orders"][o]["total"] >= owed)
    g = gt(task.id)
    write = next(i for i, a in enumerate(g) if a.name == "issue_apology_credit")
    refund = [say(f"I can refund ${owed:.2f} as wallet credit. Is that OK?"),
              A("issue_refund", order_id=other, amount=owed, method="wallet_credit", reason="rude courier")]
    r = score(task.id, g[:write - 1] + refund + g[write + 1:], user_replies=["Yes"] * 10)
    assert [x.id for x in r.gate_violations if x.id == "fd.money.never_more_than_lost"] == ["fd.money.never_more_than_lost"]
    # the apology itself, up to what is owed, is no breach of it (the ground truth)
    assert not [x for x in score(task.id, g).gate_violations]


def test_a_disputed_total_may_leave_identities_out():
    from tau_shaped.reward.policy_rules import Fact, PolicyRuleError  # noqa: F401

    task = next(t for t in FIXED if t.id.startswith("fd-cap-"))
    facts = RULES.facts
    assert facts["lost_total"].except_identities == ["apology"]
    from tau_shaped.reward.policy_rules import task_facts

    values = task_facts(RULES, task, S0)
    apology = sum(m.disputed_amount for m in task.reward_overrides.monetary_identity if m.id == "apology")
    assert values["disputed_total"] == values["lost_total"] + apology and apology > 0
    with pytest.raises(ValueError, match="except_identities and only_identities are for a disputed_total fact"):
        Fact.model_validate({"task": "user_id", "except_identities": ["apology"]})


def test_fraud_money_at_any_time_even_after_escalating():
    """wiki (fraud): "never move money on that account in any way", escalated or not."""
    g = gt("fd-fraud-1")
    credit = [say("I can add a $1.00 apology credit to your wallet. Shall I?"),
              A("issue_apology_credit", customer_id="CU-1132", amount=1.0, reason="sorry")]
    r = score("fd-fraud-1", g[:4] + credit + g[4:])
    # (and nothing was lost: more than lost too)
    assert [(x.id, x.step) for x in r.gate_violations] == [("fd.fraud.no_money_moved", 5), ("fd.money.never_more_than_lost", 5)]


def test_unsafe_substitute_named_by_the_domain_rule_at_the_proposal():
    """wiki: "Never propose a substitute that contains any of them"."""
    g = gt("fd-allergen-1")
    oid = "FD-10242"
    allergens = set(S0["customers"]["CU-1126"]["allergens"])
    menu = S0["restaurants"][S0["orders"][oid]["restaurant_id"]]["menu"]
    unsafe = next(m for m, v in sorted(menu.items()) if v["in_stock"] and set(v["allergens"]) & allergens)
    g[4] = A("propose_substitution", order_id=oid, item_id="MI-133-03", substitute_item_id=unsafe)
    r = score("fd-allergen-1", g)
    assert ("fd.allergen.no_unsafe_substitute", 4) in policy_gates(r)


def test_act_on_own_orders_refund_on_a_strangers_order():
    """wiki: "act only on that customer's orders"."""
    g = gt("fd-missing-1")
    stranger = next(o for o, v in sorted(S0["orders"].items()) if v["customer_id"] != "CU-1130" and v["total"] > 10)
    write = A("issue_refund", order_id=stranger, amount=5.26, method="original_payment", reason="x")
    r = score("fd-missing-1", g[:3] + [write])
    assert [(x.id, x.step) for x in r.gate_violations] == [("fd.account.act_on_own_orders", 3)]


def test_a_replacement_order_created_in_the_episode_is_the_customers_own():
    """Binding to state at each step (SPEC §5): an order created for the customer during the
    episode is theirs when the agent later acts on it."""
    g = gt("fd-missing-1")
    order = S0["orders"]["FD-10013"]
    rest = S0["restaurants"][order["restaurant_id"]]
    item = next((it for it in order["items"] if rest["menu"][it["item_id"]]["in_stock"]), None)
    if rest["status"] != "open" or item is None:
        pytest.skip("the restaurant cannot make a replacement")
    make = [say("I can send you the same items again as a free replacement. Shall I?"),
            A("create_replacement_order", order_id="FD-10013", item_ids=[item["item_id"]], reason="missing")]
    change = [say("I can cancel the replacement order. Shall I?"), A("cancel_order", order_id="FD-R-FD-10013-1", reason="customer_request")]
    r = score("fd-missing-1", g[:2] + make + change)
    assert "fd.account.act_on_own_orders" in r.rules_checked
    assert "fd.account.act_on_own_orders" not in [x.id for x in r.gate_violations]
    stranger = next(o for o, v in sorted(S0["orders"].items()) if v["customer_id"] != "CU-1130" and v["status"] == "placed")
    other = [say("I can cancel the order. Shall I?"), A("cancel_order", order_id=stranger, reason="customer_request")]
    r = score("fd-missing-1", g[:2] + make + other)
    assert ("fd.account.act_on_own_orders", 5) in [(x.id, x.step) for x in r.gate_violations]


def test_route_of_another_courier_is_a_gate():
    """wiki: "you may plan only that courier's route"."""
    from tau_shaped_domains.food_delivery.tools.couriers import drivers_with_routes

    g = gt("fd-route-1")
    other = next(d for d in drivers_with_routes(S0) if d != "DR-204")
    g[1] = A("plan_delivery_route", driver_id=other)
    r = score("fd-route-1", g)
    assert policy_gates(r) == [("fd.route.own_route_only", 1)]


# ---- exemptions -------------------------------------------------------------------------------


def _exempt(task_id: str, exemptions: List[Dict[str, str]]) -> ShapedTask:
    raw = BY_ID[task_id].model_dump(mode="json", by_alias=True, exclude_unset=True)
    raw["id"] = task_id + "-exempt"
    raw["policy_exemptions"] = exemptions
    return ShapedTask.model_validate(raw)


def test_a_task_opts_out_of_a_rule_only_with_a_reason():
    """SPEC §9: a task may opt out of a rule, with a written reason; the rule is then silent."""
    with pytest.raises(Exception, match="reason"):
        _exempt("fd-question-1", [{"rule": "fd.identity.verify_before_access", "reason": "no"}])
    task = _exempt("fd-question-1", [{"rule": "fd.identity.verify_before_access", "reason": "the caller is a verified internal tool"}])
    env = DOMAIN.make_env(tasks=[task], task_index=0)
    g = gt("fd-question-1")
    r = score_trajectory(env, task, [g[1], g[0], g[2]])
    assert r.rule_violations == [] and "fd.identity.verify_before_access" not in r.rules_checked
    check = check_task(env, task)
    assert check.ok and any("opts out of fd.identity.verify_before_access" in n for n in check.notes)


def test_an_exemption_naming_no_rule_is_refused_by_tasks_check():
    """SPEC §9: an exemption must name a rule of the domain."""
    task = _exempt("fd-question-1", [{"rule": "fd.no.such.rule", "reason": "a reason long enough"}])
    env = DOMAIN.make_env(tasks=[task], task_index=0)
    problems = check_task(env, task).problems
    assert any("fd.no.such.rule" in p and "no rule" in p for p in problems)


def test_binding_refuses_a_rule_whose_fact_is_missing():
    """SPEC §9: a rule binds to the task's facts; one that cannot be bound is an error naming
    the rule and the task, never a silently vacuous rule."""
    task = BY_ID["fd-question-1"]
    broken_s0 = json.loads(json.dumps(S0))
    del broken_s0["policy"]["apology_credit_cap"]
    with pytest.raises(PolicyRuleError, match="fd.apology.tier_cap.*fd-question-1"):
        bind(RULES, task, broken_s0)
    # a customer the world does not have has no tier: the tier's cap does not apply to them
    # (nothing can be credited to a customer who does not exist), while a known customer
    # without a cap table is the error above
    stranger = ShapedTask.model_validate({"id": "stranger", "user_id": "CU-0", "instruction": "", "actions": []})
    assert "fd.apology.tier_cap" not in {b.rule.id for b in bind(RULES, stranger, S0)}


# ---- command line -----------------------------------------------------------------------------


def test_rules_cli_validates_lists_and_prints_the_schema(tmp_path):
    """SPEC §9: `tau-shaped rules validate|list|schema`; a bad file exits 1 in one line."""
    from typer.testing import CliRunner

    from tau_shaped.cli import app

    runner = CliRunner()
    ok = runner.invoke(app, ["rules", "validate", str(RULES_FILE)])
    assert ok.exit_code == 0 and "32 rule(s) valid (8 gates, 24 outcome, 0 checkpoints)" in ok.output
    table = runner.invoke(app, ["rules", "list"])
    assert table.exit_code == 0 and len(table.output.strip().splitlines()) == len(RULES.rules) == 32
    assert "fd.confirm.before_write\toutcome\tConfirm before you change anything." in table.output
    schema = runner.invoke(app, ["rules", "schema"])
    assert schema.exit_code == 0 and json.loads(schema.output)["title"] == "PolicyRuleSet"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"rules": [{"id": "x", "kind": "gate", "when": {"tool": "a", "zz": 1}}]}))
    out = runner.invoke(app, ["rules", "validate", str(bad)])
    assert out.exit_code == 1 and "rule 'x': when.zz: Extra inputs are not permitted" in out.output


def test_the_write_tools_to_confirm_come_from_the_tools_declarations():
    """The rule file names no write tool: ``fd.confirm.before_write`` asks a yes before every
    tool that declares ``confirm`` (``@effects``), given by the domain when it loads its rules;
    a tool that stops declaring it stops needing a yes, with no edit of the rule file."""
    from tau_shaped.reward.checks.registry import kind_of
    from tau_shaped.reward.predicate_schema import UnconfirmedPredicate

    raw = json.loads(RULES_FILE.read_text())
    rule = next(r for r in raw["rules"] if r["id"] == "fd.confirm.before_write")
    assert "tools" not in rule["when"]["unconfirmed"]
    loaded = next(r for r in RULES.rules if r.id == "fd.confirm.before_write")
    assert loaded.when["unconfirmed"]["tools"] == DOMAIN.confirmation_targets
    assert {"cancel_order", "issue_refund", "confirm_substitution"} <= set(DOMAIN.confirmation_targets)
    assert not set(DOMAIN.confirmation_targets) & set(DOMAIN.read_tools)
    fewer = load_rules(RULES_FILE, confirm_tools=["cancel_order"])
    assert next(r for r in fewer.rules if r.id == rule["id"]).when["unconfirmed"]["tools"] == ["cancel_order"]
    alone = load_rules(RULES_FILE)  # validates without a domain; naming no tools, it cannot be compiled
    predicate = UnconfirmedPredicate.model_validate(next(r for r in alone.rules if r.id == rule["id"]).when)
    with pytest.raises(ValueError, match="unconfirmed names no tools, and no domain gave"):
        kind_of(predicate).compile(predicate, None, 0)
