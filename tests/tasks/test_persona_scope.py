"""The persona customer says no to a confirmation wider than its request (issue 44): a customer
who asked about one order refuses "every order on your account", "all of your orders", "your 3
orders", "the other orders too" or another order's id beside its own, in any wording or format,
and restates its request; a confirmation that names exactly its own order stays a yes.

The confirmations are generated: for every food-delivery task (every bucket) the action the
persona asks for is said as in ``test_persona_offers`` (which it accepts, asserted), then widened
by a seeded choice of scopes and formats (prose, markdown, bullets, upper case); the same
generator with the scope narrowed to the persona's own order gets a yes.
"""

from __future__ import annotations

import random
import re
import time
from typing import Dict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward.reading.replies import classify_reply
from tau_shaped.tasks.domains import load_domain
from tau_shaped.tasks.persona_scope import OwnScope, own_scope, wider
from tau_shaped.tasks.persona_user import PersonaUser, domain_confirmation
from tests.tasks.test_persona_offers import NO, QUESTIONS, _asked, _bucket, _cap, _order_of, _pick, _kind

RNG_SEED = 44

# Wider scopes: {o} the persona's order; each names more than that one order.
WIDE = ("every order on your account", "all of your orders", "each of your orders", "ALL your orders",
        "every single order you have", "your 3 orders", "order {o} and all your other orders too",
        "orders {o} and {x}", "order {o} and the rest of your pending orders", "both of your orders",
        "all orders on the account", "order {o} as well as your other orders", "{o}, {x} and {y}")
# For a persona that names two orders itself (a courier's stops): "all" may be its own.
WIDE_OF_MANY = ("orders {o} and {x}", "{o}, {x} and {y}", "your 5 orders", "every one of your 7 orders")
# The persona's own order, with a detail of that same order.
OWN = ("order {o}", "order {o} only", "your order {o}", "order {o} (the one you asked about)", "just order {o}")


def _other_ids(order: str) -> Dict[str, str]:
    m = re.fullmatch(r"(\D*)(\d+)", order)
    if not m:
        return {"x": "FD-19998", "y": "FD-19999"}
    n, width = int(m.group(2)), len(m.group(2))
    return {"x": f"{m.group(1)}{n + 7:0{width}d}", "y": f"{m.group(1)}{n + 11:0{width}d}"}


def _widened(verb: str, order: str, scope: str, rng: random.Random) -> str:
    """``verb`` (the persona's action on ``order``) said of ``scope`` instead, in one of a few formats."""
    ids = {"o": order, **_other_ids(order)}
    scope = scope.format(**ids)
    link = "in" if verb.endswith("substitute") else "for"  # "a substitute for X" names what it replaces
    said = verb.replace(f"order {order}", scope) if f"order {order}" in verb else f"{verb} {link} {scope}"
    fmt = rng.randrange(4)
    if fmt == 0:
        return f"I can {said}. {_pick(rng, QUESTIONS)}"
    if fmt == 1:
        return f"**Plan:** I will {said}.\n\n{_pick(rng, QUESTIONS)}"
    if fmt == 2:
        return f"Here is what I'll do:\n- {_cap(said)}\n{_pick(rng, QUESTIONS)}"
    return f"Shall I {said}?"


def _answer(user: PersonaUser, message: str) -> str:
    user.reset()
    return user.step(message)


@pytest.fixture(scope="module")
def env():
    return load_domain("food_delivery").make_env(task_split="test")


def test_the_issue_examples(env):
    task = next(t for t in env.tasks if t.id == "fd-cancel-3")
    user = PersonaUser.for_task(task, env=env)
    for message in ("I can cancel every order on your account. Shall I go ahead?", "Shall I cancel all of your orders?",
                    "I'll cancel order FD-10018 and all your other orders too. OK?", "Shall I cancel your account?",
                    "Shall I cancel order FD-10018 and FD-10019?", "Plan:\n- Cancel: FD-10018\n- Cancel: FD-10020\nOK?",
                    "Shall I cancel every single one of your orders?", "Shall I cancel all 3 of your orders?",
                    "Shall I cancel FD-10018 but also your other orders?", "I'll cancel order FD-10018 and every other order too. OK?",
                    "Should I go ahead and cancel:\n* FD-10018\n* FD-10022\n* FD-10031"):
        reply = _answer(user, message)
        assert classify_reply(reply, question=message) in NO and task.persona.request in reply, (message, reply)
    for message in ("Shall I cancel order FD-10018?", "I'll cancel FD-10018; your other orders stay as they are. OK?",
                    "Instead of cancelling all your orders, shall I cancel just FD-10018?",
                    "Shall I cancel order FD-10018 (placed on your account)? Your other orders won't be affected.",
                    "I can cancel order FD-10018 and refund $5.27 to your card. OK?",
                    "I'll cancel FD-10018 and your other orders won't be affected. OK?",
                    "I checked all your orders and FD-10018 is the only pending one; shall I cancel it?",
                    "I found your orders; shall I cancel FD-10018?", "Shall I cancel each order item of FD-10018?",
                    "Shall I cancel FD-10018, leaving your other orders as they are?"):
        assert classify_reply(_answer(user, message)) == "yes", message


@pytest.mark.parametrize("split,stride", [("test", 1), ("train", 5)])
def test_every_bucket_says_no_to_a_wider_scope_and_yes_to_its_own_order(env, split, stride):
    the_env = env if split == "test" else load_domain("food_delivery").make_env(task_split="train")
    confirmation = domain_confirmation(the_env)
    rng = random.Random(RNG_SEED)
    buckets: Dict[str, Dict[str, int]] = {}
    for task in list(the_env.tasks)[::stride]:
        asked = _asked(task, confirmation)
        if asked is None:
            continue
        user = PersonaUser.for_task(task, env=the_env)
        order = _order_of(task)
        plain = f"I can {asked.verb}. {_pick(rng, QUESTIONS)}"
        assert classify_reply(_answer(user, plain)) == "yes", (task.id, plain)
        seen = buckets.setdefault(_bucket(task.id), {"no": 0, "yes": 0})
        for _ in range(4):
            scopes = WIDE if own_scope(task.persona).containers < 2 else WIDE_OF_MANY
            message = _widened(asked.verb, order, _pick(rng, scopes), rng)
            reply = _answer(user, message)
            assert classify_reply(reply, question=message) in NO and task.persona.request in reply, \
                (task.id, message, reply)
            seen["no"] += 1
            if f"order {order}" in asked.verb:  # the same frame naming exactly its own order
                own = _widened(asked.verb, order, _pick(rng, OWN), rng)
                assert classify_reply(_answer(user, own)) == "yes", (task.id, own)
                seen["yes"] += 1
    assert len(buckets) >= 16 and all(b["no"] >= 4 for b in buckets.values()), buckets
    assert sum(b["yes"] for b in buckets.values()) >= 20, buckets


@pytest.mark.parametrize("name,containers", [("tau2:retail", "orders"), ("tau2:airline", "reservations")])
def test_tau2_personas_say_no_to_their_confirmation_widened(name, containers):
    """A tau2 persona's own ground-truth confirmation gets a yes; the same confirmation with a
    line that extends it to more orders (reservations) than the persona names gets a no."""
    pytest.importorskip("tau2", reason="the tau2 extra is not installed")
    domain = load_domain(name)
    tasks = [t for t in domain.tasks("test") if t.persona is not None and t.persona.accept]
    env = domain.make_env(tasks=tasks, task_index=0)
    confirmation = domain_confirmation(env)
    rng = random.Random(RNG_SEED)
    tried = 0
    for task in tasks:
        own = task.persona.accept[0].tool
        kind = _kind(own, confirmation)
        confirms = [a.kwargs["content"] for a, after in zip(task.actions, task.actions[1:])
                    if a.name == "respond" and after.name == own]
        if kind is None or not confirms:
            continue
        user = PersonaUser.for_task(task, env=env)
        if classify_reply(_answer(user, confirms[0])) != "yes":
            continue
        scope = _pick(rng, (f"the same for your 9 other {containers}", f"ALL your 12 {containers} too",
                            f"and every one of your 9 {containers}"))
        message = f"{confirms[0]}\n- Also: {scope}"
        reply = _answer(user, message)
        assert classify_reply(reply, question=message) in NO and task.persona.request in reply, (task.id, message, reply)
        tried += 1
    assert tried >= 5, tried


def test_own_scope_reads_the_persona_ids(env):
    task = next(t for t in env.tasks if t.id == "fd-route-3")  # a courier with two orders
    own = own_scope(task.persona)
    assert {"FD-10459", "FD-10748"} <= own.ids and own.containers == 2
    names = lambda s: "plan" in s.lower()  # noqa: E731
    assert wider("Shall I plan the route for both orders FD-10459 and FD-10748?", own, names) is None
    assert wider("Shall I plan the route for FD-10459, FD-10748 and FD-10111?", own, names) == "FD-10111"


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(list("ab .,:;?!-*\n") + ["all ", "every ", "your ", "orders ", "order ", "FD-1 ",
                                                         "FD-2 ", "M05KNL ", "3 ", "both ", "stay ", "account ", "close "]),
                max_size=50).map("".join), st.text(max_size=40))
def test_any_text_reads_without_error_and_a_phrase_of_its_own(text, said):
    own = OwnScope(frozenset({"FD-1"}), frozenset({("prefix", "FD-")}), 1)
    found = wider(text, own, lambda s: "order" in s, said)
    assert found is None or found in text
    assert wider(text, own, lambda s: "order" in s, said) == found


def test_reading_a_scope_is_linear():
    own = OwnScope(frozenset({"FD-1"}), frozenset({("prefix", "FD-")}), 1)
    # this process's CPU time: a bound on the reading's work, not on how long a loaded machine kept it waiting
    start = time.process_time()
    # each ~100k characters, 25 times what a message is read to: quadratic would take minutes
    for text in ("all of the " * 9_000, "FD-2 " * 20_000, "your orders stay " * 6_000, "- a: FD-1\n" * 10_000):
        wider(text, own, lambda s: False)
    # linear: well under a second on an idle core; the bound leaves room for a loaded two-core CI
    # machine running two jobs and still catches a quadratic read by far
    assert time.process_time() - start < 30.0
