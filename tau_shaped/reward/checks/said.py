"""``{"said": TEXT_MATCHER}``: holds at each step whose agent message the matcher finds
something in (SPEC §5). Struck-out text (``~~...~~``) is withdrawn, not read; with ``"struck":
"shown"`` it is read (what a rule forbids saying was shown all the same: SPEC §10). With ``"turns":
"joined"`` a message is read together with the agent's messages just before it (two at most) that the
customer did not answer: one turn split over several messages ("Insurance: no." then "Shall I book it?")
asks what the whole turn asks (round 14)."""

from __future__ import annotations

from typing import Any, Iterable, Iterator, List, Literal, Optional, Tuple

from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.checks.finding import NOWHERE, Finding
from tau_shaped.reward.matcher_schema import RestrictedText, TextMatcher, _Strict
from tau_shaped.reward.matchers import UNREAD, kept_snippets, match_text


class SaidPredicate(_Strict):
    said: TextMatcher
    # "withdrawn": struck-out text is not read (what a message asks or tells, a checkpoint's
    # words); "shown": it is (a leak: what a rule forbids saying was shown, struck out or not)
    struck: Literal["withdrawn", "shown"] = "withdrawn"
    # "one": each message on its own; "joined": with the unanswered agent messages just before it (split turns)
    turns: Literal["one", "joined"] = "one"


def joined_turns(run: Any) -> List[Tuple[int, str]]:
    """The agent's messages, each after the (at most two) agent messages just before it that no customer reply
    answered, joined by a blank line (a message after an answered one is read alone)."""
    steps = run.trajectory.steps
    unanswered = getattr(run.trajectory, "unanswered", frozenset())
    out: List[Tuple[int, str]] = []
    before: List[str] = []
    for step, text in run.agent_messages():
        out.append((step, "\n\n".join(before + [text]) if before else text))
        reply = steps[step].user_reply if step < len(steps) else None
        before = [] if (reply and reply.strip() and step not in unanswered) else (before + [text])[-2:]
    return out


def text_hits(messages: List[Tuple[int, str]], matcher: Any, who: str) -> Finding:
    """The steps of ``messages`` in which ``matcher`` finds something, the first's snippet as
    evidence (``step S: WHO said 'SNIPPET'``). (Read on every rollout by every rule that reads words: a plain
    loop, ``_said_at``'s, with no generator between.)"""
    steps: List[int] = []
    first = None
    kept = kept_snippets(matcher)  # (``match_text``'s: a text read before is looked up here, with no call)
    for step, text in messages:
        snippet = kept.get(text, UNREAD) if type(text) is str else UNREAD
        if snippet is UNREAD:
            snippet = match_text(matcher, text)
            kept = kept_snippets(matcher)  # (a new dict when the kept snippets were all forgotten)
        if snippet is not None:
            if first is None:
                first = snippet
            steps.append(step)
    return _found_at(steps, first, who)


def _said_at(found: Iterable[Tuple[int, Optional[str]]], who: str) -> Finding:
    """The finding of the steps whose snippet is not None, the first's snippet as evidence."""
    steps: List[int] = []
    first = None
    for step, snippet in found:
        if snippet is not None:
            if first is None:
                first = snippet
            steps.append(step)
    return _found_at(steps, first, who)


def _found_at(steps: List[int], first: Optional[str], who: str) -> Finding:
    """The finding of ``steps`` (those whose snippet is not None), ``first`` the first's snippet."""
    if first is None:
        kept = _NO_MATCH.get(who)
        return kept if kept is not None else Finding(False, None, NOWHERE, f"no matching {who} message")
    return Finding(True, steps[0], frozenset(steps), f"step {steps[0]}: {who} said {first!r}")


# the finding of no message found, by whose messages were read (one each: findings are never changed)
_NO_MATCH = {who: Finding(False, None, NOWHERE, f"no matching {who} message") for who in ("agent", "user")}


def restricted_hits(messages: List[Tuple[int, str]], who: str, run: Any = None) -> Finding:
    """``text_hits`` of the fraud flag's restricted-state reader, each message read with what the agent's
    message before it named last: a pronoun opening a message stands for it ("I looked at your account." /
    "It's been put on ice.", SPEC §10); a message that goes on the one before is read joined to it too
    ("Your account" / "is on ice.": ``turn_joins``); with ``run``, a message that opens with a yes to the customer's
    question about the flag says it ("is my account flagged?" / "Yes, it is.": ``flag_answers``)."""
    from tau_shaped.reward.reading.account_holds import may_say, named_last, restriction_said
    from tau_shaped.reward.reading.flag_answers import confirms_flag_asked, may_cut_off, opens_with_yes, standing_wished, state_cut_off
    from tau_shaped.reward.reading.turn_joins import continues, joined

    def found() -> Iterator[Tuple[int, Optional[str]]]:
        previous = ""
        for step, text in messages:
            snippet = restriction_said(text)
            if snippet is None and previous:
                cue, pronoun = may_say(text)  # a state, permission or reason word the message itself holds
                if cue and continues(previous, text):  # "Your account" / "is on ice."
                    snippet = restriction_said(joined(previous, text))
                if snippet is None and cue and pronoun and named_last(previous) == "holder":
                    snippet = restriction_said(text, "holder")
            if snippet is None and run is not None and opens_with_yes(text):
                snippet = confirms_flag_asked(_asked_before(run, step), text)
            if snippet is None and may_cut_off(text):
                snippet = state_cut_off(text)
            if snippet is None:
                snippet = standing_wished(text)  # (its own cheap test of a few substrings)
            previous = text
            yield step, snippet

    return _said_at(found(), who)


def _asked_before(run: Any, step: int) -> Optional[str]:
    """The customer's last message before the agent's message at ``step`` (the first message before any reply)."""
    asked = None
    for answered, text in run.user_messages():
        if answered >= step and asked is not None:
            break
        asked = text
    return asked


@register
class SaidKind(CheckKind):
    key = "said"
    model = SaidPredicate
    event_like = True

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        matcher = pred.said
        if pred.turns == "joined":
            return lambda run: text_hits(joined_turns(run), matcher, "agent")
        if isinstance(matcher, RestrictedText):
            if pred.struck == "shown":
                return lambda run: restricted_hits(run.agent_messages_shown(), "agent", run)
            return lambda run: restricted_hits(run.agent_messages(), "agent", run)
        if pred.struck == "shown":
            return lambda run: text_hits(run.agent_messages_shown(), matcher, "agent")
        return lambda run: text_hits(run.agent_messages(), matcher, "agent")
