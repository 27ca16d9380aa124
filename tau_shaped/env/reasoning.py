"""Reasoning in model output: what a model thinks aloud, kept apart from what it says (SPEC §1).

``<think>…</think>``, ``<reasoning>…</reasoning>`` and ``<thinking>…</thinking>`` blocks (an unclosed
opening tag runs to the end; text before a ``</think>`` no tag opened is reasoning too, as
templates that open the block in the prompt leave it), and a message's ``reasoning_content`` or
``reasoning`` field, are reasoning: kept in the record, but never a message to the customer, never
a call and never "text beside a call". ``split_reasoning`` scans in linear time.
"""

from __future__ import annotations

from typing import Any, List, Tuple

REASONING_TAGS = (("<think>", "</think>"), ("<reasoning>", "</reasoning>"), ("<thinking>", "</thinking>"))
REASONING_FIELDS = ("reasoning_content", "reasoning")


def split_reasoning(text: str) -> Tuple[str, str]:
    """(the text without its reasoning blocks, the reasoning joined); linear in the text."""
    if "<" not in text:
        return text, ""
    thoughts: List[str] = []
    first_close = text.find("</think>")
    if first_close >= 0 and "<think>" not in text[:first_close]:  # the template opened the block in the prompt
        thoughts.append(text[:first_close].strip())
        text = text[first_close + len("</think>"):]
    for opening, closing in REASONING_TAGS:
        if opening not in text:
            continue
        kept: List[str] = []
        pos = 0
        while True:
            start = text.find(opening, pos)
            if start < 0:
                break
            kept.append(text[pos:start])
            end = text.find(closing, start + len(opening))
            if end < 0:
                thoughts.append(text[start + len(opening):].strip())
                pos = len(text)
                break
            thoughts.append(text[start + len(opening):end].strip())
            pos = end + len(closing)
        kept.append(text[pos:])
        text = "".join(kept)
    return text, "\n\n".join(t for t in thoughts if t)


def visible_text(content: Any) -> Any:
    """An assistant message's content without its reasoning blocks (other values as they are)."""
    return split_reasoning(content)[0] if isinstance(content, str) else content
