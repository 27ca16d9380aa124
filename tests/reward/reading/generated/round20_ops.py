"""Round 20's preserving family for the flip search (issue 41 item 7; SPEC §10 "the text read is the text the
customer sees"): a stutter, one lower-case word of the agent's message or of the customer's reply said twice in a
row, the second time as written or shouted ("any minute right RIGHT now", "go go ahead"). A careful reader reads
the word once: the label stays.

Words whose repetition is itself a value are not doubled (digits said one by one, "so so", "bye bye"), nor a word
inside markup, a code span, a link or a placeholder. The search draws it with a generator of its own
(``search20:{seed}``), so the draws of earlier rounds stay as they were."""

from __future__ import annotations

import random
import re
from typing import Optional

from tests.reward.reading.generated.draft import Draft

__all__ = ["preserve20", "stuttered"]

_WORD = re.compile(r"(?<![\w'\u2019{/.@#\"*_-])[a-z]{2,}(?=[ ,.;:!?]|$)")
_KEEP = frozenset("oh zero one two three four five six seven eight nine ten double triple so bye".split())
_MARKUP = ("<", "&", "`", "http", "](", "~~")


def stuttered(text: str, rng: random.Random) -> Optional[str]:
    """``text`` with one of its plain lower-case words said twice (None when it has none, or holds markup)."""
    if any(m in text for m in _MARKUP):
        return None
    spans = [m for m in _WORD.finditer(text) if m.group(0) not in _KEEP and "{" not in text[max(0, m.start() - 1):m.start()]
             and not _inside_braces(text, m.start())]
    if not spans:
        return None
    m = rng.choice(spans)
    again = m.group(0) if rng.random() < 0.5 else m.group(0).upper()
    return text[:m.end()] + " " + again + text[m.end():]


def _inside_braces(text: str, at: int) -> bool:
    return text.rfind("{", 0, at) > text.rfind("}", 0, at)


def preserve20(d: Draft, rng: random.Random) -> Draft:
    """``d`` with a stutter in one of its agent sentences or in the customer's reply (``d`` if none applies)."""
    reply = d.context.get("reply")
    if isinstance(reply, str) and rng.random() < 0.3:
        said = stuttered(reply, rng)
        if said is not None:
            return d.but("stutter", context={**d.context, "reply": said})
    order = list(range(len(d.sentences)))
    rng.shuffle(order)
    for i in order:
        said = stuttered(d.sentences[i], rng)
        if said is not None:
            return d.but("stutter", sentences=d.sentences[:i] + [said] + d.sentences[i + 1:])
    return d
