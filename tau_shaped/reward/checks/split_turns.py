"""The consent rule's reading of split turns (SPEC §10): a consent question whose call the agent's
messages just before it describe ("Here's what I can do." / "Refund of $16.90 to your Visa." /
"Shall I?"), read by ``unconfirmed`` as one message."""

from __future__ import annotations

import re
from typing import Any, Callable, Optional, Sequence, Tuple

from tau_shaped.reward.checks.confirm_replies import asks_leave_only, puts_off
from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.normalize_questions import agent_seen
from tau_shaped.reward.reply_matchers import reply_class
from tau_shaped.reward.values import is_number

__all__ = ["split_turns"]

# round 15: dismay at what the agent told ("Your courier has gone offline." / "oh no"): an exclamation, no refusal
_DISMAY = re.compile(r"(?i)^\W*(?:oh+[ \t]+no+(?:[ \t,]+no+)*|oh+[ \t]+dear|oh+[ \t]+(?:man|god|great)|ugh+|argh+|no+[ \t]+way|nooo+|damn(?:[ \t]+it)?"
                     r"|that[’']?s[ \t]+(?:annoying|a[ \t]+pain|rubbish|terrible))\W*$")


def split_turns(run: Sequence[Tuple[Any, str]], text: str, missing: str, kwargs: Any, c: Any, write: Any,
                why_not: Callable[[str], Optional[str]]) -> Optional[str]:
    """Why the consent question ``text`` (the last of ``run``: the agent's steps and messages, at most
    three, since the previous write) does not confirm the call, read with the messages before it:
    None when the last one, two or three messages read as one describe the call (``why_not``) and the
    customer neither refused nor asked for a change in between; else ``missing``, the question's own
    reason. The question alone misses only its values, never stating another (the caller reads no
    "it states another ..."), and an amount it states must be the call's: an amount corrected in the
    question is the question's ("Correction: it would be $6.05. Shall I go ahead?")."""
    from tau_shaped.reward.reading.amounts import stated_amounts

    said = [a.value for a in stated_amounts(text)] if any(ch.isdigit() for ch in text) else []
    result = write.result()
    own = [v for v in [kwargs.get(a) for a, how in c.mention.items() if how == "number"]
           + [result.get(n) for n in c.mention_result if isinstance(result, dict)] if is_number(v)]
    if said and not any(abs(a - o) < 0.005 for a in said for o in own):
        return missing
    for i in range(len(run) - 1):
        if why_not("\n\n".join(agent_seen(t) for _, t in run[i:])) is None:
            # (round 17, AU: a reply that only put the decision off, "hmm one sec", refused nothing either, when the
            # question after it asks only leave to go on: "Same as above -- shall I submit it?")
            leave = asks_leave_only(text)
            between = [(seen(r.user_reply or ""), agent_seen(t)) for r, t in run[i:-1]
                       if not _DISMAY.match(seen(r.user_reply or "") or "") and not (leave and puts_off(seen(r.user_reply or "")))]
            if not any(reply_class(rp, c, question=q, described=write.described()) in ("no", "change") for rp, q in between):
                return None
    return missing
