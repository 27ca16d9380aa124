"""An alternation of reply phrases is the same text in every process (no unseeded order): ``reply_clauses.words`` sorted a
set, whose order follows the per-process string hash seed, so the reply readers' patterns were another text in each
process (the matches were the same: equal-length phrases on word boundaries never match at one place). Found by the
round-17 speed pass (its patterns never hit a cache keyed by their text)."""

from __future__ import annotations

import os
import subprocess
import sys

from tau_shaped.reward.reading.reply_clauses import words

_CODE = ("from tau_shaped.reward.reading.reply_clauses import words;"
         "print(words('nope', 'nah', 'yes', 'yep', 'sure', 'okay', 'ok', 'no'))")


def test_ties_keep_the_order_given() -> None:
    assert words("yes", "nah", "yep").startswith(r"(?<![\w'])(?:yes|nah|yep)")
    assert words("ok", "okay", "no") == words("ok", "okay", "no", "ok")  # a repeat adds nothing


def test_the_same_text_under_every_hash_seed() -> None:
    texts = set()
    for seed in ("1", "2", "3", "4"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        texts.add(subprocess.run([sys.executable, "-c", _CODE], env=env, capture_output=True, text=True, check=True).stdout)
    assert len(texts) == 1, texts
