"""The telecom persona customer: the persona customer (``tau_shaped.tasks.persona_user``) with a
phone of their own, which they use when the agent asks (tau2's dual control, issue 32).

Before anything else, an agent message that asks for things to do on the phone
(:func:`.device_requests.requested`: "please toggle airplane mode", "run a speed test") is done:
each call, in the order asked, becomes the customer's step ``user:<tool>`` (:meth:`take_actions`
hands them to whoever plays the conversation: ``tasks check``'s ``play_against``, or the env).
With a live ``device`` (:class:`.telecom_env.TelecomEnv` attaches one at reset) each call runs on
the episode's state and the reply reports what the phone shows; without one (a ground truth
played for ``tasks check``) the reply says what was done. Then the persona answers as every
persona does (facts, a yes or a no, its request again).

With a live device the customer is satisfied when the task's environment assertions hold on
their phone and the carrier's records (tau2's ENV_ASSERTION: the issue fixed), and then ends
the conversation at the next message that asks nothing of them.

The wording of each reply is drawn from the persona's generator (seeded by the task and the
seed): the same task, seed and agent messages give the same conversation and the same calls.
"""

from __future__ import annotations

from typing import Any, List, Optional

from tau_shaped.env.types import Action
from tau_shaped.integrations.tau2.device_requests import requested
from tau_shaped.integrations.tau2.telecom_state import USER_SIDE, tool_names
from tau_shaped.tasks.persona_user import PersonaUser

DONE_REPLIES = ("Okay, I did that.", "Done.", "Alright, I've done it.")
MAX_SHOWN = 600  # characters of a tool's answer quoted in a reply


class TelecomPersonaUser(PersonaUser):
    """A persona customer who acts on their own phone (see the module)."""

    device: Any = None  # set by the env: ``act(tool, kwargs) -> text``, ``resolved() -> bool``

    def reset(self, instruction: Optional[str] = None) -> str:
        self._taken: List[Action] = []
        return super().reset(instruction)

    def take_actions(self) -> List[Action]:
        """The customer's phone calls since the last time asked (in order), as actions."""
        taken, self._taken = self._taken, []
        return taken

    def _met(self) -> bool:
        device = self.device
        if device is not None and device.resolved():
            return True
        return super()._met()

    def _reply(self, text: str) -> str:
        if self._ended:
            return super()._reply(text)
        calls = requested(text, tool_names("user"))
        if not calls:
            return super()._reply(text)
        self._turns += 1
        said: List[str] = []
        for tool, kwargs in calls:
            self._taken.append(Action(name=USER_SIDE + tool, kwargs=dict(kwargs)))
            if self.device is not None:
                answer = self.device.act(tool, dict(kwargs))
                said.append(answer[:MAX_SHOWN])
        if not said:
            return f"{self._pick(DONE_REPLIES)} ({', '.join(t.replace('_', ' ') for t, _ in calls)})"
        return f"{self._pick(DONE_REPLIES)} My phone shows: " + " | ".join(s.replace("\n", "; ") for s in said)


def telecom_persona_user(task: Any, seed: Optional[int] = None, env: Any = None) -> TelecomPersonaUser:
    """The telecom persona customer of ``task`` (``PersonaUser.for_task`` of this class)."""
    user = TelecomPersonaUser.for_task(task, seed=seed, env=env)
    assert isinstance(user, TelecomPersonaUser)
    return user

