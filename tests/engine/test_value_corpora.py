"""Every kind's corpus (groundgate/engine/values/<kind>/corpus_en.py, corpus_zh.py): each text it
must read is read as one value of that kind, at that place, with that typed value; in each text it
must not read, no value of the kind (or, marked `nothing`, no value at all) is read."""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

import pytest

from groundgate.engine import values
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.quantities import typed
from groundgate.engine.values.capitals import folded
from groundgate.engine.values.corpus import Reads, ReadsNot
from groundgate.engine.values.registry import BY_NAME, KINDS

# The kinds of a folder besides the one named after it.
_ALSO = {"percent": frozenset({"permille"})}


def _corpora() -> list[tuple[str, str, ModuleType]]:
    found = []
    for folder in pkgutil.iter_modules(values.__path__):
        if not folder.ispkg:
            continue
        package = importlib.import_module(f"{values.__name__}.{folder.name}")
        for module in pkgutil.iter_modules(package.__path__):
            if module.name.startswith("corpus_"):
                corpus = importlib.import_module(f"{package.__name__}.{module.name}")
                found.append((folder.name, module.name.removeprefix("corpus_"), corpus))
    return found


CORPORA = _corpora()
MUST = [(f, lang, ex) for f, lang, c in CORPORA for ex in c.MUST]
MUST_NOT = [(f, lang, ex) for f, lang, c in CORPORA for ex in c.MUST_NOT]


def _kinds(folder: str) -> frozenset[str]:
    return frozenset({BY_NAME[folder].name}) | _ALSO.get(folder, frozenset())


def _value_of(folder: str, q):
    return BY_NAME[folder].value_of(q)


def test_every_kind_has_a_corpus_in_english_and_chinese():
    have = {(folder, lang) for folder, lang, _ in CORPORA}
    also = frozenset().union(*_ALSO.values())  # (in their folder's corpus)
    for kind in KINDS:
        if kind.name in also:
            continue
        assert {(kind.name, "en"), (kind.name, "zh")} <= have, kind.name


def _read(text: str, capitals: str) -> list:
    """The values of `text`, as the evidence is read under capital_words `capitals` ("": as
    the grammar reads any text): values/capitals.folded keeps every span, the text as written."""
    if not capitals:
        return extract_numbers(text)
    values = extract_numbers(folded(text, capitals == "units_months"))
    return [v._replace(text=text[v.start : v.end]) for v in values]


@pytest.mark.parametrize(("folder", "lang", "example"), MUST, ids=lambda x: getattr(x, "text", x))
def test_a_corpus_text_that_must_be_read_is_read(folder: str, lang: str, example: Reads):
    read = _read(example.text, example.capitals)
    # Every value's span lies in the text and is its surface: a value that ends the text ends
    # there ("...罚款人民币20万元" is not marked as "20万元，并责" where the text goes on).
    assert all(0 <= v.start < v.end <= len(example.text) for v in read), read
    assert all(example.text[v.start : v.end] == v.text for v in read), read
    found = [v for v in read if v.text == example.surface]
    assert found, [v.text for v in read]
    q = typed(found[0])
    assert q.kind in _kinds(folder)
    assert _value_of(folder, q) == example.value
    if example.capitals:  # read only so: in an answer's sentence, the words are as written
        assert all(v.text != example.surface for v in extract_numbers(example.text))


@pytest.mark.parametrize(
    ("folder", "lang", "example"), MUST_NOT, ids=lambda x: getattr(x, "text", x)
)
def test_a_corpus_text_that_must_not_be_read_is_not(folder: str, lang: str, example: ReadsNot):
    found = [typed(v) for v in _read(example.text, example.capitals)]
    if example.nothing:
        assert found == []
    else:
        assert all(q.kind not in _kinds(folder) for q in found), [q.value.text for q in found]
