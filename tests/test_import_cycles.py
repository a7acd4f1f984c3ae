"""No import circles: no module of the shipped packages imports, however indirectly, a module
that imports it back, neither at import time nor through an import inside a function (which
only delays the circle to the first call)."""

from __future__ import annotations

from tests.import_graph import Import, cycles, imports


def running_imports() -> list[Import]:
    return [edge for edge in imports() if not edge.typing_only]


def test_the_graph_sees_the_project_imports() -> None:
    edges = {(e.source, e.target, e.lazy) for e in running_imports()}
    assert ("table_controller.runtime", "table_controller.contract", False) in edges
    assert ("table_controller.commands.scenario", "table_controller.scenario", True) in edges
    assert ("table_controller.hand_log.log", "table_controller.hand_log.reader", False) in edges


def test_no_module_imports_itself_back_at_import_time() -> None:
    assert cycles([e for e in running_imports() if not e.lazy]) == []


def test_no_import_circle_closes_through_a_lazy_import() -> None:
    assert cycles(running_imports()) == []


def test_a_circle_through_a_lazy_import_is_found() -> None:
    edges = [Import("a", "b", 1, False, False), Import("b", "a", 9, True, False)]
    assert cycles(edges) == [["a", "b"]]
    assert cycles([e for e in edges if not e.lazy]) == []
