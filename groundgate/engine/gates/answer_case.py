"""The answer gate's policy (the case it gates is in gates/answer_input.py, re-exported here;
the presets and how a policy reads tables are in gates/answer_presets.py; the readings of values
in context since gate 2.51.0 are fields of its base, gates/answer_readings.py). Apart from
gates/answer.py so that the gate's rules (gates/answer_numbers.py) import them without importing
the gate itself (no import cycle).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from groundgate.engine.gates.answer_input import Answer as Answer
from groundgate.engine.gates.answer_input import AnswerCase as AnswerCase
from groundgate.engine.gates.answer_input import BBox as BBox
from groundgate.engine.gates.answer_input import Evidence as Evidence
from groundgate.engine.gates.answer_input import Position as Position
from groundgate.engine.gates.answer_input import RawChunk as RawChunk
from groundgate.engine.gates.answer_input import Status as Status
from groundgate.engine.gates.answer_readings import ValueContextReadings
from groundgate.engine.quantities import EQUIVALENCE_RULES, NOT_BY_DEFAULT


class AnswerGatePolicy(ValueContextReadings):
    policy_version: str = "answer-gate/2026-11.88"
    check_excerpts: bool = True
    check_coordinates: bool = True
    check_numbers: bool = True
    # "" is a substring of every text; an empty excerpt quotes nothing and grounds nothing.
    reject_empty_excerpt: bool = True
    # Coordinates must be equal; a tolerance in PDF points can be allowed explicitly.
    bbox_tolerance: float = Field(default=0.0, ge=0.0)
    # "0.35 g/L" does not ground "0.35 mg/L"; a value without a unit matches on the quantity.
    unit_must_match: bool = True
    # How values are compared (docs/number-grammar.md). The equivalence rules a value may be
    # grounded by other than verbatim (quantities.EQUIVALENCE_RULES; none = the spec's literal
    # reading, see VERBATIM_POLICY).
    # "year_figure" (a bare year as an amount) is not among them by default (d783).
    equivalences: tuple[str, ...] = tuple(r for r in EQUIVALENCE_RULES if r not in NOT_BY_DEFAULT)
    # Where a declared scale ("(in millions)", "单位：万元") applies: its own chunk, or also the
    # later chunks of the same page (tables are often cut below their header).
    declared_scale_scope: Literal["chunk", "page"] = "page"
    # Values the question itself states are no claims about the evidence: none, only dates
    # (years, dates, times: "in FY2022"), or all of them ("the 3 year average").
    question_values: Literal["none", "dates", "all"] = "all"
    # "a summary in 84 words": a count of the answer's own words is no claim about the evidence.
    meta_counts_exempt: bool = True
    # "Comparing the two years", "over the three-year period" (engine/period_counts.py, gate
    # 2.57.0, d759): "named_years" - a count of years that is how many years the answer and the
    # question name (or span) is about the answer, no claim; "off" (gate 2.55.0): checked.
    period_counts: Literal["off", "named_years"] = "named_years"
    # Constants of a calculation the answer writes out ("× 100", "/ 2", "365 *"): no claims.
    calculation_constants: tuple[int, ...] = (1, 2, 4, 12, 100, 360, 365, 1000)
    # How a constant of the answer's working is read (declarations.in_working, d507):
    # "symbols" (gate 2.26.0) - beside an operator symbol or before a letter "x";
    # "symbols_x_benchmarks" (gate 2.27.0) - also after a letter "x" ("(COGS / Revenue) x 100")
    # and the 1 a ratio or a rate is compared with ("a quick ratio of 1 or higher", "below 1").
    # "symbols_x_benchmarks_words" (gate 2.56.0, d754; widened at 2.57.0, d762) - also named in
    # words ("dividing by 1,000", "multiplying it by 100", "times 365") and "100%" after an
    # operator ("* 100%").
    working_constants: Literal["symbols", "symbols_x_benchmarks", "symbols_x_benchmarks_words"] = (
        "symbols_x_benchmarks_words"
    )
    # Which of those constants the context rule skips (context/grounding.py, 2.54.0, d740):
    # "in_working" - only one of a calculation written out, as above ("/ 2", "× 100");
    # "bare" (2.50.0) - any figure of the list without a unit ("360 employees", "12 stores");
    # "counted" (2.58.0, d776, context/counted_constants.py) - as "in_working", and a one- or
    # two-digit one is judged where it counts a noun ("opened 4 stores"; not "Page 4 of 15").
    context_constants: Literal["bare", "in_working", "counted"] = "counted"
    # "Item 7", "Note 4", "page 59": the number of a part of the document is a label, no claim.
    section_labels_exempt: bool = True
    # A value that a calculation from cited values gives: a finding with the derivation as its
    # hint (the spec: not verbatim), or accepted with an info finding.
    derived_numbers: Literal["finding", "accept"] = "finding"
    derivation_max_operands: int = Field(default=200, ge=0, le=2000)
    # Near-miss hints and derivations are searched for this many ungrounded values per answer;
    # the rest are reported without (each search costs time in proportion to the evidence).
    max_hinted_values: int = Field(default=100, ge=0, le=10_000)
    # "rounded" and derivations need this many significant digits in the answer's value.
    rounding_min_significant: int = Field(default=2, ge=1, le=10)
    # At the evidence's own scale "rounded" needs three significant digits ("10" is not 10.5),
    # unless the answer says it rounds: "about 12%" for 12.3%, "约4.6亿元" for 4.56亿元.
    approximate_rounding: bool = True
    # Values in context (engine/context/grounding.py): a value grounds only where the evidence
    # says it about what the answer says (the row its words name, the period it names, the
    # source its sentence cites): VALUE_OUT_OF_CONTEXT otherwise. "off": the spec's literal
    # reading, a value anywhere in the accepted excerpts grounds it.
    value_context: Literal["off", "rows_periods_citations"] = "rows_periods_citations"
    # Derivations bound to context (engine/context/operands.py): the operands of a derived
    # value are of the row and the periods the answer names (a change from 2018 to 2019 is
    # 2019 - 2018), its sign follows the operation, and a value that unrelated calculations
    # give alike is a coincidence, not derived. "off": the literal reading, one operation on
    # any two cited values, of either sign. "rows_periods_sign" also takes the operation the
    # value's sentence names ("the change" is no sum, gate 2.7.0); "rows_periods_sign_any_op"
    # is gate 2.5.0's binding, any operation (fewer right answers refused, more wrong accepted).
    derivation_context: Literal["off", "rows_periods_sign", "rows_periods_sign_any_op"] = (
        "rows_periods_sign"
    )
    # Aggregates bound to context (engine/context/aggregates.py, gate 2.9.0): a value whose
    # sentence names an average or a total, derived from three or more cells - the row the
    # answer names across the periods it names, or the rows it names down one column. "off":
    # two operands at most (gate 2.7.0). "named_rows_periods_shares" (gate 2.19.0, d441) also
    # derives a share of a sum ("the proportion of A and B over C": (a + b) / c) from the cells
    # of the rows the answer names down the column of the year it names, over one more cell of
    # that column; "named_rows_periods" (gate 2.18.1) does not. Only with a derivation_context
    # other than "off".
    # "named_rows_periods_differences" (gate 2.23.0, d488) also derives the difference of two
    # named rows' averages where the sentence names both ("the difference between the average
    # investment income and average financing costs": (433 + 685) / 2 − ((−2,088) + (−1,074))
    # / 2), each row over the named years (one named year: it and the year before; none: every
    # year of the row), the first row said minus the second; and an average or a total of one
    # occurrence of a row label the table repeats under several headings ("Vested" under "RSUs"
    # and under "PSUs"), each occurrence's cells a series, where exactly one gives the value.
    derivation_aggregates: Literal[
        "off",
        "named_rows_periods",
        "named_rows_periods_shares",
        "named_rows_periods_differences",
    ] = "named_rows_periods_differences"
    # Scale claims (engine/context/scales.py, gate 2.9.1): "73 million" read from a bare 73
    # (undeclared_scale, or a derivation restating the table's figures) only where the cited
    # evidence declares no scale or declares millions; "(in thousands)" beside the table makes it
    # a scale mistake. "off": the value's own chunk alone decides (gate 2.9.0). "unit_cells"
    # (gate 2.14.0, d346): a table's unit cell declares its scale too ("€m", "$ million",
    # "$'000", a "万元" cell); "cited_declarations" reads only the phrases ("(in thousands)").
    # "unit_words" (gate 2.20.0, d459): also the ways reports print them beyond those - a quote
    # before the magnitude ("RMB’Million", "USD ‘000"), a singular scale word in parentheses
    # ("(in million)", "(in thousand NT dollars)"), "in\nthousands" across a line, "('000)".
    scale_claims: Literal["off", "cited_declarations", "unit_cells", "unit_words"] = "unit_words"
    # A change's order (engine/context/operand_rule.py, gate 2.12.0): "time_order" - a change of two
    # cells of one row is the later year's cell minus the earlier's, named years or not ("the
    # change in closing cash" is 2019 - 2018); "named_years": only where the answer names two
    # years (gate 2.10.0). Only with a derivation_context other than "off". "time_relative"
    # (gate 2.46.0, d671): also a change of cells of relative periods' columns is the current
    # minus the prior (本期 - 上期, 期末 - 期初, "Current year" - "Prior year").
    change_order: Literal["named_years", "time_order", "time_relative"] = "time_relative"
    # A difference named by that word alone (engine/context/operand_rule.py, gate 2.14.0, d347):
    # "unsigned" - stated positive ("the difference between 2018 and 2019 is 466"), its two
    # cells may be taken in either order (the distance between them); stated negative, or with
    # a change word or a direction ("from ... to"), the change_order holds. "ordered": the
    # change_order always (gate 2.13.1). "unsigned_named" (gate 2.18.0, d410): as "unsigned",
    # and stated negative it is the first named year's cell minus the second's ("the difference
    # between 2018 and 2019 is -13" is 2018 - 2019); with no two named years only one row's
    # later cell minus its earlier one (a distance is positive); "unsigned" (gate 2.17.0)
    # keeps the change_order then.
    difference_order: Literal["ordered", "unsigned", "unsigned_named"] = "unsigned_named"
    # Which row the answer's words name (value_context's row rule, engine/context/
    # disagreement.py, gate 2.14.0, d348): "longest_said" - a row whose every label word the
    # answer says is not its row when the answer says a longer label holding them ("Total other
    # assets" is not "Other assets"); "any_said" (gate 2.13.1): saying every word of a label
    # names that row.
    row_naming: Literal["any_said", "longest_said"] = "longest_said"
    # Results shorter than rounding_min_significant ("0.7 million", "-3", "0%"; gate 2.12.1,
    # engine/context/operand_rule.py): "named_row_years" - derived only as the change or the average
    # of two cells of the row the answer names, in the two years it names; "off": never
    # derived (gate 2.12.0: too many calculations give a one-digit figure to mean anything).
    short_results: Literal["off", "named_row_years"] = "named_row_years"
    # Negative operands of a derivation bound to context (engine/derivations.py, gate 2.15.0,
    # d380): "any" - a cell printed negative ("(1,421)") may be either operand of a sum, a
    # difference or an average, and a percentage change may fall below -100% ("(-2,935 -
    # 1,758) / 1,758"); "positive_second" (gate 2.14.1): the second operand of a sum, a
    # difference or an average is positive. Only with a derivation_context other than "off".
    negative_operands: Literal["positive_second", "mixed_signs", "any"] = "any"
    # Negative results of a pair the context does not bind (engine/derivations.py, context/
    # operand_rule.py, gate 2.30.0, d546): "named_rows" - a negative result (a share of a
    # figure printed negative, "(−152) / 2,450 × 100 ≈ -6.2%"; a difference or a sum below zero)
    # is derived from a pair that merely may be (allow's 1: one word said, derivation_words)
    # only as a change or an average of one row's two cells (or of two prose values of one
    # sentence), or with a step of the answer's own ("-$686 / $6,887"); the calculation the
    # answer names (every operand in a named row) as before; "any" (gate 2.27.0): any pair.
    # Only with a derivation_context other than "off".
    negative_results: Literal["any", "named_rows"] = "named_rows"
    # Percentages beyond 100 of a pair the context does not bind (context/operand_rule.py, gate
    # 2.30.0, d548): "named" - from a pair that merely may be (allow's 1) a share beyond 100%
    # is derived only where the sentence names its operation ("as a percentage of"), and a
    # percentage change beyond 100% only as one row's change (or of two prose values of one
    # sentence), or with a step of the answer's own ("3,600%" is no 900 million / 25, "4,400%"
    # no change from a prose 1.6 billion to a cell 72); "any" (gate 2.27.0): any pair. Only
    # with a derivation_context other than "off".
    large_percentages: Literal["any", "named"] = "named"
    # Sums and averages of shares (engine/context/aggregates.py, gate 2.31.0, d562): "shares" -
    # a percentage whose sentence names a share and, before its words, a total or an average
    # ("the total proportion of cost of revenue as a percentage of revenue in 2017 and 2018 is
    # 105%", "the total percentage of revenue from Apple and Huawei") is the sum or the average
    # of the named rows' share cells (derivation_aggregates' sets, and two named rows down the
    # named year's column: derivations.explain adds no percentages); "off" (gate 2.30.0): a
    # sentence naming a share names no sum. Only with a derivation_aggregates other than "off".
    # The default since gate 2.69.0 (d872: bound, one half gains, nothing worse - d870).
    percent_aggregates: Literal["off", "shares"] = "shares"
    # Aggregates down a named column (engine/context/column_aggregates.py, gate 2.31.0, d564):
    # "named_columns" - an average or a total the sentence names, of no named row, is derived
    # from the one column whose own header words it says, over every row but a total row ("the
    # average amount of total expected charges per segment" is (160 + 80 + 49) / 3); "off"
    # (gate 2.30.0): aggregates are of named rows only. Only with a derivation_aggregates
    # other than "off". The default since gate 2.69.0 (d872, under d870's rule).
    column_aggregates: Literal["off", "named_columns"] = "named_columns"
    # A ratio over an average (engine/context/average_ratios.py, gate 2.40.0, d620):
    # "named_rows" - where the sentence (else the question) names a ratio and "average X", a
    # named row's cell over the average of row X's two cells of consecutive periods ("(FY2021
    # COGS) / (average inventory between FY2020 and FY2021)"); "off" (gate 2.38.0): no such
    # two-step reading. Only with a derivation_aggregates other than "off".
    average_ratios: Literal["off", "named_rows"] = "named_rows"
    # Which column the answer's words name (value_context's column rule, engine/context/
    # grounding.py, gate 2.15.1, d382): "said_headers" - a cell is out of context when the
    # answer says every naming word of another column's header ("As reported", "Current",
    # "Change (%)") and none of its own; "off" (gate 2.15.0): columns are judged by their
    # periods only. "word_columns" (d681): also a words line "Segment  Americas  Europe  Asia".
    column_naming: Literal["off", "said_headers", "word_columns"] = "word_columns"
    # Which rows a derivation's operands are bound to (engine/context/operands.py, gate 2.16.0,
    # d408): "label_core" - where the answer says no row label in full, a label without its
    # asides names its row: a note in parentheses ("Additions (Note (a))"), the period of a
    # movement ("Granted during the period", "Contributed equity at end of period");
    # "every_word" (gate 2.15.1): every word of the label said.
    derivation_row_words: Literal["every_word", "label_core"] = "label_core"
    # The cells of a change across periods (engine/context/operand_rule.py, gate 2.18.1, d411):
    # "period_columns" - of one row's cells, one in a year's column and one in a column of
    # words alone ("Change (%)", "Amount") are no change ("the change in closing cash" is not
    # 121.6 - 50.7, the 2018 cell minus the change column's); "any_column" (gate 2.18.0): any
    # two cells of the row.
    change_cells: Literal["any_column", "period_columns"] = "period_columns"
    # Where a derivation's direction and order are read (engine/context/operands.py, gate
    # 2.19.0, d442): "outside_row_labels" - the words of a row label the answer names are the
    # row's name, no direction ("the difference in gains on the sale of ..." names no rise,
    # "Reductions related to ..." no fall); "sentence" (gate 2.18.1): every word of the sentence.
    direction_words: Literal["sentence", "outside_row_labels"] = "outside_row_labels"
    # A percentage whose sentence names a total and no other operation (engine/context/
    # operands.py, gate 2.19.0, d443): "share" - the total is the share's whole ("the
    # percentage constitution of warranty reserve among the total accrued liabilities is
    # 14.81%": 529 / 3,571), a ratio or a percentage; "sum" (gate 2.18.1): the total names a
    # sum, which gives no percentage of amounts.
    percentage_totals: Literal["sum", "share"] = "share"
    # The periods that bind a change's two cells (engine/context/operand_rule.py, gate 2.20.0,
    # d460): "named_kinds" - where the answer names two periods of a kind other than years
    # (months or days, "between the quarters ended July 27 and April 27"; quarters, "Q1 and
    # Q3"; halves), both cells of a change are of those, as two named years bind them; "years"
    # (gate 2.19.0): only named years bind both cells (the other kinds the first cell only);
    # "each_named" (gate 2.22.0, d492): as "named_kinds", and the two cells are of two of
    # the named periods, one each ("between the third and fourth quarter" is no Q4 2019 minus
    # Q4 2018); "ordered_kinds" (gate 2.45.0, d646): as "each_named", and a change of two
    # cells of one row of one year (or of none) is the later quarter's, half's or month's cell
    # minus the earlier's, as a change across years is ("fell by 57 from Q2 2023 to Q3 2023"
    # is no Q2 - Q3 where Q3 is the larger).
    change_periods: Literal["years", "named_kinds", "each_named", "ordered_kinds"] = "ordered_kinds"
    # A cell of a row of two sides (engine/context/sign_sides.py, gate 2.49.0, d687):
    # "side_words" - under a label naming both ("Net income (loss)", "Increase (decrease)",
    # "净利润（亏损）"), a cell printed negative is the side in parentheses, one printed positive
    # the other; an answer stating it by its size in words of the other side is a flipped sign
    # ("net income of $262" for (262), "a loss of 245" for 245); "named_rows" (the default
    # since 2.69.0, d688, d872): as "side_words", and the row's own two-sided name with a figure
    # by its size says the positive side ("Net (loss) income ... was $31.5" for (31.5)); "off":
    # the parentheses alone give a cell's sign, the answer's side words are not read against it.
    sign_sides: Literal["off", "side_words", "named_rows"] = "named_rows"
    # Where a percentage grounded by a bare figure of a chunk that declares percent (the rule
    # percent_declared) is said (engine/context/disagreement.py, gate 2.20.0, d461):
    # "percent_columns" - a table's cell of a column that declares no percent, beside a column
    # that does ("2018" beside "Change (%)", "$ CHANGE" beside "% CHANGE"), in a row whose label
    # declares none, grounds no percentage ("470.0%" for the 2018 cell 470.0); a cell whose
    # column is not known is not judged; "chunk" (gate 2.19.0): a "%" anywhere in the chunk.
    percent_cells: Literal["chunk", "percent_columns"] = "percent_columns"
    # Calculations the answer writes out (engine/written.py, gate 2.17.0, d412): "round_or_cut"
    # - a value after "=" or "≈" that the written expression before it gives ("(509 / 11,303)
    # * 100 = 4.5%", "($87,896 million + $87,270 million) / 2 = $87,583 million"), rounded or
    # cut at its own precision, is derived from the operands the answer names (each checked as
    # a value of its own), like a derivation the search finds (derived_numbers decides); "off"
    # (gate 2.15.1): only the derivation search explains a derived value.
    written_calculations: Literal["off", "round_or_cut"] = "round_or_cut"
    # A written calculation that does not give its result (gate 2.36.0, d599): "refuse" - a
    # value the answer writes as the result of a calculation of its own ("365 * $1,381 /
    # $7,890 = 50 days") whose arithmetic gives another figure is not derived by the search
    # from other operands (the answer says what its operands are; the default since 2.69.0,
    # d872); "search" (gate 2.33.0): the search may still find it. Needs written_calculations.
    written_failures: Literal["search", "refuse"] = "refuse"
    # A written result said again at a coarser precision (engine/rounded_results.py, gate 2.57.0,
    # d758): "rounded" - a later value the result rounds to ("... / 3 = 10.28%" ... "rounded to
    # one decimal place, ... is 10.3%") restates it, as the same figure does; "same" (gate
    # 2.55.0): only the same figure. Needs written_calculations.
    restated_results: Literal["same", "rounded"] = "rounded"
    # An operand the result's rounding loses (derivations.explain, gate 2.39.0, d617):
    # "either" - neither operand of a sum, a difference, points or an average whose size is
    # within the answer's rounding takes part ("302,578 thousand − 79,778 ≈ $302 million" is
    # the one figure, cut, not a difference); "first" (gate 2.37.0): only the first is held so.
    lost_operands: Literal["first", "either"] = "either"
    # A slip of the named calculation (engine/slip_neighbours.py, 2.48.0, d682; docs/policies.md):
    # "question_pairs_ambiguous" (2.63.0, d808): the next, and a value of two significant digits
    # or fewer that an unrelated pair gives alike is ambiguous though bound, unless the answer
    # states the pair's operands (engine/bound_ambiguity.py); "question_pairs_aggregates" (2.54.0,
    # d739): "question_pairs", and a value a named aggregate (an average, a total, a ratio to an
    # average) derives itself is no slip; "question_pairs" (2.48.0), "named", "off" (2.41.0).
    slip_neighbours: Literal[
        "off", "named", "question_pairs", "question_pairs_aggregates", "question_pairs_ambiguous"
    ] = "question_pairs_ambiguous"
    # A prose value's subject (value_context, engine/context/grounding.py, gate 2.21.0, d473):
    # "own_clause" - a value of an excerpt sentence is about the subject of its own clause
    # ("Pump I delivers 205 m3/h. Pump B delivers 250 m3/h."; "泵A的额定流量为205立方米/小时，泵B
    # ..."): the answer's value is out of context where the excerpt says it of another subject
    # and says a different value of the same attribute of the one the answer names (every word
    # that sets it apart said, none of the value's own); "bound_values" (gate 2.50.0, d690):
    # also a value's metric, a name in apposition, a place after it and its days
    # (context/prose_bindings.py); "off" (gate 2.19.0): prose values judged by periods only.
    prose_subjects: Literal["off", "own_clause", "bound_values"] = "bound_values"
    # Relative period headers (value_context's period rule, engine/context/periods.py, gate
    # 2.21.0, d474): "current_prior" - a column "本期金额" / "上期金额", "本年" / "上年",
    # "期末" / "期初", "Current year" / "Prior year" is of that period, and an answer whose
    # sentence names another ("上期营业收入为...", "last year") is out of context; "off" (gate
    # 2.19.0): only years, quarters, halves, months and days are periods.
    relative_periods: Literal["off", "current_prior"] = "current_prior"
    # What a derivation's operands must be where the context binds none of them (no named row
    # nor period holds the pair: engine/context/operand_rule.py, gate 2.24.0, d479): "one_said" -
    # an operand's own words (its row label and column header, or a prose value's own sentence
    # before it) share a naming word with the value's sentence or the question (no statement's
    # name, "the income statement", and no qualifier, "total", "net"), or the pair is
    # two cells of one row for a change or an average; "off" (gate 2.21.0): any two cited
    # values (on a filing page of 200 figures one operation on some pair lands near almost any
    # figure). Only with a derivation_context other than "off".
    # "one_said_initials" (gate 2.27.0, d506; the default since 2.69.0, d872 under d870: it
    # gains on one FinanceBench half only): an acronym said ("COGS") that is the initials of an
    # operand's row label ("Cost of goods sold") speaks of it too (engine/context/initials.py).
    derivation_words: Literal["off", "one_said", "one_said_initials"] = "one_said_initials"
    # Two cells of one row that derivation_words lets through for a change or an average
    # (engine/context/operand_rule.py, gate 2.32.0, d567): "best_named" - not where another
    # row of the same excerpt is said better (the words the sentence and the question say of
    # this row's label are a strict part of those they say of the other's: "the change in the
    # final dividend" is no change of the "Interim dividend ..." row beside "Final dividend
    # ..."); "said_named" (gate 2.75.0, the default, d922): also not a row with naming words,
    # none said, where another row's are said; "any_row" (gate 2.30.0): any row's two cells.
    one_row_pairs: Literal["any_row", "best_named", "said_named"] = "said_named"
    # A value the context rule finds out of context (the same figure said of another row or
    # period, value_context) whose sentence names the operation it is the result of ("the sum
    # of Accrued expenses and Other long-term liabilities in 2019 was 35", where 35 is also
    # another row's cell): "named_operation" (gate 2.23.0, d487) - derived as an ungrounded
    # value is, bound to the named rows, periods and operation (derivation_context), and with
    # `derived_numbers: accept` accepted as that derivation; "off" (gate 2.21.0): out of
    # context whatever calculation gives it. Only with a derivation_context other than "off".
    context_derivations: Literal["off", "named_operation"] = "named_operation"
    # Quarters named by ordinals (value_context and the derivations' operands, engine/context/
    # table_headers.py and periods.py, gate 2.22.0, d491): "columns_and_lists" - a table header line
    # of ordinals ("First  Second  Third  Fourth", over "Quarter  Quarter  Quarter  Quarter
    # Total" or a year) names quarter columns, a lone year line below their rows starts the
    # same quarters of that year, and an answer's list of ordinals before one period word
    # ("between the second and first quarter", "第一、二季度", "上、下半年") names each of them;
    # "off" (gate 2.21.0): such columns have no quarter and a list names its last ordinal only.
    quarter_ordinals: Literal["off", "columns_and_lists"] = "columns_and_lists"
    # Ranges of years in a table's header (value_context and the derivations' operands,
    # engine/context/table_headers.py, gate 2.22.0, d493): "header_periods" - a header line that
    # prints ranges of years beside its years ("(In thousands)  Total  2020  2021-2022
    # 2023-2024  Thereafter") heads the columns, each range its years' column (a change "from
    # 2020 to 2021-2022" takes those two cells); "off" (gate 2.21.0): such a line is prose and
    # its table's cells have no columns.
    year_ranges: Literal["off", "header_periods"] = "header_periods"
    # A sum over listed periods (value_context's period rule, engine/context/answer_periods.py, gate
    # 2.22.0, d494): "listed_periods" - a sentence that says a total ("total", "combined",
    # "altogether", "合计") of the periods it lists ("in 2018 and 2019") and states one figure
    # is not grounded by one period's cell ("The total gross profit for 2018 and 2019 is
    # 22,149", the 2019 cell), unless the cell's row or column is a total; "off" (gate
    # 2.21.0): a cell of either listed period grounds it.
    period_sums: Literal["off", "listed_periods"] = "listed_periods"
    # Units in a table's header (value_context and the derivations' operands, engine/context/
    # unit_headers.py, gate 2.25.0, d511): "label_and_unit_lines" - a header line whose first
    # part states a unit only ("(In millions)  As Reported  Without Adoption  Effect") heads
    # one column fewer (its first part is the label column's), and a line of units only under
    # the column names ("$'000  $'000  %") is a header line, no row of values "000"; "off"
    # (gate 2.24.0): the first is no header of the rows under it, the second a row.
    header_units: Literal["off", "label_and_unit_lines"] = "label_and_unit_lines"
    # Tables whose years are their row labels (value_context and the derivations' operands,
    # engine/context/year_rows.py, gate 2.26.0, d516): "transposed" - a line of values whose
    # first is a year ("2021  $138  $6", under "Operating Leases  Finance Leases") is read the
    # other way round: each cell is the row its header part names, in the year's column, so
    # "the change in operating leases between 2021 and 2022" is that row across those years;
    # "off" (gate 2.25.0): the line is one row of cells with no column.
    year_rows: Literal["off", "transposed"] = "transposed"
    # A marker cell after a table row's last value (engine/context/rows.py, gate 2.26.0, d518):
    # "blank" - "nm", "n/m", "n.m.", "n/a", "NMF" ("Interest expense  (5,940)  (598)  (5,342)
    # nm") is a blank cell, as a dash is, so the row's label and columns are read (the default
    # since 2.69.0, d872: one TAT-QA half gains, nothing worse, d870); "off" (gate 2.25.0): the
    # marker's letters end the label, and the line is prose with no row.
    marker_cells: Literal["off", "blank"] = "blank"
    # Period phrases that end on a day (facts.TableReading, gate 2.28.0, d534): "period_phrases"
    # - below rows, "Year ended 30 June 2018" ("Fiscal year ended", "For the period ended",
    # "Six months ended", "52 weeks ended") starts a section of that day as "As at 31
    # December 2018" does, and a header line
    # "52 weeks ended 30 Mar 2019 £m  52 weeks ended 31 Mar 2018 £m" heads the columns (the
    # weeks are no cells); "off" (gate 2.27.0): the first is a row, the second prose.
    ended_headers: Literal["off", "period_phrases"] = "period_phrases"
    # Words over runs of period columns (value_context and the derivations' operands,
    # engine/context/table_headers.py, gate 2.29.0, d538): "repeated_periods" - a header line
    # of words over a line that prints one run of periods several times ("Financial assets
    # Financial liabilities" over "2019  2018  2019  2018") heads each run with its part, so
    # the cell under "Financial liabilities 2018" is not the financial assets' 2018 figure;
    # "off" (gate 2.27.0): such a line heads no column (each cell's column is its period).
    header_groups: Literal["off", "repeated_periods"] = "repeated_periods"
    # Accounting standards' numbers in a table (value_context and the derivations' operands,
    # engine/context/rows.py, gate 2.29.0, d539): "label_words" - the number of a standard
    # ("ASC 606", "Topic 842", "IFRS 9", "IAS 39") is its name's, no cell: "Opening balance -
    # IFRS 9  83,934  100,107  4,466  2,154" is a row of four cells, "ASC 606  Without ASC 606"
    # a header line; in the answer it is no claim of the context rule nor a figure that ends
    # a value's words ("Without ASC 606 Adoption was 22,094" says "Without ASC Adoption");
    # "off" (gate 2.27.0): the number is the row's first cell, the header line a row, and in
    # the answer a figure.
    standard_names: Literal["off", "label_words"] = "label_words"
    # Rows narrower than their header (value_context and the derivations' operands,
    # engine/context/table_headers.py, gate 2.29.0, d540): "period_columns" - a row of n cells
    # under a header line of more columns whose first n are periods and the rest are not
    # ("(In millions)  2018  2017  Dollar  Percent" over "Operating margin  49%  50%") is of
    # those period columns; "off" (gate 2.27.0): a line of n parts above ("Fiscal Year
    # Variance in") heads it, else its cells have no column (verbatim's). The default since
    # gate 2.38.0, with header_unit_parts: the pair gains on both TAT-QA halves (d614).
    short_rows: Literal["off", "period_columns"] = "period_columns"
    # A row labelled "Other" (value_context and the derivations' operands, engine/context/
    # claims.py, gate 2.29.0, d541): "said_alone" - an answer that says "Other" alone ("the
    # change in Other in 2019", not "Other receivables") names the row labelled "Other" ("All
    # other", "其他"), which has no naming word of its own (d308); "off" (gate 2.27.0): such
    # a row is named by no answer, so another row's figure passes for it.
    other_rows: Literal["off", "said_alone"] = "said_alone"
    # What "year end" beside a year says in the answer (engine/context/claims.py, gate 2.31.0,
    # d563): "period" - "2019 year end", "year-end 2019" name the end of that year, a period,
    # and no row ("the change in additions between 2018 year end and 2019 year end" is of the
    # row "Additions", not of "At end of the year"); "naming" (gate 2.30.0): "end" is a word
    # of the value, which names a row whose label says it. Selectable, "naming" by default:
    # TAT-QA gains on half A only, and two sign slips of the same rows pass with it (d563).
    year_end_words: Literal["naming", "period"] = "naming"
    # Scale headers of a PDF text that lost its spaces (declarations.py, gate 2.33.0, d572):
    # "glued" - "(Inthousands,exceptsharedata)", "(Dollarsinmillions,exceptpersharedata)"
    # declare their table's scale as "(In thousands, except share data)" does; "spaced" (gate
    # 2.30.0): only a scale word standing as a word declares.
    scale_headers: Literal["spaced", "glued"] = "glued"
    # Zero cents of a scaled amount (nearness.padded_cents, gate 2.33.0, d573):
    # "scaled_padding" - an amount of money written to two decimals ending in zero at a
    # magnitude (its own "million"/"billion", or the question's "in USD millions") is precise
    # to its last nonzero digit, the cents being the currency's print form: "$303.00" (in USD
    # millions) is 302,578 (in thousands) rounded, "$8.70" (in USD billions) 8,738 (in
    # millions); "precision" (gate 2.30.0): every written decimal is precision.
    cents_zeros: Literal["precision", "scaled_padding"] = "scaled_padding"
    # A day written once for several years (the date equivalence date_shared_day, values/date/
    # evidence.py, gate 2.34.0, d592): "header_lines" - also a day without a year ending a
    # header line ("Years Ended December 31,  Increase (Decrease)") over a line of years among
    # column names ("2019  2018  Amount  Percent") gives that day of each year ("December 31,
    # 2018"); "adjacent" (gate 2.33.0): only years right after the day, nothing but a table's
    # parenthesis between them ("June 30,  (In millions)  2023  2022"). "flattened_lines" (gate
    # 2.46.0, d677): also a header flattened onto one line, "January 28, January 29, 2023 2022".
    shared_days: Literal["adjacent", "header_lines", "flattened_lines"] = "flattened_lines"
    capital_words: Literal["off", "units", "units_months"] = "units"  # capitals.py, d679
    # Unit statements in a table's header lines (facts.TableReading, gate 2.35.0, d595):
    # "aside" - the label column's unit first ("(In millions, except percentages and per
    # share amounts)") is not counted in a header line's 100-character limit, and a year
    # printed with its unit ("2019 $’000  2018 $’000") heads its column, the "000" no cell;
    # "off" (gate 2.33.0, verbatim's): such lines are rows or prose, their tables' cells of
    # no column. The default since gate 2.38.0, with short_rows: alone it gains on TAT-QA
    # half B only (d595), the pair on both halves (d614).
    header_unit_parts: Literal["off", "aside"] = "aside"
    # Duration header lines (context/duration_headers.py, gate 2.37.0, d602): "columns" -
    # "Total  Less than 1 Year  1-3 Years ..." heads the columns, each a duration the answer
    # names as a period; "rows" (gate 2.35.0): a row, its table's cells of no column.
    duration_headers: Literal["rows", "columns"] = "columns"
    # A row label's unit statement (context/label_units.py, gate 2.46.0, d670): "aside" -
    # "营业收入（亿元）", "Revenue ($ billion)" name the row "营业收入", "Revenue" for the row
    # rule; "words" (gate 2.41.0): the unit's words are the label's naming words too.
    label_units: Literal["words", "aside"] = "aside"
    # A change column's cell and the answer's direction word (value_context, context/
    # change_directions.py, gate 2.46.0, d672): "change_columns" - "营业收入环比下降9.9%" of a
    # "环比变动" cell 9.9% (a rise) is out of context; "off" (gate 2.41.0): not read.
    direction_cells: Literal["off", "change_columns"] = "change_columns"
    # Another row the answer names (context/label_heads.py, gate 2.46.0, d676): "heads" - also
    # by a Chinese label's head ("净利润" of "归属于上市公司股东的净利润"); "apart_or_head"
    # (the default since 2.69.0, d872: half A gains only, d870) - or by the words that set it
    # apart from the value's row; "every_word" (gate 2.41.0): by every word of its label.
    row_said: Literal["every_word", "heads", "apart_or_head"] = "apart_or_head"
    # Words of a change in a prose value's facets (context/prose_facets.py, gate 2.58.0,
    # d774): "change_words" - "increased", "was", "同比增长" name no subject, and "12%
    # year-over-year" is a percent ("North America sales increased 13%" of Net sales' 13%);
    # "as_read" (gate 2.55.0, verbatim's): every naming word sets a subject apart;
    # "count_nouns" (2.58.0, d780) - as "change_words", and a bare count is bound to the noun
    # it counts ("hired 12 engineers and 4 designers": "hired 4 engineers" is 12's subject);
    # "segment_heads" (2.60.0, d784) - as "count_nouns", and a later comma part's value is also
    # its segment head's ("其中，茅台酒营业收入...，毛利率为94.12%；系列酒...，毛利率为75.15%");
    # "respective_lists" (2.61.0, d786) - as "segment_heads", and a "respectively"/"分别" list's
    # values pair with its items by position (context/respective_lists.py).
    prose_facets: Literal[
        "as_read", "change_words", "count_nouns", "segment_heads", "respective_lists"
    ] = "respective_lists"

    @field_validator("equivalences")
    @classmethod
    def _known_rules(cls, rules: tuple[str, ...]) -> tuple[str, ...]:
        unknown = [r for r in rules if r not in EQUIVALENCE_RULES]
        if unknown:
            raise ValueError(
                f"unknown equivalence rule(s) {', '.join(unknown)}; "
                f"known: {', '.join(EQUIVALENCE_RULES)}"
            )
        # One order, so that equal sets hash equally.
        return tuple(r for r in EQUIVALENCE_RULES if r in rules)
