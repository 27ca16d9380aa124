"""Texting forms of the pronouns, read as the words they stand for (SPEC §10 "the text read is the text the customer
sees": a customer reads "ur account is on hold" as "your account is on hold"; round 17, AW).

``texted(text)``: a standalone "u" is "you", "ur" is "your" ("you're" before a verb's -ing form or "all set", "welcome":
"ur being transferred"), "urs" is "yours", with their contractions ("u'd", "u'll",
"u're", "u've", in any case: "U'VE"), each in the case it is written in ("Ur" -> "Your", "UR" -> "YOUR"). Standalone: no letter, digit,
apostrophe, hyphen or dot-and-letter joined to it (not "U-turn", "U.S.", "FD-U1", "you're", "our", "ur-" in an id).
One linear scan; a text holding no such word is returned as it is."""

from __future__ import annotations

import re

__all__ = ["texted"]

_TEXTED = re.compile(r"(?<![\w'\u2019.-])(?P<w>[uU](?:[rR][sS]?)?)(?=['\u2019](?i:d|ll|re|ve)\b|(?![\w'\u2019-])(?!\.\w))")
_WORDS = {"u": "you", "ur": "your", "urs": "yours"}


# "ur" before a verb's -ing form or a word that follows "you're" is "you're" ("ur being transferred", "ur all set")
_YOURE_NEXT = re.compile(r"[ \t]+(?:[a-z]{2,}ing|welcome|all|right|correct|good|sure|not|so|too|very|set|done)(?![\w'])", re.IGNORECASE)


def _word(m: "re.Match[str]") -> str:
    w = m.group("w")
    full = _WORDS[w.lower()]
    if full == "your" and _YOURE_NEXT.match(m.string, m.end()) and not m.string[m.end():m.end() + 12].lower().lstrip().startswith(
            ("booking", "billing", "pending", "shipping", "listing", "setting", "rating", "ordering")):
        full = "you're"
    if w.isupper() and (len(w) > 1 or _SHOUTED_NEXT.match(m.string, m.end())):  # round 19: "U LIKE" in a shouted text is "YOU"
        return full.upper()
    return full.capitalize() if w[0].isupper() else full


_SHOUTED_NEXT = re.compile(r"(?:['\u2019][A-Z]{1,2}\b)?[ \t]+[A-Z]{2,}\b")


# a capital "U" after a name, or before a dot, is an initial ("Quinn U. is delivering it", "registered to Sato, U."): never
# "you" (a safety line: another customer's name in short form must stay readable)
_NAME_BEFORE = re.compile(r"(?:^|[^\w'\u2019])[A-Z][a-z'\u2019-]+,?[ \t]+$")


# round 20: a "U." right after a verb or preposition that takes a person as its object is "you" at a sentence's end
# ("WON'T LET ME REFUND U.", "thanks for helping u."): no name stands there (the verbs that are also names, "Bill",
# "Will", "Pat", are left out)
_OBJECT_BEFORE = re.compile(r"(?i)(?<![\w'\u2019-])(?:refund|refunded|help|helping|helped|tell|told|give|send|sent|call|text|email|thank"
                            r"|let|see|owe|charge|charged|pay|paid|credit|credited|ask|show|contact|reach|remind|notify|inform|update"
                            r"|assure|for|to|with|from|at|of|by|about)[ \t]+$")


def _read(m: "re.Match[str]") -> str:
    w = m.group("w")
    if w == "U" and (m.string[m.end():m.end() + 1] == "." or _NAME_BEFORE.search(m.string, max(0, m.start() - 40), m.start())):
        before = _OBJECT_BEFORE.search(m.string, max(0, m.start() - 12), m.start())
        if before is None or not (before.group(0).rstrip().isupper() or _NO_NAME_AFTER.match(m.string, m.end())):
            return w  # ("It is for U. Sato": an initial before a surname)
        return "YOU" if before.group(0).rstrip().isupper() else _word(m)
    return _word(m)


_NO_NAME_AFTER = re.compile(r"\.[ \t]*(?:$|\n|[^\w \t]|[a-z])")


def texted(text: str) -> str:
    """``text`` with the texting forms of "you", "your" and "yours" read as those words (see the module)."""
    if "u" not in text and "U" not in text:
        return text
    text = _TEXTED.sub(_read, text)
    return _ARE.sub(_are, text) if " r " in text or " R " in text else text


# round 17 (AW): "u r premium", "you r welcome": a standalone "r" after "you" / "we" / "they" is "are"
_ARE = re.compile(r"(?<![\w'\u2019])(?P<who>you|we|they|YOU|WE|THEY|You|We|They)[ \t]+(?P<r>[rR])(?![\w'\u2019.-])")


def _are(m: "re.Match[str]") -> str:
    return f"{m.group('who')} {'ARE' if m.group('r') == 'R' and m.group('who').isupper() else 'are'}"
