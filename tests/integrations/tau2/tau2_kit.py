"""Shared by the tau2 retail tests: tau2's own guards removed, to see a policy rule fire on a
call tau2's tool would refuse (the rule must hold without the tool's help)."""

from __future__ import annotations


def accept_any_users_payment_method(monkeypatch) -> None:
    """tau2's retail tools look a payment method up in the order owner's profile only; patched,
    they take any user's (an agent paying with a stranger's card gets through the tool)."""
    from tau2.domains.retail.tools import RetailTools

    def any_users_method(self, user_id, payment_method_id):
        for user in self.db.users.values():
            if payment_method_id in user.payment_methods:
                return user.payment_methods[payment_method_id]
        raise ValueError("Payment method not found")

    monkeypatch.setattr(RetailTools, "_get_payment_method", any_users_method)


def answered(task, actions, opening: bool = False, more: str = "") -> dict:
    """The words of the customer of ``task`` for ``actions`` (SPEC §10: with no reply recorded a
    write that needs a yes is undetermined): a yes to each question, and, with ``opening``, a
    first message giving their user id (tau2 airline's policy has the agent obtain it first),
    followed by ``more``."""
    from tau_shaped.tasks.consenting import consenting_replies

    words = {"user_replies": consenting_replies(actions)}
    if opening:
        words["first_user_message"] = f"Hi, my user id is {task.user_id}. {more}".strip()
    return words
