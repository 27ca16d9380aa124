"""A τ-voice (full-duplex) simulation of tau2-bench 1.0.x, read as the conversation it holds.

1.0.x records a full-duplex simulation (``mode: "full_duplex"``) as ``ticks``, ``messages``
null: each tick (a slice of tens of milliseconds) holds what each side said in it
(``agent_chunk``, ``user_chunk``: a message whose ``content`` is that slice's text, the
proportional transcript, with the ``utterance_ids`` it belongs to; ``is_audio`` true when the
content is the audio itself), the tool calls each side made in it (``agent_tool_calls``,
``user_tool_calls``) with their results (``agent_tool_results``, ``user_tool_results``), and
``user_transcript``, the user's speech as transcribed.

Its transcript, as messages (what :mod:`.rescore` scores, as a half-duplex simulation's):
tick by tick, the agent's chunk, the agent's tool calls and their results, then the user's chunk,
the user's calls and theirs (tau2's own order within a tick); consecutive chunks of one side
make one message, until the other side speaks or a tool is called, joined as tau2 joins chunks
(no space within an utterance, one between utterances); a chunk holding audio counts by the
tick's ``user_transcript`` (the user's), else it has no text. A full-duplex simulation that
stores ``messages`` (one per chunk) is read the same way, its consecutive messages of one side
joined.

Not scoreable, saying why in one line: a voice simulation none of whose ticks holds text or a
tool call (the file keeps the timing of the speech, not what was said), or one with speech
(a chunk whose ``contains_speech`` is true) that has no text in the file: audio, or a chunk
stripped of its content (scored without it, the conversation would lack what was said). A tick or a field of the
wrong kind is a :class:`VoiceError` naming the field (``ticks[12].agent_chunk.content``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

FULL_DUPLEX = "full_duplex"
_SIDES = (("agent", "assistant"), ("user", "user"))


class VoiceError(ValueError):
    """A voice simulation's field of the wrong kind; the message is one line naming the field."""


@dataclass
class Transcript:
    """A voice simulation read: its messages (tau2's JSON shape), or why it has none."""

    ticks: int
    messages: List[Dict[str, Any]] = field(default_factory=list)
    why_not: Optional[str] = None


def is_voice(raw: Dict[str, Any]) -> bool:
    """A full-duplex simulation: ``mode`` says so, or it has ticks and no messages."""
    return raw.get("mode") == FULL_DUPLEX or (raw.get("messages") is None and raw.get("ticks") is not None)


def _kind(value: Any) -> str:
    return "null" if value is None else type(value).__name__


def _text(value: Any, where: str) -> Optional[str]:
    if value is None or isinstance(value, str):
        return value
    raise VoiceError(f"{where}: not text (a {_kind(value)})")


def _calls(value: Any, where: str) -> List[Dict[str, Any]]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise VoiceError(f"{where}: not a list of tool calls (a {_kind(value)})")
    for n, call in enumerate(value):
        if not isinstance(call, dict):
            raise VoiceError(f"{where}[{n}]: not a tool call (a JSON object), a {_kind(call)}")
        if not isinstance(call.get("name"), str) or not call["name"]:
            raise VoiceError(f"{where}[{n}].name: not a tool name (a {_kind(call.get('name'))})")
        if not isinstance(call.get("arguments", {}), dict):
            raise VoiceError(f"{where}[{n}].arguments: not an object of arguments (a {_kind(call.get('arguments'))})")
        _text(call.get("id"), f"{where}[{n}].id")
    return value


def _results(value: Any, where: str) -> List[Dict[str, Any]]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise VoiceError(f"{where}: not a list of tool results (a {_kind(value)})")
    return [_result(result, f"{where}[{n}]") for n, result in enumerate(value)]


def _result(result: Any, where: str) -> Dict[str, Any]:
    if not isinstance(result, dict):
        raise VoiceError(f"{where}: not a tool result (a JSON object), a {_kind(result)}")
    _text(result.get("content"), f"{where}.content")
    return {"role": "tool", **{k: result[k] for k in ("id", "content", "requestor", "error") if k in result}}


class _Builder:
    """Messages from chunks and calls, in order: consecutive chunks of one side joined."""

    def __init__(self) -> None:
        self.messages: List[Dict[str, Any]] = []
        self._open: Optional[Dict[str, Any]] = None  # the message being spoken, and its utterance ids
        self._ids: set = set()

    def say(self, role: str, text: str, utterances: List[str]) -> None:
        if self._open is not None and self._open["role"] == role:
            apart = bool(utterances) and bool(self._ids) and self._ids.isdisjoint(utterances)
            self._open["content"] += (" " if apart else "") + text
        else:
            self._open = {"role": role, "content": text}
            self.messages.append(self._open)
        self._ids = set(utterances)

    def call(self, role: str, calls: List[Dict[str, Any]], results: List[Dict[str, Any]]) -> None:
        self._open, self._ids = None, set()
        self.messages.append({"role": role, "content": None,
                              "tool_calls": [{"id": c.get("id") or "", "name": c["name"],
                                              "arguments": c.get("arguments") or {},
                                              "requestor": c.get("requestor") or role} for c in calls]})
        self.messages.extend(results)

    def result(self, results: List[Dict[str, Any]]) -> None:
        if results:
            self._open, self._ids = None, set()
            self.messages.extend(results)


def _chunk(tick: Dict[str, Any], side: str, where: str) -> Tuple[Optional[str], List[str], bool]:
    """A side's chunk of a tick: its text (or None), its utterance ids, and whether it is speech
    (``contains_speech``) with no text for it."""
    chunk = tick.get(f"{side}_chunk")
    if chunk is None:
        return None, [], False
    if not isinstance(chunk, dict):
        raise VoiceError(f"{where}.{side}_chunk: not a message (a JSON object), a {_kind(chunk)}")
    content = _text(chunk.get("content"), f"{where}.{side}_chunk.content")
    ids = chunk.get("utterance_ids") or []
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        raise VoiceError(f"{where}.{side}_chunk.utterance_ids: not a list of utterance ids (strings)")
    if chunk.get("is_audio") is True:  # the content is the audio: the user's words are the tick's transcript
        content = _text(tick.get("user_transcript"), f"{where}.user_transcript") if side == "user" else None
    text = content if content and content.strip() else None
    return text, ids, chunk.get("contains_speech") is True and text is None


def transcript(raw: Dict[str, Any]) -> Transcript:
    """The conversation of voice simulation ``raw`` (its ticks, else its stored chunk
    messages), or why it has none; :class:`VoiceError` on a field of the wrong kind."""
    ticks = raw.get("ticks")
    if ticks is None and isinstance(raw.get("messages"), list):
        return _from_messages(raw["messages"])
    if not isinstance(ticks, list):
        raise VoiceError(f"ticks: not a list of ticks (a {_kind(ticks)})")
    built, unwritten = _Builder(), {"agent": 0, "user": 0}
    for n, tick in enumerate(ticks):
        where = f"ticks[{n}]"
        if not isinstance(tick, dict):
            raise VoiceError(f"{where}: not a tick (a JSON object), a {_kind(tick)}")
        for side, role in _SIDES:
            text, ids, audio = _chunk(tick, side, where)
            calls = _calls(tick.get(f"{side}_tool_calls"), f"{where}.{side}_tool_calls")
            results = _results(tick.get(f"{side}_tool_results"), f"{where}.{side}_tool_results")
            unwritten[side] += audio
            if text is not None:
                built.say(role, text, ids)
            if calls:
                built.call(role, calls, results)
            else:
                built.result(results)
    return _checked(len(ticks), built.messages, unwritten)


def _from_messages(messages: List[Any]) -> Transcript:
    built = _Builder()
    for n, message in enumerate(messages):
        where = f"messages[{n}]"
        if not isinstance(message, dict):
            raise VoiceError(f"{where}: not a message (a JSON object), a {_kind(message)}")
        role = message.get("role")
        if role == "tool":
            built.result([_result(message, where)])
            continue
        text = _text(message.get("content"), f"{where}.content")
        calls = _calls(message.get("tool_calls"), f"{where}.tool_calls")
        if role not in ("assistant", "user"):
            built.messages.append(message)
            continue
        if text and text.strip() and message.get("is_audio") is not True:
            ids = message.get("utterance_ids") or []
            built.say(role, text, ids if isinstance(ids, list) else [])
        if calls:
            built.call(role, calls, [])
    return _checked(0, built.messages, {"agent": 0, "user": 0})


def _checked(ticks: int, messages: List[Dict[str, Any]], unwritten: Dict[str, int]) -> Transcript:
    said = [m for m in messages if m.get("content") or m.get("tool_calls")]
    if not said:
        return Transcript(ticks, why_not=f"no messages: a full-duplex (voice) simulation with {ticks} ticks only, none "
                                         "holding text or a tool call: no transcript to score (the file keeps the timing "
                                         "of the speech, not what was said)")
    muted = [f"the {side}'s in {count} ticks" for side, count in unwritten.items() if count]
    if muted:
        return Transcript(ticks, why_not=(f"a full-duplex (voice) simulation with speech that has no text in the file "
                                          f"({', '.join(muted)}): what was said cannot be scored"))
    return Transcript(ticks, messages=[{**m, "turn_idx": i} for i, m in enumerate(messages)])
