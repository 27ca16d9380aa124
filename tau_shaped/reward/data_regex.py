"""Regular expressions that come from data (task files, rule files), run on RE2 (SPEC §5).

A pattern written in a task or a policy-rule file is matched against untrusted text (what an
agent or a user wrote, a tool's arguments), so it runs on google-re2, whose matching time is
linear in the text whatever the pattern: ``(a+)+$`` on a 50,000-character message returns at
once instead of backtracking for ever. Patterns written in the code itself stay on ``re``.

``check_pattern`` is what the schemas call on load: a pattern RE2 refuses is a validation
error naming the pattern. What RE2 does not have, and Python's ``re`` does, is refused rather
than approximated: lookaround (``(?=``, ``(?!``, ``(?<=``, ``(?<!``), backreferences (``\\1``),
possessive quantifiers, ``\\Z`` (RE2 writes it ``\\z``), a repetition count over 1000. Where
both accept a pattern, RE2 reads it slightly differently:

- ``\\w``, ``\\d``, ``\\s`` and ``\\b`` are ASCII (``\\pL``, ``\\pN`` name Unicode letters and
  digits); ``(?i)`` still folds case over Unicode;
- ``$`` without ``(?m)`` is the end of the text only (Python's also matches before a final
  newline).

Compiled patterns are kept in a bounded cache (``CACHE_SIZE``); a text that is not valid
Unicode (a lone surrogate, which UTF-8 cannot encode) is matched with U+FFFD in its place.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Iterator, Optional, Tuple

import re2

__all__ = ["DataRegexError", "MAX_PATTERN_CHARS", "CACHE_SIZE", "check_pattern", "compile_pattern", "search", "blank"]

#: Longer patterns are refused (a task's regex is a line, not a program).
MAX_PATTERN_CHARS = 4096
CACHE_SIZE = 512

_OPTIONS = re2.Options()
_OPTIONS.log_errors = False  # RE2 would print every refused pattern on stderr
_SURROGATE = re.compile("[\ud800-\udfff]")


class DataRegexError(re.error):
    """A pattern from data that RE2 cannot run; the message names the pattern. A subclass of
    ``re.error``, so code that caught the errors of ``re.compile`` still catches it."""


def _shown(pattern: str) -> str:
    text = repr(pattern)
    return text if len(text) <= 120 else text[:117] + "..."


def _python_accepts(pattern: str) -> bool:
    try:
        re.compile(pattern)
    except Exception:  # noqa: BLE001 - re.error, RecursionError, OverflowError: all mean no
        return False
    return True


@lru_cache(maxsize=CACHE_SIZE)
def compile_pattern(pattern: str) -> Any:
    """The RE2 program of ``pattern``; raises ``DataRegexError`` naming it when RE2 refuses."""
    if not isinstance(pattern, str):
        raise DataRegexError(f"a regex is a string, not {type(pattern).__name__}")
    if len(pattern) > MAX_PATTERN_CHARS:
        raise DataRegexError(f"regex {_shown(pattern)} is {len(pattern)} characters long: at most {MAX_PATTERN_CHARS}")
    if _SURROGATE.search(pattern):
        raise DataRegexError(f"regex {_shown(pattern)} is not valid Unicode (a lone surrogate)")
    try:
        return re2.compile(pattern, _OPTIONS)
    except re2.error as exc:
        reason = exc.args[0] if exc.args else "refused"
        reason = reason.decode("utf-8", "replace") if isinstance(reason, bytes) else str(reason)
    if _python_accepts(pattern):
        raise DataRegexError(
            f"regex {_shown(pattern)} is not supported by RE2, the linear-time engine that patterns from "
            f"data run on (no lookaround, backreferences, possessive quantifiers or \\Z; "
            f"repetition counts up to 1000): {reason}"
        )
    raise DataRegexError(f"invalid regex {_shown(pattern)}: {reason}")


def check_pattern(pattern: Optional[str]) -> Optional[str]:
    """For pydantic validators: the pattern unchanged, or a ``ValueError`` naming it."""
    if pattern is not None:
        try:
            compile_pattern(pattern)
        except DataRegexError as exc:
            raise ValueError(str(exc)) from None
    return pattern


def _encodable(text: str) -> str:
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATE.sub("\ufffd", text)
    return text


def blank(pattern: str, text: str) -> str:
    """``text`` with every match of ``pattern`` replaced by a space; linear in the text."""
    return compile_pattern(pattern).sub(" ", _encodable(text))


def search(pattern: str, text: str) -> Optional[str]:
    """The first (leftmost) match of ``pattern`` in ``text``, as text, or None; linear in the
    text. An invalid pattern raises ``DataRegexError`` (the schemas refuse it on load). A task's
    rollouts repeat their messages: a short text's answer is found once and kept (bounded)."""
    return _kept_search(pattern, text) if len(text) <= _KEPT_TEXT else _search(pattern, text)


_KEPT_TEXT = 2048


def matches(pattern: str, text: str) -> Iterator[Tuple[int, str]]:
    """Each match of ``pattern`` in ``text``, leftmost first, as (its start, its text); linear
    in the text (RE2's matches do not overlap)."""
    for m in compile_pattern(pattern).finditer(_encodable(text)):  # a lone surrogate becomes one U+FFFD: same offsets
        yield m.start(), m.group(0)


def _search(pattern: str, text: str) -> Optional[str]:
    match = compile_pattern(pattern).search(_encodable(text))
    return match.group(0) if match else None


_kept_search = lru_cache(maxsize=4096)(_search)
