"""The food-delivery generators, inside the domain's package (issue 30: a domain's task files and
their generator are the package's): ``tasks`` writes the task set and the demo's recordings
(``python -m tau_shaped_domains.food_delivery.generator.tasks``), from the buckets of
situations (``buckets``, ``refusal_buckets``), the task builder (``builders``), each task's
persona customer (``personas``) and the recorded resolutions of each test task
(``demo_recordings``); ``world_file`` writes a world as JSON (world 0 is the shipped
database). ``scripts/generate_food_delivery_tasks.py`` and ``scripts/generate_food_delivery.py``
are thin entry points to them.
"""
