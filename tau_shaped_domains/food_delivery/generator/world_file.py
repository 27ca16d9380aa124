"""Write a food-delivery world as JSON (world 0 is the shipped database).

    python -m tau_shaped_domains.food_delivery.generator.world_file [--seed 0] [--scale 1] [--out PATH]
    (or scripts/generate_food_delivery.py)

The world is ``world.generate(seed, scale)``; the same arguments always write byte-identical JSON.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import List, Optional

from ..world import dumps, generate

DEFAULT_OUT = Path(__file__).resolve().parents[1] / "data" / "food_delivery.json"


def main(argv: Optional[List[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    data = generate(args.seed, args.scale)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(dumps(data), encoding="utf-8")
    sizes = {k: len(data[k]) for k in ("customers", "restaurants", "drivers", "orders")}
    print(f"wrote {args.out} ({args.out.stat().st_size:,} bytes): {sizes}")


if __name__ == "__main__":
    main()
