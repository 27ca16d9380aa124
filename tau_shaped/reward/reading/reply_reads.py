"""What a reply's reading read of the question it answers (SPEC §10 replies), beyond its polarity and verbs.

``replies`` keeps a reply's class by its shape (the reply, the question's polarity and verbs) so that a batch's
"Yes, please go ahead" is read once whatever the call. That is right only for a reading that read nothing else of
the question: not the values the call acts with (``QuestionReads.key``: ``reply_meaning.effective``, worked out when
first asked), and not the question's own words. A reading reads the question's words where the reply holds

- a "no <thing>" the question may state as none (``reply_forms.echoed_nones``: "no insurance. book it" is a yes to
  "... insurance: no ...", a no to "... insurance: yes ..."),
- a "<thing> it is" the question may name (``reply_picks.it_is_picked``: "Burnside it is"),
- an aside against being contacted (``reply_asides.contact_asides_out``: "yes, but don't email me" refuses a question
  that offers to email, and says nothing of one that does not).

Round 17: the checks of the last two were made on the reply as given, while the reading looks at the text it has
rewritten by then (apostrophes made plain: "donʼt email me" with U+02BC; a "no <thing>" left unswapped by the
first question read): the class of a reply then depended on which question it was read after first. Each is now
noted where the reading meets it (``QuestionReads.worded``), on the very text it reads.
"""

from __future__ import annotations

from typing import Any, Optional

from tau_shaped.reward.reading.reply_forms import nones_read
from tau_shaped.reward.reading.reply_meaning import effective
from tau_shaped.reward.reading.reply_values import Described

__all__ = ["QuestionReads", "words_read"]


def words_read(reply: str) -> bool:
    """Whether reading ``reply`` in the question's own terms reads the question's words (a "<thing> it is", a "no
    <thing>" that may be echoed): its reading may differ after two questions of the same polarity and verbs."""
    return " it is" in reply.lower() or nones_read(reply)


class QuestionReads:
    """``effective(described, question)`` (the values the call acts with, as far as they are known), worked out
    when first asked: the readers of a reply ask only for the kinds of the values it names, so a reply naming none
    ("Yes, please go ahead") never reads the question's; and ``worded``: whether the reading read the question's
    own words. A reading that read neither may be kept by the reply's shape."""

    __slots__ = ("_described", "_question", "_read", "worded")

    def __init__(self, described: Optional[Described], question: str) -> None:
        self._described = described
        self._question = question
        self._read: Optional[Described] = None
        self.worded = False

    @property
    def shaped(self) -> bool:
        """The reading read neither the call's values nor the question's words: it holds after any question of the
        same polarity and verbs."""
        return self._read is None and not self.worded

    def _values(self) -> Described:
        if self._read is None:
            self._read = effective(self._described, self._question)
        return self._read

    def key(self, kind: str) -> Any:
        return self._values().key(kind)

    def kinds(self) -> Any:
        return self._values().kinds()
