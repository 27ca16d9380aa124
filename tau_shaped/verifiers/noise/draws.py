"""Deterministic draws: every random decision of the noise model is a hash.

A draw is a function of (master seed, kind, context string) alone: SHA-256 of
their canonical JSON encoding, whose first 53 bits make a uniform float in
[0, 1). No generator state is shared, so the same seed and contexts give the
same noise in any process, thread or order, whatever ``PYTHONHASHSEED`` is.
"""

from __future__ import annotations

import json
import math
from hashlib import sha256
from typing import Any


def uniform(seed: int, kind: str, context: str) -> float:
    """A uniform float in [0, 1) for (seed, kind, context)."""
    encoded = json.dumps([int(seed), str(kind), str(context)], ensure_ascii=False, separators=(",", ":"))
    digest = sha256(encoded.encode()).digest()
    return (int.from_bytes(digest[:8], "big") >> 11) / float(1 << 53)


def bernoulli(rate: float, seed: int, kind: str, context: str) -> bool:
    """True with probability ``rate`` (0 never, 1 always)."""
    return uniform(seed, kind, context) < rate


def derived_seed(seed: int, label: Any) -> int:
    """A 53-bit seed derived from a master seed and a label (e.g. the i-th replicate)."""
    return int(uniform(seed, "derived_seed", str(label)) * float(1 << 53))


def inverse_exponential(u: float, mean: float) -> float:
    """The exponential distribution's quantile at ``u`` (inverse CDF)."""
    return -mean * math.log1p(-u)
