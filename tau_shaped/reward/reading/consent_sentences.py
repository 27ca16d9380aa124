"""How a message that may ask consent is cut into sentences, and a question into its own words
(SPEC §10 consent; read by ``consent_questions``).

- ``sentences(text)``: the text cut right after each sentence's end ("?", "!", a line, or a "."
  before a space that is no title's: "Shall I go ahead, Ms. Okafor?" is one question);
- ``LEADING``: the marks before a sentence's first word; ``VOCATIVE`` / ``TRAILING_VOCATIVE``: the
  customer addressed first ("Ms. Okafor, would you like ...?") or last ("..., Daiki?"): the question
  is what is left; ``GLUED``: a question glued to what came before with no stop ("- reason: no
  longer needed Would you like ...?": a capitalised question word or auxiliary after a space starts
  a sentence of its own); ``AFTER_A_RECORD``: the end of a JSON object, a list or a table cell.
"""

from __future__ import annotations

import re
from typing import List

__all__ = ["AFTER_A_RECORD", "GLUED", "LEADING", "SENTENCE_END", "TRAILING_VOCATIVE", "VOCATIVE", "sentences"]

LEADING = re.compile(r"^[\W_]+")
TRAILING_VOCATIVE = re.compile(r",[ \t\u00a0]*(?:(?i:mr|mrs|ms|mx|dr|prof|miss)\.?[ \t\u00a0]+)?[A-Z][\w'-]{0,30}"
                               r"(?:[ \t\u00a0]+[A-Z][\w'-]{0,30}){0,2}[ \t\u00a0]*\?$")
GLUED = re.compile(r"[ \t\u00a0](?=(?:Would|Do|Does|Did|Can|Could|Shall|Should|May|Will|Is|Are|Was|Were|Have|Has|What|How"
                   r"|Why|When|Where|Which|Who|Any|Anything)(?![\w']))")
VOCATIVE = re.compile(r"^(?:(?i:mr|mrs|ms|mx|dr|prof|miss)\.?[ \t]+)?[A-Z][\w'-]{0,30}(?:[ \t]+[A-Z][\w'-]{0,30}){0,2}[ \t]*,[ \t]*")
AFTER_A_RECORD = re.compile(r"[}\]|](?=[^}\]|]*[A-Za-z])")

# A title's full stop ends no sentence: "Shall I go ahead, Ms. Okafor?" is one question.
_TITLES = ("mr", "mrs", "ms", "mx", "dr", "prof", "st", "jr", "sr", "miss")
_NOT_A_TITLE = "".join(rf"(?<!\b(?i:{t})\.)" for t in _TITLES)
SENTENCE_END = re.compile(rf"(?<=[?!\n])|(?<=\.){_NOT_A_TITLE}(?=[\s\u00a0]|$)")
# the character each of its places follows, matched: found by a scan for the four (its places' lookbehinds were
# tried at every place of the text)
_ENDING = re.compile(rf"[?!\n]|\.{_NOT_A_TITLE}(?=[\s\u00a0]|$)")


def sentences(text: str) -> List[str]:
    """``SENTENCE_END.split(text)``: the text cut right after each sentence's end."""
    out, last = [], 0
    for m in _ENDING.finditer(text):
        out.append(text[last:m.end()])
        last = m.end()
    out.append(text[last:])
    return out
