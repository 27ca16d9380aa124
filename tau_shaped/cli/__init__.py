"""The command line, the top layer (``tau-shaped``, or ``python -m tau_shaped.cli``)."""

from tau_shaped.cli.app import app, main

__all__ = ["app", "main"]
