"""Reading a saved state back, field by field, naming the first field that is wrong.

Every game's `state_from_dict` starts the same way: the data must be an object
with exactly the state's fields, and numbers must be whole and in range. This
is that shared start; the game checks the rest (spaces, cards, dice) with
`fail`, which names the field in the SaveError.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NoReturn

from .errors import SaveError

_MISSING = object()


class SavedFields:
    def __init__(self, data: Any, where: str, names: Iterable[str], what: str):
        if not isinstance(data, dict):
            raise SaveError(where, "expected an object")
        names = list(names)
        missing = [n for n in names if n not in data]
        if missing:
            raise SaveError(f"{where}.{missing[0]}", "missing")
        extra = sorted(set(data) - set(names))
        if extra:
            raise SaveError(f"{where}.{extra[0]}", f"not a field of {what}")
        self.data, self.where = data, where

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def fail(self, key: str, problem: str) -> NoReturn:
        raise SaveError(f"{self.where}.{key}", problem)

    def integer(self, key: str, lo: int, hi: int, value: Any = _MISSING) -> int:
        """A whole number from lo to hi (booleans are not numbers here)."""
        v = self.data[key] if value is _MISSING else value
        if type(v) is not int or not lo <= v <= hi:
            self.fail(key, f"expected a whole number from {lo} to {hi}, found {v!r}")
        return v

    def choice(self, key: str, options: Iterable[Any]) -> Any:
        options = list(options)
        if self.data[key] not in options:
            self.fail(key, f"expected one of {options}, found {self.data[key]!r}")
        return self.data[key]
