"""``available_domains``: the installed entry points of ``tau_shaped.domains``, read once per
process (each read scans every installed distribution's metadata); each call gives a dict of
its own, equal to what reading them again gives."""

from __future__ import annotations

from importlib.metadata import entry_points

from tau_shaped.tasks import domains


def test_the_domains_are_the_installed_entry_points_and_each_call_gets_its_own_dict():
    fresh = {ep.name: ep for ep in entry_points(group=domains.GROUP)}
    first = domains.available_domains()
    assert first == fresh and list(first) == list(fresh)
    first.pop(next(iter(first)))
    assert domains.available_domains() == fresh  # a caller's change is its own
    assert "food_delivery" in fresh
