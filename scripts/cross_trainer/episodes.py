"""What the episode runners share: the turns a row plays (its prefix's texts, the completion, then
"Goodbye." until the customer stops, three at most: as the conformance suite and
``completion_set.play_episode`` play it)."""

from __future__ import annotations

from typing import Any, Dict, List

GOODBYES = ["Goodbye."] * 3


def text_turns(row: Dict[str, Any]) -> List[str]:
    """The row's turns as model text (stacks that take text)."""
    return list(row["turns"]) + [row["completion"]] + GOODBYES


def message_turns(row: Dict[str, Any]) -> List[Any]:
    """The row's turns with the completion as its assistant message (stacks that take messages)."""
    message = {k: v for k, v in row["completion_messages"][0].items() if v is not None}
    return list(row["turns"]) + [message] + GOODBYES


def replies(row: Dict[str, Any]) -> Any:
    return (row.get("extra_info") or {}).get("user_replies")
