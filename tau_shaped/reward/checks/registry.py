"""The registry of check kinds (SPEC §5): each predicate form is one ``CheckKind`` class.

A kind holds everything about its form: the key that names it in a task or rule file (and,
for two kinds behind one key, the value that selects it), its schema (a pydantic model that
forbids unknown keys), its children, the tools, event types and state paths it reads, the
state it needs probed after each step, and how it evaluates: ``compile`` turns one predicate
into a function of a trajectory's ``Run`` once, so evaluating does no dispatch by name.

Walking, probing, checking and evaluating are generic: they ask the predicate's kind. A new
kind is one new module whose class is decorated with ``@register``; nothing else changes.
Data never names code: the registry maps a key to a kind registered by the code itself.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Dict, Iterable, Iterator, List, Optional, Sequence, Type, get_args, get_origin

from pydantic import BaseModel, ValidationError
from pydantic_core import PydanticCustomError, core_schema
from typing_extensions import Annotated

from tau_shaped.reward.checks.finding import Finding

Check = Callable[[Any], Finding]  # a compiled predicate: Run -> Finding
Probe = Callable[[Any], Any]  # a state sample taken after each step: state -> value

# What the consumer of a verdict reads (SPEC §3): ``FULL`` every field (a checkpoint, an outcome
# rule's breaches, ``before``), ``FIRST`` all but the set of steps (a gate: its first step and
# evidence), ``HOLDS`` only whether it holds. A kind may stop early where its demand allows.
HOLDS, FIRST, FULL = 0, 1, 2


class CheckKind:
    """One predicate form. Subclasses set ``key`` and ``model`` and implement ``compile``."""

    key: ClassVar[str]  # the form's key in the data: {"tool": ...}
    model: ClassVar[Type[BaseModel]]
    variant: ClassVar[Optional[str]] = None  # the value of ``key`` that selects this kind, if two share it
    # holds at each step where what it looks for happens (a call, a message, an event, a
    # violation): every step of its verdict meets it (SPEC §3.4); else it is met at its step only
    event_like: ClassVar[bool] = False

    def children(self, pred: Any) -> Sequence[Any]:
        """The predicates nested in ``pred``, in order."""
        return ()

    def meets_at_every_step(self, pred: Any) -> bool:
        """Whether every step of a verdict that holds meets ``pred`` (SPEC §3.4: a checkpoint is
        credited at the first one that breaks no rule), else only its step."""
        return self.event_like

    def tools(self, pred: Any) -> Iterable[str]:
        """The tools ``pred`` names (``tasks check`` refuses one the domain lacks)."""
        return ()

    def needs_call(self, pred: Any) -> Optional[str]:
        """The tool ``pred`` holds only at a call of: a run that never calls it finds ``pred`` not holding (an
        ``any`` passes such a part by in that run, unread); None when no one tool is needed."""
        return None

    def events(self, pred: Any) -> Iterable[str]:
        """The event types ``pred`` reads (``tasks check`` refuses one the domain does not record)."""
        return ()

    def state_paths(self, pred: Any) -> Iterable[str]:
        """The state paths ``pred`` declares (``tasks check``: each must resolve)."""
        return ()

    def probe(self, pred: Any) -> Optional[Probe]:
        """What the env samples after each step for ``pred`` (its slot in the state trace), or
        None. A probe with a ``before_tool`` attribute is taken just before that tool's calls."""
        return None

    def compile(self, pred: Any, compiler: "Compiler", demand: int) -> Check:
        raise NotImplementedError(f"{type(self).__name__}.compile")


class Compiler:
    """Compiles child predicates (``compile_predicate`` gives the one in use)."""

    def child(self, pred: Any, demand: int = FULL) -> Check:  # pragma: no cover - see compiler.Compiler
        raise NotImplementedError


_BY_MODEL: Dict[type, CheckKind] = {}
_BY_KEY: Dict[str, Dict[Optional[str], CheckKind]] = {}


def register(cls: Type[CheckKind]) -> Type[CheckKind]:
    """Class decorator: add a kind to the registry (its key, or key and variant, must be new)."""
    kind = cls()
    variants = _BY_KEY.setdefault(cls.key, {})
    if cls.variant in variants or (None in variants) or (cls.variant is None and variants):
        raise ValueError(f"check kind {cls.key!r}{'/' + cls.variant if cls.variant else ''} is registered already")
    variants[cls.variant] = kind
    _BY_MODEL[cls.model] = kind
    return cls


def unregister(cls: Type[CheckKind]) -> None:
    """Remove a kind (a test's toy kind, when the test ends)."""
    variants = _BY_KEY.get(cls.key, {})
    if cls.variant in variants and type(variants[cls.variant]) is cls:
        del variants[cls.variant]
        if not variants:
            del _BY_KEY[cls.key]
        _BY_MODEL.pop(cls.model, None)


def form_keys() -> List[str]:
    """The keys of the registered forms, in registration order."""
    return list(_BY_KEY)


def kind_of(pred: Any) -> CheckKind:
    """The kind of a validated predicate; a TypeError for anything else."""
    kind = _BY_MODEL.get(type(pred))
    if kind is None:
        raise TypeError(f"not a predicate: {type(pred).__name__}")
    return kind


def kinds() -> List[CheckKind]:
    return list(_BY_MODEL.values())


def predicate_fields(model: Type[BaseModel]) -> Dict[str, bool]:
    """The keys of a kind's model (as written in the data: aliases) whose values are predicates,
    each with whether it holds a list of them (``all``, ``any``) or one (``not``, ``by``)."""
    found = _PREDICATE_FIELDS.get(model)
    if found is None:
        found = {}
        for name, field in model.model_fields.items():
            one = any(m is _PredicateType for m in field.metadata)
            inner = any(_PredicateType in getattr(arg, "__metadata__", ()) for arg in get_args(field.annotation))
            many = inner and get_origin(field.annotation) in (list, List)
            if one or inner:  # an optional predicate (``after``) is one, not a list
                found[field.alias or name] = many and not one
        _PREDICATE_FIELDS[model] = found
    return found


_PREDICATE_FIELDS: Dict[type, Dict[str, bool]] = {}


def kind_of_data(value: Any) -> Optional[CheckKind]:
    """The kind a predicate written as data (a dict) would be validated as, or None where that
    is not plain from its keys (no form key, several, or a variant named by no string)."""
    if not isinstance(value, dict):
        return None
    found = [key for key in value if key in _BY_KEY]
    if len(found) != 1:
        return None
    variants = _BY_KEY[found[0]]
    kind = variants.get(None)
    if kind is None and isinstance(value[found[0]], str):
        kind = variants.get(value[found[0]])
    return kind


def walk(pred: Any) -> Iterator[Any]:
    """The predicate and every predicate nested in it, depth first."""
    yield pred
    for child in kind_of(pred).children(pred):
        yield from walk(child)


def _form_error() -> PydanticCustomError:
    return PydanticCustomError("predicate_form", "a predicate needs exactly one of: " + ", ".join(_BY_KEY))


def _validate(value: Any) -> Any:
    if type(value) in _BY_MODEL:
        return value
    if not isinstance(value, dict):
        raise _form_error()
    found = [key for key in value if key in _BY_KEY]
    if len(found) != 1:
        raise _form_error()
    variants = _BY_KEY[found[0]]
    kind = variants.get(None)
    if kind is None:
        selected = value[found[0]]
        kind = variants.get(selected) if isinstance(selected, str) else None
        if kind is None:
            expected = " or ".join(repr(v) for v in variants)
            raise ValidationError.from_exception_data("Predicate", [
                {"type": "literal_error", "loc": (found[0],), "input": selected, "ctx": {"expected": expected}}])
    return kind.model.model_validate(value)


class _PredicateType:
    """Validation dispatched by the registry at validation time: a kind registered later (a
    test's toy kind, a plugin's) is accepted by every model that takes a ``Predicate``."""

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        return core_schema.no_info_plain_validator_function(_validate)

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: Any, handler: Any) -> Dict[str, Any]:
        # one definition, "Predicate", a union of the registered kinds' models; a predicate nested
        # in one (``all``, ``not``) refers to it
        if _JSON_SCHEMA_DEPTH:
            return handler(core_schema.definition_reference_schema("Predicate"))
        _JSON_SCHEMA_DEPTH.append(1)
        try:
            union = core_schema.union_schema([k.model.__pydantic_core_schema__ for k in _BY_MODEL.values()],
                                             mode="left_to_right", ref="Predicate")
            return handler(core_schema.definitions_schema(core_schema.definition_reference_schema("Predicate"), [union]))
        finally:
            _JSON_SCHEMA_DEPTH.pop()


_JSON_SCHEMA_DEPTH: List[int] = []


Predicate = Annotated[Any, _PredicateType]
