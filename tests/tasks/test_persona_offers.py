"""The persona customer answers an offer that replaces its request as that customer would
(issue 43): an apology credit offered "instead of cancelling" to a customer who asked to cancel
gets a no that restates the request; an alternative the persona accepts gets a yes; a
confirmation that names the asked action with its values gets a yes even when it mentions what
it replaces.

The offers are generated, not listed: for every food-delivery task (every bucket: cancel,
refund, missing item, late, question, ...) and every tau2 task with a persona, the action the
persona asks for and an action it does not accept are each put in several forms (a verb, an
"-ing" form, a noun), and a seeded generator puts them into frames that say "offered in place
of" in other words and formats ("instead of", "rather than", "we can't ... but", "... isn't
possible; how about ...", "would you settle for", a list, markdown, JSON). The same frame with
the two swapped changes the meaning, and the answer: yes when the persona accepts what is then
offered. Whether a generated phrase names a kind of write is the reward's own reading
(``action_words.names_action``), so an alternative that would also name an accepted write by a
shared word ("credit" is a refund's word too) is not used as a refusable one.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward.reading import action_words
from tau_shaped.reward.reading.replies import classify_reply
from tau_shaped.tasks.domains import load_domain
from tau_shaped.tasks.persona_offers import read_offer
from tau_shaped.tasks.persona_user import NO_REPLIES, PersonaUser, domain_confirmation

NO = ("no", "change")
RNG_SEED = 43


@dataclass(frozen=True)
class Phrases:
    """One action said three ways, and the tool it is."""

    tool: str
    verb: str  # "cancel order FD-10018"
    ing: str  # "cancelling order FD-10018"
    noun: str  # "a cancellation of order FD-10018"


# The forms of each kind of write (action_words.ACTIONS); {o} order, {a} amount, {d} dish, {s} street.
FORMS: Dict[str, Tuple[str, str, str]] = {
    "cancel": ("cancel order {o}", "cancelling order {o}", "a cancellation of order {o}"),
    "money_to_customer": ("refund ${a} to your card", "refunding ${a} to your card", "a refund of ${a} to your card"),
    "apology_credit": ("add a ${a} apology credit to your wallet", "adding a ${a} apology credit to your wallet",
                       "a ${a} apology credit to your wallet"),
    "replacement_order": ("send you a new {d} as a replacement order", "sending a new {d} as a replacement order",
                          "a replacement order of {d}"),
    "dispatch_courier": ("dispatch a new courier for order {o}", "dispatching a new courier for order {o}",
                         "a new courier for order {o}"),
    "route": ("plan the route of your stops", "planning the route of your stops", "a planned route for your stops"),
    "substitution": ("propose {d} as a substitute", "proposing {d} as a substitute", "{d} as a substitute"),
    "escalate": ("escalate your case to our specialist team", "escalating your case to our specialist team",
                 "an escalation of your case to our specialist team"),
    "address_change": ("change the delivery address of order {o} to {s}", "changing the delivery address to {s}",
                       "a change of the delivery address to {s}"),
    "return": ("return the items of order {o}", "returning the items of order {o}", "a return of order {o}"),
    "exchange": ("exchange the items of order {o}", "exchanging the items of order {o}", "an exchange of order {o}"),
    "item_change": ("modify the items of order {o}", "modifying the items of order {o}", "a modification of order {o}"),
    "payment_change": ("switch the payment method of order {o}", "switching the payment method of order {o}",
                       "a payment method switch for order {o}"),
    "book": ("book a new flight", "booking a new flight", "a new booking"),
    "baggage": ("add checked bags to reservation {o}", "adding checked bags to reservation {o}",
                "extra baggage on reservation {o}"),
    "flight_change": ("change the flights of reservation {o}", "changing the flights of reservation {o}",
                      "a flight change on reservation {o}"),
    "passengers": ("update the passenger details of reservation {o}", "updating the passengers of reservation {o}",
                   "a passenger update on reservation {o}"),
    "certificate": ("send you a ${a} travel certificate", "sending a ${a} travel certificate",
                    "a ${a} travel certificate"),
}

QUESTIONS = ("Would you like that?", "Is that OK?", "Shall I go ahead?", "Does that work for you?", "OK?",
             "Should I do that?", "Would that be acceptable?", "Can I go ahead with that?")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _pick(rng: random.Random, options: Tuple[str, ...]) -> str:
    return options[rng.randrange(len(options))]


# Frames: (replaced, offered, rng) -> an agent's message that offers ``offered`` in place of ``replaced``.
Frame = Callable[[Phrases, Phrases, random.Random], str]


def _instead_first(r: Phrases, o: Phrases, rng: random.Random) -> str:
    lead = _pick(rng, ("Instead of", "Rather than", "In place of", "As an alternative to", "In lieu of"))
    what = _pick(rng, (r.ing, r.noun))
    can = _pick(rng, ("I can", "we could", "I'm able to", "I'd be happy to", "what I can do is"))
    return f"{lead} {what}, {can} {o.verb}. {_pick(rng, QUESTIONS)}"


def _instead_after(r: Phrases, o: Phrases, rng: random.Random) -> str:
    can = _pick(rng, ("I can", "We could", "I'm able to", "I could"))
    link = _pick(rng, ("instead of", "rather than", "in place of", "as opposed to"))
    what = _pick(rng, (r.ing, r.noun))
    return f"{can} {o.verb} {link} {what}{_pick(rng, ('.', ' -', ';'))} {_pick(rng, QUESTIONS)}"


def _cannot_but(r: Phrases, o: Phrases, rng: random.Random) -> str:
    sorry = _pick(rng, ("Unfortunately, ", "I'm sorry, ", "", "I checked and "))
    who = _pick(rng, ("we", "I"))
    cannot = _pick(rng, ("can't", "cannot", "won't be able to", "am unable to" if who == "I" else "are unable to",
                         "am not able to" if who == "I" else "are not able to"))
    but = _pick(rng, (", but", "; however,", ". But", ", though"))
    return f"{sorry}{who} {cannot} {r.verb}{but} {who} can {o.verb}. {_pick(rng, QUESTIONS)}"


def _not_possible(r: Phrases, o: Phrases, rng: random.Random) -> str:
    denied = _pick(rng, ("isn't possible", "is not an option", "is off the table", "can't be done",
                         "is no longer possible", "won't be possible", "is impossible now", "won't work",
                         "isn't allowed at this point", "can't be processed", "is not available"))
    what = _pick(rng, (_cap(r.ing), _cap(r.noun)))
    link = _pick(rng, (", but", ";", ".", " -"))
    ask = _pick(rng, ("how about", "what about", "would you settle for", "would you accept", "could I offer you"))
    ask = _cap(ask) if link == "." else ask
    return f"{what} {denied}{link} {ask} {o.noun}{_pick(rng, (' instead', ''))}?"


def _settle(r: Phrases, o: Phrases, rng: random.Random) -> str:
    ask = _pick(rng, ("Would you settle for", "How about", "Would you accept", "What about", "Would you take"))
    link = _pick(rng, ("instead of", "rather than", "in place of"))
    return f"{ask} {o.noun} {link} {_pick(rng, (r.noun, r.ing))}?"


def _best_i_can(r: Phrases, o: Phrases, rng: random.Random) -> str:
    denied = _pick(rng, ("is not something we can do", "isn't something I can do", "is not available"))
    best = _pick(rng, ("The best I can do is", "What I can do is", "The most I can offer is", "All I can do is"))
    return f"{_cap(r.noun)} {denied}. {best} {o.noun}{_pick(rng, (' instead', ''))}. {_pick(rng, QUESTIONS)}"


def _echo(r: Phrases, o: Phrases, rng: random.Random) -> str:
    denied = _pick(rng, ("Not possible, sorry.", "Unfortunately that is not possible.", "I'm afraid that's not an option.",
                         "Sorry, that can't be done."))
    return f"{_cap(r.verb)}? {denied} {_cap(o.noun)} instead?"


def _markdown(r: Phrases, o: Phrases, rng: random.Random) -> str:
    lead = _pick(rng, ("Instead of", "Rather than"))
    return f"**{lead} {r.ing}**, I can {o.verb}.\n\n{_pick(rng, QUESTIONS)}"


def _bullets(r: Phrases, o: Phrases, rng: random.Random) -> str:
    return (f"Here is where we are:\n- {_cap(r.noun)}: {_pick(rng, ('not possible', 'not available', 'unavailable'))}\n"
            f"- {_cap(o.noun)}: available\n{_pick(rng, ('Shall I go ahead with that?', 'Would you like that?', 'OK?'))}")


def _json(r: Phrases, o: Phrases, rng: random.Random) -> str:
    return (f'My suggestion: {{"offer": "{o.noun}", "instead_of": "{r.noun}"}}. '
            f"{_pick(rng, ('Do you confirm?', 'OK to proceed?', 'Shall I?'))}")


FRAMES: Tuple[Frame, ...] = (_instead_first, _instead_after, _cannot_but, _not_possible, _settle, _best_i_can,
                             _echo, _markdown, _bullets, _json)


# -- what a persona asks for, and what it does not accept ---------------------------------------------------------


def _kind(tool: str, confirmation: Any) -> Optional[str]:
    verbs = confirmation.verbs.get(tool) if confirmation is not None else None
    return verbs if isinstance(verbs, str) and verbs in FORMS else None


def _words(tool: str, confirmation: Any) -> Tuple[str, ...]:
    return action_words.action_words(confirmation.verbs[tool])


def _order_of(task: Any) -> str:
    for action in task.actions:
        for key in ("order_id", "reservation_id"):
            if isinstance(action.kwargs.get(key), str):
                return action.kwargs[key]
    found = re.search(r"(?:FD-\d+|#W\d+)", task.persona.request)
    return found.group(0) if found else "FD-10000"


def _amount_of(action: Any, task: Any) -> str:
    low = getattr(action.args.get("amount"), "ge", None) if "amount" in action.args else None
    if isinstance(low, (int, float)):
        return f"{round(low + 0.005, 2):.2f}"
    calls = [a.kwargs.get("amount") for a in task.actions if a.name == action.tool]
    return f"{calls[0]:.2f}" if calls and isinstance(calls[0], (int, float)) else "20.00"


def _said(action: Any) -> List[str]:
    return [m.contains for m in action.said if isinstance(getattr(m, "contains", None), str)]


def _phrases(tool: str, kind: str, order: str, amount: str, said: List[str], with_amount: bool = False) -> Phrases:
    dish = next((s for s in said if s != "confirm" and not re.search(r"\d", s)), "Vegetable Curry")
    street = next((s for s in said if re.search(r"\d", s)), "1 Main St")
    values = {"o": order, "a": amount, "d": dish, "s": street}
    forms = FORMS[kind]
    if with_amount and "{a}" not in forms[0]:  # a cancellation the persona accepts with its refund
        forms = tuple(f + " with a refund of ${a}" for f in forms)
    verb, ing, noun = (form.format(**values) for form in forms)
    return Phrases(tool, verb, ing, noun)


def _asked(task: Any, confirmation: Any, less: bool = False) -> Optional[Phrases]:
    """The action the persona asks for (its first accepted one this file can say), with the
    values it accepts (``less``: with a third of the amount it accepts, when it accepts only
    from an amount on); None when it accepts none (a question) or only values said in ids."""
    for action in task.persona.accept:
        kind = _kind(action.tool, confirmation)
        if kind is None or set(action.args) - {"amount"}:
            continue
        said = _said(action)
        if action.said and not said:
            continue
        amount = _amount_of(action, task)
        if less:
            if "amount" not in action.args:
                return None
            amount = f"{float(amount) / 3:.2f}"
        return _phrases(action.tool, kind, _order_of(task), amount, said, "amount" in action.args)
    return None


def _alternatives(task: Any, confirmation: Any) -> List[Phrases]:
    """Actions of the domain the persona does not accept, said so that no word of them names
    a kind of write it accepts (by the reward's reading)."""
    accepted = {a.tool for a in task.persona.accept}
    out = []
    for tool in confirmation.tools:
        kind = _kind(tool, confirmation)
        if kind is None or tool in accepted or kind in {_kind(t, confirmation) for t in accepted}:
            continue
        alt = _phrases(tool, kind, _order_of(task), "5.00", [])
        said = " ".join((alt.verb, alt.ing, alt.noun))
        if any(action_words.names_action(said, _words(t, confirmation)) for t in accepted if t in confirmation.verbs):
            continue
        out.append(alt)
    return out


def _answer(user: PersonaUser, message: str) -> str:
    user.reset()
    return user.step(message)


def _check_task(task: Any, env: Any, rng: random.Random, per_task: int) -> Dict[str, int]:
    """The generated offers of one task: every replacing one gets a no that restates what the
    persona wants; the same frame with the roles swapped gets a yes when it offers the asked
    action. Returns how many of each were tried."""
    confirmation = domain_confirmation(env)
    user = PersonaUser.for_task(task, env=env)
    wants = task.persona.instead or task.persona.request
    asked = _asked(task, confirmation)
    alternatives = _alternatives(task, confirmation)
    assert alternatives, task.id
    if asked is None:  # a persona that accepts no write (a question): what it asked, said as words
        asked = Phrases("", "look into your request", "looking into your request", "an answer to your request")
    else:  # the generator says the asked action so that the persona accepts it, plainly asked
        plain = f"I can {asked.verb}. {_pick(rng, QUESTIONS)}"
        assert classify_reply(_answer(user, plain)) == "yes", (task.id, plain)
    less = _asked(task, confirmation, less=True)
    if less is not None:  # the asked action with less money is an alternative too
        alternatives.append(less)
    tried = {"no": 0, "yes": 0}
    for _ in range(per_task):
        frame = FRAMES[rng.randrange(len(FRAMES))]
        alt = alternatives[rng.randrange(len(alternatives))]
        message = frame(asked, alt, rng)
        reply = _answer(user, message)
        assert classify_reply(reply, question=message) in NO and wants in reply, (task.id, message, reply)
        tried["no"] += 1
        if asked.tool:
            swapped = frame(alt, asked, rng)
            reply = _answer(user, swapped)
            assert classify_reply(reply) == "yes", (task.id, swapped, reply)
            tried["yes"] += 1
    return tried


# -- food delivery: every bucket ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def env():
    return load_domain("food_delivery").make_env(task_split="test")


def _bucket(task_id: str) -> str:
    return re.sub(r"-(?:s\d+-)?\d+$", "", task_id)


@pytest.mark.parametrize("split,stride,per_task", [("test", 1, 8), ("train", 4, 2)])
def test_every_bucket_says_no_to_an_offer_in_place_of_its_request_and_yes_to_the_swap(env, split, stride, per_task):
    """Every test task, and every 4th train task (both files: every bucket, every variant)."""
    the_env = env if split == "test" else load_domain("food_delivery").make_env(task_split="train")
    confirmation = domain_confirmation(the_env)
    rng = random.Random(RNG_SEED)
    buckets: Dict[str, Dict[str, int]] = {}
    for task in list(the_env.tasks)[::stride]:
        tried = _check_task(task, the_env, rng, per_task=per_task)
        seen = buckets.setdefault(_bucket(task.id), {"no": 0, "yes": 0, "asks": 0})
        seen["asks"] += _asked(task, confirmation) is not None
        for key, n in tried.items():
            seen[key] += n
    assert len(buckets) == 19 and all(b["no"] >= 16 for b in buckets.values()), buckets
    # a bucket whose personas accept a write said yes to its own action offered in place of another
    assert all(b["yes"] >= 8 for b in buckets.values() if b["asks"]), buckets
    assert sum(1 for b in buckets.values() if b["asks"]) >= 17, buckets


def _task(env, task_id):
    return next(t for t in env.tasks if t.id == task_id)


@pytest.mark.parametrize("name", ["food_delivery", "tau2:retail", "tau2:airline"])
def test_a_no_that_restates_the_request_is_read_as_a_no_by_the_reward(name):
    if name.startswith("tau2"):
        pytest.importorskip("tau2", reason="the tau2 extra is not installed")
    domain = load_domain(name)
    requests = {t.persona.request for split in ("test", "train") for t in domain.tasks(split) if t.persona}
    assert requests
    for request in requests:
        for no in NO_REPLIES:
            assert classify_reply(f"{no} {request}") in NO, (no, request)


def test_the_issue_example_and_its_restatement(env):
    task = _task(env, "fd-cancel-3")  # asked to cancel; accepts only the cancellation
    user = PersonaUser.for_task(task, env=env)
    for message in ("Instead of cancelling, I can give you a $5.00 apology credit. Would you like that?",
                    "We can't cancel order FD-10018 but we can give you a $5 credit. OK?",
                    "Cancelling isn't possible at this stage; would a $5.00 credit to your wallet work?",
                    "How about a $5 apology credit instead?"):
        reply = _answer(user, message)
        assert classify_reply(reply, question=message) in NO and task.persona.request in reply, (message, reply)
    for message in ("Shall I cancel order FD-10018 instead of waiting for it?",  # the asked action, named
                    "Rather than a credit, I can cancel order FD-10018 and refund $5.27 to your card. Shall I?",
                    "I can't offer a credit, but I can cancel order FD-10018. OK?"):
        assert classify_reply(_answer(user, message)) == "yes", message


def test_an_alternative_the_persona_accepts_gets_a_yes_and_values_set_aside_are_not_stated(env):
    task = _task(env, "fd-missing-3")  # $16.90 for missing BBQ Ribs: a refund of it, or a replacement
    user = PersonaUser.for_task(task, env=env)
    yes = ("Instead of a refund, I can send you a new BBQ Ribs as a replacement order. Shall I?",
           "Rather than a wallet credit, I can refund $16.90 to your card. Is that OK?",
           "I can refund $16.90 to your card in place of a replacement. OK?")
    no = ("Instead of refunding $16.90, I can refund $5.00 to your card. Is that OK?",
          "Would you settle for a $5.00 apology credit rather than a refund of $16.90?",
          "I can't send a new BBQ Ribs, but I can send you a new Coleslaw as a replacement order. Shall I?",
          "Instead of a new BBQ Ribs, would you like a replacement order of the Coleslaw?")
    for message in yes:
        assert classify_reply(_answer(user, message)) == "yes", message
    for message in no:
        reply = _answer(user, message)
        assert classify_reply(reply, question=message) in NO and task.persona.instead in reply, (message, reply)


def test_a_substitution_offered_instead_is_still_a_substitution(env):
    task = _task(env, "fd-allergen-3")  # swap the Shrimp Tempura: Vegetable Udon or Salmon Roll
    user = PersonaUser.for_task(task, env=env)
    assert classify_reply(_answer(user, "Would you like the Vegetable Udon instead?")) == "yes"
    assert classify_reply(_answer(user, "Instead of your Shrimp Tempura, shall I propose the Salmon Roll?")) == "yes"
    reply = _answer(user, "Instead of the Vegetable Udon, shall I propose the Miso Soup?")
    assert classify_reply(reply) in NO
    no_safe = PersonaUser.for_task(_task(env, "fd-no-safe-sub-3"), env=env)  # asked a swap, not a cancellation
    reply = _answer(no_safe, "I can cancel order FD-10786 instead. Would you like that?")
    assert classify_reply(reply) in NO and "keep my order" in reply


def test_a_confirmation_of_the_asked_action_is_a_yes_whatever_else_it_denies(env):
    """Negations and alternatives around the asked action, which a careful reader still reads
    as asking leave for it."""
    user = PersonaUser.for_task(_task(env, "fd-cancel-3"), env=env)
    heads = ("", "No need to wait: ", "Nothing else is needed - ", "Don't worry, ", "If you don't want to wait ",
             "I can't offer a credit, but ", "Rather than a credit, ", "Instead of waiting, ")
    bodies = ("I can cancel order FD-10018", "shall I cancel order FD-10018", "I'll cancel the order for you")
    tails = ("? You won't be charged anything.", ". Shall I? It can't be undone.", " - not a problem. OK?",
             " rather than have it delivered late?", ". Would you like that or not?", "; it doesn't cost you anything. OK?")
    rng = random.Random(RNG_SEED)
    for _ in range(40):
        message = _pick(rng, heads) + _pick(rng, bodies) + _pick(rng, tails)
        message = _cap(message)
        assert classify_reply(_answer(user, message)) == "yes", message


def test_a_plain_confirmation_is_read_as_before():
    for text in ("Shall I cancel the order so you won't be charged?", "Do you confirm (yes) that I cancel it?",
                 "Here is what I will do: cancel pending order (order id: #W1; reason: no longer needed). OK?",
                 "Would you like me to cancel it or not?", "No problem, I can cancel order FD-1. Shall I?",
                 "Wouldn't you prefer that I cancel it?"):
        offer = read_offer(text)
        assert "cancel" in offer.view and "cancel" not in offer.set_aside, (text, offer)
    offer = read_offer("I can cancel it at no cost; shall I?")
    assert "cancel it" in offer.view and "cost" not in offer.view


def test_a_value_the_persona_waits_for_is_never_a_denial():
    """A cancellation's reason "no longer needed", stated in prose, is the value the persona
    accepts (tau2's retail personas), not a denial; a negative question is no denial either."""
    text = "I can cancel order #W1 because it is no longer needed. Do you confirm?"
    assert "no longer needed" not in read_offer(text).view  # read alone, it denies
    assert "no longer needed" in read_offer(text, ("no longer needed",)).view
    assert "Udon make a good substitute" in read_offer("Wouldn't the Udon make a good substitute?").view
    assert "make a good substitute" not in read_offer("Can't do the Udon, sorry. Miso Soup instead?").view.replace(
        "Miso Soup instead", "")


def test_tau2_retail_a_reason_in_prose_is_read_as_the_reason():
    pytest.importorskip("tau2", reason="the tau2 extra is not installed")
    domain = load_domain("tau2:retail")
    tasks = [t for t in domain.tasks("test") if any("reason" in a.args for a in t.persona.accept)]
    assert tasks
    env = domain.make_env(tasks=tasks, task_index=0)
    rng = random.Random(RNG_SEED)
    for task in tasks:
        user = PersonaUser.for_task(task, env=env)
        action = next(a for a in task.persona.accept if "reason" in a.args)
        order, reason = action.args["order_id"].value, action.args["reason"].value
        said = _pick(rng, (f"I can cancel order {order} because it is {reason}. Do you confirm?",
                           f"Would you like me to cancel {order} with the reason {reason}?",
                           f"Cancelling {order} as {reason} - shall I proceed?"))
        assert classify_reply(_answer(user, said)) == "yes", (task.id, said)
        replaced = f"Instead of cancelling {order} as {reason}, I can exchange the items of order {order}. OK?"
        assert classify_reply(_answer(user, replaced)) in NO, (task.id, replaced)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(list("ab .,;?!-:'\n") + ["not ", "instead of ", "isn't possible", "no ", "cancel ",
                                                           "I ", "we ", "but ", "? ", "no longer needed"]),
                max_size=60).map("".join),
       st.lists(st.sampled_from(["no longer needed", "a", "cancel", ""]), max_size=3))
def test_any_text_reads_as_an_offer_of_its_own_characters_or_blanks(text, values):
    offer = read_offer(text, tuple(values))
    assert len(offer.view) == len(text)
    assert all(v == c or (v == " " and c != "\n") for v, c in zip(offer.view, text))
    assert read_offer(text, tuple(values)) == offer


def test_reading_an_offer_is_linear():
    import time
    # this process's CPU time: a bound on the reading's work, not on how long a loaded machine kept it waiting
    start = time.process_time()
    for text in ("instead of " * 40_000, "not " * 40_000, "isn't possible, " * 20_000, "a " * 100_000 + "isn't"):
        read_offer(text)
    assert time.process_time() - start < 10.0


# -- tau2's domains ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["tau2:retail", "tau2:airline"])
def test_tau2_personas_say_no_to_an_offer_in_place_of_their_request(name):
    """tau2's personas accept their ground truth's writes with its ids (order, payment method):
    another kind of write offered in place of theirs gets a no restating the request, and their
    own ground truth's confirmation said as offered in place of another kind gets a yes."""
    pytest.importorskip("tau2", reason="the tau2 extra is not installed")
    domain = load_domain(name)
    tasks = [t for t in domain.tasks("test") if t.persona is not None and t.persona.accept]
    env = domain.make_env(tasks=tasks, task_index=0)
    rng = random.Random(RNG_SEED)
    confirmation = domain_confirmation(env)
    tried = {"no": 0, "yes": 0}
    for task in tasks:
        alternatives = _alternatives(task, confirmation)
        own = task.persona.accept[0].tool
        kind = _kind(own, confirmation)
        if not alternatives or kind is None:
            continue
        user = PersonaUser.for_task(task, env=env)
        wants = task.persona.instead or task.persona.request
        asked = _phrases(own, kind, _order_of(task), "50.00", [])
        for _ in range(3):
            alt = alternatives[rng.randrange(len(alternatives))]
            message = FRAMES[rng.randrange(len(FRAMES))](asked, alt, rng)
            reply = _answer(user, message)
            assert classify_reply(reply, question=message) in NO and wants in reply, (task.id, message, reply)
            tried["no"] += 1
        confirms = [a.kwargs["content"] for a, after in zip(task.actions, task.actions[1:])
                    if a.name == "respond" and after.name == own]
        if confirms:
            alt = alternatives[rng.randrange(len(alternatives))]
            lead = _pick(rng, ("Rather than", "Instead of", "As an alternative to"))
            message = f"{lead} {_pick(rng, (alt.ing, alt.noun))}, {confirms[0][:1].lower()}{confirms[0][1:]}"
            assert classify_reply(_answer(user, message)) == "yes", (task.id, message)
            tried["yes"] += 1
    assert tried["no"] >= 30 and tried["yes"] >= 10, tried
