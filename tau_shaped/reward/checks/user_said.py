"""``{"user_said": TEXT_MATCHER}``: holds at each step whose user message the matcher finds
something in; the user's first message is at step 0 (SPEC §5)."""

from __future__ import annotations

from typing import Any

from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.checks.said import text_hits
from tau_shaped.reward.matcher_schema import TextMatcher, _Strict


class UserSaidPredicate(_Strict):
    user_said: TextMatcher


@register
class UserSaidKind(CheckKind):
    key = "user_said"
    model = UserSaidPredicate
    event_like = True

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        matcher = pred.user_said
        return lambda run: text_hits(run.user_messages(), matcher, "user")
