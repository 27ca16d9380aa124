"""A tau2-bench 1.0.1 checkout and run of our own, for the tests (issue 46).

``fixtures/tau2_v1_0_1/`` is a checkout's data in 1.0.1's layout
(``data/tau2/domains/airline/``: ``db.json``, ``tasks.json``, ``split_tasks.json``, ``policy.md``
and ``tasks_voice.json``), a small world and three tasks written for these tests, in 1.0.1's
task shape: ``action_id``, ``info``, a ``compare_args``, ``issues``, ``annotations``, and one task
(``2``) that leaves ``reward_basis`` out (read as ``[DB, COMMUNICATE]``).

:func:`v1_0_1_run` builds a run of it as tau2-bench 1.0.1 saves one: its tasks as 1.0.1's
``Results`` dumps them (every field of 1.0.1's ``Task``, defaults filled; here also in another
key order, ``reward_basis`` in another order: representation only), half-duplex simulations acting each task's ground truth, and τ-voice (full-duplex)
simulations: the same conversations as 1.0.1 records them, tick by tick (:func:`as_voice`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List, Optional

CHECKOUT = Path(__file__).parent / "fixtures" / "tau2_v1_0_1"
DATA = CHECKOUT / "data"
AIRLINE = DATA / "tau2" / "domains" / "airline"
STAMP = "2026-07-20T10:00:00"


def checkout_tasks() -> List[Dict[str, Any]]:
    return json.loads((AIRLINE / "tasks.json").read_text())


def _reversed_keys(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _reversed_keys(value[k]) for k in reversed(list(value))}
    if isinstance(value, list):
        return [_reversed_keys(v) for v in value]
    return value


def as_dumped(task: Dict[str, Any]) -> Dict[str, Any]:
    """``task`` as tau2-bench 1.0.1's ``Results`` embeds it (every field of its ``Task`` model,
    ``annotations`` not one of them), written differently: the same task."""
    criteria = dict(task["evaluation_criteria"])
    criteria.setdefault("env_assertions", None)
    criteria["reward_basis"] = list(reversed(criteria.get("reward_basis", ["DB", "COMMUNICATE"])))
    criteria["actions"] = [{"action_id": a["action_id"], "requestor": "assistant", "name": a["name"],
                            "arguments": a["arguments"], "info": a.get("info"),
                            "compare_args": a.get("compare_args")} for a in criteria["actions"]]
    issues = [{"description": None, "resolution": None, "resolved_at": None, "pr_link": None, "simulation_file": None,
               **issue} for issue in task.get("issues") or []] or None
    dumped = {"id": task["id"], "description": task["description"], "user_scenario": task["user_scenario"],
              "ticket": None, "initial_state": None, "evaluation_criteria": criteria, "issues": issues,
              "required_documents": None, "user_tools": None}
    return _reversed_keys(dumped)


def _message(message: Dict[str, Any], index: int) -> Dict[str, Any]:
    """A message as 1.0.1 dumps it: its fields beside 26.3's."""
    out = dict(message, turn_idx=index, timestamp=STAMP)
    if out.get("role") in ("assistant", "user"):
        out.update(is_audio=False, cost=0.0, usage=None, raw_data=None, utterance_ids=None, chunk_id=None,
                   is_final_chunk=True, contains_speech=True)
    return out


def _simulation(sim: Any, trial: int) -> Dict[str, Any]:
    raw = json.loads(sim.model_dump_json())
    raw.update(trial=trial, mode="half_duplex", ticks=None, review=None, user_only_review=None, info=None,
               hallucination_retries_used=0, hallucination_check=None, provider_session_id=None, policy=None,
               effect_timeline=None, speech_environment=None, auth_classification=None)
    raw["messages"] = [_message(m, i) for i, m in enumerate(raw["messages"])]
    return raw


def _chunk(role: str, text: Optional[str], utterance: Optional[str]) -> Dict[str, Any]:
    return {"role": role, "content": text, "is_audio": False, "utterance_ids": [utterance] if utterance else None,
            "contains_speech": text is not None, "turn_taking_action": None, "timestamp": STAMP}


def _tick(n: int, agent: Optional[Dict[str, Any]] = None, user: Optional[Dict[str, Any]] = None,
          calls: Optional[List[Dict[str, Any]]] = None, results: Optional[List[Dict[str, Any]]] = None) -> Dict[str, Any]:
    return {"tick_id": n, "timestamp": STAMP, "agent_chunk": agent or _chunk("assistant", None, None),
            "user_chunk": user or _chunk("user", None, None), "agent_tool_calls": calls or [], "user_tool_calls": [],
            "agent_tool_results": results or [], "user_tool_results": [], "user_transcript": None,
            "tick_duration_seconds": 0.2, "wall_clock_duration_seconds": 0.2}


def as_voice(sim: Dict[str, Any], sim_id: str, width: int = 7) -> Dict[str, Any]:
    """Half-duplex simulation ``sim`` (1.0.1's JSON) as 1.0.1 records a full-duplex one: no
    ``messages``; ticks, each with a ``width``-character slice of what one side says (its
    utterance's id), a tool call with its result, or silence between turns."""
    ticks: List[Dict[str, Any]] = []
    messages = json.loads(json.dumps(sim["messages"]))  # the ticks share nothing with ``sim``
    for n, message in enumerate(messages):
        role = message["role"]
        if role == "tool":
            continue
        if message.get("tool_calls"):
            results = [m for m in messages[n + 1:n + 1 + len(message["tool_calls"])] if m["role"] == "tool"]
            ticks.append(_tick(len(ticks), calls=message["tool_calls"], results=results))
            continue
        text = message.get("content") or ""
        for start in range(0, len(text), width):
            piece = _chunk(role, text[start:start + width], f"utt-{n}")
            ticks.append(_tick(len(ticks), **({"agent": piece} if role == "assistant" else {"user": piece})))
        ticks.append(_tick(len(ticks)))  # a silent tick between turns
    voice = {k: v for k, v in sim.items() if k != "messages"}
    voice.update(id=sim_id, mode="full_duplex", messages=None, ticks=ticks, reward_info=None)
    return voice


def v1_0_1_run(data: Path = DATA) -> Dict[str, Any]:
    """The run: each task's ground truth acted (half-duplex), task 1's and task 2's also as
    voice simulations, and a voice simulation of task 0 whose ticks hold no text (timings only)."""
    from tau2.data_model.tasks import Task

    from tau_shaped.env.types import Action
    from tau_shaped.integrations.tau2.domain import environment_constructor, initial_database, toolkit
    from tau_shaped.integrations.tau2.simulations import conversation_simulation
    from tau_shaped.integrations.tau2.tasks import shaped_tasks

    constructor = environment_constructor("airline", data.resolve())
    raw = checkout_tasks()
    tau2 = {t["id"]: Task.model_validate(t) for t in raw}
    shaped = {t.id: t for t in shaped_tasks(raw, {}, toolkit("airline"), initial_database("airline", data.resolve()))}
    said = {"1": [Action(name="respond", kwargs={"content": "As a gold member you may take 6 checked bags for free."})],
            "2": [Action(name="respond", kwargs={"content": "Done: both bags are free, no cost to you."})]}
    sims = [_simulation(conversation_simulation(constructor, tau2[i], list(shaped[i].actions) + said.get(i, []),
                                                f"half-{i}"), 0) for i in ("0", "1", "2")]
    silent = as_voice(sims[0], "voice-0-timings-only")
    silent["ticks"] = [_tick(t["tick_id"]) for t in silent["ticks"]]
    sims += [as_voice(sims[1], "voice-1"), as_voice(sims[2], "voice-2"), silent]
    env_info = constructor().get_info().model_dump(mode="json")
    info = {"git_commit": "a" * 40, "num_trials": 1, "max_steps": 200, "max_errors": 10,
            "user_info": {"implementation": "user_simulator", "llm": "none", "llm_args": {}},
            "agent_info": {"implementation": "llm_agent", "llm": "none", "llm_args": {}},
            "environment_info": env_info, "seed": 300, "speech_complexity": None, "audio_native_config": None}
    return {"timestamp": STAMP, "info": info, "tasks": [as_dumped(t) for t in checkout_tasks()], "simulations": sims,
            "simulation_index": None}
