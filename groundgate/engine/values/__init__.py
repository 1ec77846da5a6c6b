"""The kinds of value the answer gate reads: one folder (or module) per kind, listed in one place,
values/registry.py. A kind says what its values are (its typed value), how each language writes
them (rules_en.py, rules_zh.py), when two of them are the same value and under which named
equivalence rule, which near misses it offers, which index keys it is filed under, and whether it
takes part in derivations; its corpus (corpus_en.py, corpus_zh.py) lists texts that must and must
not be read as it. The guide: docs/value-kinds.md.
(This module imports nothing, so that the grammar's modules may import a kind's rules.)
"""
