"""``{"asked_first": {"tool": NAME, "asks": TEXT_MATCHER, "offers": TEXT_MATCHER, "doubts":
[{"said": TEXT_MATCHER, "after_tools": [NAME, ...]}, ...]}}``: a payment the customer asked for
before the agent first offered it (SPEC §5, §9), the check kind tau2 airline's
``air.compensation.asked_for`` is written in.

tau2's airline policy: "Do not proactively offer a compensation unless the user explicitly asks
for one." What matters is the order of the ask and the offer, not of the ask and the payment: a
customer who accepts a certificate the agent offered ("Sure, I'll take the voucher") names it
after the offer and asked for nothing. For each call of ``tool`` that succeeded, the offer is the
first agent message before it where ``offers`` finds an offer (a mention the message does not
negate: "I can't offer compensation" offers none), or the call itself if no message offered it.
The customer asked where ``asks`` finds an ask in their text placed before the offer: their first
message (it opens the conversation) or a reply to an earlier agent message (a reply answers the
message of its own step, so the reply to the offer comes after it).

Where no ask came first, the words may still not settle it (SPEC §8: undetermined, never a
guess): a ``doubts`` entry's text said by the customer before the offer (with ``after_tools``,
only once one of those calls succeeded before the payment) is a case the policy reads two ways
(tau2's next lines: "If the user complains about cancelled flights ..., the agent can offer a
certificate"; for a delay, once the reservation was changed or cancelled); and a trajectory that
records the customer's replies but not their first message may hold the ask there, unless the
agent opened the conversation (step 0 is a message that offers nothing: tau2's agent greets first,
and the reply to the greeting is the customer's first word); an offer at step 0 answers words
that were not recorded. A trajectory with no customer text at all is not judged.
"""

from __future__ import annotations

from typing import Any, List, Optional, Tuple

from pydantic import Field

from tau_shaped.reward.checks.finding import NOWHERE, Finding, short, violations
from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.matcher_schema import TextMatcher, _Strict
from tau_shaped.reward.matchers import match_text


class Doubt(_Strict):
    said: TextMatcher
    after_tools: List[str] = Field(default_factory=lambda: [])


class AskedFirst(_Strict):
    tool: str = Field(min_length=1)
    asks: TextMatcher
    offers: TextMatcher
    doubts: List[Doubt] = Field(default_factory=lambda: [])


class AskedFirstPredicate(_Strict):
    asked_first: AskedFirst


def _before(user: List[Tuple[int, str]], first: Optional[str], offer: int) -> List[str]:
    """The customer's texts said before the offer at step ``offer``: the first message, and the
    replies to agent messages of earlier steps."""
    texts = [first] if first is not None else []
    return texts + [t for step, t in user if step < offer]


@register
class AskedFirstKind(CheckKind):
    key = "asked_first"
    model = AskedFirstPredicate
    event_like = True

    def tools(self, pred: Any) -> Any:
        c = pred.asked_first
        return (c.tool,) + tuple(t for d in c.doubts for t in d.after_tools)

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        c = pred.asked_first

        def check(run: Any) -> Finding:
            paid = [s for s in run.calls_of(c.tool) if s.succeeded]
            if not paid:
                return Finding(False, None, NOWHERE, f"no {c.tool} to judge")
            first = run.trajectory.first_user_message
            said_by_user = run.user_messages()  # the first message (recorded: listed first, at step 0), then the replies
            first_seen, replies = (said_by_user[0][1], said_by_user[1:]) if first is not None else (None, said_by_user)
            if first is None and not any(t and t.strip() for _, t in replies):
                return Finding(False, None, NOWHERE, "no customer text: not judged")
            offers = [i for i, text in run.agent_messages() if match_text(c.offers, text) is not None]
            hits: List[Tuple[int, Any]] = []
            unsure: List[Tuple[int, str]] = []
            for call in paid:
                offer = next((i for i in offers if i < call.index), call.index)
                said = _before(replies, first_seen, offer)
                if any(match_text(c.asks, t) is not None for t in said if t):
                    continue
                doubt = next((d for d in c.doubts if any(match_text(d.said, t) is not None for t in said if t)
                              and (not d.after_tools or any(s.succeeded and s.index < call.index
                                                            for tool in d.after_tools for s in run.calls_of(tool)))),
                             None)
                if doubt is not None:
                    unsure.append((call.index, f"the customer complained before the offer at step {offer} but asked "
                                               "for nothing: the policy's lines read two ways"))
                elif first is None and not (offer > 0 and run.trajectory.steps[0].action.name == "respond"):
                    unsure.append((call.index, f"the customer's first message is not recorded: whether they asked "
                                               f"before the offer at step {offer} is not known"))
                else:
                    hits.append((call.index, lambda call=call, offer=offer: (
                        f"{c.tool}({short(call.action.kwargs)})"
                        f" offered at step {offer} before the customer asked for it")))
            if hits:
                return violations(hits, "")
            if unsure:
                return Finding(False, None, NOWHERE, f"undetermined: step {unsure[0][0]}: {unsure[0][1]}", tuple(unsure))
            return Finding(False, None, NOWHERE, "every payment was asked for before it was offered")

        return check
