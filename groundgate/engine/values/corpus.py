"""The shape of a kind's corpus (values/<kind>/corpus_en.py, corpus_zh.py), in the manner of
Duckling's per-dimension, per-language Corpus files: texts that must be read as a value of the
kind, with the value expected, and texts in which no such value may be read.
tests/engine/test_value_corpora.py runs every corpus file under values/ (`make test` runs it).
Pure: no Django, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Reads:
    """`text` holds a value of the kind at `surface` (its characters in the text, unit and
    currency included) whose typed value (ValueKind.value_of) is `value`. With `capitals`
    ("units", "units_months"): as the evidence is read under that capital_words reading
    (values/capitals.py, d679), and not without it."""

    text: str
    surface: str
    value: object
    capitals: str = ""


@dataclass(frozen=True, slots=True)
class ReadsNot:
    """No value of the kind is read in `text`; with `nothing`, no value of any kind is. With
    `capitals`: not either under that capital_words reading of the evidence."""

    text: str
    nothing: bool = False
    capitals: str = ""
