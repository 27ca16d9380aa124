"""A fixture for the tau2 test files that build many of tau2's own environments."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def tau2_db_files_read_once():
    """tau2 builds each environment from its database file (``DB.load``: the file's JSON, then
    ``model_validate``, which builds a new database from it): while a module using this runs,
    each file is read once and its JSON handed to every validation. At the end, the JSON handed
    out must still be the file's (nothing wrote to it). A module asks for it with
    ``pytestmark = pytest.mark.usefixtures("tau2_db_files_read_once")``."""
    import tau2.environment.db as tau2_db

    read, cache = tau2_db.load_file, {}

    def load_file(path, **kwargs):
        if kwargs:
            return read(path, **kwargs)
        if path not in cache:
            cache[path] = read(path)
        return cache[path]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tau2_db, "load_file", load_file)
        yield
    for path, data in cache.items():
        assert data == read(path), f"{path}: the JSON handed to tau2 was changed"
