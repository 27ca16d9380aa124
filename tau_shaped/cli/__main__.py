"""``python -m tau_shaped.cli``."""

from tau_shaped.cli.app import app
from tau_shaped.cli.process_exit import run

run(app)
