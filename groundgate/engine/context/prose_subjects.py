"""Whom a prose value is said of (policy prose_subjects "own_clause", gate 2.21.0, d473-d477).

A value in prose is about its own clause's subject: the naming words between the figure before
it (or its line's start) and the value, after the last clause break ("Pump B delivers 250" ->
pump, b, deliv). The context rule (grounding.py) asks, for a value an answer says of one
subject, whether the excerpt says it of another one and gives the named one another value of
the same attribute and unit near it ("Pump I delivers 250" where the excerpt says "Pump I
delivers 205 m3/h. Pump B delivers 250 m3/h."): ProseSubjects.another_subject. subject_name
says, as written, whom the excerpt says a value of, for the finding's message.
"""

from __future__ import annotations

import re

from groundgate.engine.context.claims import naming_words, value_periods
from groundgate.engine.context.comparisons import (
    CLAUSE_MARKS,
    EVERY_COMMA,
    joiner,
)
from groundgate.engine.context.facts import Fact
from groundgate.engine.context.periods import contradicts, is_period_value
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.sentences import SENTENCE_END
from groundgate.engine.text_memo import text_memo


class ProseSubjects:
    """One excerpt's prose values as the prose-subject rule reads them, each table filled on
    need: a value's subject, its neighbours of one kind and unit, its own periods. Shared by
    the cases citing the excerpt (through the context rule's fact index): its lookups are only
    added to, each entry whole (d471)."""

    def __init__(self, facts: list[Fact], text: str, months: bool = True) -> None:
        self.facts = facts
        self.text = text
        self.months = months  # month_words "whole_words" (d714): claims.naming_words
        self._subjects: dict[tuple[int, int], frozenset[str]] = {}
        self._periods: dict[tuple[int, int], tuple[str, ...]] | None = None
        self._prose: dict[tuple[str, str], list[Fact]] | None = None
        self._index: dict[tuple[int, int], int] | None = None

    def subject(self, fact: Fact) -> frozenset[str]:
        """The subject of a prose value: the naming words of its own clause part, between the
        figure before it (or its line's start) and the value, after the last clause break
        ("Pump B delivers 250" -> pump, b, deliv; "... 205 m3/h and the rated flow of pump B
        is 250" -> rate, flow, pump, b). Read on need, once per value."""
        span = (fact.start, fact.end)
        found = self._subjects.get(span)
        if found is None:
            text = self.text
            k = self._order()[span]
            start = text.rfind("\n", 0, fact.start) + 1
            for prev in reversed(self.facts[max(0, k - 3) : k]):
                if not is_period_value(prev.value):
                    start = max(start, prev.end)
                    break
            before = text[start : fact.start]
            cut = [m.end() for m in CLAUSE_CUT.finditer(before)]
            found = self._subjects[span] = naming_words(
                before[cut[-1] :] if cut else before, self.months
            )
        return found

    def _order(self) -> dict[tuple[int, int], int]:
        if self._index is None:
            self._index = {(f.start, f.end): k for k, f in enumerate(self.facts)}
        return self._index

    def prose(self, fact: Fact) -> list[Fact]:
        """The prose values of `fact`'s kind and unit within _NEAR characters of it."""
        if self._prose is None:
            # Built whole before it is kept: shared by the cases citing its text (d471).
            prose: dict[tuple[str, str], list[Fact]] = {}
            for f in self.facts:
                if not f.in_table:
                    prose.setdefault((f.value.kind, f.value.unit), []).append(f)
            self._prose = prose
        near = self._prose.get((fact.value.kind, fact.value.unit), [])
        return [f for f in near if abs(f.start - fact.start) <= _NEAR]

    def another_subject(
        self, fact: Fact, words: frozenset[str], periods: tuple[str, ...] = ()
    ) -> Fact | None:
        """The prose value of the same attribute that the excerpt says of the subject the
        answer's `words` name, near `fact` (a sentence or a list of several subjects: within
        _NEAR characters), where `fact` is said of another one: the two subjects share more
        naming words than either has of its own (the attribute: "pump", "deliv"; "泵", "额定",
        "流量"), the values are of one unit, the answer says every word that sets the named
        subject apart and none of `fact`'s own, and names no period the other value is not of
        ("Pump I delivers 250" where the excerpt says "Pump I delivers 205 m3/h. Pump B
        delivers 250 m3/h."). None: the answer names no other subject distinctly (the value
        alone decides, d169)."""
        others = [
            other
            for other in self.prose(fact)
            if other.value.quantity != fact.value.quantity and not is_period_value(other.value)
        ]
        if not others:
            return None
        own = self.subject(fact)
        if not own or own <= words:
            return None  # no subject, or the answer says every word of the value's own
        for other in others:
            theirs = self.subject(other)
            shared = len(own & theirs)
            apart, mine = theirs - own, own - theirs
            if not (apart and mine) or shared < max(len(apart), len(mine)):
                continue  # another attribute, or no one attribute of two subjects
            if not apart <= words or mine & words:
                continue
            if periods and contradicts(periods, self.periods_of(other)):
                continue  # the named subject's value of another period
            return other
        return None

    def periods_of(self, fact: Fact) -> tuple[str, ...]:
        """A prose value's own periods, read as an answer's are (excerpt_facts)."""
        if self._periods is None:
            self._periods = value_periods(self.text)
        return self._periods.get((fact.start, fact.end), ())


@text_memo(max_bytes=8 * 2**20, item_bytes=0)
def may_say_of_two_subjects(excerpt: str) -> bool:
    """A necessary condition for another_subject to find anything in a one-line excerpt,
    checked before its facts are read (d448, d477): two of its values of one kind and unit and two
    quantities, at most _NEAR characters apart, not both periods (the other one is no period).
    A one-line excerpt's facts are its values (facts.py), so one that fails this has no value
    with another of the same attribute near it: "Pressure 51,273 ... 620.88%" (a count and a
    percent) says nothing of two subjects; "Pump I delivers 205 m3/h. Pump B delivers 250
    m3/h." may. Kept per text: asked for each value of an answer, and excerpts repeat."""
    recent: dict[tuple[str, str], list[tuple[int, str, bool]]] = {}
    for v in extract_numbers(excerpt):
        key = (v.kind, v.unit)
        period = is_period_value(v)
        near = [r for r in recent.get(key, ()) if v.start - r[0] <= _NEAR]
        if any(q != v.quantity and not (p and period) for _, q, p in near):
            return True
        near.append((v.start, v.quantity, period))
        recent[key] = near
    return False


def subject_name(seen: ProseSubjects, fact: Fact, other: Fact | None) -> str:
    """What the excerpt says `fact` of, as written: the capitalised name before it in its
    clause that holds a word setting it apart from `other`'s subject ("Pump B"), else the two
    words there that hold one ("pump B"), else its clause's words before it, quoted
    ("“泵B的额定流量为”")."""
    text = seen.text
    own = seen.subject(fact)
    apart = own - seen.subject(other) if other else own
    line_start = text.rfind("\n", 0, fact.start) + 1
    start = max(line_start, fact.start - 80)
    before = text[start : fact.start]
    cut = [m.end() for m in CLAUSE_CUT.finditer(before)]
    clause = before[cut[-1] :] if cut else before
    for m in reversed(list(_NAME.finditer(clause))):
        if naming_words(m.group(0), seen.months) & apart:
            return m.group(0)
    tokens = clause.split()
    for k in range(len(tokens) - 1, 0, -1):
        pair = " ".join(tokens[k - 1 : k + 1])
        if naming_words(pair, seen.months) & apart:
            return pair
    return f"“{clause.strip()}”" if clause.strip() else fact.value.text


# How far apart two values of one sentence or list of subjects may be (characters).
_NEAR = 400
_NAME = re.compile(r"(?<![\w])[A-Z][\w&'.-]*(?:\s+(?:of\s+|&\s+)?[A-Z][\w&'.-]*)*")
# Where a prose clause ends (comparisons.py): a semicolon or colon, every comma, a sentence's
# end, a joining word (also the clause a relative period of the answer is read in,
# answer_periods.py).
CLAUSE_CUT = re.compile(rf"[{CLAUSE_MARKS}{EVERY_COMMA}]|{SENTENCE_END}|{joiner()}")
