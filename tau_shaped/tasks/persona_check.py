"""``tasks check`` with the persona customer (issue 29): the ground truth played against the
task's persona must score shaped 1.0.

``play_against(user, actions)`` plays a fixed list of agent actions against a user simulator,
as ``run`` plays them (each ``respond`` gets the user's reply; a reply with ``###STOP###`` ends
the conversation, and the actions after it are never taken). ``check_persona`` requires of
the ground truth so played what SPEC §6.2 requires of it offline: scored ``ok``, outcome 1,
no gate fired, no policy rule broken, every checkpoint satisfied, and every action taken (the
persona did not end the conversation before the ground truth was done). Two author's errors of
the persona itself are named too: a fact no topic of the domain answers (``persona_topics``),
and a ``told`` the ground truth never satisfies (the persona then never closes: "transfer" is
not found in "I'm transferring you", a ``contains`` being a whole phrase).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, List, Optional, Sequence

from tau_shaped.env.types import RESPOND_ACTION_NAME
from tau_shaped.env.users import STOP
from tau_shaped.reward.scoring import score_trajectory
from tau_shaped.tasks.persona_topics import Topics, unknown_fact_problem, unknown_facts
from tau_shaped.tasks.persona_user import PersonaUser

__all__ = ["Played", "play_against", "check_persona"]

#: The prefix of a customer's own tool call in a trajectory (tau2's dual control: ``user:toggle_roaming``).
USER_SIDE = "user:"


@dataclass
class Played:
    """A conversation played from fixed actions: what the user said first, the actions taken,
    the user's reply to each respond, and whether the user ended it."""

    opening: str
    actions: List[Any] = field(default_factory=list)
    replies: List[str] = field(default_factory=list)
    stopped: bool = False


def play_against(user: Any, actions: Sequence[Any], instruction: Optional[str] = None) -> Played:
    """Play ``actions`` against ``user`` (``reset`` then ``step`` per respond) until they run
    out or the user says ``###STOP###``. A user who acts too (``take_actions``: tau2's telecom
    customer on their phone) plays its own ``user:`` steps: the list's are left out, and the
    ones it took follow the message that asked for them."""
    played = Played(opening=user.reset(instruction=instruction))
    takes = getattr(user, "take_actions", None)  # a customer who acts too (tau2's telecom): its own steps
    for action in actions:
        if takes is not None and action.name.startswith(USER_SIDE):
            continue  # the ground truth's customer step: the customer plays it, or not
        played.actions.append(action)
        if action.name == RESPOND_ACTION_NAME:
            reply = user.step(str(action.kwargs.get("content", "")))
            played.replies.append(reply)
            if takes is not None:
                played.actions.extend(takes())
            if STOP in reply:
                played.stopped = True
                break
    return played


def check_persona(env: Any, task: Any, problems: List[str], notes: List[str]) -> None:
    """The problems of ``task``'s ground truth played against its persona (see the module)."""
    persona = getattr(task, "persona", None)
    if persona is None:  # a domain without personas (tau-bench's, a test domain): nothing to play
        return
    tools = set(getattr(env, "tools_map", {}) or {})
    for i, action in enumerate(persona.accept):
        if tools and action.tool not in tools:
            problems.append(f"persona.accept[{i}]: unknown tool {action.tool!r}")
    topics = getattr(env, "persona_topics", None)
    unknown = unknown_facts(persona, topics) if isinstance(topics, Topics) else []
    for key in unknown:
        problems.append(unknown_fact_problem(key, topics))
    if unknown:
        return
    user = PersonaUser.for_task(task, env=env)
    played = play_against(user, list(task.actions), task.instruction)
    where = "the ground truth played against its persona"
    if len(played.actions) < len(task.actions):
        cut = len(played.actions) - 1
        problems.append(f"{where}: the persona ended the conversation at step {cut}, before "
                        f"{len(task.actions) - len(played.actions)} more action(s) of the ground truth")
    elif persona.told and not user.met:
        unheard = ", ".join(f"told[{i}] {json.dumps(persona.told[i].model_dump(exclude_defaults=True))}"
                            for i in user.unheard())
        problems.append(f"{where}: no message of it satisfies {unheard}, so the persona's request is never met and "
                        f"it never closes (a \"contains\" is a whole phrase: \"transfer\" is not in \"transferring\")")
    result = score_trajectory(env, task, played.actions, user_replies=played.replies, first_user_message=played.opening)
    if result.status != "ok":
        problems.append(f"{where} could not be scored: {result.status}: {result.error}")
        return
    shortfalls = [f"gate {g.id} at step {g.step}" for g in result.gate_violations]
    shortfalls += [f"policy rule {v.id} at step {v.step}: {v.evidence}" for v in result.rule_violations]
    shortfalls += [f"checkpoint {cp.id} unmet" for cp in result.checkpoints if not cp.satisfied]
    if result.outcome_reward != 1.0 and not shortfalls:
        shortfalls.append("outcome 0")
    if shortfalls:
        replies = "; ".join(repr(r[:80]) for r in played.replies)
        problems.append(f"{where} does not score shaped 1.0 ({', '.join(shortfalls)}); its replies: {replies}")
