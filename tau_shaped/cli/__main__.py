"""``python -m tau_shaped.cli``."""

from tau_shaped.cli.app import app

app()
