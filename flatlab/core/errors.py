"""The kit's errors: each names what is wrong and where, so a learner can fix it."""


class FlatlabError(Exception):
    """Base class of every error the kit raises on purpose."""


class IllegalAction(FlatlabError, ValueError):
    """The rules forbid this now. The message names the rule; the game is unchanged."""

    def __init__(self, message: str, rule: str | None = None):
        self.rule = rule
        self.reason = message
        super().__init__(f"{message} [rule: {rule}]" if rule else message)


class SaveError(FlatlabError, ValueError):
    """A save file is malformed or tampered with; the message names the field."""

    def __init__(self, field: str, problem: str):
        self.field = field
        super().__init__(f"{field}: {problem}")


class DataError(FlatlabError, ValueError):
    """A content file (layout, deck, meter) is invalid; the message says where."""

    def __init__(self, source: str, problem: str, line: int | None = None, column: int | None = None):
        self.source, self.line, self.column = source, line, column
        where = source
        if line is not None:
            where += f", line {line}"
            if column is not None:
                where += f", column {column}"
        super().__init__(f"{where}: {problem}")
