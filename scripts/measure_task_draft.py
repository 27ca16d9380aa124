"""How much of a hand-written task spec ``tau-shaped tasks draft`` reproduces (issue 45).

For each task of a domain's split (default: food delivery's test split), the task's
``reward_overrides`` are drafted from its ground truth (``tau_shaped.tasks.task_draft``) and
compared with the ones its author wrote:

- equivalence classes: the same ``field_path``, ``candidate_set_path`` and ``linked_paths``;
- monetary identities: an identity of the draft whose components select the same ledger entries
  (probed on a ledger holding one entry of each kind, so ``[?type!=apology]`` and the three
  kinds it stands for agree), with the same disputed amount and cap; and, stricter, the same
  ``owns`` too; ``owns`` paths are also counted one by one;
- checkpoints: a drafted checkpoint with the same predicate (``any``/``all`` in any order);
  looser, the same once a tool predicate's ``args`` are left out; and the same weight.

A reviewer's work is counted as edits: each hand-written part the draft misses or gets wrong
(to add or fix), each drafted part the author did not write (to delete, or keep), each weight to
change. The time estimate prices them (``--minutes-*``, stated with the figures). With
``--check`` (default) each drafted task is also put through ``tasks check`` as it is.

    python scripts/measure_task_draft.py                  # food_delivery test split
    python scripts/measure_task_draft.py --task fd-cap-3 --no-check
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from typing import Any, Dict, List, Optional, Sequence, Tuple

from tau_shaped.reward.paths import select_values
from tau_shaped.tasks.domains import load_domain
from tau_shaped.tasks.task_draft import draft_overrides, drafted_task

PROBE_KINDS = ("refund", "credit", "apology", "replacement")  # the food-delivery ledger's entry types


def _norm(pred: Any) -> Any:
    """A predicate with its ``any``/``all`` lists in a fixed order and descriptions dropped."""
    if isinstance(pred, dict):
        out = {k: _norm(v) for k, v in pred.items() if k != "description"}
        for key in ("any", "all"):
            if isinstance(out.get(key), list):
                out[key] = sorted(out[key], key=lambda p: json.dumps(p, sort_keys=True))
        return out
    if isinstance(pred, list):
        return [_norm(p) for p in pred]
    return pred


def _no_args(pred: Any) -> Any:
    if isinstance(pred, dict):
        return {k: _no_args(v) for k, v in pred.items() if not (k == "args" and "tool" in pred)}
    if isinstance(pred, list):
        return [_no_args(p) for p in pred]
    return pred


def _as_list(value: Any) -> List[Dict[str, Any]]:
    if value is None:
        return []
    return [value] if isinstance(value, dict) else list(value)


def _order_of(paths: Sequence[str]) -> Optional[str]:
    for path in paths:
        parts = path.split(".")
        if len(parts) > 2 and parts[0] == "orders":
            return parts[1]
    return None


def _probe_sum(components: Sequence[str], order: str) -> Tuple[float, ...]:
    """What the components sum on ledgers of one entry per kind (amounts 1, 2, 4, 8), one kind at a
    time and all together: two component lists that agree here select the same entries."""
    sums = []
    ledgers = [[{"type": k, "amount": 2.0 ** n}] for n, k in enumerate(PROBE_KINDS)]
    ledgers.append([{"type": k, "amount": 2.0 ** n} for n, k in enumerate(PROBE_KINDS)])
    for ledger in ledgers:
        state = {"orders": {order: {"ledger": ledger}}}
        sums.append(math.fsum(float(v) for c in components for v in select_values(state, c)
                              if isinstance(v, (int, float))))
    return tuple(sums)


def _same_identity(hand: Dict[str, Any], draft: Dict[str, Any]) -> bool:
    order = _order_of(hand["components"])
    if order is None or order != _order_of(draft["components"]):
        return sorted(hand["components"]) == sorted(draft["components"])
    return (_probe_sum(hand["components"], order) == _probe_sum(draft["components"], order)
            and abs(hand["disputed_amount"] - draft["disputed_amount"]) <= 0.005
            and (hand.get("cap") is None) == (draft.get("cap") is None)
            and (hand.get("cap") is None or abs(hand["cap"] - draft["cap"]) <= 0.005))


def compare(hand: Dict[str, Any], draft: Dict[str, Any]) -> Dict[str, Any]:
    """Counts of what the draft reproduces of one task's hand-written overrides."""
    out: Dict[str, Any] = {}
    key = lambda c: (c["field_path"], c["candidate_set_path"], tuple(sorted(c.get("linked_paths", []))))  # noqa: E731
    hand_cls = {key(c) for c in _as_list(hand.get("equivalence_class"))}
    draft_cls = {key(c) for c in _as_list(draft.get("equivalence_class"))}
    out["classes"] = (len(hand_cls & draft_cls), len(hand_cls), len(draft_cls - hand_cls))

    hand_ids, draft_ids = _as_list(hand.get("monetary_identity")), _as_list(draft.get("monetary_identity"))
    matched = exact = owns_hit = owns_total = 0
    used: set = set()
    for h in hand_ids:
        owns_total += len(h.get("owns", []))
        found = next((n for n, d in enumerate(draft_ids) if n not in used and _same_identity(h, d)), None)
        if found is None:
            continue
        used.add(found)
        matched += 1
        d = draft_ids[found]
        owns_hit += len(set(h.get("owns", [])) & set(d.get("owns", [])))
        exact += sorted(h.get("owns", [])) == sorted(d.get("owns", []))
    out["identities"] = (matched, len(hand_ids), len(draft_ids) - len(used))
    out["identities_exact"] = (exact, len(hand_ids))
    out["owns"] = (owns_hit, owns_total)

    hand_cp, draft_cp = _as_list(hand.get("process_checkpoints")), _as_list(draft.get("process_checkpoints"))
    same = loose = weight = 0
    taken: set = set()
    for h in hand_cp:
        n = next((n for n, d in enumerate(draft_cp) if n not in taken and _norm(d["when"]) == _norm(h["when"])), None)
        if n is None:
            n = next((n for n, d in enumerate(draft_cp)
                      if n not in taken and _no_args(_norm(d["when"])) == _no_args(_norm(h["when"]))), None)
            if n is None:
                continue
        else:
            same += 1
        loose += 1
        taken.add(n)
        weight += abs(draft_cp[n]["weight"] - h["weight"]) < 1e-9
    out["checkpoints"] = (same, len(hand_cp), len(draft_cp) - len(taken))
    out["checkpoints_loose"] = (loose, len(hand_cp))
    out["weights"] = (weight, loose)
    # a reviewer's edits: add or fix what is missed, delete what is extra, fix a weight, an args detail
    out["edits"] = {
        "add_or_fix": (out["classes"][1] - out["classes"][0]) + (len(hand_ids) - matched)
        + (len(hand_cp) - loose),
        "owns_paths": (owns_total - owns_hit) if matched else 0,
        "args": loose - same,
        "delete": out["classes"][2] + out["identities"][2] + out["checkpoints"][2],
        "weights": loose - weight,
    }
    return out


def _share(pairs: Sequence[Tuple[int, int]]) -> str:
    got, total = sum(p[0] for p in pairs), sum(p[1] for p in pairs)
    return f"{got}/{total} ({100.0 * got / total:.0f}%)" if total else "0/0"


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--env", default="food_delivery")
    parser.add_argument("--split", default="test")
    parser.add_argument("--task", action="append", default=[], help="Only these task ids (repeated).")
    parser.add_argument("--check", action=argparse.BooleanOptionalAction, default=True,
                        help="Put each drafted task through tasks check as it is.")
    parser.add_argument("--lines", type=int, default=6, help="Per-task lines to print (0: none, -1: all).")
    parser.add_argument("--minutes-read", type=float, default=1.0, help="Reading a draft and running tasks check.")
    parser.add_argument("--minutes-add", type=float, default=2.0, help="Adding or rewriting one part.")
    parser.add_argument("--minutes-small", type=float, default=0.25, help="A deletion, weight, args or owns path.")
    args = parser.parse_args(argv)

    domain = load_domain(args.env)
    tasks = [t for t in domain.tasks(args.split) if not args.task or t.id in args.task]
    env = domain.make_env(tasks=tasks, task_index=0)
    from tau_shaped.tasks.check import check_task

    rows = []
    started = time.perf_counter()
    for task in tasks:
        hand = task.reward_overrides.model_dump(mode="json", exclude_defaults=True)
        draft = draft_overrides(env, task, perturb=False)
        row = compare(hand, draft.overrides)
        row["id"] = task.id
        if args.check:
            drafted = type(task).model_validate(drafted_task(task, draft))
            row["check"] = check_task(env, drafted)
        rows.append(row)
    elapsed = time.perf_counter() - started

    print(f"{args.env} {args.split}: {len(rows)} task(s) drafted in {elapsed:.1f} s "
          f"({elapsed / max(1, len(rows)):.2f} s a task, checks included)" if args.check else
          f"{args.env} {args.split}: {len(rows)} task(s) drafted in {elapsed:.1f} s")
    print(f"equivalence classes reproduced:       {_share([r['classes'][:2] for r in rows])}"
          f"   extra drafted: {sum(r['classes'][2] for r in rows)}")
    print(f"monetary identities reproduced:       {_share([r['identities'][:2] for r in rows])} "
          f"(same entries, amount and cap)   extra drafted: {sum(r['identities'][2] for r in rows)}")
    print(f"  ... with the same owns too:         {_share([r['identities_exact'] for r in rows])}")
    print(f"  owns paths reproduced:              {_share([r['owns'] for r in rows])}")
    print(f"checkpoints reproduced (predicate):   {_share([r['checkpoints'][:2] for r in rows])}"
          f"   extra drafted: {sum(r['checkpoints'][2] for r in rows)}")
    print(f"  ... tool args aside:                {_share([r['checkpoints_loose'] for r in rows])}")
    print(f"  ... of those, the same weight:      {_share([r['weights'] for r in rows])}")
    if args.check:
        passed = [r for r in rows if r["check"].ok]
        print(f"drafted tasks passing tasks check as they are: {len(passed)}/{len(rows)}")
    edits = {k: sum(r["edits"][k] for r in rows) for k in rows[0]["edits"]} if rows else {}
    small = edits.get("delete", 0) + edits.get("weights", 0) + edits.get("args", 0) + edits.get("owns_paths", 0)
    minutes = [args.minutes_read + args.minutes_add * r["edits"]["add_or_fix"]
               + args.minutes_small * (r["edits"]["delete"] + r["edits"]["weights"] + r["edits"]["args"] + r["edits"]["owns_paths"])
               for r in rows]
    if rows:
        print(f"review edits over {len(rows)} drafts: {edits['add_or_fix']} parts to add or fix, {edits['delete']} to delete "
              f"(or keep), {edits['weights']} weights, {edits['args']} tool args, {edits['owns_paths']} owns paths; "
              f"{small / len(rows) + edits['add_or_fix'] / len(rows):.1f} edits a draft")
        ordered = sorted(minutes)
        print(f"estimated review time a draft: mean {sum(minutes) / len(minutes):.1f} min, median "
              f"{ordered[len(ordered) // 2]:.1f}, max {ordered[-1]:.1f} (read {args.minutes_read:g} min, "
              f"{args.minutes_add:g} min a part to add or fix, {args.minutes_small:g} min a small edit)")
    shown = rows if args.lines < 0 else rows[::max(1, len(rows) // max(1, args.lines))][:args.lines] if args.lines else []
    for r in shown:
        c, i, p = r["classes"], r["identities"], r["checkpoints"]
        check = "" if "check" not in r else ("  check ok" if r["check"].ok else f"  check: {r['check'].problems[0][:90]}")
        print(f"  {r['id']:<22} classes {c[0]}/{c[1]}+{c[2]}  identities {i[0]}/{i[1]}+{i[2]}  "
              f"checkpoints {p[0]}/{p[1]}+{p[2]}  edits {sum(r['edits'].values())}{check}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
