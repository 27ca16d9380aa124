"""The indexes the readers make of a world (S0) once, made ahead of its rollouts: S0's ids by
field (``s0_ids``), each order's status (``user_records.record_statuses``) and the customers'
identifiers the disclosure reader looks words up in (``identifiers``; tau2's users in that
shape, ``user_records.customers_of_users``). A process that forks scoring workers makes them
before the fork (``evaluation.batch``), so every worker inherits them instead of making its own;
each is kept by the world's identity, as the readers would keep it, and reads the same. A world
with restaurants has the unsafe-offer reader imported here too (``unsafe_offers``: the checks
import it on first use, as only some domains' rules read menus). The readers' patterns are not
compiled here (round 19): each worker compiles the few it uses on first use (``lazy_patterns``); all
of them compiled before the fork cost more than every worker's own (sub256 on 2 workers, cachegrind:
compile_pending 3.68 G I refs in the caller, ~1.3 G a worker for the patterns it used)."""

from __future__ import annotations

from typing import Any

__all__ = ["build_world_indexes"]


def build_world_indexes(state: Any) -> None:
    """Make (or find) the readers' indexes of ``state``; nothing for a state that is no dict."""
    from tau_shaped.reward.reading.identifiers import _index
    from tau_shaped.reward.reading.s0_ids import s0_ids
    from tau_shaped.reward.reading.user_records import customers_of_users, record_statuses

    if not isinstance(state, dict):
        return
    s0_ids(state).build()  # type: ignore[union-attr] - a dict has one; walked now (it is walked when first asked)
    record_statuses(state)
    customers = state.get("customers")
    if isinstance(customers, dict) and customers:
        _index(customers)
    users = customers_of_users(state)
    if users:
        _index(users)
    if isinstance(state.get("restaurants"), dict):
        import tau_shaped.reward.reading.unsafe_offers  # noqa: F401 - inherited by the workers, not imported by each
