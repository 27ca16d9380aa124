"""The perturbations of a ground truth, built from the domain's declarations (SPEC §6.2).

Each is a mistake a careful reader of the policy calls wrong, of one of five kinds:

- ``wrong-argument``: one argument of a write changed: an id to another id of the same table that
  is also the customer's (another of their orders), or, for a table nobody owns, to its first
  other key; an enum to each other value the schema allows (but one the task's customer
  accepts: by its persona's ``accept``, or, with no persona, named in its instruction); a
  ``number`` a cent either way; an ``integer`` one either way. The agent's messages since the
  previous write say the new value where they said the old (an agent that does another thing
  says so);
- ``wrong-entity``: an id of a write changed to another customer's record of the same table (the
  customer's own id to another customer's);
- ``skipped-step``: a write left out;
- ``extra-write``: a write added, before any call that ends the conversation: the last write
  again on another customer's record (the first the tool carries out), and each tool that
  writes what the customer must want (``tool_declarations.write_tools``) that the ground truth
  does not call, with up to four sets of arguments: the ground truth's values of the same
  arguments, the records the customer names or owns and one of someone else's, the schema's
  enum values. Only calls the tool carries out count (a refused call writes nothing);
- ``unconfirmed-write``: a write the domain's confirmation rules judge, made after the customer
  said no to every question since the write before it.

An id argument is any argument whose value is a key of a record table of S0 (``world_entities``);
a value that a task's equivalence class declares equally valid is never taken as the wrong one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Dict, FrozenSet, Iterator, List, Optional, Sequence, Tuple

from tau_shaped.env.types import RESPOND_ACTION_NAME, Action
from tau_shaped.reward.matchers import match_value
from tau_shaped.reward.values import is_number
from tau_shaped.tasks.consenting import YES
from tau_shaped.tasks.tool_declarations import Argument, Declarations
from tau_shaped.tasks.world_entities import owned_keys, table_named_for, world_index

WRONG_ARGUMENT = "wrong-argument"
WRONG_ENTITY = "wrong-entity"
SKIPPED_STEP = "skipped-step"
EXTRA_WRITE = "extra-write"
UNCONFIRMED_WRITE = "unconfirmed-write"
KINDS = (WRONG_ARGUMENT, WRONG_ENTITY, SKIPPED_STEP, EXTRA_WRITE, UNCONFIRMED_WRITE)

_WORD = re.compile(r"[#\w][\w#.-]*")
CENT = 0.01
NO = "No, please don't do that."
STRANGERS = 5  # other customers' records tried for the repeated last write
ONE_OF = frozenset({"again"})  # the repeated last write: one on another customer's record is enough
TRIES = 4  # argument sets tried for each extra write tool


@dataclass(frozen=True)
class Perturbation:
    name: str
    kind: str
    actions: List[Action]
    must_act: bool = False  # skip it if the final state is the ground truth's (the tool refused)
    group: str = ""  # a group in ONE_OF: only its first perturbation that acts counts
    replies: Optional[List[str]] = None  # the customer's replies to the responds (None: a yes to each)


@dataclass(frozen=True)
class Context:
    task: Any
    initial: Any
    decls: Declarations
    equivalents: FrozenSet[Any]  # values an equivalence class of the task declares equally valid
    terminate_tools: FrozenSet[str]


def copy_actions(actions: Sequence[Any]) -> List[Action]:
    return [Action(name=a.name, kwargs=dict(a.kwargs)) for a in actions]


def _window(actions: Sequence[Action], i: int, writes: Sequence[int]) -> range:
    """The steps since the write before step ``i`` (where its confirmation was asked)."""
    before = [w for w in writes if w < i]
    return range(before[-1] + 1 if before else 0, i)


def _texts(value: Any) -> List[str]:
    if isinstance(value, bool) or value is None:
        return []
    if is_number(value):
        number = float(value)
        return [f"{number:.2f}"] + ([str(int(number))] if number.is_integer() else [])
    if isinstance(value, str) and len(value) >= 3:
        return [value] + ([value.replace("_", " ")] if "_" in value else [])
    return []


def _say_instead(actions: List[Action], steps: range, old: Any, new: Any) -> None:
    """The agent's messages in ``steps`` say ``new`` where they said ``old``."""
    pairs = list(zip(_texts(old), _texts(new)))
    for j in steps:
        content = actions[j].kwargs.get("content") if actions[j].name == RESPOND_ACTION_NAME else None
        if isinstance(content, str):
            for before, after in pairs:
                content = content.replace(before, after)
            actions[j].kwargs["content"] = content


def _changed(gt: List[Action], i: int, writes: Sequence[int], arg: str, new: Any) -> List[Action]:
    out = copy_actions(gt)
    old = out[i].kwargs[arg]
    out[i].kwargs[arg] = new
    _say_instead(out, _window(out, i, writes), old, new)
    return out


def _id_alternatives(ctx: Context, value: Any) -> Tuple[Optional[str], Optional[str], Optional[str]]:
    """(table, another id of the same owner or of the unowned table, another customer's id)."""
    index = world_index(ctx.initial)
    table = index.table_of(value)
    if table is None:
        return None, None, None
    keys = [k for k in index.tables[table] if k != value and not _equivalent(ctx, k)]
    own = owned_keys(ctx.initial, table, getattr(ctx.task, "user_id", None))
    if value in own:
        same = next((k for k in keys if k in own), None)
        other = next((k for k in keys if k not in own), None)
        return table, same, other
    if own:  # a record of the table that is someone else's: its owner is not in question
        return table, None, None
    return table, (keys[0] if keys else None), None


def _equivalent(ctx: Context, value: Any) -> bool:
    """An equivalence class of the task declares ``value`` as good as the ground truth's."""
    try:
        return value in ctx.equivalents
    except TypeError:  # unhashable: no candidate value
        return False


def _accepted(ctx: Context, tool: str, kwargs: Dict[str, Any]) -> bool:
    """The task's own customer (its persona) agrees to this call: an ``accept`` of the tool whose
    every argument matcher holds (a choice the task leaves free, a card refund or wallet credit,
    is no mistake)."""
    persona = getattr(ctx.task, "persona", None)
    if persona is None:
        return False
    for action in getattr(persona, "accept", None) or ():
        if action.tool == tool and all(k in kwargs and match_value(m, kwargs[k], (ctx.initial,)) for k, m in action.args.items()):
            return True
    return False


def _named_choice(ctx: Context, value: Any) -> bool:
    """A task with no persona: the customer's instruction names this enum value (``wallet_credit``
    as "wallet credit"), a choice they leave open ("a card refund or wallet credit are both fine")."""
    if getattr(ctx.task, "persona", None) is not None or not isinstance(value, str) or len(value) < 3:
        return False
    words = value.replace("_", " ").lower()
    return re.search(rf"(?<!\w){re.escape(words)}(?!\w)", (getattr(ctx.task, "instruction", "") or "").lower()) is not None


def argument_changes(ctx: Context, gt: List[Action], writes: Sequence[int]) -> Iterator[Perturbation]:
    """The ``wrong-argument`` and ``wrong-entity`` perturbations of each write."""
    for i in writes:
        a = gt[i]
        declared = ctx.decls.arguments.get(a.name, {})
        for arg, value in sorted(a.kwargs.items()):
            spec = declared.get(arg, Argument(arg, None))
            where = f"step {i} ({a.name})"
            if spec.enum and value in spec.enum:
                for other in spec.enum:
                    if other == value or _equivalent(ctx, other) or _named_choice(ctx, other):
                        continue
                    if not _accepted(ctx, a.name, {**a.kwargs, arg: other}):
                        yield Perturbation(f"{arg} of {where} {other!r} instead of {value!r}", WRONG_ARGUMENT,
                                           _changed(gt, i, writes, arg, other))
            elif is_number(value) and not isinstance(value, bool) and (
                    spec.type == "number" or (spec.type is None and not float(value).is_integer())):
                for delta in (-CENT, CENT):
                    new = round(float(value) + delta, 2)
                    yield Perturbation(f"{arg} of {where} {delta:+.2f}", WRONG_ARGUMENT, _changed(gt, i, writes, arg, new))
            elif spec.type == "integer" and is_number(value) and not isinstance(value, bool):
                for delta in (-1, 1):
                    yield Perturbation(f"{arg} of {where} {delta:+d}", WRONG_ARGUMENT,
                                       _changed(gt, i, writes, arg, int(value) + delta))
            elif isinstance(value, str):
                table, same, other = _id_alternatives(ctx, value)
                if same is not None:
                    yield Perturbation(f"{where} aimed at {same}, another of the customer's {table}", WRONG_ARGUMENT,
                                       _changed(gt, i, writes, arg, same))
                if other is not None:
                    yield Perturbation(f"{where} aimed at {other}, another customer's {table}", WRONG_ENTITY,
                                       _changed(gt, i, writes, arg, other))


def skipped_steps(gt: List[Action], writes: Sequence[int]) -> Iterator[Perturbation]:
    for i in writes:
        yield Perturbation(f"drop the write at step {i} ({gt[i].name})", SKIPPED_STEP, gt[:i] + gt[i + 1:])


def _insert_at(ctx: Context, gt: List[Action]) -> int:
    """Where an extra write goes: before the call that ends the conversation, else at the end."""
    return next((j for j, a in enumerate(gt) if a.name in ctx.terminate_tools), len(gt))


def _strangers(ctx: Context, value: Any) -> List[str]:
    index = world_index(ctx.initial)
    table = index.table_of(value)
    if table is None:
        return []
    own = owned_keys(ctx.initial, table, getattr(ctx.task, "user_id", None))
    if value not in own:
        return []
    return [k for k in index.tables[table] if k not in own][:STRANGERS]


def _options(ctx: Context, gt: List[Action], arg: Argument) -> List[Any]:
    """Values to call a tool the ground truth does not call with, for one required argument."""
    seen: List[Any] = []
    for a in gt:
        value = a.kwargs.get(arg.name)
        if arg.name in a.kwargs and value not in seen:
            seen.append(value)
    if arg.enum:
        return seen + [v for v in arg.enum if v not in seen]
    if arg.type in ("number", "integer"):
        return seen or [1 if arg.type == "integer" else 1.0]
    if arg.type == "boolean":
        return seen or [True]
    if arg.type == "string":
        index = world_index(ctx.initial)
        table = table_named_for(arg.name, index)
        if table is not None:
            own = sorted(owned_keys(ctx.initial, table, getattr(ctx.task, "user_id", None)))
            keys = index.tables[table]
            named = [t for t in _mentioned(ctx.task) if t in index.records[table]]
            # then one record of someone else's (or of a table nobody owns: its first records)
            others = [k for k in keys if k not in own][: 1 if own else TRIES]
            return list(dict.fromkeys([v for v in seen if isinstance(v, str) and v in index.records[table]] + named + own + others))
        if seen:
            return seen
        return [] if arg.name.endswith(("_id", "_ids")) else ["the customer asked for it"]
    return seen


def _mentioned(task: Any) -> List[str]:
    """The words of the customer's request (its instruction, its persona's opening and request):
    an id there names a record the customer asks about, theirs or not (an unknown customer's
    order)."""
    persona = getattr(task, "persona", None)
    texts = [getattr(task, "instruction", "") or ""] + [getattr(persona, f, "") or "" for f in ("opening", "request")]
    return list(dict.fromkeys(w.rstrip(".") for text in texts for w in _WORD.findall(text)))


def _argument_sets(ctx: Context, gt: List[Action], tool: str) -> List[Dict[str, Any]]:
    """Up to ``TRIES`` argument sets for ``tool``: the first option of each required argument,
    then the next option of one argument at a time, the arguments in turn."""
    options = []
    for arg in ctx.decls.arguments.get(tool, {}).values():
        if arg.required:
            found = _options(ctx, gt, arg)
            if not found:
                return []
            options.append((arg.name, found))
    base = {name: found[0] for name, found in options}
    sets = [base]
    depth = 1
    while len(sets) < TRIES and any(len(found) > depth for _, found in options):
        for name, found in options:  # each argument's next option in turn
            if len(found) > depth and len(sets) < TRIES:
                sets.append({**base, name: found[depth]})
        depth += 1
    return sets


def extra_writes(ctx: Context, gt: List[Action], writes: Sequence[int]) -> Iterator[Perturbation]:
    """The ``extra-write`` perturbations (see the module)."""
    at = _insert_at(ctx, gt)
    if writes:
        last = gt[writes[-1]]
        for arg, value in sorted(last.kwargs.items()):
            for other in _strangers(ctx, value):
                extra = Action(name=last.name, kwargs={**last.kwargs, arg: other})
                yield Perturbation(f"an unrelated write added ({last.name} on {other})", EXTRA_WRITE,
                                   copy_actions(gt[:at]) + [extra] + copy_actions(gt[at:]), must_act=True, group="again")
    called = {a.name for a in gt}
    for tool in ctx.decls.write_tools:
        if tool in called:
            continue
        for kwargs in _argument_sets(ctx, gt, tool):
            shown = ", ".join(f"{k}={v!r}" for k, v in sorted(kwargs.items()))
            yield Perturbation(f"a write the ground truth does not make added ({tool}: {shown})", EXTRA_WRITE,
                               copy_actions(gt[:at]) + [Action(name=tool, kwargs=dict(kwargs))] + copy_actions(gt[at:]),
                               must_act=True, group=tool)


def unconfirmed_writes(ctx: Context, gt: List[Action], writes: Sequence[int]) -> Iterator[Perturbation]:
    """Each write of a tool the domain asks a yes for, made after the customer said no to every
    question since the write before it."""
    responds = [j for j, a in enumerate(gt) if a.name == RESPOND_ACTION_NAME]
    for i in writes:
        if gt[i].name not in ctx.decls.confirm_tools:
            continue
        window = _window(gt, i, writes)
        asked = [j for j in responds if j in window]
        if not asked:
            continue
        replies = [NO if j in asked else YES for j in responds]
        yield Perturbation(f"step {i} ({gt[i].name}) made after the customer said no", UNCONFIRMED_WRITE,
                           copy_actions(gt), replies=replies)


def all_perturbations(ctx: Context, is_write: Callable[[int], bool]) -> Iterator[Perturbation]:
    gt = copy_actions(ctx.task.actions)
    writes = [i for i, a in enumerate(gt) if a.name != RESPOND_ACTION_NAME and is_write(i)]
    yield from skipped_steps(gt, writes)
    yield from argument_changes(ctx, gt, writes)
    yield from unconfirmed_writes(ctx, gt, writes)
    yield from extra_writes(ctx, gt, writes)
