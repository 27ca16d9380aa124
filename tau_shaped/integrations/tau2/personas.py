"""A persona customer for each tau2 task (issue 29), derived from its user scenario and its
ground truth where the data gives the facts (``tau_shaped.tasks.persona``).

- ``opening``: the scenario's known info and its reason for call, in the customer's voice ("You
  are mei_kovacs_8020 in zipcode 28236" -> "I am ..."): what the policy needs the customer to
  say (why they cancel, that they ask for compensation) is said; ``request``: its first sentence;
- ``facts``: the user's name and zip (from tau2's database), their email (or, when the scenario
  says they do not remember it, that they do not), their user id when the scenario gives it,
  the order and reservation ids the scenario names;
- ``accept``: each write of the ground truth, with its scalar arguments as the values a
  confirmation must state (tau2's writes are exact); only the last write settles the request;
- ``told``: tau2's ``communicate_info`` (what the agent must say), when it has some.

What the policy needs the customer to say but the scenario gives only in free text (its
``task_instructions``: "you feel unwell", "you ask for compensation") is the domain package's
data, read by hand: ``persona_facts.json`` in ``tau_shaped_domains.tau2_<domain>``, each entry
citing the scenario field and the words it was read from; its ``says`` ends the opening, and
only while the task's field still holds those words (``scenario_facts``). The rest of the free
text (conditions such as "if the agent asks twice, refuse") has no deterministic reading and is
not converted: the persona agrees to the ground truth, as tau2's evaluation does.
"""

from __future__ import annotations

import functools
import importlib.resources
import re
from typing import Any, Dict, List, Literal, Optional, Tuple

from pydantic import Field, ValidationError

from tau_shaped.env.json_input import InputError, read_json_file
from tau_shaped.reward.predicate_schema import _Strict
from tau_shaped.tasks.persona import MAX_TEXT, Persona

#: The domain packages whose ``persona_facts.json`` is read (a fixed set: a task's data names none).
FACT_PACKAGES = {"airline": "tau_shaped_domains.tau2_airline", "retail": "tau_shaped_domains.tau2_retail"}
FACTS_FILE = "persona_facts.json"
MAX_FACTS_BYTES = 1024 * 1024

_ORDER = re.compile(r"#W\d{5,}")
_RESERVATION = re.compile(r"(?<![A-Za-z0-9])(?=[A-Z0-9]*[0-9])(?=[A-Z0-9]*[A-Z])[A-Z0-9]{6}(?![A-Za-z0-9])")
_SWAPS = [(r"\byou are\b", "I am"), (r"\byou're\b", "I'm"), (r"\byou were\b", "I was"), (r"\byou have\b", "I have"),
          (r"\byou've\b", "I've"), (r"\byourself\b", "myself"), (r"\byours\b", "mine"), (r"\byour\b", "my"),
          (r"\byou\b", "I")]


def first_person(text: str) -> str:
    """A scenario's second-person sentence in the customer's voice (a plain pronoun swap)."""
    out = text
    for pattern, repl in _SWAPS:
        out = re.sub(pattern, lambda m, r=repl: r if m.group(0)[0].islower() or r == "I" else r[0].upper() + r[1:],
                     out, flags=re.IGNORECASE)
    return out[:1].upper() + out[1:]


def _first_sentence(text: str) -> str:
    found = re.match(r"\s*(.+?[.!?])(?:\s|$)", text or "", re.S)
    return (found.group(1) if found else (text or "")).strip()


class ScenarioFact(_Strict):
    """What the customer of task ``task`` says (``says``), read from the words ``quote`` of its
    scenario's free-text field ``field``."""

    task: str = Field(min_length=1, max_length=64)
    field: Literal["task_instructions", "reason_for_call", "known_info", "unknown_info"]
    quote: str = Field(min_length=1, max_length=MAX_TEXT)
    says: str = Field(min_length=1, max_length=MAX_TEXT)


class ScenarioFacts(_Strict):
    """A domain package's ``persona_facts.json``."""

    about: str = Field(default="", max_length=4 * MAX_TEXT)
    facts: List[ScenarioFact] = Field(default_factory=lambda: [], max_length=10_000)


@functools.lru_cache(maxsize=None)
def scenario_facts(domain: str) -> Dict[str, Tuple[ScenarioFact, ...]]:
    """Task id -> the facts of ``domain``'s package file (``read_scenario_facts``); empty when
    the domain has no package or its package no file."""
    package = FACT_PACKAGES.get(domain)
    if package is None:
        return {}
    try:
        path = importlib.resources.files(package) / FACTS_FILE
    except ModuleNotFoundError:
        return {}
    return read_scenario_facts(str(path)) if path.is_file() else {}


def read_scenario_facts(path: str) -> Dict[str, Tuple[ScenarioFact, ...]]:
    """Task id -> the facts of the file ``path``; a file that is not one raises ``InputError``
    naming the file and the field."""
    try:
        facts = ScenarioFacts.model_validate(read_json_file(path, max_bytes=MAX_FACTS_BYTES))
    except InputError as exc:
        raise InputError(f"{path}: {exc}") from None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "(top)"
        raise InputError(f"{path}: {where}: {first['msg']}") from None
    out: Dict[str, Tuple[ScenarioFact, ...]] = {}
    for fact in facts.facts:
        out[fact.task] = out.get(fact.task, ()) + (fact,)
    return out


def _words(text: str) -> str:
    return " ".join(text.split())


def said_facts(task: Dict[str, Any]) -> List[str]:
    """What ``task``'s customer says from its package's facts: each fact whose field of the
    task's scenario still holds its quote (a different scenario under the same id gets none)."""
    instructions = _instructions(task)
    domain = instructions.get("domain")
    known = isinstance(domain, str) and domain in FACT_PACKAGES  # the cache holds known domains only
    facts = scenario_facts(domain) if known else {}
    out = []
    for fact in facts.get(str(task.get("id")), ()):
        field = instructions.get(fact.field)
        if isinstance(field, str) and _words(fact.quote) in _words(field):
            out.append(fact.says)
    return out


def _instructions(task: Dict[str, Any]) -> Dict[str, Any]:
    scenario = task.get("user_scenario") or {}
    instructions = scenario.get("instructions") if isinstance(scenario, dict) else None
    return instructions if isinstance(instructions, dict) else {}


def persona_for(task: Dict[str, Any], actions: List[Any], outputs: List[str], user_id: str,
                database: Dict[str, Any], kit: Any) -> Optional[Persona]:
    """The persona of a raw tau2 ``task`` whose converted ground truth is ``actions``; None when
    the scenario gives nothing to open with."""
    instructions = _instructions(task)
    reason = str(instructions.get("reason_for_call") or "")
    known = str(instructions.get("known_info") or "")
    unknown = str(instructions.get("unknown_info") or "")
    request = first_person(_first_sentence(reason))
    if not request:
        return None
    facts: Dict[str, str] = {}
    user = (database.get("users") or {}).get(user_id) if user_id else None
    if isinstance(user, dict):
        name = user.get("name") or {}
        full = f"{name.get('first_name', '')} {name.get('last_name', '')}".strip()
        address = user.get("address") or {}
        if full:
            facts["name"] = f"My name is {full}."
        if isinstance(address, dict) and address.get("zip"):
            facts["zip"] = f"My zip code is {address['zip']}."
        email = user.get("email")
        if isinstance(email, str):
            facts["email"] = (f"I don't remember my email address. {facts.get('name', '')} {facts.get('zip', '')}".strip()
                              if "email" in unknown.lower() else f"My email is {email}.")
        if user_id in known:
            facts["user_id"] = f"My user id is {user_id}."
    text = f"{known} {reason}"
    orders = list(dict.fromkeys(_ORDER.findall(text)))
    flights = database.get("flights") if isinstance(database.get("flights"), dict) else {}
    reservations = [r for r in dict.fromkeys(_RESERVATION.findall(text)) if r not in flights]  # HAT039: a flight
    if orders:
        facts["order"] = f"The order id is {', '.join(orders)}."
    if reservations:
        facts["reservation"] = f"The reservation id is {', '.join(reservations)}."
    writes = [a for a in actions if a.name != "respond" and kit.writes(a.name)]
    accept = []
    for i, write in enumerate(writes):
        args = {k: v for k, v in write.kwargs.items()  # an empty text is stated by no message: not asked for
                if isinstance(v, (str, int, float)) and not isinstance(v, bool) and str(v).strip()}
        accept.append({"tool": write.name, "args": args, "settles": i == len(writes) - 1})
    said = " ".join(first_person(line.strip()) for line in reason.splitlines() if line.strip())
    extra = " ".join(said_facts(task))[:MAX_TEXT // 2]
    opening = " ".join(part for part in ("Hi.", first_person(known.strip()), said) if part)
    opening = f"{opening[:MAX_TEXT - len(extra) - 1]} {extra}" if extra else opening[:MAX_TEXT]
    return Persona.model_validate({
        "opening": opening, "request": request[:2000], "facts": facts, "accept": accept,
        "told": [{"contains": str(o)} for o in outputs if str(o).strip()],
    })
