"""Round 20's preserving families for the flip search (issue 41 item 7; SPEC §10 "the text read is the text the
customer sees"):

- (DC) a stutter, one lower-case word of the agent's message or of the customer's reply said twice in a row, the
  second time as written or shouted ("any minute right RIGHT now", "go go ahead"). A careful reader reads the word
  once: the label stays.
- (DH) a postscript: the agent's last sentence put after a sign-off as a "P.S." ("Have a great evening! P.S. Shall I
  go ahead?"). It is still said to the customer, in the same message: the label stays.

Words whose repetition is itself a value are not doubled (digits said one by one, "so so", "bye bye"), nor a word
inside markup, a code span, a link or a placeholder. The search draws it with a generator of its own
(``search20:{seed}``), so the draws of earlier rounds stay as they were."""

from __future__ import annotations

import random
import re
from typing import Optional

from tests.reward.reading.generated.draft import Draft

__all__ = ["postscript", "preserve20", "stuttered"]

_WORD = re.compile(r"(?<![\w'\u2019{/.@#\"*_-])[a-z]{2,}(?=[ ,.;:!?]|$)")
_KEEP = frozenset("oh zero one two three four five six seven eight nine ten double triple so bye".split()
                  + "yeah yes yep yup sure fine ok okay right no nope nah whatever great good".split())  # an answer twice says more
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


_SIGN_OFFS = ["Have a great evening!", "Thanks for your patience, and have a lovely day.", "Best regards,\nSam",
              "Take care!", "Cheers, and enjoy your meal!"]
_PS = ["P.S. ", "PS: ", "P.S.: ", "p.s. "]


def postscript(d: Draft, rng: random.Random) -> Optional[Draft]:
    """``d`` with its last agent sentence after a sign-off, as a postscript (None when it is no agent's message of
    two sentences or more)."""
    if d.context.get("side", "agent") != "agent" or "judge" in d.context or d.context.get("split") or len(d.sentences) < 2:
        return None
    last = d.sentences[-1]
    if not last[:1].isalpha() or "\n" in last:
        return None
    said = rng.choice(_SIGN_OFFS) + "\n" + rng.choice(_PS) + last
    return d.but("postscript", sentences=d.sentences[:-1] + [said], swappable=False)


def preserve20(d: Draft, rng: random.Random) -> Draft:
    """``d`` with a postscript (a fifth of the time, where it applies), else a stutter in one of its agent sentences
    or in the customer's reply (``d`` if none applies)."""
    if rng.random() < 0.2:
        out = postscript(d, rng)
        if out is not None:
            return out
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
