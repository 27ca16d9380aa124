"""A denial read as a careful reader reads one (issue 41 c; wiki.md: a request against the policy
is declined, and says why; tau2's policies: "deny user requests that are against this policy").

Labels by construction: a sentence built from a subject, a way of saying it will not be done
and what was asked is a denial, in any layout around it; agreement that carries a negative word
("No problem!", "no worries", "nothing else", "I can't wait") is none. End to end: the
food-delivery "no" tasks' ``refused`` output check (``{"said": {"denies": true}}``) passes a
ground truth that declines and fails an agent that only agrees."""

from __future__ import annotations

import random
import time

import pytest

from tau_shaped import Action, load_domain, score_trajectory
from tau_shaped.reward.reading.refusals import denial

_ASKED = ["cancel this order", "refund the delivery fee", "change the address", "offer compensation",
          "swap in another dish", "issue a wallet credit", "add a credit to your account", "process that refund"]
# a way of saying it will not be done, with the thing asked ({a})
_DENY = ["I can't {a}.", "I cannot {a}.", "I'm unable to {a}.", "I am not able to {a}.", "We won't be able to {a}.",
         "I'm not in a position to {a}.", "I'm not allowed to {a}.", "Sorry, I won't {a}.", "I'm afraid I couldn't {a}.",
         "I have to decline: I can't {a}.", "There is no way for me to {a}.", "That isn't something I can do: {a}.",
         "Can't {a}, sorry.", "We don't have the ability to {a}.", "I'd have to say no to that; I can't {a}."]
# a denial with no verb of the request
_BARE = ["That's not possible under our policy.", "Your order isn't eligible for compensation.",
         "It doesn't qualify for a credit.", "The order is no longer cancellable.", "It can no longer be changed.",
         "It's too late to change the address now.", "There is no safe substitute on this menu.",
         "None of the dishes on the menu are safe for you.", "No compensation is due for a delay under 15 minutes.",
         "That falls outside our policy.", "It was 12 minutes late, below the 15-minute threshold.",
         "I'll have to decline this request.", "You're not entitled to a refund for this order.",
         "There's nothing more I can do about the fee.", "Your request has been denied.", "We don't offer refunds on delivered orders.",
         "It won't be possible to cancel it.", "This is against our policy."]
_OPENINGS = ["", "Thanks for waiting. ", "I looked at order FD-10123. ", "I understand how frustrating this is. ",
             "Unfortunately, "]
_CLOSINGS = ["", " Is there anything else I can help with?", " Sorry about that.", " Thanks for understanding."]
# agreement and talk that carry a negative word and deny nothing
_AGREE = ["No problem! I'll {a} right away.", "No worries, I can {a} for you.", "Not a problem: I'll {a} now.",
          "No need to apologise, I'll {a}.", "I can't wait to help you: let me {a}.", "You can't go wrong: I'll {a}.",
          "Nothing stops us: I'll {a}.", "It's not too late to {a}, so I'll do it now.",
          "I won't {a} until you confirm. Shall I go ahead?", "Sure, I'll {a}. Nothing else needed from you.",
          "I couldn't be happier to {a}.", "I won't keep you waiting: I'll {a} now.", "No, nothing else is needed; I'll {a}."]
_AFTER = ["", " Nothing else?", " Anything else I can do?", " No rush."]


def _layouts(sentence: str, rng: random.Random) -> str:
    return rng.choice([sentence, sentence.upper(), f"- {sentence}", f"**{sentence}**", f"Update:\n{sentence}"])


def _denials(n: int, seed: int = 41):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        core = rng.choice(_DENY).format(a=rng.choice(_ASKED)) if rng.random() < 0.6 else rng.choice(_BARE)
        out.append(rng.choice(_OPENINGS) + _layouts(core, rng) + rng.choice(_CLOSINGS))
    return out


def _agreements(n: int, seed: int = 41):
    rng = random.Random(seed)
    return [_layouts(rng.choice(_AGREE).format(a=rng.choice(_ASKED)), rng) + rng.choice(_AFTER) for _ in range(n)]


DENIALS = _denials(600)
AGREEMENTS = _agreements(400)


def test_every_generated_denial_is_read_as_one():
    missed = [t for t in DENIALS if denial(t) is None]
    assert not missed, f"{len(missed)}/{len(DENIALS)} denials not read, e.g. {missed[:5]}"


def test_agreement_with_a_negative_word_is_no_denial():
    wrong = [(t, denial(t)) for t in AGREEMENTS if denial(t) is not None]
    assert not wrong, f"{len(wrong)}/{len(AGREEMENTS)} agreements read as denials, e.g. {wrong[:5]}"


@pytest.mark.parametrize("template", _DENY)
def test_each_way_of_denying_with_each_request(template):
    for asked in _ASKED:
        assert denial(template.format(a=asked)) is not None, template.format(a=asked)


@pytest.mark.parametrize("text", ["No problem!", "no worries", "Nothing else, thanks.", "Not a problem at all.",
                                  "No, that's everything.", "None needed!"])
def test_no_problem_style_words_alone_deny_nothing(text):
    assert denial(text) is None


def test_reading_is_linear_and_fast():
    read = denial.__wrapped__  # not the cache: every call reads
    short = " ".join(AGREEMENTS[:40])
    long = " ".join(AGREEMENTS[:40] * 8)

    def took(text):
        start = time.process_time()  # this process's CPU: a loaded machine's waits are not the reader's
        for _ in range(5):
            read(text)
        return (time.process_time() - start) / 5

    assert took(long) < 20 * took(short)  # 8 times the text: linear, not worse
    assert took(short) < 0.05


# --- end to end: the regenerated food-delivery "no" tasks -----------------------------------

FD = load_domain("food_delivery")
NO_TASKS = [t for t in FD.tasks("test") if any(c.id == "refused" for c in t.output_checks or [])]


def _with_messages(actions, text):
    return [Action(name=a.name, kwargs={**a.kwargs, "content": text}) if a.name == "respond" else a for a in actions]



def _words(actions):
    """The customer's side of the chat: a request, and a yes to every question (the rule read
    here is not the confirmation's)."""
    return {"first_user_message": "Hi, I need help with my order.",
            "user_replies": ["Yes, please go ahead." for a in actions if a.name == "respond"]}

def _refused(task, actions):
    env = FD.make_env(tasks=[task], task_index=0)
    result = score_trajectory(env, task, actions, **_words(actions))
    assert result.status == "ok", result.error
    return next(o for o in result.output_checks if o.id == "refused")


def test_the_no_tasks_read_a_denial_not_a_negative_word():
    assert NO_TASKS, "the food-delivery test split has tasks with a 'refused' output check"
    for task in NO_TASKS:
        check = next(c for c in task.output_checks if c.id == "refused")
        assert check.model_dump(exclude_none=True)["said"] == {"denies": True}


@pytest.mark.parametrize("task", NO_TASKS[:8], ids=lambda t: t.id)
def test_a_refused_check_passes_a_denial_and_fails_agreement(task):
    assert _refused(task, list(task.actions)).passed  # the ground truth declines
    assert not _refused(task, _with_messages(task.actions, "No problem! Nothing else is needed. No worries.")).passed
    assert _refused(task, _with_messages(task.actions, "I'm sorry, that is no longer possible under our policy.")).passed
