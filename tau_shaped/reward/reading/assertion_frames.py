"""Whether a phrase a message holds is said to be so, or only framed (SPEC §5 statements, §10).

An output check such as ``{"contains": "delivered", "affirmed": true}`` asks that the agent
TOLD the customer the order is delivered. A careful reader does not take the phrase as told when
its clause frames it as something other than what is:

- doubted: "I'm not sure whether FD-10005 is delivered yet", "I'll check if it's been delivered",
  "I don't know if it was delivered" (``whether`` before it in its clause, or ``if`` after a
  word of knowing, checking or asking);
- predicted or supposed: "it should be delivered soon", "it'll be delivered by 7", "it's going
  to be placed", "it may have been delivered" (a modal or "going to" / "expected to" / "supposed
  to" right before the phrase's "be" or "have been");
- asked: "Is FD-10005 delivered?", "Has it been placed?", "So it's delivered?" (a question whose
  clause opens with the verb or with "so", the phrase inside it, and no clause break before the "?");
- supposed (round 15): "If FD-10005 were delivered you'd have had a notification", "Suppose it's
  delivered -- then ...", "once it's delivered", "unless it's been placed" ("if", "suppose",
  "assuming", "unless", "once", "in case" before it in its clause, with no comma between: "if
  you check the app, it's delivered" tells it; "as if" does not suppose);
- taken back (round 15): "FD-10005 is delivered. Hmm, hold on -- I had the wrong order open", "it's
  placed -- no, sorry, I misread" (a marker of a mistake soon after it, no digit between);
- the customer's words reported: "You mentioned it was delivered -- I can't confirm that" ("you
  said / mentioned / think ..." before it in its clause; "as you said, it's delivered" agrees).
- round 16: a value under a bound ("The total was under $19.73", "up to $19.73", "just shy of $19.73", a range, an
  approximation: "about $19.73", "19.73ish"; read by ``value_bounds``), another's
  report the agent will not vouch for ("The courier says it is delivered, but I can't
  verify that"; "The courier says it's delivered." tells it), a bare phrase the agent asks and answers no
  ("Delivered? Nope."), and the customer's words agreed to by a short clause ("You said it was delivered -- it is.").

What is said of the order as it is stays told: "it was delivered at 6:40", "it's been
delivered", "as far as I can see it's delivered" (a hedge on the speaker's certainty, not on the
state), "it's out for delivery and should be with you by 7" (the modal frames another phrase).
Counterfactuals ("it would have been delivered if ...") are ``statements.counterfactual``; a
negation is ``negation``. The patterns are linear and read only the phrase's own clause.
"""

from __future__ import annotations

from tau_shaped.reward.reading.lazy_patterns import lazy
from tau_shaped.reward.reading.value_bounds import bound_at

__all__ = ["framed", "hearsay", "withdrawn"]

# where a clause starts: a sentence's end, a line, a semicolon or a dash, ", but"
_CLAUSE_END = lazy(r"[.!?](?=\s|$)|[\n;\u2014\u2013]|--|,[ \t]+(?:but|and|while|whereas|though)\b")  # not "$19.73"
# the agent agreeing with what it reported: "you said it was delivered, and you're right"
_AGREED = lazy(r"(?i)\b(?:right|correct|true|accurate|spot[ -]on)\b"
               # round 16: "You said it was delivered -- it is." (a short clause of the agent's own saying so)
               r"|\b(?:it|that|which)(?:[ \t]{1,3}(?:really|indeed|definitely|certainly))?[ \t]{1,3}(?:is|was|has|does)[ \t!]{0,3}\Z")
# the agent's own question answered yes right after it (self-Q&A)
_YES = lazy(r"(?i)[ \t\u00a0*_\"')]{0,4}(?:(?:--?|[:\u2013\u2014])[ \t]{0,2})?(?:yes|yep|yeah|yup|indeed|correct|it[ \t]{1,3}(?:is|has|was))\b")
_SENTENCE_END = lazy(r"[.!?](?=\s|$)|\n")
_SP = r"[ \t\u00a0]{1,3}"
_A = r"['\u2019]"
# doubt over what follows in the clause: "whether", or "if" after a word of knowing, checking or asking
# round 15 (hypotheticals): a supposition or a condition over what follows in its clause ("If FD-10005 were delivered you'd have had
# a notification", "Suppose it's delivered -- then ...", "assuming it's been placed", "once it's delivered"); "as if" and "even
# though" say it is so
_SUPPOSED = lazy((r"(?i)(?<!\bas )(?<!\bas though )\b(?:if|suppose|supposing|assuming|provided(?:{_SP}that)?|unless|in{_SP}case|once"
                  r"|let{_A}s{_SP}say)\b").replace("{_SP}", _SP).replace("{_A}", _A), needs=('assuming', 'case', 'if', 'let', 'once', 'provided', 'suppose', 'supposing', 'unless'))
# round 15 (self-repair): a status taken back right after it ("FD-10005 is delivered. Hmm, hold on -- I had the wrong order open",
# "it's placed -- no, sorry, I misread"): a marker of a mistake within 120 characters after it, nothing with a digit between (a
# correction of an amount said between is the amount's: "it's delivered; the total is $5 -- sorry, correction: $6")
_RETRACTED = lazy((r"(?i)\b(?:no,?{_SP}sorry|sorry,?{_SP}(?:I{_SP})?(?:misread|mis-read|was{_SP}(?:reading|looking)|had{_SP}the{_SP}wrong|looked{_SP}at{_SP}the{_SP}wrong)"
                   r"|I{_SP}(?:had|opened|was{_SP}(?:reading|looking{_SP}at)|pulled{_SP}up|checked){_SP}the{_SP}wrong"
                   r"|wrong{_SP}(?:order|row|line|account|record){_SP}(?:open|up|there)|scratch{_SP}that|ignore{_SP}(?:that|what{_SP}I{_SP}(?:just{_SP})?said)"
                   r"|disregard{_SP}(?:that|my{_SP}last)|correction\b|I{_SP}misread|my{_SP}(?:mistake|bad|error)(?!{_SP}(?:earlier|before|last{_SP}time|from{_SP}before))|let{_SP}me{_SP}correct{_SP}myself"
                   r"|that{_A}s{_SP}(?:not{_SP}right|wrong)|that{_SP}(?:was|is){_SP}(?:wrong|not{_SP}right)|I{_SP}was{_SP}wrong)")
                  .replace("{_SP}", _SP).replace("{_A}", _A), needs=('correct', 'correction', 'disregard', 'ignore', 'misread', 'my', 'scratch', 'sorry', 'that', 'wrong'))
_DIGIT = lazy(r"[0-9]")
_DOUBT = lazy((r"(?i)\bwhether\b|\b(?:sure|certain|know|knowing|tell|check|checking|see|confirm|verify|find{_SP}out|ask|asking"
               r"|wonder(?:ing)?|unclear|idea|look{_SP}into|looking{_SP}into|clear)(?:{_SP}(?:yet|now|for{_SP}sure|right{_SP}now))?{_SP}if\b")
              .replace("{_SP}", _SP), needs=('ask', 'asking', 'certain', 'check', 'checking', 'clear', 'confirm', 'find', 'idea', 'know', 'knowing', 'look', 'looking', 'see', 'sure', 'tell', 'unclear', 'verify', 'whether', 'wonder'))
# a modal or a future right before the phrase: "should be delivered", "it'll be placed", "is going to be", "may have been"
_MODAL = lazy((r"(?i)(?:\b(?:should|will|would|might|may|could|must|shall|ought{_SP}to|going{_SP}to|gonna|expected{_SP}to"
               r"|supposed{_SP}to|due{_SP}to|likely{_SP}to|about{_SP}to|set{_SP}to|meant{_SP}to)|{_A}ll|{_A}d)"
               r"(?:{_SP}(?:probably|likely|soon|shortly|already|definitely|surely|hopefully|now|then|still|all|have))*"
               # the phrase's own "been" may be its first word ("been placed"): the "be" before it is then not there
               r"(?:{_SP}(?:be|been|get|have{_SP}been)(?:{_SP}(?:probably|likely|soon|shortly|already|fully|safely|successfully|just))*)?"
               r"[ \t\u00a0]{0,3}\Z").replace("{_SP}", _SP).replace("{_A}", _A))
# a question opened by its verb ("Is FD-10005 delivered?", "Has it been placed yet?") or by "so" ("So it's delivered?")
_ASKED = lazy(r"(?i)(?:^|[.!?\n;:]|--|[\u2014\u2013])[ \t\u00a0*_\"'(]{0,4}(?:(?:so[ \t,]{1,3})?(?:is|are|was|were|has|have|had|did|does|do)\b"
              r"|(?:so|and|then)\b[ \t,]{1,3})")
# a record's future or supposed view of it: "our system will show FD-10061 as placed once it updates", "it should read as delivered"
_MODAL_VIEW = lazy((r"(?i)(?:\b(?:should|will|would|might|may|could|shall|going{_SP}to|gonna|supposed{_SP}to)|{_A}ll)(?:{_SP}(?:probably|soon|likely))?"
                    r"{_SP}(?:show|list|mark|display|read|say|record|flag|have)\b[^.!?\n]{0,60}\bas{_SP}\Z").replace("{_SP}", _SP).replace("{_A}", _A), needs=('as',))
# a question opened by its verb and a subject, its mark dropped (a transcript's "um, is FD-10007 delivered")
_ASKED_UNMARKED = lazy(r"(?i)(?:^|[.!?\n;:]|--|[\u2014\u2013])[ \t\u00a0]{0,3}(?:(?:um|uh|er|so|okay so|ok so)[ \t,]{1,3})?"
                       r"(?:is|are|was|were|has|have|had)[ \t\u00a0]{1,3}(?:it|your|the|this|that|order|fd-?[0-9])")
# the customer's words reported, no word of the agent's own that it is so: "You mentioned it was delivered", "you think it's
# placed" ("as you said, it's delivered" and "like you said" agree: told)
# round 16 (sourced): another's report of it the agent will not vouch for ("The courier says it is delivered, but I can't verify
# that", "according to the app it's delivered -- I can't confirm it"): a source before it in its sentence, a disclaimer after
_SOURCE = lazy(r"(?i)(?<!\byou )(?<!\bu )\b(?:says?|said|claims?|claimed|reports?|reported|according[ \t]{1,3}to|apparently|supposedly"
               r"|allegedly)\b", needs=('according', 'allegedly', 'apparently', 'claim', 'claimed', 'report', 'reported', 'said', 'say', 'supposedly'))  # (the customer's words are _REPORTED's)
_DISCLAIMED = lazy((r"(?i)\b(?:(?:I|we){_SP}(?:can{_A}?t|cannot|can{_SP}not|couldn{_A}?t|am{_SP}unable{_SP}to|{_A}m{_SP}unable{_SP}to)"
                    r"{_SP}(?:verify|confirm|vouch|check)(?:{_SP}(?:for|that|it|this|yet|for{_SP}sure|on{_SP}my{_SP}end)){0,2}[ \t]{0,3}(?:[.!,;)\u2014\u2013]|--|$)"
                    r"|(?:not|n{_A}t){_SP}(?:verified|confirmed)|(?:I|we){_SP}(?:doubt|don{_A}?t{_SP}(?:believe|trust))"
                    r"|(?:take|taking){_SP}(?:that|it){_SP}with{_SP}a{_SP}(?:grain|pinch))").replace("{_SP}", _SP).replace("{_A}", _A))
# round 17 (AY): a guess over its sentence ("If I had to guess, FD-10006 is probably placed", "my best guess is it's delivered"): the
# policy's "Do not guess" -- a guess tells nothing
_GUESSED = lazy((r"(?i)\b(?:if{_SP}I{_SP}(?:had|have|were){_SP}to{_SP}guess|my{_SP}(?:best{_SP}|rough{_SP})?guess(?:{_SP}(?:is|would{_SP}be))?"
                 r"|I{_A}d{_SP}guess|I{_SP}would{_SP}guess|I{_A}m{_SP}guessing|I{_SP}am{_SP}guessing|I{_SP}guess|at{_SP}a{_SP}guess"
                 r"|guessing|off{_SP}the{_SP}top{_SP}of{_SP}my{_SP}head)\b").replace("{_SP}", _SP).replace("{_A}", _A))
# a bare phrase asked and answered no by the agent itself ("Delivered? Nope.", "Placed? Not yet.")
_ANSWERED_NO = lazy(r"(?i)[ \t\u00a0*_\"')]{0,4}\?[ \t\u00a0*_\"')]{0,4}(?:(?:--?|[:\u2013\u2014])[ \t]{0,2})?(?:no|nope|nah|not[ \t]{1,3}yet|negative)\b"
                    r"(?![ \t]{1,3}(?:problem|worries|doubt))")
# the customer's request reported ("you asked me to cancel it", "you wanted me to refund it", "you asked if I could")
_ASKED_OF_ME = lazy((r"(?i)\byou(?:{_A}ve|{_SP}have|{_SP}had|{_SP}just)?{_SP}(?:asked|wanted|requested|wondered|begged|told{_SP}me)"
                     r"(?:{_SP}(?:me|us|earlier|before|if|whether|about)){0,2}\b").replace("{_SP}", _SP).replace("{_A}", _A), needs=('asked', 'begged', 'requested', 'told', 'wanted', 'wondered'))
_REPORTED = lazy((r"(?i)(?<!\bas )(?<!\blike )\byou(?:{_A}ve|{_SP}have|{_SP}had|{_SP}just)?{_SP}(?:said|say|mentioned|told{_SP}(?:me|us)|think"
                  r"|thought|believe|believed|wrote|claimed|heard|suggested|assumed|were{_SP}told|figured)(?:{_SP}that)?{_SP}")
                 .replace("{_SP}", _SP).replace("{_A}", _A), needs=('assumed', 'believe', 'believed', 'claimed', 'figured', 'heard', 'mentioned', 'said', 'say', 'suggested', 'think', 'thought', 'told', 'were', 'wrote'))


def framed(text: str, start: int, end: int, taken_back: bool = True) -> bool:
    """Whether the phrase at ``text[start:end]`` is only framed in its clause (doubted, predicted or
    asked), not told as what is; ``taken_back=False`` leaves a phrase taken back to the caller (the
    facts rule reads the value said in its place)."""
    if bound_at(text, start, end) is not None:
        return True  # round 16: "The total was under $19.73": a bound, not the value (``value_bounds``); round 17: nor
        # an approximation, "about $19.73" (SPEC §10: a hedged amount states no exact figure)
    clause = _clause_start(text, start)
    window = text[max(0, start - 200):start].lower()
    if "guess" in window or "top of my head" in window:  # (lower-cased: "I'D GUESS" guesses too)
        opened = [m.end() for m in _SENTENCE_END.finditer(text, max(0, start - 200), start)]
        if _GUESSED.search(text, opened[-1] if opened else max(0, start - 200), start) is not None:
            return True  # round 17: "If I had to guess, it's probably placed"
    doubt = None
    for doubt in _DOUBT.finditer(text, clause, start):
        pass
    if doubt is not None and "," not in text[doubt.end():start]:
        return True  # "whether or not you saw the courier, it was delivered": the doubt's clause ended at the comma
    repair = _RETRACTED.search(text, end, min(len(text), end + 120)) if taken_back else None
    if repair is not None and _DIGIT.search(text, end, repair.start()) is None:
        return True  # "it's delivered. Hmm, hold on -- I had the wrong order open": taken back
    supposed = None
    for supposed in _SUPPOSED.finditer(text, clause, start):
        pass
    if supposed is not None and "," not in text[supposed.end():start]:
        return True  # "if it's delivered, ..." supposes; "if you check, it's delivered" tells (the comma ends the condition)
    if _MODAL.search(text, max(clause, start - 80), start) is not None:
        return True
    if _MODAL_VIEW.search(text, max(clause, start - 120), start) is not None:
        return True
    if _ASKED_UNMARKED.search(text, max(0, clause - 4), start) is not None and "?" not in text[start:start + 160]:
        unmarked = [m for m in _ASKED_UNMARKED.finditer(text, max(0, clause - 4), start)]
        if _CLAUSE_END.search(text, unmarked[-1].end(), start) is None:
            return True
    said = None
    for said in _REPORTED.finditer(text, clause, start):
        pass
    if said is not None and "," not in text[said.end():start]:
        stop = _SENTENCE_END.search(text, end, end + 200)
        if _AGREED.search(text, end, stop.start() if stop else min(len(text), end + 200)) is None:
            return True
    if "?" in text[end:end + 8] and _ANSWERED_NO.match(text, end) is not None:
        return True  # round 16: "Delivered? Nope."
    q = text.find("?", end, end + 3)
    if q >= 0 and text[end:q].strip(" \t*_\"')") == "" and _YES.match(text, q + 1) is None:
        lead = text[max(0, start - 40):start].rstrip(" \t*_\"'(")
        if not lead or lead[-1] in ":?\n-\u2014\u2013" or lead.lower().endswith("status") or _ID_LAST.search(lead):
            return True  # round 17: a bare phrase asked ("FD-10006: placed? preparing? Not sure"); "Delivered? Yup!" tells it, and
            # "Isn't it great that FD-10006 has already been delivered?" says it of its subject
    stop = _SENTENCE_END.search(text, end, end + 200)
    source = _SOURCE.search(text, max(0, start - 120), start)
    if source is not None and _SENTENCE_END.search(text, source.end(), start) is None \
            and _AGREED.search(text, end, stop.start() if stop else min(len(text), end + 200)) is None \
            and (_DISCLAIMED.search(text, end, stop.end() if stop else min(len(text), end + 200)) is not None
                 or (stop is not None and _DISCLAIMED.match(text, len(text) - len(text[stop.end():].lstrip()))) is not None):
        return True  # round 16: "The courier says it's delivered, but I can't verify that"
    q = text.find("?", end, end + 160)
    if q >= 0 and _CLAUSE_END.search(text, end, q) is None:
        opened = [m for m in _ASKED.finditer(text, max(0, clause - 4), start)]
        if opened and _CLAUSE_END.search(text, opened[-1].end(), start) is None and _YES.match(text, q + 1) is None:
            return True  # asked; "Is FD-10005 delivered? Yes." answers it: told
    return False



def hearsay(text: str, start: int) -> bool:
    """Whether the words at ``start`` are only doubted or the customer's reported in their clause ("whether I could
    cancel it", "you asked me to cancel it", "you said I could cancel it"): round 16, an offer an output check looks for
    ("I could cancel it") said as the customer's question is no offer. A question of the agent's own is one ("Would
    you like me to cancel it?"): only ``framed`` reads a question as not told."""
    clause = _clause_start(text, start)
    for frame in (_DOUBT, _REPORTED, _ASKED_OF_ME):
        last = None
        for last in frame.finditer(text, clause, start):
            pass
        if last is not None and "," not in text[last.end():start]:
            return True
    return False


# round 17 (AS, AT): an act offered, then withdrawn in its sentence ("I could cancel FD-1 -- but I won't, it's too late") or handed
# to another ("If you want to cancel, you'll have to call the restaurant")
_WITHDRAWN = lazy((r"(?i)[^.!?\n]{0,60}?(?:\bbut\b|--|[\u2014\u2013;])[ \t]{0,3}(?:then[ \t]{1,3})?(?:I|we)(?:{_SP}(?:won{_A}?t|will{_SP}not"
                   r"|can{_A}?t|cannot|am{_SP}not{_SP}going{_SP}to|are{_SP}not{_SP}going{_SP}to)|{_A}(?:m|re){_SP}not{_SP}going{_SP}to)"
                   r"(?:{_SP}(?:be{_SP}able{_SP}to{_SP})?(?:do{_SP}(?:it|that|this)|cancel\w*|refund\w*|credit\w*|add\w*|give\w*|offer\w*|swap\w*)"
                   r"(?:{_SP}(?:it|that|this|one))?)?[ \t]{0,3}(?:[,.;!)\u2014\u2013]|--|$)"
                   r"|[ \t,]{0,3}(?:then[ \t,]{1,3})?you(?:{_A}ll|{_SP}will|{_A}d|{_SP}would)?{_SP}(?:have|need){_SP}to{_SP}"
                   r"(?!confirm|say|reply|answer|tell|let|give{_SP}me|agree|choose|pick|decide)(?:call|contact|ask|phone|reach|go|do{_SP}(?:it|that)"
                   r"|email|speak|talk|visit|use)\b").replace("{_SP}", _SP).replace("{_A}", _A))


_ID_LAST = lazy(r"(?i)\bFD-[A-Z0-9-]{1,30}\Z")


def withdrawn(text: str, end: int) -> bool:
    """Whether an act offered in ``text`` up to ``end`` is withdrawn in its sentence ("-- but I won't") or handed to someone
    else ("you'll have to call the restaurant"): no offer (round 17; a data regex's affirmed match reads it)."""
    return _WITHDRAWN.match(text, end) is not None


def _clause_start(text: str, start: int) -> int:
    """Where the clause holding ``start`` begins (after its last clause end within 300 characters)."""
    lo = max(0, start - 300)
    ends = [m.end() for m in _CLAUSE_END.finditer(text, lo, start)]
    return ends[-1] if ends else lo
