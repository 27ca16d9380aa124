"""How the readers of words generalize (issue 41 item 7): the generated set, in full.

For each domain (food delivery, tau2), every reader's templates (written from the policy text)
put through meaning-preserving and meaning-changing operators, labels by construction, each case
judged end to end by the check kind of the rule that owns the reader. Prints per reader: cases,
agreement, precision and recall of breaches, false passes (a breach or an undecided reply scored
as fine), false fails, undetermined verdicts, and example failures grouped by template and
operators (shortest first): each group is a class to fix, not a phrase to add.

    python scripts/reading_generalization.py                 # the full set (>= 5,000 cases per domain)
    python scripts/reading_generalization.py --scale 0.1     # a tenth of it
    python scripts/reading_generalization.py --search 2000   # and a mutation search for verdict flips
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.reward.reading.generated.runner import failure_classes, search, tally  # noqa: E402
from tests.reward.reading.generated.suite import READERS, SAFETY, generate  # noqa: E402


def main(argv: list | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--scale", type=float, default=1.0, help="fraction of the full set (1.0: >= 5,000 cases per domain)")
    ap.add_argument("--domain", choices=sorted(READERS), action="append", help="only these domains (repeatable)")
    ap.add_argument("--reader", action="append", default=[], help="only these readers (repeatable)")
    ap.add_argument("--examples", type=int, default=8, help="failure classes shown per reader")
    ap.add_argument("--search", type=int, default=0, metavar="N", help="mutants tried by the flip search, per domain")
    args = ap.parse_args(argv)

    safety_false_passes = 0
    for domain in args.domain or sorted(READERS):
        start = time.time()
        cases = generate(domain, args.seed, args.scale, tuple(args.reader))
        made = time.time() - start
        results = tally(cases)
        took = time.time() - start
        print(f"\n=== {domain}: {len(cases)} cases (generated in {made:.1f}s, judged in {took - made:.1f}s)")
        print(f"{'reader':<15}{'cases':>7}{'agree%':>9}{'prec':>7}{'recall':>8}{'false pass':>12}{'false fail':>12}{'undet':>7}")
        for (_, reader), t in sorted(results.items()):
            print(f"{reader:<15}{t.cases:>7}{100 * t.agreement:>9.2f}{t.precision:>7.3f}{t.recall:>8.3f}"
                  f"{t.false_pass:>12}{t.false_fail:>12}{t.undetermined:>7}")
            if reader in SAFETY:
                safety_false_passes += t.false_pass
        for (_, reader), t in sorted(results.items()):
            if not t.failures:
                continue
            groups = failure_classes(t)
            print(f"\n--- {domain} / {reader}: {len(t.failures)} failures in {len(groups)} classes "
                  f"(template | operators | label vs verdict), shortest example first")
            for key, examples in list(groups.items())[: args.examples]:
                count = sum(1 for c, g in t.failures
                            if f"{c.draft.template} | {'+'.join(c.draft.ops) or 'template'} | want {c.label}, got {g}" == key)
                print(f"  [{count}] {key}")
                for case, _ in examples[:1]:
                    print(f"      {case.text!r}")
                    if case.draft.context.get("agent_text"):
                        print(f"      (answering {case.draft.context['agent_text']!r})")
        if args.search:
            flips = search(cases, args.search, args.seed)
            print(f"\n--- {domain}: mutation search, {args.search} mutants of correctly judged cases: {len(flips)} flips")
            for base, text, want, got in flips[: args.examples * 3]:
                print(f"  [{base.reader}] {want} -> {got}\n      original: {base.text!r}\n      mutated:  {text!r}")
    print(f"\nsafety false passes (offers, disclosures, fraud flag): {safety_false_passes}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
