"""The food-delivery database loader: the shipped JSON (``scripts/generate_food_delivery.py``).

The seed does not change S0 (one world for every task); it drives the
episode's random choices (which courier, which route) through the env.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Dict

DATA_FILE = Path(__file__).with_name("data") / "food_delivery.json"


@lru_cache(maxsize=1)
def _text() -> str:
    return DATA_FILE.read_text(encoding="utf-8")


def load_data(seed: int = 0) -> Dict[str, Any]:
    """A fresh copy of the database (the env keeps it frozen as S0)."""
    return json.loads(_text())
