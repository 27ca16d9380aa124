"""The statement checks (facts, amounts, times: SPEC §10 statements) read the run's agent messages as
``Run.agent_messages`` lists them (read once a rollout, shared by every check), pass over a message
that states nothing of theirs, and give the steps before a message that does (the tools' results,
the writes, the customer's replies) only then: what they judge is what the step-by-step reading
judged (the reference readings below, the checks as they read every step)."""

from __future__ import annotations

import json
from typing import Any, List, Optional, Tuple

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped import load_domain
from tau_shaped.env.episode import Event
from tau_shaped.env.trajectory import Step, Trajectory
from tau_shaped.env.types import Action
from tau_shaped.reward.checks.facts_stated import _facts
from tau_shaped.reward.checks.finding import NOWHERE, Finding, violations
from tau_shaped.reward.checks.run import Run
from tau_shaped.reward.checks.statement_support import CustomerValues, Offers, clock_text, near, observed_field_minutes
from tau_shaped.reward.checks.unsupported_amount import (UnsupportedAmountPredicate, _amounts_read, _done, _field_values,
                                                         _fields_named, _given_back, _money_fields, _paid,
                                                         _unsupported_amounts)
from tau_shaped.reward.checks.unsupported_time import UnsupportedTimePredicate, _relative_times, _unsupported_times
from tau_shaped.reward.predicate_schema import FactsStatedPredicate
from tau_shaped.reward.reading import statements
from tau_shaped.reward.reading.done_money import done_verdict, moved
from tau_shaped.reward.reading.fact_checks import FactChecker
from tau_shaped.reward.reading.negation import Negations
from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.normalize_questions import agent_seen
from tau_shaped.reward.reading.quoted import customer_quotes, inside
from tau_shaped.reward.reading.text_matching import numbers_in_text, values_in_text
from tests.conftest import TESTS
from tests.prop_strategies import prop_settings

CORPUS = json.loads((TESTS / "phrasings" / "facts_stated.json").read_text())
FD = load_domain("food_delivery")
S0 = FD.make_env(tasks=FD.tasks("test")[:1], task_index=0).initial_state(0)
ORDERS = sorted(S0["orders"])[:4] + ["FD-10502"]


def _when(rule: str) -> Any:
    text = json.dumps(FD.policy_rules.rule(rule).when).replace('"{task_amounts}"', "[16.9, 4.49, 19.73]")
    return json.loads(text.replace("{user_id}", CORPUS["customer"]))


FACTS = FactsStatedPredicate.model_validate(_when("fd.statements.facts_supported"))
AMOUNTS = UnsupportedAmountPredicate.model_validate(_when("fd.statements.amounts_supported"))
TIMES = UnsupportedTimePredicate.model_validate(_when("fd.eta.supported_not_earlier"))

MESSAGES = [e["text"] for key in ("backed", "unbacked", "undetermined") for e in CORPUS[key]][::3] + [
    "Your account is suspended.", "I've refunded $16.90 to your card.", "The total was $15.94, delivery fee $4.49.",
    "I can refund $6.48 if you like.", "It'll be with you by 7:40 pm.", "ETA 19:05", "It should arrive in about 10 minutes.",
    "Refund: 12.00 -> wallet", "| Total | Fee |\n|---|---|\n| $19.73 | $2.99 |", "Hello! How can I help?", "",
    "You said 'by 6:30' -- it'll be 7:00-7:15.", "I've credited $3.00, it's in your wallet now.", "It was delivered yesterday.",
]
REPLIES = ["", "yes please", "it was 20 minutes late and cost $20", "I ordered at 6 pm", "5%", "no"]


def _observation(tool: str, oid: str, status: str) -> str:
    if tool == "get_order_eta":
        return json.dumps({"order_id": oid, "earliest": "2026-03-13T19:20:00", "latest": "2026-03-13T19:40:00"})
    if tool == "issue_refund":
        return json.dumps({"order_id": oid, "refund_id": "RF-1", "amount": 16.9, "ledger": [16.9]})
    record = dict(S0["orders"][oid], status=status) if status else S0["orders"][oid]
    return json.dumps(record)


STEPS = st.lists(st.one_of(
    st.tuples(st.just("say"), st.sampled_from(MESSAGES), st.sampled_from(REPLIES)),
    st.tuples(st.just("call"), st.sampled_from(["get_order_details", "get_order_eta", "issue_refund", "cancel_order"]),
              st.sampled_from(ORDERS), st.sampled_from(["", "delivered", "cancelled", "out_for_delivery"]),
              st.sampled_from([None, 16.9, 3.0, 20.0]), st.booleans()),
), max_size=9)


def _trajectory(plan: List[Tuple[Any, ...]], first: Optional[str]) -> Trajectory:
    steps = []
    for i, item in enumerate(plan):
        if item[0] == "say":
            steps.append(Step(index=i, action=Action(name="respond", kwargs={"content": item[1]}), observation=item[2]))
        else:
            _, tool, oid, status, amount, fails = item
            observation = "Error: not allowed" if fails else _observation(tool, oid, status)
            events = [] if fails or amount is None else [
                Event("money_moved", i, {"kind": "refund", "amount": amount, "customer_id": CORPUS["customer"]})]
            steps.append(Step(index=i, action=Action(name=tool, kwargs={"order_id": oid, "amount": amount, "method": "card"}),
                              observation=observation, events=events))
    return Trajectory(steps=steps, first_user_message=first)


def _old_facts(trajectory: Any, initial: Any, p: Any) -> Finding:
    checker = FactChecker(p, initial)
    hits: List[Tuple[int, str]] = []
    doubts: List[Tuple[int, str]] = []
    checker.hear(seen(trajectory.first_user_message))
    for s in trajectory.steps:
        text = agent_seen(s.agent_text)
        if text is not None:
            found = checker.message(text)
            if found is not None:
                (hits if found[0] else doubts).append((s.index, found[1]))
        else:
            checker.observe_step(s)
        reply = s.user_reply
        if reply:
            checker.hear(seen(reply))
    verdict = violations(hits, "every fact stated is backed by a tool, the customer or the policy")
    if not verdict.holds and doubts:
        return Finding(False, None, NOWHERE, f"undetermined: step {doubts[0][0]}: {doubts[0][1]}", tuple(doubts))
    return verdict


# the amount and time checks as they read every step (before round 13's speed work), the reference
def _old_amounts(trajectory: Any, p: Any) -> Finding:
    tolerance, values, rates = p.tolerance, list(p.values), p.rates
    rule_values = list(p.rule_values)
    user_said = CustomerValues(trajectory, values_in_text)
    writes: List[Any] = []  # the money_moved events of the steps before the message
    observed: List[float] = []  # the numbers in observations, read lazily, only when a statement needs them
    scanned = 0

    def derived(value: float, pool: List[float]) -> bool:
        """``value`` is one of the policy's rates times a supported amount, to the cent."""
        return any(abs(value - round(rate * v + 1e-9, 2)) <= tolerance + 1e-9 for rate in rates for v in pool)

    later = Offers(trajectory, p.acted)
    hits: List[Tuple[int, str]] = []
    for at, s in enumerate(trajectory.steps):
        text = agent_seen(s.agent_text)
        if text is None:
            if s.events:
                writes.extend(e.fields for e in s.events if e.type == "money_moved")
            continue
        stated, keyed = _amounts_read(text)
        if not stated and not keyed:
            continue
        done = _done(text, bool(writes), stated)
        paid: Optional[Tuple[bool, ...]] = None
        fields: Optional[Tuple[Optional[str], ...]] = None
        for n, (item, kind) in enumerate(zip(stated + keyed, done + (None,) * len(keyed))):
            if kind is not None:
                pools = moved(writes)
                why = done_verdict(kind, item.value, pools, item.text)
                if why is not None:
                    hits.append((s.index, why))
                    break
                if pools.get(kind):
                    continue  # what a write before moved
            if kind is not None:
                # said moved and no write moved it: the customer's number or what a tool shows given back before (a ledger)
                ok = near(item.value, user_said.before(at), tolerance) or near(item.value, [
                    v for o in trajectory.steps[:s.index] if o.agent_text is None and o.succeeded for v in _given_back(o.observation)], tolerance)
                if not ok:
                    hits.append((s.index, f"agent stated {item.text!r} as {'charged' if kind == 'charge' else 'refunded'}; no write moved it"))
                    break
                continue
            if near(item.value, values, tolerance):
                continue
            if fields is None and n < len(stated):
                fields = _fields_named(text)  # (read only here: most amounts are the task's)
            field = fields[n] if fields and n < len(fields) else None
            if field is not None and not near(item.value, user_said.before(at), tolerance):
                known = [v for o in trajectory.steps[:s.index] if o.agent_text is None and o.succeeded for v in _field_values(o.observation, field)]
                if known and not near(item.value, known, tolerance):  # round 12: "Total: $15.94" of a $19.73 order (its subtotal)
                    hits.append((s.index, f"agent stated {item.text!r} as the {field.replace('_', ' ')}; the tools show {known[-1]:g}"))
                    break
            if paid is None and n < len(stated):
                paid = _paid(text, stated)  # (read only here, once a message: most amounts are the task's)
            record = n < len(stated) and bool(paid and paid[n])
            if record:
                ok = (near(item.value, user_said.before(at), tolerance)
                      or near(item.value, [v for vs in moved(writes).values() for v in vs], tolerance))
            else:
                ok = (near(item.value, rule_values, tolerance) or near(item.value, user_said.before(at), tolerance)
                      or near(item.value, later.after(s.index), tolerance))
            if not ok and record:
                # what the order cost: a tool's money field backs it, not a count or a coordinate ("quantity": 2)
                ok = near(item.value, [v for o in trajectory.steps[:s.index] if o.agent_text is None and o.succeeded
                                       for v in _money_fields(o.observation)], tolerance)
            elif not ok:
                for o in trajectory.steps[scanned:s.index]:
                    if o.agent_text is None and o.succeeded:
                        observed.extend(v for v, _ in numbers_in_text(o.observation))
                scanned = max(scanned, s.index)  # pragma: no mutate (speed only: a rescan finds the same numbers)
                ok = near(item.value, observed, tolerance)
            if not ok and rates and not record:
                ok = derived(item.value, observed + user_said.before(at) + values + rule_values)
            if not ok:
                hits.append((s.index, f"agent stated {item.text!r}: stated by no tool, user or policy"))
                break
    return violations(hits, "every amount stated is supported")


def _old_times(trajectory: Any, p: Any) -> Finding:
    tolerance, values, at_least = p.tolerance, list(p.values), p.observed_at_least
    steps = trajectory.steps
    user_said = CustomerValues(trajectory, lambda text: [v for t in statements.stated_times(text) for v in t.readings])
    observed: List[float] = []  # the clock times in observations, read lazily
    floor: Optional[float] = None
    scanned = 0

    def observations_until(index: int) -> None:
        nonlocal scanned, floor
        for s in steps[scanned:index]:
            if s.agent_text is None and s.succeeded:
                observed.extend(statements.times_in_observation(s.observation))
                if at_least and s.action.name == p.from_tool:
                    floor = observed_field_minutes(s.observation, at_least, floor)
        scanned = max(scanned, index)  # pragma: no mutate (speed only: a rescan finds the same times)

    later = Offers(trajectory, p.acted)
    hits: List[Tuple[int, str]] = []
    for at, s in enumerate(steps):
        text = agent_seen(s.agent_text)
        if text is None:
            continue
        times = statements.stated_times(text)
        if times:  # a negated time states nothing ("not by 7"); "not later than 7:30" states a bound
            negated = Negations(text)
            # what would have been states nothing either ("it might have arrived by 6:40 if ...")
            quotes = customer_quotes(text)  # round 12: "You said 'by 6:30' -- it'll be 7:00-7:15": the customer's time quoted
            times = [t for t in times if not negated(t.start, value=True) and not statements.counterfactual(text, t.start)
                     and not inside(quotes, t.start)]
        for item in times:
            readings = item.readings  # "7:08" with no am/pm: either half of the day, as the context allows
            ok = any(near(r, values, tolerance) or near(r, user_said.before(at), tolerance)
                     or near(r, later.after(s.index), tolerance) for r in readings)
            if not ok or at_least:
                observations_until(s.index)
                ok = ok or any(near(r, observed, tolerance) for r in readings)
            # a time a tool gave is no promise of its own ("it's 7:00 now"), unless it is when the
            # order is said to arrive ("it'll be with you by 7:00"): never earlier than the earliest
            early = floor is not None and all(r < floor for r in readings) and (
                all(not any(abs(r - v) <= 1e-9 for v in observed) for r in readings)
                or statements.promises_arrival(text, item.start))
            if not ok or early:
                why = "earlier than the observed " + str(at_least) if ok else "stated by no tool, user or policy"
                hits.append((s.index, f"agent stated {item.text!r}: {why}"))
                break
        if p.now is not None and at_least and (not hits or hits[-1][0] != s.index):
            waits = _relative_times(text, p.now)
            if waits:  # "it won't arrive in 10 minutes": a negated wait promises nothing
                negated = Negations(text)
                waits = [w for w in waits if not negated(w.start, value=True) and not statements.counterfactual(text, w.start)]
            for item in waits:  # "in 5 minutes": held to the floor only
                observations_until(s.index)
                if floor is None and p.from_tool and not any(
                        x.action.name == p.from_tool and x.succeeded for x in steps[:s.index]):
                    hits.append((s.index, f"agent stated {item.text!r}: no {p.from_tool} looked up"))
                    break
                if floor is not None and item.value < floor - 1e-9:
                    hits.append((s.index, f"agent stated {item.text!r} (about {clock_text(item.value)}): "
                                          f"earlier than the observed {at_least}"))
                    break
    return violations(hits, "every time stated is supported")


def _same(a: Finding, b: Finding) -> bool:
    return (a.holds, a.step, a.evidence, a.undetermined) == (b.holds, b.step, b.evidence, b.undetermined)


@prop_settings(400)
@given(STEPS, st.sampled_from([None, "", "My order was 20 minutes late, I paid $19.73 at 6:55 pm"]))
def test_the_statement_checks_judge_as_the_step_by_step_reading(plan, first):
    trajectory = _trajectory(plan, first)
    run = Run(trajectory, S0, S0)
    assert _same(_facts(run, FACTS), _old_facts(trajectory, S0, FACTS))
    assert _same(_unsupported_amounts(run, AMOUNTS), _old_amounts(trajectory, AMOUNTS))
    assert _same(_unsupported_times(run, TIMES), _old_times(trajectory, TIMES))
