"""The answer gate's presets - the default policy and the spec's literal reading (verbatim) -
and how a policy reads table headers (facts.TableReading). Apart from gates/answer_case.py, whose
policy model holds one field per rule.
"""

from __future__ import annotations

from groundgate.engine.context.facts import TableReading
from groundgate.engine.gates.answer_case import AnswerGatePolicy


def table_reading(policy: AnswerGatePolicy) -> TableReading:
    """How the policy reads table headers (facts.TableReading)."""
    return TableReading(
        quarter_ordinals=policy.quarter_ordinals == "columns_and_lists",
        year_ranges=policy.year_ranges == "header_periods",
        header_units=policy.header_units == "label_and_unit_lines",
        year_rows=policy.year_rows == "transposed",
        marker_cells=policy.marker_cells == "blank",
        ended_headers=policy.ended_headers == "period_phrases",
        header_groups=policy.header_groups == "repeated_periods",
        standard_names=policy.standard_names == "label_words",
        short_rows=policy.short_rows == "period_columns",
        other_rows=policy.other_rows == "said_alone",
        year_end=policy.year_end_words == "period",
        unit_parts=policy.header_unit_parts == "aside",
        durations=policy.duration_headers == "columns",
    )


DEFAULT_POLICY = AnswerGatePolicy()
# The spec's literal reading: every value verbatim in an excerpt ("10" is not "10.0", a scale in
# a table header does not count, a year from the question must be quoted too).
VERBATIM_POLICY = AnswerGatePolicy(
    policy_version="answer-gate/verbatim-2026-11.50",
    equivalences=(),
    value_context="off",
    derivation_context="off",
    derivation_aggregates="off",
    scale_claims="off",
    change_order="named_years",
    difference_order="ordered",
    row_naming="any_said",
    short_results="off",
    negative_operands="positive_second",
    negative_results="any",
    large_percentages="any",
    percent_aggregates="off",
    column_aggregates="off",
    average_ratios="off",
    sign_sides="off",
    column_naming="off",
    derivation_row_words="every_word",
    change_cells="any_column",
    direction_words="sentence",
    percentage_totals="sum",
    change_periods="years",
    percent_cells="chunk",
    written_calculations="off",
    written_failures="search",
    lost_operands="first",
    prose_subjects="off",
    relative_periods="off",
    derivation_words="off",
    one_row_pairs="any_row",
    context_derivations="off",
    quarter_ordinals="off",
    year_ranges="off",
    period_sums="off",
    header_units="off",
    year_rows="off",
    marker_cells="off",
    ended_headers="off",
    header_groups="off",
    standard_names="off",
    short_rows="off",
    other_rows="off",
    year_end_words="naming",
    scale_headers="spaced",
    cents_zeros="precision",
    shared_days="adjacent",
    header_unit_parts="off",
    duration_headers="rows",
    question_values="none",
    meta_counts_exempt=False,
    calculation_constants=(),
    section_labels_exempt=False,
)
PRESETS = {"default": DEFAULT_POLICY, "verbatim": VERBATIM_POLICY}
