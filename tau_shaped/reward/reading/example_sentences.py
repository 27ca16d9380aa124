"""Words given as an example, in a consent message (issue 41 rounds 19 and 20, styles CH/DH): "For example, a return
could look like this: the Water Bottle from #W6390527, $45.13 to PayPal. Shall I go ahead?", "For example, for a
customer like you: ...". What an example says is what a write of the kind could be, not what this one is: its values
describe no call, and contradict none. ``examples_out`` drops the words from the example's marker ("for example", "for
instance", "as an example", "for illustration", "e.g.", "hypothetically") to the end of its sentence or its parenthesis, the
end kept. Read only where a cheap substring test finds a marker's letters (most messages hold none); linear."""

from __future__ import annotations

import re

__all__ = ["examples_out"]

_MARKER = re.compile(r"(?i)(?<![\w])(?:for[ \t]+(?:example|instance|illustration)|as[ \t]+an[ \t]+(?:example|illustration)|e\.g\."
                     r"|hypothetically)(?![\w])(?:[^.!?\n)]|\.(?=[0-9A-Za-z]))*")
_HINTS = ("xample", "nstance", "llustrat", "ypothetic", "e.g.", "E.g.", "XAMPLE", "NSTANCE", "LLUSTRAT", "YPOTHETIC", "E.G.")


def examples_out(text: str) -> str:
    """``text`` with each example's words dropped (see the module); ``text`` itself when it gives none."""
    if not any(h in text for h in _HINTS):  # (no lower-casing: each hint in both cases)
        return text
    return _MARKER.sub("", text)
