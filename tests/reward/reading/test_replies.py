"""SPEC §10: a reply to a confirmation is yes, change, no or unclear, whatever its formatting; an
unclear reply leaves the rule undetermined (SPEC §8: status undetermined, reward None) unless a
later yes or no settles it; a fired gate still zeroes the episode. The phrasings are in
tests/phrasings/replies.json, written from the policies."""

from __future__ import annotations

import inspect
import json
import re
import time
from typing import List, Optional

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tau_shaped import Action, load_domain, score_trajectory
from tau_shaped.reward.reading.replies import Described, classify_reply
from tau_shaped.tasks.files import load_tasks
from tests.prop_strategies import prop_settings
from tests.conftest import TESTS  # noqa: E402

CORPUS = json.loads((TESTS / "phrasings" / "replies.json").read_text())
CASES = [(cls, text) for cls in ("yes", "change", "no", "unclear") for text in CORPUS[cls]]


def test_the_corpus_has_twenty_of_each_kind():
    assert len(CORPUS["yes"]) >= 20
    assert len(CORPUS["change"]) + len(CORPUS["no"]) + len(CORPUS["unclear"]) >= 20
    assert all(len(CORPUS[k]) >= 20 for k in ("change", "no", "unclear"))


@pytest.mark.parametrize("cls, text", CASES, ids=[f"{c}:{t[:30]}" for c, t in CASES])
def test_every_phrasing_of_the_corpus_is_read_as_written(cls, text):
    assert classify_reply(text) == cls


def _reformat(text: str, case: str, spaces: str, apostrophe: str, trailing: str) -> str:
    out = {"upper": text.upper(), "lower": text.lower(), "same": text}[case]
    out = re.sub(r"[ ]+", spaces, out).replace("'", apostrophe)
    return out.rstrip(".!") + trailing if trailing is not None else out


@prop_settings(300)
@given(case=st.sampled_from(CASES), casing=st.sampled_from(["upper", "lower", "same"]),
       spaces=st.sampled_from([" ", "  ", "\u00a0", " \t "]), apostrophe=st.sampled_from(["'", "\u2019"]),
       trailing=st.sampled_from([None, ".", "!", "!!", ""]))
def test_formatting_does_not_change_the_class(case, casing, spaces, apostrophe, trailing):
    cls, text = case
    assert classify_reply(_reformat(text, casing, spaces, apostrophe, trailing)) == cls


@prop_settings(100)
@given(st.text(max_size=300))
def test_any_text_gets_one_of_the_four_classes(text):
    assert classify_reply(text) in ("yes", "change", "no", "unclear")


def test_long_replies_are_read_in_bounded_time():
    for text in ("no " * 50_000, "a" * 100_000, "yes but " * 20_000, "'" * 100_000 + "n't"):
        # this process's CPU time: a bound on the reading's work, not on how long a loaded machine kept it waiting
        start = time.process_time()
        classify_reply(text)
        assert time.process_time() - start < 0.5


# ---- with the question and the values it described (SPEC §10: the clause that answers) -------

IN_CONTEXT = CORPUS["in_context"]
ASKED_CARD = "I can refund $16.90 to your card for order FD-10045. Shall I go ahead?"
ASKED_WALLET = "I can refund $16.90 as wallet credit for order FD-10045. Shall I go ahead?"
MIND = "I can refund $16.90 to your card for order FD-10045. Do you mind if I go ahead?"
WALLET_BETTER = "Yep. Wallet works better for me though"


@pytest.mark.parametrize("row", IN_CONTEXT, ids=[f"{r['class']}:{r['reply'][:30]}" for r in IN_CONTEXT])
def test_every_phrasing_in_context_is_read_as_written(row):
    assert classify_reply(row["reply"], question=row["question"], described=row["described"]) == row["class"]


def test_the_corpus_in_context_holds_every_class_and_both_polarities():
    assert {r["class"] for r in IN_CONTEXT} == {"yes", "change", "no", "unclear"}
    assert any("mind" in r["question"] for r in IN_CONTEXT) and any("Shall" in r["question"] for r in IN_CONTEXT)


def test_the_question_and_the_described_values_are_keyword_only_and_default_to_unknown():
    params = inspect.signature(classify_reply).parameters
    for name in ("question", "described"):
        assert params[name].kind is inspect.Parameter.KEYWORD_ONLY and params[name].default is None
    with pytest.raises(TypeError):
        classify_reply("Yes", MIND)  # type: ignore[misc]
    for cls, text in CASES:  # unknown question and values: the reading of the reply alone
        assert classify_reply(text, question=None, described=None) == cls == classify_reply(text, question="")


@pytest.mark.parametrize("card, wallet", [
    (Described(method="original_payment", amount=16.9), Described(method="wallet", amount=16.9)),
    ({"method": "original_payment", "amount": 16.9}, {"method": "wallet", "amount": 16.9}),
    ((("amount", 16.9), ("method", "original_payment"), ("order_id", "FD-10045")),
     (("amount", 16.9), ("method", "wallet"), ("order_id", "FD-10045"))),
    ({"payment_method_id": "credit_card_7815"}, {"payment_method_id": "gift_card_1"}),
])
def test_the_described_values_are_read_in_every_form_the_caller_may_give(card, wallet):
    assert classify_reply(WALLET_BETTER, described=card) == "change"
    assert classify_reply("Yes, as long as it goes to my card", described=card) == "yes"
    assert classify_reply("Yes, as long as it goes to my card", described=wallet) == "change"


def test_an_address_is_compared_by_its_number_and_street():
    for described in ({"street": "12 Elm St"}, {"address": {"street": "12 Elm Street"}},
                      (("address", (("address1", "12 elm st"), ("city", "Springfield"))),)):
        assert classify_reply("Go ahead, but send it to 12 Elm Street.", described=described) == "yes"
        assert classify_reply("Go ahead, but send it to 4 Oak Ave.", described=described) == "change"
    with pytest.raises(TypeError):
        classify_reply("Yes", described=42)


def test_the_cache_tells_questions_and_described_values_apart():
    card, wallet = {"method": "original_payment"}, {"method": "wallet"}
    seen = [classify_reply("No.", question=q) for q in (MIND, ASKED_CARD, MIND, None)]
    assert seen == ["yes", "no", "yes", "no"]
    seen = [classify_reply(WALLET_BETTER, described=d) for d in (card, wallet, card)]
    assert seen == ["change", "yes", "change"]


def test_a_value_the_question_names_once_stands_for_the_described_one():
    assert classify_reply(WALLET_BETTER, question=ASKED_CARD) == "change"
    assert classify_reply(WALLET_BETTER, question=ASKED_WALLET) == "yes"
    both = "I can refund $16.90 to your card, or as wallet credit. Shall I go ahead?"
    assert classify_reply(WALLET_BETTER, question=both) == "change"  # which one is unknown: the reply's own reading
    assert classify_reply(WALLET_BETTER, question=ASKED_WALLET, described={"method": "original_payment"}) == "change"


def test_a_tau2_call_is_read_by_its_payment_method_id_and_amounts_with_thousands():
    asked = ("I'll cancel order #W2378156 and refund $1,234.50 to your gift card gift_card_1234. "
             "Do you want me to proceed (yes/no)?")
    call = (("order_id", "#W2378156"), ("payment_method_id", "gift_card_1234"), ("reason", "no longer needed"))
    assert classify_reply("Yes, please proceed.", question=asked, described=call) == "yes"
    # the original payment method may be the gift card: naming it asks for nothing else
    assert classify_reply("Yes, refund to the original payment method.", question=asked, described=call) == "yes"
    assert classify_reply("Yes. Please use my PayPal account.", question=asked, described=call) == "change"
    assert classify_reply("OK, refund $1,234.50.", question=asked, described=call) == "yes"
    assert classify_reply("OK, but refund $1,000.00 only.", question=asked, described=call) == "change"
    flight = (("reservation_id", "ABC123"), ("payment_id", "certificate_7"))
    assert classify_reply("Yes, but use my travel certificate.", described=flight) == "yes"
    assert classify_reply("Yes, but use my credit card.", described=flight) == "change"


@prop_settings(100)
@given(reply=st.text(max_size=200), question=st.one_of(st.none(), st.text(max_size=200)),
       method=st.sampled_from([None, "wallet", "original_payment", "x"]),
       amount=st.one_of(st.none(), st.floats(0, 1e6, allow_nan=False)))
def test_any_text_in_any_context_gets_one_of_the_four_classes(reply, question, method, amount):
    described = {"method": method, "amount": amount}
    assert classify_reply(reply, question=question, described=described) in ("yes", "change", "no", "unclear")


def test_long_replies_and_questions_are_read_in_bounded_time():
    question = "Do you mind if I " * 5_000 + "refund $1.00 " * 5_000 + "?"
    for text in ("1 a " * 50_000, "not " * 50_000, "$1.0" * 30_000, "12 elm elm elm " * 20_000, "if " * 50_000,
                 "n't that " * 30_000, "yes but wallet " * 20_000, "." * 100_000):
        # this process's CPU time: a bound on the reading's work, not on how long a loaded machine kept it waiting
        start = time.process_time()
        classify_reply(text, question=question + text[:1000], described={"method": "wallet", "street": text[:5000]})
        assert time.process_time() - start < 0.5


# ---- through the verifier ------------------------------------------------------------------

DOMAIN = load_domain("food_delivery")
FIXED = {t.id: t for t in load_tasks(TESTS / "food_delivery_rule_tasks.json")}
ENV = DOMAIN.make_env(tasks=list(FIXED.values()), task_index=0)
QUESTION = "I can refund $5.26 to your card. Is that OK?"


def _missing(replies: List[Optional[str]], extra: Optional[List[Action]] = None):
    g = [a.model_copy(deep=True) for a in FIXED["fd-missing-1"].actions]
    question = Action(name="respond", kwargs={"content": QUESTION})
    actions = g[:2] + [question] + (extra or []) + g[3:]
    return score_trajectory(ENV, FIXED["fd-missing-1"], actions, user_replies=replies)


@pytest.mark.parametrize("reply, status, broken", [
    ("Yes, please.", "ok", []),
    ("Sure, but actually put it in my wallet.", "ok", ["fd.confirm.before_write"]),
    ("No.", "ok", ["fd.confirm.before_write"]),
    ("I guess so.", "undetermined", []),
])
def test_each_class_through_the_verifier(reply, status, broken):
    result = _missing([reply])
    assert result.status == status
    assert [v.id for v in result.rule_violations] == broken
    if status == "undetermined":
        assert result.reward is None
        (u,) = result.undetermined
        assert u.id == "fd.confirm.before_write" and u.step == 3 and "I guess so." in u.evidence
    else:
        assert result.reward is not None and result.undetermined == []


def test_an_unclear_reply_is_settled_by_a_later_yes():
    again = Action(name="respond", kwargs={"content": "Just to be sure: shall I go ahead?"})
    result = _missing(["Maybe.", "Yes, go ahead."], [again])
    assert result.status == "ok" and result.rule_violations == [] and result.outcome_reward == 1.0


def test_an_unclear_reply_is_settled_by_a_later_no():
    again = Action(name="respond", kwargs={"content": "Just to be sure: shall I go ahead?"})
    result = _missing(["Maybe.", "No, don't."], [again])
    assert result.status == "ok" and [v.id for v in result.rule_violations] == ["fd.confirm.before_write"]


def test_a_later_no_to_the_same_description_takes_the_yes_back():
    result = _missing(["Yes.", "No, hold on."], [Action(name="respond", kwargs={"content": QUESTION})])
    assert [v.id for v in result.rule_violations] == ["fd.confirm.before_write"]


def test_a_fired_gate_is_never_withheld_by_an_unclear_reply():
    """SPEC §8: what is certain is never withheld: a refund on a fraud-flagged account after a
    hedged yes fires the gate, the reward is 0, not None."""
    task = FIXED["fd-fraud-1"]
    g = [a.model_copy(deep=True) for a in task.actions]
    order = next(a.kwargs.get("order_id") for a in task.actions if a.kwargs.get("order_id")) if any(
        a.kwargs.get("order_id") for a in task.actions) else None
    lookup = g[:2]
    refund = Action(name="issue_refund", kwargs={"order_id": order or "FD-10031", "amount": 1.0,
                                                 "method": "original_payment", "reason": "late"})
    ask = Action(name="respond", kwargs={"content": "I can refund $1.00 to your card. OK?"})
    result = score_trajectory(ENV, task, lookup + [ask, refund], user_replies=["I guess so."])
    assert not result.safety_passed and result.status == "ok" and result.reward == 0.0


def test_an_undetermined_result_serializes_with_status_and_null_reward():
    data = _missing(["Perhaps."]).to_dict()
    assert data["status"] == "undetermined" and data["reward"] is None
    assert data["undetermined"][0]["id"] == "fd.confirm.before_write"
