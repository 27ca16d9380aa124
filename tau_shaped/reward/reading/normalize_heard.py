"""The domain's words as speech-to-text splits or mishears them, read as the words (SPEC §10 "the text read is the text
the customer sees": a customer reads "your a count is on hold" as their account on hold, "yes but to my wall it" as the
wallet; round 20, DC: dictated and transcribed messages).

``heard_read(text)``: each of a closed list of mishearings written as the word meant, in the case of its first letter:
"re fund" / "re-fund" / "free fund" (and their -s, -ed, -ing) -> "refund", "wall it" / "wall et" -> "wallet" (not
"wall it off / up / in", which walls something), "a count" after an owner ("your a count") -> "account", "go a head" ->
"go ahead", "walletcredit" -> "wallet credit". Each is two or more words no English sentence puts together in these
places, so nothing a writer meant as written is changed. A text holding none of their pieces (four substring tests)
is returned as it is."""

from __future__ import annotations

import re

__all__ = ["heard_read"]

_HEARD = re.compile(
    r"\b(?P<fund>(?:re[ -]|free )fund(?P<fs>s|ed|ing)?)\b"
    r"|\b(?P<wallet>wall (?:it|et))\b(?! (?:off|up|in|out|away)\b)"
    r"|\b(?P<owner>your|my|the|this|his|her|their|our) (?P<count>a count)\b(?! of\b)"
    r"|\b(?P<ahead>go a head)\b"
    r"|\b(?P<credit>walletcredit)\b",
    re.IGNORECASE)


def _cased(written: str, word: str) -> str:
    return word.capitalize() if written[:1].isupper() else word


def _meant(m: "re.Match[str]") -> str:
    if m.group("fund"):
        return _cased(m.group("fund"), "refund" + (m.group("fs") or ""))
    if m.group("wallet"):
        return _cased(m.group("wallet"), "wallet")
    if m.group("count"):
        return m.group("owner") + " account"
    if m.group("ahead"):
        return _cased(m.group("ahead"), "go ahead")
    return _cased(m.group("credit"), "wallet credit")


def heard_read(text: str) -> str:
    """``text`` with each mishearing of the module's list written as the word meant (see the module)."""
    if not text:
        return text
    low = text.lower()
    if "fund" not in low and "wall" not in low and "a count" not in low and "a head" not in low:
        return text
    return _HEARD.sub(_meant, text)
