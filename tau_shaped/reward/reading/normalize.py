"""The text the customer sees (SPEC §10): what every reader reads, made once per message.

``seen(text)``: Unicode NFKC (fullwidth letters and digits, ligatures, ``＠``), format
characters removed (zero-width spaces and joiners, bidirectional controls, soft hyphens), and
numbers written in words read as numbers ("twenty bucks" -> "20 bucks", text2num). The
original is kept by the trajectory; evidence quotes it where a check gives one.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Optional

__all__ = ["seen", "MAX_CHARS"]

MAX_CHARS = 200_000  # a message longer than this is read up to here (the readers bound their own reads too)


@lru_cache(maxsize=8192)
def seen(text: Optional[str]) -> Optional[str]:
    """``text`` as the customer sees it (SPEC §10 "the text read is the text the customer
    sees"); None (no message) stays None."""
    if not text:
        return text
    out = text[:MAX_CHARS]
    if not out.isascii():
        out = unicodedata.normalize("NFKC", out)
        out = "".join(c for c in out if unicodedata.category(c) != "Cf")
    return _numbers_in_words(out)


def _numbers_in_words(text: str) -> str:
    from text_to_num import alpha2digit

    try:
        return alpha2digit(text, "en")
    except Exception:  # noqa: BLE001 - a text the library cannot read is read as written
        return text
