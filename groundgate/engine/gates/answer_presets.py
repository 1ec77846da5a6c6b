"""The answer gate's presets - the default policy and the spec's literal reading (verbatim).
Apart from gates/answer_case.py, whose policy model holds one field per rule; how a policy reads
table headers is gates/answer_reading.py's.
"""

from __future__ import annotations

from groundgate.engine.gates.answer_case import AnswerGatePolicy

DEFAULT_POLICY = AnswerGatePolicy()
# The spec's literal reading: every value verbatim in an excerpt ("10" is not "10.0", a scale in
# a table header does not count, a year from the question must be quoted too).
VERBATIM_POLICY = AnswerGatePolicy(
    policy_version="answer-gate/verbatim-2026-11.51",
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
    label_units="words",
    direction_cells="off",
    row_said="every_word",
    capital_words="off",
    slip_neighbours="off",
    question_values="none",
    meta_counts_exempt=False,
    calculation_constants=(),
    context_constants="bare",
    section_labels_exempt=False,
)
PRESETS = {"default": DEFAULT_POLICY, "verbatim": VERBATIM_POLICY}
