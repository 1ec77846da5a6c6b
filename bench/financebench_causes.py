"""FinanceBench right answers the gate rejects, counted by cause per half (d841).

    python bench/financebench_rejected.py --derived accept --out /tmp/rejected.jsonl
    python bench/financebench_causes.py /tmp/rejected.jsonl [more.jsonl ...]

Each rejected right answer (a line of bench/financebench_rejected.py) goes to the first cause
that fits its error findings, in this order:
  - a change said in words beside its two values ("an increase of 3 percentage points" after
    "from 20% ... to 23%": said_changes "same_sentence", d838, derives it);
  - a context near miss: a VALUE_OUT_OF_CONTEXT finding;
  - a date the evidence prints another way ("December31," over "2016", "MAY 31,"), or none;
  - a unit's definition ("since 1 billion is equal to 1,000 million");
  - zero said for a dash cell ("0%", "$0");
  - years, periods and list numbers only;
  - a labelled line of working whose label holds a coded word ("... for FY2017 ≈ 0.8257":
    written_labels "coded_words", d839, derives it);
  - a written result one unit off its last digit (written_slips "last_digit", d840);
  - percentage points in other forms;
  - a result of derived values in written working (a value after "=" or "≈": several steps);
  - the rest, by what the model saw: inContext answers read the whole filing (a value on a page
    the case does not cite, or several steps), oracle and gold answers the cited pages.
A rough sort for reading, not a rule: read the lines of a cause before building one for it.
"""

from __future__ import annotations

import collections
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from groundgate.engine.numbers import extract_numbers  # noqa: E402
from groundgate.engine.quantities import typed  # noqa: E402
from groundgate.engine.said_changes import said_changes  # noqa: E402
from groundgate.engine.written import written_results  # noqa: E402

_DATE = re.compile(
    r"(January|February|March|April|May|June|July|August|September|October|November|December)"
    r"\s*\d+"
)
_PERIOD = re.compile(r"(?i)^(fy)?(19|20)\d\d$|quarter|months?|years?|^q[1-4]|^\d$")
_AFTER_RELATION = re.compile(r"[=≈]\s*[\[(]?\s*$")


def cause(line: dict[str, object]) -> str:
    findings = line["findings"]
    assert isinstance(findings, list)
    answer = str(line["answer"])
    said = {str(f["value"] or "") for f in findings}
    values = extract_numbers(answer)
    spans = {(v.start, v.end) for v in values if v.text in said}
    if spans & set(said_changes(answer, values, [typed(v) for v in values])):
        return "a change said beside its two values (d838)"
    if any(f["code"] == "VALUE_OUT_OF_CONTEXT" for f in findings):
        return "a context near miss (VALUE_OUT_OF_CONTEXT)"
    if any(_DATE.search(v) for v in said):
        return "a date the evidence prints another way, or not at all"
    if said & {"1 billion", "1,000 million"}:
        return "a unit's definition (1 billion = 1,000 million)"
    if any(re.fullmatch(r"\$?0%?", v) for v in said):
        return "zero said for a dash cell"
    if all(_PERIOD.search(v) for v in said):
        return "years, periods and list numbers only"
    exact = written_results(answer, values)
    if any(s in written_results(answer, values, coded=True) and s not in exact for s in spans):
        return "a labelled line whose label holds a coded word (d839)"
    if any(s in written_results(answer, values, slips=True) and s not in exact for s in spans):
        return "a written result one unit off its last digit (d840)"
    if any("percentage point" in v for v in said):
        return "percentage points in other forms"
    if any(_AFTER_RELATION.search(answer[max(0, a - 6) : a]) for a, _ in spans):
        return "a result of derived values in written working (several steps)"
    if "inContext" in str(line["case_id"]):
        return "other, inContext: a value on a page not cited, or several steps"
    return "other, oracle and gold: several steps, or rounded otherwise"


def main() -> int:
    for name in sys.argv[1:]:
        lines = [json.loads(text) for text in Path(name).read_text(encoding="utf-8").splitlines()]
        counts = collections.Counter((cause(line), line["half"]) for line in lines)
        print(f"{name}: {len(lines)} rejected right answers (half A, half B)")
        for kind in sorted({k for k, _ in counts}, key=lambda k: -counts[k, "A"] - counts[k, "B"]):
            print(f"  {counts[kind, 'A']:4d} {counts[kind, 'B']:4d}  {kind}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
