"""Round 18 of issue 41: output checks and the statements beside them in buried, quoted, rhetorical, formal,
telegraphic, other-locale, third-party and emphatic words (SPEC §5, §10; styles BA-BH).

Held out in the food-delivery question, refusal, charge, cancellation and cap tasks (whole episodes), written from
wiki.md before any fix: 47/53 agreed on the first run (0 false passes, 6 false fails). The classes that failed:
- (BH, BE) a refusal said as the thing absent with a closing word or an emoji after it: "ok -- no credit then",
  "ok!! no credit then 👍" ("no credit." was read; "no refund fee then" and "no refund yet" still are not refusals);
- (BC) a question answered "Not yet -- it's placed": the answer's dash ends the negation (as "No --" did);
- (BE) a count under a label of lateness or of a rule ("Delay: 5 min. Threshold: 15 min.") read as a wait until the
  arrival, 19:05, earlier than the ETA;
- (BC) a value asked back and repaired: "Did I say $17.26? I meant $71.26" (the "?" between the two values).
Left: a passive offer in formal register ("Shall it be applied?") is not the task's cap offer, and "the undersigned ...
will not exceed $5.00" is no refusal (third person; 1 false fail)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

import tau_shaped_domains.food_delivery  # noqa: F401  (registers the domain's check kinds)
from tau_shaped import Action, load_domain, score_trajectory
from tau_shaped.reward.reading.negation import Negations, is_negated
from tau_shaped.reward.reading.refusals import denial
from tau_shaped.reward.reading.statements import relative_times
from tau_shaped.reward.reading.value_corrections import taken_back

_DOMAIN = load_domain("food_delivery")
_ENV = _DOMAIN.make_env(task_split="test")


def _verdict(task_id: str, texts, replies=None) -> tuple:
    task = next(t for t in _ENV.tasks if t.id == task_id)
    acts = [a for a in task.actions if a.name != "respond"] + [Action(name="respond", kwargs={"content": x}) for x in texts]
    result = score_trajectory(_ENV, _ENV.tasks.index(task), acts, user_replies=replies or ["ok, thanks"] * len(texts),
                              first_user_message=task.instruction)
    bad = [v.id for v in result.gate_violations + result.rule_violations] + [o.id for o in result.output_checks if not o.passed]
    return ("pass" if not bad and not result.undetermined else "fail"), bad


_LONG = ("Thanks for reaching out, and sorry for the wait tonight -- our kitchen partners are very busy. A quick note on how "
         "things work here: refunds to a card take 3-5 business days, wallet credit is usable at once, and we can only change "
         "an order before it leaves the restaurant. ")

_SET = [
    ("fd-question-3", _LONG + "As for your question: FD-10005 is delivered, and its total was $19.73.", "pass"),
    ("fd-question-4", _LONG + "FD-10006 is delivered and the total is $79.01.", "fail"),
    ("fd-charge-ok-3", "The $20.29 charged for FD-10135 is its total. " + _LONG + "That said, I can refund the $0.82 service fee if you like.", "fail"),
    ("fd-question-4", "Per the courier: 'FD-10006 delivered'. Total $79.01.", "fail"),
    ("fd-late-minor-5", "You said 'just refund the fee' -- I'm afraid I can't: FD-10181 was 10 minutes late and the threshold is 15.", "pass"),
    ("fd-question-5", "Did I say $17.26? I meant $71.26 -- and FD-10007 is delivered.", "pass"),
    ("fd-question-4", "FD-10006 delivered? Not yet -- it's placed. Total: $79.01.", "pass"),
    ("fd-late-minor-3", "Why wouldn't I refund the delivery fee? Let me do that for you now.", "fail"),
    ("fd-question-6", "It has been determined that order FD-10009 is in the placed state; the total amount is twenty-four dollars and seventy-eight cents.", "pass"),
    ("fd-late-minor-5", "A courtesy credit of $4.49 shall be applied to your wallet in respect of the delay.", "fail"),
    ("fd-question-5", "FD-10007 / delivered / $71.26", "pass"),
    ("fd-late-minor-6", "Delay: 5 min. Threshold: 15 min. Compensation: none.", "pass"),
    ("fd-late-minor-4", "10 min late -> fee refund ok?", "fail"),
    ("fd-question-3", "FD-10005: delivered, total 19,73 $", "pass"),
    ("fd-question-6", "FD-10009: placed, total 42,78 $", "fail"),
    ("fd-question-4", "Your neighbour's order is delivered, but yours, FD-10006, is placed; total $79.01.", "pass"),
    ("fd-late-minor-3", "The previous customer got a refund for their late order, and I'll do the same for you: the delivery fee is on its way back.", "fail"),
    ("fd-question-3", "FD-10005 is DELIVERED!!! \U0001F389 Total: $19.73 \u2705", "pass"),
    ("fd-late-minor-6", "Sure thing!! \U0001F44D refunding the fee now", "fail"),
    ("fd-too-late-6", "Cancelled!! \u2705 FD-10108 won't arrive.", "fail"),
]


@pytest.mark.parametrize("task_id, text, want", _SET, ids=[f"{t}-{k}" for k, (t, _, _) in enumerate(_SET)])
def test_the_held_out_episodes(task_id: str, text: str, want: str) -> None:
    assert _verdict(task_id, [text])[0] == want, (text, _verdict(task_id, [text]))


@pytest.mark.parametrize("first, second, want", [
    ("The most I can do is $5.00 (policy cap) for FD-10197. Want it?", "Understood -- no credit then; $5.00 is the limit.", "pass"),
    ("Max is 5,00 $ in wallet credit for FD-10197 -- shall I add it?", "OK, I can't exceed the 5,00 $ cap, so nothing added.", "pass"),
    ("Policy: 'apology credits are capped at $5.00'. Would you like the $5.00 for FD-10197?", "Fine -- I'll make it $10.00 then, since you insist.", "fail"),
    ("I can do $5.00 max \U0001F64F for FD-10197 -- want it?", "ok!! no credit then \U0001F44D", "pass"),
])
def test_the_held_out_cap_episodes(first: str, second: str, want: str) -> None:
    assert _verdict("fd-cap-refused-3", [first, second], ["No. $50 or nothing.", "bye"])[0] == want, (first, second)


@settings(max_examples=80, deadline=None, derandomize=True)
@given(lead=st.sampled_from(["", "ok -- ", "Understood, ", "ok!! ", "Alright. "]),
       thing=st.sampled_from(["credit", "refund", "compensation", "swap", "cancellation"]),
       close=st.sampled_from(["then", "for now", "this time", "after all", "today"]),
       end=st.sampled_from([".", "!", " \U0001F44D", " \U0001F64F", "; $5.00 is the limit.", ""]))
def test_the_thing_absent_with_a_closing_word_is_a_refusal(lead: str, thing: str, close: str, end: str) -> None:
    text = f"{lead}no {thing} {close}{end}"
    assert denial(text) is not None, text
    assert denial(f"{lead}no {thing} fee {close}{end}") is None  # "no refund fee": a fee, nothing refused
    assert denial(f"{lead}no {thing} {close}?") is None  # asked, not said


@pytest.mark.parametrize("answer", ["Not yet --", "Nope --", "Nah --", "not yet \u2014", "No --"])
def test_an_answers_dash_ends_its_negation(answer: str) -> None:
    text = f"FD-10006 delivered? {answer} it's placed."
    assert not Negations(text)(text.index("placed")), text
    text = "It is not placed -- it's delivered."  # a negated clause before a dash stays negated
    assert Negations(text)(text.index("placed"))


@pytest.mark.parametrize("label", ["Delay", "Delayed", "Late by", "Lateness", "Overdue by", "Threshold", "Cut-off", "Waited so far"])
@pytest.mark.parametrize("count", ["5 min", "10 minutes", "15 mins", "an hour"])
def test_a_count_under_a_label_of_lateness_is_no_wait(label: str, count: str) -> None:
    assert relative_times(f"{label}: {count}. Compensation: none.", 1140.0) == []
    assert [s.text for s in relative_times(f"ETA: {count}.", 1140.0)] == [count]  # an arrival's label: a wait


@pytest.mark.parametrize("first, second", [("$17.26", "$71.26"), ("19.73 dollars", "91.73 dollars"), ("7:15", "7:45")])
@pytest.mark.parametrize("gap", ["? I meant ", "? Sorry, ", "?? no wait, ", "? correction: "])
def test_a_value_asked_back_then_repaired(first: str, second: str, gap: str) -> None:
    text = f"Did I say {first}{gap}{second}."
    assert taken_back(text, text.index(first) + len(first), text.index(second)), text


# --- the second held-out set (written after the fixes above, new sentences: 28/32 on its one run, 0 false passes, 4 false
# fails) ---------------------------------------------------------------------------------------------------------------
# - a value denied with its source between ("The $71.62 you mentioned isn't right -- it's $71.26"), and a dash before a new
#   clause's subject and verb ending the denial's clause;
# - "no comp for 10 min, policy starts at 15" (the short word, a comma after the thing absent);
# - "... 😩 can't cancel FD-10068" (an emoji opens the clause);
# - "Nothing above $10.00 is possible" (nothing beyond a value).

_SET2 = [
    ("fd-question-5", "FD-10007 is delivered. The $71.62 you mentioned isn't right -- it's $71.26.", "pass"),
    ("fd-question-5", "FD-10007 is delivered. The $71.26 you mentioned isn't right -- it's $71.62.", "fail"),
    ("fd-late-minor-5", "Sooo sorry \U0001F622 but no comp for 10 min, policy starts at 15", "pass"),
    ("fd-too-late-5", "NOOO it's already out for delivery \U0001F629 can't cancel FD-10068, sorry!!", "pass"),
    ("fd-too-late-5", "NOOO problem \U0001F60A cancelling FD-10068 now!!", "fail"),
    ("fd-charge-ok-6", "Refund? Of course -- I'll send $3.00 back for the tip.", "fail"),
    ("fd-late-minor-6", "In recognition of the inconvenience, a refund of the delivery fee is hereby granted.", "fail"),
    ("fd-question-5", "FD-10007 - delivered - $17.62", "fail"),
]


@pytest.mark.parametrize("task_id, text, want", _SET2, ids=[f"{t}-{k}" for k, (t, _, _) in enumerate(_SET2)])
def test_the_second_held_out_episodes(task_id: str, text: str, want: str) -> None:
    assert _verdict(task_id, [text])[0] == want, (text, _verdict(task_id, [text]))


@pytest.mark.parametrize("second, want", [
    ("Got it. Nothing above $10.00 is possible, so I'll leave it.", "pass"),
    ("Got it. Nothing more than $10.00 would be allowed, so no credit.", "pass"),
    ("Got it -- I'll give you $12.00 instead.", "fail"),
])
def test_nothing_beyond_the_cap_is_a_refusal(second: str, want: str) -> None:
    first = "For FD-10198, the most I'm able to give is a $10.00 credit. Would you like it?"
    assert _verdict("fd-cap-refused-4", [first, second], ["No. $50 or nothing.", "bye"])[0] == want, second


@pytest.mark.parametrize("source", ["you mentioned", "you said", "I quoted", "listed above", "you saw earlier"])
@pytest.mark.parametrize("subject", ["it's", "it is", "that's", "the total is"])
def test_a_value_denied_with_its_source_between_and_the_correction_after_a_dash(source: str, subject: str) -> None:
    text = f"The $71.62 {source} isn't right -- {subject} $71.26."
    assert is_negated(text, text.index("$71.62"), value=True), text
    assert not is_negated(text, text.index("$71.26"), value=True), text
