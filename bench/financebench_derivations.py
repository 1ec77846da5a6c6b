"""Which derivation explains each FinanceBench answer the gate accepts under derived accept.

    python bench/financebench_derivations.py [--data ../shared/data/financebench]
        [--groups digit,scale,sign] [--set FIELD=VALUE ...] [--list]

For the answers of the chosen groups (bench/financebench_halves.py: right, incorrect, digit,
scale, sign) that the gate accepts with a NUMBER_DERIVED finding, each derivation is sorted by
where its operands sit, as policy `derivation_words` reads them (engine/context/operand_rule.py):
  - one row: two cells of one row (a change or an average of one quantity);
  - said: an operand's row label (or a prose value's own sentence) shares a naming word with
    the value's sentence or the question, no statement's name or qualifier;
  - unsaid: neither - on a page of 200 figures, some operation on some pair (gate 2.21.0 took
    these; `--set derivation_words=off` shows them);
  - written: the calculation the answer writes out.
Counts per half of the companies; `--list` prints each derivation with its operands' rows. (The
sort reads row labels and the 80 characters before a prose value with naming_words: a label
printed without spaces and a prose value's sentence are read more simply than the engine does.)
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.financebench_halves import DEFAULT_DATA, built, policy, set_fields  # noqa: E402
from groundgate.engine.context.claims import ClaimReader, naming_words  # noqa: E402
from groundgate.engine.context.excerpt_index import excerpt_facts  # noqa: E402
from groundgate.engine.context.operation_words import _subject_words  # noqa: E402
from groundgate.engine.findings import Finding  # noqa: E402
from groundgate.engine.gates.answer import AnswerCase, gate_answer  # noqa: E402


def _row(case: AnswerCase, index: int, span: tuple[int, int]) -> tuple[str, bool] | None:
    """The operand's row label (or the prose before it) and whether it is a table cell."""
    excerpt = case.answer.evidences[index].excerpt
    fact = next((f for f in excerpt_facts(excerpt) if (f.start, f.end) == span), None)
    if fact is not None and fact.in_table:
        return fact.row, True
    return excerpt[max(0, span[0] - 80) : span[0]].replace("\n", " "), False


def sort(case: AnswerCase, finding: Finding) -> tuple[str, list[str]]:
    """(cause, the operands' rows) of one derivation."""
    derivation = finding.derivation
    assert derivation is not None
    if derivation.operation == "written":
        return "written", []
    reader = ClaimReader(case.answer.conclusion or "")
    start = (finding.span or (0, 0))[0]
    sentence = next((s.text for s in reader.sentences if s.start <= start < s.end), "")
    said = _subject_words(sentence) | _subject_words(case.question)
    rows, cells, spoken = [], [], False
    for operand in derivation.operands:
        if operand.evidence_index is None or operand.span is None:
            rows.append("(the answer's step)")
            spoken = True
            continue
        found = _row(case, operand.evidence_index, tuple(operand.span))
        label, cell = found if found is not None else ("", False)
        rows.append(label)
        cells.append(label if cell else None)
        spoken = spoken or bool(naming_words(label) & said)
    if len(cells) == 2 and cells[0] and cells[0] == cells[1]:
        return "one row", rows
    return ("said" if spoken else "unsaid"), rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--groups", default="digit,scale,sign")
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    if not (args.data / "cases.jsonl").exists():
        print(f"no FinanceBench data at {args.data}")
        return 2
    groups = set(args.groups.split(","))
    chosen = policy("accept", set_fields(args.set))
    counts: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for side, group, case in built(args.data):
        if group not in groups:
            continue
        verdict = gate_answer(case, chosen)
        if verdict.status != "ok":
            continue
        for finding in verdict.findings:
            if finding.code != "NUMBER_DERIVED":
                continue
            cause, rows = sort(case, finding)
            counts[side][f"{group}: {cause}"] += 1
            if args.list:
                formula = (finding.derivation.formula if finding.derivation else "").replace(
                    "\n", " "
                )
                print(f"{side} {group} {case.case_id} {cause}: {formula} | {rows}")
    print(f"derivations of accepted answers ({', '.join(sorted(groups))}), half A / B:")
    for name in sorted(set(counts["A"]) | set(counts["B"])):
        print(f"  {counts['A'][name]:4d} {counts['B'][name]:4d}  {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
