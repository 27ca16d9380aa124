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
