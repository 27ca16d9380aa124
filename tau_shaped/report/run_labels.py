"""Run labels that tell results files apart, never cut to equality (the terminal tables of
``compare`` and the HTML report use the same)."""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from pathlib import Path
from typing import List, Sequence

ELLIPSIS = "…"
# a run of text all the names share is elided only when it is longer than this
_ELIDE_OVER = 6
_TOKENS = re.compile(r"[^-_. /]+|[-_. /]+")


def _tokens(name: str) -> List[str]:
    return _TOKENS.findall(name)


def _shared(token_lists: Sequence[List[str]]) -> List[str]:
    """The tokens every name has, in order (a common subsequence, pairwise refined)."""
    common = list(token_lists[0])
    for tokens in token_lists[1:]:
        blocks = SequenceMatcher(None, common, tokens, autojunk=False).get_matching_blocks()
        common = [tok for b in blocks for tok in common[b.a:b.a + b.size]]
    return common


def _elide(tokens: List[str], common: List[str]) -> str:
    """The name with each run of tokens it shares with every other name replaced by an ellipsis;
    empty when nothing of it is its own."""
    shared = [False] * len(tokens)
    for b in SequenceMatcher(None, tokens, common, autojunk=False).get_matching_blocks():
        for i in range(b.a, b.a + b.size):
            shared[i] = True
    if all(shared):
        return ""
    out: List[str] = []
    run: List[str] = []
    for token, is_shared in zip(tokens + [""], shared + [False]):
        if is_shared:
            run.append(token)
            continue
        text = "".join(run)
        out.append(ELLIPSIS if len(text) > _ELIDE_OVER else text)
        run = []
        out.append(token)
    return "".join(out)


def file_stem(path: Path) -> str:
    return path.name.rsplit(".", 1)[0] if "." in path.name.lstrip(".") else path.name


def _tail(path: Path, parts: int) -> str:
    return "/".join(path.parts[-parts:-1] + (file_stem(path),))


def run_labels(paths: Sequence[Path]) -> List[str]:
    """Short names that tell the runs apart, never cut to equality: the file names (without the
    extension) with what every name shares elided, e.g. ``…1123103000`` and ``…1123103512``;
    the extension when only it differs; the parent folders when the names are the same."""
    paths = [Path(p) for p in paths]
    stems = [file_stem(p) for p in paths]
    if len(paths) < 2:
        return stems
    for names in (stems, [p.name for p in paths]):
        if len(set(names)) == len(names):
            token_lists = [_tokens(n) for n in names]
            common = _shared(token_lists)
            labels = [_elide(t, common) for t in token_lists]
            if all(labels) and len(set(labels)) == len(labels):
                return labels
            return names
    depth = max(len(p.parts) for p in paths)
    for parts in range(2, depth + 1):
        names = [_tail(p, parts) for p in paths]
        if len(set(names)) == len(names):
            return names
    # the same file more than once: number the repeats
    seen: dict = {}
    out = []
    for name in stems:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name} ({seen[name]})")
    if len(set(out)) < len(out):  # a name that looks numbered already: number every run
        out = [f"{n}. {name}" for n, name in enumerate(stems, 1)]
    return out
