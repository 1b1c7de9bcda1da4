"""The strings a module or a script shows its players: the words tests read them (rules and
glossary terms as the table writes them, one spelling of a word)."""

from __future__ import annotations

import ast
import re


def python_strings(source: str) -> list[str]:
    """The string constants of a module (f-strings' text included), not its docstrings."""
    tree = ast.parse(source)
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    return [
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings
    ]


JS_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|`(?:[^`\\]|\\.)*`', re.DOTALL)


def js_strings(source: str) -> list[str]:
    """The string and template literals of a script, its comments left out."""
    source = re.sub(r"/\*.*?\*/", "", source, flags=re.DOTALL)
    source = re.sub(r"(^|\s)//.*", r"\1", source)
    return [m.group(0)[1:-1] for m in JS_STRING.finditer(source)]
