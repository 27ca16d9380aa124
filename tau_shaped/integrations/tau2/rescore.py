"""``tau-shaped score`` on a tau2 run: per simulation, a tau-shaped record with the shaped
result (SPEC §7) of its conversation replayed in ``tau2:<domain>``, and tau2's own reward beside
it (the one tau2 stored, and the one :class:`Tau2Scorer` computes).

Each record is tau-bench's ``EnvRunResult``: ``task_id`` (tau2's task id as a number),
``trial`` (tau2's), ``reward`` (tau2's reward: the stored one, else the computed one), ``traj``
(the conversation as chat messages, :mod:`.messages`) and ``info``: ``task_key`` (tau2's task
id), ``task``, ``shaped``, and ``tau2``: ``simulation_id``, ``termination_reason``, ``reward``
and ``reward_source``, ``stored_reward_info`` (the simulation's ``reward_info`` as in the file),
``computed`` (reward, basis, breakdown, ``not_judged``, ...) and ``agrees``.

Refused, naming the file, the simulation and the field (never a silent wrong score): an env
that is not a tau2 domain, a run of another domain, a simulation that does not validate, a
task id the domain lacks (any split), a task in the file whose ground truth (actions,
facts to communicate) is not the domain's, and what :mod:`.files` refuses (no simulations list,
a repeated (id, task_id, trial), a stored reward that is not a finite number from 0 to 1, an
absurd trial). A reward tau2's evaluator computes that is not finite is reported as its error,
with ``reward`` null: the output is valid JSON (no bare NaN).
"""

from __future__ import annotations

import dataclasses
import math
import os
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

from tau_shaped.evaluation.batch import default_output
from tau_shaped.evaluation.rescore import write_records
from tau_shaped.integrations.tau2.domain import quiet_tau2
from tau_shaped.integrations.tau2.files import Tau2FileError, Tau2Input, read_tau2_input
from tau_shaped.integrations.tau2.messages import UserToolCall, tau2_traj
from tau_shaped.reward.result import check_blend, failed_result
from tau_shaped.reward.scoring import score_trajectory
from tau_shaped.tasks.domains import DomainNotFound, load_domain

_EPSILON = 1e-9


def _field(error: Any) -> str:
    first = error.errors(include_url=False)[0]
    location = ".".join(str(p) for p in first["loc"]) or "simulation"
    return f"{location}: {first['msg']}"


def _validated(model: Any, raw: Dict[str, Any], where: str) -> Any:
    from pydantic import ValidationError

    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise Tau2FileError(f"{where}: {_field(exc)}") from None


def _truth(task: Any) -> Tuple[List[Tuple[str, str, Any]], List[str]]:
    """A tau2 task's ground truth: its actions (requestor, name, arguments) and facts."""
    criteria = task.evaluation_criteria
    actions = [(a.requestor, a.name, a.arguments) for a in (criteria.actions or [])] if criteria else []
    return actions, list(criteria.communicate_info or []) if criteria else []


def _check_file_tasks(run: Tau2Input, known: Dict[str, Any]) -> Dict[str, str]:
    """Each task the file holds must be the domain's task of that id; the field, by task id, for errors."""
    from tau2.data_model.tasks import Task

    fields: Dict[str, str] = {}
    for i, raw in enumerate(run.tasks):
        where = f"{run.path}: tasks[{i}]"
        task = _validated(Task, raw, where)
        ours = known.get(task.id)
        if ours is None:
            continue  # a task no simulation names is not scored; one that is, is refused below
        (theirs_actions, theirs_facts), (our_actions, our_facts) = _truth(task), _truth(ours)
        if theirs_actions != our_actions:
            fields[task.id] = f"tasks[{i}].evaluation_criteria.actions"
        elif theirs_facts != our_facts:
            fields[task.id] = f"tasks[{i}].evaluation_criteria.communicate_info"
    return fields


def _tau2_reward(sim: Any, raw: Dict[str, Any], computed: Optional[Any], error: str) -> Dict[str, Any]:
    stored = raw.get("reward_info") if isinstance(raw.get("reward_info"), dict) else None
    stored_reward = sim.reward_info.reward if sim.reward_info is not None else None
    out: Dict[str, Any] = {
        "simulation_id": sim.id,
        "termination_reason": getattr(sim.termination_reason, "value", sim.termination_reason),
        "stored_reward_info": stored,
        "computed": dataclasses.asdict(computed) if computed is not None else {"error": error},
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


def rescore_tau2(
    path: Union[str, Path],
    env: str,
    blend: str = "shaped",
    lam: float = 0.3,
    output: Optional[Union[str, Path]] = None,
    on_record: Optional[Callable[[int, int], None]] = None,
) -> Path:
    """Write ``output`` (default ``<file>.shaped.json``; ``.jsonl``: JSON lines) with one record
    per simulation of the tau2 run at ``path`` (a file or a run folder)."""
    check_blend(blend, lam)
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

    from tau_shaped.integrations.tau2.reward import Tau2Scorer

    tasks = [task for split in domain.task_files for task in domain.tasks(split)]
    index_of = {task.id: i for i, task in enumerate(tasks)}
    scorer = Tau2Scorer(name)
    differing = _check_file_tasks(run, scorer.tasks)
    sims = []
    for where, raw in run.simulations:
        sim = _validated(SimulationRun, raw, where)
        if sim.task_id not in index_of or sim.task_id not in scorer.tasks:
            raise Tau2FileError(f"{where}: task_id: {sim.task_id!r} is not a task of {domain.name} "
                                f"({len(tasks)} tasks, every split): wrong --env?")
        if sim.task_id in differing:
            raise Tau2FileError(f"{where}: task_id {sim.task_id!r}: {differing[sim.task_id]} in the file differ from "
                                f"{domain.name}'s task {sim.task_id!r}: another domain or tau2 version?")
        sims.append((where, raw, sim))
    shaped_env = domain.make_env(user_strategy="scripted", tasks=tasks, task_index=0)
    _check_tools(run, sims, set(shaped_env.tools_map), domain.name)
    trials: Dict[str, int] = {}
    out: List[Dict[str, Any]] = []
    for n, (where, raw, sim) in enumerate(sims):
        index = index_of[sim.task_id]
        trial = sim.trial if sim.trial is not None else trials.get(sim.task_id, 0)
        trials[sim.task_id] = trial + 1
        try:
            traj = tau2_traj(sim.messages)
            shaped = score_trajectory(shaped_env, index, traj=traj, blend=blend, lam=lam)
        except UserToolCall as exc:
            traj, shaped = [], failed_result("input_invalid", f"simulation {sim.id!r}: {exc}", blend, lam)
        computed, error = None, ""
        try:
            computed = scorer.score(sim, scorer.tasks[sim.task_id])
        except Exception as exc:  # noqa: BLE001 - reported beside the stored reward, never a silent 0
            error = f"{type(exc).__name__}: {exc}"
        tau2 = _tau2_reward(sim, raw, computed, error)
        info: Dict[str, Any] = {"task_key": sim.task_id, "task": tasks[index].model_dump(mode="json"),
                                "shaped": shaped.to_dict(), "tau2": tau2,
                                "source": {"format": "tau2", "file": str(run.path), "env": domain.name}}
        if tau2["reward"] is None:
            info["error"] = f"{where}: tau2's reward: none stored and it could not be computed ({error})"
        task_id = int(sim.task_id) if sim.task_id.isdigit() else index
        out.append({"task_id": task_id, "reward": tau2["reward"] or 0.0, "info": info, "traj": traj, "trial": trial})
        if on_record:
            on_record(n + 1, len(sims))
    source = Path(path)
    target = Path(output) if output else default_output(source)
    write_records(target, out)
    return target


def _check_tools(run: Tau2Input, sims: List[Tuple[str, Dict[str, Any], Any]], tools: set, domain: str) -> None:
    """A run that names neither its domain nor its tasks: refused when most of its tool calls name
    tools the domain lacks (a run of another domain; a few unknown calls are the agent's own)."""
    if run.domain is not None or run.tasks:
        return
    names = [c.name for _, _, sim in sims for m in sim.messages for c in (getattr(m, "tool_calls", None) or [])]
    unknown = [name for name in names if name not in tools]
    if 2 * len(unknown) > len(names):
        shown = ", ".join(sorted(set(unknown))[:3])
        raise Tau2FileError(f"{run.path}: messages: {len(unknown)} of its {len(names)} tool calls ({shown}, ...) are not "
                            f"tools of {domain}: a run of another domain? (the file names neither its domain nor its tasks)")


def check_not_tau2_env(path: Union[str, Path], env: str) -> None:
    """A tau-bench or tau-shaped results file with ``--env`` a tau2 domain: only records of a
    tau-shaped run of that domain (``info.run.env``, or ``info.source.env`` of a scored tau2
    run) are; a tau-bench file would be scored against tau2's unrelated tasks of the same ids."""
    domain = load_domain(env)
    if not domain.name.startswith("tau2:"):
        return
    from tau_shaped.evaluation.results_file import read_results

    for i, record in enumerate(read_results(path)):
        info = record.get("info") or {}
        ran = [(info.get(key) or {}).get("env") for key in ("run", "source") if isinstance(info.get(key), dict)]
        if not {env, domain.name} & set(ran):
            what = f"a run of --env {ran[0]}" if ran and ran[0] else "tau-bench's format, with no tau2 run in it"
            raise Tau2FileError(f"{path}: record {i}: info.run.env: {what}; {domain.name} scores tau2's results (a Results "
                                f"JSON or run folder) and tau-shaped runs of {domain.name}")
