"""Whether an RE2 pattern finds anything in a text, asked of the engine itself (SPEC §10: the
readers' cheap tests before their patterns): ``found(pattern, text)`` is
``pattern.search(text) is not None`` for a pattern made by ``re2.compile``, the one call the
wrapper's search makes (unanchored, over the whole of the text's UTF-8 bytes) without the match
object and the byte-to-character offsets it builds for an answer no one reads: on a message of a
few hundred characters those cost more than the linear scan. A text that is not UTF-8 (a lone
surrogate) raises as ``search`` raises."""

from __future__ import annotations

from typing import Any

import re2

__all__ = ["found"]

_UNANCHORED = re2._Anchor.UNANCHORED
_NOTHING = (-1, -1)


def found(pattern: Any, text: str) -> bool:
    """``pattern.search(text) is not None``."""
    data = text.encode("utf-8")
    return pattern._regexp.Match(_UNANCHORED, data, 0, len(data))[0] != _NOTHING
