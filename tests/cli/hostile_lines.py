"""JSONL lines that probe every way an answer case can be refused, and a few that must pass.

The CLI's output for these lines (stdout, stderr and exit code) is pinned by digest in
test_cli_bytes.py, so a faster read / limit check / validation path cannot change a single byte
of any error message or verdict. Deterministic: built from literals and a seeded corpus case.
"""

from __future__ import annotations

import copy
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from corpus import make_case

GOOD = {
    "case_id": "h-1",
    "question": "How often, and how much?",
    "raw_chunks": [
        {
            "chunk_id": "c1",
            "text": "Inspect every 90 days. The budget is 1,250 dollars.",
            "page_index": 0,
            "position_int": [[1, 72, 523, 100, 160], [1, 72.5, 523.25, 160, 190]],
        },
        {"chunk_id": "c2", "text": "Unrelated text about 7 pumps.", "page_index": 1},
    ],
    "answer": {
        "conclusion": "Every 90 days, for 1,250 dollars.",
        "evidences": [
            {
                "chunk_id": "c1",
                "excerpt": "every 90 days",
                "page_index": 0,
                "bbox": [72, 100, 523, 160],
            },
            {"chunk_id": "c1", "excerpt": "The budget is 1,250 dollars"},
        ],
    },
}


def _with(path: str, value) -> dict:
    """GOOD with the value at a dotted path (ints index lists) replaced; "-" deletes it."""
    case = copy.deepcopy(GOOD)
    *parents, last = [int(p) if p.isdigit() else p for p in path.split(".")]
    node = case
    for part in parents:
        node = node[part]
    if value == "-":
        del node[last]
    else:
        node[last] = value
    return case


def lines() -> list[bytes]:
    out: list[bytes] = []

    def add(value) -> None:
        out.append(value if isinstance(value, bytes) else json.dumps(value).encode())

    add(GOOD)
    add(_with("answer.conclusion", "Every 9 days."))  # rejected, not bad input
    # Not JSON, not UTF-8, not an object.
    for raw in (b"{not json", b"[1, 2", b'{"case_id": "x",}', b"\xff\xfe{}", b'"just a string"'):
        add(raw)
    add(b"[]")
    add(b"null")
    add(b"42")
    add(b'{"case_id": "s", "answer": {}, "question": "\\ud800 lone surrogate"}')
    add("\ufeff".encode() + json.dumps(GOOD).encode())  # a byte order mark
    # NaN / Infinity anywhere, and numbers JSON allows but 64 bits do not hold.
    add(json.dumps(GOOD).replace('"bbox": [72,', '"bbox": [NaN,').encode())
    add(json.dumps(GOOD).replace('"page_index": 1}', '"page_index": Infinity}').encode())
    add(json.dumps(GOOD).replace('"page_index": 1}', '"page_index": -Infinity}').encode())
    add(json.dumps(GOOD).replace('"page_index": 1}', '"page_index": 1e400}').encode())
    add(_with("raw_chunks.1.page_index", -(10**30)))
    add(_with("raw_chunks.1.page_index", 10**30))
    add(_with("raw_chunks.1.page_index", 2**64 + 1))
    add(_with("raw_chunks.1.page_index", 2**63))
    add(_with("raw_chunks.1.page_index", 3.0))
    add(_with("raw_chunks.1.page_index", 3.5))
    add(_with("raw_chunks.1.page_index", "3"))
    add(_with("raw_chunks.1.page_index", True))
    add(_with("raw_chunks.1.page_index", -1))
    add(_with("raw_chunks.1.page_index", 1e19))
    # Types and missing fields.
    add(_with("case_id", 17))
    add(_with("case_id", None))
    add(_with("case_id", "-"))
    add(_with("answer", "-"))
    add(_with("answer", []))
    add(_with("answer.evidences", {}))
    add(_with("answer.evidences.0.excerpt", "-"))
    add(_with("answer.evidences.0.excerpt", 5))
    add(_with("answer.evidences.0.chunk_id", ["c1"]))
    add(_with("answer.conclusion", None))
    add(_with("answer.conclusion", 1.5))
    add(_with("question", None))
    add(_with("raw_chunks", None))
    add(_with("raw_chunks", []))
    add(_with("raw_chunks", {"c1": "x"}))
    add(_with("raw_chunks.0", "c1"))
    add(_with("raw_chunks.0.text", "-"))
    add(_with("raw_chunks.0.text", b"bytes?".decode()))
    # Ids: empty, blank, too long, control characters.
    add(_with("case_id", ""))
    add(_with("case_id", "   "))
    add(_with("case_id", "x" * 256))
    add(_with("case_id", "x" * 255))
    add(_with("case_id", "a\nb"))
    add(_with("case_id", "a\u2028b"))
    add(_with("case_id", "a\x85b"))
    add(_with("raw_chunks.1.chunk_id", "c\t2"))
    add(_with("answer.evidences.1.chunk_id", ""))
    add(_with("answer.evidences.1.chunk_id", "c9"))  # unknown chunk: a verdict
    add({**GOOD, "request_id": "r\x00"})
    add({**GOOD, "extra": {"chunk_id": "\x07"}})
    # Boxes.
    add(_with("answer.evidences.0.bbox", [523, 100, 72, 160]))
    add(_with("answer.evidences.0.bbox", [72, 160, 523, 100]))
    add(_with("answer.evidences.0.bbox", [72, 100, 523, 2_000_000]))
    add(_with("answer.evidences.0.bbox", [72, 100, 523]))
    add(_with("answer.evidences.0.bbox", [72, 100, 523, 160, 1]))
    add(_with("answer.evidences.0.bbox", [72, 100, "523", 160]))
    add(_with("answer.evidences.0.bbox", [72, 100, True, 160]))
    add(_with("answer.evidences.0.bbox", [72.0, 100.5, 523, 160.25]))
    add(_with("answer.evidences.0.bbox", None))
    add(_with("answer.evidences.0.bbox", [[72], 100, 523, 160]))
    add(_with("answer.evidences.0.bbox", {"x0": 72}))
    # position_int rows.
    for row in (
        [0, 72, 523, 100, 160],
        [-3, 72, 523, 100, 160],
        [1, 523, 72, 100, 160],
        [1, 72, 523, 160, 100],
        [1, 72, 2_000_000, 100, 160],
        [1, -2_000_000, 523, 100, 160],
        [1, 72, 523, 100],
        [1, 72, 523, 100, 160, 7],
        [1, 72, "523", 100, 160],
        ["1", 72, 523, 100, 160],
        [1.0, 72, 523, 100, 160],
        [0.5, 72, 523, 100, 160],
        [1.5, 72, 523, 100, 160],
        [True, 72, 523, 100, 160],
        [1, True, False, 100, 160],
        [1, False, True, 100, 160],
        [1, None, 523, 100, 160],
        [1, [72], 523, 100, 160],
        {"page": 1},
        "12345",
        [1, 72, 523, 100, 1e300],
        [1e300, 72, 523, 100, 160],
        [1, 72, 523, 100, 2**64],
    ):
        add(_with("raw_chunks.0.position_int.1", row))
    add(_with("raw_chunks.0.position_int", []))
    add(_with("raw_chunks.0.position_int", None))
    add(_with("raw_chunks.0.position_int", [1, 72, 523, 100, 160]))
    add(_with("raw_chunks.0.position_int", "rows"))
    add({**GOOD, "extra": {"position_int": [[0, 1, 2, 3, 4]]}})
    add({**GOOD, "extra": {"bbox": [3, 2, 1, 0]}})
    add({**GOOD, "extra": {"page_index": -5}})
    add({**GOOD, "extra": [{"position_int": [[2, 1, 0, 3, 4]]}]})
    # Sizes: text, items, depth.
    add(_with("raw_chunks.1.text", "y" * 50_000))
    add(_with("raw_chunks.1.text", "y" * 50_001))
    add(_with("answer.conclusion", "z" * 60_000))
    add({**GOOD, "extra": "e" * 50_001})
    add({**GOOD, "extra": ["e" * 50_001]})
    add({**GOOD, "extra": list(range(2001))})
    add({**GOOD, "extra": list(range(2000))})
    add(_with("raw_chunks.0.position_int", [[1, 72, 523, 100, 160]] * 2001))
    add({**GOOD, "extra": {"e": [1e300, 2.5]}})
    add({**GOOD, "extra": [1e300]})
    nested: list = []
    for _ in range(40):
        nested = [nested]
    add({**GOOD, "extra": nested})
    add(b'{"case_id": "deep", "answer": ' + b"[" * 5000 + b"]" * 5000 + b"}")
    add(b"[" * 100_000 + b"]" * 100_000)
    add({**GOOD, "extra": "x" * (2 * 1024 * 1024)})
    # Duplicate keys: the last one counts everywhere.
    add(b'{"case_id": "dup", "case_id": "dup-2", "answer": {"conclusion": "1", "evidences": []}}')
    add(
        b'{"case_id": "dup", "raw_chunks": [{"chunk_id": "c", "text": "t 5", "page_index": -1, '
        b'"page_index": 0}], "answer": {"conclusion": "5", "evidences": '
        b'[{"chunk_id": "c", "excerpt": "t 5"}]}}'
    )
    # Extras are ignored; numbers keep their JSON type in the echoed evidence.
    add({**GOOD, "score": 0.93, "meta": {"model": "m", "tags": ["a", None, True]}})
    add(_with("answer.evidences.0.bbox", [72.0, 100, 523.0, 160]))
    add(_with("answer.evidences.0.bbox", [-0.0, 100, 523, 160]))
    add(_with("answer.evidences.0.bbox", [1e-7, 100, 523.000000000001, 160]))
    # Blank lines are skipped but counted.
    add(b"")
    add(b"   ")
    rng = random.Random(15)
    for n in range(3):
        add(make_case(rng, n))
    add(b'{"case_id": "escaped \\u00e9\\n", "answer": {"conclusion": "\\u4e07", "evidences": []}}')
    return out


if __name__ == "__main__":
    sys.stdout.buffer.write(b"\n".join(lines()) + b"\n")
