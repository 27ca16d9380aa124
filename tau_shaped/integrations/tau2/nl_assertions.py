"""tau2's NL assertions: statements about the conversation that tau2 has an LLM judge.

tau-shaped judges nothing with a model when it scores a tau2 run, so:

- **tau2's reward** (:class:`.reward.Tau2Scorer`): a task whose ``reward_basis`` holds
  ``NL_ASSERTION`` and that lists assertions gets ``reward`` None, the assertions in
  ``not_judged``; one that lists none scores that component 1, as tau2 does (nothing to judge).
- **the shaped verdict** (:func:`nl_undetermined`): the assertions are requirements the verdict
  cannot check. Where something else decides it (a gate fired, or the outcome is already 0:
  the assertion could only take away what is not there), the verdict stands. Otherwise (every
  check met) it is undetermined (SPEC §8): ``status`` ``undetermined``, ``reward`` None, each
  assertion an entry of ``undetermined`` with its text as evidence. A trainer leaves such a
  sample out or applies its documented fallback.
"""

from __future__ import annotations

from typing import Any, List

from tau_shaped.reward.result import ShapedRewardResult, UndeterminedRule

RULE_ID = "tau2_nl_assertion"


def judged_by_llm(task: Any) -> List[str]:
    """The NL assertions a tau2 task's reward needs (empty: its reward basis needs none)."""
    criteria = getattr(task, "evaluation_criteria", None)
    if criteria is None:
        return []
    basis = {getattr(b, "value", b) for b in criteria.reward_basis or []}
    return list(criteria.nl_assertions or []) if "NL_ASSERTION" in basis else []


def nl_undetermined(result: ShapedRewardResult, task: Any) -> ShapedRewardResult:
    """``result`` (a shaped result of a conversation of ``task``), undetermined when the task's
    reward needs NL assertions and nothing else decides the verdict (see the module)."""
    assertions = judged_by_llm(task)
    if not assertions or result.status != "ok" or not result.safety_passed or result.outcome_reward < 1.0:
        return result
    open_ = [UndeterminedRule(id=RULE_ID, step=None, evidence=f"not judged (tau2 has an LLM judge it): {text}")
             for text in assertions]
    return result.model_copy(update={"status": "undetermined", "reward": None,
                                     "undetermined": list(result.undetermined) + open_})
