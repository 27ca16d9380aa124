"""Reading trajectories: lists of actions, or tau-bench's ``traj`` (OpenAI chat messages).

A malformed trajectory raises ``TrajectoryError`` naming the step or message
at fault (SPEC §8: ``status = input_invalid``), and nothing else: a trajectory is untrusted
input (``json_input``), so a tool's arguments must be JSON (string keys, finite numbers,
integers Python can write out, valid Unicode, at most 64 levels deep), and so must the texts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

from tau_shaped.env.json_input import InputError, json_problem, loads_json, one_line, text_problem
from tau_shaped.env.reasoning import visible_text
from tau_shaped.env.types import RESPOND_ACTION_NAME, Action


class TrajectoryError(ValueError):
    """A trajectory that cannot be scored; the message (one line) names the step or message."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))


def _check_kwargs(kwargs: Any, where: str) -> None:
    problem = json_problem(kwargs)
    if problem is not None:
        raise TrajectoryError(f"{where}: arguments {problem.replace('at $', 'at kwargs', 1)}")


# the last long text found valid, held (so its id is not reused): the rollouts a run writes
# share their system prompt (one string, where the reader kept it: ``traj_opening``), which was
# encoded again at every line to look for a lone surrogate
_VALID: List[Any] = [None]
_LONG_TEXT = 1024


def _check_text(text: Any, where: str) -> None:
    if text is _VALID[0]:
        return
    problem = text_problem(text) if isinstance(text, str) else None
    if problem is not None:
        raise TrajectoryError(f"{where}: {problem}")
    if type(text) is str and len(text) >= _LONG_TEXT:
        _VALID[0] = text


def parse_replies(user_replies: Any, first_user_message: Any = None) -> List[Optional[str]]:
    """The recorded user replies (each a string or null) to the respond actions, checked."""
    if first_user_message is not None:
        if not isinstance(first_user_message, str):
            raise TrajectoryError(f"first_user_message must be a string, not {type(first_user_message).__name__}")
        _check_text(first_user_message, "first_user_message")
    if user_replies is None:
        return []
    if not isinstance(user_replies, (list, tuple)):
        raise TrajectoryError(f"user_replies must be a list, not {type(user_replies).__name__}")
    for i, reply in enumerate(user_replies):
        if reply is not None and not isinstance(reply, str):
            raise TrajectoryError(f"user reply {i}: must be a string or null, not {type(reply).__name__}")
        _check_text(reply, f"user reply {i}")
    return list(user_replies)


@dataclass
class ParsedTrajectory:
    actions: List[Action] = field(default_factory=list)
    user_replies: List[Optional[str]] = field(default_factory=list)
    first_user_message: Optional[str] = None
    # action index -> why its turn did more than one thing: an assistant message with several
    # tool calls, or with text beside its call (tau-bench's agent acts one step a turn)
    combined_turns: Dict[int, str] = field(default_factory=dict)
    # respond actions the next assistant message followed with no user message between: the
    # record shows that nobody answered them (not a reply left unrecorded), also where no user
    # spoke after the first message (a completion that asks and acts at once; SPEC §10)
    unanswered: List[int] = field(default_factory=list)
    # what the replay of these actions depends on, as the messages wrote it: a tool call's name
    # and its arguments' text, a respond action's place (not its words); None where a call's
    # arguments were given as an object (``replay_memo``)
    replay_key: Optional[Tuple[Any, ...]] = None
    # read from chat messages, which record every reply there was (a list of actions and replies
    # may leave replies unrecorded)
    from_messages: bool = False


def parse_actions(actions: Sequence[Any]) -> List[Action]:
    out: List[Action] = []
    if not isinstance(actions, (list, tuple)):
        raise TrajectoryError(f"actions must be a list, not {type(actions).__name__}")
    for i, raw in enumerate(actions):
        name = getattr(raw, "name", None) if not isinstance(raw, dict) else raw.get("name")
        kwargs = getattr(raw, "kwargs", None) if not isinstance(raw, dict) else raw.get("kwargs", {})
        if not isinstance(name, str) or not name:
            raise TrajectoryError(f"step {i}: an action needs a non-empty string 'name'")
        _check_text(name, f"step {i}: name")
        if not isinstance(kwargs, dict):
            raise TrajectoryError(f"step {i} ({name}): 'kwargs' must be an object")
        _check_kwargs(kwargs, f"step {i} ({name})")
        if name == RESPOND_ACTION_NAME and not isinstance(kwargs.get("content"), str):
            raise TrajectoryError(f"step {i}: a respond action needs a string 'content'")
        out.append(Action(name=name, kwargs=dict(kwargs)))
    return out


def _tool_call_action(call: Any, i: int, j: int) -> Tuple[Action, Optional[str]]:
    """The action of tool call ``j`` of message ``i`` (named so only in a message: the hot path
    builds no text), with its arguments' text (None: given as an object)."""
    fn = call.get("function") if isinstance(call, dict) else None
    name = fn.get("name") if isinstance(fn, dict) else None
    if not isinstance(name, str):
        raise TrajectoryError(f"traj message {i}, tool call {j}: a tool call needs function.name")
    if not name.isascii():
        _check_text(name, f"traj message {i}, tool call {j}: function.name")
    arguments = text = fn.get("arguments", "{}")
    if isinstance(arguments, str):
        if not arguments.isascii():
            _check_text(arguments, f"traj message {i}, tool call {j} ({name}): arguments")
        try:
            # loads_json's value is checked by json_problem as _check_kwargs checks it
            arguments = loads_json(arguments) if arguments.strip() else {}
        except InputError as exc:
            raise TrajectoryError(f"traj message {i}, tool call {j} ({name}): arguments: {exc}") from None
        if not isinstance(arguments, dict):
            raise TrajectoryError(f"traj message {i}, tool call {j} ({name}): arguments must be a JSON object")
    else:
        if not isinstance(arguments, dict):
            raise TrajectoryError(f"traj message {i}, tool call {j} ({name}): arguments must be a JSON object")
        _check_kwargs(arguments, f"traj message {i}, tool call {j} ({name})")
        text = None
    return Action(name=name, kwargs=arguments), text


def combined_turn(content: Any, calls: int) -> Optional[str]:
    """Why an assistant message with ``calls`` tool calls did more than one thing in its turn
    (several calls, or text beside a call), or None (tau-bench's agent acts one step a turn)."""
    said = isinstance(content, str) and bool(content.strip())
    if calls > 1:
        return f"{calls} tool calls" + (" and text" if said else "")
    return "text and a tool call" if calls == 1 and said else None


def parse_traj(messages: Sequence[Any]) -> ParsedTrajectory:
    """Actions and user replies from tau-bench's ``traj`` (every tool call of a turn counts)."""
    if not isinstance(messages, (list, tuple)):
        raise TrajectoryError(f"traj must be a list of messages, not {type(messages).__name__}")
    actions: List[Action] = []
    replies: List[Optional[str]] = []
    unanswered: List[int] = []
    combined: Dict[int, str] = {}
    first: Optional[str] = None
    key: Optional[List[Any]] = []
    awaiting_reply = False
    for i, msg in enumerate(messages):
        role = msg.get("role") if isinstance(msg, dict) else None
        if not isinstance(role, str):
            raise TrajectoryError(f"traj message {i}: a message needs a string 'role'")
        content = msg.get("content")
        if isinstance(content, str) and not content.isascii():
            _check_text(content, f"traj message {i}: content")
        if role == "user":
            text = content if isinstance(content, str) else ""
            if not actions and first is None:
                first = text
            elif awaiting_reply:
                replies.append(text)
            awaiting_reply = False
        elif role == "assistant":
            content = visible_text(content)  # reasoning blocks are no message and no text beside a call (SPEC §1)
            if awaiting_reply:
                replies.append(None)
                unanswered.append(len(actions) - 1)
            calls = msg.get("tool_calls") or []
            if not isinstance(calls, (list, tuple)):
                raise TrajectoryError(f"traj message {i}: tool_calls must be a list, not {type(calls).__name__}")
            if calls:
                why = combined_turn(content, len(calls))
                for j, call in enumerate(calls):
                    if why:
                        combined[len(actions)] = f"message {i}: {why}"
                    action, text = _tool_call_action(call, i, j)
                    actions.append(action)
                    if key is not None:
                        if text is None:
                            key = None
                        else:
                            key.append(RESPOND_ACTION_NAME if action.name == RESPOND_ACTION_NAME else (action.name, text))
                awaiting_reply = False
            else:
                if content is not None and not isinstance(content, str):
                    raise TrajectoryError(f"traj message {i}: assistant content must be text")
                actions.append(Action(name=RESPOND_ACTION_NAME, kwargs={"content": content or ""}))
                if key is not None:
                    key.append(RESPOND_ACTION_NAME)
                awaiting_reply = True
        elif role not in ("system", "tool", "developer"):
            raise TrajectoryError(f"traj message {i}: unknown role {role!r}")
    if awaiting_reply:
        replies.append(None)
    # the messages are the conversation: a question the agent went on from was answered by nobody,
    # even where no user spoke after the first message (a completion that asks and acts at once)
    return ParsedTrajectory(actions, replies, first, combined, unanswered, None if key is None else tuple(key),
                            from_messages=True)
