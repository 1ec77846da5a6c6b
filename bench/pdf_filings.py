"""FinanceBench's questions on the three filings in ../shared, gated over OUR chunks of the PDF.

    python bench/pdf_filings.py [FIELD=VALUE ...]
    python bench/pdf_filings.py --period-rows [FIELD=VALUE ...]   (PERIOD_ROWS alone, d1013)

(FIELD=VALUE: every way, the dataset's chunks too, gated with those policy fields changed:
`fiscal_years=calendar` gives 2.76.1's fiscal reading, d945.)

FinanceBench's cases carry the dataset's own page text, cut into chunks (one PDF line a text
line). Here the questions whose document is one of the three PDFs beside the data
(ULTABEAUTY_2023Q4_EARNINGS, BESTBUY_2024Q2_10Q, JOHNSON_JOHNSON_2023_8K_dated-2023-08-30) are
gated over the chunks GroundGate's own ingestion makes of their evidence pages
(documents.pdf_text.extract_pdf), each chunk whole as an excerpt (as the dataset's cases cite
theirs), in five ways, and three citing less:
  - chunking 1 / one_part: version 1's text (a block's lines joined by spaces: block_view of
    version 2's, d907) under date_columns "one_part" - GroundGate before d905 and d906;
  - chunking 2 / one_part, chunking 1 / each_date: each change alone;
  - chunking 2 / each_date: both (the default of 2.72.0-2.76.1);
  - chunking 3 / each_date: version 3's chunks (a table's head kept with its rows, prose not
    read as rows, a wrapped label joined: d965-d967);
  - chunking 4 / each_date: version 4's (a statement's whole head with its rows and carried to
    its later chunks, each statement its own chunk: d990-d992), the default now;
  - chunking 2 / 3 / 4, its figure's chunk cited: each answer cites only the chunks that print one
    of its figures (the page's chunks all given as raw chunks), so a chunk's own scale line and
    header decide (d965, d968);
  - rows cited / excerpt, rows cited / chunk_columns: chunking 4 / each_date with only the lines
    of the chunks that hold a figure the answer says (not a year) cited, each line an excerpt
    (a row quoted without its header, d940), under excerpt_headers "excerpt" (the row read
    alone, 2.76.1's reading) and "chunk_columns" (the default: headed by its chunk);
  - chunking 5 (stacked statements' heads, the page's scale line alone, a compact carried
    header, a statement's rows kept together: d1031-d1034), the default now: whole chunks, its
    figure's chunk and rows cited both ways;
and over the dataset's own chunks under the default policy, for reference. Counted: right
answers (gold and graded correct) accepted, graded incorrect accepted, the gold answers' slips
(bench/financebench_kinds.mutations: a digit, the scale, the sign) accepted, and "another cell"
slips: a right answer with one figure replaced by another figure of the same table row in our
chunks (version 2's rows, so every way gates the same slips; the other period's or column's
cell: d903's kind of wrong answer). Then PERIOD_ROWS (d1013): right answers citing only their
row and saying its cell's length and day, and the same rows said of another column's, under
period_words "excerpt" (2.85.0's reading) and the policy given.
"""

from __future__ import annotations

import collections
import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from financebench_kinds import mutations  # noqa: E402

from groundgate.documents.chunking import ChunkingPolicy, block_view  # noqa: E402
from groundgate.documents.pdf_text import extract_pdf  # noqa: E402
from groundgate.engine.gates.answer import (  # noqa: E402
    DEFAULT_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)

DATA = Path(os.environ.get("GROUNDGATE_SHARED_DIR", ROOT.parent / "shared")) / "data"
FILINGS = (
    "ULTABEAUTY_2023Q4_EARNINGS",
    "BESTBUY_2024Q2_10Q",
    "JOHNSON_JOHNSON_2023_8K_dated-2023-08-30",
)
ONE_PART = AnswerGatePolicy(date_columns="one_part")
EXCERPT_ALONE = AnswerGatePolicy(excerpt_headers="excerpt")


def our_chunks(doc: str, version: int) -> dict[int, list[tuple[str, str]]]:
    """page -> [(chunk id, text)] of our ingestion of `doc` by chunking `version` (1: version
    2's chunks with their rows joined by spaces again, block_view)."""
    data = (DATA / "financebench" / f"{doc}.pdf").read_bytes()
    pdf = extract_pdf(data, policy=ChunkingPolicy(version=max(version, 2)))
    out: dict[int, list[tuple[str, str]]] = collections.defaultdict(list)
    for i, c in enumerate(pdf.chunks):
        text = block_view(c.text, {"rows": c.row_breaks}) if version == 1 else c.text
        out[c.page_index].append((f"{doc}-v{version}-{i:05d}", text))
    return out


def cases() -> list[tuple[str, dict, str]]:
    """(group, the dataset's case, its document) of every answer on the three filings, and the
    gold answers' slips."""
    out = []
    for name in ("cases.jsonl", "gold_cases.jsonl"):
        for line in (DATA / "financebench" / name).open(encoding="utf-8"):
            row = json.loads(line)
            label, case = row["label"], row["case"]
            if label["doc_name"] not in FILINGS or label["human_grade"] == "refusal":
                continue
            grade = label["human_grade"]
            out.append((grade, case, label["doc_name"]))
            if grade == "gold":
                said = case["answer"]["conclusion"] or ""
                for kind, wrong in mutations(said, label.get("answer_numbers") or []).items():
                    slip = {**case, "answer": {**case["answer"], "conclusion": wrong}}
                    out.append((f"slip: {kind}", slip, label["doc_name"]))
    return out


_FIGURE = re.compile(
    r"(?<![\w.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w,])|(?<![\w.,])\d+\.\d+(?![\w])"
)


def other_cells(case: dict, rows: list[str]) -> list[dict]:
    """The right answer with one figure replaced by another figure of its table row (a row of
    our chunks holding the figure among two figures or more): one case per figure so replaced."""
    said = case["answer"]["conclusion"] or ""
    out = []
    for m in _FIGURE.finditer(said):
        figure = m.group(0)
        for row in rows:
            cells = _FIGURE.findall(row)
            if figure in cells and len(cells) >= 2:
                other = next(c for c in cells if c != figure) if len(set(cells)) > 1 else None
                if other is not None:
                    wrong = said[: m.start()] + other + said[m.end() :]
                    out.append({**case, "answer": {**case["answer"], "conclusion": wrong}})
                break
    return out


_NUMBER = re.compile(r"(?<![\w.,])\d[\d,]*(?:\.\d+)?(?![\w])")


_YEAR = re.compile(r"(?:19|20)\d\d")


def _prints_said(case: dict) -> Callable[[str], bool]:
    """Whether a text prints one of the answer's figures, digits as written: a number of the
    conclusion (a sentence's "," or "." after it left out) of two characters or more, not a
    year. One rule for a chunk cited (`holding`) and a row cited (`said_rows`)."""
    said = {n.rstrip(",.") for n in _NUMBER.findall(case["answer"]["conclusion"] or "")}
    said = {n for n in said if not _YEAR.fullmatch(n) and len(n) > 1}
    return lambda text: bool(said & {n.rstrip(",.") for n in _NUMBER.findall(text)})


def holding(case: dict, chunks: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The chunks that print one of the answer's figures: an answer citing only the chunk its
    figure is read from. All of them when none does."""
    prints = _prints_said(case)
    return [c for c in chunks if prints(c[1])] or chunks


def said_rows(case: dict, chunks: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """(chunk id, line) of each line of the chunks that prints one of the answer's figures: a
    row cited without its header lines (d940). None found: the chunks whole."""
    prints = _prints_said(case)
    return [(i, line) for i, text in chunks for line in text.split("\n") if prints(line)] or chunks


def over(case: dict, chunks: list[tuple[str, str]], cited: list[tuple[str, str]]) -> AnswerCase:
    return AnswerCase.model_validate(
        {
            "case_id": case["case_id"],
            "question": case["question"],
            "raw_chunks": [{"chunk_id": i, "text": t} for i, t in chunks],
            "answer": {
                "conclusion": case["answer"]["conclusion"],
                "evidences": [{"chunk_id": i, "excerpt": t} for i, t in cited],
            },
        }
    )


# A right answer that quotes only its row and says its cell's period (issue 28, s52, d1011),
# and the same row said of another column's length or day: (filing, the row's first words,
# conclusion, right). Each question names no period, so the period words are the answer's claim.
PERIOD_ROWS = (
    ("ULTABEAUTY_2023Q4_EARNINGS", "Net income $ 1,242,408",
     "Net income was $1,242,408 thousand in the 52 weeks ended January 28, 2023.", True),
    ("ULTABEAUTY_2023Q4_EARNINGS", "Net sales $ 10,208,580",
     "Net sales were $10,208,580 thousand in the 52 weeks ended January 28, 2023.", True),
    ("ULTABEAUTY_2023Q4_EARNINGS", "Net income $ 340,751",
     "Net income was $340,751 thousand in the 13 weeks ended January 28, 2023.", True),
    ("ULTABEAUTY_2023Q4_EARNINGS", "Net sales $ 3,226,773",
     "Net sales were $3,226,773 thousand in the 13 weeks ended January 28, 2023.", True),
    ("ULTABEAUTY_2023Q4_EARNINGS", "Net income $ 1,242,408",
     "In the 52 weeks ended January 28, 2023, net income was $1,242,408 thousand.", True),
    ("BESTBUY_2024Q2_10Q", "Revenue $ 9,583",
     "Revenue was $9,583 million in the three months ended July 29, 2023.", True),
    ("BESTBUY_2024Q2_10Q", "Revenue $ 9,583",
     "Revenue was $19,050 million in the six months ended July 29, 2023.", True),
    ("BESTBUY_2024Q2_10Q", "Net earnings $ 274",
     "Net earnings were $518 million in the six months ended July 29, 2023.", True),
    # Ulta's cash-flow statement and balance sheet, a section's name under the header (d1039).
    ("ULTABEAUTY_2023Q4_EARNINGS", "Repurchase of common shares (900,033)",
     "Ulta Beauty spent $900,033 thousand on repurchases of common shares in the 52 weeks ended "
     "January 28, 2023.", True),
    ("ULTABEAUTY_2023Q4_EARNINGS", "Capital expenditures (312,126)",
     "Capital expenditures were $312,126 thousand in the 52 weeks ended January 28, 2023.", True),
    ("ULTABEAUTY_2023Q4_EARNINGS", "Depreciation and amortization 241,372",
     "Depreciation and amortization was $241,372 thousand in the 52 weeks ended January 28, "
     "2023.", True),
    ("ULTABEAUTY_2023Q4_EARNINGS", "Cash and cash equivalents $ 737,877",
     "Cash and cash equivalents were $737,877 thousand at January 28, 2023.", True),
    ("ULTABEAUTY_2023Q4_EARNINGS", "Net income $ 1,242,408",
     "Net income was $1,242,408 thousand in the 13 weeks ended January 28, 2023.", False),
    ("ULTABEAUTY_2023Q4_EARNINGS", "Repurchase of common shares (900,033)",
     "Ulta Beauty spent $900,033 thousand on repurchases of common shares in the 13 weeks ended "
     "January 28, 2023.", False),
    ("ULTABEAUTY_2023Q4_EARNINGS", "Repurchase of common shares (900,033)",
     "Ulta Beauty spent $900,033 thousand on repurchases of common shares in the 52 weeks ended "
     "January 29, 2022.", False),
    ("ULTABEAUTY_2023Q4_EARNINGS", "Capital expenditures (312,126)",
     "Capital expenditures were $172,187 thousand in the 52 weeks ended January 28, 2023.", False),
    ("ULTABEAUTY_2023Q4_EARNINGS", "Cash and cash equivalents $ 737,877",
     "Cash and cash equivalents were $737,877 thousand at January 29, 2022.", False),
    ("ULTABEAUTY_2023Q4_EARNINGS", "Net sales $ 3,226,773",
     "Net sales were $3,226,773 thousand in the 52 weeks ended January 28, 2023.", False),
    ("ULTABEAUTY_2023Q4_EARNINGS", "Net income $ 1,242,408",
     "Net income was $1,242,408 thousand in the 52 weeks ended January 29, 2022.", False),
    ("ULTABEAUTY_2023Q4_EARNINGS", "Net income $ 340,751",
     "Net income was $340,751 thousand in the 52 weeks ended January 28, 2023.", False),
    ("BESTBUY_2024Q2_10Q", "Revenue $ 9,583",
     "Revenue was $19,050 million in the three months ended July 29, 2023.", False),
    ("BESTBUY_2024Q2_10Q", "Revenue $ 9,583",
     "Revenue was $9,583 million in the six months ended July 29, 2023.", False),
    ("BESTBUY_2024Q2_10Q", "Revenue $ 9,583",
     "Revenue was $9,583 million in the three months ended July 30, 2022.", False),
    ("BESTBUY_2024Q2_10Q", "Net earnings $ 274",
     "Net earnings were $518 million in the six months ended July 30, 2022.", False),
)  # fmt: skip


def period_rows(default: AnswerGatePolicy) -> None:
    """PERIOD_ROWS over chunking 4, each citing only its row (the page's chunks given): right
    answers and another column's period accepted, under period_words "excerpt" (2.85.0's
    reading) and the policy given."""
    ways = {"period_words excerpt": default.model_copy(update={"period_words": "excerpt"})}
    ways["period_words cell_headers"] = default.model_copy(update={"period_words": "cell_headers"})
    ways["default"] = default
    accepted: dict[tuple[bool, str], int] = collections.Counter()
    print("\n| row cited, its period said | cases | " + " | ".join(ways) + " |")
    print("|---|---|" + "---|" * len(ways))
    for doc, start, conclusion, right in PERIOD_ROWS:
        chunks = our_chunks(doc, 4)
        page = next(p for p, cs in chunks.items() for _, t in cs if start in t)
        row = next(ln for _, t in chunks[page] for ln in t.split("\n") if ln.startswith(start))
        chunk_id = next(i for i, t in chunks[page] if row in t.split("\n"))
        case = {"case_id": "period-row", "question": "What does the statement report?"}
        case["answer"] = {"conclusion": conclusion}
        for way, policy in ways.items():
            status = gate_answer(over(case, chunks[page], [(chunk_id, row)]), policy).status
            accepted[right, way] += status == "ok"
    for right, name in ((True, "right"), (False, "another column's period")):
        n = sum(1 for *_, r in PERIOD_ROWS if r == right)
        cells = " | ".join(str(accepted[right, w]) for w in ways)
        print(f"| {name} (accepted) | {n} | {cells} |")


def main() -> int:
    if sys.argv[1:2] == ["--period-rows"]:
        changed = dict(arg.split("=", 1) for arg in sys.argv[2:])
        period_rows(DEFAULT_POLICY.model_copy(update=changed))
        return 0
    changed = dict(arg.split("=", 1) for arg in sys.argv[1:])
    default = DEFAULT_POLICY.model_copy(update=changed)
    one_part = ONE_PART.model_copy(update=changed)
    excerpt_alone = EXCERPT_ALONE.model_copy(update=changed)
    ours = {(v, doc): our_chunks(doc, v) for doc in FILINGS for v in (1, 2, 3, 4, 5)}
    every = []
    for group, case, doc in cases():
        every.append((group, case, doc))
        if group in ("gold", "correct"):
            pages = sorted({c["page_index"] for c in case["raw_chunks"]})
            rows = [r for p in pages for c in ours[2, doc].get(p, []) for r in c[1].split("\n")]
            every += [("slip: another cell", wrong, doc) for wrong in other_cells(case, rows)]
    ways = {
        "chunking 1 / one_part": (1, one_part, "chunks"),
        "chunking 2 / one_part": (2, one_part, "chunks"),
        "chunking 1 / each_date": (1, default, "chunks"),
        "chunking 2 / each_date": (2, default, "chunks"),
        "chunking 3 / each_date": (3, default, "chunks"),
        "chunking 2, its figure's chunk cited": (2, default, "figure"),
        "chunking 3, its figure's chunk cited": (3, default, "figure"),
        "chunking 4 / each_date": (4, default, "chunks"),
        "chunking 4, its figure's chunk cited": (4, default, "figure"),
        # The rows that hold the answer's figures cited alone (d940): read alone, and with
        # the columns their chunk's header gives (excerpt_headers, the default).
        "rows cited / excerpt": (4, excerpt_alone, "rows"),
        "rows cited / chunk_columns": (4, default, "rows"),
        "chunking 5 / each_date": (5, default, "chunks"),
        "chunking 5, its figure's chunk cited": (5, default, "figure"),
        "chunking 5, rows cited / excerpt": (5, excerpt_alone, "rows"),
        "chunking 5, rows cited / chunk_columns": (5, default, "rows"),
    }
    accepted: dict[tuple[str, str], int] = collections.Counter()
    total: dict[str, int] = collections.Counter()
    moved: list[str] = []
    for group, case, doc in every:
        total[group] += 1
        pages = sorted({c["page_index"] for c in case["raw_chunks"]})
        statuses = {}
        for way, (k, policy, cite) in ways.items():
            chunks = [c for p in pages for c in ours[k, doc].get(p, [])]
            cited = {"chunks": chunks, "figure": holding(case, chunks)}.get(cite)
            cited = said_rows(case, chunks) if cited is None else cited
            statuses[way] = gate_answer(over(case, chunks, cited), policy).status
            accepted[group, way] += statuses[way] == "ok"
        own = gate_answer(AnswerCase.model_validate(case), default).status
        accepted[group, "dataset's chunks"] += own == "ok"
        if len(set(statuses.values())) > 1:
            moved.append(f"{case['case_id']} ({group}): {statuses}")
    columns = [*ways, "dataset's chunks"]
    print("| answers | cases | " + " | ".join(columns) + " |")
    print("|---|---|" + "---|" * len(columns))
    order = ["gold", "correct", "incorrect", "slip: digit", "slip: scale", "slip: sign"]
    order.append("slip: another cell")
    for group in [g for g in order if g in total]:
        cells = " | ".join(str(accepted[group, c]) for c in columns)
        print(f"| {group} (accepted) | {total[group]} | {cells} |")
    print(f"\nstatus differs between the ways: {len(moved)}")
    for line in moved:
        print("  " + line)
    period_rows(default)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
