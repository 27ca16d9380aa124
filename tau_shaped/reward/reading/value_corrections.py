"""A value the speaker takes back at once for the next one (SPEC §10, round 15: self-repair).

"$12 -- sorry, $14", "by 19:03 -- sorry, misread: 19:08", "out for delivery -- pardon me, it's placed", "$5.00 --
correction, $10.00", "Did I say $17.26? I meant $71.26" (round 18): the words between the two values say the first was wrong, and nothing else, so only the second is
stated. One list of the words of a correction serves every reader of a value (amounts, clock times, statuses): a
correction reads the same whatever it corrects.

- ``RETRACT_ALT``: the words that take the value before them back (a regex alternation, lower case: compile with (?i)).
- ``RETRACT_HINTS``: the substrings one of them holds (a cheap test before the regex).
- ``retracted_after(text, end)`` (round 17): whether the words right after a value disown it, no value said in its place
  ("$19.73 (I first typed $19.37, ignore that)", "$19.37 -- typo, disregard it", "$19.37 (that was a typo)").
- ``taken_back(text, end, start)``: whether the words of ``text`` from ``end`` (where one value ends) to ``start``
  (where the next begins) are a correction and nothing else: fillers, punctuation and a lead-in to the value
  ("it's", "that's", "should be", "I misread").
"""

from __future__ import annotations

import re

__all__ = ["RETRACT_ALT", "RETRACT_HINTS", "may_disown", "retracted_after", "taken_back"]

RETRACT_ALT = (r"sorry|apologies|i[ ]apologi[sz]e|i[ ]mean|i[ ]meant|no[ ]wait|wait[ ]no|wait|correction|or[ ]rather|rather|make[ ]that|scratch[ ]that"
               r"|actually|pardon(?:[ ]me)?|my[ ]mistake|my[ ]bad|(?:i[ ])?misread|(?:i[ ])?misspoke|typo")
RETRACT_HINTS = ("sorry", "apologi", "mean", "wait", "correction", "rather", "make that", "scratch", "actually", "pardon", "mistake",
                 "my bad", "misread", "misspoke", "typo")
_SEP = r"[\s,;:!\u2014\u2013*_`-]"  # (markup around a value: "_cancelled_, no wait, _delivered_")
# a lead-in between the correction and the value said instead ("it's", "that's", "I misread", "should be"; two at most)
_LEAD = (r"(?:it[’']?s|that[’']?s|it[ ]is|i[ ]mean|make[ ]that|(?:it[ ])?should[ ]be|(?:it[ ])?will[ ]be|(?:i[ ])?misread"
         r"|(?:i[ ])?misspoke|(?:a[ ])?(?:typo|mistake|slip)|only|just|still|to|by|at|from|between|around|about|after|until)")
_GAP = re.compile(
    rf"(?i)(?:[ \t]{{0,2}}(?:hrs?|h|[ap]m|[ap]\.m\.?)(?![a-z]))?[\s,.;:!?\u2014\u2013*_`-]{{0,5}}(?:(?:um+|uh+|erm?|oh|oops|whoops)\b{_SEP}{{0,3}})?"
    rf"(?:{RETRACT_ALT})(?![ \t]+(?:for|about|to)\b)"
    rf"\b{_SEP}{{0,4}}(?:{_LEAD}\b{_SEP}{{0,4}}){{0,3}}")
_LIMIT = 40  # characters between the two values, at most


def taken_back(text: str, end: int, start: int) -> bool:
    """Whether ``text[end:start]``, between a value and the next one, takes the first back (a correction and nothing else)."""
    if start - end > _LIMIT or start < end:
        return False
    gap = text[end:start]
    low = gap.lower()
    return any(w in low for w in RETRACT_HINTS) and _GAP.fullmatch(gap) is not None


_DISOWNED = re.compile(r"(?i)[ \t]{0,2}(?:[,;:(\u2014\u2013-]{1,2}[ \t]{0,2})?(?:(?:oops|whoops|sorry)[ \t,]{1,3})?"
                       r"(?:(?:please[ \t]{1,3})?(?:ignore|disregard)[ \t]{1,3}(?:that|it|this)(?:[ \t]{1,3}(?:one|figure|number))?"
                       r"|(?:that[ \t]{1,3}was[ \t]{1,3}|that[’']s[ \t]{1,3})?(?:a[ \t]{1,3})?typo)[ \t]{0,2}(?=[).,;!\n]|$)")


def may_disown(low: str) -> bool:
    """The cheap look (``low`` lower-cased): whether a text may hold a word that disowns a value."""
    return "ignore" in low or "disregard" in low or "typo" in low


def retracted_after(text: str, end: int) -> bool:
    """Whether the words right after the value ending at ``end`` disown it (a typo, "ignore that"), no value in its place."""
    return may_disown(text[end:end + 48].lower()) and _DISOWNED.match(text, end) is not None
