"""An unsafe dish named with nothing offering it, then named again and ruled out (SPEC §10 Offers; read by
``unsafe_offers`` for a dish no offering word governs).

"Three came back: Chana Masala, Palak Paneer and Chicken Korma. All but the korma are safe for you", "Of the Vegetable
Udon and the Salmon Roll, only the Salmon Roll works for you -- the udon has gluten": the first naming lists what came
back, and the message then rules the dish out by its name. A careful reader does not take the list as an offer of it.
The dish is excluded when, later in its sentence or in the next one, a form of its name is ruled out in its own clause
(said to hold the customer's allergen or to be unsafe, declined by a negation, or set apart: "all but the korma",
"except the korma", "instead of the korma"), with nothing offering it again before (a comparison, "The korma is the
closest", or an offering word governing a later naming that rules nothing out). What rules the later naming out wins
over an offering word near it ("only the Salmon Roll works for you -- the udon has gluten"): that naming is read on its
own as well, and offered there, the message offers the dish all the same.

Bounded: the later namings read lie in the sentence and the next, within ``2 * AFTER`` characters.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from typing import Any, Optional

from tau_shaped.reward.reading.dish_exclusions import AFTER, compared, predicate_excludes, replaced_before
from tau_shaped.reward.reading.unsafe_menus import normal_name

__all__ = ["ruled_out_when_named_again"]

# round 20: a pleasantry or a sign-off between the list and the sentence that rules a dish out is no sentence of the
# message's content ("... and Pad Thai. Cheers, and enjoy your meal!\nP.S.: All but the pad thai are safe for you.")
_PLEASANTRY = re.compile(r"(?i)(?:cheers|thanks|thank[ \t]+you|many[ \t]+thanks|take[ \t]+care|(?:best|kind|warm)(?:[ \t]+regards)?|regards"
                         r"|enjoy|have[ \t]+a[ \t]+(?:great|good|nice|lovely|wonderful)|hope|sorry|apologies|bon[ \t]+app[eé]tit|p\.?[ \t]?s)\b"
                         r"[^.!?\n0-9$]{0,50}[.!,]*[ \t]*$")


def _next_end(text: str, sentence_end: Any, at: int, limit: int) -> Optional[Any]:
    """The end of the sentence after the one ending at ``at``: an empty sentence (a line break after a full stop), a
    pleasantry and the name signing a sign-off passed over, at most four of them, up to ``limit``."""
    signed = False
    for _ in range(5):
        nxt = sentence_end.search(text, at)
        if nxt is None or nxt.start() >= limit:
            return nxt
        body = text[at:nxt.start()].strip()
        if body and _PLEASANTRY.match(body) is None and not (signed and _SIGNATURE.match(body)):
            return nxt
        signed = body.endswith(",") or signed and not body  # "Best regards,\nSam": the name signs
        at = nxt.end()
    return sentence_end.search(text, at)


_SIGNATURE = re.compile(r"[A-Z][\w'-]*(?:[ \t]+[A-Z][\w'.-]*){0,2}$")


def ruled_out_when_named_again(reader: Any, m: Any, sentence_end: Any) -> bool:
    """Whether the unsafe dish named at ``m`` is named again, later in its sentence or the next one, and ruled out there
    (``reader``: ``unsafe_offers._Reader``; ``sentence_end``: its pattern of a sentence's end)."""
    text = reader.text
    end = sentence_end.search(text, m.end)
    nxt = _next_end(text, sentence_end, end.end(), m.end + 2 * AFTER) if end is not None else None
    stop = min(len(text), m.end + 2 * AFTER, nxt.start() if nxt is not None else len(text))
    name = normal_name(m.dish)
    for later in reader._in(m.end, stop):
        if later.dish != m.dish and normal_name(later.dish) != name:
            continue
        lo = text.rfind("\n", 0, later.start) + 1
        hi = text.find("\n", later.start)
        hi = len(text) if hi < 0 else hi
        clo, chi = next(((a, b) for a, b in reader.clauses(text, lo, hi) if a <= later.start < b), (lo, hi))
        i = bisect_left(reader.starts, later.end)
        after = min(chi, reader.starts[i]) if i < len(reader.starts) else chi
        if compared(text, clo, later.start, later.end, chi):
            return False  # offered again: "The korma is the closest match"
        if (predicate_excludes(text, later.end, chi, reader.menu.allergen, after) or reader._declined(later, clo, chi)
                or replaced_before(text, clo, later.start)):
            return True  # (the later naming is read on its own too: offered there, the message still offers it)
        if reader._governed(later, clo, chi):
            return False
    return False
