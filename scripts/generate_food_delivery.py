"""Write a food-delivery world as JSON (world 0 is the shipped database).

    python scripts/generate_food_delivery.py [--seed 0] [--scale 1] [--out PATH]

A thin entry point: the generator is the domain's own
(``tau_shaped_domains.food_delivery.generator.world_file``).
"""

from __future__ import annotations

from tau_shaped_domains.food_delivery.generator.world_file import main

if __name__ == "__main__":
    main()
