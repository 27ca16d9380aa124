"""What, after a refusal, takes it back (SPEC §10 statements; ``refusals.denial`` reads it): the act done anyway ("..., but I'll
go ahead and look up the order anyway", "Normally that's not possible, but I'll make an exception and refund it", "let me just
cancel it anyway"), an offer to just do it ("why don't I just refund it?"), a supposition that offers it ("suppose I just
cancelled the order -- would that work?") and a correction to an ability or an act ("Scratch that: I can refund it"). What then
denies again still denies. ``ACTS`` are the acts a request asks for (the refusal reader's suppositions contrary to fact name
them too). Patterns read lower-cased text, linear (bounded repeats only).
"""

from __future__ import annotations

from tau_shaped.reward.reading.lazy_patterns import lazy, lowered

__all__ = ["ACTS", "OVERRIDE", "OVERRIDE_HINTS", "OVERRIDE_PAUSES", "CLOSING_PHRASES", "may_override"]

_SP = r"[ \t\u00a0]{1,3}"
_A = r"['’]"
# the acts a request asks for, done after a denial (``OVERRIDE``) or by a correction (``_REPAIR_VERBS``)
ACTS = (r"cancel\w*|refund\w*|credit\w*|issu\w*|giv\w*|add\w*|process\w*|put\w*{_SP}through|send\w*|chang\w*|modif\w*|swap\w*"
        r"|substitut\w*|replac\w*|compensat\w*|apply\w*|grant\w*|book\w*|waiv\w*|upgrad\w*|reimburs\w*")

# round 14 (countermanded): what, after a denial, does the thing anyway ("..., but I'll go ahead and look up the order anyway",
# "Normally that's not possible, but I'll make an exception and refund it"); what then denies again still denies
_OVERRIDE_VERBS = (ACTS + r"|look\w*{_SP}(?:\w+{_SP})?up|pull\w*{_SP}(?:\w+{_SP})?up|access\w*|open\w*|return\w*|exchang\w*|offer\w*"
                   r"|round\w*{_SP}(?:it{_SP})?up")
_REPAIR_ABLE = (r"(?:{_A}ll|{_SP}will|{_SP}can|{_SP}could|{_A}m{_SP}able{_SP}to|{_SP}am{_SP}able{_SP}to|{_A}re{_SP}able{_SP}to|{_SP}are{_SP}able{_SP}to)"
                r"(?:{_SP}(?:still|just|definitely))?")
# a correction's act: not an offer of something else ("Correction: I can offer you the $5.00 cap"), and access only to the
# account or order itself ("I can open a ticket" is another act)
_REPAIR_VERBS = (ACTS + r"|do{_SP}(?:it|that|this)|look\w*{_SP}(?:\w+{_SP}){0,3}?up|pull\w*{_SP}(?:\w+{_SP}){0,3}?up"
                 r"|(?:access\w*|open\w*)(?:{_SP}up)?{_SP}(?:your|the|this|that)(?:{_SP}[\w-]+)?{_SP}(?:account|order|profile)")
OVERRIDE = lazy(lowered(
    (r"(?:\bbut\b|\bhowever\b|\bthat{_SP}said\b|\bstill\b|[.;!\u2014]|--)[^.!?\n]{0,40}?\b(?:let{_SP}(?:me|us)|I|we)(?:{_A}ll|{_SP}will|{_A}m{_SP}going{_SP}to"
     r"|{_SP}am{_SP}going{_SP}to|{_A}re{_SP}going{_SP}to|{_SP}are{_SP}going{_SP}to|{_A}ve|{_SP}have|{_SP}can|{_SP}could)?"
     r"(?:{_SP}(?:still|just|happily|gladly))?"
     r"(?:{_SP}(?:make|making|made){_SP}(?:an|one){_SP}exception\b"
     r"|{_SP}(?:(?:go|went|gone){_SP}ahead{_SP}and|proceed(?:ed)?{_SP}(?:and|to)|carry{_SP}on{_SP}and){_SP}(?:" + _OVERRIDE_VERBS + r")\b"
     r"|(?:{_SP}(?:(?:go|went|gone){_SP}ahead{_SP}and|proceed(?:ed)?{_SP}(?:and|to)|carry{_SP}on{_SP}and))?{_SP}(?:" + _OVERRIDE_VERBS + r"|check\w*|do)\b[^.!?\n]{0,80}?"
     r"\b(?:anyway|anyhow|regardless|all{_SP}the{_SP}same|nonetheless|nevertheless|even{_SP}so|just{_SP}this{_SP}once|as{_SP}an{_SP}exception"
     r"|this{_SP}one{_SP}time)\b)"
     # an offer to just do it ("..., but wouldn't it be easier if I just cancelled it?", "why don't I just refund it?")
     r"|(?:\bbut\b|\bhowever\b|\bstill\b|[.;!\u2014]|--)[^.!?\n]{0,20}?\b(?:why{_SP}don{_A}?t{_SP}(?:I|we)|why{_SP}not{_SP}(?:let|have){_SP}me"
     r"|wouldn{_A}?t{_SP}it{_SP}be{_SP}[a-z]{3,10}{_SP}if{_SP}(?:I|we)|how{_SP}about{_SP}(?:I|we)|what{_SP}if{_SP}(?:I|we)){_SP}just{_SP}(?:"
     + _OVERRIDE_VERBS + r")\b"
     # round 15 (hypotheticals): an offer to do it put as a supposition ("..., but suppose I just cancelled the order -- would that
     # work?", "what if I refunded the fee anyway?")
     r"|(?:\bbut\b|\bhowever\b|\bstill\b|[.;!\u2014]|--)[^.!?\n]{0,20}?\b(?:suppose|supposing|say|imagine)"
     r"{_SP}(?:I|we)(?:{_SP}(?:just|simply|went{_SP}ahead{_SP}and))?{_SP}(?:" + _OVERRIDE_VERBS + r")\b(?![^.!?\n]{0,60}\binstead\b)"
     # round 15 (self-repair): the denial corrected to an ability or an act ("FD-10028 can't be cancelled -- oh, hang on, I can still
     # cancel it; let me do that now", "Scratch that: I can refund it"); after a mere "actually" / "wait" only with "still", "in fact" or
     # "after all" ("I can't do $50. Actually, I can give you the $5.00 cap" offers the cap: the $50 stays denied)
     r"|(?:\bon{_SP}second{_SP}thought|\bscratch{_SP}that\b|\bcorrection\b|\bcorrect{_SP}myself\b|\bmy{_SP}(?:mistake|bad|error)\b"
     r"|\bI{_SP}was{_SP}wrong\b|\bI{_SP}misread\b)[^.!?\n]{0,30}?\b(?:I|we)" + _REPAIR_ABLE + r"{_SP}(?:" + _REPAIR_VERBS + r")\b"
     r"|(?:\bactually\b|\bhang{_SP}on\b|\bhold{_SP}on\b|\bwait\b)[^.!?\n]{0,30}?\b(?:I|we)" + _REPAIR_ABLE
     + r"(?:{_SP}(?:still|in{_SP}fact|actually)(?:{_SP}just)?{_SP}(?:" + _REPAIR_VERBS + r")\b|{_SP}(?:" + _REPAIR_VERBS
     + r")\b[^.!?\n]{0,40}?\bafter{_SP}all\b)"
     # round 17 (AT, AZ): the act still possible after "but" ("I couldn't find your account, but I can still cancel FD-10114 if ..."),
     # or the act offered as a favour ("Options: 1) no compensation 2) a $2.99 refund as goodwill")
     r"|(?:\bbut\b|\bhowever\b|[.;!\u2014]|--)[^.!?\n]{0,40}?\b(?:I|we)(?:{_SP}can|{_SP}could|{_A}ll|{_SP}will|{_SP}would){_SP}still"
     r"(?:{_SP}(?:happily|gladly|just))?{_SP}(?:" + _OVERRIDE_VERBS + r")\b"
     r"|(?:\bbut\b|\bhowever\b|[.;!:,\u2014]|--|\b[0-9a-c]\))(?:(?!n{_A}t\b|\bnot?\b|\bnever\b)[^.!?\n]){0,30}?\b(?:" + ACTS
     + r"|money{_SP}back)\b[^.!?\n]{0,40}?\b(?:as|for){_SP}(?:a{_SP})?(?:goodwill|courtesy|gesture|one-?off|favou?r)\b"
     ).replace("{_SP}", _SP).replace("{_A}", _A)))
# The words every match of ``OVERRIDE`` holds one of, each in a run of its literal letters (``may_override``): a pause ("wait",
# "hang on") only with "still", "in fact" or "after all" too ("Sorry for the wait" takes nothing back); "even so", "all the same",
# "this one time" read whole (``_CLOSING``: "even if", "one of your allergens" take nothing back). Kept with the pattern, branch by
# branch, by tests/reward/reading/test_gate_words_held.py (round 19: the words were phrases with a space where the pattern reads any
# run of spaces: "scratch  that" with two was not looked for).
OVERRIDE_HINTS = ("still", "goodwill", "courtesy", "gesture", "one-off", "oneoff", "favo", "anyway", "anyhow", "regardless", "nonetheless",
                  "nevertheless", "once", "exception", "ahead", "proceed", "carry", "just", "suppos", "say", "imagine", "actually",
                  "second", "scratch", "correct", "mistake", "bad", "error", "wrong", "misread")
OVERRIDE_PAUSES = (("wait", "hang", "hold", "actually"), ("still", "fact", "all"))
CLOSING_PHRASES = ("all{_SP}the{_SP}same", "even{_SP}so", "this{_SP}one{_SP}time")
_CLOSING = lazy("|".join(CLOSING_PHRASES).replace("{_SP}", _SP))


def may_override(low: str) -> bool:
    """Whether ``OVERRIDE`` may find something in the lower-cased ``low``: it holds one of the words."""
    return any(h in low for h in OVERRIDE_HINTS) or (any(w in low for w in OVERRIDE_PAUSES[0]) and any(w in low for w in OVERRIDE_PAUSES[1])) or (
        ("even" in low or "same" in low or "time" in low) and _CLOSING.search(low) is not None)
