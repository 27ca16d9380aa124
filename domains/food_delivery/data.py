"""The food-delivery database loader: one world per seed.

Seed 0 is the shipped JSON (``data/food_delivery.json``, written by
``scripts/generate_food_delivery.py``): the evaluation tasks live there. Any
other seed is the world ``world.generate(seed)`` builds (about 0.2 s, then
cached): the training tasks are spread over many worlds, the way procedurally
generated RL levels are. A task's ``seed`` picks its world; the same seed also
drives the episode's random choices (which courier, which route) through the env.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Dict

from .world import dumps, generate

DATA_FILE = Path(__file__).with_name("data") / "food_delivery.json"


@lru_cache(maxsize=16)
def _text(seed: int) -> str:
    if seed == 0:
        return DATA_FILE.read_text(encoding="utf-8")
    return json.dumps(generate(seed))  # compact: the pretty layout of the shipped file costs 4x


def load_data(seed: int = 0) -> Dict[str, Any]:
    """A fresh copy of world ``seed`` (the env keeps it frozen as S0)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"a food-delivery seed is a non-negative integer, got {seed!r}")
    return json.loads(_text(seed))
