"""What the HTML report shows, as plain data: each run's metadata and rates, and each
episode's verdict, its reason, and its conversation step by step with the evidence the
shaped result recorded at each step (gates, policy rules, checkpoints, step rewards); and
each run's audit (``audit.audit_records``: where the file's own reward and the shaped verdict
disagree, by the deciding rule), the one ``tau-shaped audit --json`` gives.

Episodes are kept compact (one copy of each run's system prompt) so that a report of
10,000 episodes stays a file a browser opens in seconds; the page renders one episode
at a time from this data.
"""

from __future__ import annotations

import json
from datetime import datetime
from types import MappingProxyType
from typing import Any, Dict, List, Mapping, Optional, Tuple

from tau_shaped.evaluation.metrics import legacy_success, run_error, shaped_result, shaped_success, task_key
from tau_shaped.evaluation.results_file import read_results
from tau_shaped.report.audit import audit_records
from tau_shaped.report.comparison import FileSummary, disagreement_reason
from tau_shaped.report.noise_floor_view import noise_data
from tau_shaped.report.run_header import NOT_RECORDED, run_header
from tau_shaped.report.state_diff import raw_differences
from tau_shaped.report.verdict_groups import EVERY_CHECK, episode_reason
from tau_shaped.report.verdict_words import explain, rule_sentences, run_env

MAX_TEXT = 4000  # characters of one message or tool result kept in the page

# verdict categories, in the order the report lists them (safety disagreements first)
VERDICTS = {
    "safety": "legacy 1 → shaped 0: safety (a gate fired)",
    "lost": "legacy 1 → shaped 0: outcome (not what the policy asks)",
    "alternative": "legacy 0 → shaped 1: a valid alternative",
    "fail": "both 0",
    "pass": "both 1",
    "undetermined": "undetermined (reward null: the words did not settle a rule)",
    "error": "not scored",
}


def _text(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT] + f"… ({len(text) - MAX_TEXT} more characters)"


def verdict(record: Dict[str, Any]) -> str:
    shaped = shaped_result(record)
    if shaped.get("status") == "undetermined":
        return "undetermined"  # SPEC §8: counted apart, neither a pass nor a fault
    if shaped.get("status") not in (None, "ok"):
        return "error"
    lg, sh = legacy_success(record), shaped_success(record)
    if lg and not sh:
        return "safety" if not shaped.get("safety_passed", True) else "lost"
    if sh and not lg:
        return "alternative"
    return "pass" if lg else "fail"


def _arguments(raw: Any) -> Any:
    if isinstance(raw, str):
        try:
            return json.loads(raw)
        except ValueError:
            return raw
    return raw


def conversation(traj: Any, shaped: Dict[str, Any]) -> Tuple[Optional[str], List[Dict[str, Any]]]:
    """(system prompt, turns): each agent action is a step numbered as the verifier numbers
    them (a tool call or a message to the user), with its reward and what fired there."""
    marks: Dict[int, List[Dict[str, str]]] = {}
    for gate in shaped.get("gate_violations") or []:
        marks.setdefault(gate.get("step"), []).append({"kind": "gate", "id": gate["id"], "text": gate.get("evidence", "")})
    for rule in shaped.get("rule_violations") or []:
        marks.setdefault(rule.get("step"), []).append({"kind": "rule", "id": rule["id"], "text": rule.get("evidence", "")})
    for cp in shaped.get("checkpoints") or []:
        if cp.get("satisfied"):
            marks.setdefault(cp.get("step"), []).append({"kind": "checkpoint", "id": cp["id"], "text": f"+{cp.get('weight', 0):g}"})
    rewards = shaped.get("step_rewards") or []
    system = None
    turns: List[Dict[str, Any]] = []
    results: Dict[str, Dict[str, Any]] = {}
    step = 0

    def agent_step(turn: Dict[str, Any]) -> None:
        nonlocal step
        turn["step"] = step
        turn["reward"] = rewards[step] if step < len(rewards) else None
        turn["marks"] = marks.get(step, [])
        turns.append(turn)
        step += 1

    for message in traj if isinstance(traj, list) else []:
        if not isinstance(message, dict):
            continue
        role = message.get("role")
        if role == "system":
            system = _text(message.get("content") or "")
        elif role == "user":
            turns.append({"role": "user", "text": _text(message.get("content") or "")})
        elif role == "assistant":
            calls = message.get("tool_calls") or []
            if message.get("content") and not calls:
                agent_step({"role": "agent", "text": _text(message["content"])})
            for call in calls:
                fn = (call or {}).get("function") or {}
                turn = {"role": "tool", "name": str(fn.get("name")), "args": _text(_arguments(fn.get("arguments"))), "result": None}
                results[str((call or {}).get("id"))] = turn
                agent_step(turn)
        elif role == "tool":
            turn = results.get(str(message.get("tool_call_id")))
            if turn is not None:
                turn["result"] = _text(message.get("content") or "")
    return system, turns


def reasons_in_words(record: Dict[str, Any], sentences: Mapping[str, str], said: Dict[str, int]) -> List[Dict[str, Any]]:
    """Every reason of the episode's verdict (``verdict_words.explain``): its label, step and
    evidence, and its sentence as a number in ``said`` (each sentence kept once in the page)."""
    out = []
    for reason in explain(record, sentences):
        entry = reason.as_dict()
        entry["evidence"] = _text(entry["evidence"])
        entry["says"] = said.setdefault(reason.says, len(said))
        out.append(entry)
    return out


def episode(record: Dict[str, Any], run: int, number: int, prompts: Dict[str, int],
            sentences: Mapping[str, str] = MappingProxyType({}), said: Optional[Dict[str, int]] = None) -> Dict[str, Any]:
    """One episode as the page and ``view`` show it; ``sentences``: its domain's policy rules'
    (``verdict_words.rule_sentences``); ``said``: the sentences met so far, by number."""
    said = {} if said is None else said
    info = record.get("info") or {}
    shaped = shaped_result(record)
    task = info.get("task") if isinstance(info.get("task"), dict) else {}
    system, turns = conversation(record.get("traj"), shaped)
    kind = verdict(record)
    prompt = None
    if system is not None:
        prompt = prompts.setdefault(system, len(prompts))
    return {
        "n": number, "run": run, "task": task_key(record), "bucket": str(task.get("bucket") or ""), "trial": int(record.get("trial", 0)),
        "legacy": int(legacy_success(record)), "shaped": int(shaped_success(record)), "verdict": kind,
        "why": _why(record, shaped, kind),
        # the reason as compare groups it (ids starred), and every reason in words
        "reason": EVERY_CHECK if kind == "pass" else episode_reason(record), "reasons": reasons_in_words(record, sentences, said),
        "reward": shaped.get("reward"), "outcome": shaped.get("outcome_reward"), "process": shaped.get("process_reward"),
        "safety": shaped.get("safety_passed"), "status": shaped.get("status"), "error": shaped.get("error"),
        "instruction": _text(task.get("instruction") or ""), "prompt": prompt, "turns": turns,
        "gates": shaped.get("gate_violations") or [], "rules": shaped.get("rule_violations") or [],
        "invariants": shaped.get("invariants") or [], "diff": shaped.get("canonical_diff") or [],
        "outputs": shaped.get("output_checks") or [], "checkpoints": shaped.get("checkpoints") or [],
        "classes": shaped.get("equivalence_classes") or [],
    }


def _why(record: Dict[str, Any], shaped: Dict[str, Any], kind: str) -> str:
    if kind == "pass":
        return "every check passed"
    reason = disagreement_reason(record)
    if kind == "alternative":
        held = [f"{i['id']}: {i['total']:.2f} given of {i['disputed_amount']:.2f} disputed"
                for i in shaped.get("invariants") or [] if i.get("holds") and i.get("disputed_amount")]
        classes = [c["id"] for c in shaped.get("equivalence_classes") or [] if c.get("actual_valid")]
        detail = "; ".join(held + [f"its {c} is another valid member of the class" for c in classes])
        reason += (". Legacy is 0 because the final state is not byte for byte the recorded ground truth's; shaped is 1 because "
                   + (detail if detail else "the difference is one the task declares equivalent"))
    return reason


def rate(value: float, of: int) -> str:
    """A pass rate with what it counts: ``0.420 of 200``."""
    return f"{value:.3f} of {of}"


def run_metadata(summary: FileSummary, version: str) -> Dict[str, Any]:
    """env, split, blend, λ, spec and tau-shaped versions, date and the command, from the
    settings the runner records in each record (``info.run``; split, agent and command:
    ``run_header``) and the shaped results."""
    first = summary.records[0] if summary.records else {}
    settings = (first.get("info") or {}).get("run") or {}
    shaped = shaped_result(first) if first else {}
    try:
        date = datetime.fromtimestamp(summary.path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
    except OSError:
        date = "?"
    source = (first.get("info") or {}).get("source")
    source = source if isinstance(source, dict) else {}  # tau-bench's own records say "source": "user"
    env = settings.get("env") or source.get("env", "?")
    meta = {
        "env": env, "blend": shaped.get("blend", "?"), "lambda": shaped.get("lambda", "?"),
        "spec": shaped.get("spec_version", "?"), "version": version, "date": date, "file": str(summary.path),
        **run_header(summary.records),  # split, agent, command: as recorded, and runnable when pasted
    }
    return {key: NOT_RECORDED if value == "?" else value for key, value in meta.items()}  # never a bare "?"


def bucket_rates(episodes: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """Legacy and shaped pass rates per (bucket, run), buckets in name order (scored episodes
    only: a not-scored one is in no rate, as in the run's own)."""
    table: Dict[Tuple[str, int], Dict[str, Any]] = {}
    for e in episodes:
        if e["verdict"] == "error":
            continue
        row = table.setdefault((e["bucket"], e["run"]), {"bucket": e["bucket"] or "(none)", "run": e["run"], "episodes": 0,
                                                         "legacy": 0, "shaped": 0, "legacy_only": 0, "shaped_only": 0,
                                                         "undetermined": 0})
        row["episodes"] += 1
        row["undetermined"] += e["verdict"] == "undetermined"
        row["legacy"] += e["legacy"]
        row["shaped"] += e["shaped"]
        row["legacy_only"] += e["legacy"] and not e["shaped"]
        row["shaped_only"] += e["shaped"] and not e["legacy"]
    rows = [table[key] for key in sorted(table, key=lambda k: (k[0] == "", k[0], k[1]))]
    for row in rows:
        row["legacy_rate"] = row["legacy"] / row["episodes"]
        decided = row["episodes"] - row["undetermined"]  # SPEC §8: the shaped rate counts decided episodes
        row["shaped_rate"] = row["shaped"] / decided if decided else 0.0
        row["legacy_of"], row["shaped_of"] = row["episodes"], decided
    return rows


def run_audit(summary: FileSummary, first: int, env: Optional[str] = None) -> Dict[str, Any]:
    """The audit of one run (issue 46): ``audit.audit_records`` of the file's records as
    ``tau-shaped audit FILE --json`` gives it (the same records, record numbers and domain),
    and ``episodes``, per group, each audited episode's number in the report (``first``: the
    run's first), which ``#ep-N`` and ``view -e N`` open; ``env``: the domain where the records
    name none (``audit --env``)."""
    records: List[Dict[str, Any]] = summary.records
    if summary.unscored:  # the records that errored in the run are the file's, not the report's: read it whole
        records = read_results(summary.path)
    numbers = {index: first + n for n, index in enumerate(i for i, r in enumerate(records) if not run_error(r))}
    audit = audit_records(records, run_env(records) or env, file=str(summary.path))
    return {"audit": audit, "episodes": [[numbers.get(e["record"]) for e in g["episodes"]] for g in audit["groups"]]}


def report_data(summaries: List[FileSummary], labels: List[str], version: str, env: Optional[str] = None) -> Dict[str, Any]:
    """The report's data of the runs; ``env``: the domain of the runs whose records name none
    (tau-bench's files as ``score`` writes them), for the rules' sentences, the raw state
    difference and the audit (a registered domain's name, checked by the caller)."""
    prompts: Dict[str, int] = {}
    said: Dict[str, int] = {}
    runs, episodes, audits = [], [], []
    for r, (summary, label) in enumerate(zip(summaries, labels)):
        domain = run_env(summary.records) or env
        audits.append(run_audit(summary, len(episodes), env))
        counts = {key: 0 for key in VERDICTS}
        meta = run_metadata(summary, version)
        mine = []
        sentences = rule_sentences(domain)
        for record in summary.records:
            ep = episode(record, r, len(episodes) + len(mine), prompts, sentences, said)
            counts[ep["verdict"]] += 1
            mine.append(ep)
        # a legacy 0 always shows what differed: the raw state difference beside the canonical one
        settings = ((summary.records[0].get("info") or {}).get("run") or {}) if summary.records else {}
        raws = raw_differences(summary.records, str(domain or "?"), str(settings.get("task_split", "?")),
                               [not ep["legacy"] and ep["verdict"] != "error" for ep in mine], shaped_result)
        for ep, raw in zip(mine, raws):
            ep["raw"] = raw
        episodes += mine
        runs.append({"label": label, "meta": meta, "episodes": len(summary.records), "verdicts": counts,
                     "legacy_rate": summary.legacy_rate, "shaped_rate": summary.shaped_rate,
                     "legacy_of": len(summary.records), "shaped_of": summary.decided,
                     "legacy_pass_k": summary.legacy_pass_k, "shaped_pass_k": summary.shaped_pass_k, "unscored": summary.unscored})
    return {"runs": runs, "episodes": episodes, "prompts": [p for p, _ in sorted(prompts.items(), key=lambda kv: kv[1])],
            "verdicts": VERDICTS, "buckets": bucket_rates(episodes), "noise": noise_data(summaries, labels), "audit": audits,
            "sentences": [text for text, _ in sorted(said.items(), key=lambda kv: kv[1])]}
