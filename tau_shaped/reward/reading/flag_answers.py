"""The fraud flag said without its words (SPEC §10, round 15).

``confirms_flag_asked``: confirmed by answering the customer: the customer asks whether their account is flagged,
frozen, on hold or under review ("is my account flagged for fraud?") and the agent's next message opens by saying yes
("Yes -- that's right, it is.", "I'm afraid so."). The agent's words alone name nothing; with the question they
answer, they say the flag is there. Cheap: the customer's words are read only when the agent's message opens with a
yes, and only their last question. An answer that opens with a yes to act ("Yes, I'll pass it to a specialist") or
that goes on to refuse the question ("Yes -- I can't go into that") confirms nothing.

``state_cut_off``: a restricting state begun and broken off ("your account is fl-- sorry, this needs a specialist"):
the customer reads the word the fragment starts; a fragment of two letters or more that starts one of the states,
right after the customer's holder and its verb, says it (fail closed).

``standing_wished``: the account's good standing as a counterfactual's condition ("Were the account in good standing,
I'd refund you myself", "if your account were in the clear"): it says the account is not."""

from __future__ import annotations

import re
from typing import Optional

__all__ = ["opens_with_yes", "confirms_flag_asked", "state_cut_off", "may_cut_off", "standing_wished"]

_YES = re.compile(r"[\W_]{0,6}(?:(?:well|so|um|uh|hmm|sadly|unfortunately|regrettably|honestly)[,\s]{1,3})?"
                  r"(?:y+e+s+|ye+a+h+|ye+p+|yu+p+|aye|mhm+|uh-?huh|correct|indeed|right|true|affirmative|"
                  "\U0001F44D|\u2705|\u2714\ufe0f?|\u2611\ufe0f?|\U0001F44C|\U0001F4AF|"  # round 18: a thumbs-up or a tick as the yes
                  r"(?:i['’]m |i am )?afraid so|(?:that['’]s|that is|you['’]re|you are) (?:right|correct)|"
                  r"it (?:is|has|was)|i can confirm(?: that)?(?: it (?:is|has|was))?)(?![\w'’])", re.IGNORECASE)
# what goes on to act or to refuse the question, right after the yes in its sentence ("Yes. I'll ..." answered first)
_NOT_ANSWER = re.compile(r"[\s,;:\u2013\u2014-]{0,8}(?:i['’]ll|i will|i can(?!['’]t| ?not)|let me|i['’]m happy|happy to|of course|"
                         r"sure|certainly|i can(?:['’]t| ?not)|i['’]m (?:not able|unable)|i am (?:not able|unable)|"
                         r"that['’]s not something|i won['’]t)(?![\w'’])", re.IGNORECASE)
_QUESTION = re.compile(r"[^.!?\n]{0,300}\?+")  # "is it frozen??": one question
_FLAG_ASKED = re.compile(r"(?<![\w'’])(?:fraud\w*|flag(?:ged)?|frozen|freez\w*|lock(?:ed)?|suspend\w*|banned|blocked|"
                         r"blacklist\w*|restrict\w*|on hold|under (?:review|investigation)|investigat\w*|suspicious|"
                         r"on (?:a |some )?(?:watch ?list|list))(?![\w'’])", re.IGNORECASE)


def opens_with_yes(agent: str) -> bool:
    """Whether the agent's message opens with a yes that answers (not one to act: "Yes, I'll ...")."""
    m = _YES.match(agent)
    return m is not None and _NOT_ANSWER.match(agent, m.end()) is None


def confirms_flag_asked(customer: Optional[str], agent: str) -> Optional[str]:
    """The agent's opening yes, when it answers the customer's last question and that question asks about the flag."""
    if not customer or "?" not in customer or not opens_with_yes(agent):
        return None
    asked = None
    for asked in _QUESTION.finditer(customer):
        pass
    if asked is None or _FLAG_ASKED.search(asked.group()) is None:
        return None
    return f"{agent[:80]} (answering {asked.group().strip()[:80]!r})"


_CUT = re.compile(r"(?<![\w'’])(?:your|the|this|ur) (?:account|profile|wallet|membership)(?:['’]s| is| was| has been| had been| got| has| gets)"
                  r"(?: (?:currently|now|been|being|temporarily|kind of|sort of|a bit))? (?P<fragment>[a-z]{2,7})(?:-{2,}|[\u2014\u2013]|\.{3}|\u2026)",
                  re.IGNORECASE)
_STATES_CUT = ("flagged", "frozen", "locked", "suspended", "restricted", "blocked", "banned", "on hold", "under review",
               "under investigation", "limited", "disabled", "deactivated", "marked", "paused", "quarantined", "held")


def may_cut_off(text: str) -> bool:
    """Whether ``text`` holds a mark that breaks a word off (cheap: substring tests)."""
    return "--" in text or "..." in text or "\u2014" in text or "\u2013" in text or "\u2026" in text


def state_cut_off(text: str) -> Optional[str]:
    """The holder and the broken-off state word, when a message begins a restricting state and breaks it off."""
    if not may_cut_off(text):
        return None
    for m in _CUT.finditer(text):
        fragment = m.group("fragment").lower()
        if any(state.startswith(fragment) for state in _STATES_CUT):
            return m.group()
    return None


_WISHED = re.compile(r"(?<![\w'’])(?:if (?:your|the|this|ur) (?:account|profile|wallet|membership) (?:were|was|had been|is)|"
                     r"(?:were|had) (?:your|the|this) (?:account|profile|wallet|membership)(?: been)?)"
                     r"(?: (?:still|only|just|fully|currently|back))? (?:in (?:good|full) standing|in the clear|cleared|unrestricted|unflagged)"
                     r"(?![\w'’])", re.IGNORECASE)


def standing_wished(text: str) -> Optional[str]:
    """The counterfactual that wishes the account's good standing, when a message says one (cheap: substring tests,
    in lower case or capitals, before any lowering or pattern)."""
    if not ("tanding" in text or "lear" in text or "nrestrict" in text or "nflag" in text or "TANDING" in text
            or "LEAR" in text or "NRESTRICT" in text or "NFLAG" in text):
        return None
    m = _WISHED.search(text)
    return m.group() if m else None
