"""The customer a task check answers with (SPEC §6.2, §10): one who agrees to every question.

A ground truth is the careful agent's actions. Scored with no replies at all, a write that
needs a confirmation is undetermined (SPEC §10: nothing recorded shows consent either way),
which tells a check nothing. So a check scores the ground truth, and each perturbation of it,
as answered by a customer who says yes to every agent message: what the careful agent's
customer does. A task with a persona plays its ground truth against that persona instead
(``persona_check``), whose answers (an id asked for, a yes) are the task's own customer's.
"""

from __future__ import annotations

from typing import Any, List, Optional, Sequence

from tau_shaped.env.types import RESPOND_ACTION_NAME
from tau_shaped.reward.scoring import score_trajectory

YES = "Yes, please go ahead."


def consenting_replies(actions: Sequence[Any]) -> List[str]:
    """A yes to each respond action of ``actions``."""
    return [YES for a in actions if getattr(a, "name", None) == RESPOND_ACTION_NAME]


def score_consented(env: Any, task: Any, actions: Sequence[Any], opening: Optional[str] = None) -> Any:
    """``score_trajectory`` of ``actions`` answered yes at every respond (``opening``: the
    customer's first message, when the task's persona gives one)."""
    actions = list(actions)
    return score_trajectory(env, task, actions, user_replies=consenting_replies(actions), first_user_message=opening)


def score_with_customer(env: Any, task: Any) -> Any:
    """The ground truth of ``task`` scored as its customer answers it: played against the task's
    persona where it has one (its opening, its answers; the persona customer of issue 29), else
    answered yes at every respond. A persona that cannot play, or that ends the conversation
    before the ground truth is done, falls back to the yes customer (``check_persona`` names
    why)."""
    from tau_shaped.tasks.persona_check import play_against
    from tau_shaped.tasks.persona_user import PersonaUser

    if getattr(task, "persona", None) is None:
        return score_consented(env, task, task.actions)
    try:
        played = play_against(PersonaUser.for_task(task, env=env), list(task.actions), task.instruction)
    except Exception:  # noqa: BLE001 - a persona that cannot play is check_persona's problem to name
        return score_consented(env, task, task.actions)
    if len(played.actions) < len(task.actions):
        return score_consented(env, task, task.actions, played.opening)
    return score_trajectory(env, task, played.actions, user_replies=played.replies, first_user_message=played.opening)


def shortfalls(result: Any) -> List[str]:
    """Why a scored ground truth falls short of 1.0 (outcome 1, legacy 1, no gate fired, no rule
    broken, every checkpoint met; its process reward may add to the shaped reward): its status,
    the gates and rules it breaks, its checkpoints unmet, the paths where its state differs, its
    output checks failed. Empty when it falls short of nothing."""
    if result.status == "undetermined":
        return [f"undetermined: {', '.join(getattr(u, 'id', str(u)) for u in result.undetermined)}"]
    if result.status != "ok":
        return [f"{result.status}: {result.error}"]
    gates = [g.id for g in result.gate_violations]
    why = [f"gate {g}" for g in gates]
    why += [f"policy rule {v.id}" for v in result.rule_violations if v.id not in gates]
    why += [f"checkpoint {cp.id} unmet" for cp in result.checkpoints if not cp.satisfied]
    why += [f"state differs at {d.path}" for d in result.canonical_diff]
    why += [f"output check {o.id}" for o in result.output_checks if not o.passed]
    if result.legacy_reward != 1.0:
        why.append("legacy 0")
    if not why and result.outcome_reward != 1.0:
        why.append("outcome 0")
    return list(dict.fromkeys(why))
