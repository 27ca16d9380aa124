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
