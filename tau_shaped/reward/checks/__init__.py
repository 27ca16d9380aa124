"""Check kinds (SPEC §5): one module per predicate form, each one registered ``CheckKind`` class
holding its schema, its children, what it reads and how it evaluates (``registry``). The
built-in kinds are imported here, in the order the forms are listed in error messages; a new
kind is one new module whose class is decorated with ``registry.register``."""

from __future__ import annotations

from tau_shaped.reward.reading.lazy_patterns import compiled_lazily, lazy_imports

# the readers' module-level patterns are compiled on first use (most are for rare cases: a start-up
# compiled them all), those of the readers imported later too (on first use); a process that forks
# workers compiles them first (``world_indexes``)
lazy_imports("tau_shaped.reward.")
with compiled_lazily("tau_shaped.reward."):
    from tau_shaped.reward.checks.registry import (  # noqa: F401 - the registry's names
        FIRST,
        FULL,
        HOLDS,
        Check,
        CheckKind,
        Compiler,
        Predicate,
        Probe,
        form_keys,
        kind_of,
        kinds,
        register,
        unregister,
        walk,
    )
    from tau_shaped.reward.checks.finding import Finding, short  # noqa: F401
    from tau_shaped.reward.matcher_schema import StrictModel  # noqa: F401 - the base of a kind's schema (its model)

    from tau_shaped.reward.checks import (  # noqa: F401, E402 - registered on import, in this order
        tool,
        said,
        user_said,
        state,
        sum,
        event,
        turn,
        all,
        any,
        not_,
        before,
        unpreceded,
        unconfirmed,
        event_sum,
        unsupported_amount,
        unsupported_time,
        discloses,
        offers_unsafe,
        facts_stated,
        money_stated,
        refusal_unsaid,
        abstain,
        read_first,
        asked_first,
    )
from tau_shaped.reward.checks.compiler import compile_predicate  # noqa: F401, E402
