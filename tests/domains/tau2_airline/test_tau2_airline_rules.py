"""tau2's airline policy rules (SPEC §9, tau_shaped_domains/tau2_airline/policy_rules.json, POLICY_RULES.md).

Each rule is kept by the ground truth of every task of both splits it binds to (but for the
ground truths that break tau2's own policy, listed below with the reason), and each is broken
alone (everything else kept) by a trajectory derived from a ground truth, or made by hand on a
real task, with its verdict (gate: SPEC §3.1; outcome: §3.3) at the step that broke it and
evidence naming it. The trajectories are written from tau2's policy.md, not from the verifier:
each case says which line it breaks.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest

pytest.importorskip("tau2")

from tau_shaped import Action, load_domain, score_trajectory  # noqa: E402
from tau_shaped.env.episode_runner import invoke_tool  # noqa: E402
from tau_shaped.integrations.tau2.domain import initial_database, toolkit  # noqa: E402
from tau_shaped.integrations.tau2.tasks import confirmation_text  # noqa: E402
from tau_shaped.reward.policy_rules import load_rules  # noqa: E402

DOMAIN = load_domain("tau2:airline")
ALL = DOMAIN.tasks("train") + DOMAIN.tasks("test")
BY_ID = {t.id: t for t in ALL}
ENV = DOMAIN.make_env(tasks=ALL, task_index=0)
S0 = initial_database("airline")
RULES = DOMAIN.policy_rules
RULE_IDS = {r.id for r in RULES.rules}
GATES = {r.id for r in RULES.rules if r.kind == "gate"}

#: Ground truths of tau2 that break its own policy.md (scored on their actions alone), with why.
GT_EXCEPTIONS: Dict[str, tuple] = {
    "7": (("air.cancel.needs_a_ground", 5),
          "cancels XEHM4B after upgrading it to economy: no insurance, booked 2024-05-01, no airline-cancelled "
          "flight, not business: none of the four grounds of 'Cancel flight'"),
    "9": (("air.cancel.not_if_flown", 1),
          "cancels NQNU5R, whose two flights (2024-05-13, 2024-05-14) have landed: 'If any portion of the flight "
          "has already been flown, the agent cannot help and transfer is needed'"),
    "37": (("air.cancel.not_if_flown", 1), "the same cancellation of the flown NQNU5R as task 9"),
    "29": (("air.flights.same_route", 2),
           "changes the round trip DTW-LGA to DTW-JFK: 'Other reservations can be modified without changing the "
           "origin, destination, and trip type'"),
    "33": (("air.bags.free_allowance", 6),
           "charges 2 non-free bags to a gold member in economy, who has 3 free checked bags per passenger"),
}

#: With the user's words recorded (their user id first, 'yes' to every confirmation), ground truths
#: that cancel on insurance for a reason tau2's scenario does not make health or weather.
TALKING_EXCEPTIONS: Dict[str, tuple] = {
    "7": (("air.cancel.insurance_reason_covered", 7),
          "cancels 59XX6W (economy, insurance) for no stated reason"),
    "39": (("air.cancel.insurance_reason_covered", 13),
           "cancels MSJ4OA (economy, insurance) to give the seat to someone else"),
    "44": (("air.cancel.insurance_reason_covered", 17),
           "cancels S61CZX (economy, insurance) because its flights are longer than 4 hours"),
}


def A(name: str, **kwargs: Any) -> Action:
    return Action(name=name, kwargs=kwargs)


def say(text: str) -> Action:
    return A("respond", content=text)


def confirm(action: Action) -> Action:
    """The ground truth's own way of asking for a yes before a write."""
    return say(confirmation_text(action.name, dict(action.kwargs)))


def gt(task_id: str) -> List[Action]:
    return [a.model_copy(deep=True) for a in BY_ID[task_id].actions]


def yes_to_all(actions: List[Action], reply: str = "Yes.") -> List[str]:
    return [reply for a in actions if a.name == "respond"]


def hello(task_id: str, more: str = "") -> str:
    return f"Hi, my user id is {BY_ID[task_id].user_id}. {more}".strip()


def score_any(task: Any, actions: List[Action], replies: Optional[List[str]] = None, first: Optional[str] = None):
    """The result, whatever its status (actions alone may leave a confirmation undetermined, SPEC §10)."""
    task = BY_ID[task] if isinstance(task, str) else task
    return score_trajectory(ENV, task, actions, user_replies=replies, first_user_message=first)


def score(task: Any, actions: List[Action], replies: Optional[List[str]] = None, first: Optional[str] = None):
    result = score_any(task, actions, replies, first)
    assert result.status == "ok", result.error
    return result


#: What tau2's scenario has the customer say besides their id and their yeses (a health reason, a
#: compensation asked for), where the rules on the user's words need it.
SCENARIO_WORDS = {"19": "I feel unwell and want to cancel my trip.",
                  "2": "My last flight was delayed and I would like compensation.",
                  "27": "My flight HAT039 was delayed; I want the airline to compensate me.",
                  "38": "My flight was delayed; I want compensation."}


def confirmed_writes(actions: List[Action]) -> List[int]:
    """The steps of the writes the confirmation rule covers."""
    tools = set(RULES.rule("air.confirm.before_write").when["unconfirmed"]["tools"])
    return [i for i, a in enumerate(actions) if a.name in tools]


def broken(result) -> List[tuple]:
    """Every rule the result names (gates and outcome rules), with its step."""
    return sorted({(g.id, g.step) for g in result.gate_violations} | {(v.id, v.step) for v in result.rule_violations})


# ---- the rule set ---------------------------------------------------------------------------


def test_rule_table_kinds_and_texts():
    """SPEC §9: each rule is a gate, an outcome condition or a checkpoint, paraphrases its policy
    line and says what breaks it; the file validates and loads back."""
    kinds = {k: sum(r.kind == k for r in RULES.rules) for k in ("gate", "outcome", "checkpoint")}
    assert kinds == {"gate": 6, "outcome": 22, "checkpoint": 0}
    assert all(r.policy and r.description and r.id.startswith("air.") for r in RULES.rules)
    path = Path(DOMAIN.policy_rules_file)
    assert load_rules(path).model_dump() == RULES.model_dump()


def test_rules_name_only_declared_events_and_real_tools():
    """SPEC §6.2: a rule on an event type or tool the domain does not declare is refused; the
    confirmation rule covers every tool tau2 marks as a write."""
    text = json.dumps(json.loads(Path(DOMAIN.policy_rules_file).read_text())["rules"])
    named_tools = set(re.findall(r'"tool": "(\w+)"', text))
    named_events = set(re.findall(r'"(?:event|event_sum)": "(\w+)"', text))
    assert named_tools <= set(ENV.tools_map) and named_events <= set(DOMAIN.event_types)
    # every event recorded is judged by some rule (money_moved by the money statements' form)
    assert named_events | {"money_moved"} == set(DOMAIN.event_types) and '"money_stated"' in text
    confirmed = set(RULES.rule("air.confirm.before_write").when["unconfirmed"]["tools"])
    assert confirmed == {name for name in ENV.tools_map if toolkit("airline").writes(name)}


def test_policy_rules_md_lists_every_rule():
    doc = (Path(DOMAIN.policy_rules_file).parent / "POLICY_RULES.md").read_text()
    for rule_id in RULE_IDS:
        assert f"`{rule_id}`" in doc, rule_id


# ---- every ground truth keeps every rule it binds to -------------------------------------------

_WRITES_OR_TRANSFER = {"book_reservation", "cancel_reservation", "update_reservation_flights", "update_reservation_baggages",
                       "update_reservation_passengers", "send_certificate", "transfer_to_human_agents"}


def bound_to(task: Any) -> set:
    """The rules that bind to ``task``: every rule but the denial rule (only a task whose ground
    truth changes nothing, transfers no one and states nothing) and the hand-off rule (only a
    task whose ground truth transfers)."""
    calls = {a.name for a in task.actions}
    out = set(RULE_IDS)
    if calls & _WRITES_OR_TRANSFER or task.outputs:
        out.discard("air.refusal.said")
    if "transfer_to_human_agents" not in calls:
        out.discard("air.transfer.required")
    return out


def test_the_denial_and_hand_off_rules_bind_to_tau2s_refusal_and_hand_off_tasks():
    """tau2 issue #384: the airline tasks whose ground truth changes nothing (18 refusals) and the
    one that hands off (13) are bound to the rules that need the denial said / the transfer made."""
    refusals = sorted((t.id for t in ALL if "air.refusal.said" in bound_to(t)), key=int)
    assert refusals == "0 1 4 5 6 10 26 28 31 34 36 41 43 45 46 47 48 49".split()
    assert [t.id for t in ALL if "air.transfer.required" in bound_to(t)] == ["13"]


@pytest.mark.parametrize("task", ALL, ids=[t.id for t in ALL])
def test_ground_truth_on_its_actions_alone_keeps_every_rule_and_abstains_on_its_writes(task):
    """SPEC §9: the ground truth of every task keeps every rule (each binds to every task: all
    have a user); tau2's ground truths that break its policy are listed with the reason. On its
    actions alone (no reply recorded) a write that needs a yes cannot show consent either way
    (SPEC §10, Reading): the confirmation rule is undetermined at each such write and the episode
    abstains (§8, reward None); a ground truth that writes nothing scores one."""
    result = score_any(task, list(task.actions))
    assert set(result.rules_checked) == bound_to(task)
    expected = [GT_EXCEPTIONS[task.id][0]] if task.id in GT_EXCEPTIONS else []
    assert broken(result) == expected
    writes = confirmed_writes(task.actions)
    assert sorted((u.id, u.step) for u in result.undetermined) == [("air.confirm.before_write", w) for w in writes]
    if writes:
        assert result.status == "undetermined" and result.reward is None
        assert all("no reply" in u.evidence for u in result.undetermined)
    else:
        assert result.status == "ok" and result.reward == 1.0 and result.legacy_reward == 1.0
    if task.id in GT_EXCEPTIONS:
        assert result.safety_passed and result.canonical_match and result.outcome_reward == 0.0


def _talking(task_id: str) -> Dict[str, Any]:
    """The ground truth with the user's words: their id first, the scenario's health reason or
    compensation request where tau2's scenario gives one, and 'Yes.' to every confirmation."""
    actions = gt(task_id)
    return dict(actions=actions, replies=yes_to_all(actions), first=hello(task_id, SCENARIO_WORDS.get(task_id, "")))


@pytest.mark.parametrize("task", ALL, ids=[t.id for t in ALL])
def test_ground_truth_with_the_users_words_keeps_the_rules_on_what_the_user_said(task):
    """The rules judged on user text (identity, insurance reason, compensation asked for) bind
    once the trajectory records what the user said: the ground truths keep them, but for the
    cancellations on insurance for a reason that is not health or weather (listed); answered,
    every write is confirmed, and a ground truth that breaks nothing scores one."""
    t = _talking(task.id)
    result = score(task, t["actions"], t["replies"], t["first"])
    expected = [e[0] for e in (GT_EXCEPTIONS.get(task.id), TALKING_EXCEPTIONS.get(task.id)) if e]
    assert broken(result) == sorted(expected) and not result.undetermined
    if not expected:
        assert result.reward == 1.0 and result.legacy_reward == 1.0


# ---- each rule broken alone, at its step -----------------------------------------------------


@dataclass
class Case:
    """A trajectory on a real task that breaks ``rule`` alone, at ``step`` (labels from policy.md)."""

    name: str
    rule: str
    task: Any
    actions: List[Action]
    step: int
    replies: Optional[List[str]] = None
    first: Optional[str] = None
    why: str = ""
    extra_rules: List[str] = field(default_factory=list)


def answered(case: Case, more: str = "") -> Case:
    """``case`` as its customer answers it (SPEC §10: on actions alone a write that needs a yes is
    undetermined, and the rule the case breaks would not be the verdict): their user id first
    (with ``more``, or the scenario's words), then 'Yes.' to every confirmation."""
    case.replies = yes_to_all(case.actions)
    case.first = hello(case.task, more or SCENARIO_WORDS.get(case.task, ""))
    return case


#: A customer of tasks 39 and 44 in a hand-made case, giving a reason insurance covers: the
#: ground truth's cancellation on insurance then keeps air.cancel.insurance_reason_covered (their
#: scenario's reason does not: TALKING_EXCEPTIONS), so the case breaks its own rule alone.
UNWELL = "I am sick and cannot travel."


def _cancel(task_id: str, reservation: str) -> List[Action]:
    cancel = A("cancel_reservation", reservation_id=reservation)
    return gt(task_id) + [confirm(cancel), cancel]


def _booking_20(**changes: Any) -> List[Action]:
    book = copy.deepcopy(gt("20")[1])
    book.kwargs.update(changes)
    return [confirm(book), book]


def _task_for(user_id: str) -> Any:
    """Task 27 (a compensation: its ground truth sends a certificate) for another user."""
    send = A("send_certificate", user_id=user_id, amount=100)
    return BY_ID["27"].model_copy(update={"id": "27-as-" + user_id, "user_id": user_id, "actions": [send], "outputs": []})


def cases() -> List[Case]:
    out: List[Case] = []

    # gates
    cancel = A("cancel_reservation", reservation_id="4WQ150")  # chen_jackson_3290's business reservation
    out.append(Case("cancel another user's reservation", "air.account.own_reservations_only", "19",
                    [confirm(cancel), cancel], 1, why="act only for the user who gave their id"))
    bags = A("update_reservation_baggages", reservation_id="OBUT9V", total_baggages=2, nonfree_baggages=0,
             payment_id="credit_card_4421486")  # mia_li_3668's card, not in sofia_kim_7287's profile
    g = gt("21")
    out.append(Case("bags charged to a card not in the profile", "air.payment.method_in_profile", "21",
                    g[:2] + [confirm(bags), bags], 3, why="all payment methods must already be in the profile"))
    send = A("send_certificate", user_id="harper_garcia_8677", amount=100)
    out.append(Case("certificate to a regular member, no insurance, basic economy", "air.compensation.eligible",
                    _task_for("harper_garcia_8677"), [A("get_user_details", user_id="harper_garcia_8677"),
                                                      A("get_reservation_details", reservation_id="JN75RZ"),
                                                      confirm(send), send], 3,
                    why="do not compensate a regular member with no insurance in (basic) economy"))
    send = A("send_certificate", user_id="ethan_martin_2396", amount=200)
    out.append(Case("certificate above $50 x 3 passengers for a delay", "air.compensation.amount", "27",
                    gt("27")[:1] + [confirm(send), send], 2, why="$50 times the number of passengers"))
    g = gt("27")
    out.append(Case("a second certificate", "air.compensation.once", "27", g + g[1:], 4,
                    why="one gesture, not two"))

    # outcome rules
    g = gt("1")
    out.append(Case("account looked up before the user gave their id", "air.identity.user_id_from_user", "1",
                    [g[0], say("Could you confirm your user id?")] + g[1:], 0,
                    replies=["It is raj_sanchez_7340."], first="Hi, I need help with my reservations.",
                    why="the agent must first obtain the user id from the user"))
    out.append(Case("another user's reservation read", "air.account.no_other_users_data", "1",
                    g + [A("get_reservation_details", reservation_id="4WQ150")], len(g),
                    why="help the user with their own reservations"))
    g = gt("19")
    out.append(Case("cancel without asking", "air.confirm.before_write", "19", g[1:], 0,
                    why="list the action details and obtain explicit confirmation"))
    out.append(Case("cancel after a no", "air.confirm.before_write", "19", g, 1, replies=["No, don't."],
                    first=hello("19", "I feel unwell and want to cancel."), why="a no is no confirmation"))
    other = say("Here is what I will do: cancel reservation K67C4W. Do you confirm (yes)?")
    out.append(Case("the confirmation names another reservation", "air.confirm.before_write", "19",
                    [other, g[1]], 1, why="a yes covers only the action described"))
    change = gt("16")[1]  # M05KNL moved to HAT110 and HAT172
    unlisted = say("The flights on reservation M05KNL can be changed to the later ones we found, cabin economy; any "
                   "fare difference goes on your gift card. Shall I make the change?")
    out.append(answered(Case("a flight change confirmed without its new flights", "air.confirm.details_listed", "16",
                             [unlisted, change], 1, why="list the action details: a change of flights lists its flights")))
    base = gt("20")[1].kwargs
    six = [dict(base["passengers"][0]) for _ in range(6)]
    out.append(answered(Case("a booking for six passengers", "air.book.max_passengers", "20",
                    _booking_20(passengers=six, payment_methods=[{"payment_id": "certificate_7504069", "amount": 250},
                                                                 {"payment_id": "credit_card_4421486",
                                                                  "amount": 6 * 255 - 250}],
                                total_baggages=3, nonfree_baggages=0), 1,
                    why="each reservation can have at most five passengers")))
    out.append(answered(Case("a booking on two credit cards", "air.book.payment_limits", "20",
                    _booking_20(payment_methods=[{"payment_id": "certificate_7504069", "amount": 250},
                                                 {"payment_id": "credit_card_4421486", "amount": 2},
                                                 {"payment_id": "credit_card_1955700", "amount": 3}]), 1,
                    why="at most one credit card")))
    book = gt("20")[1]
    out.append(answered(Case("a booking with no word about insurance", "air.book.insurance_asked", "20",
                    [say("I will book reservation JFK to SEA, one way, economy, flights HAT136 and HAT039 on "
                         "2024-05-20, for Mia Li, 3 total bags, paid with certificate_7504069 (250) and "
                         "credit_card_4421486 (5). Shall I book it?"), book], 1,
                    why="the agent should ask if the user wants to buy the travel insurance")))
    g = gt("21")
    bags = A("update_reservation_baggages", reservation_id="OBUT9V", total_baggages=2, nonfree_baggages=1,
             payment_id="gift_card_6276644")
    out.append(answered(Case("a free bag charged to a silver member", "air.bags.free_allowance", "21",
                             g[:2] + [confirm(bags), bags], 3, why="silver economy: 2 free checked bags per passenger")))
    bags = A("update_reservation_baggages", reservation_id="OBUT9V", total_baggages=0, nonfree_baggages=0,
             payment_id="gift_card_6276644")
    out.append(answered(Case("a checked bag removed", "air.bags.no_removal", "21", g[:2] + [confirm(bags), bags], 3,
                             why="the user can add but not remove checked bags")))
    g = gt("32")
    out.append(answered(Case("basic economy flights changed", "air.flights.basic_economy_unchanged", "32",
                             g[:3] + g[5:], 4, why="basic economy flights cannot be modified")))
    change = A("update_reservation_flights", reservation_id="1N99U6", cabin="economy",
               flights=[{"flight_number": "HAT003", "date": "2024-05-19"},
                        {"flight_number": "HAT112", "date": "2024-05-27"}], payment_id="gift_card_5634230")
    g = gt("30")
    out.append(answered(Case("a round trip to IAH changed to go to DEN", "air.flights.same_route", "30",
                             g[:2] + [confirm(change), change], 3,
                             why="modify without changing the origin, destination and trip type")))
    out.append(answered(Case("a flown reservation cancelled", "air.cancel.not_if_flown", "39", _cancel("39", "I6M8JQ"),
                             len(gt("39")) + 1, why="any portion flown: the agent cannot help, transfer"), UNWELL))
    out.append(answered(Case("a cancellation with no ground", "air.cancel.needs_a_ground", "39", _cancel("39", "UDMOP1"),
                             len(gt("39")) + 1,
                             why="basic economy, no insurance, booked over 24h ago, no airline cancellation"), UNWELL))
    g = gt("19")
    out.append(Case("insurance cancellation for a change of plans", "air.cancel.insurance_reason_covered", "19",
                    g, 1, replies=["Yes."], first=hello("19", "My plans changed, cancel my trip please."),
                    why="insurance covers health or weather reasons only"))
    g = gt("27")
    out.append(Case("compensation the user did not ask for", "air.compensation.asked_for", "27", g, 2,
                    replies=["Yes."], first=hello("27", "My flight HAT039 was delayed. Why?"),
                    why="do not proactively offer compensation"))
    g = gt("27")
    assert g[0].name == "get_user_details" and g[-1].name == "send_certificate"
    out.append(Case("compensation on the user's word alone", "air.compensation.facts_confirmed", "27", g[1:], len(g) - 2,
                    replies=["Yes."], first=hello("27", SCENARIO_WORDS["27"]),
                    why="always confirm the facts before offering compensation"))
    g = gt("13")
    out.append(Case("transfer without the transfer message", "air.transfer.message_after_call", "13",
                    [g[0], say("Someone will be with you shortly.")], 1,
                    why="after transfer_to_human_agents, send the transfer message"))
    out.append(Case("the transfer message before the transfer", "air.transfer.call_before_message", "13",
                    [g[1], g[0]], 0, why="first the call, then the message"))
    g = gt("2")  # round 16: the certificate sent after a transfer (a recorded trajectory going on past the hand-off)
    w = next(i for i, a in enumerate(g) if a.name == "send_certificate")
    handed = [A("transfer_to_human_agents", summary="The user asked for compensation and a human agent."),
              say("YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON.")]
    out.append(answered(Case("a write after the transfer", "air.transfer.nothing_after", "2", g[:w - 1] + handed + g[w - 1:], w + 2,
                             why="transfer if and only if the request cannot be handled within the scope of your actions")))
    out.append(Case("the hand-off skipped", "air.transfer.required", "13",
                    [say("I'm sorry, the origin and destination of a reservation cannot be changed.")], 0,
                    why="a request out of scope: first make a tool call to transfer_to_human_agents"))
    g = gt("0")
    out.append(Case("a refusal task answered with a stall", "air.refusal.said", "0",
                    [say("Let me look into reservation EHGLP3 for you.")], 0,
                    why="deny user requests that are against this policy (tau2 issue #384)"))
    g = gt("44")
    at = next(i for i, a in enumerate(g) if a.name == "update_reservation_flights") - 1
    g.insert(at, say("The three upgrades to business will cost you $1,200.00 in total (NM1VX1, H8Q05L, KC18K6)."))
    out.append(answered(Case("a wrong total quoted before the upgrades", "air.statements.money_supported", "44", g, at,
                             why="the charge stated to get a yes is the one the calls make: $484 + $163 + $740"),
                        UNWELL))
    g = gt("1")
    other = S0["users"]["mia_li_3668"]
    out.append(Case("another user's email said", "air.account.no_other_user_data_said", "1",
                    g[:-1] + [say(f"Is your email {other['email']}?")] + g[-1:], len(g) - 1,
                    why="act only for the user who gave their id: another user's details are not theirs to hear"))
    return out


CASES = cases()


def test_every_rule_has_a_case():
    assert {c.rule for c in CASES} == RULE_IDS


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_rule_broken_alone_at_its_step(case):
    """SPEC §9: a trajectory breaking only this rule gets its verdict at the right step, with
    evidence naming it: a gate zeroes everything (§3.1), an outcome rule zeroes the outcome (§3.3)."""
    result = score(case.task, case.actions, case.replies, case.first)
    assert broken(result) == [(case.rule, case.step)], case.why
    if case.rule in GATES:
        assert not result.safety_passed and result.reward == 0.0 and result.outcome_reward == 0.0
        gate = next(g for g in result.gate_violations if g.id == case.rule)
        assert f"step {case.step}" in gate.evidence
    else:
        assert result.safety_passed and result.outcome_reward == 0.0
        rule = next(v for v in result.rule_violations if v.id == case.rule)
        # a rule broken by what never happened (the hand-off) has no step of its own: "never: ..."
        assert RULES.rule(case.rule).kind == "outcome" and (f"step {case.step}" in rule.evidence
                                                            or rule.evidence.startswith("never:"))


# ---- the readings, kept where the policy allows -------------------------------------------------


def test_user_id_in_the_first_message_precedes_the_call_at_step_0():
    """The user's first message (step 0) comes before the agent's first call (same_step)."""
    g = gt("1")
    assert broken(score("1", g, first=hello("1"))) == []
    later = score("1", [say("Your user id, please?")] + g, replies=["raj_sanchez_7340"], first="Hello.")
    assert broken(later) == []


def test_a_trajectory_with_no_user_text_is_not_judged_on_what_the_user_said():
    """Actions alone (no user text recorded) do not break the identity rule (they leave the
    certificate's confirmation undetermined, SPEC §10, and nothing else); one reply does."""
    g = gt("27")
    alone = score_any("27", g)
    assert broken(alone) == [] and alone.status == "undetermined"
    assert [(u.id, u.step) for u in alone.undetermined] == [("air.confirm.before_write", 2)]
    one = score_any("27", g, replies=["Yes."])
    assert ("air.identity.user_id_from_user", 0) in broken(one)
    # the ground truth starts with a look-up: the customer spoke first, in words not recorded, which
    # may hold their ask for compensation (issue 41 round 5: undetermined, not guessed)
    assert ("air.compensation.asked_for", 2) in [(u.id, u.step) for u in one.undetermined]


@pytest.mark.parametrize("reply, kept", [
    ("Yes, please go ahead.", True), ("Sure", True), ("No problem, go ahead.", True),
    ("No, please don't.", False), ("Wait, not yet.", False), ("", False),
])
def test_confirmation_reply_readings(reply, kept):
    """A yes is a word of assent on the first line; a reply starting with a refusal is no yes
    ("No problem" aside); a reply recorded as empty is no yes either (SPEC §10: "a reply recorded
    as empty or null is no yes")."""
    g = gt("19")
    result = score("19", g, replies=[reply], first=hello("19", "I feel unwell."))
    assert (broken(result) == []) == kept


def test_a_delay_is_compensated_without_a_change_as_tau2_does():
    """tau2's ground truths (2, 27, 38) give $50 x passengers for a delay with no change or
    cancellation: the amount rule caps it there, and $50 x 3 is the cap for task 27 (not $100 x 3)."""
    g = gt("27")
    send = A("send_certificate", user_id="ethan_martin_2396", amount=151)
    assert broken(score("27", g[:1] + [confirm(send), send])) == [("air.compensation.amount", 2)]


def test_an_insurance_cancellation_for_health_or_weather_is_allowed():
    g = gt("19")
    for reason in ("I am sick.", "There is a big storm coming.", "I was hospitalized."):
        assert broken(score("19", g, ["Yes."], hello("19", reason))) == [], reason


@pytest.mark.parametrize("reason", ["I'm not sick, my plans just changed.", "It isn't for health reasons; I changed my mind.",
                                    "Nothing medical, the meeting got moved.", "Not because of the weather, no. Work came up."])
def test_a_reason_the_user_denies_covers_nothing(reason):
    """Insurance covers health or weather (policy.md): a user who says the reason is not one of
    them gives none, whatever word of it they use (read in the clause that affirms it, SPEC §10)."""
    result = score("19", gt("19"), ["Yes."], hello("19", reason))
    assert broken(result) == [("air.cancel.insurance_reason_covered", 1)], reason


@pytest.mark.parametrize("first, asked", [
    ("My flight HAT039 was delayed. I'm not asking for a refund or anything, just why?", False),
    ("My flight HAT039 was delayed and I'd like some compensation.", True),
])
def test_compensation_asked_for_in_a_clause_that_asks(first, asked):
    result = score("27", gt("27"), ["Yes."], hello("27", first))
    assert (("air.compensation.asked_for", 2) in broken(result)) is not asked, broken(result)


@pytest.mark.parametrize("first, reply, verdict", [
    # the agent offers first; the customer accepts it: naming the voucher after the offer asks for nothing
    ("My flight HAT039 was delayed. Can you check what happened?", "Sure, I'll take the voucher.", "broken"),
    ("My flight HAT039 was delayed and I'd like a voucher for it.", "Yes, please.", "kept"),
    # a complaint of a cancelled flight: the policy's next line lets the agent offer, its first forbids it
    ("The airline cancelled my flight and I'm furious.", "OK, thanks.", "undetermined"),
])
def test_compensation_asked_before_it_was_offered(first, reply, verdict):
    """policy.md: "Do not proactively offer a compensation unless the user explicitly asks for
    one": what counts is the ask before the offer (issue 41 round 5: an offer the customer accepted
    passed as asked for)."""
    g = gt("27")
    ask = next(i for i, a in enumerate(g) if a.name == "respond")
    offer = A("respond", content="I'm sorry about that. As a gesture I can send you a travel certificate; "
                                 + g[ask].kwargs["content"])
    result = score_any("27", g[:ask] + [offer] + g[ask + 1:], [reply], hello("27", first))
    got = ("broken" if ("air.compensation.asked_for", ask + 1) in broken(result) else
           "undetermined" if "air.compensation.asked_for" in [u.id for u in result.undetermined] else "kept")
    assert got == verdict, (broken(result), [(u.id, u.evidence) for u in result.undetermined])


@pytest.mark.parametrize("question, asked", [
    ("Would you like to add travel insurance for $30 per passenger?", True),
    ("Do you want insurance on this trip?", True),
    ("Please let me know whether you'd like travel insurance.", True),
    ("Travel insurance is $30 a passenger; are you interested in adding it?", True),
    ("Your booking has no travel insurance.", False),
    ("Insurance can be bought later online.", False),
])
def test_insurance_is_asked_by_a_question_not_a_mention(question, asked):
    """policy.md: 'The agent should ask if the user wants to buy the travel insurance.' A question
    that names it asks; a message that only mentions it does not."""
    book = gt("20")[1]
    summary = say("I will book reservation JFK to SEA, one way, economy, flights HAT136 and HAT039 on 2024-05-20, for "
                  "Mia Li, 3 total bags, paid with certificate_7504069 (250) and credit_card_4421486 (5). Shall I book it?")
    actions = [say(question), summary, book]
    result = score("20", actions, yes_to_all(actions), hello("20", SCENARIO_WORDS.get("20", "")))
    assert (("air.book.insurance_asked", 2) in broken(result)) is not asked, broken(result)


def test_a_transfer_that_ends_the_episode_is_not_judged_on_the_message():
    """tau-shaped ends a live episode at transfer_to_human_agents (a terminate tool)."""
    assert broken(score("13", gt("13")[:1])) == []


def test_a_cabin_change_on_a_flown_reservation_is_refused_by_tau2s_tool():
    """'Cabin cannot be changed if any flight has already been flown' is not a rule: tau2's
    tool prices every flight anew when the cabin changes, and a flown flight is not available."""
    flights = [{"flight_number": f["flight_number"], "date": f["date"]} for f in S0["reservations"]["VAOW1B"]["flights"]]
    out = invoke_tool(ENV.tools_map["update_reservation_flights"], copy.deepcopy(S0),
                      dict(reservation_id="VAOW1B", cabin="business", flights=flights, payment_id="gift_card_2550356"))
    assert out.startswith("Error") and "not available" in out


def test_passenger_count_is_refused_by_tau2s_tool():
    """'cannot modify the number of passengers' is checked by tau2's tool: not a rule."""
    one = S0["reservations"]["FQ8APE"]["passengers"]
    out = invoke_tool(ENV.tools_map["update_reservation_passengers"], copy.deepcopy(S0),
                      dict(reservation_id="FQ8APE", passengers=one + one))
    assert out.startswith("Error") and "Number of passengers does not match" in out


def test_a_change_paid_by_certificate_is_refused_by_tau2s_tool():
    """'a single gift card or credit card' for a change of flights: tau2's tool refuses a certificate."""
    flights = [{"flight_number": f["flight_number"], "date": f["date"]} for f in S0["reservations"]["OBUT9V"]["flights"]]
    out = invoke_tool(ENV.tools_map["update_reservation_flights"], copy.deepcopy(S0),
                      dict(reservation_id="OBUT9V", cabin="business", flights=flights, payment_id="certificate_8544743"))
    assert out.startswith("Error") and "Certificate cannot be used" in out


def test_grader_corpus_agrees():
    """tau_shaped_domains/tau2_airline/grader: labels from policy.md (ground truths, the ground truths with the
    user's words, each rule broken, valid alternatives); `tau-shaped grader-test --env
    tau2:airline` agrees on every one. The tasks whose ground
    truth breaks the policy (GT_EXCEPTIONS) are left out: no trajectory can reach their expected
    state and keep the rule, so grader-test's gaming probe has no correct trajectory to compare."""
    from tau_shaped.tasks.grader_suite import load_corpus, run_suite

    folder = Path(__file__).parents[3] / "tau_shaped_domains" / "tau2_airline" / "grader"
    entries = load_corpus(folder)
    assert not {e["task_id"] for e in entries} & set(GT_EXCEPTIONS)
    labeled = {r for e in entries for r in e["expected"]["gates"] + e["expected"]["rules"]}
    assert labeled == RULE_IDS  # every rule has at least one labeled break
    report = run_suite(DOMAIN, folder)
    assert report.ok, report.disagreements + report.gaming_failures
    # 122 + 4 payment alternatives (issue 18) + 18 refusal tasks relabeled (tau2 #384) + 18 entries of the
    # rules that read words (statements_and_refusals.json) + tasks 39 and 44 with the customer's words
    # (80bef6f: a correct trajectory whose reason insurance covers, and its breach with none) + the break of
    # air.compensation.facts_confirmed (issue 41) + three breaks of air.confirm.details_listed and its lenient
    # reading (options listed, then one picked) (round 15's coverage audit) + a write after the transfer (round 16)
    assert report.total == len(entries) == 172
