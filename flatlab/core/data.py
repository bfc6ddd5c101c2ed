"""Content files: TOML read with errors that name the file, as every game's loader needs."""

from __future__ import annotations

import tomllib
from typing import Any

from .errors import DataError


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """Parse TOML content; a syntax error becomes a DataError naming the file (and tomllib's line)."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise DataError(source, f"not valid TOML: {e}") from None
