"""Generate the food-delivery task set and its recorded trajectories from the seeded worlds.

    python -m tau_shaped_domains.food_delivery.generator.tasks   (or scripts/generate_food_delivery_tasks.py)

Deterministic: situations are picked from each world in id order, and each task's
wording from a generator seeded by its id. World 0 (the shipped database) gives 6
tasks per bucket: 2 train and 4 test. Each task carries the persona its customer simulator
plays (generator.personas). The test split is those tasks only, fixed.
The train split goes on in worlds 1, 2, ... (``load_data(seed)``; a task's
``seed`` picks its world) until every bucket has TRAIN_PER_BUCKET tasks.
Writes the package's tasks/{train,test}.json and tasks/recordings/test.json
(for each test task the ground truth, different but valid resolutions where the task
has them, wrong or unsafe ones, and breaches of the policy that end in the ground truth's
state: generator.demo_recordings), which the offline main job replays.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Dict, List

from ..data import load_data
from .buckets import (
    bucket_address,
    bucket_allergen,
    bucket_cancellation,
    bucket_cap,
    bucket_closed,
    bucket_courier,
    bucket_dispute,
    bucket_fraud,
    bucket_late,
    bucket_missing,
    bucket_questions,
    bucket_replacement,
    bucket_route,
)
from .refusal_buckets import (
    bucket_cap_refused,
    bucket_charge_matches,
    bucket_late_under_15,
    bucket_no_safe_substitute,
    bucket_too_late,
    bucket_unknown_customer,
)
from .demo_recordings import test_recordings
from .personas import persona_for
from .builders import Builder, Recs, Task

OUT = Path(__file__).resolve().parents[1] / "tasks"  # the package's task files
TRAIN_IN_WORLD_0 = 2  # of each bucket's 6 world-0 tasks; the other 4 are the test split
TRAIN_PER_BUCKET = 64
PER_WORLD = 6
MAX_SEED = 80

BUCKETS = [bucket_questions, bucket_cancellation, bucket_missing, bucket_late, bucket_courier, bucket_closed,
           bucket_cap, bucket_replacement, bucket_allergen, bucket_route, bucket_dispute, bucket_fraud, bucket_address,
           # the refusals: the right answer changes nothing
           bucket_late_under_15, bucket_charge_matches, bucket_no_safe_substitute, bucket_too_late, bucket_unknown_customer,
           bucket_cap_refused]
# in the training worlds the rarest situations are picked first
TRAIN_ORDER = [bucket_fraud, bucket_dispute, bucket_courier, bucket_route, bucket_allergen, bucket_no_safe_substitute, bucket_closed,
               bucket_late, bucket_late_under_15, bucket_address, bucket_too_late, bucket_missing, bucket_replacement, bucket_cancellation,
               bucket_cap, bucket_cap_refused, bucket_charge_matches, bucket_unknown_customer, bucket_questions]


def build() -> tuple:
    """(train, test, recordings): world 0 first, then training worlds until each bucket is full."""
    assert sorted(b.__name__ for b in TRAIN_ORDER) == sorted(b.__name__ for b in BUCKETS)
    b0 = Builder(load_data(0), 0)
    train: List[Task] = []
    test: List[Task] = []
    recordings: Recs = []
    counts: Dict[str, int] = {}
    for bucket in BUCKETS:
        for n, (t, recs) in enumerate(bucket(b0)):
            split = "train" if n < TRAIN_IN_WORLD_0 else "test"
            t["persona"] = persona_for(t, b0)
            t["split"] = split
            (train if split == "train" else test).append(t)
            if split == "test":
                recordings.extend(test_recordings(t, recs, b0.data))
            else:
                counts[bucket.__name__] = counts.get(bucket.__name__, 0) + 1
    seed = 0
    while any(counts[bk.__name__] < TRAIN_PER_BUCKET for bk in BUCKETS):
        seed += 1
        if seed > MAX_SEED:
            short = {k: v for k, v in counts.items() if v < TRAIN_PER_BUCKET}
            raise SystemExit(f"worlds 1-{MAX_SEED} do not hold enough situations: {short}")
        b = Builder(load_data(seed), seed)
        for bucket in TRAIN_ORDER:
            need = min(PER_WORLD, TRAIN_PER_BUCKET - counts[bucket.__name__])
            for t, _ in bucket(b, need, strict=False):
                t["persona"] = persona_for(t, b)
                t["seed"] = seed
                t["split"] = "train"
                train.append(t)
                counts[bucket.__name__] += 1
    return train, test, recordings


def write(out: Path = OUT) -> None:
    """Write train.json, test.json and recordings/test.json under ``out``."""
    train, test, recordings = build()
    out.mkdir(parents=True, exist_ok=True)
    for name, tasks in (("train", train), ("test", test)):
        (out / f"{name}.json").write_text(json.dumps(tasks, indent=1) + "\n", encoding="utf-8")
    (out / "recordings").mkdir(exist_ok=True)
    (out / "recordings" / "test.json").write_text(json.dumps(recordings, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(train)} train and {len(test)} test tasks, {len(recordings)} recordings to {out}")


if __name__ == "__main__":
    write()
