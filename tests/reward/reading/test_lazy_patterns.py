"""lazy_patterns: a pattern compiled on first use matches as ``re.compile`` of it does; the checks'
import makes module-level patterns under tau_shaped.reward lazy, and compile_pending compiles them
(a process about to fork); copies stay patterns."""

from __future__ import annotations

import copy
import pickle
import re
import sys
import types

from tau_shaped.reward.reading import lazy_patterns
from tau_shaped.reward.reading.lazy_patterns import LazyPattern, compile_pending, compiled_lazily, lazy

PATTERNS = [(r"(?i)\bcard\b[^.\n]{0,30}?(\d{4})\b", 0), (r"[^\W_]+", 0), (r"(a)(?P<b>b)?", re.IGNORECASE),
            (r"^\s*(\w+)$", re.MULTILINE)]
TEXTS = ["", "Card ending 4876.", "ab AB a_b", "  one\ntwo  \n three", "the card 1234 and the CARD 5678", "é ß ǅ 4876"]


def test_a_lazy_pattern_matches_as_the_compiled_one():
    for pattern, flags in PATTERNS:
        made, compiled = lazy(pattern, flags), re.compile(pattern, flags)
        assert made.pattern == pattern
        for text in TEXTS:
            assert [m.span() for m in made.finditer(text)] == [m.span() for m in compiled.finditer(text)]
            assert made.findall(text) == compiled.findall(text)
            assert made.sub("-", text) == compiled.sub("-", text) and made.split(text) == compiled.split(text)
            assert (made.search(text) or made.match(text)) is None or made.search(text).group(0) == compiled.search(text).group(0)
            assert bool(made.fullmatch(text)) == bool(compiled.fullmatch(text))
        assert (made.flags, made.groups, made.groupindex) == (compiled.flags, compiled.groups, compiled.groupindex)


def test_copies_are_the_same_pattern():
    for compiled_first in (False, True):
        made = lazy(r"a(b)", re.IGNORECASE)
        if compiled_first:
            made.search("")
        for other in (pickle.loads(pickle.dumps(made)), copy.copy(made), copy.deepcopy(made)):
            assert isinstance(other, LazyPattern) and other.pattern == "a(b)" and other.search("xAB").group(1) == "B"
    assert not hasattr(lazy("x"), "__len__") and not hasattr(lazy("x"), "no_such_attribute")


def _module_compiling(name: str) -> types.ModuleType:
    module = types.ModuleType(name)
    exec(compile("import re\nHERE = re.compile(r'\\d+')\ndef later():\n    return re.compile(r'\\w+')\n", name, "exec"),
         module.__dict__)
    return module


def test_only_module_level_code_under_the_prefix_is_made_lazy_and_compile_pending_compiles_it():
    with compiled_lazily("tau_shaped.reward."):
        inside = _module_compiling("tau_shaped.reward.reading._lazy_test")
        outside = _module_compiling("elsewhere._lazy_test")
        assert isinstance(inside.later(), re.Pattern)  # not module-level code
    assert re.compile is lazy_patterns._COMPILE
    assert isinstance(inside.HERE, LazyPattern) and isinstance(outside.HERE, re.Pattern)
    assert any(p is inside.HERE for p in lazy_patterns._PENDING)  # not compiled yet
    compile_pending()
    assert not lazy_patterns._PENDING
    assert inside.HERE.search("ab 12").group(0) == "12"


def test_the_checks_import_restores_re_compile():
    import tau_shaped.reward.checks  # noqa: F401

    assert re.compile is lazy_patterns._COMPILE and "tau_shaped.reward.checks" in sys.modules


def test_compiled_lazily_nested_restores_what_it_found():
    with compiled_lazily("tau_shaped.reward."):
        outer = re.compile
        with compiled_lazily("tau_shaped.reward."):
            assert re.compile is not outer
        assert re.compile is outer  # the outer module's code still compiles lazily
    assert re.compile is lazy_patterns._COMPILE


def test_a_module_imported_after_the_checks_has_lazy_module_patterns(tmp_path, monkeypatch):
    """``lazy_imports``: a module under the prefix imported later (a reader the checks import on
    first use) makes its module-level patterns lazy; one elsewhere compiles them; both match alike."""
    import importlib

    import tau_shaped.reward.checks  # noqa: F401 - installs the finder

    package = tmp_path / "tau_shaped" / "reward" / "lazy_probe_pkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    body = "import re\nHERE = re.compile(r'(\\d+)-(\\d+)')\ndef later():\n    return re.compile(r'\\w+')\n"
    (package / "inner.py").write_text(body)
    (tmp_path / "elsewhere_lazy_probe.py").write_text(body)
    reward = importlib.import_module("tau_shaped.reward")
    monkeypatch.setattr(reward, "__path__", list(reward.__path__) + [str(tmp_path / "tau_shaped" / "reward")])
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        inside = importlib.import_module("tau_shaped.reward.lazy_probe_pkg.inner")
        outside = importlib.import_module("elsewhere_lazy_probe")
        assert isinstance(inside.HERE, LazyPattern) and isinstance(outside.HERE, re.Pattern)
        assert isinstance(inside.later(), re.Pattern) and re.compile is lazy_patterns._COMPILE
        assert inside.HERE.search("a 12-34").groups() == outside.HERE.search("a 12-34").groups() == ("12", "34")
    finally:
        for name in ("tau_shaped.reward.lazy_probe_pkg.inner", "tau_shaped.reward.lazy_probe_pkg", "elsewhere_lazy_probe"):
            sys.modules.pop(name, None)


def test_a_pattern_made_is_read_without_the_first_use_hook_and_still_a_lazy_pattern():
    made = lazy(r"(\d+)")
    assert type(made) is not LazyPattern and isinstance(made, LazyPattern)  # pending: the hook compiles
    assert made.search("a 12").group(1) == "12"
    assert type(made) is LazyPattern and not hasattr(type(made), "__getattr__")  # made: plain slots
    assert made.findall("1 22") == ["1", "22"] and made.pattern == r"(\d+)" and "no_such" not in dir(made)
    direct = LazyPattern(r"x", re.IGNORECASE)  # made directly, as compiled_lazily and copies make them
    assert isinstance(direct, LazyPattern) and direct.search("X") is not None and type(direct) is LazyPattern
    assert type(pickle.loads(pickle.dumps(made))) is not LazyPattern  # a copy is lazy again
    for name in ("no_such_attribute", "__len__"):
        assert not hasattr(lazy("y"), name)


def _lowered_one_by_one(pattern):
    """``lowered`` as it was written first: a character at a time, an escape (a backslash and the
    character after it, or a last lone backslash) kept."""
    out, i = [], 0
    while i < len(pattern):
        step = 2 if pattern[i] == "\\" else 1
        out.append(pattern[i:i + step] if step == 2 else pattern[i].lower())
        i += step
    return "".join(out)


def test_lowered_is_the_pattern_lowered_a_character_at_a_time():
    import random

    from tau_shaped.reward.reading.lazy_patterns import lowered

    draw = random.Random(41)
    alphabet = "aZ\\\\\\bWsDΣσςİKÉ\n( )|?[]-"
    cases = ["", "\\", "\\\\", "\\\\W", "A\\B\\", "ΟΔΟΣ ΣΑΣ", "\\Σ Σ", "(?:CARD|Wallet)\\b"]
    cases += ["".join(draw.choice(alphabet) for _ in range(draw.randrange(0, 14))) for _ in range(20000)]
    for pattern in cases:
        assert lowered(pattern) == _lowered_one_by_one(pattern), pattern
    from tau_shaped.reward.reading import refusals

    assert refusals._DENIAL.pattern == _lowered_one_by_one("|".join(p for _, p in refusals._PARTS))
