"""Agreement between the gate and its reviewers, per rule: pure functions (no Django), so the
numbers can be checked by hand (tests/reviews/test_agreement.py).

Per rule (a finding code) and case kind, over the cases of that kind whose reviewers agreed on a
label: the gate's side is "the rule fired on the case", the reviewers' side is "the case has a
problem" (not grounded or partially grounded; grounded is no problem; "cannot judge" is left
out of kappa). The matrix keeps every label; Cohen's kappa is over the two yes/no calls. See
docs/decisions.md (d39, d132) for this reading.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

# "should_have_answered" (a wrong refusal) is a problem the gate let pass.
PROBLEM = frozenset({"not_grounded", "partially_grounded", "should_have_answered"})
NO_PROBLEM = frozenset({"grounded"})
LABELS = (
    "grounded",
    "partially_grounded",
    "not_grounded",
    "cannot_judge",
    "should_have_answered",
)


def cohen_kappa(pairs: list[tuple[str, str]]) -> float | None:
    """Cohen's kappa for two raters' labels; None without pairs, 1.0 when chance agreement is
    total and the raters agree."""
    n = len(pairs)
    if n == 0:
        return None
    observed = sum(a == b for a, b in pairs) / n
    first = Counter(a for a, _ in pairs)
    second = Counter(b for _, b in pairs)
    expected = sum(first[k] * second[k] for k in set(first) | set(second)) / (n * n)
    if expected == 1:
        return 1.0 if observed == 1 else 0.0
    return (observed - expected) / (1 - expected)


@dataclass(frozen=True)
class RuleAgreement:
    code: str
    kind: str
    fired: dict[str, int]  # reviewers' label -> cases where the rule fired
    quiet: dict[str, int]  # reviewers' label -> cases of the kind where it did not
    kappa: float | None
    pairs: int  # cases counted in kappa (cannot_judge left out)

    @property
    def agree(self) -> int:
        return sum(self.fired[label] for label in PROBLEM) + sum(
            self.quiet[label] for label in NO_PROBLEM
        )


def rule_agreement(cases: Iterable[tuple[str, frozenset[str], str]]) -> list[RuleAgreement]:
    """`cases`: (kind, finding codes of the current run, the reviewers' agreed label) per case.
    One RuleAgreement per (code, kind) the cases show, in code order."""
    by_kind: dict[str, list[tuple[frozenset[str], str]]] = defaultdict(list)
    for kind, codes, label in cases:
        by_kind[kind].append((codes, label))
    result = []
    for kind, rows in by_kind.items():
        for code in sorted({c for codes, _ in rows for c in codes}):
            fired = dict.fromkeys(LABELS, 0)
            quiet = dict.fromkeys(LABELS, 0)
            pairs = []
            for codes, label in rows:
                side = fired if code in codes else quiet
                side[label] = side.get(label, 0) + 1
                if label in PROBLEM or label in NO_PROBLEM:
                    gate = "problem" if code in codes else "ok"
                    pairs.append((gate, "problem" if label in PROBLEM else "ok"))
            result.append(RuleAgreement(code, kind, fired, quiet, cohen_kappa(pairs), len(pairs)))
    return sorted(result, key=lambda r: (r.code, r.kind))
