"""``{"unconfirmed": {"tools": [...], "mention": {...}, ...}}``: each write with no agent message
describing it, asking consent to it and answered yes, since the previous write (SPEC §9, §10).

Consent is asked, then given. A message confirms a call when it names the kind of write, states
each ``mention``-ed argument (``reading.confirmations.why_not``), states no other value of the
call's kind instead of one of its arguments (another order, dish, courier, visit order, card, suite
or date: ``reading.call_values``, from the call's arguments and S0; nor a price said waived, nor
another write of its kind beside it: ``reading.consent_scope``) and asks the customer to agree
(``reading.consent_questions``: a question about something else holding the values asks nothing;
someone else's offer told with no leave asked to act asks nothing either).
Its reply is read with the question and the values it described (``reply_matchers.reply_class``).
A question the recorded messages show nobody answered (the agent's next message came first), or
whose reply is recorded as null or empty, is no yes; a respond whose reply was not recorded at all
(an offline trajectory of actions alone: ``reward.scoring.reply_gaps``) leaves the write
undetermined (SPEC §8), never a yes. The latest describing message's reply counts (a later "no"
takes a yes back), and an ``unclear`` reply is settled by the next yes or no (to any message)
before the write, else the write is undetermined. One yes covers one write: the window of
messages restarts after each write.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Dict, Iterable, List, Literal, Optional, Tuple, Union

from pydantic import Field, field_validator, model_validator

from tau_shaped.env.identity_cache import OwnedLRU
from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.checks.finding import NOWHERE, Evidence, Finding, short, violations
from tau_shaped.reward.checks.confirm_replies import answer as _answer, another_topic as _another_topic, later_word as _later_word  # noqa: F401 - read here too
from tau_shaped.reward.checks.confirm_replies import refuses_nothing
from tau_shaped.reward.checks.split_turns import split_turns
from tau_shaped.reward.reading.amount_items import amount_for_other_items
from tau_shaped.reward.reading.call_values import s0_ids
from tau_shaped.reward.reading.confirmations import _result, call_cards, record_in_s0, why_not
from tau_shaped.reward.reading.consent_questions import asks_consent
from tau_shaped.reward.reading.consent_scope import reported_only
from tau_shaped.reward.reading.reply_idioms import acknowledges_only
from tau_shaped.reward.reply_matchers import reply_class
from tau_shaped.reward.matcher_schema import TextMatcher, _Strict
from tau_shaped.reward.memo_keys import json_key
from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.normalize_questions import agent_seen
from tau_shaped.reward.reading.option_menus import picked
from tau_shaped.reward.values import is_number


class Confirmation(_Strict):
    # the tools whose calls need a yes; left out, the domain's tools that declare ``confirm``
    # (``@effects``), which the domain gives when it loads its rules (``load_rules(confirm_tools=)``)
    tools: Optional[List[str]] = Field(default=None, min_length=1)
    # ARG -> how the describing message must state the call's value of ARG: "number" (the
    # amount), "text" (the value itself, "_" read as a space), "id" (the same id in any case and
    # spacing, or its record's name), "items" / "route" (each element so), "date", "all" (each
    # value of a list or object) or {VALUE: [phrases]}. Every other argument of the call is
    # compared too, without being required: a message that states another value of its kind
    # instead (another order, dish, courier, visit order, card, suite, date) describes another call
    # (``reading.call_values``)
    mention: Dict[str, Union[Literal["number", "text", "id", "items", "route", "date", "all"], Dict[str, List[str]]]] = Field(default_factory=dict)
    # TOOL -> the kind of action (a key of ``action_words.ACTIONS``: "cancel",
    # "money_to_customer") or the words of which the describing message must say one, in any
    # inflection: a yes to one kind of write is no yes to another
    verbs: Dict[str, Union[str, List[str]]] = Field(default_factory=dict)
    # ARG -> the top-level table of S0 holding the record whose ARG is the call's value (an
    # address id): the describing message states that record's ``street`` (number and name)
    mention_address: Dict[str, str] = Field(default_factory=dict)
    # FIELD -> "number": a field of the call's result (a JSON object) that the describing message
    # must state when it is a number above 0: what a tool computes, such as a cancellation's
    # refund, is part of "exactly what you are about to do" too
    mention_result: Dict[str, Literal["number"]] = Field(default_factory=dict)
    # A reply is classified by ``replies.classify_reply`` (SPEC §10: the vocabulary is kept once);
    # a rule file may still give its own ``yes`` matcher, read as before (yes or no, never unclear)
    yes: Optional[TextMatcher] = None
    # a reply in which ``no`` finds something is never a yes, whatever ``yes`` finds in it ("No,
    # wait", "I'm not sure"); what ``no_unless`` finds is taken out of the reply first ("No
    # problem, go ahead", "why not"): RE2 has no lookaround to say "a no, but not this one"
    no: Optional[TextMatcher] = None
    no_unless: Optional[TextMatcher] = None
    succeeded: bool = True

    @field_validator("verbs")
    @classmethod
    def _known_kinds(cls, value: Dict[str, Any]) -> Dict[str, Any]:
        from tau_shaped.reward.reading.action_words import ACTIONS

        for tool, kind in value.items():
            if isinstance(kind, str) and kind not in ACTIONS:
                raise ValueError(f"verbs of {tool}: unknown kind of action {kind!r} (one of {', '.join(sorted(ACTIONS))})")
        return value

    @model_validator(mode="after")
    def _unless_needs_no(self) -> "Confirmation":
        if self.no_unless is not None and self.no is None:
            raise ValueError("no_unless qualifies no: give no as well")
        if self.no is not None and self.yes is None:
            raise ValueError("no qualifies a yes matcher: give yes as well, or neither (the shared reply classifier)")
        return self


class UnconfirmedPredicate(_Strict):
    """Holds at each call to one of ``tools`` (that succeeded, by default) with no agent
    message since the previous such call that states the call's mentioned arguments, no other
    value of its kind, asks consent and whose user reply is a yes (an unrecorded reply, in an
    offline trajectory, leaves it undetermined)."""

    unconfirmed: Confirmation




@register
class UnconfirmedKind(CheckKind):
    key = "unconfirmed"
    model = UnconfirmedPredicate
    event_like = True

    def tools(self, pred: Any) -> Iterable[str]:
        return tuple(pred.unconfirmed.tools or ())

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        c = pred.unconfirmed
        if c.tools is None:
            raise ValueError("unconfirmed names no tools, and no domain gave the tools that declare confirm "
                             "(load the rules through their domain, or name the tools)")
        tools = frozenset(c.tools)  # each step's tool looked up in it (a rollout's every step is)
        return lambda run: _unconfirmed(run, c, tools)


def _result_fields(observation: Any, names: Tuple[str, ...]) -> Optional[dict]:
    """What ``describes`` reads of a write's result: its fields ``names`` (a new dict), or None
    when the result is no JSON object; a short result's are read once and kept (bounded)."""
    if not isinstance(observation, str) or len(observation) > 2048:
        return _result(observation)
    kept = _kept_fields(observation, names)
    return None if kept is None else dict(kept)


@lru_cache(maxsize=2048)
def _kept_fields(observation: str, names: Tuple[str, ...]) -> Optional[Tuple[Tuple[str, Any], ...]]:
    value = _result(observation)
    return None if value is None else tuple((n, value[n]) for n in names if n in value)


def _unconfirmed(run: Any, c: Any, tools: Any = None) -> Finding:
    """``tools``: ``c.tools`` as a set (read alike)."""
    tools = c.tools if tools is None else tools
    trajectory = run.trajectory
    steps = trajectory.steps
    hits: List[Tuple[int, Evidence]] = []
    open_: List[Tuple[int, str]] = []
    last_write = -1
    unanswered = trajectory.unanswered
    unrecorded = getattr(trajectory, "unrecorded", frozenset())  # set by offline scoring (reward/scoring.py)
    initial = run.initial
    index = s0_ids(initial)

    def records(arg: str, value: Any) -> Optional[dict]:
        table = initial.get(c.mention_address[arg]) if isinstance(initial, dict) else None
        return record_in_s0(table, arg, value)

    for s in steps:
        if s.action.name not in tools or (c.succeeded and not s.succeeded):
            continue
        kwargs = s.action.kwargs
        window = [(r, t) for r in steps[last_write + 1 : s.index] if (t := r.agent_text) is not None]
        if not window:
            hits.append((s.index, lambda s=s: f"{_label(s)} unconfirmed: no message states it"))
            last_write = s.index
            continue  # a write right after another: no message describes it
        # the memo's key, once per write; the call's result and cards are read only when a message
        # is read afresh (a GRPO group's rollouts repeat their messages and calls: most are kept)
        call = _write_key(s.action.name, kwargs, s.observation)
        seen_key = _window_key(window, unanswered, unrecorded) if call is not None else None
        kept = _WRITES.get((c, initial), (call, seen_key)) if seen_key is not None else None
        if kept is None:
            kept = _read_write(s, window, call, c, unanswered, unrecorded, initial, index, records)
            if seen_key is not None:
                _WRITES.put((c, initial), (call, seen_key), kept)
        state, reply, why = kept
        if state == "unclear":
            open_.append((s.index, f"{_label(s)}: the reply {short(reply)} neither agrees nor refuses"))
        elif state == "unrecorded":
            open_.append((s.index, f"{_label(s)}: no reply to its confirmation was recorded"))
        elif state != "yes":
            if state:
                why = _WHY.get(state, "the user did not say yes")
            hits.append((s.index, lambda s=s, why=why: f"{_label(s)} unconfirmed: {why}"))
        last_write = s.index
    verdict = violations(hits, "every write was described and agreed to first")
    if not hits and open_:
        return Finding(False, None, NOWHERE, f"undetermined: step {open_[0][0]}: {open_[0][1]}", tuple(open_))
    return verdict


def _read_write(s: Any, window: List[Tuple[Any, str]], call: Optional[Tuple[Any, ...]], c: Any, unanswered: Any,
                unrecorded: Any, initial: Any, index: Any, records: Any) -> Tuple[str, str, str]:
    """The state the messages ``window`` (since the previous write) leave the write ``s`` in, the reply
    that settled it and why no message confirms it: read once per write, window (``_window_key``),
    rule and world."""
    kwargs = s.action.kwargs
    state, reply, why = "", "", "no message states it"
    write = _Write(kwargs, s.observation, c, initial, records)

    run_text, run_end, asked = "", -2, ""
    for k, (r, agent_text) in enumerate(window):
        own = agent_seen(agent_text)
        text, r = picked(own, r)  # a menu's option picked: its lead-in and that option, agreed to
        chosen = text is not own  # round 14 (read-tau2): a pick is not read with the messages before it (split turns)
        if run_end == r.index - 1:  # split turns: read with the messages the agent went on from
            text = run_text + "\n" + text
        run_text, run_end = (text, r.index) if r.index in unanswered and r.index not in unrecorded else ("", -2)
        missing = _why_not(text, call, s.action.name, kwargs, c, write.result, records, index, s.observation, initial,
                           write.cards)
        if missing is not None and k and not chosen and state != "yes" and asks_consent(text) and not missing.startswith("it states another") \
                and not _another_topic(text, c.verbs.get(s.action.name), write.described):  # round 16: "Also, ...?" goes on to nothing,
            # and a yes given to the whole description is not re-opened by a later question that alone describes nothing
            missing = split_turns(window[max(0, k - 2):k + 1], text, missing, s.action.kwargs, c, write,
                                  lambda joined: _why_not(joined, call, s.action.name, kwargs, c, write.result, records,
                                                          index, s.observation, initial, write.cards))
        if missing is None:
            state, reply = _answer(r, text, write.described, c, unanswered, unrecorded, call, initial)
            asked = text
        elif state == "unclear" and r.index not in unanswered and r.index not in unrecorded \
                and not _another_topic(text, c.verbs.get(s.action.name), write.described):
            later = seen(r.user_reply or "")
            answer = reply_class(later, c) if later.strip() else "unclear"
            if answer == "yes" and acknowledges_only(later) and not asks_consent(text):
                answer = "unclear"  # "ok thanks" to "Let me get that done now": heard, not agreed
            if answer == "no" and refuses_nothing(later, text):
                answer = "unclear"  # small talk to a message that asks nothing settles nothing (round 16, AK)
            if answer != "unclear":
                state = "yes" if answer == "yes" else "no"
        elif state in ("yes", "no", "change") and r.index not in unanswered and r.index not in unrecorded:
            state = _later_word(state, reply, seen(r.user_reply or ""), text, write.described, c, asked, c.verbs.get(s.action.name))
        elif not missing.startswith("it names no"):
            why = f"no message states it ({missing})"
    return state, reply, why


_WRITES: "OwnedLRU[Tuple[str, str, str]]" = OwnedLRU(4096)  # a GRPO group's rollouts repeat a write and its messages


def _window_key(window: List[Tuple[Any, str]], unanswered: Any, unrecorded: Any) -> Optional[Tuple[Any, ...]]:
    """What ``_read_write`` reads of the messages before a write: each message's text and reply,
    whether nobody answered it or its reply went unrecorded, and whether
    it follows the one before it at once (split turns are read together); None for a text or reply
    that is not plain text or None (read every time)."""
    out = []
    last = -2
    for r, text in window:
        reply, at = r.user_reply, r.index
        if type(text) is not str or (reply is not None and type(reply) is not str) or type(at) is not int:
            return None
        out.append((text, reply, at in unanswered, at in unrecorded, at == last + 1))
        last = at
    return tuple(out)

def _label(step: Any) -> str:
    """The write as a finding names it (written only when a finding is)."""
    return f"{step.action.name}({short(step.action.kwargs)})"


_WHY_NOT: "OwnedLRU[Tuple[Optional[str]]]" = OwnedLRU(8192)  # a GRPO group's rollouts repeat messages and calls


def _why_not(text: str, call: Optional[Tuple[Any, ...]], tool: str, kwargs: Any, c: Any, result: Any, records: Any,
             index: Any, observation: Any, initial: Any, cards: Any = None) -> Optional[str]:
    """Why the message does not confirm the call (``why_not``; or it asks no consent), or None:
    read once per message, call (``call``: ``_call_key``, None for a call read every time) and
    world (``c`` and S0, the owners, settle ``records`` and ``index``)."""
    key = (text, call) if call is not None else None
    if key is not None:
        kept = _WHY_NOT.get((c, initial), key)
        if kept is not None:
            return kept[0]
    if callable(result):  # ``_Write.result``: read now, the memo having missed
        result = result()
    missing = why_not(text, tool, kwargs, c, result, records, index=index, observation=observation,
                      cards=cards) or amount_for_other_items(text, kwargs, initial)  # round 17: "$16.90 for the Onion Rings"
    if missing is None and not asks_consent(text):
        missing = "it asks no consent (a question about something else)"
    elif missing is None and reported_only(text, c.verbs.get(tool)):
        missing = "it tells someone else's offer and asks no leave to act (SPEC §10)"
    if key is not None:
        _WHY_NOT.put((c, initial), key, (missing,))
    return missing


class _Write:
    """What the reading of one write needs beyond its arguments, each read when first asked (a
    message or a reply read from the memo asks for none of them): its result's ``mention_result``
    fields, the cards it pays or refunds with (S0: ``call_cards``, asked only by a message naming
    a card's brand or end) and the values a reply is compared with (``_described``)."""

    __slots__ = ("kwargs", "observation", "c", "initial", "records", "_result", "_cards", "_described")

    def __init__(self, kwargs: Any, observation: Any, c: Any, initial: Any, records: Any) -> None:
        self.kwargs, self.observation, self.c, self.initial, self.records = kwargs, observation, c, initial, records
        self._result: Any = _UNREAD
        self._cards: Any = _UNREAD
        self._described: Optional[Dict[str, Any]] = None

    def result(self) -> Any:
        if self._result is _UNREAD:
            c = self.c
            self._result = _result_fields(self.observation, tuple(c.mention_result)) if c.mention_result else None
        return self._result

    def cards(self) -> Optional[frozenset]:
        if self._cards is _UNREAD:
            self._cards = _kept_cards(self.kwargs, self.initial)
        return self._cards

    def described(self) -> Dict[str, Any]:
        if self._described is None:
            self._described = _described(self.kwargs, self.result(), self.records, self.c)
        return self._described


_UNREAD = object()
_CARDS: "OwnedLRU[Tuple[Optional[frozenset]]]" = OwnedLRU(4096)  # a world's writes pay with a few methods, again and again
_CARD_ARGS = ("method", "payment_method_id", "payment_id", "new_payment_method_id", "refund_method", "order_id", "reservation_id")


def _kept_cards(kwargs: Any, initial: Any) -> Optional[frozenset]:
    """``call_cards(kwargs, initial)``, kept per world (``initial``, the owner) and the arguments it
    reads (its method's and its parent record's ids), when each is plain text or absent."""
    if not isinstance(kwargs, dict):
        return call_cards(kwargs, initial)
    read = tuple(map(kwargs.get, _CARD_ARGS))
    if any(type(v) is not str and isinstance(v, str) for v in read):
        return call_cards(kwargs, initial)  # a subclass of str: read afresh
    key = tuple(v if type(v) is str else None for v in read)  # what is not text call_cards does not read
    kept = _CARDS.get((initial,), key)
    if kept is None:
        kept = _CARDS.put((initial,), key, (call_cards(kwargs, initial),))
    return kept[0]


def _write_key(tool: str, kwargs: Any, observation: Any) -> Optional[Tuple[Any, ...]]:
    """A write as the memo's key: ``_call_key`` without its result, which ``_unconfirmed`` reads
    from the observation alone (``_Write.result``: the rule, an owner of the memo, names the
    fields), so the observation stands for it."""
    args = json_key(kwargs)
    return None if args is None else (tool, args, observation if isinstance(observation, str) else "")


def _call_key(tool: str, kwargs: Any, result: Any, observation: Any) -> Optional[Tuple[Any, ...]]:
    """The call as a key (``memo_keys.json_key`` of the arguments and result), or None when they
    hold anything but JSON's values: such a call is read every time."""
    args, fields = json_key(kwargs), json_key(result)
    if args is None or fields is None:
        return None
    return (tool, args, fields, observation if isinstance(observation, str) else "")


_WHY = {"change": "the user asked for a change", "unanswered": "nobody answered the question (the agent went on, or the reply is recorded as null or empty)",
        "empty": "the recorded reply is empty", "no": "the user did not say yes"}


def _described(kwargs: Any, result: Any, records: Any, c: Any) -> Dict[str, Any]:
    """What the reply reader compares a reply with: the call's method, amount (or the amount it
    computes: a cancellation's refund), street (its saved address's, or the one it gives), its
    ids (order, reservation, items; not a payment method's or the customer's own, read as the
    method or not at all) and its reason."""
    method = next((kwargs[k] for k in ("method", "payment_method_id", "payment_id") if isinstance(kwargs.get(k), str)), None)
    amount = kwargs.get("amount")
    if not is_number(amount) and isinstance(result, dict):
        amount = next((result[n] for n in c.mention_result if is_number(result.get(n))), None)
    if not is_number(amount):  # round 16: a booking paid in parts moves their sum ("yes, as long as it's under $300")
        parts = [p.get("amount") for v in kwargs.values() if isinstance(v, list) for p in v if isinstance(p, dict) and "amount" in p]
        amount = round(sum(parts), 2) if parts and all(is_number(a) for a in parts) else None
    street = kwargs.get("address1") if isinstance(kwargs.get("address1"), str) else None
    for arg in c.mention_address:
        record = records(arg, kwargs.get(arg)) if kwargs.get(arg) is not None else None
        if isinstance(record, dict) and isinstance(record.get("street"), str):
            street = record["street"]
    ids = {k: v for k, v in kwargs.items() if k.endswith(("_id", "_ids")) and isinstance(v, (str, list))}  # the reader's to sort
    reason = kwargs.get("reason") if isinstance(kwargs.get("reason"), str) else None
    return {**ids, "method": method, "amount": amount if is_number(amount) else None, "street": street, "reason": reason}
