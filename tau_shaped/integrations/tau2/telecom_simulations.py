"""tau2 telecom simulations played from a converted ground truth, with tau2's own machinery.

:func:`simulation` turns a ``tau2:telecom`` task's ground truth (both sides, :mod:`.telecom_tasks`)
into a tau2 ``SimulationRun`` as tau2's orchestrator records one: the agent's greeting, the
customer's opening, each agent message answered by the customer; the customer's phone calls as
a user message with ``tool_calls`` (requestor ``user``) and their results, before the
customer's words; every tool result from tau2's own environment set to the task's initial
state. :func:`evaluated` stores tau2's own reward (``evaluate_simulation``) in it, so a results
file of such simulations is a file as ``tau2 run`` writes it, offline and without a model.
``drop`` leaves out the ground truth's steps at those indices (a simulation that should fail).
"""

from __future__ import annotations

from typing import Any, Iterable, List, Optional

from tau_shaped.integrations.tau2.telecom_state import USER_SIDE

GREETING = "Hi! How can I help you today?"
_STAMP = "2026-01-01T00:00:00"


def simulation(task: Any, shaped: Any, trial: int = 0, drop: Iterable[int] = (), replies: Optional[List[str]] = None) -> Any:
    """A tau2 ``SimulationRun`` of ``shaped``'s ground truth (``task``: tau2's task of it)."""
    from tau2.data_model.message import AssistantMessage, ToolCall, UserMessage
    from tau2.data_model.simulation import SimulationRun, TerminationReason
    from tau2.registry import registry

    env = registry.get_env_constructor("telecom")()
    state = task.initial_state
    env.set_state(initialization_data=state.initialization_data if state else None,
                  initialization_actions=state.initialization_actions if state else None, message_history=[])
    opening = shaped.persona.opening if shaped.persona is not None else "Hi."
    messages: List[Any] = [AssistantMessage(role="assistant", content=GREETING),
                           UserMessage(role="user", content=opening)]
    skipped = set(drop)
    actions = [a for i, a in enumerate(shaped.actions) if i not in skipped]
    said = list(replies or [])
    n = 0
    i = 0
    while i < len(actions):
        action = actions[i]
        n += 1
        if action.name == "respond":
            messages.append(AssistantMessage(role="assistant", content=action.kwargs["content"]))
            i += 1
            while i < len(actions) and actions[i].name.startswith(USER_SIDE):  # the customer's phone calls
                call = ToolCall(id=f"u{n}_{i}", name=actions[i].name[len(USER_SIDE):],
                                arguments=dict(actions[i].kwargs), requestor="user")
                messages.append(UserMessage(role="user", content=None, tool_calls=[call]))
                messages.append(env.get_response(call))
                i += 1
            messages.append(UserMessage(role="user", content=said.pop(0) if said else "Okay."))
            continue
        call = ToolCall(id=f"a{n}_{i}", name=action.name, arguments=dict(action.kwargs), requestor="assistant")
        messages.append(AssistantMessage(role="assistant", content=None, tool_calls=[call]))
        messages.append(env.get_response(call))
        i += 1
    last = "transfer_to_human_agents" in {a.name for a in actions}
    return SimulationRun(id=f"{task.id}-{trial}-{len(skipped)}", task_id=task.id, trial=trial, start_time=_STAMP,
                         end_time=_STAMP, duration=0.0, messages=messages,
                         termination_reason=TerminationReason.AGENT_STOP if last else TerminationReason.USER_STOP)


def evaluated(sim: Any, task: Any) -> Any:
    """``sim`` with tau2's own reward stored (``evaluate_simulation``, every component)."""
    from tau2.evaluator.evaluator import EvaluationType, evaluate_simulation

    info = evaluate_simulation(simulation=sim, task=task, evaluation_type=EvaluationType.ALL, solo_mode=False,
                               domain="telecom")
    return sim.model_copy(update={"reward_info": info})
