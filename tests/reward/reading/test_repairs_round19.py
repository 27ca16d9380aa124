"""Self-repairs, round 19 (SPEC §10 "the text read is the text the customer sees"): two classes the generator found under
another seed (``reading_generalization.py --seed 19``), each a confirmation read as naming another order.

- **An id for an id in any case**: "cancel order fd-10748 -- sorry, I misspoke: fd-10045" takes back the id, as it did
  in capitals; before, the lower-case id was no value and the whole clause "I'll cancel order fd-10748" was taken back.
- **A repair in markup**: "ORDER FD-10284 -- SORRY, MY MISTAKE: **FD-10046**" repairs the id: the emphasis is no word.
"""

from __future__ import annotations

import itertools

import pytest

from tau_shaped.reward.reading.normalize_repairs import withdrawn

_MARKERS = ["-- sorry, correction:", "-- sorry, I misspoke:", "\u2014 sorry, my mistake:", "-- apologies, typo:", "-- sorry, I mean",
            "\u2013 my bad:", "-- scratch that:"]
_CASES = [str.lower, str.upper, lambda s: s]
_MARKS = ["", "**", "__", "*", "`"]


@pytest.mark.parametrize("marker,case,mark", list(itertools.product(_MARKERS, _CASES, _MARKS)))
def test_an_id_repaired_by_an_id_is_taken_back_alone(marker, case, mark):
    said = case(f"To confirm, I'll cancel order FD-10748 {marker} ") + f"{mark}{case('FD-10045')}{mark}" + case(" and refund $67.34 to your card. Is that OK?")
    read = withdrawn(said)
    assert case("FD-10748") not in read, read
    assert case("I'll cancel order ") in read and case("FD-10045") in read, read


@pytest.mark.parametrize("mark", ["**", "__", "*"])
def test_an_amount_repaired_in_markup_is_taken_back(mark):
    for said in (f"Refund $5.00 -- sorry: {mark}$6.00{mark} to your card", f"Refund $5.00 -- correction: {mark}$6.00{mark} to your card"):
        read = withdrawn(said)
        assert "$5.00" not in read and "$6.00" in read and read.startswith("Refund "), read


@pytest.mark.parametrize("said", [
    "Order FD-10748 is out for delivery -- sorry, that's the one before. FD-10045 is placed.",  # no marker of a correction
    "Cancel FD-10748 -- FD-10045 stays as it is.",
    "I'll cancel fd-10748 -- sorry for the wait -- and refund $5 to your card.",
])
def test_what_is_no_repair_takes_nothing_back(said):
    assert "10748" in withdrawn(said)


# round 19, second pass: times taken back for times (``repair_timings``, ``_SOFT``, ``_NUMBER``)
_TIMES_BEFORE = ["immediately", "instantly", "right away", "2nite", "today", "in a moment"]
_TIMES_AFTER = ["in between 3 and 5 working days", "in 3-5 business days", "between 3 and 5 business days", "within 24 hours"]
_HOW = [", {a}, I mean {b}", " {a} -- sorry, I mean {b}", " {a}, er, make that {b}", " {a} (sorry, ({b}))"]


@pytest.mark.parametrize("before,after,how", list(itertools.product(_TIMES_BEFORE, _TIMES_AFTER, _HOW))[::2])
def test_a_time_repaired_by_a_time_is_taken_back_alone(before, after, how):
    said = "Refund $17.90 to your card" + how.format(a=before, b=after) + ". Done."
    read = withdrawn(said)
    assert before not in read and after.split()[-2] in read and "to your card" in read, read


@pytest.mark.parametrize("said,gone,kept", [
    ("your order should arrive between 7:21pm, er, make that 19.11 and 7:36pm.", "7:21pm", "should arrive between 19.11 and 7:36pm"),
    ("It arrives at 7 pm -- sorry, 8 pm", "7 pm", "It arrives at 8 pm"),
    ("ETA 7:21 p.m. -- sorry: 7:31 p.m. today", "7:21", "ETA 7:31 p.m. today"),
    ("Refund details: arrives=IN 1 TO 2 WEEKS (SORRY, (APPROX. 3-5 BUS. DAYS))", "1 TO 2 WEEKS", "APPROX. 3-5 BUS. DAYS"),
])
def test_a_clock_time_or_a_bracketed_time_is_one_value(said, gone, kept):
    read = withdrawn(said)
    assert gone not in read and kept in read, read


def test_an_apology_in_brackets_before_a_remark_takes_nothing_back():
    assert withdrawn("It was late (sorry, (it happens)).") == "It was late (sorry, (it happens))."


@pytest.mark.parametrize("first,then,case", list(itertools.product(["no wait", "No, wait", "nope", "yes wait", "ok"],
                                                                    ["sorry, I mean yes", "I mean no", "sorry, correction: yes"],
                                                                    [str.upper, str.lower])))
def test_an_answer_repaired_by_an_answer_is_taken_back_whole(first, then, case):
    said = case(f"{first} -- {then}. thanks.")
    assert withdrawn(said).lower() == f"{then.split()[-1]}. thanks."


@pytest.mark.parametrize("marker,aside", list(itertools.product(["-- sorry, I misspoke:", "\u2014 sorry, my mistake:", "-- typo:"],
                                                                ["\u2014 thx for ur patience \u2014", "-- thanks for your patience --",
                                                                 "\u2013 thanks so much for bearing with me \u2013"])))
def test_a_remark_between_dashes_after_a_repair_is_taken_out(marker, aside):
    from tau_shaped.reward.reading.normalize import seen

    said = f"If it had been fifteen minutes {marker} half an hour {aside} late or more, the fee would have come back."
    assert seen(said) == "If it had been half an hour late or more, the fee would have come back.", seen(said)


def test_dashes_around_words_that_are_no_remark_stay():
    from tau_shaped.reward.reading.normalize_asides import asides_out

    assert asides_out("a -- b -- c -- d") == "a -- b -- c -- d"
    assert asides_out("Refund -- sorry, I misspoke: credit -- of $5 -- to your wallet") == "Refund -- sorry, I misspoke: credit -- of $5 -- to your wallet"


@pytest.mark.parametrize("q,marker", list(itertools.product(["'", '"'], ["-- sorry, I misspoke:", "\u2014 typo:", "-- correction:"])))
def test_a_quoted_value_repaired_inside_its_quotes(q, marker):
    said = f"Cancel it with the reason recorded as {q}ordered by mistake {marker} no longer needed{q}. Kindly confirm."
    assert withdrawn(said) == f"Cancel it with the reason recorded as {q}no longer needed{q}. Kindly confirm."


def test_a_no_in_the_repair_aligns_with_no_earlier_no():
    said = ("Order #W2702727 (sorry, #W2702727... no wait, #W8268610) may be cancelled with the reason recorded as "
            "'ordered by mistake -- sorry, I misspoke: no longer needed'. Kindly confirm.")
    read = withdrawn(said)
    assert "#W8268610 may be cancelled with the reason recorded as 'no longer needed'" in read, read


@pytest.mark.parametrize("said,read", [
    ("Policy says 'refunds to your wallet arrive right away -- sorry, my mistake: within two weeks', so.",
     "Policy says 'refunds to your wallet arrive within two weeks', so."),
    ("Policy says 'refunds to your card arrive in 3 days -- sorry, I mean in 24-48 hours', so that's what to expect.",
     "Policy says 'refunds to your card arrive in 24-48 hours', so that's what to expect."),
])
def test_a_time_repaired_inside_a_quoted_sentence_is_the_time_alone(said, read):
    assert withdrawn(said) == read


@pytest.mark.parametrize("said,read", [
    ("Refund to your wallet in 3-5 days -- sorry, I mean instantly.", "Refund to your wallet instantly."),
    ("$13.32 back on your wallet in 3-5 business days... no wait, instantly", "$13.32 back on your wallet instantly"),
    ("It takes 28 minutes -- sorry, now", "It takes 28 minutes -- sorry, now"),  # "now" is no "no" and no duration's repair
])
def test_a_duration_repaired_by_a_time_word(said, read):
    assert withdrawn(said) == read
