"""Generate the food-delivery task set and its recorded trajectories.

    python scripts/generate_food_delivery_tasks.py

A thin entry point: the generator is the domain's own
(``tau_shaped_domains.food_delivery.generator.tasks``), and it writes the package's
``tasks/{train,test}.json`` and ``tasks/recordings/test.json``.
"""

from __future__ import annotations

from tau_shaped_domains.food_delivery.generator.tasks import OUT, write


def main() -> None:
    write(OUT)


if __name__ == "__main__":
    main()
