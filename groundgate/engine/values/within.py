"""What a comparison of two values needs besides the values (ValueKind.compare's third
argument): the context of the evidence value - the scale declared for its table or paragraph,
whether its text declares percentages - and what the answer says about its own value (the
question's scale, its rounding, "about", a bound). Pure: no Django, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, Protocol

if TYPE_CHECKING:  # (declarations.py reads values through the scanner, which lists the kinds)
    from groundgate.engine.declarations import Declaration


class ContextLike(Protocol):
    """A Context, or anything that reads like one (number_grounding looks it up lazily)."""

    @property
    def declaration(self) -> Declaration | None: ...
    @property
    def percent_declared(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class Context:
    """What surrounds an evidence value: the scale declared for it, whether its table or text
    declares percentages."""

    declaration: Declaration | None = None
    percent_declared: bool = False


NO_CONTEXT = Context()


class Within(NamedTuple):
    """The context a comparison is made in. `context`: the evidence value's (its declared
    scale: a range's ends are compared in it too); `question_exponent`: the scale the question
    declares for the answer; `rounding_min_significant`: the fewest significant digits a
    rounded answer value keeps; `approximately`: the answer says it rounds ("about", "约");
    `bound`: the answer states a bound, not the value ("over 50%": declarations.bound_of).
    (A NamedTuple: one is made for each comparison, and tuples are cheap.)"""

    context: ContextLike = NO_CONTEXT
    question_exponent: int | None = None
    rounding_min_significant: int = 2
    approximately: bool = False
    bound: str | None = None


NO_WITHIN = Within()
