"""A fast ``dataclasses.replace`` for the rules engine's state values.

The engine's state (:class:`~table_controller.games.backhand.machine.HandState`, ``SeatHand``)
is made of slotted dataclasses that are *treated* as immutable: nothing changes one after
it has been handed out; a transition builds a new one. They are not ``frozen=True``
because CPython copies a frozen dataclass about eight times slower (every field goes
through ``object.__setattr__``), and replays, audits and property tests copy them millions
of times. ``dataclasses.replace`` is slower still: it re-inspects the class on every call.
This builds, once per class, a function that copies the fields with plain stores.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")
_COPIERS: dict[type, Any] = {}


def _build(cls: type) -> Any:
    names = [f.name for f in fields(cls)]
    frozen = cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
    store = "_set(new, {n!r}, obj.{n})" if frozen else "new.{n} = obj.{n}"
    lines = ["def copy(obj, changes):", "    new = _new(_cls)"]
    lines += ["    " + store.format(n=n) for n in names]
    lines += [
        "    for name, value in changes.items():",
        "        _set(new, name, value)" if frozen else "        setattr(new, name, value)",
    ]
    lines.append("    return new")
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_set": object.__setattr__}
    exec("\n".join(lines), namespace)
    return namespace["copy"]


def evolve(obj: T, **changes: Any) -> T:
    """``dataclasses.replace(obj, **changes)``, without re-running ``__post_init__``.

    Raises AttributeError for a name that is not a field (the classes have ``__slots__``).
    """
    cls = type(obj)
    fn = _COPIERS.get(cls)
    if fn is None:
        fn = _COPIERS[cls] = _build(cls)
    return fn(obj, changes)
