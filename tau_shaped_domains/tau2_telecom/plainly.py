"""Words an agent's statement is read in before the ``asserted`` check kind looks for its patterns (SPEC §10
statements; ``asserted.read_plainly`` calls ``said_plainly`` once per message): chat shorthand and check marks as the
words they stand for, "right now" as "now", a likelihood said plainly, a priced or bare request as the payment request,
a question the agent answers yes itself as the statement it makes, and (round 14) what the agent's system or records are
said to show as the agent's own statement ("Our system shows L1002 as resumed" states that L1002 is resumed).
"""

from __future__ import annotations

import re

__all__ = ["said_plainly", "chat_said_plainly", "checks_read", "grammar_said_plainly"]

# a likelihood reports what it qualifies ("your line is probably back up", "your line should now be
# back up": SPEC §10): its adverb is read away and "should now be" read "is now" ("should be paid",
# an obligation as well, is left alone)
_LIKELY = re.compile(r"\b(is|are|was|were|has|have|had|has been|have been|'s|\u2019s|'ve|\u2019ve)[ ]+(?:most[ ]+)?"
                     r"(?:probably|likely|surely|certainly|definitely)[ ]+", re.IGNORECASE)
# (not under a condition after it: "should now be back up once you pay" is still to come)
_SHOULD_NOW = re.compile(r"\bshould[ ]+(?:right[ ]+)?now[ ]+be\b(?![^.?!\n]{0,80}\b(?:once|when|after|if|as soon as|until|unless)\b)", re.IGNORECASE)


def _likely_said_plainly(text: str) -> str:
    return _SHOULD_NOW.sub("is now", _LIKELY.sub(lambda m: m.group(1) + " ", text))


# chat shorthand read as the words it stands for ("sent u the payment request", "ur bill is paid",
# "u r all set", "pls hold on"): one token each, whole words only; "ur" before a word that follows
# "you're" ("ur all paid up", "ur good") is "you're", else "your" ("ur $65 bill")
_CHAT_HINT = re.compile(r"(?i)(?<![\w'\u2019$])(?:u|ur|r|pls|plz|ive|im|youre|weve|thx|thru|pd|req|scent|pay[ ](?:meant|mint|ment)"
                        r"|(?:re|un)[ ](?:sumed|activated|stored|instated|connected|enabled|suspended))(?![\w'\u2019]|[.][A-Za-z])")
_CHAT = {"u": "you", "r": "are", "pls": "please", "plz": "please", "ive": "I've", "im": "I'm", "youre": "you're",
         "weve": "we've", "thx": "thanks", "thru": "through", "pd": "paid", "req": "request",  # round 13: "B1: pd", "pmt req"
         # round 20 (DC, speech to text): a done word split at its prefix ("L1002 is re sumed"), "payment" heard as two
         # words, "sent" as its homophone ("The pay meant request has been scent to your phone")
         "scent": "sent", "pay meant": "payment", "pay mint": "payment", "pay ment": "payment"}
# a check mark says its field's value or that the thing before it is done: "B1 \u2705 paid" is
# "B1: paid", "+2 GB on L1002 \u2705" is "+2 GB on L1002 done" (SPEC \u00a710: a record in any layout)
_CHECK = re.compile(r"[ \t]*[\u2705\u2714\u2611\u2713](?:\ufe0f)?[ \t]*(?=(\w)?)")


# "right now", "as of now" said as "now" (every pattern reads "now")
_NOW = re.compile(r"(?i)\b(?:right|as[ ]+of|just)[ ]+now\b")


def checks_read(text: str) -> str:
    """``text`` with each check mark read as the field separator or the "done" it stands for."""
    return _CHECK.sub(lambda m: ": " if m.group(1) and m.start() > 0 and text[m.start() - 1] not in "\n" else
                      (" done " if m.start() > 0 and text[m.start() - 1] not in "\n" else ""), text)
_YOURE_BEFORE = re.compile(r"[ ]+(?:all|now|good|set|being|no|not|in|back|up|paid|sorted|squared|done|able|ready|on)\b",
                           re.IGNORECASE)


def chat_said_plainly(text: str) -> str:
    """``text`` with chat shorthand written as the words it stands for (the rest kept)."""
    def word(m: "re.Match[str]") -> str:
        said = m.group(0).lower()
        if said[2:3] == " " and said[:2] in ("re", "un"):
            return m.group(0).replace(" ", "", 1)  # "re sumed": one word
        if said == "ur":
            return "you're" if _YOURE_BEFORE.match(text, m.end()) else "your"
        if said == "r" and not re.search(r"(?i)\b(?:u|you|we|they)[ ]+$", text[max(0, m.start() - 6):m.start()]):
            return m.group(0)  # "r" alone is "are" only after its subject ("u r all set")
        return _CHAT[said]
    return _CHAT_HINT.sub(word, text)


# round 13: a request priced is the payment request ("The $65.00 request is on your phone now")
_PRICED_REQUEST = re.compile(r"(?P<amount>\$[ ]?[0-9][0-9.,]*|\b(?:USD|US\$)[ ]?[0-9][0-9.,]*|\b[0-9][0-9.,]*[ ](?:dollars?|usd|bucks))[ ]request\b",
                             re.IGNORECASE)
# round 13 (self-Q&A): a yes-no question the agent answers yes itself states what it asked ("Is the bill paid? Yes, all
# $65.00." says the bill is paid; "Has the request gone out? Yes -- to your phone."); one answered no, or not answered, states nothing
_ANSWERED_YES = re.compile(r"(?:^|(?<=[.!?\n]))[ \t]*(?P<aux>is|are|has|have|was|were|did|does)[ \t]+"
                           r"(?P<subj>(?:(?:the|your|my|this|that|our)[ \t]+)?(?:(?:payment|data|mobile|bill|line)[ \t]+)?[\w$-]+)[ \t]+(?P<rest>[^?.!\n]{1,80})\?[ \t]*"
                           r"(?=(?:yes|yep|yeah|yup)\b)", re.IGNORECASE)


# round 14 (reported speech): what the agent's own system, records or screen are said to show is the agent's statement:
# the frame read away ("Our system shows the request has gone out" states it has), a state named with "as" said with
# "is" ("Our system shows L1002 as resumed now"), and a noun with a participle and no verb of its own said in the perfect
# ("Our billing system shows the payment request for B1, $65.00, sent to your phone"). The customer's words and a rule's
# stay reported (asserted._reported); "Our system shows L1002 as suspended" states a state, which no done pattern reads.
_SHOWN = re.compile(
    r"(?i)\b(?:(?:according[ ]to|per)[ ](?:our|the|my)[ ](?:[\w-]+[ ])?(?:system|records?|screen|dashboard|tools?|logs?|account)[, ]+"
    r"|(?:our|the|my)[ ](?:[\w-]+[ ])?(?:system|records?|screen|dashboard|tools?|logs?|account[ ]notes)"
    r"[ ](?:(?:now|also|clearly)[ ])?(?:shows?|says|indicates?|tells[ ]me|confirms?|lists|reports?|reflects?|has)"
    r"(?:[ ]that)?[ ]+)(?P<rest>(?:[^.!?\n]|[.](?=[0-9])){1,160})")
_AUX = re.compile(r"(?i)\b(?:is|are|was|were|has|have|had|been|be|will|shall|can|'s|'re|'ve)\b")
_AS_STATE = re.compile(r"(?i)^(?P<np>[^,;]{1,80}?)[ ]as[ ](?P<state>[^.!?\n]{1,80})$")
_PARTICIPLE = re.compile(r"(?i)^(?P<np>[^;]{1,100}?)[ ](?P<part>[a-z]{3,}ed|sent|gone|put|paid|made|done|set[ ]up|out)\b")


def _shown(m: "re.Match[str]") -> str:
    rest = m.group("rest")
    if _AUX.search(rest):
        return rest
    state = _AS_STATE.match(rest)
    if state is not None:
        return f"{state.group('np')} is {state.group('state')}"
    part = _PARTICIPLE.match(rest)
    if part is not None and part.group("np").split()[0].lower() not in ("you", "i", "we"):
        return f"{part.group('np')} has been {rest[part.start('part'):]}"
    return rest


# round 14: "the request" the agent tells of with the phone, a bill or an amount in its sentence is the payment request
# ("Has the request gone out? Yes -- $65.00.", "I believe the request for the $65.00 is on your phone now"); the
# customer's request ("Your request has been noted") is not
_BARE_REQUEST = re.compile(r"(?i)\b(?P<det>the|that|this)[ ]request\b(?=[^.!\n]{0,120}(?:\$[ ]?[0-9]|\b(?:USD|US\$)[ ]?[0-9]|[0-9][ ](?:dollars?|bucks)\b"
                           r"|\byour[ ](?:phone|device|mobile|handset)|\bbill\b|\bB[0-9]{3,}))")
# round 14 (self-Q&A): a yes followed by a phrase with no verb, naming data on a line, says it is on the line now
# ("Is the data on? Yes, 2 GB on L1002.")
_YES_DATA_ON = re.compile(r"(?i)\b(?:yes|yep|yeah|yup)\b[ \t,:;-]{1,6}(?P<gb>(?:[0-9]+(?:[.][0-9]+)?|one|two)[ ]?(?:gb|gigs?|gigabytes?))"
                          r"[ ](?P<prep>on|to|added[ ]to)[ ](?P<line>(?:line[ ])?L[0-9]{3,})(?=[ \t]*(?:[.!\n]|$))")


# round 14 (hedged speech): an "if" that hedges what the agent reads is no condition ("If I'm reading this right, that
# request for $65.00 is on your phone now" reports it, as "I believe" does); and a request that "went" to the phone was sent
_HEDGING_IF = re.compile(r"(?i)\bif[ ](?:i'm|i[ ]am|i've|i[ ]have)[ ](?:reading|seeing|understanding|got)[ ](?:this|that|it|things)[ ]"
                         r"(?:right|correctly)\b[ ,]*|\bif[ ](?:i'm|i[ ]am)[ ]not[ ]mistaken\b[ ,]*|\bif[ ]memory[ ]serves\b[ ,]*")
_WENT_TO = re.compile(r"(?i)\b(?P<what>request|link|prompt|notification)\b(?P<mid>(?:[^.?!\n]|[.](?=[0-9])){0,60}?)[ ]went[ ](?:out[ ])?to[ ]"
                      r"(?P<where>(?:your|the)[ ](?:phone|device|app|mobile))\b")


# round 14 (a note in a system's voice): a snake_case key is read as its words ("payment_request: SENT" is "payment request:
# SENT"), as a key=value line's is
_SNAKE_KEY = re.compile(r"(?i)\b[a-z]{2,20}(?:_[a-z]{2,20}){1,3}(?=[ \t]*[:=])")


# round 17 (AW, non-native grammar): a past regularized ("i sended u the request") is the past; a base form after a perfect
# or passive auxiliary ("I have send it", "L1002 has resume") is the participle; a state said of the line or the bill with
# no verb, ending its clause ("ur line L1002 back on now ty", "bill B1 paid already") is said with "is". "you have pay"
# (to pay) is left alone, and so is a participle that may modify ("the request sent yesterday is pending")
_REGULARIZED = re.compile(r"(?i)\b(?:sended|sendt|payed|putted|gived)\b")
_IRREGULAR = {"sended": "sent", "sendt": "sent", "payed": "paid", "putted": "put", "gived": "given"}
_AUX_BASE = re.compile(r"(?i)\b(?P<aux>has|have|had|is|was|been)[ ]+(?:(?:already|just|now)[ ]+)?(?P<verb>send|resume|add|enable|refuel|reactivate|activate|top[ ]up)\b"
                       r"(?![ ]+to\b)")
_PARTICIPLES = {"send": "sent", "resume": "resumed", "add": "added", "enable": "enabled", "refuel": "refueled",
                "reactivate": "reactivated", "activate": "activated", "top up": "topped up"}
_NO_COPULA = re.compile(r"(?i)(?<![\w'])(?P<np>(?:(?:your|the|ur)[ ]+)?(?:line(?:[ ]+L[0-9]{3,12})?|L[0-9]{3,12}|bill(?:[ ]+B[0-9]{3,12})?|B[0-9]{3,12}))"
                        r"[ ]+(?=(?:back[ ]+(?:on|up|online)|paid|settled|active[ ]+again)(?:[ ]+(?:now|already|again|too))?[ ]*"
                        r"(?:[.!,;\n]|$|[ ]+(?:ty|thx|thanks|thank[ ]you)\b))")


_PAY_BASE = re.compile(r"(?i)\b(?P<aux>is|was|been)[ ]+(?:(?:already|just|now|all)[ ]+)?pay\b(?![ ]+(?:for|by|with|to|on|in|at)\b)")
_ROAMING_ON = re.compile(r"(?i)(?<![\w'])(?P<np>(?:(?:your|the|ur)[ ]+)?roaming(?:[ ]+(?:on[ ]+|for[ ]+)?L[0-9]{3,12})?)[ ]+"
                         r"(?=(?:on|enabled|active)(?:[ ]+(?:now|already|again))?[ ]*(?:[.!,;\n]|$|[ ]+(?:ty|thx|thanks|thank[ ]you)\b))")


def grammar_said_plainly(text: str) -> str:
    """``text`` with round 17's non-native grammar (above) read as the plain statement it makes."""
    if _REGULARIZED.search(text):
        text = _REGULARIZED.sub(lambda m: _IRREGULAR.get(m.group(0).lower(), m.group(0)), text)
    text = _AUX_BASE.sub(lambda m: m.group(0)[:m.start("verb") - m.start()] + _PARTICIPLES[" ".join(m.group("verb").lower().split())], text)
    if " back" in text.lower() or "paid" in text.lower() or "settled" in text.lower() or "active" in text.lower():
        text = _NO_COPULA.sub(lambda m: m.group("np") + " is ", text)
    if " pay" in text.lower():  # "ur bill is pay already": paid
        text = _PAY_BASE.sub(lambda m: m.group(0)[:-3] + "paid", text)
    if "roaming" in text.lower():  # "roaming L1002 on now ty"
        text = _ROAMING_ON.sub(lambda m: m.group("np") + " is ", text)
    return text


def said_plainly(text: str) -> str:
    """``text`` with the words above read as the plain statement they make (the rest kept)."""
    if _CHAT_HINT.search(text):
        text = chat_said_plainly(text)
    text = grammar_said_plainly(text)
    if not text.isascii() and _CHECK.search(text):
        text = checks_read(text)
    if "_" in text and _SNAKE_KEY.search(text):
        text = _SNAKE_KEY.sub(lambda m: m.group(0).replace("_", " "), text)
    low = text.lower()
    if "now" in low:
        text = _NOW.sub("now", text)
    if "should" in low or _LIKELY.search(text):
        text = _likely_said_plainly(text)
    if "if " in low:
        text = _HEDGING_IF.sub("", text)
    if " went " in low:
        text = _WENT_TO.sub(lambda m: f"{m.group('what')}{m.group('mid')} was sent to {m.group('where')}", text)
    if "request" in low:
        if _PRICED_REQUEST.search(text):
            text = _PRICED_REQUEST.sub(lambda m: f"{m.group('amount')} payment request", text)
        text = _BARE_REQUEST.sub(lambda m: f"{m.group('det')} payment request", text)
    if ("system" in low or "record" in low or "screen" in low or "dashboard" in low or "tool" in low or "log" in low
            or "account" in low):
        text = _SHOWN.sub(_shown, text)
    if "?" in text and _ANSWERED_YES.search(text):
        text = _ANSWERED_YES.sub(lambda m: f"{m.group('subj')} {m.group('aux').lower()} {m.group('rest')}. ", text)
    if "gb" in low or "gig" in low:
        text = _YES_DATA_ON.sub(lambda m: f"{m.group('gb')} is on {m.group('line')} now", text)
    return text
