"""What an agent's telecom statement says through something said before it (issue 41, round 16; SPEC §10
statements: a statement is read in any layout and with what its words point back to):

- ``log_said``: a log line that names a write's event with no verb of its own and its fields as
  ``key=value`` pairs, ended by a status of success ("refuel line=L1002 gb=2 status=ok",
  "enable_roaming line=L1002 status=ok", "payment_request bill=B1 status=sent") reports the write
  done, in the words the rules read ("2 GB added to L1002."); a failed or pending status reports
  nothing;
- ``referred``: a message whose subject is a pronoun ("It's on your phone now.", "That's paid now.",
  "It's been resumed.") says its fact of the thing the agent's previous message named (the payment
  request, the bill, the line, roaming, the data): the readings with that thing put for the pronoun,
  one per thing named (at most four), for the caller to read as it reads any message.
"""

from __future__ import annotations

import re
from typing import List

__all__ = ["log_said", "referred"]

# ---- a log line's event -----------------------------------------------------------------------------
_EVENT = re.compile(
    r"(?im)(?:^|(?<=[.!?:])[ \t]+)(?P<lead>[ \t]*(?:[-*\u2022][ \t]+)?(?:\[?[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?(?:[ \t]?[ap]m)?\]?[ \t]+){0,3})(?P<event>refuel(?:_data)?|data_refuel|enable_roaming|roaming_enabled|resume_line"
    r"|line_resumed|(?:send_)?payment_request|payment_request_sent)(?P<pairs>(?:[ \t]+[A-Za-z_]{1,20}=[^\s=]{1,40}){1,8})[ \t]*$")
_STAMPS = re.compile(r"\[?[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?(?:[ \t]?[apAP][mM])?\]?[ \t]+")
_PAIR = re.compile(r"([A-Za-z_]{1,20})=([^\s=]{1,40})")
_OK = frozenset({"ok", "success", "succeeded", "successful", "done", "completed", "complete", "sent", "applied", "true", "enabled",
                 "resumed", "added"})


def log_said(text: str) -> str:
    """``text`` with each log line of a write's event that ended in success said as the write done."""
    if "=" not in text:
        return text
    return _EVENT.sub(_said, text)


def _said(m: "re.Match[str]") -> str:
    fields = {k.lower(): v.strip(".,;") for k, v in _PAIR.findall(m.group("pairs"))}
    status = fields.get("status") or fields.get("result") or fields.get("state")
    if status is None or status.lower() not in _OK:
        return m.group(0)
    event = m.group("event").lower()
    line = fields.get("line") or fields.get("line_id") or "the line"
    lead = m.group(0)[:m.start("lead") - m.start()] + _STAMPS.sub("", m.group("lead"))  # its stamps said no more
    if "refuel" in event:
        gb = fields.get("gb") or fields.get("gb_amount") or fields.get("amount")
        if gb is None:
            return m.group(0)
        return f"{lead}{gb.rstrip('GBgb')} GB added to {line}."
    if "roaming" in event:
        return f"{lead}Roaming enabled on {line}."
    if "resume" in event or "resumed" in event:
        return f"{lead}Line {line} resumed."
    bill = fields.get("bill") or fields.get("bill_id")
    return f"{lead}Payment request{' for ' + bill if bill else ''} sent."


# ---- a pronoun for the thing named before --------------------------------------------------------------
_PRONOUN = re.compile(r"^\W{0,4}(?:(?:ok(?:ay)?|so|and|right|great|done|all\s+done)\W{1,3})?(?P<p>it|that|this)(?=['\u2019]s\b|\s+(?:is|has|was|'s)\b)",
                      re.IGNORECASE)
_THING = re.compile(
    r"(?i)\b(?:(?:the|your)\s+)?payment\s+request(?:\s+for\s+(?:(?:the|your)\s+)?(?:bill\s+)?B[0-9]{1,12})?"
    r"|\b(?:(?:the|your)\s+)?(?:overdue\s+)?bill(?:\s+B[0-9]{1,12})?\b|\bB[0-9]{3,12}\b"
    r"|\b(?:line\s+)?L[0-9]{3,12}\b|\b(?:data\s+)?roaming\b|\b[0-9.]{1,4}\s?GB(?:\s+of\s+data)?\b")
_PAID_FOR = re.compile(r"(?i)\bpay(?:ing)?\s+(?:the|your|that)\s+(?:\$|bill|balance|amount)")


# round 17 (AS, AU): the pronoun may open a later sentence of the message, or be the object of a done verb ("I'll send
# the payment request -- sorry, I've already sent it to your phone": the repair took back the clause that named it)
_PRONOUN_LATER = re.compile(r"(?:(?<=[.!?;:])|(?<=--)|(?<=\u2014)|(?<=\n))[ \t]*(?:(?:ok(?:ay)?|so|and|right|great)\W{1,3})?"
                            r"(?P<p>it|that|this)(?=['\u2019]s\b|[ ]+(?:is|has|was|'s)\b)", re.IGNORECASE)
_PRONOUN_OBJECT = re.compile(r"\b(?:sent|pushed|resumed|reactivated|restored|paid|settled|added|enabled)[ ]+(?P<p>it|that)\b(?![ ]+(?:is|was|has)\b)",
                             re.IGNORECASE)


def referred(text: str, before: str) -> List[str]:
    """The readings of ``text`` with its pronoun subject replaced by each thing ``before`` names (the
    latest first; "pay the $65.00" names the bill), or none when its subject is no pronoun. Round 17: a
    pronoun opening a later sentence, or the object of a done verb, is read so too (the first one)."""
    m = _PRONOUN.match(text)
    if m is None and ("it" in text.lower() or "that" in text.lower() or "this" in text.lower()):
        m = _PRONOUN_LATER.search(text) or _PRONOUN_OBJECT.search(text)
    if m is None or not before:
        return []
    things: List[str] = []
    for t in reversed(_THING.findall(before[-600:])):
        if t.lower() not in (x.lower() for x in things):
            things.append(t)
    if _PAID_FOR.search(before[-600:]):
        things.append("the bill")
    return [text[:m.start("p")] + t + text[m.end("p"):] for t in things[:4]]
