"""Generate a realistic answer-gate corpus: 20 chunks of ~800 characters, 5 evidences with
page/bbox, a few numbers per conclusion. Deterministic (seeded) so figures are comparable."""

from __future__ import annotations

import json
import random
from pathlib import Path

WORDS = (
    "the inspection report states that pump station valve pressure was measured during "
    "maintenance window and the operator recorded flow rate temperature within tolerance "
    "according to section procedure annual review budget contract penalty clause applies"
).split()


def _sentence(rng: random.Random) -> str:
    words = rng.choices(WORDS, k=rng.randint(8, 16))
    words.insert(rng.randint(1, len(words) - 1), f"{rng.randint(1, 99_999):,}")
    words.insert(rng.randint(1, len(words) - 1), f"{rng.randint(1, 999)}.{rng.randint(0, 99)}%")
    return " ".join(words).capitalize() + "."


def make_case(rng: random.Random, n: int, *, bad_share: float = 0.2) -> dict:
    chunks = []
    for i in range(20):
        text = ""
        while len(text) < 800:
            text += _sentence(rng) + " "
        page = rng.randint(1, 40)
        top = rng.randint(50, 600)
        chunks.append(
            {
                "chunk_id": f"doc{n % 97}-c{i}",
                "text": text.strip(),
                "page_index": page - 1,
                "position_int": [
                    [page, 72, 523, top, top + 60],
                    [page, 72, 523, top + 60, top + 90],
                ],
            }
        )
    evidences = []
    numbers = []
    for chunk in rng.sample(chunks, 5):
        sentences = chunk["text"].split(". ")
        excerpt = sentences[rng.randrange(len(sentences) - 1)]
        page, x0, x1, top, bottom = chunk["position_int"][0]
        evidences.append(
            {
                "chunk_id": chunk["chunk_id"],
                "excerpt": excerpt,
                "page_index": page - 1,
                "bbox": [x0, top, x1, bottom],
            }
        )
        numbers += [w.rstrip(".,") for w in excerpt.split() if w[0].isdigit()]
    picked = rng.sample(numbers, min(3, len(numbers)))
    if rng.random() < bad_share:
        picked.append(str(rng.randint(100_000, 999_999)))  # a number no excerpt has
    conclusion = "According to the records, the values were " + ", ".join(picked) + "."
    return {
        "case_id": f"bench-{n}",
        "question": "What values did the inspection record?",
        "raw_chunks": chunks,
        "answer": {"conclusion": conclusion, "evidences": evidences},
    }


def write_corpus(path: Path, count: int, seed: int = 20261122) -> Path:
    rng = random.Random(seed)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as fh:
        for n in range(count):
            fh.write(json.dumps(make_case(rng, n), ensure_ascii=False) + "\n")
    return path
