"""FinanceBench's graded-incorrect answers by kind of error: numeric hallucinations on their own.

    python bench/financebench_numeric.py [--data ../shared/data/financebench]
        [--derived finding|accept|both] [--set FIELD=VALUE ...] [--list]

Issue 28's goal ("85% of numeric hallucinations caught") is about answers wrong in a number, and
many answers graded incorrect are not: a wrong yes/no, a wrong name, an answer that says nothing
to the question. Each graded-incorrect answer gets one kind, derived from the data alone (the
question, the gold answer it was graded against - fb-00070's was revised after grading -, the
answer and the case's pages; never the gate's verdict), the first that fits in this order:

  not numeric
    - off-topic: the answer says under a fifth of the question's words of five letters or more
      (a stop list aside): a summary of another part of the filing, "[END OF FILING]";
    - no figure: the answer states no figure (years, form names and list numbering aside);
    - yes/no: a yes/no question whose answer's polarity differs from the gold's (the first
      "yes", or "no"/"not"/"n't" before it; neither: yes);
    - choice: the question asks for a name or a judgement ("Which segment ...", "What drove
      ...", "Is it capital-intensive?"), so its figures are support, not the answer;
    - qualitative gold: the gold answer states no figure;
    - gold's figure: the answer states the gold's figure as written (at its scale), so its error
      is elsewhere (a missing part, a wrong conclusion, the grader's reading of the wording);
  numeric
    - scale: a figure of the answer equals the gold's only at another scale (x1,000, x100 ...);
    - page figure: every figure of the answer is printed on the case's pages, and the gold's is
      not stated (another line item, period, company, or the whole instead of a part);
    - calculation: a figure of the answer is printed on no page, and neither is the gold's (the
      question asks for a calculation: a wrong one);
    - unsupported: a figure of the answer is printed on no page, and the gold's is (a figure of
      an uncited page, or of nowhere).

Figures are read at their magnitude ("$4.2 billion" 4.2e9) and agree within 2%; "printed on the
pages" also at a scale of 10^3 (bench/financebench_wrong_split.py's test: a table in thousands
or millions). The kinds are a heuristic: an answer
graded incorrect for several reasons gets the first; read `--list` for the cases behind a count.
The human reading of the accepted answers and where it differs is in docs/benchmarks.md.

Per half (bench/financebench_halves.py) and policy: each kind's answers and how many the gate
accepts; the numeric share caught is the figure issue 28's goal is about.
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.financebench_halves import DEFAULT_DATA, half, policy, set_fields  # noqa: E402
from bench.financebench_kinds import load  # noqa: E402
from bench.financebench_wrong_split import agree  # noqa: E402
from groundgate.engine.gates.answer import AnswerCase, gate_answer  # noqa: E402
from groundgate.engine.numbers import extract_numbers  # noqa: E402
from groundgate.engine.quantities import typed  # noqa: E402

NOT_NUMERIC = ("off-topic", "no figure", "yes/no", "choice", "qualitative gold", "gold's figure")
NUMERIC = ("scale", "page figure", "calculation", "unsupported")
KINDS = NOT_NUMERIC + NUMERIC

_FORMS = re.compile(r"\b(?:10-K|10-Q|8-K)\b|\bForm \d+\b")
_LIST_MARK = re.compile(r"(?m)^\s*\(?\d{1,2}[.)]\s")
_YES_NO_Q = re.compile(r"(?i)^\s*(?:does|do|is|are|was|were|did|has|have|can|will|should)\b")
_CHOICE_Q = re.compile(
    r"(?i)^\s*(?:who|among)\b|\bwhich\s+(?!(?:is|was|are|were|has|have|had)\b)\w"
    r"|^\s*what\s+(?:drove|are the|is the (?:reason|main|primary))"
    r"|\bwhat (?:segment|region|category|geograph)"
)
_STOP = frozenset(
    "what which where when does have with that this from based using answer round million "
    "billion their there these those into about your fiscal please information provided "
    "statement company question".split()
)
_SCALES_OTHER = (1e3, 1e-3, 1e6, 1e-6, 1e9, 1e-9, 100.0, 0.01)


_MAGNITUDE = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}


def figures(text: str | None) -> list[float]:
    """The text's figures at their own magnitude ("$4.2 billion" 4.2e9): no years, no zeros, no
    form names ("10-K"), no list numbering."""
    clean = _LIST_MARK.sub(" ", _FORMS.sub(" ", text or ""))
    out = []
    for value in extract_numbers(clean):
        q = typed(value)
        if not q.numeric or q.is_year() or q.figure is None or not q.figure:
            continue
        word = re.search(r"(?i)(thousand|million|billion|trillion)", value.text)
        out.append(float(q.figure) * (_MAGNITUDE[word.group(1).lower()] if word else 1.0))
    return out


def same(x: float, y: float) -> bool:
    return abs(x - y) <= 0.02 * max(abs(x), abs(y))


def polarity(text: str) -> str:
    """'yes' / 'no' of a text: its first "yes", or "no"/"not"/"n't" if one comes first; 'yes'
    where there is none (an answer to a yes/no question that negates nothing affirms)."""
    first = re.search(r"(?i)\b(yes)\b|\bno\b|\bnot\b|n't\b", text)
    return "no" if first and not first.group(1) else "yes"


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]{5,}", text.lower()) if w not in _STOP}


def kind_of(question: str, gold: str, answer: str, pages: str) -> str:
    """The answer's kind of error (module docstring), from the texts alone."""
    asked = _words(question)
    if asked and len(asked & _words(answer)) < 0.2 * len(asked):
        return "off-topic"
    said, wanted = figures(answer), figures(gold)
    if not said:
        return "no figure"
    if _YES_NO_Q.search(question):
        if polarity(gold) != polarity(answer):
            return "yes/no"
    if _CHOICE_Q.search(question) or (_YES_NO_Q.search(question) and not wanted):
        return "choice"
    if not wanted:
        return "qualitative gold"
    if any(same(a, g) for a in said for g in wanted):
        return "gold's figure"
    if any(same(a, g * s) for a in said for g in wanted for s in _SCALES_OTHER):
        return "scale"
    printed = figures(pages)
    if all(any(agree(a, p) for p in printed) for a in said):
        return "page figure"
    gold_printed = all(any(agree(g, p) for p in printed) for g in wanted)
    return "unsupported" if gold_printed else "calculation"


def classified(data: Path) -> list[tuple[str, str, AnswerCase]]:
    """(half, kind, case) of every graded-incorrect answer."""
    out = []
    for row in load(data / "cases.jsonl"):
        label = row["label"]
        if label["human_grade"] != "incorrect":
            continue
        case = AnswerCase.model_validate(row["case"])
        pages = "\n".join(chunk.text for chunk in case.raw_chunks or [])
        # the grade was given against the gold of its day (fb-00070's was revised after grading)
        revised = label.get("gold_revised_after_grading")
        gold = label["gold_answer_at_grading"] if revised else label["gold_answer"]
        kind = kind_of(case.question or "", str(gold), case.answer.conclusion or "", pages)
        out.append((half(label["company"]), kind, case))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--derived", choices=["finding", "accept", "both"], default="both")
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE")
    parser.add_argument("--list", action="store_true", help="each accepted answer's id and kind")
    args = parser.parse_args()
    if not (args.data / "cases.jsonl").exists():
        print(f"no FinanceBench data at {args.data}")
        return 2
    changes = set_fields(args.set)
    rows = classified(args.data)
    for derived in ("finding", "accept") if args.derived == "both" else (args.derived,):
        chosen = policy(derived, changes)
        n: collections.Counter[tuple[str, str]] = collections.Counter()
        accepted: collections.Counter[tuple[str, str]] = collections.Counter()
        listed = []
        for side, kind, case in rows:
            ok = gate_answer(case, chosen).status == "ok"
            n[side, kind] += 1
            accepted[side, kind] += ok
            if ok:
                listed.append(f"    {side} {kind:16s} {case.case_id}")
        print(f"derived_numbers: {derived} {json.dumps(changes) if changes else ''}")
        print("  half A: answers, accepted | half B: answers, accepted")
        for group, kinds in (("not numeric", NOT_NUMERIC), ("numeric", NUMERIC)):
            for kind in kinds:
                cells = " | ".join(f"{n[s, kind]:4d} {accepted[s, kind]:4d}" for s in "AB")
                print(f"  {cells}  {group}: {kind}")
        for s in "AB":
            for group, kinds in (("not numeric", NOT_NUMERIC), ("numeric", NUMERIC)):
                total = sum(n[s, k] for k in kinds)
                took = sum(accepted[s, k] for k in kinds)
                share = f"{100 * took / total:.1f}%" if total else "-"
                print(f"  half {s}: {group} accepted {took} of {total} ({share})", end="")
                if group == "numeric" and total:
                    print(f", caught {100 * (total - took) / total:.1f}%", end="")
                print()
        if args.list:
            print("\n".join(sorted(listed)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
