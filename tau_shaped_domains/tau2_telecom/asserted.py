"""``{"asserted": REGEX}`` (``"negative_form": true`` for a statement made in negative words):
an agent message that states what REGEX finds as so (SPEC §10 statements), the check kind
``telecom.payment.paid_checked`` reads "your bill is paid" with.

A match counts where the message asserts it: not negated in its clause ("I can't see that your
bill is paid"), at its start or at its last word ("Line L1 hasn't been resumed"), not in a question ("Has your payment gone through?") and not under a condition
earlier in its sentence ("Once your bill is paid, I'll resume the line", "let me know when the
payment went through"). A table's rows and a flat JSON object are read as the ``key: value``
lines they stand for ("| Bill | Status |" over "| B1 | Paid |" reads "Bill: B1; Status: Paid."), and so are
``key=value`` lines ("status=paid"). A possibility is no report: "may", "might", "could", "maybe",
"perhaps" or "possibly" in the match's clause before it or inside it ("Your payment may have gone
through", "The top-up might be complete"; "you may now ..." gives leave and doubts nothing); a
likelihood reports ("your line is probably back up", "your line should now be back up"). Chat
shorthand reads as its words ("sent u the payment request", "ur bill is all paid up", "pls"), and
a check mark as the field separator or the "done" it stands for ("B1 \u2705 paid", "+2 GB on L1 \u2705"). Registered when the domain package builds its domain (``DOMAIN``), before
its rule file is read: a rule file names only kinds the code registered.
"""

from __future__ import annotations

import bisect
import functools
import json
import re
from typing import Any, List, Optional

from pydantic import field_validator

from tau_shaped.reward import data_regex
from tau_shaped.reward.checks.finding import NOWHERE, Finding
from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.matcher_schema import _Strict
from tau_shaped.reward.reading.negation import Negations
from tau_shaped.reward.reading.normalize import unrepaired
from tau_shaped.reward.reading.normalize_markup import MARKDOWN_HINTS, markdown
from tau_shaped.reward.reading.tag_questions import statement_tagged
from tau_shaped_domains.tau2_telecom.relayed import relayed_read, someone_elses
from tau_shaped_domains.tau2_telecom.said_before import log_said, referred
from tau_shaped_domains.tau2_telecom.plainly import chat_said_plainly, checks_read, said_plainly  # noqa: F401 - the first two re-exported

# a word that makes what follows it in the sentence a condition, not a statement (one word each:
# "as soon as" ends in "as", which is also a plain connective, so it is listed whole), or a
# question or a check put to the customer ("check whether roaming is on", "make sure it is on")
# round 17 (AU): "after"/"before" as an adverb ("Same as before: the bill is settled", "before that,") opens no condition
_CONDITION = re.compile(r"\b(?:if|(?:once|when|after)(?![ \t]+(?:that|this|it|the[ \t]+\w+|you|i|we)[ \t]+(?:was|were|had)\b)|whenever|until|unless|(?:after|before)(?![ \t]*(?:[,:;.!)\n]|$|[ \t]+(?:that|this|then|now)\b(?!['\u2019]s)))"
                        r"|as soon as|whether|make sure|ensure)\b",
                        re.IGNORECASE)
_WINDOW = 80  # characters of the sentence before a match a condition is looked for in
# a possibility, not a report ("your line may be back up", "the top-up might be complete", "it could
# have gone through"): a modal of possibility before the match in its clause, or inside it ("you may
# now ..." gives leave: no doubt)
# round 19 (CC): what would have been is no report either ("I would have sent the request by now", "I'd have resumed it")
_MAYBE = re.compile(r"\b(?:(?<!you )may(?! now)|might|could|maybe|perhaps|possibly|would(?:n't|[ ]+not)?[ ]+have|would've|(?<=\w)'d[ ]+have"
                    r"|(?:i'd|i[ ]would)[ ]+(?:love|like)[ ]+to[ ]+(?:tell|say|report)|i[ ]+wish)\b", re.IGNORECASE)  # round 17 (AY): a wish
_CLAUSE_END = re.compile(r"[,;:\u2014\u2013(]")


class AssertedPredicate(_Strict):
    """Holds at each agent message where ``asserted`` (a regex, RE2) finds a match that the
    message asserts: not negated, not in a question, not after a condition word of its sentence.
    ``negative_form``: the pattern finds a statement made in negative words ("nothing is owed",
    "you no longer owe anything"): its own words do not negate it, only a negation before the
    match in its clause does ("I can't say nothing is owed")."""

    asserted: str
    negative_form: bool = False

    @field_validator("asserted")
    @classmethod
    def _runs_on_re2(cls, value: str) -> str:
        return data_regex.check_pattern(value)


_ENDS = re.compile(r"[!?\n]|\.(?![0-9])")  # round 11: a decimal point ("for $4.00 -- ok?") ends no sentence
_OBJECT = re.compile(r"\{[^{}]{1,2000}\}")
# a table's row, with the words of a sentence before it on its line kept apart ("Good evening! | Bill | Status |": round 11)
_ROW = re.compile(r"^(?P<pre>[^|\n]{0,200}?[.!?:][ \t]+)?[ \t]*\|(?P<cells>.*)\|[ \t]*$")
_RULE_ROW = re.compile(r"^[\s|:-]+$")


def _cells(line: str) -> List[str]:
    m = _ROW.match(line)
    return [c.strip() for c in m.group("cells").split("|")] if m else []


_KEY_LINE = re.compile(r"^[ \t]*(?:[-*\u2022][ \t]+|[0-9]{1,2}[.)][ \t]+)?(?:\*\*)?[\w][\w ()/-]{0,40}(?:\*\*)?:[ \t]*\S")


# a ``key=value`` line (the key a word or a few, the value right after)
_EQ_LINE = re.compile(r"(?m)^([ \t]*(?:[-*\u2022][ \t]+)?[\w][\w ()/-]{0,40}?)[ \t]*=[ \t]*(?=[^\s=])")
_EQ_PAIR = re.compile(r"(?<![\w=?&/.:-])([A-Za-z][A-Za-z0-9_]{0,30})=([^\s=;,&]{1,60})(?=[\s;,]|$)")
_BULLET = re.compile(r"^[ \t]*(?:[-*\u2022][ \t]+|[0-9]{1,2}[.)][ \t]+)?")


def _records(text: str) -> str:
    """``text`` with each run of ``key: value`` lines (a record written as a list: "- Bill: B1",
    "- Status: Paid") joined into one line, "Bill: B1; Status: Paid."."""
    out: List[str] = []
    run: List[str] = []
    for line in text.split("\n")[:200] + [""]:
        if _KEY_LINE.match(line):
            run.append(line)
            continue
        if len(run) > 1:
            out.append("; ".join(_BULLET.sub("", r).replace("**", "").rstrip(" .;") for r in run) + ".")
        else:
            out += run
        run = []
        out.append(line)
    return "\n".join(out[:-1])


# a record's status field says the state of the record's id, whatever fields sit between them
# ("Bill: B1; Amount: $65; Status: Paid" also reads "B1 is Paid."; round 10 of issue 41)
_PAIR = re.compile(r"(?:^|; )([^:;\n]{1,40}): ([^;\n]{1,60})")
_IDENT = re.compile(r"[BLbl][0-9]{1,12}")  # round 11: an id lower-cased with its table ("| b1234321 | paid |")
_STATUS_KEYS = frozenset({"status", "state", "bill status", "payment status", "line status"})
_INLINE_STATUS = re.compile(r"(?i)\b(?:status|state)\b[ \t]*(?:[:=]|-{1,2}|is)?[ \t]*(?P<v>[A-Za-z][A-Za-z ]{0,24}?)[ \t]*(?=[.;,!)\n]|$)")


# the one id of a heading line ("L1002:", "2. Line L1002:"), and a status field under it (indented, a bullet, or the
# line right after it)
_ID_HEADING = re.compile(r"^[ \t]*(?:[-*\u2022]|[0-9]{1,2}[.)])?[ \t]*(?:[A-Za-z]{1,12}[ \t]+)?([BLbl][0-9]{1,12})[ \t]*:[ \t]*$")
_SUB_LINE = re.compile(r"^(?:[ \t]+|[ \t]*[-*\u2022][ \t])")  # indented, or a bullet
_SUB_STATUS = re.compile(r"(?i)(?:^[ \t]*(?:[-*\u2022][ \t]*)?|; )(?:status|state|line[ \t]status|bill[ \t]status)[ \t]*[:=][ \t]*([A-Za-z][A-Za-z ]{0,24}?)[ \t.]*(?:;|$)")


def status_said(text: str) -> str:
    """``text`` with each ``key: value`` line that holds an id and a status field followed by the
    sentence "<id> is <status>.", and a status field under a heading line that holds one id ("L1002:" over
    "   - status: active") by "<id> status: <status>." (the rest kept)."""
    if "tatus" not in text.lower() and "state" not in text.lower():
        return text
    out: List[str] = []
    heading, headed = None, False  # round 19 (CG): "L1002:" over "   - status: active": the record's id is the heading's
    for line in text.split("\n"):
        head = _ID_HEADING.match(line) if heading is not None or line.rstrip().endswith(":") else None
        first, headed = headed, False
        if head is not None:
            heading, headed = head.group(1), True
        elif heading is not None and not _IDENT.search(line) and (first or _SUB_LINE.match(line) or "; " in line):
            sub = _SUB_STATUS.search(line)  # (a run of key lines is one line of pairs by now: "status: paid; amount: $45.")
            if sub is not None:
                out.append(f"{line.rstrip(' .')}. {heading} status: {sub.group(1).strip()}.")
                continue
        else:
            heading = None
        if "; " in line:
            pairs = [(k.strip().lower(), v.strip().rstrip(". ")) for k, v in _PAIR.findall(line)]
            ident = next((v for _, v in pairs if _IDENT.fullmatch(v)), None) or next(
                (v.split()[-1] for _, v in pairs if v.split() and _IDENT.fullmatch(v.split()[-1])), None)  # "Bill B1" (round 13)
            status = next((v for k, v in pairs if k in _STATUS_KEYS and v), None)
            if ident and status:
                line = f"{line} {ident} is {status}."
        elif _IDENT.search(line):  # round 14: one line, "status" then its value ("SYSTEM: bill B1 -- status PAID")
            ident, status = _IDENT.search(line), _INLINE_STATUS.search(line)
            if status is not None:
                line = f"{line}. {ident.group(0)} is {status.group('v')}."
        out.append(line)
    return "\n".join(out)


# round 13 (call-centre macros): a line of fields split by " | " with no pipe at its ends, one field a key: value
# ("RESULT: Bill B1 | Status: PAID | Amount: $65.00", "STATUS: Roaming | ON") is the run of pairs it stands for; a
# field with no key of its own is the value of the field before it ("Roaming | ON" is "Roaming: ON")
_MACRO_FIELDS = re.compile(r"(?m)^(?![ \t]*\|)(?=[^\n]{0,400}:)[^|\n]{1,200}(?:[ \t]\|[ \t][^|\n]{1,200})+$")


def _fields_as_pairs(m: "re.Match[str]") -> str:
    out: List[str] = []
    for field in (f.strip() for f in m.group(0).split(" | ")):
        if out and ":" not in field:
            out[-1] = f"{out[-1]}: {field}"
        else:
            out.append(field)
    return "; ".join(f.rstrip(" .;") for f in out) + "."


def as_lines(text: str) -> str:
    """``text`` with a markdown table's rows, a flat JSON object and a run of ``key: value`` lines
    written as the one line of ``key: value`` pairs they stand for (each cell under its column's header; a key's underscores as spaces), so
    that a statement reads alike in any layout (SPEC §10); the rest kept."""
    if len(text) > 8192 or ("|" not in text and "{" not in text and ":" not in text and "=" not in text):
        return text
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # a line end as Windows or old Macs write it
    if "=" in text and "\n" in text:
        text = _EQ_LINE.sub(lambda m: m.group(1).replace("_", " ") + ": ", text)  # "data_added=2 GB" is "data added: 2 GB"
    if "=" in text:  # round 15 (AG): a line of key=value pairs, a log's ("payment_request=sent bill=B1"): "payment request: sent; bill: B1;"
        text = _EQ_PAIR.sub(lambda m: m.group(1).replace("_", " ") + ": " + m.group(2) + ";", text)

    def flat(m: "re.Match[str]") -> str:
        try:
            value = json.loads(m.group(0))
        except ValueError:
            return m.group(0)
        if not isinstance(value, dict) or any(isinstance(v, (dict, list)) for v in value.values()):
            return m.group(0)
        return "; ".join(f"{str(k).replace('_', ' ')}: {v}" for k, v in value.items()) + "."

    text = _OBJECT.sub(flat, text) if "{" in text else text
    if " | " in text and ":" in text:
        text = _MACRO_FIELDS.sub(_fields_as_pairs, text)
    if ":" in text and "\n" in text:
        text = _records(text)
    if "|" not in text:
        return text
    out: List[str] = []
    header: List[str] = []
    for line in text.split("\n")[:200]:
        cells = _cells(line)
        if not cells:
            header = []
            out.append(line)
            continue
        if _RULE_ROW.match(line):
            continue
        pre = _ROW.match(line).group("pre")
        if pre:
            out.append(pre.strip())
        if not header:
            header = cells
        else:
            out.append("; ".join(f"{h}: {c}" if h else c for h, c in zip(header, cells)) + ".")
    return "\n".join(out)



def _clause_start(text: str, lo: int, start: int) -> int:
    """Where the clause of a match at ``start`` begins (its sentence begins at ``lo``)."""
    at = max(lo, start - _WINDOW)
    for m in _CLAUSE_END.finditer(text, at, start):
        at = m.end()
    return at


# round 12 (markdown): a blockquote's or a heading's marker at a line's start, or after a sentence on its line, is no word
# ("> **Payment received:** $65", "Sorry for the wait. > Payment received: $65")
_LINE_MARK = re.compile(r"(?m)(^|[.!?][ \t]+)[ \t]{0,3}(?:>[ \t]?|#{1,6}[ \t]+)+")


def markup_read(text: str) -> str:
    """``text`` with markdown emphasis, code marks, blockquote and heading markers reduced to
    the words the customer reads ("**L1002** -- reactivated" is "L1002 -- reactivated")."""
    if any(h in text for h in MARKDOWN_HINTS):
        text = markdown(text)
    return _LINE_MARK.sub(r"\1", text) if ">" in text or "#" in text else text


@functools.lru_cache(maxsize=256)
def read_plainly(text: str) -> str:
    """``text`` as every pattern reads it: markdown read as its words (``markup_read``), in any
    layout (``as_lines``, a record's status said of its id), chat shorthand and check marks read
    as words, "right now" as "now", a likelihood said plainly. Read once per message (each of
    the rule file's patterns asks again)."""
    if ":" in text and (text[:1] == "[" or "\n[" in text or text[:1].isdigit() or "\n" in text):
        text = _STAMP.sub("", text)  # round 15 (AG): a log line's time stamp opens no clause ("[14:01:05] 2 GB added to L1002")
    if "=" in text:
        text = log_said(text)  # round 16: "refuel line=L1002 gb=2 status=ok" reports the write done
    return said_plainly(status_said(as_lines(relayed_read(markup_read(text)))))  # round 18: relayed_read


_STAMP = re.compile(r"(?m)^[ \t]*\[?[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?(?:[ \t]?[AaPp][Mm])?\][ \t]*|^[ \t]*[0-9]{1,2}:[0-9]{2}:[0-9]{2}[ \t]+")


# round 12 (telegraphic): a statement with no verb of its own followed at once by a question that only asks leave
# ("L1002: +2 GB refuel. OK? y/n", "+2 GB -> L1002. Proceed?") proposes what it says; a done word or an auxiliary in it
# ("+2 GB added. OK?" is not read so: "added" is there) keeps it a report
_LEAVE_ASKED = re.compile(r"[ \t]{0,3}(?:ok(?:ay)?|proceed|confirm|go[ \t]ahead|shall[ \t]i|should[ \t]i|do[ \t]it|good|agreed?|y[ \t]?/[ \t]?n"
                          r"|yes[ \t]?/[ \t]?no"
                          # round 13 (number formats): the proposal's own verb asked alone ("L1002: +2 GB @ USD 2/GB = 4.00 dollars. Add? Y/N")
                          r"|(?:add|apply|top[ \t]?up|refuel|load|buy|purchase|want|go|send)(?:[ \t](?:it|them|that|this))?)[ \t]{0,3}\?", re.IGNORECASE)
_VERB_IN = re.compile(r"\b(?:is|are|was|were|has|have|had|been|done|now|[a-z]{3,}ed)\b|['\u2019](?:s|ve)\b", re.IGNORECASE)


def _proposed(text: str, at: int, snippet: str) -> bool:
    return "?" in text[at:at + 24] and _LEAVE_ASKED.match(text, at) is not None and not _VERB_IN.search(snippet)


# round 12 (quoting): the customer's words or a rule's, reported, are not the agent's statement: inside a quotation a
# frame opens ("You said 'my line is back on' -- I'll check", "The policy says 'a line is resumed once the bill is paid'"),
# or in the clause the frame opens ("You mentioned the bill was paid yesterday; let me look"). "As you said" / "like you
# said" agree with what follows: a statement still; so is a match after the quotation ("You said 'pay it' -- and it's paid").
_FRAME = re.compile(
    r"(?<!\bas )(?<!\blike )\b(?:(?:you|u)(?:[ ](?:just|already|also|earlier))?[ ](?:said|say|wrote|write|mentioned|told[ ]me|claimed|claim"
    r"|reported|typed|stated)|your[ ](?:message|words|note|email|text|ticket|chat|complaint)[ ](?:says?|said|reads?|stated?)"
    r"|quote[ ]from[ ]you|in[ ]your[ ](?:own[ ])?words|(?:policy|policies|guide|guidelines?|rules?|terms|faq|manual|procedure)[ ]"
    r"(?:says?|states?|reads?|said)|per[ ](?:the[ ]|our[ ])?(?:policy|guide|rules?)"
    # round 19 (CH): what a screen will show, or an example's words, is no report ("the screen will read 'B1 -- paid'")
    r"|(?<!\bi[ ])(?<!\bwe[ ])(?<!\bi)(?<!\bwe)(?:will|'ll|would|is[ ]going[ ]to)[ ](?:later[ ]|then[ ]|eventually[ ])?(?:read|say|show|display)(?:[ ]something[ ]like)?"
    r"|(?:for[ ](?:illustration|example)|as[ ]an[ ]example)(?:[ ]only)?(?:[ ]purposes)?)\b(?:[ ]that)?", re.IGNORECASE)
_OPEN = re.compile(r"[ \t]{0,2}[:,]?[ \t]{0,2}\(?[ \t]{0,2}(['\u2018\"\u201c])")
_CLOSE = re.compile(r"['\u2019\"\u201d](?=[\s.,;:!?)\-]|$)")
_BREAK = re.compile(r"[,;:\u2014\u2013.!?\n]|[ ]-{1,2}[ ]")


def _reported(text: str, start: int) -> bool:
    """Whether a match at ``start`` is in words the agent reports (the customer's, a rule's), not states."""
    low = text[max(0, start - 200):start]
    if "you" not in low.lower() and not any(w in low.lower() for w in ("polic", "guide", "rule", "terms", "faq", "manual", "procedure",
                                                                          "ll ", "will", "would", "going", "example", "illustrat")):
        return False
    frames = list(_FRAME.finditer(text, max(0, start - 200), start))
    if not frames:
        return False
    at = frames[-1].end()
    opened = _OPEN.match(text, at)
    if opened is not None:
        return opened.end() <= start and _CLOSE.search(text, opened.end(), start) is None
    return _BREAK.search(text, at, start) is None


# round 12 (over-explaining): how things go, not what was done: a habit's adverb in the clause ("Normally a payment request is
# sent to your phone within a minute", "Usually a line is resumed right after the bill is paid"), or a present state under a
# condition after it in its clause ("A bill is paid once you accept the request"; not "once again", nor a past "was resumed
# when you paid", nor "is now ... once")
_HABIT = re.compile(r"\b(?:usually|normally|typically|generally|always|ordinarily|as[ ]a[ ]rule)\b", re.IGNORECASE)
_THEN = re.compile(r"\b(?:once|when|whenever|as[ ]soon[ ]as|if|unless)\b(?![ ](?:again|more|and[ ]for[ ]all))", re.IGNORECASE)
_PRESENT_ONLY = re.compile(r"\b(?:is|are)\b(?![ ]now)", re.IGNORECASE)
_CUT = re.compile(r"[,;:\u2014\u2013(]|[ ]-{1,2}[ ]")
_DONE_TENSE = re.compile(r"\b(?:has|have|had|was|were|been|now|already|just)\b", re.IGNORECASE)


def _generic(text: str, lo: int, start: int, end: int, stop: int, snippet: str) -> bool:
    if _HABIT.search(text, _clause_start(text, lo, start), end):
        return True
    if not _PRESENT_ONLY.search(snippet) or _DONE_TENSE.search(snippet):
        return False
    cut = _CUT.search(text, end, stop)
    return _THEN.search(text, end, cut.start() if cut else stop) is not None


def asserts(text: str, pattern: str, negative_form: bool = False) -> bool:
    """Whether ``text`` asserts a match of ``pattern`` (see the module), read as ``read_plainly``
    reads it. Linear in the text: its sentence ends are found once, each match's sentence by
    bisection."""
    text = read_plainly(text)
    negated = None
    ends: Optional[List[int]] = None
    for start, snippet in data_regex.matches(pattern, text):
        if ends is None:
            ends = [m.start() for m in _ENDS.finditer(text)]
        at = bisect.bisect_left(ends, start)  # the first sentence end at or after the match's start
        lo = ends[at - 1] + 1 if at > 0 else 0
        after = bisect.bisect_left(ends, start + len(snippet), at)
        if after < len(ends) and text[ends[after]] == "?" and not statement_tagged(text, lo, start + len(snippet), ends[after]):
            continue  # round 20 (DG): "I've sent it, okay?" states it all the same
        if after < len(ends) and _proposed(text, ends[after] + 1, snippet):
            continue
        if _reported(text, start) or someone_elses(text, lo, start) or _generic(text, lo, start, start + len(snippet), ends[after] if after < len(ends) else len(text), snippet):
            continue
        if _CONDITION.search(text, max(lo, start - _WINDOW), start) or _MAYBE.search(text, _clause_start(text, lo, start),
                                                                                      start + len(snippet)):
            continue
        negated = negated or Negations(text)
        last = start + snippet.rstrip().rfind(" ") + 1  # the verb a subject leads to ("line ... hasn't been resumed")
        if negated(start, lo) or (not negative_form and last > start and negated(last, lo)):
            continue
        return True
    return False


@register
class AssertedKind(CheckKind):
    key = "asserted"
    model = AssertedPredicate
    event_like = True

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        pattern, negative_form = pred.asserted, pred.negative_form

        def check(run: Any) -> Finding:
            steps: List[int] = []
            before = ""
            # round 16: "It's on your phone now." said of what the message before named; round 17: or of what the message
            # itself named before, in words a repair took back ("The request for B1 is sent -- sorry, I mean it's paid now")
            for (i, text), (_, written) in zip(run.agent_messages(), run.agent_written()):
                context = before + "\n" + (unrepaired(written) or "") if written != text else before + "\n" + text
                if asserts(text, pattern, negative_form) or any(asserts(t, pattern, negative_form) for t in referred(text, context)):
                    steps.append(i)
                before = text
            if not steps:
                return Finding(False, None, NOWHERE, "no agent message asserts it")
            first = steps[0]
            return Finding(True, first, frozenset(steps), f"step {first}: the agent asserts /{pattern[:60]}/")

        return check
