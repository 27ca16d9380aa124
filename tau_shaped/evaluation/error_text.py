"""What an error says to the user: its message whole (issue 42: quotes were stripped off the
ends of every message to undo a KeyError's repr, and a message ending in a quoted name lost
its closing quote: ``No module named 'nosuchmod``)."""

from __future__ import annotations


def error_text(exc: BaseException) -> str:
    """``exc``'s message: a KeyError's own text (``str()`` of a KeyError is the repr of its
    argument, quotes added), any other's ``str()``."""
    if isinstance(exc, KeyError) and len(exc.args) == 1 and isinstance(exc.args[0], str):
        return exc.args[0]
    return str(exc)
