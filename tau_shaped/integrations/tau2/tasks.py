"""tau2 tasks as task-file tasks (SPEC §6.1).

- ``id``: tau2's task id; ``instruction``: its user scenario as tau2 prints it
  (what tau2's user simulator is told);
- ``actions``: the ground-truth actions of the assistant (tau2's
  ``evaluation_criteria.actions``), ``outputs``: ``communicate_info``;
- ``user_id``: the user the ground truth acts for: a ``user_id`` argument, else
  the answer of its ``find_user_id_by_*`` look-up, else the owner of the first
  order or reservation it names ("" when it names none: a task about nothing
  on an account);
- ``split``: ``test`` or ``train`` (tau2's ``split_tasks.json``).

The ground truth is written to the letter of the policy, as a careful agent
would act it: the user found first (by email, where tau2's ground truth never
looks the user up: its evaluator ignores reads), before each write, a message stating the action and every
argument and asking for a yes (the policies' "list the action details and
obtain explicit user confirmation"); after a transfer, tau2's transfer
message; at the end, a message stating the facts to communicate. These add
respond steps only: the database the ground truth reaches is tau2's.

Where the instruction leaves the payment method open, the task owns its method fields by a
conservation invariant (:mod:`.alternatives`, SPEC §4.3): any method the policy allows scores.

tau2's NL assertions have no deterministic reading and are not converted.
"""

from __future__ import annotations

import re
from typing import Any, Dict, List

from tau_shaped.env.types import Action
from tau_shaped.integrations.tau2.alternatives import open_method_identity
from tau_shaped.integrations.tau2.personas import persona_for
from tau_shaped.reward.overrides import RewardOverrides
from tau_shaped.tasks.schema import ShapedTask

_RECORD_ARGS = (("order_id", "orders"), ("reservation_id", "reservations"))


def _instruction(task: Dict[str, Any]) -> str:
    from tau2.data_model.tasks import UserScenario

    scenario = task.get("user_scenario")
    return str(UserScenario.model_validate(scenario)) if scenario else ""


def _user_of(actions: List[Dict[str, Any]], kit: Any, database: Dict[str, Any]) -> str:
    for action in actions:
        user = (action.get("arguments") or {}).get("user_id")
        if isinstance(user, str):
            return user
    for action in actions:
        if action["name"].startswith("find_user_id_by_"):
            try:  # a read: nothing is written back into the database
                answer = kit.call(database, action["name"], dict(action.get("arguments") or {}))
            except Exception:  # noqa: BLE001 - a look-up that finds nobody names nobody
                continue
            if answer in database.get("users", {}):
                return answer
    for action in actions:
        for arg, table in _RECORD_ARGS:
            key = (action.get("arguments") or {}).get(arg)
            record = database.get(table, {}).get(key) if isinstance(key, str) else None
            if isinstance(record, dict) and isinstance(record.get("user_id"), str):
                return record["user_id"]
    return ""


def _user_named(instruction: str, database: Dict[str, Any]) -> str:
    """The one user the scenario names: by user id, else by first name, last name and a zip."""
    users = database.get("users", {})
    words = set(re.findall(r"[A-Za-z0-9_]+", instruction))
    named = [uid for uid in users if uid in words]
    if len(named) == 1:
        return named[0]
    found = []
    for uid, user in users.items():
        name = user.get("name") or {}
        address = user.get("address")
        zips = {str(address.get("zip"))} if isinstance(address, dict) else set()
        if name.get("first_name") in words and name.get("last_name") in words and zips & words:
            found.append(uid)
    return found[0] if len(found) == 1 else ""


TRANSFER_MESSAGE = "YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON."
#: The ground truth's answer on a task whose request the policy says to deny (it changes nothing,
#: transfers no one and has nothing to communicate): the policy's "deny user requests that are
#: against this policy" is done by saying so (the rules ``*.refusal.said``).
DENIAL_MESSAGE = "I'm sorry, but I can't do that: our policy does not allow it."


def _scalars(value: Any) -> List[str]:
    if isinstance(value, dict):
        return [text for item in value.values() for text in _scalars(item)]
    if isinstance(value, list):
        return [text for item in value for text in _scalars(item)]
    return [str(value)]


def confirmation_text(name: str, kwargs: Dict[str, Any]) -> str:
    """The ground truth's request for a yes before the write ``name(**kwargs)``."""
    details = "; ".join(f"{arg.replace('_', ' ')}: {', '.join(_scalars(value))}" for arg, value in kwargs.items())
    once = _ONCE.get(name, "")  # round 17: retail's reminder before a call that can be made once per order
    return f"Here is what I will do: {name.replace('_', ' ')} ({details}).{once} Do you confirm (yes) that I should proceed?"


# tau2 retail policy.md: "remember to remind the customer to confirm they have provided all the items they want to
# modify" (and "all items to be exchanged"): either call can be made only once per order
_ONCE = {"modify_pending_order_items": " This can be done only once: please confirm nothing else needs modifying.",
         "exchange_delivered_order_items": " This can be done only once: please confirm nothing else needs exchanging."}


def _authenticated(actions: List[Dict[str, Any]], user_id: str, database: Dict[str, Any], kit: Any) -> List[Dict[str, Any]]:
    """tau2 evaluates writes, so some of its ground truths never find the user (retail: 45 of
    114), which its policy requires first thing: the user found by email is put first."""
    if not kit.has("find_user_id_by_email") or any(a["name"].startswith("find_user_id_by_") for a in actions):
        return actions
    email = (database.get("users", {}).get(user_id) or {}).get("email")
    if not actions or not isinstance(email, str):
        return actions
    return [{"name": "find_user_id_by_email", "arguments": {"email": email}}] + actions


def ground_truth_actions(actions: List[Dict[str, Any]], outputs: List[str], kit: Any) -> List[Action]:
    out: List[Action] = []
    for action in actions:
        kwargs = dict(action.get("arguments") or {})
        if kit.writes(action["name"]):
            out.append(Action(name="respond", kwargs={"content": confirmation_text(action["name"], kwargs)}))
        out.append(Action(name=action["name"], kwargs=kwargs))
        if action["name"] == "transfer_to_human_agents":
            out.append(Action(name="respond", kwargs={"content": TRANSFER_MESSAGE}))
    if outputs:
        out.append(Action(name="respond", kwargs={"content": "To sum up: " + "; ".join(outputs) + "."}))
    elif not any(kit.writes(a["name"]) or a["name"] == "transfer_to_human_agents" for a in actions):
        out.append(Action(name="respond", kwargs={"content": DENIAL_MESSAGE}))
    return out


def shaped_tasks(raw: List[Dict[str, Any]], splits: Dict[str, List[Any]], kit: Any,
                 database: Dict[str, Any]) -> List[ShapedTask]:
    """tau2's tasks (``raw``, its ``tasks.json``; ``splits``, its ``split_tasks.json``), converted."""
    split_of = {str(i): split for split in ("test", "train") for i in splits.get(split, [])}
    out = []
    for task in raw:
        criteria = task.get("evaluation_criteria") or {}
        actions = [a for a in criteria.get("actions") or [] if a.get("requestor", "assistant") == "assistant"]
        instruction = _instruction(task)
        user_id = _user_of(actions, kit, database) or _user_named(instruction, database)
        actions = _authenticated(actions, user_id, database, kit)
        identity = open_method_identity(instruction, actions, user_id, kit, database)
        outputs = list(criteria.get("communicate_info") or [])
        truth = ground_truth_actions(actions, outputs, kit)
        out.append(ShapedTask(
            id=str(task["id"]),
            user_id=user_id,
            instruction=instruction,
            actions=truth,
            outputs=outputs,
            split=split_of.get(str(task["id"])),
            persona=persona_for(task, truth, outputs, user_id, database, kit),  # the persona customer (issue 29)
            reward_overrides=RewardOverrides(monetary_identity=[identity] if identity else []),
        ))
    return out


def with_method(actions: List[Action], index: int, method: str) -> List[Action]:
    """``actions`` with the open write at ``index`` paying (or refunded) by ``method`` instead,
    its confirmation restated (an alternative resolution, :mod:`.alternatives`)."""
    from tau_shaped.integrations.tau2.alternatives import OPEN_WRITES

    out = [a.model_copy(deep=True) for a in actions]
    write = out[index]
    arg = OPEN_WRITES[write.name][2]
    out[index] = Action(name=write.name, kwargs={**write.kwargs, arg: method})
    if index and out[index - 1].name == "respond":
        out[index - 1] = Action(name="respond", kwargs={"content": confirmation_text(write.name, out[index].kwargs)})
    return out
