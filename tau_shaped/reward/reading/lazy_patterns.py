"""Regular expressions compiled when first used, not on import: Python's ``re`` parses and
compiles a pattern in Python (a large alternation takes a millisecond), and most of a reader's
patterns (for rare cases: a masked email, a card's last digits, a refund's wording) are never used
in a short run: a one-rollout score used 30 of the 299 its modules compiled (0.10 of 0.11 s).

``lazy(pattern, flags)`` stands for ``re.compile(pattern, flags)``: its matching methods are the
compiled pattern's once one is first asked for, so it matches as that pattern does and costs no
more per call after; ``pattern`` is known before. ``compiled_lazily(prefix)``: while it holds,
``re.compile`` called by the module-level code of a module under ``prefix`` gives a lazy one
(nested: each restores what it found). ``lazy_imports(prefix)``: from then on, every module under
``prefix`` imported (from its source, wherever the import is: the checks import some readers on
first use) runs its module-level code so, as it would inside ``compiled_lazily`` (how the checks
import their readers). ``compile_pending()`` compiles every lazy pattern not compiled yet (a
process about to fork workers called it until round 19: most of the thousand patterns are used
by no worker, and compiling them all cost more than each worker compiling the few it uses).
``lazy(pattern, flags, needs=...)``: a ``GatedPattern``, asked of a text (or the window searched)
only when it holds one of the words every match holds, proved of each from the pattern's parse
(tests/reward/reading/test_lazy_gates.py): the patterns for rare wordings are then neither
compiled nor run where no match can be (round 20: 109 such, 640 -> ~530 compiled a process)."""

from __future__ import annotations

import re
import sys
from bisect import bisect_left
from contextlib import contextmanager
from functools import lru_cache
from importlib.machinery import PathFinder, SourceFileLoader
from typing import Any, Iterator, List, Optional, Sequence

__all__ = ["lazy", "LazyPattern", "GatedPattern", "compiled_lazily", "lazy_imports", "compile_pending"]

_MADE = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split", "scanner",
         "flags", "groups", "groupindex")
_PENDING: List["LazyPattern"] = []  # made, maybe not compiled yet (``compile_pending``)


class LazyPattern:
    """``re.compile(pattern, flags)``, made on first use of anything but ``pattern``.

    Made, it is of this class, which has no ``__getattr__``: a class with one has every attribute
    read go through a slower hook (and unspecialized by the interpreter): 0.83 -> 0.56 us a
    ``search`` call. Until then it is a ``_Pending`` one (this class with the hook), whose first
    use compiles the pattern, fills the slots and makes it a ``LazyPattern`` (same slots)."""

    __slots__ = ("pattern", "_flags") + _MADE

    def __new__(cls, pattern: str, flags: int = 0) -> "LazyPattern":
        return object.__new__(_Pending if cls is LazyPattern else cls)

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self._flags = flags
        _PENDING.append(self)

    def __reduce__(self) -> Any:  # a copy is the same pattern, lazy
        return LazyPattern, (self.pattern, self._flags)

    def __repr__(self) -> str:
        return f"lazy({self.pattern!r}, {self._flags!r})"


class _Pending(LazyPattern):
    """A ``LazyPattern`` not compiled yet."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:  # only for what is not made yet (an empty slot) or not held
        if name.startswith("__") or name in ("pattern", "_flags"):  # asked of a copy being made (pickle)
            raise AttributeError(name)
        compiled = _COMPILE(self.pattern, self._flags)
        for made in _MADE:
            setattr(self, made, getattr(compiled, made))
        self.__class__ = LazyPattern  # made: read as plain slots from now on
        return getattr(compiled, name)


_COMPILE = re.compile


def lazy(pattern: str, flags: int = 0, needs: Sequence[str] = ()) -> Any:
    """A pattern compiled on first use (typed ``Any``: it is used as a ``re.Pattern``). With ``needs``
    (strings every match of the pattern holds one of: tests/reward/reading/test_lazy_gates.py proves
    it of each from the pattern's parse), a text holding none of them is answered as the pattern
    answers a text it does not match, without compiling it (most such patterns are for rare
    wordings no text of a run holds)."""
    return GatedPattern(pattern, flags, needs) if needs else LazyPattern(pattern, flags)


# case-insensitive matching (``re.IGNORECASE``) takes a character for an ASCII letter when their
# simple lower cases are equal, or for "i" and "s" the dotless i and the long s too: a text's
# ``lower()`` (which turns "\u0130" into "i" and a combining dot) so folded holds every run of
# letters such a match holds, lowered (tests/reward/reading/test_lazy_gates.py checks every code point)
_FOLD = {0x131: "i", 0x17F: "s", 0x307: None}
_END = sys.maxsize  # re's own default end


def _occurrences(text: str, need: str) -> Iterator[int]:
    at = text.find(need)
    while at >= 0:
        yield at
        at = text.find(need, at + 1)


def _lowered_in_place(text: str) -> str:
    """``text`` lowered and folded as the pattern reads case, one character for one (so places stay places): an ASCII
    text as ``lower()`` gives it; else each character as ``_char_lowered``."""
    return text.lower() if text.isascii() else "".join(map(_char_lowered, text))


@lru_cache(maxsize=4096)
def _char_lowered(c: str) -> str:
    """One character as a case-insensitive match reads it: lowered, "\u0130" as "i", the dotless i and the long s as
    "i" and "s" (``_FOLD``); a character whose lower case is longer kept as it is."""
    if c == "\u0130":
        return "i"
    low = c.lower().translate(_FOLD)
    return low if len(low) == 1 else c


class GatedPattern:
    """``lazy(pattern, flags)`` asked only of a text holding one of ``needs``: its matching methods
    answer "no match" (``None``, ``[]``, an empty iterator, the text unchanged) for any other text,
    as the pattern would. ``needs`` are compared with the text lowered and folded (``_FOLD``) when
    the pattern reads case-insensitively (``re.IGNORECASE`` or an inline ``(?i``), as they are."""

    __slots__ = ("pattern", "needs", "_lower", "_made", "_last")

    def __init__(self, pattern: str, flags: int, needs: Sequence[str]) -> None:
        self.pattern = pattern
        self._lower = bool(flags & re.IGNORECASE) or "(?i" in pattern
        self.needs = tuple(n.lower() for n in needs) if self._lower else tuple(needs)
        self._made = LazyPattern(pattern, flags)
        self._last: Any = None  # (text, starts, least end from each start on): where the needs are in the last text windowed

    def __reduce__(self) -> Any:
        return GatedPattern, (self.pattern, self._made._flags, self.needs)

    def __repr__(self) -> str:
        return f"lazy({self.pattern!r}, {self._made._flags!r}, needs={self.needs!r})"

    def holds(self, text: str, pos: int = 0, endpos: int = _END) -> bool:
        """Whether ``text[pos:endpos]`` (as ``re`` reads them: a negative bound is 0) holds one of
        ``needs`` (as the pattern reads case): a match inside it holds one, whatever it looks at
        around it. Read within the bounds, so a search of a window costs the window, not the text."""
        if pos > 0 or endpos < len(text):
            return self._window_holds(text, pos if pos > 0 else 0, min(endpos if endpos > 0 else 0, len(text)))
        if self._lower:
            text = text.lower()
            if not text.isascii():
                text = text.translate(_FOLD)
        for need in self.needs:
            if need in text:
                return True
        return False

    def _window_holds(self, text: str, pos: int, end: int) -> bool:
        """``holds`` for a window: where the needs are in ``text`` is found once per text (a reader matching at every
        place of a long text asks of many windows: each answer is a bisection, the text read once, not per window)."""
        last = self._last
        if last is None or last[0] is not text:
            low = _lowered_in_place(text) if self._lower else text
            spans = sorted((at, at + len(need)) for need in self.needs for at in _occurrences(low, need))
            least, ends = len(text) + 1, []
            for _, e in reversed(spans):
                least = min(least, e)
                ends.append(least)
            last = self._last = (text, [a for a, _ in spans], ends[::-1])
        _, starts, ends = last
        i = bisect_left(starts, pos)
        return i < len(starts) and ends[i] <= end

    @property
    def flags(self) -> int:
        return self._made.flags

    @property
    def groups(self) -> int:
        return self._made.groups

    @property
    def groupindex(self) -> Any:
        return self._made.groupindex

    def search(self, string: str, pos: int = 0, endpos: int = _END) -> Any:
        return self._made.search(string, pos, endpos) if self.holds(string, pos, endpos) else None

    def match(self, string: str, pos: int = 0, endpos: int = _END) -> Any:
        return self._made.match(string, pos, endpos) if self.holds(string, pos, endpos) else None

    def fullmatch(self, string: str, pos: int = 0, endpos: int = _END) -> Any:
        return self._made.fullmatch(string, pos, endpos) if self.holds(string, pos, endpos) else None

    def finditer(self, string: str, pos: int = 0, endpos: int = _END) -> Any:
        return self._made.finditer(string, pos, endpos) if self.holds(string, pos, endpos) else iter(())

    def findall(self, string: str, pos: int = 0, endpos: int = _END) -> Any:
        return self._made.findall(string, pos, endpos) if self.holds(string, pos, endpos) else []

    def sub(self, repl: Any, string: str, *args: Any, **kwargs: Any) -> Any:
        return self._made.sub(repl, string, *args, **kwargs) if self.holds(string) else string

    def subn(self, repl: Any, string: str, *args: Any, **kwargs: Any) -> Any:
        return self._made.subn(repl, string, *args, **kwargs) if self.holds(string) else (string, 0)

    def split(self, string: str, *args: Any, **kwargs: Any) -> Any:
        return self._made.split(string, *args, **kwargs) if self.holds(string) else [string]


@contextmanager
def compiled_lazily(prefix: str) -> Iterator[None]:
    """``re.compile`` of a text pattern by the module-level code of a module named under ``prefix``
    gives a ``LazyPattern`` while this holds (any other call compiles as it does)."""
    def compile_(pattern: Any, flags: int = 0) -> Any:
        frame = sys._getframe(1)
        if isinstance(pattern, str) and frame.f_code.co_name == "<module>" and \
                str(frame.f_globals.get("__name__", "")).startswith(prefix):
            return LazyPattern(pattern, flags)
        return _COMPILE(pattern, flags)

    found = re.compile
    re.compile = compile_  # type: ignore[assignment]
    try:
        yield
    finally:
        re.compile = found  # type: ignore[assignment]


class _Loader(SourceFileLoader):
    """A module's own loader, but its module-level code runs inside ``compiled_lazily``."""

    prefix = ""

    def exec_module(self, module: Any) -> None:
        with compiled_lazily(self.prefix):
            super().exec_module(module)


class _Finder:
    """Finds a module under ``prefix`` as the path finder does, loaded by a ``_Loader``."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.loader = type("_Loader", (_Loader,), {"prefix": prefix})

    def find_spec(self, name: str, path: Optional[Sequence[str]] = None, target: Any = None) -> Any:
        if path is None or not name.startswith(self.prefix):  # a package's module: found in the package's path
            return None
        spec = PathFinder.find_spec(name, path, target)
        if spec is not None and type(spec.loader) is SourceFileLoader:
            spec.loader = self.loader(spec.loader.name, spec.loader.path)
        return spec

    def invalidate_caches(self) -> None:
        pass


def lazy_imports(prefix: str) -> None:
    """Every module under ``prefix`` imported from now on has its module-level ``re.compile``
    made lazy (``compiled_lazily``), wherever it is imported from; once per prefix."""
    if not any(isinstance(finder, _Finder) and finder.prefix == prefix for finder in sys.meta_path):
        sys.meta_path.insert(0, _Finder(prefix))


def compile_pending() -> None:
    """Compile every lazy pattern made so far that is not compiled yet."""
    for pattern in _PENDING:
        pattern.search  # noqa: B018 - the first use compiles it
    _PENDING.clear()


def lowered(pattern: str) -> str:
    """``pattern`` matching lower-cased text: its letters lowered, its escapes (``\\W``, ``\\b``) kept
    (a lower-cased text read without IGNORECASE is read a third faster). Each character is lowered
    as on its own; the runs between escapes are lowered at once (a loop of one step a character
    took 25 ms at import over refusals' 20,000-character pattern)."""
    return "".join(piece if piece[0] == "\\" else _lowered_run(piece) for piece in _PIECES.findall(pattern))


_PIECES = re.compile(r"\\[\s\S]?|[^\\]+")  # an escape (a backslash and what follows it), or a run of no backslash


def _lowered_run(text: str) -> str:
    """``text`` with each character lowered as on its own: a run lowers a capital sigma by its
    place in a word (a final one to "\u03c2"), one character alone never does."""
    return text.lower() if "\u03a3" not in text else "".join(c.lower() for c in text)
