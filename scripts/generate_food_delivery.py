"""Write a food-delivery world as JSON (world 0 is the shipped database).

    python scripts/generate_food_delivery.py [--seed 0] [--scale 1] [--out PATH]

The world is ``domains.food_delivery.world.generate(seed, scale)``; the same
arguments always write byte-identical JSON.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from domains.food_delivery.world import dumps, generate  # noqa: E402

DEFAULT_OUT = ROOT / "domains" / "food_delivery" / "data" / "food_delivery.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    data = generate(args.seed, args.scale)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(dumps(data), encoding="utf-8")
    sizes = {k: len(data[k]) for k in ("customers", "restaurants", "drivers", "orders")}
    print(f"wrote {args.out} ({args.out.stat().st_size:,} bytes): {sizes}")


if __name__ == "__main__":
    main()
