"""The apply every game shares (engine.stepped): a step works on a copy; a refusal changes nothing."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from table_controller.engine import Applied, Refusal, Refused, stepped
from table_controller.events import Decision


@dataclass
class _Count:
    hits: list[str] = field(default_factory=list)
    note: str = "the last event's words"

    def clone(self) -> _Count:
        return replace(self, hits=list(self.hits))


def _step(state: _Count, event: Decision):
    if event.action != "hit":
        raise Refusal(f"{event.seat} cannot {event.action} now", legal=("hit",))
    state.hits.append(event.seat)
    return (Applied(f"{event.seat} hits"),)


def test_a_legal_event_changes_a_copy_and_clears_its_note() -> None:
    before = _Count()
    after, effects = stepped(before, Decision("seat1", "hit"), _step)
    assert after is not before and after.hits == ["seat1"] and after.note == ""
    assert before.hits == [] and before.note == "the last event's words"
    assert effects == (Applied("seat1 hits"),)


def test_a_refused_event_leaves_the_state_as_it_was() -> None:
    before = _Count(["seat2"])
    after, effects = stepped(before, Decision("seat1", "stand"), _step)
    assert after is before and before.hits == ["seat2"]
    assert effects == (Refused("seat1 cannot stand now", ("hit",)),)
