"""The apps use Textual's public API only: no private Textual attribute is read, set or overridden.

A private attribute is Textual's to change in any release (``_bindings`` did); ours live beside
Textual's in the same objects, so a name of ours that Textual also uses would silently replace
its own.  Two checks over the package's source: every ``._name`` read anywhere in ``lost_cities``
is one the package defines itself; and no class of ours defines a ``_name`` (a method, or an
attribute its methods set) that its Textual base classes have, on the class or on an instance.
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import inspect
from pathlib import Path

import pytest
from textual.app import App
from textual.dom import DOMNode
from textual.screen import Screen

import lost_cities

PACKAGE = Path(lost_cities.__file__).parent
TUI = sorted((PACKAGE / "tui").rglob("*.py"))


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def defined_names(tree: ast.AST) -> set[str]:
    """Private names a module defines: functions, classes, module and class attributes, ``self._x = ...``."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.alias):
            names.add(node.asname or node.name.split(".")[-1])
    return {name for name in names if _private(name)}


def test_every_private_name_the_apps_read_is_their_own() -> None:
    ours: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        ours |= defined_names(ast.parse(path.read_text(encoding="utf-8")))
    foreign = []
    for path in TUI:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and _private(node.attr) and node.attr not in ours:
                foreign.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: .{node.attr}")
    assert foreign == []


def _textual_bases(cls: type) -> list[type]:
    return [base for base in cls.__mro__[1:] if base.__module__.startswith("textual.")]


def _names_of(base: type) -> set[str]:
    """What a Textual class has: its class attributes and an instance's own attributes."""
    names = set(dir(base))
    if issubclass(base, DOMNode) and not issubclass(base, App | Screen) and not inspect.isabstract(base):
        with contextlib.suppress(TypeError):  # one that needs arguments: its class attributes will do
            names |= set(vars(base()))
    if base is App:
        names |= set(vars(App()))
    return {name for name in names if _private(name)}


def our_textual_classes() -> list[tuple[type, ast.ClassDef]]:
    found = []
    for path in TUI:
        module = importlib.import_module(".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                cls = getattr(module, node.name, None)
                if isinstance(cls, type) and cls.__module__ == module.__name__ and _textual_bases(cls):
                    found.append((cls, node))
    return found


@pytest.mark.parametrize(("cls", "node"), our_textual_classes(), ids=lambda value: getattr(value, "__name__", ""))
def test_no_name_of_ours_is_one_of_textuals_own(cls: type, node: ast.ClassDef) -> None:
    textual: set[str] = set()
    for base in _textual_bases(cls):
        textual |= _names_of(base)
    assert defined_names(node) & textual == set()
