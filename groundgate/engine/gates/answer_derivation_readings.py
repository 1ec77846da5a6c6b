"""The answer gate policy's readings of a derivation's operands since gate 2.56.0 (issue 28:
derivations that are the calculation, not a coincidence): fields of AnswerGatePolicy
(gates/answer_case.py, through gates/answer_readings.py), kept apart so each module stays
readable. Each is a named reading with the old one selectable; docs/policies.md has both
readings of each. The policy's hash is of its sorted fields, so where a field is declared does
not move it.
"""

from __future__ import annotations

from typing import Literal

from groundgate.engine.policy import GatePolicy


class DerivationReadings(GatePolicy):
    # The scales of a derivation's two operands (engine/operand_scales.py, gate 2.56.0,
    # d750): "one_scale" - both are read at one scale (each at its full size, or each as
    # written under the same declared scale; a figure its source gives no scale agrees with
    # either): "312,842 − 5,466,312 thousand" (one cell as written, the other at its full
    # size) explains no "-$5,466 million"; "either" (gate 2.55.0, verbatim's): each operand
    # at either of its sizes.
    operand_scales: Literal["either", "one_scale"] = "one_scale"
    # A ratio and a value given with a scale (derivations.explain, gate 2.56.0, d751):
    # "full_size" - a ratio explains "$2.6 billion" (a magnitude word, or the question's
    # "in USD millions") only at the value's full size, never as the figure restated as a
    # table writes it ("45,101 / 17,208 ≈ 2.6": a ratio of two amounts is a pure number);
    # a sum, a difference, an average or a percentage of an amount still may; "restated"
    # (gate 2.55.0, verbatim's): any operation may.
    ratio_restates: Literal["restated", "full_size"] = "full_size"
    # A share's negative sign (context/negative_shares.py, gate 2.56.0, d752):
    # "negative_rows" - a ratio or a percentage is negative only through an operand whose
    # row names a negative quantity itself ("Net income (loss)", "Net cash used in ...");
    # a cost or an outflow printed in parentheses ("Total cost of sales (10,069)") is no
    # negative share ("-9.5 times" of an inventory turnover); "any" (gate 2.55.0,
    # verbatim's): any cell printed negative gives a negative share.
    negative_shares: Literal["any", "negative_rows"] = "negative_rows"
    # A percentage change's operands (context/negative_shares.one_row, gate 2.56.0, d753):
    # "one_row" - two table cells whose rows are known are cells of one row (a change is of
    # one quantity: "(160 − 167) / 167" of two rows is no "-4.2%"); "any_rows" (gate 2.55.0,
    # verbatim's): any two cells the binding takes.
    change_rows: Literal["any_rows", "one_row"] = "one_row"
    # A derivation's operand of the value's own size (derivation_rules.pair_test, gate
    # 2.56.0, d756): "refuse" - no operand has the value's size: "381 − 762 ≈ -381" for the
    # cell 381 said "-381" is the cell with another sign (a near miss), and "762 − 381 ≈ 381"
    # said of another row or period would pass for the cell the context refuses; "allow"
    # (gate 2.55.0, verbatim's): any operand; "refuse_ones" (gate 2.71.0, d890): as "refuse",
    # and no share of a cited figure over a cited 1 (a ratio) or 100 (a percentage) - the
    # figure itself, its sign dropped ("-512,345,678.00 / 1 ≈ 5.12亿元" of "1-3月"'s 1).
    own_figures: Literal["allow", "refuse", "refuse_ones"] = "refuse_ones"
    # An aggregate's signs (context/aggregate_signs.py, gate 2.62.0, d796): "sizes_alike" -
    # an average or total of three or more cells all printed negative also matches the
    # answer's figure stated by its size; "signed" (2.60.0's, the default and verbatim's):
    # as signed (pairs of negative cells are read by size already, d380).
    aggregate_signs: Literal["signed", "sizes_alike"] = "signed"
    # Totals and averages of the rows under a section line the answer names (context/
    # section_aggregates.py, gate 2.62.0, d797): "named_sections" (selectable); "off"
    # (2.60.0's, the default and verbatim's).
    section_aggregates: Literal["off", "named_sections"] = "off"
    # A rate row's percentage change and a percent column's difference (context/
    # rate_changes.py, gate 2.62.0, d798): "rate_rows_columns" - also the difference of a
    # named row's cells in a column of percentages of a base ("Sales 100.0 %"); "rate_rows" -
    # only the percentage change of a row whose cells are all percentages ("Discount rate
    # 4.00% 3.75%": 6.67%); "off" (2.60.0's, verbatim's): neither.
    rate_changes: Literal["off", "rate_rows", "rate_rows_columns"] = "rate_rows_columns"
    # A negative value derived where neither its sentence nor the question names an operation
    # or says an order ("year over year", "down", "compared", "than", "from ... to"; context/
    # unnamed_negatives.py, gate 2.67.0, d846): "named_operation" - no difference,
    # percentage change or points explains it: a difference no named operation orders gives no
    # sign ("Deferred income tax assets ... was -22,626" as "(−532) − 22,094" is the cell
    # 22,626 with its sign flipped); ratios, sums and averages as before; "any" (gate 2.64.0's,
    # verbatim's): the operand binding alone decides.
    unnamed_negatives: Literal["any", "named_operation"] = "named_operation"
    # A change the answer states beside its two values (engine/said_changes.py, gate 2.66.0,
    # d838): "same_sentence" - a value right after a change word ("an increase of 3 percentage
    # points", "up 44%", "decreased by 3%") that the points, the difference or the percentage
    # change of two other values of its sentence gives ("from 20% in FY2021 to 23% in FY2022")
    # is a calculation the answer writes out, in words (derived_numbers decides); "off" (gate
    # 2.64.0's, verbatim's): only "=" and "≈" write one. Needs written_calculations.
    said_changes: Literal["off", "same_sentence"] = "same_sentence"
    # The label of a line of written working (engine/written.py, gate 2.66.0, d839):
    # "coded_words" (the default since 2.69.0, d872: one half gains, nothing worse, d870) - a
    # label may hold a word with digits after its letters ("Operating Cash Flow Ratio for FY2017
    # = $2,912,853,000 / $3,527,457,000" then "Operating Cash Flow Ratio for FY2017 ≈ 0.8257":
    # one calculation); "words" (gate 2.64.0's and verbatim's): letters only.
    written_labels: Literal["words", "coded_words"] = "coded_words"
    # A written result's last digit (engine/written.py, gate 2.66.0, d840): "last_digit"
    # (selectable) - a result of four significant digits or more may be one unit off the
    # rounded figure ("$1,462.8 / $2,707.3 ≈ 0.5404" of 0.54032); "exact" (the default and
    # verbatim's): rounded or cut at its own precision.
    written_slips: Literal["exact", "last_digit"] = "exact"
    # A line of working that rewrites the step before it (engine/written_steps.py, gate
    # 2.70.0, d877): "rewritten" - a figure the later line brings ("Quick Ratio = $9,981 /
    # $6,369" after "($4,835 + $1,020 + $4,126) / $6,369") is a part of the earlier line worked
    # out when the later line keeps an operand of it and has its value at the figure's
    # precision; "results" (gate 2.68.1's, verbatim's): only the value after "=" is a result.
    written_steps: Literal["results", "rewritten"] = "results"
    # How a line of written working begins (engine/written_lines.py, gate 2.80.0): "labels"
    # (the default, d955) - a figure opening a line, glued by a hyphen to its label's word, is
    # no operand ("3-Year Average Net Profit Margin = 8.45% / 3": the label is "Year Average
    # ..."); "labels_bullets" (selectable, d956) - also a dash opening a line before a space is
    # a bullet, no minus ("- (12.6% + 5.7% + 5.2%) / 3 = 7.8%"); "runs" (gate 2.76.1's,
    # verbatim's): every dash and figure is read as part of the run of values.
    written_lines: Literal["runs", "labels", "labels_bullets"] = "labels"
    # The numbers of a list written inside a sentence (engine/list_markers.py, gate 2.70.0,
    # d880): "inline_sequence" - the answer's one-digit "N)" or "(N)" after a space is no value
    # when the answer holds "1)" and "2)" ("the key drivers seem to be 1) ... 2) ... and 3)
    # ..."); "line_start" (gate 2.68.1's, verbatim's): only a marker opening a line is none.
    list_markers: Literal["line_start", "inline_sequence"] = "inline_sequence"
    # A zero said of a named row across two named years (context/zero_results.py, gate 2.74.0,
    # d915): "equal_cells" - "0%", "0" or "0.0 million" is the difference (points, or the
    # percentage change of two amounts) of the row's two cells in those years when they are
    # printed alike ("Amounts owed by members of Peel  0.3  0.3": "0%"); needs short_results;
    # "off" (gate 2.71.1's, verbatim's): a zero has no significant digit and is never derived.
    zero_results: Literal["off", "equal_cells"] = "equal_cells"
    # A cited table's footnote marks and duration headings (context/footnote_operands.py, gate
    # 2.75.0, d920): "marks_durations" (the default: TAT-QA half A gains, nothing else moves,
    # d870) - one digit in parentheses right after a word, a year or another mark ("2019 (1)",
    # "Other(2)(4)", "Other assets (1)") and a duration column's heading on a line of two at
    # least ("Less than 1 Year  1-3 Years") are no operands of a derivation ("1 + 27.0 ≈ 28.0"
    # of the header's mark, "3 / 5 × 100 ≈ 60.0%" of "1-3 Years" and "3-5 Years");
    # "marks_aside": the marks only; "operands" (gate 2.71.1's, verbatim's): every cited value.
    footnote_operands: Literal["operands", "marks_aside", "marks_durations"] = "marks_durations"
    # Cells printed negative read by their size (context/negative_sizes.py, gate 2.79.0, d951):
    # "cost_row_pairs" (the default: both halves gain, nothing lost) - a sum, a difference or
    # an average of two cells printed negative reads them by their sizes as well as signed only
    # where their rows name a cost, a deduction or the negative side ("Interest expense", "Net
    # cash used in ..."); any other row's ("Beginning balance", "Operating income (loss)") by
    # its signs only: "(2,235)  (6,986)" changed by 4,751, not -4,751; "cost_rows"
    # (selectable): also a cell printed negative beside any other operand; "any_row" (gate
    # 2.76.1's, verbatim's): every such cell both ways (d380).
    negative_sizes: Literal["any_row", "cost_rows", "cost_row_pairs"] = "cost_row_pairs"
    # A short result where the answer names other than two years (context/short_named.py, gate
    # 2.84.0, d994): "named_rows" (the default: both halves gain, nothing worse, d870) - as
    # short_results' pair (d307), also one named row's two cells of two years when the answer
    # names no year ("the change in the amount for Ireland was -0.1 million": 0.4 − 0.5) and
    # two named rows' cells of one column ("0.6%" as 1.0 / 165.4 × 100), a magnitude word only
    # at a scale the evidence declares; "off" (gate 2.82.0's, verbatim's): only a named row
    # across two named years.
    short_named: Literal["off", "named_rows"] = "named_rows"
    # An average or a total of two named years (context/year_aggregates.py, gate 2.85.0, d998):
    # "one_each" - a pair of table cells for the average or the total the sentence names over
    # exactly two named years is one row's two cells, one in each year (not two rows, not one
    # year twice, not a year's cell and a "Change" column's), where the sentence states one
    # figure; "named_years" (gate 2.82.0's, verbatim's): any cells of the named years.
    year_aggregates: Literal["named_years", "one_each"] = "one_each"


def written_readings(policy: DerivationReadings, on: bool, rounded: bool) -> dict[str, bool]:
    """engine/written.WrittenResults' readings under `policy` (d412, d758, d838-d840, d877,
    d955, d956)."""
    return {
        "on": on,
        "rounded": rounded,
        "changes": policy.said_changes == "same_sentence",
        "coded": policy.written_labels == "coded_words",
        "slips": policy.written_slips == "last_digit",
        "steps": policy.written_steps == "rewritten",
        "lines": policy.written_lines != "runs",
        "bullets": policy.written_lines == "labels_bullets",
    }
