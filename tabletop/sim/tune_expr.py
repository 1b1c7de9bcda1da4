"""A tune spec's constraints: arithmetic and comparisons of the parameters' names, read with
Python's own parser and evaluated node by node (nothing else is allowed: no attribute, no
subscript, no call but abs, min and max)."""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Mapping
from typing import Any

_BINARY: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
}
_COMPARE: dict[type, Callable[[Any, Any], bool]] = {
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
}
CALLS: dict[str, Callable[..., Any]] = {"abs": abs, "min": min, "max": max}


def names_in(node: ast.AST) -> set[str]:
    """The parameter names of a constraint; ValueError on anything but plain arithmetic."""
    allowed = (
        ast.Expression,
        ast.BoolOp,
        ast.And,
        ast.Or,
        ast.UnaryOp,
        ast.Not,
        ast.USub,
        ast.UAdd,
        ast.BinOp,
        ast.Compare,
        ast.Name,
        ast.Load,
        ast.Constant,
        ast.Call,
        *_BINARY,
        *_COMPARE,
    )
    found = set()
    for sub in ast.walk(node):
        if not isinstance(sub, allowed):
            raise ValueError(f"{type(sub).__name__} is not allowed")
        if isinstance(sub, ast.Call) and not (isinstance(sub.func, ast.Name) and sub.func.id in CALLS):
            raise ValueError("the only functions are abs, min and max")
        if isinstance(sub, ast.Constant) and (
            isinstance(sub.value, bool) or not isinstance(sub.value, int | float)
        ):
            raise ValueError(f"{sub.value!r}: only numbers may be written")
        if isinstance(sub, ast.Name) and sub.id not in CALLS:
            found.add(sub.id)
    return found


def evaluate(node: ast.AST, values: Mapping[str, Any]) -> Any:
    if isinstance(node, ast.Expression):
        return evaluate(node.body, values)
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return values[node.id]
    if isinstance(node, ast.BoolOp):
        parts = [bool(evaluate(v, values)) for v in node.values]
        return all(parts) if isinstance(node.op, ast.And) else any(parts)
    if isinstance(node, ast.UnaryOp):
        inner = evaluate(node.operand, values)
        return (
            not inner
            if isinstance(node.op, ast.Not)
            else (-inner if isinstance(node.op, ast.USub) else inner)
        )
    if isinstance(node, ast.BinOp):
        return _BINARY[type(node.op)](evaluate(node.left, values), evaluate(node.right, values))
    if isinstance(node, ast.Compare):
        left = evaluate(node.left, values)
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            right = evaluate(right_node, values)
            if not _COMPARE[type(op)](left, right):
                return False
            left = right
        return True
    if isinstance(node, ast.Call):
        assert isinstance(node.func, ast.Name)
        return CALLS[node.func.id](*(evaluate(a, values) for a in node.args))
    raise ValueError(f"cannot evaluate {type(node).__name__}")
