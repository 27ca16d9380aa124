"""No pydantic field of the library makes its default with a builtin whose signature ``inspect``
reads from text (``list``: ``(iterable=(), /)``): pydantic asks each default factory for its
signature when it builds the model's class, and for such a builtin that runs the tokenizer (its
pattern compiled, then each signature tokenized): 44 fields, ~6 ms of every process's start-up
(sub1024: 10,904 M -> 10,864 M I refs). ``lambda: []`` makes the same default, its signature read
from its code."""

from __future__ import annotations

import importlib

from pydantic import BaseModel

_MODULES = (
    "tau_shaped.reward.checks", "tau_shaped.reward.policy_rules", "tau_shaped.reward.result",
    "tau_shaped.reward.overrides", "tau_shaped.tasks.schema", "tau_shaped.tasks.persona",
    "tau_shaped_domains.food_delivery.policy_figures",
)


def _models() -> list:
    for name in _MODULES:
        importlib.import_module(name)
    seen, todo = [], list(BaseModel.__subclasses__())
    while todo:
        cls = todo.pop()
        if cls in seen:
            continue
        seen.append(cls)
        todo.extend(cls.__subclasses__())
    return [cls for cls in seen if cls.__module__.startswith(("tau_shaped.", "tau_shaped_domains."))]


def _reads_text_signature(factory: object) -> bool:
    return isinstance(factory, type) and getattr(factory, "__text_signature__", None) is not None


def test_no_default_factory_is_a_builtin_read_from_text():
    models = _models()
    assert len(models) > 50
    slow = [f"{cls.__module__}.{cls.__name__}.{name}" for cls in models for name, field in cls.model_fields.items()
            if _reads_text_signature(field.default_factory)]
    assert not slow, slow
