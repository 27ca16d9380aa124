"""Ground truths on disk, so that a second process starts warm (issue 20).

Opt-in: ``TAU_SHAPED_GT_CACHE=<dir>`` (or ``GroundTruthStore(dir)``). A ground truth is kept
as what its replay changed in S0 (records written, added, deleted; top-level values), its
failed steps and Sg's legacy hash (tau-bench's ``gt_data_hash``, so a warm process never
hashes Sg), one JSON file per key. The key is the SHA-256 of everything the replay
depends on: the code (tau-shaped's own source and that of the packages the domain's tools
come from), S0 (its pickle's digest), the task's ground-truth actions, the seed and the
tools that end an episode. A ground truth whose values would not come back from JSON exactly
(a tuple, a non-string key) is not kept; a file that cannot be read is a miss. Tools patched
in memory are not code on disk: a cache is for scoring, not for tests that patch tools.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import re
import sys
import threading
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

from tau_shaped.env.hashing import strictly_equal
from tau_shaped.env.identity_cache import IdentityCache
from tau_shaped.env.overlay import Overlay

ENV_VAR = "TAU_SHAPED_GT_CACHE"
FORMAT = 2  # 2: each failed step whose tool's code raised keeps its error (code_errors)
MAX_FILE_BYTES = 64 * 1024 * 1024
_PACKAGE_DIR = Path(__file__).resolve().parents[1]
_lock = threading.Lock()
_code_prints: Dict[Tuple[str, ...], str] = {}
_world_prints: "IdentityCache[str]" = IdentityCache(64)  # by S0
_HASH = re.compile(r"[0-9a-f]{64}")  # tau-bench's data hash: SHA-256, hex


def _source_digest(roots: Sequence[str]) -> str:
    digest = hashlib.sha256()
    for root in roots:
        for path in sorted(Path(root).rglob("*")):
            if path.suffix in (".py", ".json") and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(root)).encode("utf-8"))
                digest.update(path.read_bytes())
    return digest.hexdigest()


def _tool_roots(tools_map: Any) -> Tuple[str, ...]:
    """The top-level package directories the domain's tools are defined in."""
    roots = set()
    for tool in (tools_map.values() if hasattr(tools_map, "values") else tools_map):
        for obj in (tool, getattr(tool, "func", None), getattr(tool, "function", None), type(tool)):
            module = sys.modules.get(getattr(obj, "__module__", "") or "")
            path = getattr(module, "__file__", None)
            if not path:
                continue
            top = sys.modules.get(module.__name__.split(".")[0])
            top_file = getattr(top, "__file__", None)
            roots.add(str(Path(top_file).parent if top_file and top_file.endswith("__init__.py") else Path(path).parent))
    return tuple(sorted(roots))


def code_print(tools_map: Any) -> str:
    """The digest of tau-shaped's source and of the packages the tools come from."""
    roots = tuple(sorted({str(_PACKAGE_DIR), *_tool_roots(tools_map)}))
    with _lock:
        if roots not in _code_prints:
            _code_prints[roots] = _source_digest(roots)
        return _code_prints[roots]


def world_print(base: Dict[str, Any]) -> str:
    """The digest of a frozen S0 (computed once per process)."""
    return _world_prints.get_or_make(base, lambda: hashlib.sha256(pickle.dumps(base, pickle.HIGHEST_PROTOCOL)).hexdigest())


def _exact(value: Any) -> bool:
    """Whether JSON gives ``value`` back exactly: the same types and values all the way down
    (JSON keeps key order; tuples, sets, non-string keys and the like do not come back)."""
    try:
        return strictly_equal(json.loads(json.dumps(value)), value)
    except (TypeError, ValueError, RecursionError):
        return False


class GroundTruthStore:
    """A folder of ground truths, one JSON file per key."""

    def __init__(self, root: "os.PathLike[str] | str") -> None:
        self.root = Path(root)
        self.loaded = 0
        self.saved = 0

    @classmethod
    def from_env(cls) -> Optional["GroundTruthStore"]:
        root = os.environ.get(ENV_VAR)
        return cls(root) if root else None

    def key(self, task_print: str, seed: int, base: Dict[str, Any], tools_map: Any, skip: Iterable[str]) -> str:
        parts = [FORMAT, code_print(tools_map), world_print(base), task_print, seed, sorted(skip)]
        return hashlib.sha256(json.dumps(parts).encode("utf-8")).hexdigest()

    def _path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.json"

    def load(self, key: str, base: Dict[str, Any]
             ) -> Optional[Tuple[Overlay, List[Tuple[int, str, str]], Optional[str], Dict[int, str]]]:
        """The ground truth's overlay over ``base``, its failed steps, Sg's legacy hash (None
        when the file has none) and the failed steps whose tool's code raised, with the error
        (``Step.code_error``), or None (a miss)."""
        path = self._path(key)
        try:
            if path.stat().st_size > MAX_FILE_BYTES:
                return None
            stored = json.loads(path.read_text(encoding="utf-8"))
            overlay = Overlay(base)
            data = overlay.data
            for name, record, value in stored["records"]:
                data[name][record] = value
            for name, record in stored["deleted"]:
                del data[name][record]
            for name, value in stored["top"]:
                data[name] = value
            for name in stored["top_deleted"]:
                del data[name]
            failed = [(int(i), str(tool), str(obs)) for i, tool, obs in stored["failed_steps"]]
            raised = {int(i): str(error) for i, error in stored["code_errors"]}
            data_hash = stored.get("data_hash")
            if data_hash is not None and not (isinstance(data_hash, str) and _HASH.fullmatch(data_hash)):
                return None
        except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
            return None  # absent, cut short or not ours: replay instead
        self.loaded += 1
        return overlay, failed, data_hash, raised

    def save(self, key: str, overlay: Overlay, failed: Sequence[Tuple[int, str, str]],
             data_hash: Optional[str] = None, code_errors: Optional[Dict[int, str]] = None) -> bool:
        """Keep a ground truth (with Sg's legacy hash, when given: a process that loads it never
        hashes Sg; with the errors of its steps whose tool's code raised); False (nothing
        written) when it would not come back exactly."""
        base, data = overlay.base, overlay.data
        stored: Dict[str, Any] = {"records": [], "deleted": [], "top": [], "top_deleted": [],
                                  "failed_steps": [list(f) for f in failed],
                                  "code_errors": [[i, error] for i, error in sorted((code_errors or {}).items())]}
        if data_hash is not None:
            stored["data_hash"] = data_hash
        for name in list(data) + [k for k in base if k not in data]:
            if not isinstance(name, str):
                return False
            value = data.get(name)
            if name in data and getattr(value, "base", None) is base.get(name) and hasattr(value, "touched"):
                touched = value.touched
                if not all(isinstance(record, str) for record in touched):
                    return False
                kept = [k for k in dict.keys(value.base) if dict.__contains__(value, k)]
                added = [k for k in dict.keys(value) if k not in value.base]
                if list(dict.keys(value)) != kept + added:
                    return False  # a record removed and put back moved: loading would not restore the order
                for record in [k for k in dict.keys(value) if k in touched] + sorted(touched - dict.keys(value)):
                    if dict.__contains__(value, record):
                        current = dict.__getitem__(value, record)
                        if record in value.base and strictly_equal(current, value.base[record]):
                            continue  # only read
                        stored["records"].append([name, record, current])
                    elif record in value.base:
                        stored["deleted"].append([name, record])
            elif name not in data:
                stored["top_deleted"].append(name)
            elif name not in base or not strictly_equal(value, base[name]):
                stored["top"].append([name, value])
        order = [k for k in base if k in data] + [k for k in data if k not in base]
        if list(data) != order:
            return False
        values = [v for _, _, v in stored["records"]] + [v for _, v in stored["top"]]
        if not all(_exact(v) for v in values):
            return False
        path = self._path(key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            temp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}")
            temp.write_text(json.dumps(stored, ensure_ascii=False), encoding="utf-8")
            os.replace(temp, path)
        except (OSError, TypeError, ValueError):
            return False
        self.saved += 1
        return True
