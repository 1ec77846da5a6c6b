"""`groundgate gate answer --jsonl` writes the same bytes as it always has, on bad input too.

The digests below were taken from the CLI at commit efe07ce (before the input path was made
faster) over tests/cli/hostile_lines.py: every refusal (not JSON, NaN, limits, ids, boxes,
position_int rows, types, missing fields) with its message, line and exit code, under the
default limits and under small ones. They move only when a verdict is meant to change (the
good lines in the file are gated too; bench/verdict_digests.json pins the gate itself) or a
message is reworded on purpose: then regenerate them with the command in the test's failure.
Moved on purpose by policy input-numbers/1 (strict numbers): the nine lines with a boolean or a
string in a number field are refusals now; every other line's bytes are unchanged (diffed).
Moved by answer gate 2.9.0 (aggregates) and 2.9.1 (scale claims), policy 2026-11.8 with their
new fields: only the version string and the policy hash differ from 2.7.0's output (diffed);
2.9.2 (year headers) moves the version string only.
Answer gate 2.8.0 (value readings): stdout differs from 2.7.0's only in the version string
(diffed); stderr same. Answer gate 2.10.0 (2.8.0 and 2.9.2 merged, the exact fast lookup):
against 2.7.0, the version string and the policy hash only (diffed). Answer gate 2.12.0 (table rows
read through blank cells and footnote marks, `change_order`), policy 2026-11.9: against 2.10.0,
the version string and the policy hash only (diffed); stderr same. 2.12.1 (`short_results`, the
"Other" row): against 2.10.0, the same two only (diffed); stderr same.
Answer gate 2.11.0 (value readings, issue 27): against 2.10.0, the version string only (diffed).
2.13.0 (2.11.0 and 2.12.1 merged): against 2.12.1, the version string only (diffed); stderr same.
2.13.1 (万 after 亿 read right): against 2.13.0, the version string only (diffed); stderr same.
2.14.0 (`scale_claims: unit_cells`, `difference_order`, `row_naming`), policy 2026-11.10: against
2.13.1, the version string and the policy hash only (diffed); stderr same.
2.14.1 (the other-chunk near miss worded as what it is): against 2.14.0, the version string only
(diffed); stderr same.
2.15.0 (`negative_operands`), policy 2026-11.11: against 2.14.1, the version string and the policy
hash only (diffed); stderr same. 2.15.1 (`column_naming`), policy 2026-11.12: the same two only.
2.17.0 (`written_calculations`), policy 2026-11.17: against 2.15.1, the version string and the
policy hash only (diffed); stderr same. 2.18.0 (`difference_order: unsigned_named`), policy
2026-11.18: the same two only. 2.18.1 (`change_cells`), policy 2026-11.19: the same two only.
2.19.0 (`derivation_aggregates` shares, `direction_words`, `percentage_totals`), policy 2026-11.20:
against 2.18.1, the version string and the policy hash only (diffed); stderr same.
2.20.0 (`scale_claims: unit_words`, `change_periods`, `percent_cells`), policy 2026-11.21: the same
two only. 2.21.0 (`prose_subjects`, `relative_periods`), policy 2026-11.22: against 2.19.0 and
2.20.0, the version string and the policy hash only (diffed); stderr same.
2.24.0 (with 2.22.0's `quarter_ordinals`, `change_periods: each_named`, `year_ranges`,
`period_sums`, 2.23.0's `context_derivations`, `derivation_aggregates:
named_rows_periods_differences` and its own `derivation_words`), policy 2026-11.25: against
2.21.0, the version string and the policy hash only (diffed); stderr same.
2.27.0 (2.25.0's `header_units`, 2.26.0's `year_rows` and a selectable `marker_cells`, its own
`working_constants` and a selectable `derivation_words: one_said_initials`), policy 2026-11.28:
against 2.24.0, the version string and the policy hash only (diffed); stderr same.
2.30.0 (`negative_results: named_rows`, `large_percentages: named`), policy 2026-11.31: against
2.27.0, the version string and the policy hash only (diffed); stderr same.
2.33.0 (`scale_headers: glued`, `cents_zeros: scaled_padding`), policy 2026-11.34: against
2.30.0, the version string and the policy hash only (diffed); stderr same.
2.34.0 (`shared_days: header_lines`), policy 2026-11.35: against 2.33.0, the version string and
the policy hash only (diffed); stderr same.
2.35.0 (a selectable `header_unit_parts`, off), policy 2026-11.36: against 2.33.0, the version
string and the policy hash only (diffed); stderr same.
2.36.0 (a selectable `written_failures`, off by default), policy 2026-11.37: against 2.35.0, the
version string and the policy hash only (diffed); stderr same.
2.37.0 (`duration_headers: columns`), policy 2026-11.38: against 2.36.0, the version string and
the policy hash only (diffed); stderr same.
2.38.0 (`header_unit_parts: aside` and `short_rows: period_columns` by default), policy
2026-11.39: against 2.37.0, the version string and the policy hash only (diffed); stderr same.
2.39.0 (`lost_operands: either`), policy 2026-11.40: against 2.38.0, the version string and the
policy hash only (diffed); stderr same.
2.40.0 (`average_ratios: named_rows`), policy 2026-11.41: against 2.39.0, the version string and
the policy hash only (diffed); stderr same.
2.41.0 (messages name a cell by its row and column; a header's date located at its day and its
year), policy 2026-11.42: against 2.40.0, the version string and the policy hash only (diffed);
stderr same.
2.45.0 (`change_periods: ordered_kinds`), policy 2026-11.46: against 2.41.0, the version string and
the policy hash only (diffed); stderr same.
2.46.0 (`label_units`, `change_order: time_relative`, `direction_cells`, `row_said: heads`,
`shared_days: flattened_lines`), policy 2026-11.47: against 2.45.0, the version string and the
policy hash only (diffed); stderr same.
2.47.0 (`capital_words: units`, `column_naming: word_columns`), policy 2026-11.48: against 2.46.0,
the version string and the policy hash only (diffed); stderr same.
2.48.0 (`slip_neighbours: question_pairs`), policy 2026-11.49: against 2.47.0, the version string
and the policy hash only (diffed); stderr same.
2.49.0 (`sign_sides: side_words`), policy 2026-11.50: against 2.48.0, the version string and
the policy hash only (diffed); stderr same.
2.50.0 (`prose_subjects: bound_values`), policy 2026-11.51: against 2.49.0, the version string
and the policy hash only (diffed); stderr same.
2.51.0 (`period_spans`, `row_rivals`, `row_acronyms`, `share_columns`), policy 2026-11.52:
against 2.50.0, the version string and the policy hash only (diffed); stderr same.
2.52.0 (`context_candidates: zh_clauses`, `longer_rows`, `label_abbreviations`,
`statement_headers`, `negative_cells`, `year_relative`, `yuan_scales`), policy 2026-11.53:
against 2.51.0, the version string and the policy hash only (diffed); stderr same.
2.53.0 (`month_words: whole_words`), policy 2026-11.54: against 2.52.0, the version string
and the policy hash only (diffed); stderr same.
2.54.0 (`slip_neighbours: question_pairs_aggregates`, `context_constants: in_working`), policy
2026-11.55: against 2.53.0, the version string and the policy hash only (diffed); stderr same.
2.55.0 (`sign_parentheses: full_width`, `row_rivals: qualified`), policy 2026-11.56: against
2.54.0, the version string and the policy hash only (diffed); stderr same.
2.57.0 (2.56.0's `operand_scales`, `ratio_restates`, `negative_shares`, `change_rows`,
`own_figures`; `restated_results: rounded`, `period_counts: named_years`, `working_constants:
symbols_x_benchmarks_words`), policy 2026-11.58, and 2.58.0 (`prose_facets`, `point_units`,
`context_constants: counted`, `row_rivals: parenthesised`, `dated_headers`, `prose_facets:
count_nouns`), policy 2026-11.59: against 2.55.0, the version string and the policy hash only
(diffed); stderr same. 2.59.0 (`year_figure` not by default), policy 2026-11.60: against 2.55.0,
the version string and the policy hash only (diffed); stderr same. 2.60.0 (`prose_facets:
segment_heads`), policy 2026-11.61: against 2.59.0, the version string and the policy hash only
(diffed); stderr same. 2.61.0 (`prose_facets: respective_lists`), policy 2026-11.62: against
2.60.0, the version string and the policy hash only (diffed); stderr same. (Its policy adds
`statement_headers: indicator_heads` too.) 2.62.0 (`rate_changes: rate_rows_columns`;
`aggregate_signs`, `section_aggregates` selectable), policy 2026-11.63: against 2.60.0, the
version string and the policy hash only (diffed); stderr same. 2.63.0 (`slip_neighbours:
question_pairs_ambiguous`), policy 2026-11.64: against 2.60.0, the version string and the policy
hash only (diffed); stderr same. Merged (2.63.0 with 2.61.0's and 2.62.0's readings): against
2.60.0, the version string and the policy hash only (diffed); stderr same. 2.64.0
(`sentence_periods: adjacent`), policy 2026-11.65: against 2.63.0, the version string and the
policy hash only in each of the three limit sets (diffed); stderr same. 2.65.0
(`padded_decimals: written_first`, `whole_amounts: declared_scale`), 2.66.0 (`said_changes:
same_sentence`; `written_labels`, `written_slips` selectable), 2.67.0 (`unnamed_negatives:
named_operation`) and 2.68.0 (`sentence_periods: own_phrases`, `year_quarters: sentence_year`),
each on its own branch against 2.64.0: the version string and the policy hash only in each of
the three limit sets (diffed); stderr same. Merged (2.68.0, policy 2026-11.69): against 2.64.0
likewise. 2.68.1 (a near miss of another period is no period mention), policy 2026-11.69:
against 2.68.0, the version string only in each of the three limit sets (diffed;
policy hash unchanged); stderr same.
2.69.0 (eight selectable readings on by default, d872), policy 2026-11.70: against 2.68.1, the
version string and the policy hash only in each of the three limit sets (diffed); stderr same.
2.70.0 (`list_markers: inline_sequence`; `written_steps` selectable, its default the old reading),
policy 2026-11.71: against 2.68.1, the version string and the policy hash only in each of the
three limit sets (diffed); stderr same.
2.71.0 (`month_ranges`, `segment_columns`, `direction_prose`, `label_abbreviations:
zh_finance_after`, `own_figures: refuse_ones`, full-width thousands), policy 2026-11.72: against
2.68.1, the version string and the policy hash only in each of the three limit sets (diffed);
stderr same.
Merged (2.71.0 with 2.69.0 and 2.70.0, policy 2026-11.72): against 2.68.1 likewise; stderr same.
2.71.1 (messages only, d904), policy 2026-11.72: against 2.71.0, the version string only;
stderr same.
2.72.0 (`date_columns`), 2.73.0 (`period_phrases`), 2.74.0 (`zero_results`), 2.75.0
(`footnote_operands`, `one_row_pairs: said_named`), 2.76.0 (messages): each against 2.71.1 the
version string and the policy hash only in each of the three limit sets (diffed); stderr same.
Merged (2.76.0 with 2.72.0-2.75.0, policy 2026-11.77): against 2.71.1 likewise; stderr same.
2.76.1 (messages only, d939), policy 2026-11.77: against 2.76.0, the version string only;
stderr same.
2.77.0 (`excerpt_headers`), 2.78.0 (`fiscal_years: declared_names`), 2.79.0 (`negative_sizes`),
2.80.0 (`written_lines`), 2.81.0 (messages): each against 2.76.1 the version string and the
policy hash only in each of the three limit sets (diffed); stderr same.
Merged (2.81.0 with 2.77.0-2.80.0, policy 2026-11.82): against 2.76.1 likewise; stderr same.
2.82.0 (`fiscal_years: chunk_names`), policy 2026-11.83: against 2.81.0 likewise; stderr same.
2.83.0 (`period_spans: printed_heads`, `fiscal_years: open_names`), policy 2026-11.84: against
2.82.0 likewise; stderr same.
2.84.0 (`short_named: named_rows`), policy 2026-11.85: against 2.82.0 the version string and
the policy hash only in each of the three limit sets (diffed); stderr same.
2.85.0 (`year_aggregates: one_each`), policy 2026-11.86: against 2.82.0 likewise; stderr same.
2.86.0 (`period_words: cell_headers`), policy 2026-11.87: against 2.85.0 likewise; stderr same.
2.87.0 (`period_words: section_lines`), policy 2026-11.88: against 2.86.0 likewise; stderr same.
The demo dataset and a slice of the benchmark corpus are compared with the in-process gate.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from groundgate.engine.canonical import canonical_bytes
from groundgate.engine.gates.answer import DEFAULT_POLICY, AnswerCase, gate_answer
from tests.cli.hostile_lines import lines
from tests.conftest import DEMO_CASES

SMALL = {
    "GROUNDGATE_CASE_MAX_ITEMS": "3",
    "GROUNDGATE_CASE_MAX_DEPTH": "4",
    "GROUNDGATE_CASE_MAX_TEXT_CHARS": "10",
}
TIGHT = {"GROUNDGATE_CASE_MAX_ITEMS": "5", "GROUNDGATE_CASE_MAX_DEPTH": "5"}
# (limits, stdout sha256, stderr sha256) of `gate answer --jsonl hostile.jsonl`, exit code 2.
PINNED = [
    (
        {},
        "bcc4d93a842f24eb4b8954e553cdfa3f057db3b5d6f1f48d5193e3edb54863f1",
        "ce5edd40111a8f0caed8fe685120051f6f3a2962e15c9ec262040a2bbe9f0b8e",
    ),
    (
        SMALL,
        "16e638cef75b5deeef0489b37e6936057771d328fb4044427d46a0a108956411",
        "4b8e3d9e7c8c2a6d017ab370ae9d6ce5eb947e2abe9715964f55ba5fc68b2d3d",
    ),
    (
        TIGHT,
        "b1114dcbf2f8774c4888b79c7e1618715cb4d1205ecc0c656d04e300530a4ab5",
        "dc98293b9cfde5cd1dfa89e673ed91944eea4fa8a736ce2600075bf658716e20",
    ),
]


def cli(cwd: Path, *args: str, limits: dict | None = None, stdin: bytes | None = None):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "GROUNDGATE_"))}
    env |= limits or {}
    return subprocess.run(
        [sys.executable, "-m", "groundgate.cli", "gate", "answer", *args],
        cwd=cwd,
        env=env,
        input=stdin,
        capture_output=True,
    )


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("hostile") / "hostile.jsonl"
    path.write_bytes(b"\n".join(lines()) + b"\n")
    return path


@pytest.mark.parametrize(("limits", "stdout_sha", "stderr_sha"), PINNED)
def test_every_refusal_is_byte_identical_to_before(hostile, limits, stdout_sha, stderr_sha):
    result = cli(hostile.parent, "--jsonl", hostile.name, "--workers", "1", limits=limits)
    got = (
        result.returncode,
        hashlib.sha256(result.stdout).hexdigest(),
        hashlib.sha256(result.stderr).hexdigest(),
    )
    assert got == (2, stdout_sha, stderr_sha), (
        "regenerate: python tests/cli/hostile_lines.py > hostile.jsonl && "
        f"{' '.join(f'{k}={v}' for k, v in limits.items())} groundgate gate answer "
        "--jsonl hostile.jsonl --workers 1 | sha256sum\n" + result.stderr.decode()[-2000:]
    )
    assert b"Traceback" not in result.stderr
    # One output line per non-blank input line, errors naming their line.
    assert result.stdout.count(b"\n") == sum(1 for x in lines() if x.strip())


def test_stdin_and_parallel_blocks_give_the_same_bytes(hostile, monkeypatch):
    sequential = cli(hostile.parent, "--jsonl", hostile.name, "--workers", "1")
    piped = cli(hostile.parent, "--jsonl", "-", stdin=hostile.read_bytes())
    assert piped.stdout == sequential.stdout and piped.returncode == 2
    assert piped.stderr == sequential.stderr.replace(b"hostile.jsonl: ", b"-: ")
    monkeypatch.setenv("GROUNDGATE_JSONL_BLOCK_BYTES", "4096")  # many blocks, in workers
    env_limits = {"GROUNDGATE_JSONL_BLOCK_BYTES": "4096"}
    parallel = cli(hostile.parent, "--jsonl", hostile.name, "--workers", "2", limits=env_limits)
    assert (parallel.returncode, parallel.stdout, parallel.stderr) == (
        2,
        sequential.stdout,
        sequential.stderr,
    )


def _in_process(data: bytes) -> bytes:
    """What the CLI must print for good cases: the gate on the case parsed from the JSON."""
    out = []
    for line in data.splitlines():
        if line.strip():
            case = AnswerCase.model_validate_json(line)
            out.append(canonical_bytes(gate_answer(case, DEFAULT_POLICY)) + b"\n")
    return b"".join(out)


def test_demo_and_benchmark_corpus_match_the_in_process_gate(tmp_path):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    from corpus import write_corpus

    corpus = write_corpus(tmp_path / "corpus.jsonl", 300)
    for path in (DEMO_CASES, corpus):
        result = cli(tmp_path, "--jsonl", str(path), "--workers", "1")
        assert result.returncode == 1, result.stderr  # both hold rejected cases on purpose
        assert result.stdout == _in_process(path.read_bytes())
        assert all(json.loads(x)["case_id"] for x in result.stdout.splitlines())
