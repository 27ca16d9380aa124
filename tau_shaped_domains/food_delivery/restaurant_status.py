"""``{"restaurant_status": {"from_tool": TOOL}}``: an agent message saying a restaurant is open, paused or closed
when the latest look-up of it (``get_restaurant_details``) showed otherwise (wiki.md, What you can look up:
"get_restaurant_details: whether it is open, paused or closed"; How you work: "Only known facts ... Do not guess").
Round 17 audit: no rule read a restaurant's status ("paused" was no word of any reader): "Fischer's American Kitchen
is open" of a paused restaurant scored 1.

A status is said of the restaurant ("the restaurant", "the kitchen", its name in S0) with "is", "'s", "has been",
"remains", "seems to be" and a few adverbs before the word: open, accepting or taking orders, operating (open);
closed, shut, closed for the day (closed); paused, on pause, on hold (paused); "temporarily closed", "not accepting
orders", "not taking orders", "isn't open" (paused or closed); "has paused orders" (paused). A status taken back at
once for another ("open -- sorry, closed") is the other; one supposed ("if the restaurant were open", "I wish I could say it is open"), asked ("Is the
restaurant open?") or past ("it was closed") states nothing. "The restaurant" is the one restaurant looked up so far
(several with other statuses: undetermined); a restaurant never looked up is not judged here. A failed call showed
nothing. Registered when the domain package is imported, before its rule file is read.
"""

from __future__ import annotations

import json
import re
from typing import Any, Dict, FrozenSet, Iterable, List, Optional, Tuple

from tau_shaped.reward.checks.finding import NOWHERE, Finding, violations
from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.matcher_schema import _Strict
from tau_shaped.reward.reading.message_looks import look
from tau_shaped.reward.reading.normalize import seen

_SP = r"[ \t]{1,3}"
_ADV = rf"(?:(?:currently|now|still|temporarily|right{_SP}now|just|actually|already|at{_SP}the{_SP}moment){_SP}){{0,2}}"
_VERB = rf"(?:['’]s|{_SP}is|{_SP}are|{_SP}has{_SP}been|{_SP}remains|{_SP}stays|{_SP}(?:seems|appears){_SP}to{_SP}be)"
_NOT = rf"(?P<not>not{_SP}|n['’]t{_SP}|never{_SP})?"
_WORD = (r"(?P<word>open|accepting(?:[ \t]{1,3}(?:new[ \t]{1,3})?orders)?|taking(?:[ \t]{1,3}(?:new[ \t]{1,3})?orders)?|operating"
         r"|closed|shut|paused|on[ \t]{1,3}pause|on[ \t]{1,3}hold)\b")
_HAS_PAUSED = re.compile(rf"{_SP}has{_SP}{_ADV}paused\b", re.IGNORECASE)
_STATUS_AFTER = re.compile(rf"{_VERB}{_SP}?{_ADV}{_NOT}{_ADV}{_WORD}", re.IGNORECASE)
_GENERIC = re.compile(r"\b(?:the|your|this|that)[ \t]{1,3}(?:restaurant|kitchen)\b", re.IGNORECASE)
# supposed or wished ("if the restaurant were open", "I wish I could say the restaurant is open"): nothing stated
_SUPPOSED = re.compile(r"(?i)\b(?:if|unless|whether|were|suppose|once|when|wish|hope|would[ \t]love)\b[^.!?;\n]{0,60}$")
_TAKEN_BACK = re.compile(rf"[ \t]*(?:-{{1,2}}|[\u2013\u2014,(])?[ \t]*(?:sorry|i[ \t]mean|correction|actually|my[ \t]mistake)[ \t,:;.\-\u2013\u2014]{{0,4}}"
                         rf"(?:it['’]?s[ \t]{{1,3}}|(?:is|it[ \t]is)[ \t]{{1,3}})?{_NOT}{_WORD}", re.IGNORECASE)
_ASKED = re.compile(r"(?i)\b(?:is|was|are|were)[ \t]{1,3}$")  # "Is the restaurant open?": asked, not said
_TEMPORARILY_CLOSED = re.compile(r"(?i)temporarily[ \t]{1,3}$")


def _meaning(word: str, negated: bool, before: str) -> FrozenSet[str]:
    w = " ".join(word.lower().split())
    if w in ("paused", "on pause", "on hold"):
        said = frozenset({"paused"})
    elif w in ("closed", "shut"):
        said = frozenset({"closed", "paused"}) if _TEMPORARILY_CLOSED.search(before) else frozenset({"closed"})
    else:
        said = frozenset({"open"})
    return frozenset({"open", "closed", "paused"}) - said if negated else said


def claims(text: str, names: Iterable[str]) -> List[Tuple[int, Optional[str], FrozenSet[str], str]]:
    """Each status ``text`` says of a restaurant: (start, the name said or None for "the restaurant", the statuses the
    words allow, the words)."""
    out = []
    subjects = [(m.start(), m.end(), None) for m in _GENERIC.finditer(text)]
    low = text.lower()
    for name in names:
        at = low.find(name.lower())
        while at >= 0:
            subjects.append((at, at + len(name), name))
            at = low.find(name.lower(), at + len(name))
    for start, end, name in sorted(subjects):
        if _SUPPOSED.search(text[max(0, start - 60):start]) or _ASKED.search(text[max(0, start - 12):start]):
            continue  # "if the restaurant were open", "Is the restaurant open?": nothing stated
        if _HAS_PAUSED.match(text, end):
            out.append((start, name, frozenset({"paused"}), text[start:end + 20]))
            continue
        m = _STATUS_AFTER.match(text, end)
        if m is None:
            continue
        said = _meaning(m.group("word"), bool(m.group("not")), text[end:m.start("word")])
        back = _TAKEN_BACK.match(text, m.end())
        if back is not None:  # "open -- sorry, closed": the status said is the second
            said = _meaning(back.group("word"), bool(back.group("not")), text[m.end():back.start("word")])
        out.append((start, name, said, text[start:(back or m).end()]))
    return out


def _observed(observation: Any) -> Optional[Tuple[str, str, str]]:
    try:
        value = json.loads(observation) if isinstance(observation, str) and observation.startswith("{") else None
    except ValueError:
        return None
    if not isinstance(value, dict) or not all(isinstance(value.get(k), str) for k in ("restaurant_id", "name", "status")):
        return None
    return value["restaurant_id"], value["name"], value["status"]


class RestaurantStatusCalls(_Strict):
    from_tool: str


class RestaurantStatusPredicate(_Strict):
    """Holds at each agent message saying a status of a restaurant that the latest look-up of it contradicts."""

    restaurant_status: RestaurantStatusCalls


def _judge(run: Any, tool: str) -> Finding:
    seen_by_id: Dict[str, Tuple[str, str]] = {}  # restaurant id -> (name, latest status)
    hits: List[Tuple[int, str]] = []
    doubts: List[Tuple[int, str]] = []
    steps = run.trajectory.steps
    scanned = 0
    for index, raw in run.agent_messages():
        for s in steps[scanned:index]:
            if s.agent_text is None and s.action.name == tool and s.succeeded:
                found = _observed(s.observation)
                if found is not None:
                    seen_by_id[found[0]] = (found[1], found[2])
        scanned = max(scanned, index)
        if not seen_by_id or not isinstance(raw, str):
            continue
        text = seen(raw[:8192]) or ""
        low = look(text).low  # lower-cased once per message (``message_looks``), not three times per rollout
        if "restaurant" not in low and "kitchen" not in low and not any(n.lower() in low for n, _ in seen_by_id.values()):
            continue
        for _start, name, said, words in claims(text, [n for n, _ in seen_by_id.values()]):
            actual = {st for n, st in seen_by_id.values() if name is None or n.lower() == name.lower()}
            if not actual or actual & said and len(actual) == 1:
                continue
            if len(actual) > 1:
                if not actual & said or not actual <= said:
                    doubts.append((index, f"agent said {words!r} with several restaurants looked up ({', '.join(sorted(actual))})"))
                continue
            hits.append((index, f"agent said {words!r}; the look-up showed {next(iter(actual))}"))
            break
    verdict = violations(hits, "every restaurant status said is the one its look-up showed")
    if not verdict.holds and doubts:
        return Finding(False, None, NOWHERE, f"undetermined: step {doubts[0][0]}: {doubts[0][1]}", tuple(doubts))
    return verdict


@register
class RestaurantStatusKind(CheckKind):
    key = "restaurant_status"
    model = RestaurantStatusPredicate
    event_like = True

    def tools(self, pred: Any) -> Iterable[str]:
        return (pred.restaurant_status.from_tool,)

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        tool = pred.restaurant_status.from_tool
        return lambda run: _judge(run, tool)
