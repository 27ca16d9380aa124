"""What the verifier reads of an episode: its steps, messages, events and state trace.

A *step* is the index of an action in the trajectory (SPEC §1). The env
records one ``Step`` per action it executes; the user's first message (before
any step) is kept apart. ``state_trace`` holds, for each step, the values of
the task's state probes after that step (see ``probes.py``), so that state
predicates can say at which step they became true.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, FrozenSet, List, Optional, Tuple

from tau_shaped.env.episode import Event
from tau_shaped.env.types import RESPOND_ACTION_NAME, Action


def observation_failed(observation: str) -> bool:
    """tau-bench's tools signal failure by an observation starting with ``Error`` (in any case;
    SPEC §5 ``succeeded``).
    Only its first five characters are lower-cased: no other character lower-cases to an ``e``,
    ``r`` or ``o``, so the answer is the whole text's, without copying an observation of
    kilobytes several times a rollout."""
    return observation.lstrip()[:5].lower() == "error"


@dataclass
class Step:
    index: int
    action: Action
    observation: str
    known_tool: bool = True
    events: List[Event] = field(default_factory=list)
    # the tool's code raised (a ``@tool`` function's exception other than ``ToolError``, one
    # line: ``KeyError('rx_id')``): the observation is the same ``Error: ...`` a refusal gives,
    # but the fault is the domain's, not the agent's request
    code_error: Optional[str] = None

    @property
    def is_respond(self) -> bool:
        return self.action.name == RESPOND_ACTION_NAME

    @property
    def succeeded(self) -> bool:
        """A call the env knew that did not return an error (SPEC §5 ``succeeded``)."""
        return self.known_tool and not observation_failed(self.observation)

    @property
    def agent_text(self) -> Optional[str]:
        action = self.action  # read by the checks dozens of times a rollout: no property within
        if action.name == RESPOND_ACTION_NAME:
            content = action.kwargs.get("content")
            return content if isinstance(content, str) else None
        return None

    @property
    def user_reply(self) -> Optional[str]:
        return self.observation if self.action.name == RESPOND_ACTION_NAME else None


@dataclass
class Trajectory:
    steps: List[Step] = field(default_factory=list)
    first_user_message: Optional[str] = None
    state_trace: Optional[List[Tuple[Any, ...]]] = None
    # step -> why that step's turn did more than one thing (several tool calls in one message,
    # or text beside a call), as the recorded messages show, or as the live loop noted it
    # (``note_combined_turn``: StepwiseEnv, play_episode)
    combined_turns: Dict[int, str] = field(default_factory=dict)
    # respond steps the recorded messages show nobody answered (the agent went on): no yes
    unanswered: FrozenSet[int] = frozenset()

    @property
    def events(self) -> List[Event]:
        return [event for step in self.steps for event in step.events]

    def agent_messages(self) -> List[Tuple[int, str]]:
        return [(s.index, text) for s in self.steps if (text := s.agent_text) is not None]

    def user_messages(self) -> List[Tuple[int, str]]:
        """User messages with the step they answer (the first message counts as step 0)."""
        out: List[Tuple[int, str]] = []
        if self.first_user_message is not None and self.steps:
            out.append((0, self.first_user_message))
        out.extend((s.index, s.user_reply) for s in self.steps if s.user_reply is not None)
        return out

    def to_dict(self) -> Dict[str, Any]:
        return {
            "first_user_message": self.first_user_message,
            "steps": [
                {
                    "action": s.action.model_dump(),
                    "observation": s.observation,
                    "succeeded": s.succeeded,
                    "events": [e.to_dict() for e in s.events],
                    **({"code_error": s.code_error} if s.code_error is not None else {}),
                }
                for s in self.steps
            ],
        }
