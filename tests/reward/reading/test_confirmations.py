"""SPEC §10: a confirmation of a write states the values the call acts with or computes, in any
form (prose, a list, a table, JSON, key=value lines), and names the action by any wording that
means it. The phrasings (tests/phrasings/confirmations.json) are written from the policies:
every one that agrees confirms the call, no near miss does (a wrong value, a negated action,
no action named)."""

from __future__ import annotations

import importlib.util
import json
import re
from typing import Any, Dict, List

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tau_shaped import Action, load_domain, score_trajectory
from tau_shaped.reward.policy_forms import describes, find_record
from tau_shaped.reward.predicate_schema import Confirmation
from tau_shaped.tasks.files import load_tasks
from tests.prop_strategies import prop_settings
from tests.conftest import TESTS  # noqa: E402

CORPUS = json.loads((TESTS / "phrasings" / "confirmations.json").read_text())
FD = load_domain("food_delivery")
S0 = FD.make_env(tasks=FD.tasks("test")[:1], task_index=0).initial_state(0)
_CONFIRMATIONS: Dict[str, Confirmation] = {}


def confirmation(domain: str, rule: str) -> Confirmation:
    if rule not in _CONFIRMATIONS:
        rules = (FD if domain == "food_delivery" else load_domain(domain)).policy_rules
        _CONFIRMATIONS[rule] = Confirmation.model_validate(rules.rule(rule).when["unconfirmed"])
    return _CONFIRMATIONS[rule]


def _confirms(group: Dict[str, Any], text: str) -> bool:
    c = confirmation(group["domain"], group["rule"])
    records = (lambda arg, value: find_record(S0.get(c.mention_address[arg]), arg, value)) if group["domain"] == "food_delivery" else None
    return describes(text, group["tool"], group["kwargs"], c, group.get("result"), records)


ALL_CASES = [(g, text, kept) for g in CORPUS["groups"] for kept, key in ((True, "agree"), (False, "near_miss")) for text in g[key]]
_TAU2 = importlib.util.find_spec("tau2") is not None  # the tau2 groups need the tau2 extra
CASES = [c for c in ALL_CASES if _TAU2 or not c[0]["domain"].startswith("tau2:")]


def test_each_write_has_twenty_phrasings_that_agree_and_twenty_near_misses():
    for g in CORPUS["groups"]:
        assert len(g["agree"]) >= 20 and len(g["near_miss"]) >= 20, g["tool"]


@pytest.mark.parametrize("group, text, kept", [
    pytest.param(g, t, k, id=f"{g['tool']}:{'agree' if k else 'miss'}:{t[:30]}",
                 marks=[pytest.mark.skipif(not _TAU2 and g["domain"].startswith("tau2:"),
                                           reason="the tau2 groups need the tau2 extra (pip install -e '.[tau2]')")])
    for g, t, k in ALL_CASES])
def test_every_phrasing_gets_the_verdict_the_policy_gives(group, text, kept):
    assert _confirms(group, text) is kept


def _reformat(text: str, casing: str, newline: str, currency: str) -> str:
    out = {"upper": text.upper(), "lower": text.lower(), "same": text}[casing]
    out = out.replace("\n", newline)
    return re.sub(r"\$ ?([0-9]+(?:\.[0-9]+)?)", currency, out)


@prop_settings(300)
@given(case=st.sampled_from(CASES), casing=st.sampled_from(["upper", "lower", "same"]),
       newline=st.sampled_from(["\n", "\r\n", "\n\n", "\n  "]),
       currency=st.sampled_from([r"$\1", r"\1 USD", r"USD \1", r"\1 dollars", r"$ \1", r"US$\1"]))
def test_formatting_does_not_change_the_verdict(case, casing, newline, currency):
    """Casing, line breaks and currency spellings do not change whether a message confirms."""
    group, text, kept = case
    assert _confirms(group, _reformat(text, casing, newline, currency)) is kept


# ---- through the verifier: the refused confirmations --------------------------------

FIXED = {t.id: t for t in load_tasks(TESTS / "food_delivery_rule_tasks.json")}
ENV = FD.make_env(tasks=list(FIXED.values()), task_index=0)


def _with_question(task_id: str, question: str, reply: str = "Yes, please.") -> List[str]:
    g = [a.model_copy(deep=True) for a in FIXED[task_id].actions]
    i = next(i for i, a in enumerate(g) if a.name == "respond")
    g[i] = Action(name="respond", kwargs={"content": question})
    result = score_trajectory(ENV, FIXED[task_id], g, user_replies=[reply])
    assert result.status == "ok", result.error
    return [v.id for v in result.rule_violations]


@pytest.mark.parametrize("question, kept", [
    ("I can give you $5.26 back on your card. Is that OK?", True),
    ("```json\n{\"action\": \"issue_refund\", \"amount\": 5.26, \"method\": \"original_payment\"}\n```\nDo you confirm (yes)?", True),
    ("action=issue_refund\namount=5.26\nmethod=original_payment\nDo you confirm?", True),
    ("I can give you $5.62 back on your card. Is that OK?", False),
    ("I can't refund $5.26 to your card. Is that OK?", False),
])
def test_a_refund_confirmed_in_any_form(question, kept):
    broken = _with_question("fd-missing-1", question)
    assert ("fd.confirm.before_write" not in broken) is kept
    if kept:
        assert broken == []
