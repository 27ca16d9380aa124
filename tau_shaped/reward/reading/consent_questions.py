"""Whether an agent's message asks the customer's consent to act (SPEC §10: "Consent is asked,
then given"): the reader a confirmation is read with besides ``confirmations.describes``.

A message asks consent when one of its questions asks the customer to agree that the agent does
something ("Shall I ...?", "May I ...?", "Would you like me to ...?", "Do you want me to ...?",
"Would you like a refund of $16.90?", "Is that OK?", "Does that work for you?", "OK?",
"Can I go ahead?", "Do you agree?", "Do you confirm ...?", "Are you happy with that?"), or when it
asks for the yes in so many words ("Please confirm", "Reply yes to ...", "Let me know if that's
OK", "I need your OK to proceed", "(yes/no)"), or asks the action itself as a question ("Refund
$12.50 to your wallet?", "You want order FD-10045 cancelled?": no question word or auxiliary
opens it, and it asks for no more questions, help or information).

A question about something else is not one, whatever values it holds: "Would you like to know how
a refund of $16.90 to your card works?", "Do you have any questions about the refund?", "Did you
receive it?", "Can I help with anything else?", "May I have your email?", "Is there anything
else?". A question that asks the agent's own way to a look-up or to information ("Shall I check
...?", "Would you like more details?") asks no consent to a write either.

Every pattern is linear: the message is split into sentences in one pass and each pattern is a
bounded alternation of words; a message is read up to ``MAX_CHARS`` characters.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Optional

from tau_shaped.reward.reading.consent_branches import QUESTION_HINTS, HintedBranches
from tau_shaped.reward.reading.lazy_patterns import lazy
from tau_shaped.reward.reading.courtesy_closings import is_closing
from tau_shaped.reward.reading.tag_questions import done_and_tagged
from tau_shaped.reward.reading.consent_self_answers import answered_at_once, asks_for_more, goes_on, short_answer
from tau_shaped.reward.reading.consent_sentences import (
    AFTER_A_RECORD as _AFTER_A_RECORD, GLUED as _GLUED, LEADING as _LEADING, TRAILING_VOCATIVE as _TRAILING_VOCATIVE,
    VOCATIVE as _VOCATIVE, sentences as _sentences,
)

__all__ = ["asks_consent", "consent_request", "MAX_CHARS"]

MAX_CHARS = 4000

_S = r"\s+"  # a run of spaces (a no-break space among them: ``\s`` is every character ``str.isspace`` takes)
_B = r"(?<![\w'])"  # a word starts
_E = r"(?![\w'])"  # a word ends


def _alt(*words: str) -> str:
    return "(?:" + "|".join(_S.join(re.escape(p) for p in w.split()) for w in sorted(words, key=len, reverse=True)) + ")"


def _at_a_word_start(*branches: str) -> str:
    """Alternatives that each open with ``_B``, with the word start written once: the same
    matches, tried in the same order, and a place inside a word refused once, not once per
    alternative (a sentence is searched in half the time)."""
    if not all(b.startswith(_B) for b in branches):
        raise ValueError("every alternative opens with a word start")
    return _B + "(?:" + "|".join(b[len(_B):] for b in branches) + ")"


# What an agent asks to do that changes nothing: reading, telling, helping further.
_INFO_VERBS = _alt(
    "help", "assist", "ask", "have", "get your", "get the", "get some", "get more", "see", "check", "look", "verify",
    "find", "explain", "clarify", "tell", "show", "answer", "know", "learn", "hear", "understand", "read", "review",
    "access", "pull up", "search", "talk", "discuss", "speak", "share", "start", "begin", "get started", "find out",
    "double check", "double-check", "look up", "look into", "confirm your", "confirm the email", "confirm the name",
    "confirm the zip", "confirm the phone", "confirm some", "have a look", "do anything else", "do something else",
    "add anything", "provide", "go over", "walk you through", "get back",
    # time the customer takes to decide: no act of the agent's
    "think", "think about", "think it over", "consider", "wait", "decide", "sleep on", "mull", "take some time",
    "take a moment", "talk it over",
)
_ELSE = _alt(
    "anything else", "something else", "anything more", "any more", "more information", "more info", "more details",
    "any help", "help", "assistance", "details", "a summary", "a copy", "a receipt", "any questions", "any other",
)
_ME_OR_US = _alt("me", "us")
# a number or copy that records what was done ("the bank's reference number", "a tracking number"):
# information, not the act ("Do you want the bank's reference number too?")
_A_RECORD_OF = (rf"(?:{_alt('the', 'a', 'an', 'your', 'my', 'its', 'their')}{_S})?(?:[\w-]+'s{_S})?"
                rf"{_alt('reference number', 'reference code', 'reference', 'confirmation number', 'confirmation code', 'tracking number', 'tracking link', 'case number', 'ticket number', 'transaction id', 'transaction number', 'receipt', 'invoice')}")
_DO_I = rf"{_alt('shall', 'should', 'may', 'might', 'can', 'could', 'must')}{_S}{_alt('i', 'we')}{_E}"
_YOU_WANT = rf"{_alt('would you like', 'do you want', 'would you want', 'would you prefer', 'do you wish', 'would you wish', 'do you prefer', 'do you still want', 'would you still like', 'want')}{_E}"
_THAT = _alt("that", "this", "it", "all that", "all of that", "all this", "this plan", "that plan", "everything above")
_FINE = _alt("ok", "okay", "alright", "all right", "fine", "acceptable", "agreeable", "good", "correct", "right",
             "good with you", "ok with you", "okay with you", "alright with you", "fine with you", "acceptable to you")
_WORK = _alt("work", "work for you", "suit you", "suit", "sound good", "sound fair", "seem fair", "look fair", "sound ok", "sound okay", "sound right", "sound fine",
             "look good", "look ok", "look okay", "look right", "seem ok", "seem okay", "seem fine", "seem right")
_AGREE = _alt("agree", "approve", "accept", "consent", "confirm", "authorize", "authorise", "want that", "want this",
              "want it", "want me to", "want us to", "want to proceed", "want to go ahead", "want to continue",
              "give me the go-ahead", "give the go-ahead")
_GRANT = _alt("ok", "okay", "go-ahead", "go ahead", "permission", "consent", "approval", "agreement", "authorization", "nod", "thumbs up",
              "authorisation", "confirmation", "yes", "green light", "blessing", "assent")
_ALONE = _alt("ok", "okay", "alright", "all right", "right", "good", "agreed", "confirm", "confirmed", "proceed",
              "go ahead", "shall i", "shall we", "yes or no", "sound good", "sounds good", "deal", "fine", "correct",
              "yes", "shall i proceed", "shall i go ahead", "ok to proceed", "okay to proceed", "good to go",
              "do it", "do that", "do so")

_LET_WHO = _alt('you', 'you would', "you'd", "you're", 'that', 'this', 'it', "that's", "it's", 'i', 'we', 'i should', 'i can', 'i may', 'to')
_LET_WHAT = _alt('like', 'want', 'agree', 'approve', 'accept', 'consent', 'confirm', 'ok', 'okay', 'fine', 'alright', 'happy', 'proceed', 'go ahead', 'is ok', 'is okay', 'is fine', 'is alright', 'works', 'sounds good', 'should proceed', 'should go ahead', 'can proceed', 'can go ahead', 'may proceed', 'may go ahead', "you'd like", 'you want', 'would like', 'are happy', 'are ok', 'are okay', 'are fine', 'agree', 'approve', 'i should', 'i can', "that's ok", "that's okay", "that's fine")

# Not a wish to act: "you'd like to know ...", "you want more details", "would you like me to explain how it works?", ...
_NOT_TO_ACT = (rf"(?!{_S}(?:{_alt('me', 'us', 'i', 'we', 'that i', 'that we', 'if i', 'if we')}{_S})?(?:to{_S})?(?:{_alt('quickly', 'briefly', 'first', 'also', 'just', 'now')}{_S})?"
               rf"{_INFO_VERBS}{_E})(?!{_S}{_ELSE}{_E})(?!{_S}{_A_RECORD_OF}{_E})")
# What a "no" agrees to: "Do you mind", "Any objection", "Is there any reason I shouldn't"
_MIND = _alt("would you mind", "do you mind", "would it bother you", "does it bother you", "would you object",
             "do you object", "any objection", "any objections", "any objection to", "are there any objections",
             "is there any objection", "any reason i shouldn't", "any reason not to", "any reason i should not",
             "would it be a problem if", "is it a problem if", "any problem with", "any problems with",
             "is there a reason i shouldn't", "is there any reason i shouldn't", "any reason why i shouldn't",
             "is there a reason not to", "is there any reason not to")
# What a customer is asked to do that is information: "Would you mind telling me your zip?"
_INFO_ING = _alt("telling", "sharing", "giving", "confirming", "providing", "spelling", "checking", "verifying",
                 "sending", "answering", "holding", "waiting", "repeating", "describing", "explaining", "letting",
                 "clarifying", "reading", "looking", "hanging on", "bearing with", "staying", "put you on hold",
                 "place you on hold", "keep you on hold", "putting you on hold", "take a moment", "take a minute",
                 "take a second", "transfer you", "transferring you")

# What "confirm" asks for that is information, not agreement: "Please confirm your email",
# "Please confirm the order number", "Confirm that you received it".
_INFO_NOUN = _alt(
    "email", "e-mail", "email address", "name", "full name", "zip", "zip code", "postal code", "postcode", "phone",
    "phone number", "number", "order number", "order id", "order #", "reservation number", "reservation code",
    "reservation id", "booking reference", "booking number", "confirmation number", "confirmation code", "account",
    "account number", "date of birth", "birthday", "user id", "id", "last four", "last 4", "last four digits",
    "spelling", "identity", "details of your account", "delivery address", "address on file", "address", "details",
) + r"(?![ \t]+(?:change|update|switch))"  # round 13: the address asked for, not its change
# What a customer is asked to agree they want: "(that) you'd like me to", "you want the refund"
_YOU_WISH = rf"{_alt('you', 'that you')}(?:{_S}{_alt('would', 'do', 'still')}|'d)?{_S}{_alt('like', 'want', 'wish', 'prefer', 'agree', 'approve', 'accept', 'consent', 'authorize', 'authorise')}{_E}"
_YOU_OK = rf"{_alt('you', 'that you')}(?:{_S}are|'re){_S}{_alt('ok', 'okay', 'happy', 'fine', 'comfortable', 'alright', 'all right', 'good')}{_S}{_alt('with', 'for me to', 'for us to', 'to proceed', 'to go ahead', 'going ahead', 'proceeding')}{_E}"
# "Please confirm I should go ahead": what the agent would do next (as after "confirm that")
_I_AHEAD = _alt("i should", "i can", "i may", "i might", "i will", "i'll", "i proceed", "i go ahead", "we should", "we can",
                "we may", "we will", "we'll", "we proceed", "we go ahead")
# The yes asked for in a statement: "Please confirm", "Reply yes", "Let me know if that's OK"
_CONSENT_REQUEST = re.compile(
    _at_a_word_start(*[
        # ("To confirm: ..." and "Just to confirm, ..." lead a summary in; they ask nothing)
        rf"{_B}(?:please{_S}|kindly{_S}|just{_S}|simply{_S})?(?:(?<!^to )(?<!just to )(?<!so to )(?<!, to )(?<!first to )(?<!again to )|(?!confirm\s*[:,]))confirm{_E}(?!{_S}{_alt('your', 'the email', 'the name', 'the zip', 'the phone', 'that you', 'you', 'if you have', 'whether you have', 'whether your', 'receipt')}{_E})(?!{_S}{_alt('the', 'this', 'that')}{_S}{_INFO_NOUN}{_E})(?:{_S}{_alt('and', 'if', 'that', 'to', 'please', 'this', 'it', 'the', 'with', 'by', 'so', 'whether')}{_E}|{_S}{_I_AHEAD}{_E}|\s*[.!:,)\n]|\s*$)",
        # "Please confirm (that) you'd like me to ...", "Confirm you want the refund", "... you're happy for me to"
        rf"{_B}confirm{_S}(?:{_YOU_WISH}{_NOT_TO_ACT}|{_YOU_OK})",
        rf"{_B}confirm{_S}your{_S}{_alt('assent', 'consent', 'agreement', 'approval', 'acceptance', 'go-ahead', 'go ahead')}{_E}",  # round 18 (BD)
        rf"{_B}{_alt('reply', 'respond', 'answer', 'say', 'type', 'write', 'just say', 'simply say')}{_S}(?:{_alt('with', 'with a', 'with an')}{_S})?[\"'“‘(]?{_alt('yes', 'y', 'ok', 'okay', 'confirm', 'go ahead', 'proceed')}{_E}",
        rf"{_B}{_alt('say the word', 'give me the word', 'just say the word')}{_E}", rf"{_B}{_alt('just say', 'just say so', 'say so')}\s*[.!]*\s*$", rf"{_B}{_alt('a', 'one')}{_S}{_GRANT}{_S}from{_S}you{_E}",
        rf"{_B}{_alt('let me know', 'tell me', 'just tell me')}{_S}{_alt('if', 'whether', 'once', 'when')}{_S}(?:{_LET_WHO}{_S})?{_LET_WHAT}{_E}{_NOT_TO_ACT}", rf"{_B}(?<!, )(?:just{_S})?let{_S}me{_S}know\s*[.!]*\s*$",
        rf"{_B}{_alt('need', 'have', 'get', 'wait for', 'waiting for', 'with', 'once i have', 'once you give', 'give me', 'just need', 'pending', 'awaiting', 'subject to', 'upon', 'upon receipt of', 'on receipt of', 'following', 'confirm', 'indicate', 'signify', 'express')}{_S}{_alt('your', 'the')}{_S}{_GRANT}{_E}",  # round 18 (BD): "upon your confirmation", "kindly confirm your assent"
        rf"{_B}{_alt('if you agree', 'if you approve', 'if you confirm', 'if you accept', 'if you consent', 'if that is ok', 'if that is okay', 'if that is fine', 'if you are ok', 'if you are okay', 'if you are happy', 'if that works', 'if you would like', 'if you want me to', 'if you want', 'if you say yes', 'if that suits', 'if that suits you', 'if it suits', 'if it suits you', 'on your yes', 'on your ok', 'on your okay', 'with your ok', 'with your okay', 'with your permission', 'with your approval', 'with your consent', 'if you are fine', 'if you are alright', 'if you are good', 'if you would like me to', 'if that sounds good', 'if that sounds right')}{_E}{_NOT_TO_ACT}",
        rf"{_B}if{_S}you(?:'re|{_S}are){_S}{_alt('ok', 'okay', 'happy', 'fine', 'alright', 'all right', 'good', 'comfortable')}{_S}{_alt('with', 'for me to', 'for us to', 'with me', 'to proceed', 'to go ahead', 'going ahead')}{_E}",
        rf"{_B}if{_S}(?:you'd|you{_S}would){_S}like{_S}{_alt('me', 'us')}{_S}to{_E}",
        # "I can refund $16.90 to your card if you'd like." (the offer's condition closes it)
        rf"{_B}if{_S}(?:you'd|you{_S}would){_S}(?:like|prefer){_E}\s*[.!]?\s*$",
        rf"{_B}if{_S}you{_S}(?:wish|want|like){_E}\s*[.!]?\s*$",
        rf"{_B}if{_S}(?:that's|that{_S}is){_S}{_alt('ok', 'okay', 'fine', 'alright', 'all right', 'good with you', 'ok with you', 'okay with you')}{_E}",
        rf"{_B}{_alt('yes', 'y')}\s*/\s*{_alt('no', 'n')}{_E}",
        # said impersonally: "Confirmation is requested.", "The customer's agreement is hereby sought."
        rf"{_B}{_alt('confirmation', 'agreement', 'approval', 'consent', 'authorization', 'authorisation')}"
        rf"(?:{_S}{_alt('of', 'to', 'for')}(?:{_S}[\w$.,-]+){{1,8}}?)?{_S}(?:{_alt('is', 'will be')}{_S})?(?:{_alt('hereby', 'kindly', 'respectfully', 'therefore', 'now')}{_S})?"
        rf"{_alt('requested', 'required', 'needed', 'sought', 'awaited', 'invited')}{_E}",
    ]),
    re.IGNORECASE,
)

_WHY_NOT_I = _alt("why not", "why don't i", "why don't we", "how about i", "how about we", "how about if i", "what if i", "what if we")
# A question that asks consent (searched in a sentence ending with "?").
_QUESTION_BRANCHES = [  # each read alone where the sentence holds one of its words (``consent_branches.QUESTION_HINTS``)
        # Shall I / May I / Can we ... (not a look-up or a question for information)
        rf"{_B}{_DO_I}(?!{_S}{_INFO_VERBS}{_E})(?!{_S}(?:i|we){_E})",
        # round 14: the act offered as a rhetorical question ("Why not go ahead and add it?", "Why don't I cancel it?",
        # "How about I refund it?"; not a look-up, "Why don't I check first?", nor the customer's act, "Why don't you ...?")
        rf"{_B}{_WHY_NOT_I}{_E}"
        rf"(?!{_S}(?:{_alt('go ahead and', 'just', 'let me', 'let us', 'quickly', 'first')}{_S})?{_INFO_VERBS}{_E})(?=\s*[\w])",
        # Would you like me to / Do you want a refund / Would you like to proceed (not to know,
        # nor me to explain)
        rf"{_B}{_YOU_WANT}{_NOT_TO_ACT}",
        # Do you mind? / Would you mind if I refund it? / Any objection to me refunding it? (a
        # question a "no" agrees to; not "Would you mind telling me your email?")
        rf"{_B}{_MIND}{_E}(?!(?:{_S}{_alt('if i', 'if we', 'me', 'us', 'my', 'our', 'to me', 'to us', 'with me', 'if')})?{_S}(?:{_INFO_VERBS}|{_INFO_ING}){_E})",
        # Is that OK? / Would that be fine? / Is it alright if I ...
        rf"{_B}{_alt('is', 'would', 'will', 'does', 'do')}{_S}{_THAT}{_S}(?:{_alt('be', 'seem', 'sound', 'look')}{_S})?{_FINE}{_E}",
        rf"{_B}{_alt('is', 'would', 'will')}{_S}{_THAT}{_S}(?:be{_S})?{_FINE}{_S}{_alt('if', 'for me to', 'to proceed', 'to go ahead')}{_E}",
        # the subject left out, as a learner may ("Is ok for you that I propose it?", "Is fine with you if I refund it?")
        rf"{_B}{_alt('is', 'would be', 'will be')}{_S}{_FINE}{_S}{_alt('for you', 'with you', 'to you', 'by you')}{_S}{_alt('that i', 'that we', 'if i', 'if we')}{_E}",
        # Would a refund of $16.90 to your card work for you? Would the wallet be OK? (the offer up to 160
        # characters: an amount spelled in words, "five dollars and eighty-five cents", makes it long)
        rf"{_B}would{_S}(?:a|an|the|that|this){_E}[^?]{{0,160}}?{_S}(?:{_alt('work', 'suit you', 'suit', 'be ok', 'be okay', 'be fine', 'be alright', 'be acceptable', 'be good')}){_E}",
        # Would a refund of $16.90 help? (an offer; not "would it help to know ...")
        rf"{_B}would{_S}(?:a|an|the|that|this){_E}[^?]{{0,160}}?{_S}help{_E}(?!{_S}to{_S}(?:{_INFO_VERBS}){_E})",
        rf"{_B}{_alt('is', 'would')}{_S}{_THAT}{_S}(?:be{_S})?what{_S}(?:you'd|you{_S}would){_S}{_alt('like', 'prefer')}{_E}",  # "Is that what you'd like?"
        # Does that work (for you)? / Does this sound good?
        rf"{_B}{_alt('does', 'would', 'will', 'do')}{_S}{_THAT}{_S}{_WORK}{_E}",
        # Do you agree / approve / confirm ...? Can you confirm the refund? (not your email)
        rf"{_B}{_alt('do you', 'will you', 'would you', 'can you', 'could you', 'you')}{_S}{_AGREE}{_E}{_NOT_TO_ACT}(?!{_S}{_alt('your', 'the email', 'the name', 'the zip', 'the phone', 'that you', 'you', 'if you have', 'whether you have', 'which', 'what', 'whether', 'when', 'where', 'who', 'how')}{_E})(?!{_S}{_alt('the', 'this', 'that')}{_S}{_INFO_NOUN}{_E})",
        # Are you OK / happy with that? Are you happy for me to ...?
        rf"{_B}{_alt('are you', 'you')}{_S}{_alt('ok', 'okay', 'happy', 'fine', 'comfortable', 'alright', 'all right', 'good')}{_S}{_alt('with', 'for me to', 'for us to', 'if i', 'if we', 'to proceed', 'to go ahead', 'going ahead', 'proceeding')}{_E}",
        # Would you be agreeable to my doing so? Are you amenable to that? Would you be willing to
        # accept that? (not "willing to share your email?": information)
        rf"{_B}{_alt('are you', 'would you be', 'will you be', 'would you still be', 'are you still')}{_S}{_alt('agreeable', 'amenable', 'comfortable', 'willing', 'open', 'satisfied', 'content', 'on board', 'in agreement', 'ok', 'okay', 'happy', 'fine', 'alright', 'all right', 'good')}"
        rf"{_S}{_alt('with', 'to', 'for me to', 'for us to', 'if i', 'if we', 'going ahead', 'proceeding')}{_E}{_NOT_TO_ACT}(?!{_S}{_INFO_ING}{_E})",
        # Do I have your OK / permission?
        rf"{_B}{_alt('do i have', 'can i have', 'may i have', 'can i get', 'may i get', 'could i get', 'could i have', 'have i got')}{_S}{_alt('your', 'the')}{_S}{_GRANT}{_E}",
        # OK to proceed? Ready for me to ...? Go ahead?
        rf"{_B}{_alt('ok', 'okay', 'alright', 'good', 'fine', 'ready', 'happy')}{_S}{_alt('to proceed', 'to go ahead', 'to continue', 'for me to', 'for us to', 'with that', 'with this', 'with it')}{_E}",
        rf"{_B}{_alt('proceed', 'go ahead', 'continue')}(?:{_S}{_alt('with that', 'with this', 'with it', 'then', 'now')})?\s*\?",
        # round 18: "Step 1: ... Step 2: ... Shall I start?" (leave to begin what was listed)
        rf"{_B}{_alt('shall i', 'should i', 'can i', 'may i', 'shall we', 'should we')}{_S}{_alt('start', 'begin', 'get started', 'make a start')}(?:{_S}{_alt('then', 'now')})?\s*\?",
        rf"{_B}{_alt('yes', 'y')}\s*/\s*{_alt('no', 'n')}{_E}",
        # asked impersonally: "Shall this be done?", "Should the refund be issued?", "May this be proceeded with?"
        # (not a look-up, "Should it be checked?"; "Can it be sent again?" asks what is possible)
        rf"{_B}{_alt('shall', 'should', 'may')}{_S}(?:{_alt('this', 'that', 'it', 'these', 'they')}|{_alt('the', 'this', 'that')}{_S}[a-z]+(?:{_S}[a-z]+)?)"
        rf"{_S}be{_S}(?!{_alt('checked', 'verified', 'reviewed', 'looked', 'explained', 'confirmed by', 'known', 'delivered', 'ready', 'late')}{_E})[a-z]+(?:ed|en|ne|de|nt|ut){_E}",
]
_CONSENT_QUESTION = re.compile(_at_a_word_start(*_QUESTION_BRANCHES), re.IGNORECASE)
# A sentence of at most a few words that is only a request for the yes: "OK?", "Confirm?", "Deal?"
_ALONE_QUESTION = re.compile(rf"^[\s\W]*(?:{_alt('and', 'so', 'then')}{_S})?{_ALONE}(?:{_S}{_alt('then', 'now', 'with you', 'for you')})?\s*[?!.]*\s*$", re.IGNORECASE)
_CLAUSE = re.compile(r"(?<!\w)-|-(?!\w)|[\u2013\u2014:;,(]")  # round 19: the hyphen of an id ("FD-10069") cuts no clause
# "To confirm: ...", "Just to confirm, ...": a summary led in; a request for the yes only where the
# message asks nothing else ("To confirm: cancel #W1. Would you like to hear about returns?" asks none)
_LEAD_IN = lazy(r"^(?:[\W_]*(?:ok|okay|so|alright|great|perfect)\W{1,3})?(?:just\s+|so\s+)?to\s+confirm\s*[:,]",
                      re.IGNORECASE, needs=('confirm',))  # the last clause of a question: "Refund $4.67 - OK?"
# A question word of a language a customer's English borrows from ("¿sabes cuánto tarda?", "combien de
# temps ?"): it asks for information, as "what" or "how" would (a loan verb asked, "¿lo cancelo?", asks the action)
_LOAN_WH = _alt("cuanto", "cuanta", "cuantos", "cuantas", "cuando", "donde", "por que", "quien", "cual", "sabes", "sabe usted",
                "quand", "combien", "pourquoi", "comment", "quel", "quelle", "quoi", "savez-vous", "sais-tu")  # accents folded (seen)
# A question asked as the action itself ("Refund $12.50 to your wallet?", "You want it cancelled?"):
# not opened by a question word or an auxiliary, and not asking whether there is more to ask.
_ASKED_AS_A_STATEMENT = re.compile(
    rf"^[\s\W]*(?!(?:{_alt('and', 'so', 'also', 'but', 'then', 'oh', 'btw', 'by the way', 'plus', 'one more thing', 'quick question', 'just curious', 'out of curiosity')}[\s,\u00a0]+)*(?:{_alt('what', 'how', 'why', 'when', 'where', 'who', 'whom', 'whose', 'which', 'did', 'do', 'does', 'is', 'are', 'was', 'were', 'have', 'has', 'had', 'would', 'could', 'can', 'will', 'shall', 'should', 'may', 'might', 'must', 'any', 'anything', 'is there', 'are there')}){_E}|{_LOAN_WH}{_E})",
    re.IGNORECASE,
)
_MORE_TO_ASK = re.compile(rf"{_B}(?:{_alt('question', 'questions', 'anything else', 'something else', 'help', 'know', 'information', 'info', 'details', 'rate', 'rating', 'feedback', 'survey', 'stars')}"
                          rf"|(?<!never )(?<!not )(?<!n't )(?<!never been )(?<!not been ){_alt('receive', 'received', 'get it', 'arrive', 'arrived')}){_E}",
                          re.IGNORECASE)  # "did it arrive?" asks for information; "... that never arrived?" does not
# A sentence about what already happened: a write done ("I refunded", "we've sent", "was credited"),
# money that arrived, or a time gone by; unless it also asks ahead ("Shall I ...", "Would you like").
_HAPPENED = re.compile(_at_a_word_start(
    rf"{_B}(?:i|we)(?:'ve|'d(?!{_S}put{_E}(?![^.!?]{{0,60}}already))|{_S}have|{_S}had)?{_S}(?:already{_S}|just{_S})?(?:refunded|credited|cancell?ed|sent|issued"
    rf"|processed|reimbursed|returned|charged|gave|given|put|changed|dispatched|applied|added|made){_E}",
    rf"{_B}(?:was|were|has{_S}been|have{_S}been|had{_S}been){_S}(?:already{_S})?(?:refunded|credited|cancell?ed|sent|issued"
    rf"|processed|reimbursed|returned|charged|applied|added|made|received|delivered){_E}",
    rf"{_B}(?<!never )(?<!not )(?<!n't )(?<!never been )(?:arrived|received|came{_S}through|went{_S}through|showed{_S}up|shown{_S}up|landed|got{_S}it|reached{_S}you"
    rf"|yesterday|last{_S}time|last{_S}week|earlier{_S}today){_E}"),
    re.IGNORECASE)
_AHEAD = lazy(
    rf"{_B}(?:{_DO_I}|{_MIND}|{_alt('would you like', 'do you want', 'want me to', 'ok to', 'okay to', 'shall we', 'go ahead', 'proceed', 'again', 'now', 'if i', 'if we', 'suppose i', 'supposing i', 'what if i', 'imagine i')}{_E})", re.IGNORECASE, needs=('again', 'ahead', 'bother', 'can', 'could', 'if', 'imagine', 'may', 'might', 'mind', 'must', 'now', 'object', 'objection', 'objections', 'ok', 'okay', 'problem', 'problems', 'proceed', 'reason', 'shall', 'should', "shouldn't", 'suppose', 'supposing', 'want', 'what', 'would'))  # "Do you mind if I put it through?": "I put" there is what the agent would do
_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "ʼ": "'"})


# round 17 (AU): a reference back that leads a sentence in ("As I said, would you prefer I explain ...?", "Like I mentioned,
# ...", "As discussed, ...", "Same as before: ...") is read past: the sentence asks what follows it
_RECAP_LEAD = re.compile(r"(?i)^(?:(?:as|like)[ \t]+(?:I|we)[ \t]+(?:said|mentioned|noted|explained|wrote)(?:[ \t]+(?:before|earlier|above))?"
                         r"|as[ \t]+(?:discussed|mentioned|noted)(?:[ \t]+(?:before|earlier|above))?|same[ \t]+as[ \t]+before)"
                         r"[ \t]*[,:;\u2014\u2013-]+[ \t]*")
_RECAP_STARTS = frozenset({"as", "li", "sa"})


@lru_cache(maxsize=4096)
def consent_request(text: str) -> Optional[str]:
    """The sentence of ``text`` (an agent's message) that asks the customer's consent, or None."""
    text = (text or "")[:MAX_CHARS]
    summary: Optional[str] = None  # "To confirm: cancel #W1." (a lead-in): a request unless another question is asked
    other = False
    found: Optional[str] = None
    after = False  # a question about something else after the consent question, not answered in the message
    parts = [p for p in (s.strip() for s in _sentences(text.translate(_APOSTROPHES))) if p]
    for at, plain in enumerate(parts):
        if is_closing(plain):
            continue  # round 17: "If anything else comes up, just let me know." asks no yes for the call
        plain = _RECAP_LEAD.sub("", plain, count=1) if plain[:2].lower() in _RECAP_STARTS else plain
        if after:
            if plain.endswith("?") or not short_answer(plain) or goes_on(plain) or _found(_CONSENT_REQUEST, _CONSENT_REQUEST_LOW, plain, _REQUEST_HINT):
                return None  # "... OK? Also, is your address still 12 Elm?": a reply answers the last question
            after = False  # "How much? $18.42.": the agent answered its own question; the customer was asked none
            continue
        if plain.endswith("?") and at + 1 < len(parts) and answered_at_once(plain, parts[at + 1], _ALONE_QUESTION.match(plain) is not None) \
                and not is_closing(parts[at + 1]):  # round 19: "Shall I add $5? Should you have any other questions, I'm here."
            continue  # "Can we refund it? Yes. Where to? Your card.": the agent's own question, answered
        if _found(_HAPPENED, _HAPPENED_LOW, plain, _HAPPENED_HINT) and not _AHEAD.search(plain) or plain[-1:] == "?" and done_and_tagged(plain):
            continue  # "I refunded it yesterday, right?", "Can you confirm it arrived?", round 20: "It's cancelled, yeah?"
        if found is not None:
            if _PROCEEDS.search(plain) or _DONE_NOW.match(plain) or _WITHDRAWN.match(plain):
                return None  # "Shall I refund it? Yes, processing now." / "Done." / "Actually, scratch that" (round 14): went on
            if plain.endswith("?") and not _asks(plain) and not _ELSE_ASKED.search(plain):
                if asks_for_more(plain):
                    return None  # "... OK? Anything else?": the customer is asked for more
                after = True  # read on: its answer may follow ("How much? $18.42. Where to? Your card. Go ahead?")
            continue
        if plain.endswith("?") and ("'" in plain or '"' in plain or "“" in plain) and _quoted(plain):
            continue  # "You asked 'shall I cancel it?' - ...": another's question quoted, not asked
        if _asks(plain):
            found = plain
            continue
        if plain.endswith("?"):
            other = True  # the message asks something else: a summary's lead-in asked for no yes
        elif summary is None and _LEAD_IN.search(plain):
            summary = plain
    if after:
        return None
    if found is not None:
        return found
    return None if other else summary


# round 14: "Shall I have the planner optimise the stops?", "Shall I have it cancelled?": having someone do it is the act
# (round 15: the planner's "order", "arrange", "sequence" of the stops too)
# (round 17: "get" as "have", "your" as an object's word: "Should I get your deliveries sorted into the best sequence?")
_CAUSATIVE = re.compile(rf"(?i){_DO_I}{_S}(?:have|get){_S}(?:the|a|an|our|my|your|someone|somebody|it|them|this|that)(?:{_S}[\w'-]+){{0,2}}{_S}"
                        r"(?:\w+ed|set|sort|plan|send|sent|put|cancel|refund|dispatch|optimi[sz]e|redo|reroute|change|deliver"
                        r"|(?:(?<=planner )|(?<=system )|(?<=dispatcher ))(?:order|arrange|sequence|route|schedule|organi[sz]e)(?![ \t]+(?:number|id|code)\b))\b")


def _asks(plain: str) -> bool:
    """Whether the sentence ``plain`` asks consent (a question or a request for the yes)."""
    return bool((plain.endswith("?") and (_QUESTION_ASKED.found(plain)
                                         or ((" have " in plain.lower() or " get " in plain.lower()) and _CAUSATIVE.search(plain))
                                         or _ALONE_QUESTION.match(_FILLERS.sub("", _CLAUSE.split(plain)[-1].strip()))
                                         or _asked_as_a_statement(plain)))
                or _found(_CONSENT_REQUEST, _CONSENT_REQUEST_LOW, plain, _REQUEST_HINT))


# The case-blind patterns above again, case-sensitive: an ASCII sentence in lower case is searched
# with these (the same matches: their letters are all lower case, checked by
# tests/reward/reading/test_consent_words_held.py), three times as fast (a case-blind pattern
# compares its alternatives letter by letter, a case-sensitive one skips each at its first letter)
_CONSENT_QUESTION_LOW = re.compile(_CONSENT_QUESTION.pattern)
_QUESTION_ASKED = HintedBranches(_CONSENT_QUESTION, _QUESTION_BRANCHES, QUESTION_HINTS)  # as _found reads the two above
_CONSENT_REQUEST_LOW = re.compile(_CONSENT_REQUEST.pattern)
_HAPPENED_LOW = re.compile(_HAPPENED.pattern)


def _found(pattern: "re.Pattern[str]", low: "re.Pattern[str]", plain: str, hint: "Optional[re.Pattern[str]]" = None) -> bool:
    """Whether the case-blind ``pattern`` finds something in ``plain``: read in lower case with
    ``low`` when ``plain`` is all ASCII, and only when ``hint`` (the words every match holds, as
    one literal alternation: it finds something iff one of them is in the text) finds one there;
    else with ``pattern`` itself (a case-blind letter also matches a few others: "ſ", "K")."""
    if not plain.isascii():
        return pattern.search(plain) is not None
    lowered = plain.lower()
    return (hint is None or hint.search(lowered) is not None) and low.search(lowered) is not None


# Words of which every match of a pattern holds one, in its literal text (in any case): a
# sentence in ASCII that holds none of them is not searched with the pattern (``_found``) (most sentences
# hold none: each search tries every word of the sentence against every branch). Kept with the
# patterns by tests/reward/reading/test_consent_words_held.py, which reads each branch.
_REQUEST_WORDS = ("confirm", "reply", "respond", "answer", "say", "type", "write", "word", "know", "tell", "ok", "ahead",
                  "permission", "consent", "approval", "agreement", "authori", "yes", "light", "blessing", "if", "/", "nod", "thumbs", "assent")
_HAPPENED_WORDS = ("refunded", "credited", "cancel", "sent", "issued", "processed", "reimbursed", "returned", "charged",
                   "gave", "given", "put", "changed", "dispatched", "applied", "added", "made", "received", "delivered",
                   "arrived", "came", "went", "showed", "shown", "landed", "got", "reached", "yesterday", "last", "earlier")
# each list as one alternation of its words (a scan of the sentence instead of a test per word)
_REQUEST_HINT = lazy("|".join(map(re.escape, _REQUEST_WORDS)), needs=('/', 'agreement', 'ahead', 'answer', 'approval', 'assent', 'authori', 'blessing', 'confirm', 'consent', 'if', 'know', 'light', 'nod', 'ok', 'permission', 'reply', 'respond', 'say', 'tell', 'thumbs', 'type', 'word', 'write', 'yes'))
_HAPPENED_HINT = re.compile("|".join(map(re.escape, _HAPPENED_WORDS)))


# A question inside a quote opened after a word of saying ("You asked 'shall I cancel FD-10018?'",
# 'policy says: "may we refund it?"'): the sentence ends at its mark with the quote still open
_QUOTED = re.compile(rf"{_B}{_alt('asked', 'ask', 'asking', 'said', 'say', 'says', 'saying', 'wrote', 'write', 'writes', 'mentioned', 'reads', 'read', 'states', 'stated', 'question', 'quote', 'quoted', 'told me', 'told us')}"
                     r"[ \t\u00a0]{0,3}[:,]?[ \t\u00a0]{0,3}[\"“']([^\"”'\n]|'(?=\w))*\?$", re.IGNORECASE)
_SAYING = ("ask", "said", "say", "wrote", "writ", "mention", "read", "stat", "quest", "quot", "told")


def _quoted(plain: str) -> bool:
    low = plain.lower()
    return any(w in low for w in _SAYING) and _QUOTED.search(plain) is not None


# After the question, the agent going on as if answered: "Yes, processing now.", "Going ahead now."
_PROCEEDS = re.compile(
    rf"^[\W_]*(?:{_alt('yes', 'yep', 'done', 'great', 'ok', 'okay', 'alright', 'perfect')}{_E}[\W_]*)?(?:(?:i(?:'m|{_S}am|'ll|{_S}will)|we(?:'re|{_S}are|'ll|{_S}will)){_S})?"
    rf"{_alt('processing', 'processing it', 'processing that', 'proceeding', 'going ahead', 'go ahead', 'doing it', 'doing that', 'doing so', 'on it', 'putting it through', 'submitting', 'making the change', 'issuing', 'sending it')}"
    rf"(?:{_S}{_alt('now', 'right now', 'right away', 'then', 'anyway', 'with it', 'with that', 'for you')})*{_E}[\W_]*$",
    re.IGNORECASE)
# round 13: the act reported done right after the question ("Shall I cancel #W1? Done -- it's cancelled.")
_DONE_NOW = re.compile(r"^[\W_]*(?:all[ \t]+)?done(?:[ \t]+and[ \t]+dusted)?(?:[ \t]*[.!,;:\u2013\u2014]|[ \t]+-|[ \t]*$)", re.IGNORECASE)
_WITHDRAWN = re.compile(r"^[\W_]*(?:(?:actually|sorry|oh|hmm|um|wait)\W{1,3})*(?:scratch[ \t]+that|never[ \t]?mind|forget[ \t]+(?:that|i[ \t]+asked)"
                        r"|on[ \t]+second[ \t]+thoughts?|hold[ \t]+(?:on|that|off)|hang[ \t]+on|let[ \t]+me[ \t]+(?:first[ \t]+)?"
                        r"(?:check|double[ \t-]?check|look|verify|confirm)\b[^.!?\n]{0,60}\bfirst)(?![\w'])", re.IGNORECASE)
# A question after the consent question that asks for more of the same or closes politely
_ELSE_ASKED = re.compile(rf"{_B}(?:{_alt('or would you', 'or do you', 'or shall', 'or should', 'or would you rather', 'or')}{_E})", re.IGNORECASE)


# fillers before a short question ("um, sound good?"); a question written without its mark has
# one by now (``normalize_questions``: the agent's text is read with its questions marked)
_FILLERS = re.compile(r"^(?:(?:um+|uh+|er+|erm|so|and|then|or|well|like)[\s\u00a0,]+|(?:okay|ok|alright|all right)"
                      r"(?:\s+so)?\s*,\s*|(?:okay|ok|alright|all right)\s+so\s+)+", re.IGNORECASE)


def _asked_as_a_statement(plain: str) -> bool:
    """Whether a question (``plain`` ends with "?") asks the action itself: '{"order": ...} Do you
    want to know ...?' is the question after the record, from its first word; asked as a statement
    only if its last clause is too ("paypal_1 Mei, would you like me to explain the process
    first?" asks with "would"). Read only for a question the patterns did not settle."""
    asked = _VOCATIVE.sub("", _FILLERS.sub("", _LEADING.sub("", _AFTER_A_RECORD.split(plain)[-1])), count=1)
    asked = _TRAILING_VOCATIVE.sub("?", asked)  # "..., Daiki?": the question is what comes before the name
    return bool(_ASKED_AS_A_STATEMENT.match(asked) and not _MORE_TO_ASK.search(plain)
                and _ASKED_AS_A_STATEMENT.match(_LEADING.sub("", _GLUED.split(_CLAUSE.split(asked)[-1])[-1])))


def asks_consent(text: str) -> bool:
    """Whether ``text`` asks the customer to agree that the agent acts (see the module)."""
    return consent_request(text) is not None
