"""Readable differences between two JSON values, for the golden playthrough tests."""

from __future__ import annotations

import json
from typing import Any


def differences(old: Any, new: Any, path: str = "", limit: int = 8) -> list[str]:
    """Where two JSON values differ, as readable paths (at most ``limit`` of them)."""
    found: list[str] = []

    def walk(a: Any, b: Any, at: str) -> None:
        if len(found) >= limit or a == b:
            return
        if isinstance(a, dict) and isinstance(b, dict):
            for key in list(a) + [k for k in b if k not in a]:
                if key not in b:
                    found.append(f"{at}.{key}: only in the file ({json.dumps(a[key])[:80]})")
                elif key not in a:
                    found.append(f"{at}.{key}: only in the new output ({json.dumps(b[key])[:80]})")
                else:
                    walk(a[key], b[key], f"{at}.{key}")
            return
        if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
            for i, (x, y) in enumerate(zip(a, b, strict=True)):
                walk(x, y, f"{at}[{i}]")
            return
        found.append(f"{at or '(whole line)'}: file has {json.dumps(a)[:100]}, now {json.dumps(b)[:100]}")

    walk(old, new, path)
    return found
