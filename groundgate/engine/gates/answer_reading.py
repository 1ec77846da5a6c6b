"""The readings of an answer-gate policy: its table reading (read_tables), made once per policy
object, not once per case and rule that asks (d631): a policy is a frozen model, so its fields
never change; the policy is kept with its reading, so its id is not reused while kept. A
process makes a few policies; past 64 kept, all are dropped and made again on need. And its
one mapping of policy fields to the derivations' OperandContext (operand_context).
Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.context.facts import TableReading
from groundgate.engine.context.operands import OperandContext
from groundgate.engine.gates.answer_case import AnswerGatePolicy, Evidence

# label_abbreviations -> TableReading.abbreviations (d706, d889).
_ABBREVIATED = {"off": "", "zh_finance": "plain", "zh_finance_after": "after"}


# period_phrases -> the readings it turns on (each value adds to the one before, d910, d911).
_PHRASES = {
    "off": frozenset(),
    "ended_lengths": frozenset({"ended_lengths"}),
    "other_sides": frozenset({"ended_lengths", "other_sides"}),
}


# fiscal_years -> its reading (d912, d945, d977).
_FISCAL = {
    "calendar": frozenset[str](),
    "declared_starts": frozenset({"fiscal_starts"}),
    "declared_names": frozenset({"fiscal_names"}),
    "chunk_names": frozenset({"fiscal_names", "fiscal_chunk"}),  # d977
    "open_names": frozenset({"fiscal_names", "fiscal_chunk", "fiscal_open"}),  # d987
}


# period_words "section_lines": a section's name under the dated header lines heads no column
# (section_lines.py, d1039).
_WORDS = {
    "excerpt": (),
    "cell_headers": ("length_names",),
    "section_lines": ("length_names", "section_lines"),
}


def _period_readings(policy: AnswerGatePolicy) -> frozenset[str]:
    """TableReading.period_readings: period_phrases' readings, and fiscal_years' (d912, d945)."""
    fiscal = _FISCAL[policy.fiscal_years]
    # period_words "cell_headers": a length's own header line names its column (d1012).
    names = frozenset(_WORDS[policy.period_words])
    return _PHRASES[policy.period_phrases] | fiscal | names


def read_tables(policy: AnswerGatePolicy) -> TableReading:
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
        label_units=policy.label_units == "aside",
        said_heads=policy.row_said == "heads",
        said_apart=policy.row_said == "apart_or_head",
        capitals=policy.capital_words,
        word_columns=policy.column_naming == "word_columns",
        spans=policy.period_spans != "off",
        lower_heads=policy.period_spans == "printed_heads",
        rivals="" if policy.row_rivals == "best" else policy.row_rivals,
        acronyms=policy.row_acronyms == "initials",
        share_columns=policy.share_columns == "period_before",
        longer_rows=policy.longer_rows == "unsaid_words",
        abbreviations=_ABBREVIATED[policy.label_abbreviations],
        statements=policy.statement_headers != "off",
        indicators=policy.statement_headers == "indicator_heads",
        wide_negatives=policy.negative_cells == "parentheses_said",
        whole_months=policy.month_words == "whole_words",
        change_words=policy.prose_facets != "as_read",
        count_nouns=policy.prose_facets not in ("as_read", "change_words"),
        segment_heads=policy.prose_facets in ("segment_heads", "respective_lists"),
        respective=policy.prose_facets == "respective_lists",
        point_units=policy.point_units == "unit_headers",
        counted=policy.context_constants == "counted",
        dated=policy.dated_headers == "long_parts",
        adjacent=policy.sentence_periods != "off",
        phrases=policy.sentence_periods == "own_phrases",
        padded_steps=policy.padded_decimals == "written_first",
        month_ranges=policy.month_ranges == "period_heads",
        segments=policy.segment_columns == "metric_heads",
        directions=policy.direction_prose == "said_words",
        date_columns=policy.date_columns == "each_date",
        period_readings=_period_readings(policy),
    )


# id(policy) -> (the policy, its table reading).
_READINGS: dict[int, tuple[AnswerGatePolicy, TableReading]] = {}
_MOST = 64


def table_reading(policy: AnswerGatePolicy) -> TableReading:
    """read_tables(policy), kept for the policy object."""
    kept = _READINGS.get(id(policy))
    if kept is None or kept[0] is not policy:
        if len(_READINGS) >= _MOST:
            _READINGS.clear()
        kept = _READINGS[id(policy)] = (policy, read_tables(policy))
    return kept[1]


def operand_context(
    policy: AnswerGatePolicy, conclusion: str, question: str, accepted: list[tuple[int, Evidence]]
) -> OperandContext:
    """The operand context (context/operands.py) of `policy`'s readings: its one mapping of
    policy fields to OperandContext's options (the derivation search's, and its tests')."""
    return OperandContext(
        conclusion,
        question,
        accepted,
        named_operation=policy.derivation_context == "rows_periods_sign",
        time_order=policy.change_order != "named_years",
        relative_order=policy.change_order == "time_relative",
        unsigned_difference=policy.difference_order != "ordered",
        named_order=policy.difference_order == "unsigned_named",
        period_cells=policy.change_cells == "period_columns",
        label_core=policy.derivation_row_words == "label_core",
        label_directions=policy.direction_words == "outside_row_labels",
        total_shares=policy.percentage_totals == "share",
        period_kinds=policy.change_periods,
        reading=table_reading(policy),
        operand_words=policy.derivation_words,
        best_rows=policy.one_row_pairs,
    )
