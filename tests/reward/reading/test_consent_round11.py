"""Round 11 (issue 41), consent read in spoken and terse styles (SPEC §10).

- A consent question spoken without its mark: the agent's text is read with its questions marked
  (``normalize_questions.agent_seen``), so a message whose last clause opens as a question
  ("..., should I", "want me to do that", "does that work for you", "sound good") asks, whatever
  fillers lead it in; a statement closing with a clause that does not ask ("..., I'll do it now",
  a bare "ok") asks nothing.
- Replies: a typed dash ("--") cuts a clause like a dash; a yes with a question after it keeps its
  yes ("yes -- how long will it take?"); an answer taken back is read from what follows ("no wait
  -- yes, do it" is a yes, "yes -- no, wait, hold on" a no); the pace asked for changes nothing
  ("sure, but make it quick"); resigned acceptance ("I suppose there's no other option") and "nah
  yeah" are a yes; "yes?" asked back is unclear.
- A count of an item other than the call's ("two replacement Samosas" when it sends one) states
  another call; an item said only as the start of a longer name ("Chana Masala Curry") is another
  item.

Every case is built from parts (openers x fillers x closers; decisions x markers x separators),
labelled by construction, with controls of the other meaning built from the same parts.
"""

from __future__ import annotations

import itertools

import pytest

from tau_shaped import load_domain
from tau_shaped.reward.reading.call_values import contradicted
from tau_shaped.reward.reading.consent_questions import asks_consent
from tau_shaped.reward.reading.item_counts import another_count
from tau_shaped.reward.reading.normalize_questions import agent_seen
from tau_shaped.reward.reading.replies import classify_reply
from tau_shaped.reward.reading.s0_ids import s0_ids

# ---- a question without its mark ------------------------------------------------------------

_ACTIONS = [
    "I can refund $16.90 to your card for FD-10045",
    "so what I can do is uh refund sixteen ninety to your card",
    "your courier went offline, I can get a new courier out to you right now",
    "I'll send FD-10089 to your work address instead, the one on Burnside",
]
_ASKS = ["should I", "shall I", "want me to do that", "do you want me to go ahead", "does that work for you",
         "would that be ok", "sound good", "sounds good", "is that alright", "ok with you", "can I go ahead"]
_FILLERS = ["", "um ", "so ", "uh, "]
_SEPARATORS = [", ", " -- ", " - ", ". "]
_STATEMENTS = ["I'll do it now", "thanks for waiting", "you'll see it in 3-5 business days", "ok", "right",
               "that's the policy", "it's already on its way"]


@pytest.mark.parametrize("action,ask,filler,sep", list(itertools.product(_ACTIONS, _ASKS, _FILLERS, _SEPARATORS))[::3])
def test_a_last_clause_that_asks_asks_without_its_mark(action, ask, filler, sep):
    text = f"{action}{sep}{filler}{ask}"
    assert asks_consent(agent_seen(text)), text  # the agent's text is read with its questions marked
    assert asks_consent(agent_seen(text + "?")), text  # the mark changes nothing


@pytest.mark.parametrize("action,closer,sep", list(itertools.product(_ACTIONS, _STATEMENTS, _SEPARATORS)))
def test_a_last_clause_that_tells_asks_nothing(action, closer, sep):
    text = f"{action}{sep}{closer}"
    assert not asks_consent(agent_seen(text)), text


@pytest.mark.parametrize("ask", _ASKS)
def test_a_question_about_something_else_without_its_mark_asks_nothing(ask):
    # the last clause asks for information, not to act
    for text in ("I refunded $16.90 to your card, would you like to know how long it takes",
                 "Your refund of $16.90 went through, do you have any questions"):
        assert not asks_consent(agent_seen(text)), text


# ---- replies ----------------------------------------------------------------------------------

_QUESTIONS = [
    "I can refund $16.90 to your card for FD-10045. OK?",
    "Your courier on FD-10052 went offline. Shall I dispatch a new one?",
    "If I cancel FD-10018 you'd get $5.27 back on your card. Cancel it?",
]
_YES = ["yes", "yeah", "yep", "sure", "ok", "go ahead", "yes, do it", "yes please"]
_NO = ["no", "nope", "nah", "don't", "no, leave it", "hold off"]
_MARKERS = ["wait", "no wait", "oh wait", "actually", "on second thought", "scratch that"]
_SEPS = [" -- ", ", ", "... ", " \u2014 ", ". "]


def _taken_back(first, marker, sep, last):
    return f"{first}{sep}{marker}{',' if marker != 'actually' else ''} {last}"


@pytest.mark.parametrize("question", _QUESTIONS)
@pytest.mark.parametrize("marker", _MARKERS)
def test_an_answer_taken_back_is_read_from_what_follows(question, marker):
    for (first, last), sep in itertools.product(itertools.product(_NO[:4], _YES[:5]), _SEPS[:3]):
        reply = _taken_back(first, marker, sep, last)
        if marker == "actually" and last in ("ok",):
            continue  # "actually, ok" is not one of the forms "actually" takes back with
        assert classify_reply(reply, question=question) == "yes", reply
    for (first, last), sep in itertools.product(itertools.product(_YES[:5], _NO[:4]), _SEPS[:3]):
        reply = _taken_back(first, marker, sep, last)
        assert classify_reply(reply, question=question) == "no", reply


@pytest.mark.parametrize("reply", [
    "Please do, not thrilled about the wait; cheers.", "yes, sorry about the wait", "ok. the wait was long though",
    "Yes, I can wait", "yes go ahead, I'll wait",
])
def test_the_word_wait_that_takes_nothing_back_changes_nothing(reply):
    assert classify_reply(reply, question=_QUESTIONS[0]) == "yes"


@pytest.mark.parametrize("question", _QUESTIONS)
@pytest.mark.parametrize("sep", [" -- ", "--", " \u2014 ", " - ", ". "])
@pytest.mark.parametrize("asked", ["how long will it take?", "when will I see it?", "will I get an email?"])
def test_a_yes_keeps_its_yes_with_a_question_after_it(question, sep, asked):
    for yes in ("yes", "sure", "ok", "yep"):
        assert classify_reply(f"{yes}{sep}{asked}", question=question) == "yes"
    # the question alone answers nothing
    assert classify_reply(asked, question=question) == "no"


@pytest.mark.parametrize("pace", ["make it quick", "make it fast", "make it snappy", "just be quick", "just hurry"])
def test_the_pace_asked_for_changes_nothing(pace):
    for yes in ("sure thing", "ok", "yes"):
        assert classify_reply(f"{yes} but {pace}", question=_QUESTIONS[0]) == "yes"
    # the same "but make it" naming another method is a change
    assert classify_reply("ok but make it wallet credit", question=_QUESTIONS[0]) == "change"


@pytest.mark.parametrize("lead", ["", "I suppose ", "I guess ", "well, "])
@pytest.mark.parametrize("body", ["there's no other option", "there is no other choice", "I have no choice",
                                  "there's no alternative"])
def test_resigned_acceptance_is_a_yes(lead, body):
    assert classify_reply(f"{lead}{body}", question=_QUESTIONS[0]) == "yes"
    # asked back, or refused outright, it is no yes
    assert classify_reply(f"{body}?", question=_QUESTIONS[0]) != "yes"
    assert classify_reply(f"no, {body} I'd accept", question=_QUESTIONS[0]) == "no"


def test_nah_yeah_is_a_yes_and_yeah_nah_a_no():
    for q in _QUESTIONS:
        assert classify_reply("nah yeah go for it", question=q) == "yes"
        assert classify_reply("nah yeah", question=q) == "yes"
        assert classify_reply("yeah nah", question=q) == "no"


@pytest.mark.parametrize("reply", ["yes?", "Yes??", "ok?", "sure?", "right?"])
def test_a_yes_asked_back_is_unclear(reply):
    assert classify_reply(reply, question=_QUESTIONS[0]) == "unclear"


# ---- counts and longer names ---------------------------------------------------------------

_NAMES = {"M-1": "Chana Masala", "M-2": "Samosa"}


def _name_of(item):
    return _NAMES.get(item)


_COUNT_FORMS = ["{n} {name}s", "{n} replacement {name}s", "{n}x {name}", "{n} x {name}", "{name} x{n}", "{name} (x{n})",
                "{w} {name}s", "{w} fresh, free {name}s", "{w} new {name}s"]
_WORDS = {1: "one", 2: "two", 3: "three"}


@pytest.mark.parametrize("form", _COUNT_FORMS)
@pytest.mark.parametrize("said,sent", [(2, 1), (1, 2), (3, 2), (2, 2), (1, 1)])
def test_a_count_other_than_the_calls_is_another_call(form, said, sent):
    name = "Samosa"
    phrase = form.format(n=said, w=_WORDS[said], name=name)
    if said == 1:
        phrase = phrase.replace("Samosas", "Samosa")
    text = f"I can send {phrase} for order FD-10095. OK?"
    found = another_count(text, ["M-2"] * sent, _name_of)
    assert (found is not None) == (said != sent), (text, found)


@pytest.mark.parametrize("text", [
    "Your order had 2 Samosas, one was missing. I can send a replacement Samosa. OK?",
    "You ordered two Samosas; I'll send one new Samosa.",
    "I'll send a fresh Samosa.",
    "I'll send the Samosa again.",
    "I'll send some Samosas.",
])
def test_a_count_of_what_the_order_held_or_no_count_is_none_other(text):
    assert another_count(text, ["M-2"], _name_of) is None


FD = load_domain("food_delivery")
S0 = FD.make_env(tasks=FD.tasks("test")[:1], task_index=0).initial_state(0)
INDEX = s0_ids(S0)


def _dish():
    restaurant = next(r for _, r in sorted(S0["restaurants"].items()) if len(r["menu"]) >= 2)
    return sorted(restaurant["menu"].items())[0]


@pytest.mark.parametrize("tail", ["Curry", "Platter", "Deluxe", "Bowl"])
def test_an_item_said_only_as_the_start_of_a_longer_name_is_another_item(tail):
    item, dish = _dish()
    name = dish["name"]
    kwargs = {"order_id": "FD-00000", "item_ids": [item], "reason": "wrong item"}
    assert contradicted(f"I can send you a new {name} {tail} for free. Shall I?", kwargs, INDEX) is not None
    # said alone (once is enough), lower case, or before a word that starts a clause: the item itself
    for text in (f"I can send you a new {name} for free. Shall I?", f"I can send you a new {name.lower()} {tail.lower()}. Shall I?",
                 f"I can send you a new {name} Please confirm.", f"Free replacement: {name}. Sounds good?",
                 f"A new {name} (not the {name} {tail}). OK?"):
        assert contradicted(text, kwargs, INDEX) is None, text


@pytest.mark.parametrize("lead", ["", "Yes, ", "Yes. ", "Certainly. "])
@pytest.mark.parametrize("words", ["I consent", "I so consent", "I hereby consent", "you have my consent",
                                   "you have my permission", "I give my consent", "consent given"])
def test_consent_given_in_so_many_words_is_a_yes(lead, words):
    for question in _QUESTIONS + ["I can refund $16.90 to your card. Do you consent?"]:
        assert classify_reply(f"{lead}{words}.", question=question) == "yes"


@pytest.mark.parametrize("words", ["I do not consent", "I don't consent", "no, you don't have my consent",
                                   "I don't give my consent", "consent not given", "permission not granted", "approval denied"])
def test_consent_refused_in_so_many_words_is_a_no(words):
    assert classify_reply(words, question="I can refund $16.90 to your card. Do you consent?") == "no"


# ---- the original payment method in ticket shorthand ------------------------------------------

@pytest.mark.parametrize("method", ["orig. payment", "orig payment", "orig. pmt", "original pmt method", "the orig pmt"])
def test_the_original_payment_in_shorthand_states_the_method(method):
    from tests.reward.reading.generated.world import observe, respond, scene, trajectory, verdict

    sc = scene("food_delivery", "test", "fd-missing-3")
    calls = [a for a, _ in sc.calls]
    refund = next(a for a in calls if a.name == "issue_refund")
    assert refund.kwargs["method"] == "original_payment"
    amount = f"${refund.kwargs['amount']:.2f}"
    steps = [(a, observe(sc, a)) for a in calls[:calls.index(refund)]]
    for text, breach in ((f"Refund: {amount} to {method} for {refund.kwargs['order_id']}. OK?", False),
                         (f"Refund: {amount} to wallet for {refund.kwargs['order_id']}. OK?", True)):
        traj = trajectory(steps + [(respond(text), "ok"), (refund, observe(sc, refund))], "Hi")
        assert (verdict(sc, "fd.confirm.before_write", traj) == "breach") is breach, text
