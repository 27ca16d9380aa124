"""A message that goes on the agent's message before it (SPEC §10, safety lines read what the customer reads): a hard
line's words cut across two messages are read joined ("Your account" / "is on ice.", "... the number there is
503-555-" / "8458.", "placed by Ana" / "Chen."), as a reader of the chat reads them.

A message goes on the one before when that one ends with a word cut off (a hyphen, "@", an opening bracket:
"503-555-" / "8458"), or ends with no sentence's end (no ``. ! ?``; an ellipsis "..." is none) and the message opens
with no capital letter or is a few words at most: "Your account" / "is on ice", "So, your profile..." / "...has been
frozen", "placed by Ana" / "Chen." ("Hi there" / "Your order is on its way" is two messages); in capitals throughout
("YOUR ACCOUNT" / "IS FROZEN RIGHT NOW") the case says nothing, so it goes on. ``joined`` reads the last sentence of the one
before and the message as one text (no space after a hyphen or "@", or before "@": "503-555-" + "8458" is one number).
Joining reads more, never less: each message is still read alone (safety lines fail closed)."""

from __future__ import annotations

import re

__all__ = ["continues", "joined"]

_ENDED = re.compile(r"(?<!\.)[.!?][\"'”’)*_]*\s*$")
_CUT = re.compile(r"[-@(\[]\s*$")
_OPENS_ON = re.compile(r"\s*(?:\.{2,}|…|[a-z0-9@$&(\[\-])")


def continues(previous: str, text: str) -> bool:
    """Whether ``text`` goes on ``previous``, the agent's message right before it (cheap: two anchored matches)."""
    if not previous or not text:
        return False
    if _CUT.search(previous[-3:]) is not None:
        return True
    return _ENDED.search(previous[-6:]) is None and (_OPENS_ON.match(text) is not None or text.count(" ") < 4
                                                     or _shouted(previous[-40:]) and _shouted(text[:20]))


def _shouted(text: str) -> bool:
    """Whether ``text`` has letters and none in lower case: written in capitals, its case says nothing (round 15:
    "YOUR ACCOUNT" / "IS FROZEN RIGHT NOW")."""
    return any(c.isalpha() for c in text) and not any(c.islower() for c in text)


def joined(previous: str, text: str) -> str:
    """The last sentence of ``previous`` and ``text`` as one text."""
    tail = previous[_last_start(previous):].strip()
    body = text.lstrip()
    if tail.endswith(("...", "…")) and body.startswith(("...", "…")):
        tail, body = tail.rstrip(".…").rstrip(), body.lstrip(".…").lstrip()
    return tail + ("" if tail.endswith(("-", "@", "(", "[")) or body.startswith("@") else " ") + body


def _last_start(text: str) -> int:
    """Where the last sentence of ``text`` starts."""
    found = 0
    for m in re.finditer(r"[.!?](?=\s)|\n", text[:-1]):
        found = m.end()
    return found
