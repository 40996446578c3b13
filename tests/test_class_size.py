"""No class in web/py holds more than 25 methods: a class that grows past that is doing several jobs, and is split
into smaller ones behind narrow interfaces. One case per class of every module, found with ``ast``; every ``def``
and ``async def`` in the class body counts (properties, static and class methods, dunders)."""
from __future__ import annotations

import ast
import pathlib

import pytest

WEB_PY = pathlib.Path(__file__).resolve().parents[1] / "web" / "py"
MAX_METHODS = 25


def methods(cls: ast.ClassDef) -> list[str]:
    """The names of the functions defined directly in ``cls``'s body."""
    return [node.name for node in cls.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]


def classes(path: pathlib.Path) -> list[tuple[str, list[str]]]:
    """(dotted name, method names) of every class in ``path``, nested ones included."""
    found = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                name = prefix + child.name
                found.append((name, methods(child)))
                visit(child, name + ".")
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, prefix + child.name + ".<locals>.")

    visit(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)), "")
    return found


def _module(path: pathlib.Path) -> str:
    return ".".join(path.relative_to(WEB_PY).with_suffix("").parts)


CASES = [(f"{_module(path)}.{name}", names)
         for path in sorted(WEB_PY.rglob("*.py")) for name, names in classes(path)]


@pytest.mark.parametrize("name, names", CASES, ids=[name for name, _ in CASES])
def test_class_has_at_most_25_methods(name, names):
    assert len(names) <= MAX_METHODS, f"{name} has {len(names)} methods: {names}"


def test_every_module_is_read():
    assert any(name == "ui.app.App" for name, _ in CASES)
    assert len({name.rsplit(".", 1)[0] for name, _ in CASES}) > 50


def test_the_count_sees_every_kind_of_method(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("class A:\n    x = 1\n    def __init__(self): pass\n    @property\n    def p(self): return 1\n"
                     "    @staticmethod\n    def s(): pass\n    async def a(self):\n        def inner(): pass\n"
                     "    class B:\n        def b(self): pass\n")
    assert classes(probe) == [("A", ["__init__", "p", "s", "a"]), ("A.B", ["b"])]
