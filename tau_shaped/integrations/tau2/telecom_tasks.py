"""tau2's telecom tasks as task-file tasks (SPEC §6.1), both sides of the ground truth in one list.

- ``seed``: the task's world (:func:`.telecom_state.register_world`: the package's databases
  after its ``initialization_actions``, with its environment assertions);
- ``user_id``: the customer id of the line's phone number (tau2's ``set_user_info``);
- ``actions``: the ground truth as a careful agent plays it with the customer acting on their
  phone: the customer found by phone number first (the policy: "you must first identify the
  customer"); each of tau2's agent calls, ``refuel_data`` after a message stating the amount and
  price and asking for a yes (the policy: "confirm the price"), a transfer followed by tau2's
  transfer message; each of tau2's customer calls after a message asking for it
  (:func:`.device_requests.request_text`), as the customer's step ``user:<tool>``. The world the
  ground truth reaches is tau2's (both databases), and every environment assertion holds there.
- ``persona``: the customer (:func:`persona_of`): what they say first (the scenario's known
  info and reason for call in their voice), their name and phone number, and the agent writes
  of the ground truth they agree to; the telecom persona customer (:mod:`.telecom_persona`)
  also does on their phone what the agent asks.

tau2's telecom has no ``communicate_info`` or NL assertions; its reward basis is
ENV_ASSERTION (and ACTION for the transfers).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from tau_shaped.env.types import Action
from tau_shaped.integrations.tau2.device_requests import request_text
from tau_shaped.integrations.tau2.personas import _first_sentence, first_person
from tau_shaped.integrations.tau2.tasks import TRANSFER_MESSAGE, _instruction
from tau_shaped.integrations.tau2.telecom_state import USER_SIDE, TelecomDataError, load_world, register_world
from tau_shaped.tasks.persona import Persona
from tau_shaped.tasks.schema import ShapedTask

LOOKUP = "get_customer_by_phone"
CONFIRMED = ("refuel_data",)  # the agent writes the policy asks a confirmed price for
TRANSFER_REGEX = "(?i)you are being transferred to a human agent[^\\pL\\pN]+please hold on"


def _user_info(task: Dict[str, Any]) -> Dict[str, str]:
    for action in ((task.get("initial_state") or {}).get("initialization_actions") or []):
        if isinstance(action, dict) and action.get("func_name") == "set_user_info":
            args = action.get("arguments") or {}
            return {"name": str(args.get("name") or ""), "phone": str(args.get("phone_number") or "")}
    return {"name": "", "phone": ""}


def _customer(world: Dict[str, Any], phone: str) -> Optional[Dict[str, Any]]:
    line_ids = {line.get("line_id") for line in world.get("lines") or [] if line.get("phone_number") == phone}
    for customer in world.get("customers") or []:
        if line_ids & set(customer.get("line_ids") or []):
            return customer
    return None


def _price(world: Dict[str, Any], line_id: Any) -> Optional[float]:
    line = next((l for l in world.get("lines") or [] if l.get("line_id") == line_id), None)
    plan = next((p for p in world.get("plans") or [] if line and p.get("plan_id") == line.get("plan_id")), None)
    price = plan.get("data_refueling_price_per_gb") if plan else None
    return float(price) if isinstance(price, (int, float)) else None


def confirmation(name: str, kwargs: Dict[str, Any], world: Dict[str, Any]) -> str:
    """The ground truth's request for a yes before the agent write ``name(**kwargs)``."""
    if name == "refuel_data":
        amount = kwargs.get("gb_amount")
        price = _price(world, kwargs.get("line_id"))
        cost = f" for ${float(amount) * price:.2f} (${price:.2f} per GB)" if price is not None and isinstance(
            amount, (int, float)) else ""
        return (f"I can refuel {amount} GB of data on line {kwargs.get('line_id')} of customer "
                f"{kwargs.get('customer_id')}{cost}. "
                "Do you confirm (yes) that I should proceed?")
    details = "; ".join(f"{k.replace('_', ' ')}: {v}" for k, v in kwargs.items())
    return f"Here is what I will do: {name.replace('_', ' ')} ({details}). Do you confirm (yes) that I should proceed?"


def ground_truth(task: Dict[str, Any], world: Dict[str, Any]) -> List[Action]:
    """The converted ground truth of a raw tau2 telecom task (see the module)."""
    criteria = task.get("evaluation_criteria") or {}
    phone = _user_info(task)["phone"]
    out: List[Action] = [Action(name=LOOKUP, kwargs={"phone_number": phone})] if phone else []
    for action in criteria.get("actions") or []:
        name, kwargs = action.get("name"), dict(action.get("arguments") or {})
        if action.get("requestor", "assistant") == "user":
            out.append(Action(name="respond", kwargs={"content": request_text(name, kwargs)}))
            out.append(Action(name=USER_SIDE + name, kwargs=kwargs))
            continue
        if name in CONFIRMED:
            out.append(Action(name="respond", kwargs={"content": confirmation(name, kwargs, world)}))
        if name == "transfer_to_human_agents" and not kwargs.get("summary"):
            kwargs["summary"] = "The customer's issue cannot be solved with the tools available; a human agent is needed."
        out.append(Action(name=name, kwargs=kwargs))
        if name == "transfer_to_human_agents":
            out.append(Action(name="respond", kwargs={"content": TRANSFER_MESSAGE}))
    return out


def persona_of(task: Dict[str, Any], actions: List[Action], customer: Optional[Dict[str, Any]]) -> Optional[Persona]:
    """The customer of a raw tau2 telecom task (see the module)."""
    instructions = ((task.get("user_scenario") or {}).get("instructions") or {})
    if not isinstance(instructions, dict):
        return None
    reason = str(instructions.get("reason_for_call") or "")
    known = str(instructions.get("known_info") or "")
    request = first_person(_first_sentence(reason))
    if not request:
        return None
    info = _user_info(task)
    facts: Dict[str, str] = {}
    name = info["name"] or (customer or {}).get("full_name") or ""
    if name:
        facts["name"] = f"My name is {name}."
    if info["phone"]:
        facts["phone"] = f"My phone number is {info['phone']}."
    accept = []
    for action in actions:
        if action.name in CONFIRMED:
            args = {k: v for k, v in action.kwargs.items() if isinstance(v, (str, int, float)) and not isinstance(v, bool)}
            accept.append({"tool": action.name, "args": args, "settles": False})
    said = " ".join(first_person(line.strip()) for line in reason.splitlines() if line.strip())
    opening = " ".join(part for part in ("Hi.", first_person(known.strip()), said) if part)
    return Persona.model_validate({"opening": opening[:2000], "request": request[:2000], "facts": facts,
                                   "accept": accept})


def shaped_task(task: Dict[str, Any], split: Optional[str] = None) -> ShapedTask:
    """One raw tau2 telecom task, converted (its world registered in this process)."""
    where = f"telecom task {task.get('id')!r}"
    criteria = task.get("evaluation_criteria") or {}
    seed = register_world(task.get("initial_state"), criteria.get("env_assertions"), where)
    world = load_world(seed)
    customer = _customer(world, _user_info(task)["phone"])
    try:
        actions = ground_truth(task, world)
    except ValueError as exc:
        raise TelecomDataError(f"{where}: {exc}") from None
    return ShapedTask(
        id=str(task["id"]),
        seed=seed,
        user_id=str((customer or {}).get("customer_id") or ""),
        instruction=_instruction(task),
        actions=actions,
        outputs=[],
        # a transfer changes no record: the outcome needs its announcement (and the domain's
        # telecom.transfer.call_first, the call before it)
        output_checks=[{"id": "transfer_announced", "said": {"regex": TRANSFER_REGEX}}] if any(
            a.name == "transfer_to_human_agents" for a in actions) else None,
        split=split,
        persona=persona_of(task, actions, customer),
    )


def shaped_tasks(raw: List[Dict[str, Any]], splits: Dict[str, List[Any]]) -> List[ShapedTask]:
    split_of = {str(i): split for split in ("test", "train") for i in splits.get(split, [])}
    return [shaped_task(task, split_of.get(str(task.get("id")))) for task in raw]
