"""Latency of the single-turn verifiers (issue 6: median under 50 ms, code execution aside).

    python scripts/bench_single_turn.py [--rounds 30]

Each verifier is warmed once (imports, the math worker's start), then timed
over every case of a small mixed set, ``rounds`` times. Prints the median and
the 95th percentile per verifier and the median's share of the 50 ms budget;
the code-execution verifier is timed too (one child process per test case),
for reference.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable, List, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tau_shaped.verifiers.single_turn.format_verifier import FormatVerifier  # noqa: E402
from tau_shaped.verifiers.single_turn.knowledge_base import Entry, KnowledgeBase, KnowledgeBaseVerifier  # noqa: E402
from tau_shaped.verifiers.single_turn.math_verifier import MathVerifier  # noqa: E402

BUDGET_S = 0.050

MATH_TEMPLATES = [  # {k} varies per round, so no parse is served from a cache
    ("{k}/2", r"The answer is \boxed{{\frac{{{k}}}{{2}}}}"),
    ("2x+{k2}", "Answer: 2(x+{k})"),
    (r"(-\infty, {k}]", r"\boxed{{(-\infty, {k}]}}"),
    ("x = {k} or x = -1", "The solutions are x = {k} and x = -1"),
    ("{k}234", "The total is {k},234 dollars."),
    (r"\sqrt{{{kk}}}/2", r"\boxed{{\frac{{{k}}}{{\sqrt{{2}}}}}}"),
]


def math_cases(rounds: int) -> List[Tuple[Any, Any]]:
    return [
        (ref.format(k=k, k2=2 * k, kk=2 * k * k), resp.format(k=k, k2=2 * k, kk=2 * k * k))
        for k in range(1, rounds + 1)
        for ref, resp in MATH_TEMPLATES
    ]


KB = KnowledgeBase([
    Entry(id="fr", question="What is the capital of France?", answer="Paris"),
    Entry(id="ps", question="What does photosynthesis produce?", answer="glucose and oxygen", key_terms=["glucose", "oxygen"]),
])
FORMAT = [
    ({"format": "json", "schema": {"type": "object", "required": ["a"], "properties": {"a": {"type": "integer"}}}}, '{"a": 1}'),
    ({"format": "xml", "root": "a"}, "<a><b>1</b></a>"),
    ({"format": "csv", "columns": ["x", "y"]}, "x,y\n1,2\n3,4"),
    ({"format": "email"}, "ada@example.com"),
]


def timed(cases: List[Tuple[Any, Any]], call: Callable[[Any, Any], Any], rounds: int) -> List[float]:
    call(*cases[0])  # warm up: imports, the worker's start
    out = []
    for _ in range(rounds):
        for prompt, response in cases:
            start = time.perf_counter()
            score = call(prompt, response)
            out.append(time.perf_counter() - start)
            if score != 1.0:  # every case is a correct answer: a wrong verdict voids the figure
                raise SystemExit(f"wrong verdict {score} for {prompt!r} / {response!r}")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    math = MathVerifier()
    rows = [
        ("math (worker process)", timed(math_cases(args.rounds), math.verify, 1)),
        ("math (in process)", timed(math_cases(args.rounds)[::-1], MathVerifier(isolate=False).verify, 1)),
        ("knowledge base", timed([({"id": "fr"}, "It is Paris."), ({"id": "ps"}, "oxygen and glucose")], KnowledgeBaseVerifier(KB).verify, args.rounds)),
        ("format", timed(FORMAT, FormatVerifier().verify, args.rounds)),
    ]
    try:
        from tau_shaped.verifiers.single_turn.code_verifier import CodeVerifier

        code = [({"tests": [{"input": "2\n", "output": "4"}]}, "```python\nprint(int(input()) * 2)\n```")]
        rows.append(("code execution (reference only)", timed(code, CodeVerifier().verify, max(3, args.rounds // 6))))
    except ImportError:
        pass
    math.close()
    print(f"{'verifier':<34}{'calls':>7}{'median ms':>12}{'p95 ms':>10}{'of 50 ms':>10}")
    for name, durations in rows:
        median = statistics.median(durations)
        p95 = sorted(durations)[int(0.95 * (len(durations) - 1))]
        print(f"{name:<34}{len(durations):>7}{median * 1000:>12.3f}{p95 * 1000:>10.3f}{median / BUDGET_S:>10.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
