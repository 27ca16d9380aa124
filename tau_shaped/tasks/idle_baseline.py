"""The idle-agent baseline (issue 46; SPEC §6.2): agents that do nothing must not win.

tau2-bench scores an agent that does nothing 1.0 on many of its airline tasks (tau2-bench issue
#384: tasks scored on inaction alone). ``tasks check`` holds every task to two such agents,
built from the task alone, deterministically:

- the *idle* agent greets the customer, then the conversation ends: no tool call at all;
- the *stalling* agent greets, makes the ground truth's read-only calls (the domain's
  ``read_tools``) in their order, after each one tells the customer it is still checking and
  asks them to wait, then ends: it never writes, never transfers, never answers.

Each must score shaped outcome 0. A verdict the scorer cannot determine (``status`` other than
``ok``: an undetermined confirmation, a fault) is an *abstention*: counted apart, not a pass,
but not a failure of the task either. An outcome of 1 is: the task cannot tell doing the work
from not doing it, and ``tasks check`` refuses it naming the agent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, List, Optional, Sequence, Tuple

from tau_shaped.env.types import RESPOND_ACTION_NAME, Action
from tau_shaped.reward.scoring import score_trajectory

IDLE = "idle"
STALLING = "stalling"
AGENTS = (IDLE, STALLING)

GREETING = "Hello, thank you for contacting us. How can I help you today?"
CHECKING = "Thank you for your patience: I am still checking this for you. Please wait a moment."
FAREWELL = "I am still looking into this. Thank you for waiting; goodbye for now."
WAITING = "Okay, I will wait."  # the customer's reply to every message of the agent

#: Verdicts of one agent on one task.
WON = "outcome 1"
LOST = "outcome 0"
ABSTAINED = "abstained"


@dataclass(frozen=True)
class BaselineVerdict:
    """How one do-nothing agent fared on one task: ``verdict`` is ``LOST`` (outcome 0, as it
    must), ``WON`` (outcome 1: the task is refused) or ``ABSTAINED`` (not scored: ``why``)."""

    agent: str
    verdict: str
    why: str = ""

    @property
    def won(self) -> bool:
        return self.verdict == WON


def _say(text: str) -> Action:
    return Action(name=RESPOND_ACTION_NAME, kwargs={"content": text})


def idle_actions(task: Any) -> List[Action]:
    """The idle agent's actions on ``task``: a greeting, nothing more."""
    return [_say(GREETING)]


def stalling_actions(env: Any, task: Any) -> List[Action]:
    """The stalling agent's actions on ``task``: a greeting, then each read-only call of the
    ground truth (in its order, with its arguments), each followed by a message saying it is
    still checking, then a goodbye. No write, no transfer."""
    reads = set(getattr(env, "read_tools", ()) or ())
    out = [_say(GREETING)]
    for action in getattr(task, "actions", None) or ():
        if action.name in reads:
            out.append(Action(name=action.name, kwargs=dict(action.kwargs)))
            out.append(_say(CHECKING))
    out.append(_say(FAREWELL))
    return out


def baseline_actions(env: Any, task: Any, agent: str) -> List[Action]:
    if agent == IDLE:
        return idle_actions(task)
    if agent == STALLING:
        return stalling_actions(env, task)
    raise ValueError(f"unknown baseline agent {agent!r} (known: {', '.join(AGENTS)})")


def _opening(task: Any) -> Optional[str]:
    persona = getattr(task, "persona", None)
    return getattr(persona, "opening", None) or None


def score_baseline(env: Any, task: Any, agent: str) -> Any:
    """The shaped result of ``agent``'s trajectory on ``task`` (the customer opens with its
    persona's opening, where it has one, and answers every message that it will wait)."""
    actions = baseline_actions(env, task, agent)
    replies = [WAITING for a in actions if a.name == RESPOND_ACTION_NAME]
    return score_trajectory(env, task, actions, user_replies=replies, first_user_message=_opening(task))


def judge(result: Any, agent: str) -> BaselineVerdict:
    if result.status != "ok":
        return BaselineVerdict(agent, ABSTAINED, f"{result.status}: {result.error or ''}".rstrip(": "))
    return BaselineVerdict(agent, WON if result.outcome_reward == 1.0 else LOST)


def baseline_verdicts(env: Any, task: Any) -> Tuple[BaselineVerdict, ...]:
    """The idle and the stalling agent's verdicts on ``task``, in that order."""
    return tuple(judge(score_baseline(env, task, agent), agent) for agent in AGENTS)


def problem_line(verdict: BaselineVerdict) -> str:
    """The ``tasks check`` problem for a do-nothing agent that wins."""
    what = "greets and ends" if verdict.agent == IDLE else "only looks things up and asks the customer to wait"
    return f"the {verdict.agent} agent ({what}, never writing) scores outcome 1: the task cannot tell right from wrong"


def summary_line(verdicts: Iterable[Sequence[BaselineVerdict]]) -> str:
    """``idle agent: outcome 0 on N/M tasks (k abstained); stalling agent: ...``."""
    rows = [tuple(v) for v in verdicts if v]
    parts = []
    for i, agent in enumerate(AGENTS):
        got = [row[i] for row in rows if len(row) > i]
        lost = sum(v.verdict == LOST for v in got)
        abstained = sum(v.verdict == ABSTAINED for v in got)
        parts.append(f"{agent} agent: outcome 0 on {lost}/{len(got)} tasks" + (f" ({abstained} abstained)" if abstained else ""))
    return "; ".join(parts)
