"""An agent's question written without its mark is read as a question (SPEC §10, "What is read is
what the customer saw"; ``normalize_questions``): every reader that tells a question by its "?"
reads a transcript line or a quick chat line as the customer does. Built from parts: lead-ins x
fillers x question openers (a question), and the same lead-ins closed by statements, dates,
imperatives and tags that end statements (no question); a customer's reply is never marked, but
a question word opening it asks back (``asks_why``).
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward.reading.normalize_questions import agent_seen, asks_why, question_marks

_LEADS = ["", "I can refund $16.90 to your card, ", "Your courier went offline. ", "Here's the change:\n- HAT056: May 25\n",
          "Sorry about that -- "]
_FILLERS = ["", "um, ", "uh ", "so ", "okay so, "]
_QUESTIONS = ["should I", "shall we", "will you be taking the travel insurance", "has your payment gone through",
              "does that work for you", "is that ok", "can I go ahead", "would you like me to proceed",
              "do you want the refund", "have you got the order number", "may I proceed",
              "why would you want that", "how long has it been", "what about the Korma", "how about the Udon",
              "want me to do that", "want it", "sound good", "sounds fair", "ok to change it", "okay with you",
              "yes or no", "any questions", "any interest in insuring the flights", "add it or skip it", "keep it or cancel it"]
_STATEMENTS = ["I'll do it now", "thanks for waiting", "do it", "have a nice day", "ok", "right",
               "May 25", "may the refund reach you soon.", "the refund is on its way", "your total is $19.73",
               "it will arrive by 7 pm", "I have refunded it", "what a day", "how it works is simple", "whatever you prefer",
               "Is it delivered? Yes it is", "refund or credit", "it is this or that"]


@pytest.mark.parametrize("lead,filler,question", list(itertools.product(_LEADS, _FILLERS, _QUESTIONS))[::2])
def test_a_question_without_its_mark_is_given_one(lead, filler, question):
    text = f"{lead}{filler}{question}"
    assert question_marks(text) == text + "?"
    assert question_marks(text + "?") == text + "?"  # a marked question is left as it is
    assert question_marks(text + " ") == text + "? "  # trailing space kept after the mark


@pytest.mark.parametrize("lead,statement", list(itertools.product(_LEADS, _STATEMENTS)))
def test_a_statement_is_left_as_it_is(lead, statement):
    text = f"{lead}{statement}"
    assert question_marks(text) == text


@pytest.mark.parametrize("question", _QUESTIONS[:8])
def test_each_line_is_read_apart(question):
    # a question that ends a line inside the message is marked there; the lines after it stay
    text = f"{question}\nThanks for waiting."
    assert question_marks(text) == f"{question}?\nThanks for waiting."
    assert question_marks(f"Thanks for waiting.\n{question}") == f"Thanks for waiting.\n{question}?"


def test_the_agents_text_is_read_as_seen_then_marked():
    # the markup and look-alike letters are read first, then the question is marked
    assert agent_seen("I can refund **$16.90**, sh\u043euld I") == "I can refund $16.90, should I?"
    assert agent_seen(None) is None and agent_seen("") == ""


@pytest.mark.parametrize("reply,asks", [
    ("why would I want that", True), ("um, Why would I want that", True), ("how long will it take", True),
    ("what about my refund", True), ("want it", False), ("sounds good", False), ("do it", False), ("why not", True),
    ("ok", False), ("yes, how long will it take", True),
])
def test_a_reply_asks_back_only_with_a_question_word(reply, asks):
    assert asks_why(reply) is asks


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=300))
def test_marking_adds_at_most_one_mark_a_line_and_is_idempotent(text):
    out = question_marks(text)
    assert question_marks(out) == out
    assert out.replace("?", "") == text.replace("?", "")
    assert out.count("?") - text.count("?") <= text.count("\n") + 1


def test_a_long_line_is_read_in_linear_time():
    import time
    text = ", ".join(["does that work for you"] * 5000) + " and so on"
    start = time.process_time()
    question_marks(text)
    assert time.process_time() - start < 2.0


@pytest.mark.parametrize("filler", ["um, ", "uh ", "okay so, ", "ok so ", "alright, so "])
def test_a_filler_that_opens_a_line_says_nothing(filler):
    # the agent's line is read from its first word: a list, a dish asked about alone, a question
    assert agent_seen(f"{filler}1. Miso Soup 2. Brownie") == "1. Miso Soup 2. Brownie"
    assert agent_seen(f"{filler}Pad Thai? Contains peanut, so no.") == "Pad Thai? Contains peanut, so no."
    assert agent_seen(f"Sorry.\n{filler}will you be taking the insurance") == "Sorry.\nwill you be taking the insurance?"
    # a customer's "okay so" assents to nothing: what follows answers
    from tau_shaped.reward.reading.replies import classify_reply
    question = "I can refund $16.90 to your card. OK?"
    assert classify_reply(f"{filler}why would I want that", question=question) == "no"
    assert classify_reply(f"{filler}go ahead", question=question) == "yes"


@pytest.mark.parametrize("reply", ["Great, but what happens to my loyalty points", "yes, but why only 5 dollars",
                                   "ok. how long will it take"])
def test_a_question_word_opening_the_last_clause_asks_back(reply):
    assert asks_why(reply)


@pytest.mark.parametrize("lead", ["so what i can do is um send you a travel certificate for fifty dollars to your account",
                                  "okay so i'll cancel reservation ABC123 and the refund goes back to your card",
                                  "I can refund sixteen ninety to your card"])
@pytest.mark.parametrize("tail", ["would you like that", "do you want me to go ahead", "should i go ahead and do that",
                                  "can i proceed", "shall we", "will you be needing anything else"])
def test_a_run_on_line_ending_in_a_question_is_given_its_mark(lead, tail):
    assert question_marks(f"{lead} {tail}") == f"{lead} {tail}?"


@pytest.mark.parametrize("text", ["I will refund it as soon as I can", "we will do what we can", "let me know what you would like",
                                  "I can cancel it if you would like", "the agent said you can keep it", "here is what I can do",
                                  "I will see what we can do for you", "refund it and then we can talk", "whatever you would prefer"])
def test_a_statement_with_you_i_or_we_after_its_verb_is_left_as_it_is(text):
    assert question_marks(text) == text
