"""``{"details_listed": {"tools": [...]}}``: a booking, a change of flights or a change of
passengers whose details no agent message lists before it (tau2's airline ``policy.md``:
"Before taking any actions that update the booking database (booking, modifying flights, editing
baggage, changing cabin class, or updating passenger information), you must list the action
details and obtain explicit user confirmation (yes) to proceed").

``air.confirm.before_write`` reads the message the customer said yes to for the call's kind, its
reservation, cabin, bags and amount; the flights and the passengers, the details of the three
calls that carry them, are read here. The messages read are the agent's since the previous write
that went through (any of them: the flights listed in an options message and a confirmation
"Shall I book option 2?" list them). They must state:

- a change of flights: each flight the reservation did not hold before the call (S0, then this
  conversation's earlier changes of that reservation) by its number in any case and spacing
  ("HAT110", "hat 110"), and its date too where only the date changes (the same number on
  another day). A cabin change that keeps the flights lists no flight (the policy's "change cabin
  without changing the flights");
- a booking: each flight's number, and each passenger by first or last name (the booking user
  also by "you" or "yourself": "for you and Kevin Smith");
- a change of passengers: a passenger replaced by another person by the new name (first or last,
  whichever changed); a date of birth corrected alone, by the new date (any common form).

Flights said by their time alone ("the 2pm and the 6:30") leave the rule undetermined: whether a time
names the call's flight is not read (SPEC §8). A write with no agent message since the previous write is left to ``air.confirm.before_write``
(no confirmation at all), and a call the tool refused acts on nothing. Registered when the domain
package builds its domain, before its rule file is read.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Dict, List, Optional, Tuple

from pydantic import Field

from tau_shaped.env.trajectory import observation_failed
from tau_shaped.reward.checks.finding import Finding, WriteVerdict, judged_writes
from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.matcher_schema import _Strict
from tau_shaped.reward.reading.call_dates import states_date
from tau_shaped.reward.reading.call_values import states_id

MAX_CHARS = 8192  # a message read for details: its first 8 KiB (a bound on untrusted text)
WRITES = frozenset({"book_reservation", "cancel_reservation", "update_reservation_baggages", "update_reservation_flights",
                    "update_reservation_passengers", "send_certificate"})
_YOU = re.compile(r"\b(?:you|yourself|your\s+own)\b", re.IGNORECASE)


class DetailsListed(_Strict):
    tools: List[str] = Field(min_length=1)


class DetailsListedPredicate(_Strict):
    """Holds at each write of ``tools`` whose flights or passengers no agent message lists before it."""

    details_listed: DetailsListed


@lru_cache(maxsize=4096)
def _name(name: str) -> "re.Pattern[str]":
    words = [re.escape(w) for w in re.split(r"[\s_-]+", name.strip()) if w]
    return re.compile(r"(?<!\w)" + r"[\s_-]+".join(words) + r"(?!\w)", re.IGNORECASE)


def _says_name(text: str, name: Any) -> bool:
    return isinstance(name, str) and bool(name.strip()) and _name(name).search(text) is not None


def _flights(value: Any) -> List[Tuple[str, str]]:
    out = []
    for f in value if isinstance(value, list) else []:
        if isinstance(f, dict) and isinstance(f.get("flight_number"), str):
            out.append((f["flight_number"], str(f.get("date") or "")))
    return out


def _reservation(run: Any, rid: Any) -> Dict[str, Any]:
    table = run.initial.get("reservations") if isinstance(run.initial, dict) else None
    record = table.get(rid) if isinstance(table, dict) and isinstance(rid, str) else None
    return record if isinstance(record, dict) else {}


def _before(run: Any, step: Any, arg: str) -> Any:
    """The reservation's ``arg`` (flights, passengers) before ``step``: S0's, then the value of this
    conversation's latest earlier call that went through on the same reservation and set it."""
    rid = step.action.kwargs.get("reservation_id")
    value = _reservation(run, rid).get(arg)
    for earlier in run.trajectory.steps[:step.index]:
        kwargs = earlier.action.kwargs if isinstance(earlier.action.kwargs, dict) else {}
        if earlier.action.name in WRITES and kwargs.get("reservation_id") == rid and arg in kwargs \
                and not observation_failed(earlier.observation):
            value = kwargs[arg]
    return value


def _since_previous_write(run: Any, at: int) -> Optional[str]:
    """The agent's messages since the previous write that went through, joined (None: none)."""
    start = 0
    for step in run.trajectory.steps[:at]:
        if step.action.name in WRITES and not observation_failed(step.observation):
            start = step.index + 1
    texts = [t[:MAX_CHARS] for i, t in run.agent_messages() if start <= i < at and isinstance(t, str)]
    return "\n".join(texts) if texts else None


def _flights_unlisted(text: str, new: List[Tuple[str, str]], before: List[Tuple[str, str]]) -> Optional[str]:
    held = set(before)
    numbers_held = {n for n, _ in before}
    for number, date in new:
        if (number, date) in held:
            continue
        if not states_id(text, number, None):
            return f"no message lists flight {number} ({date})"
        if number in numbers_held and date and not states_date(text, date):
            return f"no message lists the new date {date} of flight {number}"
    return None


def _passengers_unlisted(text: str, passengers: Any, user: Dict[str, Any]) -> Optional[str]:
    own = user.get("name") if isinstance(user.get("name"), dict) else {}
    for p in passengers if isinstance(passengers, list) else []:
        if not isinstance(p, dict):
            continue
        first, last = p.get("first_name"), p.get("last_name")
        if _says_name(text, first) or _says_name(text, last):
            continue
        if (first, last) == (own.get("first_name"), own.get("last_name")) and _YOU.search(text):
            continue
        return f"no message names passenger {first} {last}"
    return None


def _changes_unlisted(text: str, passengers: Any, before: Any) -> Optional[str]:
    """A passenger replaced by another person is listed by the new name (first or last, whichever
    changed); a correction of the date of birth alone, by the new date."""
    if not isinstance(passengers, list) or not isinstance(before, list) or len(passengers) != len(before):
        return None
    for new, old in zip(passengers, before):
        if not isinstance(new, dict) or not isinstance(old, dict):
            continue
        renamed = [arg for arg in ("first_name", "last_name") if new.get(arg) != old.get(arg)]
        if renamed:
            if not any(_says_name(text, new.get(arg)) for arg in renamed):
                return f"no message states the new name {new.get('first_name')} {new.get('last_name')}"
            continue
        dob = new.get("dob")
        if dob != old.get("dob") and isinstance(dob, str) and not states_date(text, dob):
            return f"no message states the new date of birth {dob}"
    return None


# a clock time ("the 2pm", "14:05", "half seven", "1930h"): flights said by their time are not said by number,
# and whether the time names the call's flight is not read here -- the rule is left undetermined, never guessed
# (a chat export's "[14:02]" stamp, and money's "48.00", are no flight's time)
_CLOCK = re.compile(r"\b\d{1,2}(?::\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)(?!\w)|(?<![\[\d$.,])\b\d{1,2}[:h]\d{2}\b(?!\])|\b\d{3,4}\s?(?:h|hrs)\b"
                    r"|\b(?:noon|midday|midnight|o'clock)\b|\b(?:half|quarter)\s+(?:past|to)\b"
                    r"|\bhalf\s+(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b", re.IGNORECASE)


def unlisted(run: Any, step: Any) -> Optional[str]:
    """Why no agent message since the previous write lists the details of the write at ``step``, or None."""
    kwargs = step.action.kwargs if isinstance(step.action.kwargs, dict) else {}
    text = _since_previous_write(run, step.index)
    if text is None:
        return None
    name = step.action.name
    if name == "update_reservation_flights":
        return _flights_unlisted(text, _flights(kwargs.get("flights")), _flights(_before(run, step, "flights")))
    if name == "book_reservation":
        users = run.initial.get("users") if isinstance(run.initial, dict) else None
        user = users.get(kwargs.get("user_id")) if isinstance(users, dict) and isinstance(kwargs.get("user_id"), str) else None
        return (_flights_unlisted(text, _flights(kwargs.get("flights")), [])
                or _passengers_unlisted(text, kwargs.get("passengers"), user if isinstance(user, dict) else {}))
    if name == "update_reservation_passengers":
        return _changes_unlisted(text, kwargs.get("passengers"), _before(run, step, "passengers"))
    return None


def _verdict(run: Any, step: Any) -> WriteVerdict:
    """``unlisted``'s reason as a verdict: flights said only by their time leave it open (undetermined)."""
    why = unlisted(run, step)
    if why is None:
        return None
    if why.startswith("no message lists flight") and _CLOCK.search(_since_previous_write(run, step.index) or ""):
        return False, why + ", and flights are said by their time"
    return True, why


@register
class DetailsListedKind(CheckKind):
    key = "details_listed"
    model = DetailsListedPredicate
    event_like = True

    def tools(self, pred: Any) -> Tuple[str, ...]:
        return tuple(pred.details_listed.tools)

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        tools = tuple(pred.details_listed.tools)

        def check(run: Any) -> Finding:
            return judged_writes(run, tools, _verdict, "every booking, flight change and passenger change lists its details first")

        return check

