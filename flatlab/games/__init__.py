"""The games flatlab knows, by name. Each lives in its own package here."""

from __future__ import annotations

from importlib import import_module

from ..core.rules import Rules

# name -> module that defines RULES (imported on first use, so `import flatlab` stays light)
_REGISTRY = {
    "flash-point": "flatlab.games.flash_point",
    "code-triage": "flatlab.games.code_triage",
    "flatline": "flatlab.games.flatline",
}


def names() -> list[str]:
    return list(_REGISTRY)


def get_rules(name: str) -> Rules:
    try:
        module = _REGISTRY[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; flatlab has: {', '.join(_REGISTRY)}") from None
    return import_module(module).RULES
