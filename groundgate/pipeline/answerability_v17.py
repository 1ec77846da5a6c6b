"""answerability-v17 (issue 32, d722-d723; the default since answer-assembly/2026-11.21): v16,
and a general noun of the question (a hypernym) is found where the chunk names an instance of
it - "the test machine" in "a MacBook Pro", "each site" in "per station", "which JavaScript
engine" in "the SpiderMonkey interpreter", "which fuzzing tool" in "fuzz tester".

The table is English, a hypernym and the nouns that name its instances, general knowledge of
the language (WordNet's hyponym relation, written out: PyPI bundles no WordNet relations, d659),
not a document's words: a word of a chunk is an instance of at most a few hypernyms. A named
term (a product, a measured thing) is never found this way: its spelling is its identity.
answerability.py's `_found` reads it for version 17 and later. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

# hypernym -> the nouns naming its instances (lower case, whole words; plurals read too)
HYPERNYMS: dict[str, frozenset[str]] = {
    hypernym: frozenset(instances.split())
    for hypernym, instances in {
        "machine": "macbook laptop notebook computer pc desktop server workstation pump motor",
        "computer": "macbook laptop notebook pc desktop server workstation",
        "laptop": "macbook notebook",
        "hardware": "macbook laptop computer processor cpu",
        "site": "station plant facility factory depot works",
        "facility": "station plant factory depot works",
        "location": "station plant facility site",
        "installation": "station plant facility",
        "plant": "station facility factory works",
        "engine": "interpreter vm compiler jit",
        "tool": "tester fuzzer analyzer analyser profiler debugger compiler",
        "organisation": "foundation corporation company university program programme agency",
        "organization": "foundation corporation company university program programme agency",
        "sponsor": "foundation corporation company program programme",
        "chip": "processor cpu core",
        "chips": "processor processors cpu cpus core",
        "processor": "cpu core",
        "equipment": "pump motor valve machine",
        "device": "pump motor valve machine",
    }.items()
}


def names_an_instance(term: str, lowered: str) -> bool:
    """v17: the chunk (lower-cased) names an instance of the question's general noun `term`."""
    instances = HYPERNYMS.get(term) or HYPERNYMS.get(term.removesuffix("s"))
    if not instances:
        return False
    return any(re.search(rf"(?<![a-z0-9]){re.escape(i)}s?(?![a-z0-9])", lowered) for i in instances)
