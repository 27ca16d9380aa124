"""A record's name said in a message (SPEC §10; read by ``call_values``): ``_has_name`` (the name said as
itself, in any case, its words apart by spaces, dashes or underscores, not as the start of a longer capitalised
name: "Samosa Chaat" is not the Samosa) and ``_longer_name`` (that longer name). A message that provably cannot hold
the name (``_absent``: an ASCII message whose lower case lacks the name's first word) is not searched, and the name's
pattern is not compiled for it (a record has a pattern per name: each sibling dish of a menu asked about)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Optional

from tau_shaped.reward.reading.message_looks import look
from tau_shaped.reward.reading.s0_ids import MAX_CHARS

__all__ = ["_has_name", "_longer_name", "_name_pattern"]


@lru_cache(maxsize=8192)
def _name_pattern(name: str) -> "re.Pattern[str]":
    words = [re.escape(w) for w in re.split(r"[\s_-]+", name.strip()) if w]
    return re.compile(r"(?<!\w)" + r"[\s_-]+".join(words) + r"(?!\w)", re.IGNORECASE)


def _absent(text: str, name: str) -> bool:
    """Whether ``_name_pattern(name)`` provably finds nothing in ``text`` (read without compiling it): an ASCII text
    whose lower case lacks the name's first word, lower-cased ASCII (a case-blind ASCII letter matches no other in ASCII)."""
    first = _first_word(name)
    return bool(first) and text.isascii() and first not in look(text).low


@lru_cache(maxsize=8192)
def _first_word(name: str) -> str:
    words = [w for w in re.split(r"[\s_-]+", name.strip()) if w]
    return words[0].lower() if words and words[0].isascii() else ""


# A capitalised word right after a capitalised name makes a longer name: "Samosa Chaat" is not
# the Samosa (words that start a clause or a sentence do not: "Samosa Please", "Samosa OK?")
_LONGER_NAME = re.compile(r"[ \t\u00a0]+(?!(?:And|Or|But|For|To|On|In|With|From|At|As|Is|Are|Was|Will|Would|Should|Shall|Can|Could"
                          r"|The|A|An|I|It|If|Please|Thanks|Thank|Ok|OK|Okay|Instead|Today|Now|Then|Also|Plus|Yes|No|Sounds"
                          r"|Does|Do|Let|Just|Free|Instead)(?![\w']))[A-Z][a-z]")


def _has_name(text: str, name: str) -> bool:
    text = text[:MAX_CHARS]
    if _absent(text, name):
        return False
    for m in _name_pattern(name).finditer(text):
        if not (m.group(0)[:1].isupper() and _LONGER_NAME.match(text, m.end())):
            return True
    return False


def _longer_name(text: str, name: str) -> Optional[str]:
    """``name`` said only as the start of a longer name ("Samosa Chaat" for the Samosa): that
    longer name, another thing than the record's; None where it is said alone, or not at all."""
    text = text[:MAX_CHARS]
    found = None
    if _absent(text, name):
        return None
    for m in _name_pattern(name).finditer(text):
        longer = _LONGER_NAME.match(text, m.end()) if m.group(0)[:1].isupper() else None
        if longer is None:
            return None
        if found is None:
            found = m.group(0) + " " + text[longer.end() - 2:].split(None, 1)[0].strip(".,;:!?")
    return found
