"""The library's world: four members, five books, five loans (deterministic; one world)."""

from __future__ import annotations

from typing import Any, Dict


def load_data(seed: int = 0) -> Dict[str, Any]:
    """A fresh copy of the world (the seed changes nothing: one world)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"a seed is a non-negative integer, got {seed!r}")
    return {
        "members": {
            "M1": {"name": "Ines Park", "email": "ines@example.org", "fee_balance": 0.0, "waived_before": False,
                   "last_waiver_reason": None, "waivers": []},
            "M2": {"name": "Omar Diaz", "email": "omar@example.org", "fee_balance": 0.0, "waived_before": False,
                   "last_waiver_reason": None, "waivers": []},
            "M3": {"name": "Lena Vogt", "email": "lena@example.org", "fee_balance": 4.5, "waived_before": False,
                   "last_waiver_reason": None, "waivers": []},
            "M4": {"name": "Raj Iyer", "email": "raj@example.org", "fee_balance": 1.25, "waived_before": True,
                   "last_waiver_reason": "first_time", "waivers": []},
        },
        "books": {
            "B1": {"title": "The Salt Road", "holds": []},
            "B2": {"title": "Night Trains", "holds": [{"member_id": "M2", "pickup": "main"}]},
            "B3": {"title": "A Field Guide to Moss", "holds": []},
            "B4": {"title": "Quiet Engines", "holds": []},
            "B5": {"title": "Paper Birds", "holds": []},
        },
        "loans": {
            "L1": {"member_id": "M1", "book_id": "B1", "due": "2026-12-01", "renewals": 0},
            "L2": {"member_id": "M1", "book_id": "B4", "due": "2026-12-03", "renewals": 0},
            "L3": {"member_id": "M3", "book_id": "B5", "due": "2026-11-20", "renewals": 1},
            "L4": {"member_id": "M4", "book_id": "B2", "due": "2026-12-05", "renewals": 0},
            "L5": {"member_id": "M4", "book_id": "B3", "due": "2026-12-07", "renewals": 0},
        },
    }
